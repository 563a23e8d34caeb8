"""Build the face-down games' opening book: ``python -m hdchess.lab.build_book``.

The book holds the first actions of a game, searched far deeper than a move in
play can afford: the opening flip, and the reply to every possible first flip
(each square, each piece it may reveal), mirror images counted once. Each
position gets a timed search; the action and its score go to the package's
``facedown/book.json`` (with ``--write``), where the levels that always play
their best move find them.

    python -m hdchess.lab.build_book --variant banqi --seconds 5 --write
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from importlib import resources
from pathlib import Path
from typing import cast

from ..ai import SearchLimits, analyse
from ..facedown.book import canonical
from ..facedown.state import State
from ..variants import load_ruleset, variant_names


def book_positions(variant: str) -> list[str]:
    """The opening, and every position after one flip, one line per mirror class."""
    start = cast(State, load_ruleset(variant).new_state())  # the book's games are face-down ones: States
    lines = {canonical(start)[0]}
    for action in start.legal_actions():
        for piece, _ in start.chance_outcomes(action):
            start.push(action, piece)
            lines.add(canonical(start)[0])
            start.pop()
    return sorted(lines, key=lambda line: (line.count("x"), line), reverse=True)


def search_one(task: tuple[str, str, float]) -> tuple[str, str, float, int]:
    variant, line, seconds = task
    state = load_ruleset(variant).read_position(line)
    result = analyse(state, SearchLimits(movetime_ms=seconds * 1000))
    return line, state.action_text(result.action), round(result.score, 2), result.depth


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hdchess.lab.build_book", description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="hdc2", choices=[v for v in variant_names() if v != "cheight"])
    parser.add_argument("--seconds", type=float, default=5.0, help="search time per position")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--write", action="store_true", help="store the book in the package's book.json")
    args = parser.parse_args(argv)
    positions = book_positions(args.variant)
    print(f"{args.variant}: {len(positions)} positions, {args.seconds:g} s each", file=sys.stderr)
    entries: dict[str, list[str | float]] = {}
    start = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        tasks = [(args.variant, line, args.seconds) for line in positions]
        for done, (line, action, score, depth) in enumerate(pool.imap_unordered(search_one, tasks), 1):
            entries[line] = [action, score]
            print(f"{done}/{len(positions)} {line} -> {action} ({score:+.2f}, depth {depth}), "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    if args.write:
        path = Path(str(resources.files("hdchess.facedown").joinpath("book.json")))
        table = json.loads(path.read_text(encoding="utf-8"))
        table[args.variant] = dict(sorted(entries.items()))
        path.write_text(json.dumps(table, indent=0, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
