"""``hdchess match``: play many games between two players and measure who is stronger.

Deals come from the match seed, which no player can reach: by default a fresh
secret one (``secrets``), told only in the summary once every game is over, so
the match can be replayed with ``--seed``; a seed the user gives is kept out
of every process's arguments and environment an engine could read (see
:mod:`hdchess.cli`), and engines start with an environment that names no seed.

Games can come in pairs: the same deal twice, with the players swapped, so
each pairing plays from both seats and a lucky layout cannot decide the
result. Pairing is the default between built-in players; with an external
engine the default is a fresh deal every game (an engine that keeps notes on
disk would otherwise know the second game's deal from the first), and asking
for pairs then warns. Seats alternate either way. Games are independent, so
they run in parallel processes; every game, and so the whole match, is
reproducible from the seed (for players with node budgets; a time budget
depends on the machine's speed). Players' own seeds are drawn apart from the
deals (external engines get fresh random ones).

A game that reaches the move limit (``max_plies``, default
:data:`hdchess.bounds.DEFAULT_MAX_PLIES`) is adjudicated a draw by the match,
not by the rules: its record says ``[Result "1/2-1/2"]`` and ``[Termination "move limit (adjudicated)"]``
and keeps ``Result "*"`` (the rules did not end it).

The summary counts from the first player's side: wins, draws, losses, the
score, and the Elo difference with a 95% interval from the normal
approximation of the per-game score (as cutechess-cli reports it).
"""

from __future__ import annotations

import multiprocessing
import random
import secrets
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import IO

from .ai import SearchLimits
from .bounds import DEFAULT_MAX_PLIES, MAX_GAMES, MAX_JOBS, MAX_MOVETIME_MS, MAX_NODES, MAX_PLIES, check
from .elo import Sprt, elo_interval, elo_text
from .errors import HdchessError
from .game import Game, PlayedMove
from .players import Choice, make_player, play_turns
from .referee import SEED_MAX
from .variants import load_ruleset
from .vocabulary import Termination

GUESSABLE_SEEDS = 2**40  # a match seed below this, an engine could find by trying them all
ADJUDICATED = Termination.ADJUDICATED.value  # the record's Termination of a game the match ended at its move limit


@dataclass(frozen=True)
class GameTask:
    """One game to play: everything a worker process needs, as plain data."""

    index: int  # 0-based; pair = index // 2
    deal_seed: int  # the pair's deal: never shown to a player
    player_seed: int  # the players' seeds for this game (drawn apart from the deal)
    first: str  # player spec of the opener (player 1)
    second: str
    variant: str
    options: tuple[tuple[str, str], ...]
    budget: SearchLimits | None = None  # the search budget of every AI player, instead of its own
    first_is_a: bool = True
    max_plies: int = DEFAULT_MAX_PLIES  # the match adjudicates a draw here


@dataclass(frozen=True)
class GameResult:
    index: int
    first_is_a: bool
    points_a: float  # 1 win, 0.5 draw, 0 loss, for player A
    plies: int
    margin_a: int  # A's final score minus B's
    record: str
    think_ms: tuple[float, float]  # total thinking time of A, of B
    moves: tuple[int, int]  # moves made by A, by B
    adjudicated: bool = False  # ended by the match's move limit, counted a draw


def new_match_seed() -> int:
    """A fresh secret match seed (the default): no player can guess it."""
    return secrets.randbelow(SEED_MAX + 1)


def game_seeds(seed: int, count: int) -> list[int]:
    """``count`` deals (one per pair, or one per game), drawn from the match seed."""
    rng = random.Random(f"hdchess match deals {seed}")
    return [rng.getrandbits(32) for _ in range(count)]


def player_seed(seed: int, index: int) -> int:
    """The players' seed for game ``index``: from the match seed, apart from the deals."""
    return random.Random(f"hdchess match players {seed} {index}").getrandbits(32)


