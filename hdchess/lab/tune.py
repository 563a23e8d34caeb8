"""Tune the evaluation weights by self-play: ``python -m hdchess.lab.tune``.

Two ways, both by paired matches at a fixed node budget, each reproducible from ``--seed``:

Both move the weights of the evaluation's live terms (``Weights.live_terms``: nonzero, and
not a shape such as the win-probability scale or the predator values' table); SPSA's
``--only`` names others.

- **Coordinate search** (the default): for each weight in turn, a candidate with the
  weight raised or lowered by ``--step`` (relative) plays a match against the
  current weights; a candidate that scores at least ``--accept`` becomes the
  current weights. Few weights, clear verdicts, many games.
- **SPSA** (``--spsa N``, ``--only`` to name the weights): every weight moves at
  once. Each of N iterations perturbs all of them by +-c (a random sign each,
  ``--step`` of the weight's size, shrinking slowly), plays the plus side against
  the minus side (``--games`` paired games), and moves every weight toward the
  side that scored better, in proportion to its margin (``--rate``). Noisy per
  step and sound on average: the method engine tuners use where single matches
  cannot tell small changes apart (where Texel's fit stalls).

Prints each trial and, at the end, the tuned weights: for a
face-down game they go in ``facedown/weights.json``, for Cheight in
``stacks.knowledge.StackWeights``. Any game with evaluation weights can be
tuned this way; the face-down ones are better fitted first with
``python -m hdchess.lab.texel``, then checked here.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, cast

from ..match import run_match
from ..variants import load_ruleset

MIN_SCALE = 0.25  # SPSA: a weight at 0 (or near it) is perturbed as one of this size

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    class TunableWeights(DataclassInstance, Protocol):
        """A game's evaluation weights (:class:`hdchess.knowledge.Weights`): a frozen dataclass of floats."""

        def as_dict(self) -> dict[str, float]: ...

        @classmethod
        def names(cls) -> list[str]: ...

        def live_terms(self) -> list[str]: ...


def player_spec(weights: TunableWeights, nodes: int) -> str:
    return "search:" + ",".join([f"nodes={nodes}"] + [f"{k}={v:.4g}" for k, v in weights.as_dict().items()])


def tune(weights: TunableWeights, games: int, nodes: int, step: float, accept: float, rounds: int, seed: int,
         jobs: int, variant: str = "hdc2", log: Callable[[str], object] = print) -> TunableWeights:
    trial = 0
    for round_number in range(1, rounds + 1):
        changed = False
        for name in weights.live_terms():
            for direction in (+1, -1):
                value = getattr(weights, name) * (1 + direction * step)
                candidate = replace(weights, **{name: round(value, 4)})
                trial += 1
                summary, _ = run_match(player_spec(candidate, nodes), player_spec(weights, nodes), games,
                                       seed=seed + trial, variant=variant, jobs=jobs)
                verdict = "accepted" if summary.score >= accept else "rejected"
                log(f"round {round_number} trial {trial}: {name} {getattr(weights, name):.4g} -> {value:.4g}: "
                    f"{summary.score * summary.games:g}/{summary.games} = {100 * summary.score:.1f}% {verdict}")
                if summary.score >= accept:
                    weights, changed = candidate, True
                    break
        if not changed:
            break
    return weights


def spsa(weights: TunableWeights, names: list[str], iterations: int, games: int, nodes: int, step: float,
         rate: float, seed: int, jobs: int, variant: str = "hdc2",
         log: Callable[[str], object] = print) -> TunableWeights:
    """Simultaneous perturbation stochastic approximation over the weights ``names``
    (Spall's gains: the perturbation shrinks as k^-0.101, the step as (A + k)^-0.602)."""
    rng = random.Random(seed)
    scales = {name: max(abs(getattr(weights, name)), MIN_SCALE) for name in names}
    values = {name: float(getattr(weights, name)) for name in names}
    stability = max(1, iterations // 10)
    for k in range(1, iterations + 1):
        c_k = step / k ** 0.101
        a_k = rate * (1 + stability) ** 0.602 / (k + stability) ** 0.602
        signs = {name: rng.choice((-1, 1)) for name in names}
        plus = replace(weights, **{n: round(values[n] + c_k * scales[n] * signs[n], 4) for n in names})
        minus = replace(weights, **{n: round(values[n] - c_k * scales[n] * signs[n], 4) for n in names})
        summary, _ = run_match(player_spec(plus, nodes), player_spec(minus, nodes), games, seed=seed * 1_000 + k,
                               variant=variant, jobs=jobs)
        margin = 2 * summary.score - 1  # +1: plus won every game, -1: minus did
        for name in names:
            values[name] += a_k * margin * c_k * scales[name] * signs[name]
        log(f"iteration {k}: plus {100 * summary.score:.0f}% of {summary.games}; "
            + " ".join(f"{n}={values[n]:.4g}" for n in names))
    return replace(weights, **{n: round(values[n], 4) for n in names})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hdchess.lab.tune", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per trial (paired)")
    parser.add_argument("--nodes", type=int, default=1500, help="node budget per move")
    parser.add_argument("--step", type=float, default=0.3, help="relative change tried per weight")
    parser.add_argument("--accept", type=float, default=0.55, help="score a candidate needs to be kept")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--variant", default="hdc2")
    parser.add_argument("--spsa", type=int, metavar="N", help="tune by SPSA for N iterations instead")
    parser.add_argument("--only",
                        help="SPSA: the weights to tune, comma-separated (default: the live terms)")
    parser.add_argument("--rate", type=float, default=1.0, help="SPSA: how far a won iteration moves the weights")
    args = parser.parse_args(argv)
    # every family's weights are a frozen dataclass of floats (knowledge.Weights says so)
    start = cast("TunableWeights", load_ruleset(args.variant).knowledge.weights)
    print(f"start: {json.dumps(start.as_dict())}", flush=True)
    if args.spsa:
        names = args.only.split(",") if args.only else start.live_terms()
        unknown = [n for n in names if n not in start.as_dict()]
        if unknown:
            parser.error(f"--only: unknown weight {', '.join(unknown)} (weights: {', '.join(start.as_dict())})")
        tuned = spsa(start, names, args.spsa, args.games, args.nodes, args.step, args.rate, args.seed, args.jobs,
                     args.variant, log=lambda line: print(line, flush=True))
        print(f"tuned: {json.dumps(tuned.as_dict())}")
        return 0
    weights = tune(start, args.games, args.nodes, args.step, args.accept, args.rounds, args.seed,
                   args.jobs, args.variant, log=lambda line: print(line, flush=True))
    print(f"tuned: {json.dumps(weights.as_dict())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
