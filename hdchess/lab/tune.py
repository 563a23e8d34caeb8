"""Tune the evaluation weights by self-play: ``python -m hdchess.lab.tune``.

Coordinate search: for each weight in turn, a candidate with the weight
raised or lowered by ``--step`` (relative) plays a paired match against the
current weights at a fixed node budget; a candidate that scores at least
``--accept`` becomes the current weights. Every match is reproducible from
``--seed``. Prints each trial and, at the end, the tuned weights: for a
face-down game they go in ``facedown/weights.json``, for Cheight in
``stacks.knowledge.StackWeights``. Any game with evaluation weights can be
tuned this way; the face-down ones are better fitted first with
``python -m hdchess.lab.texel``, then checked here.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, cast

from ..match import run_match
from ..variants import load_ruleset

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    class TunableWeights(DataclassInstance, Protocol):
        """A game's evaluation weights (:class:`hdchess.ai.knowledge.Weights`): a frozen dataclass of floats."""

        def as_dict(self) -> dict[str, float]: ...

        @classmethod
        def names(cls) -> list[str]: ...


def player_spec(weights: TunableWeights, nodes: int) -> str:
    return "search:" + ",".join([f"nodes={nodes}"] + [f"{k}={v:.4g}" for k, v in weights.as_dict().items()])


def tune(weights: TunableWeights, games: int, nodes: int, step: float, accept: float, rounds: int, seed: int,
         jobs: int, variant: str = "hdc2", log: Callable[[str], object] = print) -> TunableWeights:
    trial = 0
    for round_number in range(1, rounds + 1):
        changed = False
        for name in weights.names():
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
    args = parser.parse_args(argv)
    # every family's weights are a frozen dataclass of floats (ai.knowledge.Weights says so)
    start = cast("TunableWeights", load_ruleset(args.variant).knowledge.weights)
    print(f"start: {json.dumps(start.as_dict())}", flush=True)
    weights = tune(start, args.games, args.nodes, args.step, args.accept, args.rounds, args.seed,
                   args.jobs, args.variant, log=lambda line: print(line, flush=True))
    print(f"tuned: {json.dumps(weights.as_dict())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