def play_game(task: GameTask) -> GameResult:
    """Play one game to its end. Runs in a worker process."""
    ruleset = load_ruleset(task.variant, **dict(task.options))
    players = []
    try:
        for spec in (task.first, task.second):
            players.append(make_player(spec, task.budget))
            players[-1].new_game(ruleset)
        game = Game(ruleset, seed=task.deal_seed)
        game.tags.update({"Event": "hdchess match", "Round": str(task.index + 1),
                          "Player1": players[0].name, "Player2": players[1].name})
        think, moves = [0.0, 0.0], [0, 0]
        clock = [time.perf_counter()]

        def timed(entry: PlayedMove, choice: Choice, number: int) -> None:
            now = time.perf_counter()
            think[number - 1] += (now - clock[0]) * 1000
            moves[number - 1] += 1
            clock[0] = now

        play_turns(game, {1: players[0], 2: players[1]}, {1: task.player_seed, 2: task.player_seed},
                   on_move=timed, max_actions=task.max_plies)
    finally:
        for player in players:
            player.close()
    adjudicated = game.outcome is None
    if adjudicated:  # the move limit: a draw by the match's say, not the rules'
        game.adjudicate_draw()
        game.tags["Adjudication"] = f"draw at {task.max_plies} plies"
    outcome = game.outcome
    color_a = game.player_color(1 if task.first_is_a else 2)
    if outcome is None or outcome.winner is None:
        points_a = 0.5
    else:
        points_a = 1.0 if outcome.winner == color_a else 0.0
    margin_a = 0 if outcome is None or color_a is None else outcome.scores[color_a] - outcome.scores[color_a ^ 1]
    a, b = (0, 1) if task.first_is_a else (1, 0)
    return GameResult(task.index, task.first_is_a, points_a, len(game.moves), margin_a, game.record_text(),
                      (think[a], think[b]), (moves[a], moves[b]), adjudicated)


