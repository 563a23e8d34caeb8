"""Where banqi's search spends its nodes: each part of it switched in turn, on fixed positions.

    python3 tests/bench/banqi_parts.py                  # 16 positions, depth 5, budgets 2,500 and 8,000
    python3 tests/bench/banqi_parts.py --depth 4 --games 2 --reference 40000

The positions come from seeded self-play at 300 nodes a move (the same every run), taken
while pieces are still face-down (the open game, where banqi's games are decided). For the
search as shipped and for each variation of it (selective flips off, fewer flips kept,
flips on one level below the root or at the root only, flips searched as deep as moves,
no quiescence, no late-move reductions, flips in the pool's order, material alone, the
predator-count values) it prints the nodes to complete
a fixed depth, the depth completed in 2,500 and 8,000 nodes, and how often the move
chosen in 2,500 nodes agrees with the shipped search's move in ``--reference`` nodes (a
deeper search's opinion: the cheap stand-in for games). Node counts do not depend on the
machine's load. Not a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hdchess import Game, load_ruleset  # noqa: E402
from hdchess.ai import SearchLimits  # noqa: E402
from hdchess.ai import search as search_module  # noqa: E402
from hdchess.ai.flips import FlipBudget  # noqa: E402
from hdchess.ai.search import Searcher  # noqa: E402
from hdchess.facedown import knowledge as knowledge_module  # noqa: E402

PLIES = (8, 20, 36, 56)  # where each self-play game gives a position (if still face-down pieces)


def positions(games: int) -> list[str]:
    ruleset = load_ruleset("banqi")
    found = []
    for seed in range(1, games + 1):
        game = Game(ruleset, seed=seed)
        while not game.is_over() and len(game.moves) <= PLIES[-1]:
            state = game.state
            if len(game.moves) in PLIES and state.has_chance():
                found.append(state.position_text())
            result = Searcher(state.copy(), SearchLimits(nodes=300), seed=seed).run()
            game.play(result.action)
    return found


@contextmanager
def patched(obj: object, name: str, value: object) -> Iterator[None]:
    old = getattr(obj, name)
    setattr(obj, name, value)
    try:
        yield
    finally:
        setattr(obj, name, old)


@contextmanager
def nothing() -> Iterator[None]:
    yield


def zero_weights(weights):  # type: ignore[no-untyped-def]
    return dataclasses.replace(weights, pool=0.0, mobility=0.0, attack=0.0, threat=0.0, second_threat=0.0)


# name -> (searcher options, weights change, context)
VARIANTS: dict[str, tuple[dict[str, object], Callable | None, Callable[[], object]]] = {  # type: ignore[type-arg]
    "as shipped": ({}, None, nothing),
    "every flip expanded": ({"selective": False}, None, nothing),
    "one flip below the root": ({"flips": FlipBudget(inner=(1, 1, 1))}, None, nothing),
    "flips on one level below": ({"flips": FlipBudget(levels=1)}, None, nothing),
    "flips at the root only": ({"flips": FlipBudget(levels=0)}, None, nothing),
    "flips as deep as moves": ({}, None, lambda: patched(search_module, "_chance_depth", lambda depth: depth - 1)),
    "no quiescence": ({}, None, lambda: patched(search_module, "_QUIESCE_PLIES", 0)),
    "no late-move reductions": ({"reductions": False}, None, nothing),
    "flips unordered": ({}, None, lambda: patched(knowledge_module, "flip_risk_order", lambda state, flips: flips)),
    "material only": ({}, zero_weights, nothing),
    "predator values": ({}, lambda w: dataclasses.replace(w, predator=1.0), nothing),
}


def run(state_text: str, limits: SearchLimits, options: dict[str, object], change, seed: int = 1):  # type: ignore[no-untyped-def]
    ruleset = load_ruleset("banqi")
    state = ruleset.read_position(state_text)
    weights = ruleset.knowledge.weights
    if change is not None:
        weights = change(weights)
    return Searcher(state, limits, weights, seed, **options).run()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="self-play games giving positions (4 each)")
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--reference", type=int, default=40_000, help="nodes of the reference search")
    parser.add_argument("--only", action="append", choices=list(VARIANTS))
    args = parser.parse_args(argv)
    texts = positions(args.games)
    reference = [run(text, SearchLimits(nodes=args.reference), {}, None).action for text in texts]
    print(f"{len(texts)} banqi positions with pieces face-down; reference: as shipped, {args.reference:,} nodes")
    print(f"{'variation':26}{'nodes to depth ' + str(args.depth):>18}{'depth in 2,500':>16}{'in 8,000':>10}"
          f"{'agrees (2,500)':>16}")
    for name in args.only or VARIANTS:
        options, change, context = VARIANTS[name]
        with context():  # type: ignore[attr-defined]
            fixed = [run(text, SearchLimits(depth=args.depth), options, change).nodes for text in texts]
            small = [run(text, SearchLimits(nodes=2500), options, change) for text in texts]
            large = [run(text, SearchLimits(nodes=8000), options, change).depth for text in texts]
        agree = sum(r.action == best for r, best in zip(small, reference))
        print(f"{name:26}{statistics.geometric_mean(fixed):>18,.0f}{statistics.mean(r.depth for r in small):>16.2f}"
              f"{statistics.mean(large):>10.2f}{agree:>13}/{len(texts)}")
    print("(nodes to depth: geometric mean; depths: the mean of the depths completed)")
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
