"""One computer move, from the first step to the action played: every entry (the engine's
``go``, a match's players, the terminal, the web bridge and its sliced search) chooses
through a :class:`Decision`, so the steps run in one order under one set of rules.

1. In a game without chance (Cheight), a forced-win search with a share of the budget
   (:func:`.forced.mate_budget`); a win found (or the longest defence of a loss) is played.
2. The search under the level's own budget (its nodes, or its time managed by
   :class:`.timing.TimeManager`) or under the ``limits`` given (at full strength: no
   temperature), with the time the forced-win search spent taken out, so the move keeps to
   its time. The opening book for a move played at full strength; the level's contempt.
3. A level with a temperature picks among the root moves by softmax (none when the search
   read the endgame tables, has one move, or the level converts a won ending).
4. The guard against a proven loss (:func:`.forced.avoid_proven_loss`): never into a forced
   loss the mate search proves.

Run it whole (:func:`decide`) or in slices (``begin``, ``advance(seconds)``, ``result``),
as the page's worker does to show its progress and to move at once when asked.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..rules import GameState
from .forced import avoid_proven_loss, forced_result, time_left
from .level_table import Level, level_by_name
from .levels import contempt_in_units, converting, in_points, softmax_choice, temperature_in_units, time_manager
from .limits import SearchLimits
from .search import Searcher, SearchInfo, SearchResult, StopSignal, Table
from .timing import TimeManager

if TYPE_CHECKING:
    from .parallel import ParallelSearcher

InfoCallback = Callable[[SearchInfo], None]
GUARD_NODES = 80_000  # the budget the loss guard's proofs are a share of when the limits name no nodes


class Decision:
    """The move ``level`` plays in ``state`` with ``seed`` (the same for the same state and seed
    under a node budget): within the level's own budget and temperature, or, given ``limits``,
    within them at full strength. ``stop`` ends the search early; ``on_info`` hears each depth;
    ``threads``, the processes a search by time may use (said by each caller, never a setting
    of the process: a move does not depend on an earlier game; a node budget or a level that
    errs on purpose searches alone); ``tt``, a table shared with other workers (the browser's
    pool): a search with one is one of those workers, in this process."""

    def __init__(self, state: GameState, level: str | int | Level, seed: int = 0,
                 limits: SearchLimits | None = None, *, stop: StopSignal | None = None,
                 on_info: InfoCallback | None = None, threads: int = 1, tt: Table | None = None) -> None:
        self.state = state.copy()
        self.level = level if isinstance(level, Level) else level_by_name(level)
        self.seed = seed
        self.own_budget = limits is None  # the level's own budget, with its temperature
        self.limits = self.level.limits() if limits is None else limits
        self.temperature = self.level.temperature if self.own_budget else 0.0  # in points
        self.stop, self.on_info, self.threads, self.tt = stop, on_info, threads, tt
        self.timing: TimeManager | None = None  # a level that thinks by time: its budget follows the search
        self._search: Searcher | None = None
        self._parallel: ParallelSearcher | None = None  # a search on several processes (run whole)
        self._forced: SearchResult | None = None
        self._chosen: SearchResult | None = None
        self._started = 0.0
        self._forced_ms = 0.0

    # -- the steps --------------------------------------------------------------------------

    def begin(self) -> None:
        """The forced-win search, then the search made ready (it deepens in :meth:`advance`)."""
        state, ruleset = self.state, self.state.ruleset
        self._started = time.perf_counter()
        self._forced = forced_result(state, self.limits, self.on_info)
        if self._forced is not None:
            return
        self._forced_ms = (time.perf_counter() - self._started) * 1000
        limits = time_left(self.limits, self._forced_ms)
        self.timing = time_manager(self.level, ruleset, None if self.own_budget else self.limits, self._forced_ms)
        margin = None if self.temperature <= 0 else 5 * temperature_in_units(self.level, ruleset)
        contempt, book = contempt_in_units(self.level, ruleset), self.temperature <= 0
        workers = self._workers()
        if workers > 1:
            from .parallel import ParallelSearcher, shared_pool

            self._parallel = ParallelSearcher(state.copy(), limits, shared_pool(workers), self.seed, self.on_info,
                                              self.stop, margin, contempt, book, self.timing)
            return
        self._search = Searcher(state.copy(), limits, seed=self.seed, on_info=self.on_info, stop=self.stop,
                                root_margin=margin, contempt=contempt, book=book, timing=self.timing, tt=self.tt)
        self._search.begin()

    def advance(self, seconds: float | None = None) -> bool:
        """Search for at most ``seconds`` more (None: to the end); True once the search is over.
        A search on several processes runs whole."""
        if self._forced is not None or self._chosen is not None:
            return True
        if self._search is None:
            assert self._parallel is not None, "begin() first"
            self._chosen = self._choose(self._parallel.run())
            return True
        return self._search.advance(seconds)

    @property
    def finished(self) -> bool:
        """Nothing is left to search: a forced win found, the book or the tables read, or a limit reached."""
        return self._forced is not None or self._chosen is not None or (
            self._search is not None and self._search.finished)

    def searched(self) -> SearchResult:
        """What the search has found so far (the forced-win search's result when it found one): the
        progress a player is shown; :meth:`result` is the move played."""
        if self._forced is not None:
            return self._forced
        if self._chosen is not None:
            return self._chosen
        assert self._search is not None, "begin() first"
        return self._search.result()

    def result(self) -> SearchResult:
        """The action played: the search's best so far, with the level's temperature and the guard
        against a proven loss (worked out once: asked again, the same)."""
        if self._forced is not None:
            return self._forced
        if self._chosen is None:
            self._chosen = self._choose(self.searched())
        return self._chosen

    def run(self) -> SearchResult:
        self.begin()
        self.advance()
        return self.result()

    def elapsed_ms(self) -> float:
        """The move's time so far, the forced-win search's included."""
        return (time.perf_counter() - self._started) * 1000

    def budget_ms(self) -> float | None:
        """The move's whole time as things stand (None: a node budget): the forced-win search's
        and the search's, which for a level that thinks by time follows the search."""
        if self.timing is not None:
            return self._forced_ms + self.timing.budget_ms()
        return self.limits.movetime_ms

    # -- the rules --------------------------------------------------------------------------

    def _workers(self) -> int:
        """One process for a node budget (deterministic), a level that errs on purpose or a
        search with a shared table (its other workers are elsewhere), else ``threads``."""
        if self.limits.nodes is not None or self.level.temperature > 0 or self.tt is not None:
            return 1
        return self.threads

    def _choose(self, result: SearchResult) -> SearchResult:
        """The temperature's pick among the root moves, then the guard against a proven loss."""
        state = self.state
        if self.temperature > 0 and len(result.root_scores) >= 2 and not result.table and not converting(state):
            rng = random.Random(self.seed * 1_000_003 + state.ply)
            points = {action: in_points(state.ruleset, score) for action, score in result.root_scores.items()}
            action = softmax_choice(points, self.temperature, rng)
            if action != result.action:
                result = replace(result, action=action, score=result.root_scores[action], pv=(action,))
        checks = max(100, (self.limits.nodes or GUARD_NODES) // 8)  # nodes for each proof of a forced loss
        return avoid_proven_loss(state, result, checks)


def decide(state: GameState, level: str | int | Level = "Master", seed: int = 0, limits: SearchLimits | None = None,
           stop: threading.Event | None = None, on_info: InfoCallback | None = None,
           threads: int = 1) -> SearchResult:
    """The move a :class:`Decision` plays, run whole."""
    return Decision(state, level, seed, limits, stop=stop, on_info=on_info, threads=threads).run()


def choose_action(state: GameState, level: str | int | Level = "Master", seed: int = 0,
                  stop: threading.Event | None = None, on_info: InfoCallback | None = None,
                  threads: int = 1) -> SearchResult:
    """The action the level plays in ``state`` within its own budget and temperature."""
    return decide(state, level, seed, None, stop, on_info, threads)


def hint(state: GameState, seed: int = 0) -> SearchResult:
    """The Master's choice, with its evaluation and principal variation."""
    return decide(state, "Master", seed)


__all__ = ["GUARD_NODES", "Decision", "choose_action", "decide", "hint"]
