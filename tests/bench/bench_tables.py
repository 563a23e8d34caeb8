"""Endgame tables: what there is, what it cost, and what it changes in play.

    python3 tests/bench/bench_tables.py                       # 20 Club v Club games per variant
    python3 tests/bench/bench_tables.py --games 40 --level Expert --variant banqi
    HDCHESS_TABLES=~/.cache/hdchess/tables python3 tests/bench/bench_tables.py   # with bigger tables

For each variant under its default rules it lists the table files the AI
reads (pieces, entries, bytes on disk, build time), then plays seeded
self-play games and counts

- games that reach a position the tables cover (nothing face-down, few
  enough pieces), and at how many pieces the first one came;
- games the tables *decide*: from that first position on, both sides play
  from the tables, and the game ends with the result the tables gave it;
- the moves the tables changed: at every covered position, the move the
  level plays with the tables against the one its plain search (same node
  budget, no tables) would have played.

Not a test: a report (deterministic for the seeds given).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hdchess import Game, load_ruleset  # noqa: E402
from hdchess.ai.decision import choose_action  # noqa: E402
from hdchess.ai.levels import level_by_name, softmax_choice, temperature_in_units  # noqa: E402
from hdchess.ai.search import Searcher, SearchLimits  # noqa: E402
from hdchess.bounds import DEFAULT_MAX_PLIES  # noqa: E402
from hdchess.players import move_seed  # noqa: E402


def plain_choice(state, level, seed: int) -> int:
    """What ``choose_action`` plays with the tables switched off."""
    temperature = temperature_in_units(level, state.ruleset)
    margin = None if temperature <= 0 else 5 * temperature
    searcher = Searcher(state.copy(), SearchLimits(nodes=level.nodes), None, seed, root_margin=margin)
    searcher._tables = searcher._table_probe = None
    result = searcher.run()
    if temperature <= 0 or len(result.root_scores) < 2:
        return result.action
    return softmax_choice(result.root_scores, temperature, random.Random(seed * 1_000_003 + state.ply))


def outcome_value(outcome, color: int) -> int:
    """The result for ``color``: +1/0/-1, or the final score difference in a score game."""
    if outcome.by_score:
        red, black = outcome.scores
        return red - black if color == 0 else black - red
    return 0 if outcome.winner is None else (1 if outcome.winner == color else -1)


def table_value(prober, state):
    if state.ruleset.decided_by_score:
        return prober.difference(state)
    value = prober.probe(state)
    return None if value is None else (value > 0) - (value < 0)


def describe_files(tables, ruleset) -> list[str]:
    lines = []
    for file in tables.files(ruleset):
        header = file.header
        lines.append(f"  {file.path.name}: up to {header['pieces']} pieces, {len(header['materials'])} materials "
                     f"({len(file.tables)} tables), {header['entries']:,} entries, "
                     f"{file.size:,} bytes, built in {header.get('build_seconds', '?')} s")
    return lines or ["  no table files for the default rules"]


def play(variant: str, games: int, level_name: str, seed: int) -> dict:
    ruleset = load_ruleset(variant)
    tables = ruleset.knowledge.tables
    prober = tables.prober(ruleset)
    level = level_by_name(level_name)
    stats = {"games": games, "reached": 0, "decided": 0, "covered moves": 0, "changed": 0,
             "changed result": 0, "pieces": {}, "seconds": 0.0}
    start = time.perf_counter()
    for number in range(games):
        game = Game(ruleset, seed=seed + number)
        seeds = {1: seed * 7919 + number, 2: seed * 7919 + number + 10_000}
        first = None  # (colour to act, table value) at the first covered position
        while not game.is_over() and len(game.moves) < DEFAULT_MAX_PLIES:  # a game at the limit: undecided
            state = game.state
            player = game.turn_player()
            move = move_seed(seeds[player], state.ply)
            covered = prober is not None and table_value(prober, state) is not None
            if covered and first is None:
                first = (state.side, table_value(prober, state))
                stats["reached"] += 1
                pieces = state.occupied.bit_count()
                stats["pieces"][pieces] = stats["pieces"].get(pieces, 0) + 1
            result = choose_action(state.copy(), level, move)
            if covered:
                stats["covered moves"] += 1
                plain = plain_choice(state, level, move)
                if plain != result.action:
                    stats["changed"] += 1
                    values = prober.root(state.copy())
                    if values is not None and values[plain] < values[result.action] - 0.5:
                        stats["changed result"] += 1  # the plain search's move was worse by the tables
            game.play(result.action)
        if first is not None and outcome_value(game.outcome, first[0]) == first[1]:
            stats["decided"] += 1
    stats["seconds"] = time.perf_counter() - start
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", help="hdc2, banqi, gaiqi (default: all three)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--level", default="Club")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for variant in args.variant or ["hdc2", "banqi", "gaiqi"]:
        ruleset = load_ruleset(variant)
        print(f"{variant}:")
        for line in describe_files(ruleset.knowledge.tables, ruleset):
            print(line)
        stats = play(variant, args.games, args.level, args.seed)
        pieces = ", ".join(f"{n} pieces: {count}" for n, count in sorted(stats["pieces"].items()))
        print(f"  {args.level} v {args.level}, {stats['games']} games ({stats['seconds']:.0f} s): "
              f"{stats['reached']} reached the tables ({pieces or 'none'}), {stats['decided']} ended as the "
              f"tables said at that point; {stats['covered moves']} moves from the tables, {stats['changed']} "
              f"different from the plain search, {stats['changed result']} of them where the plain move "
              f"was worse", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
