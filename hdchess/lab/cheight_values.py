"""Cheight's piece values, fitted from self-play: ``python -m hdchess.lab.cheight_values``.

The original authors wished for "a piece value suggestion, with a modifier for
stacked pieces". Nothing leaves a Cheight board, so a piece's worth depends on
where it lies: on top of its stack (it moves), covered by a piece of its own
side (safe, idle until that piece leaves), or held under an enemy piece (a
prisoner). This script plays quick self-play games on the 8 x 4 board
(:mod:`.quick_play`), samples positions, and fits a logistic model of who won from, for every kind of piece,
how many more of them Red has than Black in each of the three places. The
coefficients, divided by the Soldier's on top, are the suggested values.

    python -m hdchess.lab.cheight_values --games 300 --seconds 150
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time

from ..core import ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER, piece_letter
from ..stacks.state import State
from ..variants import load_ruleset
from .quick_play import choose

KINDS = (GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER)
PLACES = ("on top", "under its own", "under an enemy")
NAMES = {GENERAL: "General", ADVISOR: "Advisor", ELEPHANT: "Elephant", HORSE: "Horse", CHARIOT: "Chariot",
         CANNON: "Cannon", SOLDIER: "Soldier"}


def features(state: State) -> list[float]:
    """Per kind, Red's count minus Black's on top and under its own side; then the side to move
    (+1 Red). Each side always has all its pieces, so the count held under an enemy follows from
    these two: it is the baseline the values are measured from."""
    counts = [0.0] * (len(KINDS) * 2)
    index = {kind: i for i, kind in enumerate(KINDS)}
    for stack in state.stacks:
        if not stack:
            continue
        owner = stack[-1] >> 3
        for height, piece in enumerate(stack):
            color, kind = piece >> 3, piece & 7
            if height == len(stack) - 1 or color == owner:
                place = 0 if height == len(stack) - 1 else 1
                counts[index[kind] * 2 + place] += 1.0 if color == 0 else -1.0
    del counts[index[GENERAL] * 2 + 1]  # a General is on top or under its own (under an enemy: lost)
    return counts + [1.0 if state.side == 0 else -1.0]


def feature_names() -> list[str]:
    names = [f"{NAMES[kind]} {place}" for kind in KINDS for place in PLACES[:2]]
    names.remove("General under its own")
    return names + ["side to move"]


def play(seed: int, every: int = 3, max_plies: int = 300, temperature: float = 1.0) -> list[tuple[list[float], float]]:
    """One game's sampled positions with the result for Red (1 won, 0 lost, 0.5 drawn); none if unfinished."""
    rng = random.Random(seed)
    state = load_ruleset("cheight").new_state()
    assert isinstance(state, State)
    sampled: list[list[float]] = []
    while state.outcome() is None and state.ply < max_plies:
        if state.ply >= 6 and state.ply % every == 0 and state.promo < 0:
            sampled.append(features(state))
        state.push(choose(state, rng, temperature))
    outcome = state.outcome()
    if outcome is None:
        return []
    result = 0.5 if outcome.winner is None else 1.0 if outcome.winner == 0 else 0.0
    return [(f, result) for f in sampled]


