"""The AI levels: five with a node budget and a softmax temperature over root
moves, and a top level that thinks by time.

A node budget (not a time budget) makes a level deterministic for a given
position and seed, on any machine, in CPython or in the browser. Weak levels
pick among the root moves with probabilities softmax(score / T), the scores
and T in points of material: a move a little worse than the best is often
played, a blunder rarely, which is how people err, and a found win is played
in a won position as surely as a free piece is taken in an even one; once
nothing is left to chance and a level is clearly ahead, it plays its best
move and walks the ending home (:func:`converting`). The top
level (Grandmaster) searches for a time instead, as deep as the machine
allows: about 2 s a move (the web app shows its progress and can make it move
at once).

The table of levels (:mod:`.level_table`) is kept apart from the search, so
naming or listing the levels costs no search; this module plays them.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..rules import GameState
from .forced import avoid_proven_loss, forced_result, time_left
from .level_table import LEVELS, TIMED_LEVELS, TOP_LEVEL, Level, level_by_name
from .limits import SearchLimits, default_threads
from .search import Searcher, SearchInfo, SearchResult, Table, analyse
from .timing import TimeManager

if TYPE_CHECKING:
    from ..rules import Ruleset

InfoCallback = Callable[[SearchInfo], None]


def softmax_choice(scores: dict[int, float], temperature: float, rng: random.Random) -> int:
    """Pick a root action with probability proportional to exp(score / T) (scores and T in points)."""
    best = max(scores.values())
    actions = sorted(scores)  # a fixed order, so the draw depends only on the seed
    weights = [math.exp((scores[a] - best) / temperature) for a in actions]
    return rng.choices(actions, weights)[0]


def point_units(ruleset: Ruleset) -> float:
    """One point in the units of the game's evaluation."""
    units = ruleset.knowledge.point_units
    return units(ruleset) if units is not None else 1.0


def in_points(ruleset: Ruleset, value: float) -> float:
    """A search value (the evaluation's units) in points of material."""
    convert = ruleset.knowledge.in_points
    return convert(ruleset, value) if convert is not None else value / point_units(ruleset)


def temperature_in_units(level: Level, ruleset: Ruleset) -> float:
    """The level's temperature (in points) in the units of the game's evaluation."""
    return level.temperature * point_units(ruleset)


def contempt_in_units(level: Level, ruleset: Ruleset) -> float:
    """What a draw costs the level (in points) in the units of the game's evaluation."""
    return level.contempt * point_units(ruleset)


def converting(state: GameState) -> bool:
    """Is the side to act clearly winning a win/loss game with nothing left to chance?
    A level then plays its best move: its temperature makes it err like a person in
    the open game, but drawn out to the no-progress rule it wandered away the won
    endings a person walks home (banqi's Expert, 8,000 nodes, drew 42 of 200 games
    against the Club 10 or more points up with nothing face-down)."""
    ruleset = state.ruleset
    knowledge = ruleset.knowledge
    lead = knowledge.converting_lead
    if lead is None or ruleset.decided_by_score or state.has_chance():
        return False
    return knowledge.estimate(state, knowledge.weights) >= lead


def time_manager(level: Level, ruleset: Ruleset, limits: SearchLimits | None = None) -> TimeManager | None:
    """The budget of a move of a level that thinks by time, following the search (timing.py);
    None for a level with a node budget or a search given its own ``limits``."""
    if limits is not None or level.movetime_ms is None:
        return None
    return TimeManager(level.movetime_ms, point_units(ruleset))


