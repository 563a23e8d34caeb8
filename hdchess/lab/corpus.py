"""A self-play corpus for fitting the evaluation: ``python -m hdchess.lab.corpus``.

Plays games between two copies of an AI level (weak levels with a softmax
temperature, so the games differ) and writes sampled positions with what
became of them, one JSON object per line::

    {"variant": "banqi", "position": "<position line, extended>", "result": 1.0, "margin": 12}

``result`` is from the view of the side to move in that position (1 won,
0.5 drawn, 0 lost) and ``margin`` is the final score difference from the same
view (the material left, in win/loss games). Only positions where the side to
move has no capture of a face-up piece are kept (the evaluation's job is the
quiet position; quiescence resolves the rest; a gaiqi blind capture is a
gamble, not a capture to resolve), and only after colours are decided.

    python -m hdchess.lab.corpus --variant banqi --games 400 --out banqi.jsonl
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from typing import Any

from ..bounds import DEFAULT_MAX_PLIES, MAX_GAMES, MAX_JOBS, MAX_PLIES, check
from ..errors import HdchessError
from ..game import Game, PlayedMove
from ..players import Choice, LevelPlayer, play_turns
from ..variants import load_ruleset, variant_names
from ..vocabulary import NO_SIDE


def play_one(task: tuple[str, str, int, int] | tuple[str, str, int, int, int]) -> list[dict[str, Any]]:
    """One self-play game; the sampled quiet positions with their outcome (none from a
    game that reaches the move limit, ``DEFAULT_MAX_PLIES`` unless the task says: it has no outcome)."""
    variant, level, seed, per_game = task[:4]
    max_plies = task[4] if len(task) > 4 else DEFAULT_MAX_PLIES
    ruleset = load_ruleset(variant)
    game = Game(ruleset, seed=seed)
    players = {1: LevelPlayer(level), 2: LevelPlayer(level)}
    seen: list[tuple[str, int]] = []

    def remember(entry: PlayedMove, choice: Choice, number: int) -> None:
        state = game.state
        if state.side == NO_SIDE or game.is_over():
            return
        if any(state.is_capture(a) and not state.is_chance(a) for a in state.legal_actions()):
            return  # a capture of a face-up piece to make: not a quiet position (a blind capture is)
        seen.append((state.position_text(extended=True), state.side))

    play_turns(game, players, {1: seed, 2: seed ^ 0x5A5A}, on_move=remember, max_actions=max_plies)
    outcome = game.outcome
    if outcome is None:
        return []
    rng = random.Random(seed)
    picked = rng.sample(seen, min(per_game, len(seen)))
    rows = []
    for position, side in picked:
        won = None if outcome.winner is None else outcome.winner == side
        margin = outcome.scores[side] - outcome.scores[side ^ 1]
        rows.append({"variant": variant, "position": position,
                     "result": 0.5 if won is None else float(won), "margin": margin})
    return rows


def _count(name: str, maximum: int) -> Any:
    """An argparse type: a whole number from 1 to ``maximum`` (:mod:`hdchess.bounds`), one line of error else."""
    def parse(text: str) -> int:
        try:
            return check(name, text, maximum, 0 if name == "--seed" else 1)
        except HdchessError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hdchess.lab.corpus", description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="hdc2", choices=variant_names())
    parser.add_argument("--games", type=_count("--games", MAX_GAMES), default=200)
    parser.add_argument("--level", default="Casual", help="the AI level both sides play (default Casual)")
    parser.add_argument("--per-game", type=_count("--per-game", 10_000), default=30,
                        help="positions sampled from each game")
    parser.add_argument("--seed", type=_count("--seed", 10**9), default=1)
    parser.add_argument("--jobs", type=_count("--jobs", MAX_JOBS), default=min(os.cpu_count() or 1, MAX_JOBS))
    parser.add_argument("--max-plies", type=_count("--max-plies", MAX_PLIES), default=DEFAULT_MAX_PLIES,
                        help=f"a game this long is dropped, unfinished (default {DEFAULT_MAX_PLIES:,})")
    parser.add_argument("--out", required=True, help="the JSON-lines file to write")
    args = parser.parse_args(argv)
    tasks = [(args.variant, args.level, args.seed * 100_003 + i, args.per_game, args.max_plies)
             for i in range(args.games)]
    start, written = time.perf_counter(), 0
    with open(args.out, "w", encoding="utf-8") as out, multiprocessing.Pool(min(args.jobs, len(tasks))) as pool:
        for done, rows in enumerate(pool.imap_unordered(play_one, tasks), 1):
            for row in rows:
                out.write(json.dumps(row) + "\n")
            written += len(rows)
            if done % 20 == 0 or done == len(tasks):
                print(f"{done}/{len(tasks)} games, {written} positions, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
