"""``hdchess engine``: the AI behind a UCI-style text protocol on stdin/stdout.

So that any program (a GUI, a tournament manager, the match harness, a test)
can drive the AI as a separate process. One command per line; every answer
line is flushed at once::

    uci                       -> id name hdchess <version>, id author ..., option ..., uciok
    isready                   -> readyok
    setoption name <Name> value <v>
    ucinewgame
    position startpos [moves c2(R) b3(p) c2-c3 ...]
    position fen <position line> [moves ...]
    go movetime <ms> | depth <n> | nodes <n> | infinite | wtime .. btime .. [winc .. binc .. movestogo ..]
    go                        -> plays like the Level option
    setoption name Threads value <n>  -> a level that thinks by time (and go movetime/depth/infinite)
                                 searches with n worker processes (default 1; node budgets: one)
                              -> info depth .. score cp .. nodes .. nps .. time .. pv .., then bestmove <move>
                                 (Cheight: score mate N for a forced win in N moves; -N when mated)
    stop                      -> ends the search; bestmove follows at once
    d                         -> info string position <position line>
    quit

Positions use the game's notation (``hdchess rules VARIANT``); in a move list a flip (or a gaiqi blind
capture) carries what it revealed, ``c2(R)`` or ``c2xc3(p)``, because the
engine has no layout to draw it from. A flip
in ``bestmove`` is the square alone. Scores are in hundredths of a game point
(``cp``) from the side to move's view. A bad command gets ``info string error:
...`` and changes nothing; a bad position or move list keeps the previous position.
"""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from . import __version__
from .ai import LEVELS, SearchInfo, SearchLimits, SearchResult, level_by_name
from .ai.decision import decide
from .ai.forced import mate_moves
from .ai.limits import MAX_THREADS
from .ai.mate import applies as forced_wins_apply
from .bounds import MAX_CLOCK_MS, MAX_MOVES_TO_GO, MAX_MOVETIME_MS, MAX_NODES, MAX_SEARCH_DEPTH, check
from .errors import HdchessError
from .game import Game
from .inputs import excerpt, shown, whole_number
from .notation import pv_text
from .options import Option
from .rules import GameState
from .variants import DEFAULT_VARIANT, load_ruleset, variant_names, variant_spec

AUTHOR = "the hdchess authors"
SEED_MAX = 2**32 - 1
LIMIT_MAX = {"movetime": MAX_MOVETIME_MS, "depth": MAX_SEARCH_DEPTH, "nodes": MAX_NODES,  # hdchess.bounds:
             "wtime": MAX_CLOCK_MS, "btime": MAX_CLOCK_MS, "winc": MAX_CLOCK_MS, "binc": MAX_CLOCK_MS,  # the same
             "movestogo": MAX_MOVES_TO_GO}  # bounds as the command line's
MAX_LINE = 1_000_000  # characters in one command: a whole game's move list is far shorter


def rule_options(variant: str = DEFAULT_VARIANT) -> list[Option]:
    """Every rule option of every variant, once: ``variant``'s own first (with its
    defaults), then the others' in the order the variants list them."""
    seen: dict[str, Option] = {}
    for name in [variant, *variant_names()]:
        for option in variant_spec(name).options:
            seen.setdefault(option.engine_name, option)
    return list(seen.values())


def info_line(state: GameState, info: SearchInfo | SearchResult) -> str:
    nps = int(info.nodes * 1000 / info.time_ms) if info.time_ms > 0 else 0
    moves = mate_moves(info.score) if forced_wins_apply(state) else None  # Cheight: a forced win found
    score = f"cp {round(info.score * 100)}" if moves is None else f"mate {moves}"
    line = (f"info depth {info.depth} score {score} nodes {info.nodes} "
            f"nps {nps} time {round(info.time_ms)}")
    pv = pv_text(state, info.pv)
    return line + (" pv " + " ".join(pv) if pv else "")


