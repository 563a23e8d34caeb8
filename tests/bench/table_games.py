"""The games of a match that reached the endgame tables, and how they ended.

    python3 -m hdchess match Master OTHER --variant banqi --nodes 4000 --records runs.txt
    python3 tests/bench/table_games.py runs.txt --player Master@4000n

For each game that reached a position the tables cover (nothing face-down, few
enough pieces), the tables' value of the first such position for the player
(win, draw, loss; or nothing: a position seen twice in the quiet run, where
they answer only draws, or a material they lack) against the game's result for
the player. A
player that reads the tables never does worse than their value. Not a test.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from generals import player_result  # noqa: E402  (beside this script)

from hdchess import Game  # noqa: E402
from hdchess.match import split_records  # noqa: E402
from hdchess.record import parse_record  # noqa: E402


def first_covered(game: Game, prober):
    """The first position of ``game`` within the tables' reach (nothing face-down, few
    enough pieces) with the game still to play; None if none (a game whose last
    capture took the loser's last piece ends as it reaches them): once there, a game
    stays there (no piece turns face-down again, none comes back)."""
    state, first = game.state.copy(), None
    while prober.plies_away(state) == 0:
        if state.outcome() is None:
            first = state.copy()
        if not state.move_stack:
            break
        state.pop()
    return first


def tally(records: str, player: str) -> tuple[Counter, int]:
    """(the tables' value for the player where the game reached them, its result) -> games,
    and how many games the player played."""
    counts: Counter = Counter()
    games = 0
    for record in split_records(records):
        played = player_result(parse_record(record)[0], player)
        if played is None:
            continue
        games += 1
        colour, result = played
        game = Game.from_record(record)
        prober = game.state.ruleset.knowledge.tables.prober(game.state.ruleset)
        first = first_covered(game, prober) if prober is not None else None
        if first is None:
            continue
        value = prober.probe(first)
        if value is None:  # say why: a missing material once passed for a repetition here
            entry = "nothing (a position seen twice)" if prober.covering(first) else "no entry for its material"
        else:
            entry = "draw" if not value else ("win" if (value > 0) == (first.side == colour) else "loss")
        counts[(entry, result)] += 1
    return counts, games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", help="a match's records (hdchess match --records)")
    parser.add_argument("--player", required=True, help="the player whose games to count (as named in the records)")
    args = parser.parse_args(argv)
    counts, games = tally(Path(args.records).read_text(encoding="utf-8"), args.player)
    print(f"{sum(counts.values())} of {games} games of {args.player} reached the tables")
    for entry, result in sorted(counts):
        print(f"  tables: {entry}; result: {result}: {counts[(entry, result)]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
