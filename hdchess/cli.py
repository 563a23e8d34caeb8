"""The ``hdchess`` command line: moves, perft, show, play, variants, rules, engine, match.

Errors are printed to stderr as one line, ``hdchess: error: ...``, with a
non-zero exit status, never as a traceback.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from .ai.limits import DEVICE_CAP, MAX_THREADS
from .bounds import (
    DEFAULT_MAX_PLIES,
    MAX_GAMES,
    MAX_JOBS,
    MAX_MOVETIME_MS,
    MAX_NODES,
    MAX_PERFT_DEPTH,
    MAX_PLIES,
    check,
)
from .core import COLOR_NAMES, piece_from_letter, piece_name
from .display import render_board, render_stacks, use_colour
from .errors import HdchessError
from .game import Game
from .inputs import excerpt, one_line, printable
from .notation import parse_position, sorted_action_texts
from .options import SWITCHES
from .perft import divide, perft
from .referee import check_seed
from .rules import GameState, Ruleset
from .seed_handover import handed_over_seed, hide_seed, keep_memory_private
from .terminal import TerminalView, play_in_terminal
from .variants import load_ruleset, variant_names, variant_spec
from .vocabulary import NO_SIDE


def rule_options(items: list[str] | None) -> dict[str, str]:
    """``--set KEY=VALUE`` items as rule options (the values are checked when the rules are loaded)."""
    options = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise HdchessError(f"--set takes KEY=VALUE, not {excerpt(item)}")
        options[key.strip()] = value.strip()
    return options


def _ruleset(args: argparse.Namespace) -> Ruleset:
    return load_ruleset(args.variant, **rule_options(args.set))


def _lenient(stream: TextIO) -> TextIO:
    """A text stream read as UTF-8 whatever the locale, bytes that are not UTF-8
    replaced (so a bad byte makes a bad line, never a crash)."""
    buffer = getattr(stream, "buffer", None)
    return stream if buffer is None else io.TextIOWrapper(buffer, encoding="utf-8", errors="replace")


# -- moves, perft, show -----------------------------------------------------------------

def cmd_moves(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    if args.position:
        print(" ".join(sorted_action_texts(parse_position(" ".join(args.position), ruleset))))
        return 0
    status = 0
    for number, line in enumerate(_lenient(sys.stdin), 1):
        if not line.strip():
            continue
        try:
            print(" ".join(sorted_action_texts(parse_position(line, ruleset))))
        except HdchessError as exc:
            print(f"error: line {number}: {exc}", file=sys.stderr)
            print()
            status = 1
        sys.stdout.flush()
    return status


def cmd_perft(args: argparse.Namespace) -> int:
    state = parse_position(args.position, _ruleset(args))
    start = time.perf_counter()
    if args.divide and args.depth >= 1:
        total = 0
        for action, outcome, count in divide(state, args.depth):
            print(f"{state.action_text(action, outcome)}: {count}")
            total += count
        print()
    else:
        total = perft(state, args.depth)
    print(total)
    if args.time:
        elapsed = time.perf_counter() - start
        print(f"{elapsed:.3f} s, {total / max(elapsed, 1e-9):,.0f} nodes/s", file=sys.stderr)
    return 0


def _describe_state(state: GameState) -> str:
    """One line under a drawn board: whose turn, and the family's public facts."""
    if state.side == NO_SIDE:
        turn = "no flip yet"
    else:
        turn = f"{COLOR_NAMES[state.side]} to move"
    info = state.public_info()
    if "pool" in info:
        pool = ", ".join(f"{piece_name(piece_from_letter(letter))} x{n}" for letter, n in info["pool"].items())
        return f"{turn}; face-down: {pool or 'none'}"
    if info.get("note"):
        turn += f"; {info['note']}"
    return turn