def fit(samples: list[tuple[list[float], float]], rounds: int = 12, ridge: float = 1.0) -> list[float]:
    """Logistic regression by Newton's method (a little ridge keeps it from running away on a
    feature that rarely varies): a few rounds, each solving one small linear system."""
    size = len(samples[0][0])
    weights = [0.0] * size
    for _ in range(rounds):
        gradient = [ridge * w for w in weights]
        hessian = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for f, result in samples:
            z = max(-30.0, min(30.0, sum(w * x for w, x in zip(weights, f))))
            p = 1.0 / (1.0 + math.exp(-z))
            error, curve = p - result, p * (1.0 - p)
            used = [(i, x) for i, x in enumerate(f) if x]
            for i, x in used:
                gradient[i] += error * x
                row = hessian[i]
                for j, y in used:
                    row[j] += curve * x * y
        step = _solve(hessian, gradient)
        weights = [w - d for w, d in zip(weights, step)]
    return weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix`` x = ``vector`` by Gaussian elimination with partial pivoting (copies its inputs)."""
    n = len(vector)
    rows = [list(row) + [value] for row, value in zip(matrix, vector)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            if factor:
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    solution = [0.0] * n
    for r in range(n - 1, -1, -1):
        solution[r] = (rows[r][n] - sum(rows[r][c] * solution[c] for c in range(r + 1, n))) / rows[r][r]
    return solution


def _reduce(f: list[float], modifier: float) -> list[float]:
    row = dict(zip(feature_names(), f))
    return [row[f"{NAMES[k]} on top"] + modifier * row.get(f"{NAMES[k]} under its own", 0.0) for k in KINDS] + [
        row["side to move"]]


def one_modifier(samples: list[tuple[list[float], float]], grid: int = 11) -> tuple[float, list[float]]:
    """The simpler model players can use: one value per kind on top, and one modifier for a piece
    under its own side (its worth is the modifier times its value on top), both measured from
    the piece held under an enemy. The modifier is chosen on a grid from -0.5 to 1.5 by the
    fitted log loss; returns it with the weights of the kinds (General first), then the side to move."""
    best: tuple[float, float, list[float]] | None = None
    for step in range(grid):
        modifier = -0.5 + 2.0 * step / (grid - 1)
        reduced = [(_reduce(f, modifier), result) for f, result in samples]
        weights = fit(reduced, rounds=6)
        loss = log_loss(weights, reduced)
        if best is None or loss < best[0]:
            best = (loss, modifier, weights)
    assert best is not None
    return best[1], best[2]


def log_loss(weights: list[float], samples: list[tuple[list[float], float]]) -> float:
    total = 0.0
    for f, result in samples:
        z = max(-30.0, min(30.0, sum(w * x for w, x in zip(weights, f))))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-z))))
        total -= result * math.log(p) + (1 - result) * math.log(1 - p)
    return total / len(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hdchess.lab.cheight_values", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=150.0, help="stop playing after this long")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    samples: list[tuple[list[float], float]] = []
    games = decided = 0
    for game in range(args.games):
        if time.perf_counter() - started > args.seconds:
            break
        rows = play(args.seed * 100_000 + game)
        games += 1
        decided += bool(rows) and rows[0][1] != 0.5
        samples += rows
    rng = random.Random(args.seed)
    rng.shuffle(samples)
    held = samples[: len(samples) // 10]
    train = samples[len(samples) // 10:]
    weights = fit(train)
    print(f"{games} games ({decided} decided), {len(samples)} positions; log loss on the held-out tenth "
          f"{log_loss([0.0] * len(weights), held):.4f} -> {log_loss(weights, held):.4f} "
          f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    named = dict(zip(feature_names(), weights))
    unit = named["Soldier on top"]
    print(f"| piece | {' | '.join(PLACES)} |")
    print("|---|---|---|---|")
    for kind in KINDS:
        top, own = named[f"{NAMES[kind]} on top"] / unit, named.get(f"{NAMES[kind]} under its own", 0.0) / unit
        enemy = "(lost)" if kind == GENERAL else "0"
        shown = (f"{top:.1f}", "0 (the baseline)" if kind == GENERAL else f"{own:.1f}", enemy)
        print(f"| {NAMES[kind]} ({piece_letter(kind)}) | {' | '.join(shown)} |")
    print(f"side to move: {named['side to move'] / unit:+.2f}")
    modifier, simple = one_modifier(train)
    unit = simple[KINDS.index(SOLDIER)]
    print(f"one modifier for a piece under its own side: {modifier:.1f} x its value on top; held-out log loss "
          f"{log_loss(simple, [(_reduce(f, modifier), r) for f, r in held]):.4f}")
    for kind, weight in zip(KINDS, simple):
        print(f"| {NAMES[kind]} ({piece_letter(kind)}) | {weight / unit:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
