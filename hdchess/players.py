"""Players: anything that picks an action for a public position, and the one
turn loop that asks them.

The match harness, ``hdchess play`` and the web bridge drive every opponent
through one small interface, :class:`Player`: the AI levels, two baselines
(``random``, and ``greedy``: the best immediate capture), an external engine
that speaks the ``hdchess engine`` protocol, and (in the CLI) a person at the
keyboard. A player is shown a :class:`Turn` (the public position and the
record so far, never anything the referee keeps) and answers with a
:class:`Choice`. :func:`play_turns` is the loop every game runs through.

A player's random choices come from :func:`move_seed` (a per-game player seed
and the ply): the same game and player seed give the same moves in the CLI,
the match harness and the browser. A player seed is never derived from the
deal: knowing it tells nothing about the face-down pieces.

>>> from hdchess import load_ruleset
>>> player = make_player("greedy")
>>> turn = Turn(load_ruleset().new_state(), start=None, moves=(), seed=7)
>>> player.choose(turn).action == player.choose(turn).action  # same seed, same answer
True
"""

from __future__ import annotations

import dataclasses
import os
import queue
import random
import secrets
import shlex
import subprocess
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .ai import SearchLimits, level_by_name
from .ai.decision import decide
from .ai.flips import FlipBudget
from .ai.search import Searcher, SearchResult
from .core import piece_from_letter
from .errors import HdchessError
from .game import Game, PlayedMove
from .inputs import excerpt
from .knowledge import Weights
from .rules import GameState, Ruleset
from .vocabulary import Action


@dataclass(frozen=True)
class Turn:
    """What a player sees when it must act: the public game, nothing of the layout.

    ``state`` is the player's own copy (it may search it); ``start`` is the
    starting position line (None for the variant's opening) and ``moves`` the
    record so far, flips with what they revealed (``c2(R)``), which is what an
    external engine needs to rebuild the position. ``seed`` makes a player's
    choice reproducible.
    """

    state: GameState
    start: str | None
    moves: tuple[str, ...]
    seed: int


def engine_environment() -> dict[str, str]:
    """The environment an external engine starts with: ours, less every variable
    whose name mentions a seed (nothing an engine reads names the deal)."""
    return {key: value for key, value in os.environ.items() if "SEED" not in key.upper()}


def new_player_seed() -> int:
    """A fresh per-game player seed (for a game that does not ask for a reproducible one)."""
    return secrets.randbits(32)


def move_seed(player_seed: int, ply: int) -> int:
    """The one per-move seed rule: a player's choice depends only on its player seed and the ply."""
    return (player_seed * 1_000_003 + ply * 7_919) & 0xFFFFFFFF


def make_turn(game: Game, player_seed: int) -> Turn:
    """What the player to act is shown: a copy of the public state and the record so far."""
    ply = game.start_ply + len(game.moves)
    return Turn(game.state.copy(), game.start_position, tuple(m.text for m in game.moves),
                move_seed(player_seed, ply))


@dataclass(frozen=True)
class Choice:
    """A player's answer; ``detail`` is what a UI may show about how it was found.

    ``action`` None means the player played nothing this time (a person who
    took a move back or asked for the board): the loop looks at the game
    again. ``quit`` ends the loop with the game unfinished.
    """

    action: Action | None
    detail: str = ""
    quit: bool = False


class Player:
    """The common interface. ``name`` labels the player in summaries and records."""

    name = "player"

    def new_game(self, ruleset: Ruleset) -> None:
        """Called before each game."""

    def choose(self, turn: Turn) -> Choice:
        raise NotImplementedError

    def close(self) -> None:
        """Release what the player holds (an engine process)."""


class RandomPlayer(Player):
    """A uniformly random legal action: the floor every AI must beat."""

    name = "random"

    def choose(self, turn: Turn) -> Choice:
        actions = turn.state.legal_actions()
        return Choice(random.Random(turn.seed).choice(actions))


class GreedyPlayer(Player):
    """The most valuable capture of a face-up enemy by the active score table,
    else a random action: the simplest player that knows what pieces are worth."""

    name = "greedy"

    def choose(self, turn: Turn) -> Choice:
        state, rng = turn.state, random.Random(turn.seed)
        actions = state.legal_actions()
        values = state.ruleset.piece_values
        best, best_value = [], 0
        for action in actions:
            if state.is_chance(action):
                continue
            captured = state.action_info(action).captured
            value = 0 if captured is None else values[piece_from_letter(captured)]
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value and value:
                best.append(action)
        return Choice(rng.choice(best or actions))


def budget_label(budget: SearchLimits) -> str:
    """``1000ms``, ``8000n``: a search budget in a player's name."""
    parts = ([f"{budget.movetime_ms:g}ms"] if budget.movetime_ms is not None else []) + (
        [f"{budget.nodes}n"] if budget.nodes is not None else [])
    return "+".join(parts)