def cmd_show(args: argparse.Namespace) -> int:
    state = parse_position(args.position, _ruleset(args))
    colour = use_colour() if args.colour == "auto" else args.colour == "always"
    print(render_board(state, letters=args.letters, colour=colour))
    print(_describe_state(state))
    if args.stacks:
        print(render_stacks(state, letters=args.letters) or "no stacks")
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    for name in variant_names():
        spec = variant_spec(name)
        parent = f" (a variant of {spec.parent})" if spec.parent else ""
        print(f"{name}: {spec.title}{parent}\n  {spec.summary}")
        for option in spec.options:
            print(f"  --set {option.describe()}")
        switches = ", ".join(f"{s.name}={spec.switch(s.name)}" for s in SWITCHES)
        print(f"  rules: {switches}")
    print("\nswitches (fixed by each game, not options):")
    for switch in SWITCHES:
        print(f"  {switch.name}: {switch.doc}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """The rules as the app's rules page has them (options by their labels), then the options' names
    for ``--set``: those a command line needs."""
    spec = variant_spec(args.name)
    print(spec.rules_text(args.lang).rstrip())
    if spec.options:
        print("\nOptions on the command line (--set NAME=VALUE):")
        for option in spec.options:
            print(f"  {option.describe()}")
    return 0


# -- play ------------------------------------------------------------------------------

def _clock_setting(text: str | None) -> dict[str, int] | None:
    """``--clock 10+5``: 10 minutes each, 5 seconds added per move (none: no clocks)."""
    if not text:
        return None
    if text.strip() == "none":
        return None
    from .remote.wire import MAX_CLOCK_MS, MAX_INCREMENT_MS, MIN_CLOCK_MS

    found = re.fullmatch(r"\s*(\d{1,4}(?:\.\d+)?)\s*(?:\+\s*(\d{1,3}))?\s*", text)
    clock = found and {"initial_ms": round(float(found[1]) * 60_000), "increment_ms": int(found[2] or 0) * 1000}
    if not clock or not MIN_CLOCK_MS <= clock["initial_ms"] <= MAX_CLOCK_MS or clock["increment_ms"] > MAX_INCREMENT_MS:
        raise HdchessError(f"--clock must look like 10+5 (minutes, + seconds a move; from {MIN_CLOCK_MS // 1000} s "
                           f"to {MAX_CLOCK_MS // 3_600_000} h, at most {MAX_INCREMENT_MS // 60_000} min a move), "
                           f"or none, not {excerpt(text)}")
    return clock


def cmd_play_remote(args: argparse.Namespace) -> int:
    """A remote game over TCP (web/docs/remote.md): ``--host PORT`` waits for ``--join HOST:PORT``."""
    from .remote.remote_terminal import RemoteTerminal, host_handshake
    from .remote.session import ANY_CLOCK, RemoteSession
    from .remote.tcp import connect, serve

    if args.host is not None and args.join:
        raise HdchessError("--host and --join: choose one")
    colour = use_colour() if args.colour == "auto" else args.colour == "always"
    view = TerminalView(letters=args.letters, colour=colour)
    name = printable(args.name or ("Host" if args.host is not None else "Guest"), 40)
    if args.listen and args.host is None:
        raise HdchessError("--listen goes with --host")
    if args.host is not None:
        options, clock = rule_options(args.set), _clock_setting(args.clock)
        load_ruleset(args.variant, **options)  # a bad option is refused before anyone connects
        session, _ = RemoteSession.host(args.variant, options, name, clock, args.first_player)
        try:
            channel, reply = serve(args.host, host_handshake(session), args.listen or "127.0.0.1",
                                   announce=lambda text: print(text, flush=True))
        except OSError as exc:
            raise HdchessError(f"cannot listen on {excerpt(args.listen or '127.0.0.1')} port {args.host}: {exc}") \
                from None
    else:
        try:
            channel = connect(args.join)
        except (OSError, ValueError) as exc:
            raise HdchessError(f"cannot join {excerpt(args.join)}: {exc}") from None
        agreed = ANY_CLOCK if args.clock is None else _clock_setting(args.clock)
        session, reply = RemoteSession.guest(name, clock=agreed), None
    terminal = RemoteTerminal(channel, session, view, auto=args.auto)
    if reply is not None:
        terminal.post(reply)
    return terminal.run()


def cmd_play(args: argparse.Namespace) -> int:
    if args.host is not None or args.join:
        return cmd_play_remote(args)
    if args.two_players and args.level:
        raise HdchessError("--level chooses the AI opponent; --two-players has none")
    from .ai import level_by_name
    from .ai.limits import device_threads
    from .ai.parallel import shared_pool

    threads = args.threads if args.threads is not None else device_threads()
    if threads > 1 and not args.two_players and level_by_name(args.level or "Club").movetime_ms:
        shared_pool(threads).start()  # the top level's workers, now rather than on its first move's clock
    game = Game(_ruleset(args), seed=args.seed)
    colour = use_colour() if args.colour == "auto" else args.colour == "always"
    view = TerminalView(letters=args.letters, colour=colour)
    return play_in_terminal(game, view, ai_level=None if args.two_players else (args.level or "Club"),
                            ai_opens=args.second, threads=threads)


# -- engine, match -----------------------------------------------------------------------

def cmd_engine(args: argparse.Namespace) -> int:
    from .engine import run

    return run(threads=args.threads)


def cmd_match(args: argparse.Namespace) -> int:
    from .elo import Sprt
    from .match import run_match

    jobs = args.jobs if args.jobs is not None else min(os.cpu_count() or 1, MAX_JOBS)
    sprt = None
    if args.sprt:
        elo0, elo1 = args.sprt
        sprt = Sprt(elo0, elo1, args.alpha, args.beta)
    start = time.perf_counter()
    budget = None
    if args.movetime is not None or args.nodes is not None:
        from .ai import SearchLimits

        budget = SearchLimits(movetime_ms=args.movetime, nodes=args.nodes)
    keep_memory_private()  # before the seed is read: no engine reads it from this process
    seed = args.seed if args.seed is not None else handed_over_seed()
    summary, results = run_match(args.player_a, args.player_b, args.games, seed=seed, variant=args.variant,
                                 options=rule_options(args.set), budget=budget, jobs=jobs,
                                 progress=not args.quiet and sys.stderr.isatty(), sprt=sprt, paired=args.pairs,
                                 max_plies=args.max_plies)
    elapsed = time.perf_counter() - start
    if args.records:
        try:
            with open(args.records, "w", encoding="utf-8") as out:
                out.write("\n".join(result.record for result in results))
        except OSError as exc:
            raise HdchessError(f"cannot write the records to {excerpt(args.records)}: {exc.strerror}") from None
    print("\n".join(summary.lines()))
    where = f"; records in {args.records}" if args.records else ""
    print(f"  {len(results)} games in {elapsed:.1f} s with {min(jobs, len(results))} process(es){where}")
    deals = "paired deals" if summary.paired else "a fresh deal every game"
    print(f"  match seed {summary.seed} ({deals}; --seed {summary.seed} replays the match)")
    return 0


def _parses_a_seed(argv: list[str]) -> bool:
    """Would these arguments still give ``hdchess match`` a seed (or not parse at all)?"""
    try:
        return build_parser().parse_args(argv).seed is not None
    except SystemExit:
        return True


# -- the parser ---------------------------------------------------------------------------

class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr, like every other error."""

    def error(self, message: str) -> NoReturn:
        message = re.sub(r"'([^']{41,})'", lambda m: excerpt(m.group(1)), message)  # argparse quotes input whole
        message = one_line(message)
        self.exit(2, f"hdchess: error: {message} (see {self.prog} --help)\n")


def _number(name: str, minimum: int, maximum: int) -> Callable[[str], int]:
    """An argparse type: an ASCII whole number from ``minimum`` to ``maximum`` (:mod:`hdchess.bounds`)."""
    def parse(text: str) -> int:
        try:
            return check(name, text, maximum, minimum)
        except HdchessError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    parse.__name__ = name
    return parse


def _elo_pair(text: str) -> tuple[float, float]:
    """``ELO0,ELO1`` for --sprt: two numbers, the second above the first."""
    parts = text.split(",")
    try:
        elo0, elo1 = (float(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--sprt takes ELO0,ELO1 such as 0,20, not {excerpt(text)}") from None
    if not (math.isfinite(elo0) and math.isfinite(elo1)) or elo1 <= elo0:
        raise argparse.ArgumentTypeError(f"--sprt needs ELO1 above ELO0, not {excerpt(text)}")
    return elo0, elo1


def _probability(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < 0.5:
        raise argparse.ArgumentTypeError(f"an error rate is a number between 0 and 0.5, not {excerpt(text)}")
    return value


def _seed(text: str) -> int:
    try:
        return check_seed(text, "--seed")
    except HdchessError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="hdchess", description="Hidden Dragon Chess II and its cousins.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def with_rules(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--variant", default="hdc2", help="game: " + ", ".join(variant_names()))
        p.add_argument("--set", action="append", metavar="KEY=VALUE",
                       help="a rule option, e.g. --set scoring=alt (see 'hdchess variants')")
        return p

    def with_display(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--letters", action="store_true", help="letters instead of Chinese characters")
        p.add_argument("--colour", "--color", choices=("auto", "always", "never"), default="auto")
        return p

    p = with_rules(sub.add_parser("moves", help="print the legal actions of a position, sorted"))
    p.add_argument("position", nargs="*", help="a position line; none: read one per line from stdin")
    p.set_defaults(func=cmd_moves)

    p = with_rules(sub.add_parser("perft", help="count the leaves of the action tree"))
    p.add_argument("position")
    p.add_argument("depth", type=_number("depth", 0, MAX_PERFT_DEPTH), help=f"0 to {MAX_PERFT_DEPTH}")
    p.add_argument("--divide", action="store_true", help="counts per root action")
    p.add_argument("--time", action="store_true", help="print time and nodes/s to stderr")
    p.set_defaults(func=cmd_perft)

    p = with_display(with_rules(sub.add_parser("show", help="draw a position")))
    p.add_argument("position")
    p.add_argument("--stacks", action="store_true", help="also list every stack, bottom to top")
    p.set_defaults(func=cmd_show)

    p = with_display(with_rules(sub.add_parser("play", help="play a game in the terminal")))
    p.add_argument("--seed", type=_seed, help="a known deal: the same seed deals the same game")
    p.add_argument("--level", help="the AI opponent: Beginner, Casual, Club (default), Expert, Master, "
                                   "Grandmaster or 1-6")
    seat = p.add_mutually_exclusive_group()
    seat.add_argument("--first", action="store_true", help="you open the game (the default)")
    seat.add_argument("--second", action="store_true", help="the AI opens the game")
    seat.add_argument("--two-players", action="store_true", help="two people at one keyboard, no AI")
    p.add_argument("--threads", type=_number("--threads", 1, MAX_THREADS), metavar="N",
                   help="worker processes of the Grandmaster's search (default: the machine's cores, at most "
                        f"{DEVICE_CAP}; the other levels search alone)")
    remote = p.add_argument_group("remote play (a fair game between two machines, web/docs/remote.md)")
    remote.add_argument("--host", type=int, metavar="PORT", help="wait on PORT for a player to --join")
    remote.add_argument("--listen", metavar="ADDR", help="host: the address to listen on (default 127.0.0.1, this "
                        "machine only; 0.0.0.0 or :: for every network)")
    remote.add_argument("--join", metavar="HOST:PORT", help="join a game a player hosts")
    remote.add_argument("--name", help="your name in the game's record")
    remote.add_argument("--clock", metavar="MIN+SEC", help="host: clocks, e.g. 10+5 (10 minutes, +5 s a move); "
                        "guest: the clock you accept (none: no clocks; not given: you are asked)")
    remote.add_argument("--first-player", choices=("random", "host", "guest"), default="random",
                        help="host: who opens (default: a fair coin both sides toss)")
    remote.add_argument("--auto", metavar="PLAYER",
                        help="let a computer player play your side (random, greedy, or a level)")
    p.set_defaults(func=cmd_play)

    sub.add_parser("variants", help="list the games and their options").set_defaults(func=cmd_variants)

    p = sub.add_parser("rules", help="print the rules of a game")
    p.add_argument("name", metavar="VARIANT", help="the game: " + ", ".join(variant_names()))
    p.add_argument("--lang", default="en", help="the language of the text: en (default) or zh where written")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("engine", help="speak the UCI-style engine protocol on stdin/stdout (see README)")
    p.add_argument("--threads", type=_number("--threads", 1, MAX_THREADS), default=1, metavar="N",
                   help="the Threads option's start: worker processes of a search by time or depth (default 1)")
    p.set_defaults(func=cmd_engine)

    p = with_rules(sub.add_parser(
        "match", help="play games between two players and compare their strength",
        description="Players: an AI level (Beginner, Casual, Club, Expert, Master, Grandmaster or 1-6), random, "
                    "greedy, or engine:<command> (a program speaking the engine protocol). Seats alternate; "
                    "between built-in players games come in pairs (the same deal with the players swapped), "
                    "with an engine every game has a fresh deal. Scores are counted for the first player."))
    p.add_argument("player_a", metavar="PLAYER_A")
    p.add_argument("player_b", metavar="PLAYER_B")
    p.add_argument("--games", type=_number("--games", 1, MAX_GAMES), default=20,
                   help=f"number of games (default 20, at most {MAX_GAMES:,})")
    p.add_argument("--seed", type=_seed, help="match seed: the deals and every player's choices (default: a fresh "
                                              "secret one, printed when the match is over)")
    p.add_argument("--pairs", action=argparse.BooleanOptionalAction, default=None,
                   help="both games of a pair on the same deal (default: yes between built-in players, no with "
                        "an engine, which could remember the deal)")
    p.add_argument("--max-plies", type=_number("--max-plies", 1, MAX_PLIES), default=DEFAULT_MAX_PLIES, metavar="N",
                   help=f"adjudicate a game a draw after N plies (default {DEFAULT_MAX_PLIES:,})")
    p.add_argument("--movetime", type=_number("--movetime", 1, MAX_MOVETIME_MS), metavar="MS",
                   help="AI levels search MS per move at full strength instead of their own budget; "
                        "engines get 'go movetime MS'")
    p.add_argument("--nodes", type=_number("--nodes", 1, MAX_NODES), metavar="N",
                   help="AI levels search N nodes per move at full strength; engines get 'go nodes N'")
    p.add_argument("--jobs", type=_number("--jobs", 1, MAX_JOBS),
                   help=f"games played at once (default: the number of CPUs; at most {MAX_JOBS})")
    p.add_argument("--records", metavar="PATH", default="hdchess-match.txt",
                   help="file for the records of every game (default hdchess-match.txt; '' for none)")
    p.add_argument("--sprt", type=_elo_pair, metavar="ELO0,ELO1",
                   help="stop as soon as a sequential test decides: is PLAYER_A at least ELO1 stronger (H1) "
                        "or at most ELO0 (H0)? --games is then the most it plays")
    p.add_argument("--alpha", type=_probability, default=0.05, help="SPRT false-positive rate (default 0.05)")
    p.add_argument("--beta", type=_probability, default=0.05, help="SPRT false-negative rate (default 0.05)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_match)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # a locale that cannot show a character must not crash a game
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and not getattr(stream, "closed", False):
            reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "play":
        sys.stdin = _lenient(sys.stdin)
    if args.command == "match" and argv is None:
        hide_seed(args.seed, _parses_a_seed)
    try:
        status: int = args.func(args)  # the command's exit status
        return status
    except HdchessError as exc:
        print(f"hdchess: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
