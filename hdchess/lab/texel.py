"""Fit a face-down variant's evaluation weights to game results: ``python -m hdchess.lab.texel``.

Texel's method: the evaluation of a position, through a logistic curve,
should predict the result of the game it came from. The face-down evaluation
is a weighted sum of features (``hdchess.facedown.knowledge.FEATURES``) with
material's weight fixed at 1, so each position's features are computed once
and the weights (and the curve's scale K) are fitted by gradient descent on
the log loss, with a little L2 shrinkage toward the current weights. Prints
the loss before and after, on the fitted positions and on a held-out tenth,
and with ``--write`` stores the weights in the package's weights.json.

    python -m hdchess.lab.corpus --variant banqi --games 600 --out banqi.jsonl
    python -m hdchess.lab.texel banqi.jsonl --write
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable
from dataclasses import fields
from importlib import resources
from pathlib import Path
from typing import cast

from ..facedown.knowledge import FEATURES, FaceDownWeights, features, load_weights
from ..facedown.position import Position
from ..variants import load_ruleset

Samples = list[tuple[list[float], float]]  # (a position's features, the result for its side to move)

# every feature but material: the weights that are summed (the others shape a feature, as the
# predator values' settings, or belong to a rule option, as the house rules' terms; the fit leaves them)
NAMES = list(FEATURES[1:])
assert set(NAMES) <= {f.name for f in fields(FaceDownWeights)}


def load_samples(path: str) -> tuple[str, Samples]:
    """(variant, [(features, result)]) from a corpus file; positions where the side
    to move takes the enemy General (no evaluation needed) are left out."""
    samples: Samples = []
    variant: str | None = None
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        variant = variant or row["variant"]
        # a corpus of a face-down game (the only family with these features): a Position
        state = cast(Position, load_ruleset(row["variant"]).read_position(row["position"]))
        values = features(state)
        if values is not None:
            samples.append((values, row["result"]))
    if variant is None:
        raise SystemExit(f"{path}: no positions")
    return variant, samples


def _value(weights: list[float], f: list[float]) -> float:
    return f[0] + sum(w * x for w, x in zip(weights, f[1:]))


def loss(weights: list[float], scale: float, samples: Samples) -> float:
    total = 0.0
    for f, result in samples:
        p = 1 / (1 + math.exp(-max(-50.0, min(50.0, _value(weights, f) / scale))))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= result * math.log(p) + (1 - result) * math.log(1 - p)
    return total / len(samples)


def fit(start: list[float], samples: Samples, epochs: int, fit_weights: bool = True, shrink: float = 1e-3,
        rate: float = 0.01, log: Callable[[str], object] = print,
        only: set[int] | None = None) -> tuple[list[float], float]:
    """Adam on the mean log loss; returns (weights, scale). With ``fit_weights`` False
    only the scale moves (the fair 'before' figure for the current weights); ``only``
    names the weights (by index) that move, the others keep their start."""
    weights, log_scale = list(start), math.log(8.0)
    free = set(range(len(weights))) if only is None else only
    params = [*weights, log_scale]
    m, v = [0.0] * len(params), [0.0] * len(params)
    n = len(samples)
    for epoch in range(1, epochs + 1):
        grad = [0.0] * len(params)
        scale = math.exp(params[-1])
        for f, result in samples:
            value = _value(params[:-1], f)
            p = 1 / (1 + math.exp(-max(-50.0, min(50.0, value / scale))))
            err = (p - result) / n  # d loss / d (value / scale)
            if fit_weights:
                for i in free:
                    grad[i] += err * f[i + 1] / scale
            grad[-1] -= err * value / scale  # d(value/scale)/d(log scale) = -value/scale
        if fit_weights:
            for i in free:
                grad[i] += shrink * (params[i] - start[i])
        for i, g in enumerate(grad):
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            params[i] -= rate * (m[i] / (1 - 0.9 ** epoch)) / (math.sqrt(v[i] / (1 - 0.999 ** epoch)) + 1e-8)
        if epoch % 100 == 0:
            log(f"  epoch {epoch}: loss {loss(params[:-1], math.exp(params[-1]), samples):.5f}")
    return params[:-1], math.exp(params[-1])


def write_weights(variant: str, weights: list[float], scale: float) -> Path:
    path = Path(str(resources.files("hdchess.facedown").joinpath("weights.json")))
    table = json.loads(path.read_text(encoding="utf-8"))
    table[variant] = {**{name: round(w, 4) for name, w in zip(NAMES, weights)}, "scale": round(scale, 3)}
    path.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hdchess.lab.texel", description=__doc__.splitlines()[0])
    parser.add_argument("corpus", help="a JSON-lines file from python -m hdchess.lab.corpus")
    parser.add_argument("--epochs", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="fit only these weights (comma-separated feature names); "
                        "the others keep their current values")
    parser.add_argument("--write", action="store_true", help="store the fitted weights in weights.json")
    args = parser.parse_args(argv)
    only = None
    if args.only:
        names = args.only.split(",")
        unknown = [name for name in names if name not in NAMES]
        if unknown:
            parser.error(f"--only: unknown feature {', '.join(unknown)} (features: {', '.join(NAMES)})")
        only = {NAMES.index(name) for name in names}
    variant, samples = load_samples(args.corpus)
    random.Random(args.seed).shuffle(samples)
    held = max(1, len(samples) // 10)
    test, train = samples[:held], samples[held:]
    current = load_weights(variant)
    start = [getattr(current, name) for name in NAMES]
    print(f"{variant}: {len(train)} positions to fit, {len(test)} held out")
    _, scale0 = fit(start, train, 200, fit_weights=False, log=lambda _: None)
    before = (loss(start, scale0, train), loss(start, scale0, test))
    print(f"before: loss {before[0]:.5f} (held out {before[1]:.5f}), scale {scale0:.2f}")
    weights, scale = fit(start, train, args.epochs, only=only)
    after = (loss(weights, scale, train), loss(weights, scale, test))
    print(f"after:  loss {after[0]:.5f} (held out {after[1]:.5f}), scale {scale:.2f}")
    print(json.dumps({name: round(w, 4) for name, w in zip(NAMES, weights)}))
    if args.write:
        print(f"wrote {write_weights(variant, weights, scale)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