def parse_budget(text: str) -> SearchLimits:
    """``700ms`` or ``50000n`` (or both, joined by +): a player's own search budget."""
    movetime = nodes = None
    for part in text.split("+"):
        part = part.strip().lower()
        if part.endswith("ms") and part[:-2].isascii() and part[:-2].isdigit():
            movetime = int(part[:-2])
        elif part.endswith("n") and part[:-1].isascii() and part[:-1].isdigit():
            nodes = int(part[:-1])
        else:
            raise HdchessError(f"a budget is like 700ms or 50000n, not {excerpt(text)}")
    if not (movetime or nodes):
        raise HdchessError(f"a budget needs a time or a number of nodes above 0, not {excerpt(text)}")
    return SearchLimits(movetime_ms=movetime, nodes=nodes)


class LevelPlayer(Player):
    """An AI level; with a ``budget`` (a time or node limit) it searches within that
    at full strength instead of with its own budget and temperature (in one process), else with
    ``threads`` worker processes (``hdchess play --threads``)."""

    def __init__(self, level_name: str, budget: SearchLimits | None = None, threads: int = 1) -> None:
        self.level = level_by_name(level_name)
        self.budget = budget
        self.threads = threads
        self.name = self.level.name if budget is None else f"{self.level.name}@{budget_label(budget)}"
        self.last_result: SearchResult | None = None  # behind the last choice (a UI shows its evaluation and line)

    def choose(self, turn: Turn) -> Choice:
        threads = self.threads if self.budget is None else 1  # a match's budget: one process, as ever
        result = decide(turn.state, self.level, turn.seed, self.budget, threads=threads)
        self.last_result = result
        detail = (f"depth {result.depth}, {result.nodes:,} nodes, {result.time_ms / 1000:.2f} s, "
                  f"eval {round(result.score, 2) + 0.0:+.2f}")
        return Choice(result.action, detail)


class EnginePlayer(Player):
    """An external program speaking the ``hdchess engine`` protocol on stdin/stdout.

    Each turn it is sent the whole game (``position ... moves ...``) and ``go``
    (``go movetime N`` / ``go nodes N`` within a budget, else the engine's own level).
    A silent, dead or cheating engine stops the match with an error naming it.
    Its ``Seed`` option, when it has one, is a fresh random number each game:
    nothing it is sent is derived from the deal or the match seed. It starts with
    no inherited file descriptors besides its pipes and an environment with no
    variable that names a seed (:func:`engine_environment`).
    """

    def __init__(self, command: str, budget: SearchLimits | None = None, timeout_s: float = 120.0) -> None:
        self.command = command
        self.go = "go" if budget is None else "go" + (
            f" movetime {budget.movetime_ms:g}" if budget.movetime_ms is not None else "") + (
            f" nodes {budget.nodes}" if budget.nodes is not None else "")
        self.timeout_s = timeout_s + ((budget.movetime_ms or 0) / 1000 if budget else 0)
        try:
            args = shlex.split(command)
        except ValueError as exc:
            raise HdchessError(f"engine command {command!r}: {exc}") from None
        if not args:
            raise HdchessError("engine: needs a command, e.g. engine:hdchess engine")
        try:
            self._process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=subprocess.DEVNULL, text=True, bufsize=1, close_fds=True,
                                             env=engine_environment())
        except OSError as exc:
            raise HdchessError(f"cannot start engine {command!r}: {exc.strerror or exc}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.name = command
        self.options: set[str] = set()
        self._send("uci")
        for line in self._until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):].strip() or command
            elif line.startswith("option name "):
                self.options.add(line.split()[2])

    def _read(self) -> None:
        assert self._process.stdout is not None, "the engine was started with pipes"
        for line in self._process.stdout:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def _send(self, line: str) -> None:
        assert self._process.stdin is not None, "the engine was started with pipes"
        try:
            self._process.stdin.write(line + "\n")
            self._process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise HdchessError(f"engine {self.command!r} has exited") from None

    def _until(self, prefix: str) -> list[str]:
        """The lines read up to and including the first that starts with ``prefix``."""
        lines = []
        while True:
            try:
                line = self._lines.get(timeout=self.timeout_s)
            except queue.Empty:
                waited = f"{self.timeout_s:.0f} s"
                raise HdchessError(f"engine {self.command!r} sent no {prefix!r} within {waited}") from None
            if line is None:
                raise HdchessError(f"engine {self.command!r} exited before sending {prefix!r}")
            lines.append(line)
            if line.split()[:1] == [prefix]:
                return lines

    def new_game(self, ruleset: Ruleset) -> None:
        if "Variant" in self.options:
            self._send(f"setoption name Variant value {ruleset.variant}")
        for option in ruleset.spec.options:
            value = ruleset[option.name]
            if option.engine_name in self.options:
                self._send(f"setoption name {option.engine_name} value {value}")
            elif value != option.default:
                raise HdchessError(f"engine {self.name!r} has no option {option.engine_name}")
        if "Seed" in self.options:
            self._send(f"setoption name Seed value {secrets.randbits(32)}")
        self._send("ucinewgame")
        self._send("isready")
        self._until("readyok")

    def choose(self, turn: Turn) -> Choice:
        where = "startpos" if turn.start is None else f"fen {turn.start}"
        self._send(f"position {where}" + (" moves " + " ".join(turn.moves) if turn.moves else ""))
        self._send(self.go)
        lines = self._until("bestmove")
        for line in lines:
            if line.startswith("info string error"):
                raise HdchessError(f"engine {self.name!r}: {line[len('info string '):]}")
        words = lines[-1].split()
        text = words[1] if len(words) > 1 else ""
        try:
            action, outcome = turn.state.parse_action(text)
        except HdchessError:
            action, outcome = -1, None
        if outcome is not None or action not in turn.state.legal_actions():
            raise HdchessError(f"engine {self.name!r} answered {excerpt(lines[-1])}, not a legal action")
        infos = [line for line in lines if line.startswith("info depth")]
        return Choice(action, infos[-1][len("info "):] if infos else "")

    def close(self) -> None:
        if self._process.poll() is None:
            try:
                self._send("quit")
                self._process.wait(timeout=5)
            except (HdchessError, subprocess.TimeoutExpired):
                self._process.kill()
                self._process.wait()