class Engine:
    """The protocol's state machine. ``handle`` takes one command line; answers go
    to ``write`` (one line per call), from this thread or the search thread."""

    def __init__(self, write: Callable[[str], None], threads: int = 1) -> None:
        self._write = write
        self.threads = threads  # worker processes of a search that is not a node budget (ai/parallel.py)
        self._lock = threading.Lock()
        self.variant = DEFAULT_VARIANT
        self.rules: dict[str, object] = {}  # engine option name -> value set by the user
        self.level = level_by_name("Master")
        self.seed = 0
        self.ruleset = load_ruleset(self.variant)
        self._position: tuple[str | None, list[str]] = (None, [])
        self.game = Game(self.ruleset)
        self._search: threading.Thread | None = None
        self._stop = threading.Event()
        self._infinite = False

    # -- output --------------------------------------------------------------------
    def send(self, line: str) -> None:
        with self._lock:
            self._write(line)

    def error(self, message: str) -> None:
        self.send(f"info string error: {message}")

    # -- input ---------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Run one command; False once the engine should exit."""
        if len(line) > MAX_LINE:
            self.error(f"a command is at most {MAX_LINE:,} characters, not {len(line):,}")
            return True
        words = line.split()
        if not words:
            return True
        command, args = words[0], words[1:]
        handler = self._COMMANDS.get(command)
        if handler is None:
            self.error(f"unknown command {excerpt(command)} (commands: {', '.join(self._COMMANDS)})")
            return True
        if self.searching() and command in ("setoption", "ucinewgame", "position", "go"):
            if self._infinite:
                self.error(f"{command}: an infinite search is running; send stop first")
                return True
            self.wait()  # a bounded search answers soon: finish it, then obey (scripts pipe commands ahead)
        try:
            return handler(self, args) is not False
        except HdchessError as exc:
            self.error(f"{command}: {exc}")
            return True
        except Exception as exc:  # a bug must not kill a session a GUI depends on: report it, carry on
            self.error(f"{command}: internal error: {type(exc).__name__}: {excerpt(str(exc))}")
            return True

    def searching(self) -> bool:
        return self._search is not None and self._search.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the current search (if any) has answered ``bestmove``."""
        if self._search is not None:
            self._search.join(timeout)

    # -- commands ------------------------------------------------------------------
    def cmd_uci(self, args: list[str]) -> None:
        self.send(f"id name hdchess {__version__}")
        self.send(f"id author {AUTHOR}")
        variants = " ".join(f"var {name}" for name in variant_names())
        self.send(f"option name Variant type combo default {self.variant} {variants}")
        levels = " ".join(f"var {level.name}" for level in LEVELS)
        self.send(f"option name Level type combo default {self.level.name} {levels}")
        for option in rule_options(self.variant):
            if option.choices:
                kinds = " ".join(f"var {choice}" for choice in option.choices)
                self.send(f"option name {option.engine_name} type combo default {option.default} {kinds}")
            else:
                self.send(f"option name {option.engine_name} type spin default {option.default} "
                          f"min {option.minimum} max {option.maximum}")
        self.send(f"option name Seed type spin default 0 min 0 max {SEED_MAX}")
        self.send(f"option name Threads type spin default {self.threads} min 1 max {MAX_THREADS}")
        self.send("uciok")

    def cmd_isready(self, args: list[str]) -> None:
        self.send("readyok")

    def cmd_setoption(self, args: list[str]) -> None:
        if len(args) < 4 or args[0] != "name" or "value" not in args[2:]:
            raise HdchessError("expected: setoption name <Name> value <value>")
        split = args.index("value", 2)
        name, value = " ".join(args[1:split]), " ".join(args[split + 1:])
        if not value:
            raise HdchessError(f"{name} needs a value")
        key = name.lower()
        if key == "variant":
            self._set_rules(variant_spec(value).name, self.rules)
        elif key == "level":
            self.level = level_by_name(value)
        elif key == "seed":
            self.seed = whole_number(value, "Seed", 0, SEED_MAX)
        elif key == "threads":
            self.threads = whole_number(value, "Threads", 1, MAX_THREADS)
            if self.threads > 1:  # start the workers now, as an engine sizes its tables: not on a move's clock
                from .ai.parallel import shared_pool

                shared_pool(self.threads).start()
        else:
            options = rule_options(self.variant)  # the current variant's own first: its checks apply
            option = next((o for o in options if o.engine_name.lower() == key), None)
            if option is None:
                known = ", ".join(["Variant", "Level", *(o.engine_name for o in options), "Seed", "Threads"])
                raise HdchessError(f"unknown option {excerpt(name)} (options: {known})")
            self._set_rules(self.variant, {**self.rules, option.engine_name: option.parse(value)})

    def _set_rules(self, variant: str, rules: dict[str, object]) -> None:
        """Change the rules and replay the current position under them (or, if it
        no longer fits, start from the opening and say so)."""
        spec = variant_spec(variant)
        ruleset = load_ruleset(variant, **{o.name: rules[o.engine_name]
                                          for o in spec.options if o.engine_name in rules})
        self.variant, self.rules, self.ruleset = variant, rules, ruleset
        start, moves = self._position
        try:
            self.game = self._replay(start, moves)
        except HdchessError as exc:
            self._position = (None, [])
            self.game = Game(ruleset)
            self.send(f"info string the position does not fit the new rules ({exc}); back to startpos")

    def cmd_ucinewgame(self, args: list[str]) -> None:
        self._position = (None, [])
        self.game = Game(self.ruleset)

    def cmd_position(self, args: list[str]) -> None:
        if not args or args[0] not in ("startpos", "fen"):
            raise HdchessError("expected: position startpos [moves ...] or position fen <position> [moves ...]")
        end = args.index("moves") if "moves" in args else len(args)
        if args[0] == "startpos":
            if end != 1:
                raise HdchessError(f"unexpected {excerpt(args[1])} after startpos (expected: moves ...)")
            start = None
        else:
            if end == 1:
                raise HdchessError("position fen needs a position line")
            start = " ".join(args[1:end])
        moves = args[end + 1:]
        self.game = self._replay(start, moves)
        self._position = (start, moves)

    def _replay(self, start: str | None, moves: list[str]) -> Game:
        """The game a move list gives; every chance action in it carries its result."""
        game = Game(self.ruleset, position=start)
        for number, text in enumerate(moves, 1):
            try:
                action, outcome = game.parse(text)
                if outcome is None and game.state.is_chance(action):
                    what = "a flip" if game.state.action_info(action).kind == "flip" else "a blind capture"
                    raise HdchessError(f"{what} in a move list needs its result, e.g. {shown(text)}(R)")
                game.replay(action, outcome)
            except HdchessError as exc:
                label = shown(text)
                raise HdchessError(f"move {number} ({label}): {str(exc).removeprefix(label + ': ')}") from None
        return game

    def cmd_d(self, args: list[str]) -> None:
        self.send(f"info string position {self.game.state.position_text()}")

    def cmd_go(self, args: list[str]) -> None:
        limits, infinite = self._limits(args)
        state = self.game.state.copy()
        outcome = self.game.outcome
        if outcome is not None:  # the game is over
            self.error(f"go: the game is over ({outcome.describe()})")
            self.send("bestmove (none)")
            return
        self._stop, self._infinite = threading.Event(), infinite
        self._search = threading.Thread(target=self._run_search, args=(state, limits, infinite, self._stop),
                                        name="hdchess-search", daemon=True)
        self._search.start()

    def _limits(self, args: list[str]) -> tuple[SearchLimits | None, bool]:
        """SearchLimits from ``go`` arguments; None means: play like the Level."""
        values: dict[str, int] = {}
        infinite = False
        words = iter(args)
        for word in words:
            if word == "infinite":
                infinite = True
                continue
            if word not in LIMIT_MAX:
                raise HdchessError(f"unknown limit {excerpt(word)} (movetime, depth, nodes, infinite, wtime, btime, "
                                   "winc, binc, movestogo)")
            text = next(words, "")
            if not text:
                raise HdchessError(f"{word} needs a number")
            values[word] = check(word, text, LIMIT_MAX[word])
        for key in ("movetime", "depth", "nodes", "movestogo"):
            if values.get(key) == 0:
                raise HdchessError(f"{key} must be at least 1")
        movetime: float | None = values.get("movetime")
        clock = "btime" if self.game.state.side == 1 else "wtime"
        if clock in values:
            increment = values.get("binc" if clock == "btime" else "winc", 0)
            budget = values[clock] / values.get("movestogo", 30) + increment * 0.8
            budget = max(1, min(budget, values[clock] / 2))
            movetime = budget if movetime is None else min(movetime, budget)
        if infinite:
            return SearchLimits(), True
        if movetime is None and "depth" not in values and "nodes" not in values:
            return None, False
        return SearchLimits(movetime_ms=movetime, depth=values.get("depth"), nodes=values.get("nodes")), False

    def _run_search(self, state: GameState, limits: SearchLimits | None, infinite: bool,
                    stop: threading.Event) -> None:
        """The search thread: info lines as depths complete, then exactly one bestmove."""
        try:
            def on_info(info: SearchInfo) -> None:
                self.send(info_line(state, info))

            # the level's own move, or within the limits at full strength (hdchess/ai/decision.py)
            heard = on_info if limits is not None else None
            result = decide(state, self.level, self.seed, limits, stop, heard, self.threads)
            if limits is None:
                self.send(info_line(state, result))
            if infinite:
                stop.wait()  # UCI: in infinite mode, answer only when told to stop
            self.send(f"bestmove {state.action_text(result.action)}")
        except Exception as exc:  # the protocol promises an answer, never a crash
            self.error(f"search failed: {excerpt(str(exc))}")
            self.send("bestmove (none)")

    def cmd_stop(self, args: list[str]) -> None:
        self._stop.set()
        self.wait()

    def cmd_quit(self, args: list[str]) -> bool:
        self._stop.set()
        self.wait()
        return False

    _COMMANDS = {
        "uci": cmd_uci, "isready": cmd_isready, "setoption": cmd_setoption, "ucinewgame": cmd_ucinewgame,
        "position": cmd_position, "go": cmd_go, "stop": cmd_stop, "quit": cmd_quit, "d": cmd_d,
    }


def run(stdin: TextIO | None = None, stdout: TextIO | None = None, threads: int = 1) -> int:
    """Serve the protocol until ``quit`` or the end of input (``threads``: the Threads option's start)."""
    stdin, stdout = stdin or _lenient(sys.stdin), stdout or sys.stdout

    def write(line: str) -> None:
        try:
            stdout.write(line + "\n")
            stdout.flush()
        except (BrokenPipeError, ValueError):
            pass  # the reader has gone; the end of stdin will follow

    engine = Engine(write, threads)
    while True:
        line = stdin.readline()
        if not line:
            engine.handle("quit")
            return 0
        if not engine.handle(line):
            return 0


def _lenient(stream: TextIO) -> TextIO:
    """Standard input read as UTF-8 whatever the locale, with bytes that are not
    UTF-8 replaced (a command with them is then simply unknown or bad)."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        return stream
    return io.TextIOWrapper(buffer, encoding="utf-8", errors="replace")


__all__ = ["Engine", "info_line", "rule_options", "run"]
