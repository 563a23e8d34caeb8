"""Won endings drawn: does the search convert them?

    python3 tests/bench/ladder.py --variant banqi --from Club --to Expert --records runs
    python3 tests/bench/conversions.py runs/banqi-Expert-Club.txt --player Expert --weight mobility=0.2

From a match's records, the games drawn by the no-progress rule while one
player was ahead in material by ``--lead`` points or more, with nothing
face-down: each is replayed to the position of its last capture or flip (where
the no-progress count began), then played out with the search at ``--nodes`` a
move on both sides, with the game's weights and, if given, with ``--weight``
changes (an ending feature against the weights that play). Prints how many the
side ahead wins each way. With ``--levels AHEAD OTHER`` the two levels play them
out instead (their temperatures, contempt and seeds), once as they play and once
with their temperature kept however far ahead they are (``decision.converting``
off): does the conversion rule win them? Not a test.

    python3 tests/bench/conversions.py runs/banqi-Expert-Club.txt --player Expert --levels Expert Club
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hdchess import Game  # noqa: E402
from hdchess.ai import SearchLimits, analyse, choose_action, decision, level_by_name  # noqa: E402
from hdchess.bounds import DEFAULT_MAX_PLIES  # noqa: E402
from hdchess.core import BLACK, RED  # noqa: E402
from hdchess.match import split_records  # noqa: E402
from hdchess.record import parse_record  # noqa: E402


def drawn_endings(records: str, player: str, lead: int) -> list[tuple[Game, int]]:
    """(the game at its last capture or flip, the side ahead) of each no-progress draw
    where ``player`` was ahead by ``lead`` or more."""
    found = []
    for record in split_records(records):
        tags, _ = parse_record(record)
        material = re.match(r"red (\d+), black (\d+)", tags.get("Material", ""))
        if tags.get("Termination") != "no progress" or material is None or player not in (tags["Red"], tags["Black"]):
            continue
        ahead = RED if tags["Red"] == player else BLACK
        red, black = int(material[1]), int(material[2])
        if (red - black if ahead == RED else black - red) < lead:
            continue
        game = Game.from_record(record)
        for _ in range(game.ruleset["no_progress_plies"]):  # back to where the no-progress count began
            game.undo()
        if not game.state.has_chance():  # nothing face-down: the ending is played out without a referee
            found.append((game, ahead))
    return found


def converted(game: Game, ahead: int, nodes: int, weights) -> bool:
    """Play the ending out, the search on both sides; did the side ahead win?"""
    state = game.state.copy()
    for _ in range(DEFAULT_MAX_PLIES):  # an ending not won within the move limit is not converted
        if state.outcome(None) is not None:
            return state.outcome(None).winner == ahead
        state.push(analyse(state, SearchLimits(nodes=nodes), weights=weights).action)
    return False


def converted_by_levels(game: Game, ahead: int, names: tuple[str, str], seed: int) -> bool:
    """Play the ending out, each side its level (the side ahead the first); did it win?"""
    state = game.state.copy()
    by_side = {ahead: level_by_name(names[0]), ahead ^ 1: level_by_name(names[1])}
    for _ in range(DEFAULT_MAX_PLIES):  # an ending not won within the move limit is not converted
        if state.outcome(None) is not None:
            return state.outcome(None).winner == ahead
        state.push(choose_action(state, by_side[state.side], seed=seed).action)
    return False


def compare_levels(endings: list[tuple[Game, int]], names: tuple[str, str], seeds: int) -> None:
    """How many the levels' side ahead wins, as they play and with the conversion rule off."""
    as_they_play = decision.converting  # the rule as the Decision reads it
    for label, rule in (("as the levels play", as_they_play), ("temperature throughout", lambda state: False)):
        decision.converting = rule
        try:
            wins = sum(converted_by_levels(game, ahead, names, seed)
                       for seed in range(seeds) for game, ahead in endings)
        finally:
            decision.converting = as_they_play
        print(f"  {label}: {names[0]} wins {wins} of {seeds * len(endings)} against {names[1]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", help="a match's records (hdchess match --records)")
    parser.add_argument("--player", required=True, help="the player whose drawn, won endings to replay")
    parser.add_argument("--lead", type=int, default=10, help="points ahead at the draw (default 10)")
    parser.add_argument("--nodes", type=int, default=4000)
    parser.add_argument("--weight", action="append", default=[], metavar="NAME=VALUE",
                        help="the changed evaluation weights to compare with")
    parser.add_argument("--levels", nargs=2, metavar=("AHEAD", "OTHER"),
                        help="play the endings out with these levels instead of the bare search")
    parser.add_argument("--seeds", type=int, default=1, help="with --levels: seeds to play each ending with")
    args = parser.parse_args(argv)
    endings = drawn_endings(Path(args.records).read_text(encoding="utf-8"), args.player, args.lead)
    if not endings:
        print("no such drawn endings")
        return 0
    if args.levels:
        print(f"{args.player} drew {len(endings)} by the no-progress rule though {args.lead}+ points ahead")
        compare_levels(endings, tuple(args.levels), args.seeds)
        return 0
    shipped = endings[0][0].ruleset.knowledge.weights
    changes = {}
    for item in args.weight:
        name, _, value = item.partition("=")
        try:
            changes[name] = float(value)
        except ValueError:
            parser.error(f"--weight {item!r} is not NAME=NUMBER")
        if name not in shipped.names():
            parser.error(f"--weight: no weight {name!r} (weights: {', '.join(shipped.names())})")
    print(f"{args.player} drew {len(endings)} by the no-progress rule though {args.lead}+ points ahead")
    runs = [("the game's weights", shipped)]
    if changes:
        runs.append((f"with {changes}", dataclasses.replace(shipped, **changes)))
    for label, weights in runs:
        wins = sum(converted(game, ahead, args.nodes, weights) for game, ahead in endings)
        print(f"  {label}: the side ahead wins {wins} of {len(endings)} ({args.nodes} nodes a move)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