def make_tasks(player_a: str, player_b: str, games: int, seed: int, variant: str = "hdc2",
               options: dict[str, str] | None = None, budget: SearchLimits | None = None, paired: bool = True,
               max_plies: int = DEFAULT_MAX_PLIES) -> list[GameTask]:
    """Game 2k has A opening, game 2k+1 B; paired, game 2k+1 replays game 2k's deal,
    else every game has a deal of its own."""
    opts = tuple(sorted((options or {}).items()))
    deals = game_seeds(seed, (games + 1) // 2 if paired else games)
    tasks = []
    for index in range(games):
        a_first = index % 2 == 0
        first, second = (player_a, player_b) if a_first else (player_b, player_a)
        deal = deals[index // 2] if paired else deals[index]
        tasks.append(GameTask(index, deal, player_seed(seed, index), first, second, variant, opts,
                              budget, a_first, max_plies))
    return tasks


@dataclass
class Summary:
    names: tuple[str, str]
    wins: int = 0
    draws: int = 0
    losses: int = 0
    plies: int = 0
    margin: int = 0
    adjudicated: int = 0
    think_ms: list[float] = field(default_factory=lambda: [0.0, 0.0])
    moves: list[int] = field(default_factory=lambda: [0, 0])
    sprt: Sprt | None = None
    seed: int | None = None  # the match seed: told once the match is over, to replay it
    paired: bool = True

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def add(self, result: GameResult) -> None:
        self.wins += result.points_a == 1
        self.draws += result.points_a == 0.5
        self.losses += result.points_a == 0
        self.plies += result.plies
        self.adjudicated += result.adjudicated
        self.margin += result.margin_a
        for i in (0, 1):
            self.think_ms[i] += result.think_ms[i]
            self.moves[i] += result.moves[i]

    def lines(self) -> list[str]:
        a, b = self.names
        n = max(self.games, 1)
        elo, low, high = elo_interval(self.wins, self.draws, self.losses)
        per_move = [self.think_ms[i] / max(self.moves[i], 1) for i in (0, 1)]
        return [
            f"{a} vs {b}: {self.games} games",
            f"  {a}: {self.wins} wins, {self.draws} draws, {self.losses} losses; "
            f"score {self.wins + self.draws / 2:g}/{self.games} = {100 * self.score:.1f}%",
            f"  Elo difference: {elo_text(elo)} (95% interval {elo_text(low)} to {elo_text(high)})",
            f"  average game: {self.plies / n:.1f} plies; {a}'s final score margin {self.margin / n:+.2f} points"
            + (f"; {self.adjudicated} drawn at the move limit" if self.adjudicated else ""),
            f"  time per move: {a} {per_move[0]:.1f} ms, {b} {per_move[1]:.1f} ms",
        ] + (self.sprt.lines(self.names) if self.sprt else [])


# -- running --------------------------------------------------------------------------

def split_records(text: str) -> list[str]:
    """The records of a match file (games separated by blank lines), each for Game.from_record."""
    records: list[str] = []
    current: list[str] = []
    for line in text.splitlines():
        if line.startswith("[") and current and not current[-1].startswith("["):
            records.append("\n".join(current).strip() + "\n")
            current = []
        if line.strip() or current:
            current.append(line)
    if any(line.strip() for line in current):
        records.append("\n".join(current).strip() + "\n")
    return records


def run_tasks(tasks: list[GameTask], jobs: int,
              on_result: Callable[[GameResult], bool | None] | None = None) -> list[GameResult]:
    """Play the games, ``jobs`` at a time, calling ``on_result`` as each ends (it
    may answer True to stop the match: games not finished then are dropped);
    the results come back in game order whatever order they finished in."""
    results = []
    if jobs <= 1 or len(tasks) <= 1:
        finished: Iterable[GameResult] = map(play_game, tasks)
        for result in finished:
            results.append(result)
            if on_result and on_result(result):
                break
    else:
        with multiprocessing.Pool(min(jobs, len(tasks))) as pool:
            for result in pool.imap_unordered(play_game, tasks):
                results.append(result)
                if on_result and on_result(result):
                    pool.terminate()
                    break
    return sorted(results, key=lambda r: r.index)


class ProgressBar:
    """A one-line bar on a terminal's stderr, redrawn as games finish."""

    def __init__(self, total: int, names: tuple[str, str], stream: IO[str] | None = None, width: int = 30) -> None:
        self.total, self.names, self.width = total, names, width
        self.stream = stream or sys.stderr
        self.done = 0
        self.points = 0.0
        self.start = time.perf_counter()

    def update(self, result: GameResult) -> None:
        self.done += 1
        self.points += result.points_a
        filled = self.width * self.done // max(self.total, 1)
        elapsed = time.perf_counter() - self.start
        a, b = self.names
        left = elapsed / self.done * (self.total - self.done)
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} games, "
                          f"{a} {self.points:g} - {self.done - self.points:g} {b}, {elapsed:.0f} s, "
                          f"about {left:.0f} s left ")
        self.stream.flush()

    def finish(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def check_player(spec: str) -> str:
    """Fail early, before any process starts, on a name that is no player."""
    if not is_engine(spec):
        make_player(spec).close()
    return spec


def is_engine(spec: str) -> bool:
    return spec.strip().lower().startswith("engine:")


def check_budget(budget: SearchLimits | None) -> None:
    """The match's budget within the bounds every entry point shares (:mod:`hdchess.bounds`)."""
    if budget is None:
        return
    if budget.nodes is not None:
        check("--nodes", budget.nodes, MAX_NODES, 1)
    if budget.movetime_ms is not None:
        movetime = budget.movetime_ms
        if not isinstance(movetime, (int, float)) or not 1 <= movetime <= MAX_MOVETIME_MS:
            raise HdchessError(f"--movetime must be from 1 to {MAX_MOVETIME_MS:,}, not {movetime!r:.40}")


def run_match(player_a: str, player_b: str, games: int, seed: int | None = None, variant: str = "hdc2",
              options: dict[str, str] | None = None, budget: SearchLimits | None = None, jobs: int = 1,
              progress: bool = False, sprt: Sprt | None = None, paired: bool | None = None,
              max_plies: int = DEFAULT_MAX_PLIES, warn: IO[str] | None = None) -> tuple[Summary, list[GameResult]]:
    """Play up to ``games`` games (all of them, or until ``sprt`` reaches a verdict).

    ``seed`` None (the default) draws a fresh secret match seed; the summary's
    ``seed`` tells it once the match is over. ``paired`` None pairs the deals
    unless a player is an external engine; pairs with an engine write a warning
    to ``warn`` (stderr)."""
    games = check("--games", games, MAX_GAMES, 1)
    jobs = check("--jobs", jobs, MAX_JOBS, 1)
    max_plies = check("--max-plies", max_plies, MAX_PLIES, 1)
    check_budget(budget)
    engines = is_engine(player_a) or is_engine(player_b)
    if seed is None:
        seed = new_match_seed()
    elif check("--seed", seed, SEED_MAX) < GUESSABLE_SEEDS and engines:
        (warn or sys.stderr).write(f"hdchess: warning: --seed {seed} is small enough for an engine to guess "
                                   "(and so to know every deal): leave it out for a secret one\n")
    if paired is None:
        paired = not engines
    elif paired and engines:
        (warn or sys.stderr).write("hdchess: warning: paired deals: an engine that keeps notes between games "
                                   "knows the second game's deal from the first\n")
    load_ruleset(variant, **(options or {}))  # bad rules: one clear error, not one per worker
    tasks = make_tasks(check_player(player_a), check_player(player_b), games, seed, variant, options, budget,
                       paired, max_plies)
    names = (_label(player_a, budget), _label(player_b, budget))
    bar = ProgressBar(games, names) if progress else None

    def finished(result: GameResult) -> bool:
        if bar:
            bar.update(result)
        if sprt is None:
            return False
        sprt.add(result)
        return sprt.verdict() is not None

    results = run_tasks(tasks, jobs, finished)
    if bar:
        bar.finish()
    summary = Summary(names, sprt=sprt, seed=seed, paired=paired)
    for result in results:
        summary.add(result)
    return summary, results


def _label(spec: str, budget: SearchLimits | None) -> str:
    """A player's name for the summary, known without starting an engine."""
    if spec.lower().startswith("engine:"):
        return spec[len("engine:"):].strip()
    return make_player(spec, budget).name