class SearchPlayer(Player):
    """The search with explicit evaluation weights and node budget, for tuning and
    experiments: ``search:nodes=1500,pool=0.6,threat=0.4`` (unnamed weights keep the
    game's own), ``lmr=0`` turns late-move reductions off, and ``flips_root``, ``flips_inner``
    (or ``flips_one``, ``flips_two``, ``flips_deep``) and ``flip_levels`` set the flip budget
    (:class:`~hdchess.ai.flips.FlipBudget`)."""

    def __init__(self, settings: str) -> None:
        values = {}
        for item in filter(None, (part.strip() for part in settings.split(","))):
            key, sep, value = item.partition("=")
            try:
                values[key.strip()] = float(value)
            except ValueError:
                raise HdchessError(f"search player: {excerpt(item)} is not NAME=NUMBER") from None
            if not sep:
                raise HdchessError(f"search player: {excerpt(item)} is not NAME=NUMBER")
        self.nodes = int(values.pop("nodes", 2000))
        self.reductions = bool(values.pop("lmr", 1))
        self.flips = FlipBudget.from_settings({key: values.pop(key) for key in list(values)
                                               if key in FlipBudget.SETTINGS})
        self.values = values
        self.weights: Weights | None = None
        self.name = f"search:{settings}"

    def new_game(self, ruleset: Ruleset) -> None:
        """The weights are the game's own evaluation weights with the named ones changed."""
        defaults = ruleset.knowledge.weights
        unknown = set(self.values) - set(defaults.names())
        if unknown:
            raise HdchessError(f"search player: unknown weight {sorted(unknown)[0]!r} "
                               f"(weights: {', '.join(defaults.names())}, nodes, lmr, "
                               f"{', '.join(FlipBudget.SETTINGS)})")
        self.weights = dataclasses.replace(defaults, **self.values)

    def choose(self, turn: Turn) -> Choice:
        if self.weights is None:
            self.new_game(turn.state.ruleset)
        searcher = Searcher(turn.state.copy(), SearchLimits(nodes=self.nodes), self.weights, turn.seed,
                            reductions=self.reductions, flips=self.flips)
        return Choice(searcher.run().action)


BASELINES = {"random": RandomPlayer, "greedy": GreedyPlayer}


def play_turns(game: Game, players: Mapping[int, Player], player_seeds: Mapping[int, int],
               on_move: Callable[[PlayedMove, Choice, int], None] | None = None,
               max_actions: int | None = None) -> bool:
    """The turn loop: ask the player to act (1 or 2) for an action and play it,
    until the game ends. ``player_seeds`` gives each player's seed (see
    :func:`move_seed`); ``on_move(entry, choice, player)`` hears of every action.
    Returns False when a player quit, True otherwise."""
    while not game.is_over() and (max_actions is None or len(game.moves) < max_actions):
        number = game.turn_player()
        choice = players[number].choose(make_turn(game, player_seeds[number]))
        if choice.quit:
            return False
        if choice.action is None:  # nothing played (a person took a move back): look again
            continue
        entry = game.play(choice.action)
        if on_move is not None:
            on_move(entry, choice, number)
    return True


def make_player(spec: str, budget: SearchLimits | None = None) -> Player:
    """A player from its command-line name: a level (``Club`` or ``3``, or with its own
    budget: ``Grandmaster@700ms``, ``Master@50000n``), ``random``, ``greedy``, or
    ``engine:<command line>``. A ``budget`` applies to levels and engines without their own."""
    text = str(spec).strip()
    if text.lower() in BASELINES:
        return BASELINES[text.lower()]()
    if text.lower().startswith("engine:"):
        return EnginePlayer(text[len("engine:"):].strip(), budget)
    if text.lower().startswith("search:"):
        return SearchPlayer(text[len("search:"):])
    if "@" in text:  # a level with its own budget: Grandmaster@700ms, Master@50000n
        text, _, own = text.partition("@")
        budget = parse_budget(own)
    try:
        return LevelPlayer(text, budget)
    except HdchessError:
        raise HdchessError(
            f"unknown player {excerpt(spec)}: use an AI level (Beginner ... Grandmaster or 1-6), "
            "random, greedy, or engine:<command>"
        ) from None
