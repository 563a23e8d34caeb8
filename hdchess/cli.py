"""The ``hdchess`` command line: moves, perft, show, play (and more as they land).

Errors are printed to stderr as one line with a non-zero exit status, never
as a traceback.
"""

from __future__ import annotations

import argparse
import os
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


def _rule_options(args: argparse.Namespace) -> dict[str, str]:
    options = {}
    for item in args.set or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise HdchessError(f"--set takes KEY=VALUE, not {item!r}")
        options[key.strip()] = value.strip()
    return options


def _ruleset(args: argparse.Namespace) -> Ruleset:
    return load_ruleset(args.variant, **_rule_options(args))


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
Commands: moves (list legal actions), hint, undo, record, help, quit."""


def cmd_play(args: argparse.Namespace) -> int:
    game = Game(_ruleset(args), seed=args.seed)
    ai, ai_player = None, 0
    if args.two_players and args.level:
        raise HdchessError("--level chooses the AI opponent; --two-players has none")
    if args.two_players:
        game.tags.update({"Player1": "Player 1", "Player2": "Player 2"})
    else:
        from .players import LevelPlayer

        ai = LevelPlayer(args.level or "Club")
        ai_player = 1 if args.second else 2
        ai_name = f"hdchess {ai.name}"
        game.tags.update({f"Player{ai_player}": ai_name, f"Player{3 - ai_player}": "You"})
    colour = use_colour() if args.colour == "auto" else args.colour == "always"
    print(f"{game.ruleset.spec.title}. {_PLAY_HELP}")
    if ai:
        print(f"You play {'second' if args.second else 'first'} against {ai_name}.")
    last = None
    while not game.is_over():
        player = 1 if game.state.ply % 2 == 0 else 2
        if player == ai_player:
            last = _ai_move(game, ai, ai_name)
            continue
        marks = frozenset() if last is None else frozenset({last.action >> 5, last.action & 31})
        print()
        print(render_board(game.state, letters=args.letters, colour=colour, marks=marks))
        red, black = game.scores()
        print(f"score red {red}, black {black}; quiet {game.state.quiet}"
              f"/{game.ruleset.get('no_progress_plies', 0)}")
        who = "you" if ai else f"player {player}"
        try:
            line = input(f"{who} ({game.describe_turn()})> ").strip()
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
        if line == "hint":
            _show_hint(game)
            continue
        try:
            if line == "undo":
                game.undo()
                while ai and game.moves and (game.state.ply % 2 == 0) == (ai_player == 1):
                    game.undo()  # take back the AI's reply too: it is your turn again
                last = game.moves[-1] if game.moves else None
                continue
            last = game.play(line)
        except HdchessError as exc:
            print(f"  {exc}")
            continue
        print(f"  {_describe_move(last)}")
    print()
    print(render_board(game.state, letters=args.letters, colour=colour))
    outcome = game.outcome
    print(f"Game over: {outcome.describe()}")
    for color in (0, 1):
        player = 1 if game.player_color(1) == color else 2
        name = game.tags.get(f"Player{player}", f"player {player}")
        print(f"  {name} ({COLOR_NAMES[color]}): {outcome.scores[color]}"
              f" (penalties -{outcome.penalties[color]})")
    return 0


def _describe_move(entry) -> str:
    note = " (repetition penalty)" if entry.penalised else ""
    shown = f" revealed {piece_name(entry.revealed)}" if entry.revealed is not None else ""
    return f"{entry.text}{shown}{note}"


def _ai_move(game: Game, ai, name: str):
    """The AI's turn: it sees the public position and the record, never the layout."""
    from .players import Turn, move_seed

    print(f"{name} is thinking...", flush=True)
    turn = Turn(game.state.copy(), game.start_position, tuple(m.text for m in game.moves),
                move_seed(game.seed, game.state.ply))
    choice = ai.choose(turn)
    entry = game.play(choice.action)
    print(f"  {name} plays {_describe_move(entry)}" + (f"  [{choice.detail}]" if choice.detail else ""))
    return entry


def _show_hint(game: Game) -> None:
    from .ai import hint
    from .engine import pv_text

    result = hint(game.state.copy(), seed=game.seed)
    line = " ".join(pv_text(game.state, result.pv))
    print(f"  hint: {pv_text(game.state, [result.action])[0]} (eval {round(result.score, 2) + 0.0:+.2f}; line {line})")


def cmd_engine(args: argparse.Namespace) -> int:
    from .engine import run

    return run()


def cmd_match(args: argparse.Namespace) -> int:
    from .match import run_match

    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise HdchessError(f"--jobs must be at least 1, not {jobs}")
    start = time.perf_counter()
    summary, results = run_match(args.player_a, args.player_b, args.games, seed=args.seed, variant=args.variant,
                                 options=_rule_options(args), movetime_ms=args.movetime, jobs=jobs,
                                 progress=not args.quiet and sys.stderr.isatty())
    elapsed = time.perf_counter() - start
    if args.records:
        try:
            with open(args.records, "w", encoding="utf-8") as out:
                out.write("\n".join(result.record for result in results))
        except OSError as exc:
            raise HdchessError(f"cannot write the records to {args.records}: {exc.strerror}") from None
    print("\n".join(summary.lines()))
    where = f"; records in {args.records}" if args.records else ""
    print(f"  {len(results)} games in {elapsed:.1f} s with {min(jobs, len(results))} process(es){where}")
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
    p.add_argument("--level", help="the AI opponent: Beginner, Casual, Club (default), Expert, Master or 1-5")
    seat = p.add_mutually_exclusive_group()
    seat.add_argument("--first", action="store_true", help="you open the game (the default)")
    seat.add_argument("--second", action="store_true", help="the AI opens the game")
    seat.add_argument("--two-players", action="store_true", help="two people at one keyboard, no AI")
    p.set_defaults(func=cmd_play)

    sub.add_parser("variants", help="list the games and their options").set_defaults(func=cmd_variants)

    p = sub.add_parser("engine", help="speak the UCI-style engine protocol on stdin/stdout (see README)")
    p.set_defaults(func=cmd_engine)

    p = with_rules(sub.add_parser(
        "match", help="play games between two players and compare their strength",
        description="Players: an AI level (Beginner, Casual, Club, Expert, Master or 1-5), random, greedy, "
                    "or engine:<command> (a program speaking the engine protocol). Games come in pairs: "
                    "the same deal with the players swapped. Scores are counted for the first player."))
    p.add_argument("player_a", metavar="PLAYER_A")
    p.add_argument("player_b", metavar="PLAYER_B")
    p.add_argument("--games", type=int, default=20, help="number of games (default 20: 10 pairs)")
    p.add_argument("--seed", type=int, default=0, help="match seed: the deals and every player's choices")
    p.add_argument("--movetime", type=int, metavar="MS",
                   help="AI levels search MS per move at full strength instead of their own budget; "
                        "engines get 'go movetime MS'")
    p.add_argument("--jobs", type=int, help="games played at once (default: the number of CPUs)")
    p.add_argument("--records", metavar="PATH", default="hdchess-match.txt",
                   help="file for the records of every game (default hdchess-match.txt; '' for none)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_match)
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
