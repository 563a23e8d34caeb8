"""Gaiqi: who won, by whose General came face-up first.

    python3 -m hdchess match "search:nodes=30000" "search:nodes=500" --variant gaiqi --records runs.txt
    python3 tests/bench/generals.py runs.txt --player search:nodes=30000

While both Generals are face-down, a blind capture takes either with the same
chance; once one is face-up, its owner's blind captures can only win and the
other side's can only lose. This sorts a match's games by the first General to
turn up (turned up by a flip, whoever flipped it; or taken at once by a blind
capture) and counts the player's wins, draws and losses in each: how much of
the result the order of the reveals decided, and how much play did. Then the
games that ended with a blind capture turning up a General, by whose capture:
a lottery ticket the player drew, or one the opponent drew. Not a test.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hdchess.core import BLACK, RED  # noqa: E402
from hdchess.match import split_records  # noqa: E402
from hdchess.record import parse_record  # noqa: E402

RESULTS = {"1-0": RED, "0-1": BLACK}  # the winning colour; anything else is a draw


def first_general(moves: list[str]) -> tuple[str, int | None]:
    """How the first General came face-up ('flip' or 'capture') and its colour;
    ('none', None) when no General ever did."""
    for text in moves:
        for piece, colour in (("(K)", RED), ("(k)", BLACK)):
            if text.endswith(piece):
                return ("capture" if "x" in text else "flip"), colour
    return "none", None


def mover(moves: list[str], index: int) -> int:
    """The colour that made move ``index``: the first flip gives its maker the
    revealed piece's colour, and the sides alternate from there."""
    first = RED if moves[0][-2:-1].isupper() else BLACK
    return first if index % 2 == 0 else 1 - first


def blind_ending(moves: list[str]) -> int | None:
    """The colour whose blind capture turned up a General and ended the game, or None."""
    if not moves or not (moves[-1].endswith(("(K)", "(k)")) and "x" in moves[-1]):
        return None
    return mover(moves, len(moves) - 1)


def player_result(tags: dict[str, str], player: str) -> tuple[int, str] | None:
    """The player's colour in a record and its result ('win', 'draw', 'loss'); None when
    the player did not play that game (names as in the record's Red and Black tags)."""
    if player not in (tags.get("Red"), tags.get("Black")):
        return None
    colour = RED if tags["Red"] == player else BLACK
    winner = RESULTS.get(tags.get("Result", ""))
    return colour, "draw" if winner is None else ("win" if winner == colour else "loss")


def tally(records: str, player: str) -> Counter:
    """(how the first General came up, from the player's view) -> Counter of 'win'/'draw'/'loss'."""
    counts: Counter = Counter()
    for record in split_records(records):
        tags, moves = parse_record(record)
        played = player_result(tags, player)
        if played is None:
            continue
        colour, result = played
        how, general = first_general(moves)
        if how == "flip":
            whose = "the player's" if general == colour else "the opponent's"
            case = f"{whose} General flipped up first"
        elif how == "capture":
            case = "a General taken face-down, both face-down until then"
        else:
            case = "no General came up"
        counts[(case, result)] += 1
        capturer = blind_ending(moves)
        if capturer is not None:
            whose = "the player's" if capturer == colour else "the opponent's"
            counts[(f"ended by {whose} blind capture turning up a General", result)] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", help="a gaiqi match's records (hdchess match --records)")
    parser.add_argument("--player", required=True, help="the player whose results to sort (as named in the records)")
    args = parser.parse_args(argv)
    counts = tally(Path(args.records).read_text(encoding="utf-8"), args.player)
    if not counts:
        print(f"no games of {args.player!r} in {args.records}")
        return 1
    for case in sorted({case for case, _ in counts}, key=lambda case: (case.startswith("ended"), case)):
        wins, draws, losses = (counts[(case, r)] for r in ("win", "draw", "loss"))
        games = wins + draws + losses
        print(f"{case}: {games} games, {args.player} {wins}-{draws}-{losses} ({(wins + draws / 2) / games:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