def choose_action(state: GameState, level: str | int | Level = "Master", seed: int = 0,
                  stop: threading.Event | None = None, on_info: InfoCallback | None = None,
                  threads: int | None = None) -> SearchResult:
    """The action the level plays in ``state``: the same for the same state and seed
    (for a level with a node budget; ``stop`` and ``on_info`` as for ``analyse``). A level
    that thinks by time searches with ``threads`` worker processes (:mod:`.parallel`; None:
    the process's default, :func:`.limits.default_threads`); a level with a node budget
    always searches alone."""
    level = level if isinstance(level, Level) else level_by_name(level)
    forced = forced_result(state, level.limits(), on_info)  # no chance (Cheight): a forced win first
    if forced is not None:
        return forced
    temperature = temperature_in_units(level, state.ruleset)
    margin = None if temperature <= 0 else 5 * temperature
    contempt, timing = contempt_in_units(level, state.ruleset), time_manager(level, state.ruleset)
    workers = _workers(level, level.limits(), threads)
    if workers > 1:
        from .parallel import ParallelSearcher, shared_pool

        result = ParallelSearcher(state.copy(), level.limits(), shared_pool(workers), seed, on_info, stop, margin,
                                  contempt, temperature <= 0, timing).run()
    else:
        result = analyse(state, level.limits(), seed=seed, root_margin=margin, stop=stop, on_info=on_info,
                         contempt=contempt, book=temperature <= 0, timing=timing)
    checks = max(100, (level.nodes or 80_000) // 8)  # nodes for each proof that the other side wins by force
    if temperature <= 0 or len(result.root_scores) < 2 or result.table:
        return avoid_proven_loss(state, result, checks)  # every level plays what the endgame tables say
    if converting(state):
        return avoid_proven_loss(state, result, checks)
    rng = random.Random(seed * 1_000_003 + state.ply)
    points = {action: in_points(state.ruleset, score) for action, score in result.root_scores.items()}
    action = softmax_choice(points, level.temperature, rng)
    if action != result.action:
        result = replace(result, action=action, score=result.root_scores[action], pv=(action,))
    return avoid_proven_loss(state, result, checks)  # a game without chance: never into a proved forced loss


def level_searcher(state: GameState, level: str | int | Level, seed: int = 0, limits: SearchLimits | None = None,
                   stop: threading.Event | None = None, on_info: InfoCallback | None = None,
                   tt: Table | None = None) -> Searcher:
    """A search of ``state`` as the level plays it at full strength (no temperature; the
    opening book, as every level that always plays its best move), within its own budget
    or ``limits``, with its contempt for draws: run it whole (``run``) or in slices
    (``begin`` and ``advance``); ``tt``, a table other workers share (the browser's pool)."""
    level = level if isinstance(level, Level) else level_by_name(level)
    return Searcher(state, level.limits() if limits is None else limits, on_info=on_info, stop=stop, book=True,
                    timing=time_manager(level, state.ruleset, limits), tt=tt,
                    **level_options(state, level, seed))


def level_options(state: GameState, level: str | int | Level, seed: int) -> dict[str, Any]:
    """What a search of ``state`` at the level is made with beyond its limits, as plain
    data: the same for every worker of a parallel search (each adds its index to the seed)."""
    level = level if isinstance(level, Level) else level_by_name(level)
    return {"seed": seed, "contempt": contempt_in_units(level, state.ruleset)}


def level_search(state: GameState, level: str | int | Level, seed: int = 0, limits: SearchLimits | None = None,
                 stop: threading.Event | None = None, on_info: InfoCallback | None = None,
                 threads: int | None = None) -> SearchResult:
    """What :func:`level_searcher` finds, run whole; with ``threads`` workers (None: the
    process's default) unless the search has a node budget, which one process keeps exact."""
    level = level if isinstance(level, Level) else level_by_name(level)
    budget = level.limits() if limits is None else limits
    workers = _workers(level, budget, threads)
    if workers <= 1:
        return level_searcher(state, level, seed, limits, stop, on_info).run()
    from .parallel import ParallelSearcher, shared_pool

    return ParallelSearcher(state.copy(), budget, shared_pool(workers), seed, on_info, stop,
                            contempt=contempt_in_units(level, state.ruleset), book=True,
                            timing=time_manager(level, state.ruleset, limits)).run()


def search_within(state: GameState, level: str | int | Level, seed: int, limits: SearchLimits,
                  stop: threading.Event | None = None, on_info: InfoCallback | None = None,
                  threads: int | None = None) -> SearchResult:
    """A move searched within ``limits`` at the level's full strength, as the engine's ``go`` with limits
    and a match's ``Grandmaster@700ms`` play it: in a game without chance a forced win first (a share of
    the limits), then :func:`level_search` with the time that is left, so the move keeps to its time."""
    started = time.perf_counter()
    forced = forced_result(state, limits, on_info)
    if forced is not None:
        return forced
    spent_ms = (time.perf_counter() - started) * 1000
    return level_search(state.copy(), level, seed, time_left(limits, spent_ms), stop, on_info, threads)


def _workers(level: Level, limits: SearchLimits, threads: int | None) -> int:
    """How many processes search: one for a node budget (deterministic) or a level that
    errs on purpose, else ``threads`` (None: the process's default)."""
    if limits.nodes is not None or level.temperature > 0:
        return 1
    return default_threads() if threads is None else threads


def hint(state: GameState, seed: int = 0) -> SearchResult:
    """The Master's choice, with its evaluation and principal variation."""
    return choose_action(state, "Master", seed)


__all__ = ["LEVELS", "TIMED_LEVELS", "TOP_LEVEL", "Level", "choose_action", "contempt_in_units", "converting",
           "hint", "in_points", "level_by_name", "level_search", "level_searcher", "point_units", "search_within",
           "softmax_choice", "temperature_in_units", "time_manager"]
