"""The ``hdchess`` command line: moves, perft, show, play (and more as they land).

Errors are printed to stderr as one line with a non-zero exit status, never
as a traceback.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from .core import COLOR_NAMES, piece_name
from .display import render_board, use_colour
from .errors import HdchessError
from .game import Game
from .notation import move_text, parse_position
from .perft import divide, perft
from .rules import Ruleset, load_ruleset, variant_names, variant_spec


def _ruleset(args: argparse.Namespace) -> Ruleset:
    options = {}
    for item in args.set or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise HdchessError(f"--set takes KEY=VALUE, not {item!r}")
        options[key.strip()] = value.strip()
    return load_ruleset(args.variant, **options)


def _sorted_moves(state) -> str:
    texts = [move_text(a, state) for a in state.legal_actions()]
    return " ".join(sorted(texts))


def cmd_moves(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    if args.position:
        print(_sorted_moves(parse_position(" ".join(args.position), ruleset)))
        return 0
    status = 0
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            print(_sorted_moves(parse_position(line, ruleset)))
        except HdchessError as exc:
            print(f"error: line {number}: {exc}", file=sys.stderr)
            print()
            status = 1
        sys.stdout.flush()
    return status


def cmd_perft(args: argparse.Namespace) -> int:
    state = parse_position(args.position, _ruleset(args))
    if args.depth < 0:
        raise HdchessError(f"depth must be 0 or more, not {args.depth}")
    start = time.perf_counter()
    if args.divide and args.depth >= 1:
        total = 0
        for action, revealed, count in divide(state, args.depth):
            print(f"{move_text(action, state, revealed)}: {count}")
            total += count
        print()
    else:
        total = perft(state, args.depth)
    print(total)
    if args.time:
        elapsed = time.perf_counter() - start
        print(f"{elapsed:.3f} s, {total / max(elapsed, 1e-9):,.0f} nodes/s", file=sys.stderr)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    state = parse_position(args.position, _ruleset(args))
    colour = use_colour() if args.colour == "auto" else args.colour == "always"
    print(render_board(state, letters=args.letters, colour=colour))
    side = "no flip yet" if state.side == 2 else f"{COLOR_NAMES[state.side]} to move"
    pool = ", ".join(f"{piece_name(p)} x{n}" for p, n in enumerate(state.pool) if n) or "none"
    print(f"{side}; face-down: {pool}")
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    for name in variant_names():
        spec = variant_spec(name)
        print(f"{name}: {spec.title}\n  {spec.summary}")
        for option in spec.options:
            print(f"  --set {option.describe()}")
    return 0


_PLAY_HELP = """Type a square to flip it (c2), or a move (c2-c3, c2xc3).
Commands: moves (list legal actions), undo, record, help, quit."""


def cmd_play(args: argparse.Namespace) -> int:
    game = Game(_ruleset(args), seed=args.seed)
    game.tags.update({"Player1": "Player 1", "Player2": "Player 2"})
    colour = use_colour() if args.colour == "auto" else args.colour == "always"
    print(f"{game.ruleset.spec.title}. {_PLAY_HELP}")
    last = None
    while not game.is_over():
        marks = frozenset() if last is None else frozenset({last.action >> 5, last.action & 31})
        print()
        print(render_board(game.state, letters=args.letters, colour=colour, marks=marks))
        red, black = game.scores()
        print(f"score red {red}, black {black}; quiet {game.state.quiet}"
              f"/{game.ruleset.get('no_progress_plies', 0)}")
        player = 1 if game.state.ply % 2 == 0 else 2
        try:
            line = input(f"player {player} ({game.describe_turn()})> ").strip()
        except EOFError:
            print()
            return 0
        if not line:
            continue
        if line in ("quit", "exit", "q"):
            return 0
        if line in ("help", "?"):
            print(_PLAY_HELP)
            continue
        if line == "moves":
            print(_sorted_moves(game.state))
            continue
        if line == "record":
            print(game.record_text())
            continue
        try:
            if line == "undo":
                game.undo()
                last = game.moves[-1] if game.moves else None
                continue
            last = game.play(line)
        except HdchessError as exc:
            print(f"  {exc}")
            continue
        note = " (repetition penalty)" if last.penalised else ""
        shown = f" revealed {piece_name(last.revealed)}" if last.revealed is not None else ""
        print(f"  {last.text}{shown}{note}")
    print()
    print(render_board(game.state, letters=args.letters, colour=colour))
    outcome = game.outcome
    print(f"Game over: {outcome.describe()}")
    for color in (0, 1):
        player = 1 if game.player_color(1) == color else 2
        print(f"  player {player} ({COLOR_NAMES[color]}): {outcome.scores[color]}"
              f" (penalties -{outcome.penalties[color]})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hdchess", description="Hidden Dragon Chess II and its cousins.")
    sub = parser.add_subparsers(dest="command", required=True)

    def with_rules(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--variant", default="hdc2", help="game: " + ", ".join(variant_names()))
        p.add_argument("--set", action="append", metavar="KEY=VALUE",
                       help="a rule option, e.g. --set scoring=alt (see 'hdchess variants')")
        return p

    def with_display(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--letters", action="store_true", help="letters instead of Chinese characters")
        p.add_argument("--colour", "--color", choices=("auto", "always", "never"), default="auto")
        return p

    p = with_rules(sub.add_parser("moves", help="print the legal moves of a position, sorted"))
    p.add_argument("position", nargs="*", help="a position line; none: read one per line from stdin")
    p.set_defaults(func=cmd_moves)

    p = with_rules(sub.add_parser("perft", help="count the leaves of the action tree"))
    p.add_argument("position")
    p.add_argument("depth", type=int)
    p.add_argument("--divide", action="store_true", help="counts per root action")
    p.add_argument("--time", action="store_true", help="print time and nodes/s to stderr")
    p.set_defaults(func=cmd_perft)

    p = with_display(with_rules(sub.add_parser("show", help="draw a position")))
    p.add_argument("position")
    p.set_defaults(func=cmd_show)

    p = with_display(with_rules(sub.add_parser("play", help="play a game in the terminal")))
    p.add_argument("--seed", type=int, help="seed of the face-down layout")
    p.set_defaults(func=cmd_play)

    sub.add_parser("variants", help="list the games and their options").set_defaults(func=cmd_variants)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except HdchessError as exc:
        print(f"hdchess: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
