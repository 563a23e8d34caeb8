"""Parallel search over processes: the root's moves split among workers, the bounds shared.

Each worker is a fresh Python process (``python -m hdchess.ai.parallel``) that keeps
one :class:`~.search.Searcher` per move, its transposition table, killers and
history filled iteration after iteration. The coordinator (the calling process)
deepens as the one-process search does; in each iteration it hands the root's
actions out one at a time, in the search's own order, to whichever worker is free:

- the first (best so far) action is searched with the full window;
- while it is, the other workers are not left idle: they search the next actions
  against the last iteration's value less ``ASPIRATION_POINTS`` (a guess);
- once any action has an exact value, every action handed out later is searched
  against the best value known (the bound shared), as the one-process search would;
- an action that failed low against a guess that turned out too high is searched
  again, so every value is exactly what a one-process search could have returned:
  exact above the window, a bound below it.

Why this and not helpers sharing one table (lazy SMP): processes share no memory
in CPython without a hand-made table in shared memory read at every node, and a
browser only gives a page shared memory when its host sends cross-origin
isolation headers, which a static host cannot. Root splitting needs only
messages (a position, then "search this action to this depth above this
value"), so the same design serves the command line and the browser's workers
(web/docs/ai.md). Its figures: tests/bench/bench_parallel.py.

Fair play: a worker is started with a clean command line and an environment
without any variable naming a seed, and it is sent the public record only (the
position the record starts from, then each action with what a flip revealed,
as a record writes it): nothing of the deal, nothing a referee keeps. It
inherits no memory from the process that runs the game (no fork).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from ..gamestate import Action
from ..rules import GameState
from .limits import DEVICE_CAP, MAX_THREADS, SearchLimits
from .search import INFINITY, Searcher, SearchInfo, SearchResult, StopSignal
from .timing import TimeManager

ASPIRATION_POINTS = 0.5  # a worker waiting for the first action searches against last value less this
_POLL_S = 0.05  # how often the coordinator looks at the clock and the stop signal while it waits
_REPLY_S = 10.0  # a worker that has not answered a stop in this long is taken for dead

# (variant, settings, the position the record starts from, ((action, what a flip revealed or None), ...))
PublicRecord = tuple[str, tuple[tuple[str, Any], ...], str, tuple[tuple[Action, int | None], ...]]


def device_threads() -> int:
    """The workers the top level uses by default: the machine's cores, capped."""
    return max(1, min(os.cpu_count() or 1, DEVICE_CAP))


_default_threads = 1


def set_default_threads(threads: int) -> None:
    """How many workers the top level uses in this process when no one says (``hdchess
    play --threads``); 1, a search in this process alone, unless set."""
    global _default_threads
    _default_threads = max(1, min(threads, MAX_THREADS))


def default_threads() -> int:
    return _default_threads


# -- the public record a worker rebuilds the position from ---------------------------------

def public_record(state: GameState) -> PublicRecord:
    """What a worker is sent of ``state``: the public position its history starts from and
    each action since, a flip with the piece it revealed (read back from the public hash).
    Raises ValueError if the record does not rebuild ``state`` exactly."""
    actions = list(state.move_stack)
    work = state.copy()
    keys_after: list[int] = []
    for _ in actions:
        keys_after.append(work.search_key())
        work.pop()
    keys_after.reverse()
    start = work.position_text(extended=True)
    replay = _parse(state.ruleset.variant, state.ruleset.settings, start)
    history: list[tuple[Action, int | None]] = []
    for action, key in zip(actions, keys_after, strict=True):
        revealed = None
        if replay.is_chance(action):
            revealed = _revealed(replay, action, key)
        else:
            replay.push(action)
        history.append((action, revealed))
    if replay.search_key() != state.search_key() or replay.repetitions() != state.repetitions():
        raise ValueError("the public record does not rebuild the position")
    return state.ruleset.variant, state.ruleset.settings, start, tuple(history)


def _revealed(state: GameState, action: Action, key_after: int) -> int:
    """Push the chance ``action`` with the result that gives ``key_after``; that result."""
    for outcome, _ in state.chance_outcomes(action):
        state.push(action, outcome)
        if state.search_key() == key_after:
            return outcome
        state.pop()
    raise ValueError("no result of a chance action gives the position that followed it")


def _parse(variant: str, settings: Sequence[tuple[str, Any]], text: str) -> GameState:
    from ..notation import parse_position
    from ..variants import load_ruleset

    return parse_position(text, load_ruleset(variant, **dict(settings)))


def rebuild(record: PublicRecord) -> GameState:
    """The position a public record describes (in a worker)."""
    variant, settings, start, history = record
    state = _parse(variant, settings, start)
    for action, revealed in history:
        state.push(action, revealed)
    return state


# -- a worker ---------------------------------------------------------------------------------

class _MessageWaiting:
    """A worker's stop signal: any message from the coordinator while it searches."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def is_set(self) -> bool:
        return self._conn.poll()


def serve(conn: Connection) -> None:
    """A worker's life: a position, then root actions to search at a depth, until told to quit
    (or the coordinator is gone)."""
    searcher: Searcher | None = None
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        kind = message[0]
        if kind == "quit":
            return
        if kind == "position":
            _, record, options = message
            searcher = Searcher(rebuild(record), SearchLimits(), stop=_MessageWaiting(conn), **options)
            searcher.begin()
            conn.send(("ready",))
        elif kind == "search" and searcher is not None:
            _, action, depth, alpha = message
            nodes, hits = searcher.nodes, searcher.horizon_hits
            value = searcher.search_root_action(action, depth, alpha)
            if value is None:
                conn.send(("stopped", action, searcher.nodes - nodes))
            else:
                pv = searcher.pv(action) if value > alpha else (action,)
                conn.send(("done", action, value, searcher.nodes - nodes, searcher.horizon_hits - hits, pv))
        # "stop" for a search that had already ended: nothing to do


class WorkerError(Exception):
    """A worker died or stopped answering: the pool is closed, the search goes on in one process."""


class Worker:
    """One worker process and the connection to it."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair()
        package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = {key: value for key, value in os.environ.items() if "SEED" not in key.upper()}
        env["PYTHONPATH"] = os.pathsep.join([package_root, *filter(None, [env.get("PYTHONPATH")])])
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hdchess.ai.parallel", str(theirs.fileno())], pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=env, cwd=package_root)
        theirs.close()
        self.conn = Connection(ours.detach())

    def send(self, message: tuple[Any, ...]) -> None:
        try:
            self.conn.send(message)
        except OSError as exc:
            raise WorkerError(f"a search worker is gone: {exc}") from None

    def receive(self, timeout: float = _REPLY_S) -> tuple[Any, ...]:
        try:
            if not self.conn.poll(timeout):
                raise WorkerError("a search worker stopped answering")
            message: tuple[Any, ...] = self.conn.recv()
            return message
        except (EOFError, OSError) as exc:
            raise WorkerError(f"a search worker is gone: {exc}") from None

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.send(("quit",))
        self.conn.close()
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class WorkerPool:
    """``size`` worker processes, started at the first search and kept for the next moves."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.workers: list[Worker] = []

    def start(self) -> list[Worker]:
        if not self.workers:
            self.workers = [Worker() for _ in range(self.size)]
        return self.workers

    def close(self) -> None:
        workers, self.workers = self.workers, []
        for worker in workers:
            worker.close()

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_pools: dict[int, WorkerPool] = {}
_pools_lock = threading.Lock()


def shared_pool(threads: int) -> WorkerPool:
    """The process's pool of ``threads`` workers (closed when the process exits)."""
    with _pools_lock:
        pool = _pools.get(threads)
        if pool is None:
            pool = _pools[threads] = WorkerPool(threads)
        return pool


@atexit.register
def close_pools() -> None:
    with _pools_lock:
        pools = list(_pools.values())
        _pools.clear()
    for pool in pools:
        pool.close()


# -- the coordinator ------------------------------------------------------------------------------

class _Interrupted(Exception):
    """The time is up or the search was told to stop in the middle of an iteration."""


class ParallelSearcher:
    """One search of one position by a pool's workers (make one per decision). The same
    arguments and result as :class:`~.search.Searcher`; the nodes are every worker's."""

    def __init__(self, state: GameState, limits: SearchLimits, pool: WorkerPool, seed: int = 0,
                 on_info: Callable[[SearchInfo], None] | None = None, stop: StopSignal | None = None,
                 root_margin: float | None = None, contempt: float = 0.0, book: bool = False,
                 timing: TimeManager | None = None, selective: bool = True, reductions: bool = True) -> None:
        self.state = state
        self.limits = limits
        self.pool = pool
        self.on_info = on_info
        self.stop_event = stop
        self.margin = 0.0 if root_margin is None else root_margin
        self.timing = timing
        options: dict[str, Any] = {"seed": seed, "root_margin": root_margin, "contempt": contempt,
                                   "selective": selective, "reductions": reductions}
        self._options = options  # what a worker's searcher is made with
        # the root's order, book and tables; it searches only a forced move or a node budget
        self.local = Searcher(state, limits, stop=stop, book=book, timing=timing, **options)
        units = state.ruleset.knowledge.point_units
        self._aspiration = ASPIRATION_POINTS * (units(state.ruleset) if units is not None else 1.0)
        self.nodes = 0
        self.jobs = 0  # root actions searched (a bench counts them)
        self.worker_nodes = [0] * pool.size  # the work each worker did (a bench reads it)

    def run(self) -> SearchResult:
        local, state = self.local, self.state
        local.begin()
        actions = state.legal_actions()
        if local.finished or len(actions) == 1 or self.limits.nodes is not None:
            local.advance()  # the book, the tables, a forced move or a node budget: one process
            return local.result()
        self._started = time.perf_counter()
        budget = self.timing.budget_ms() if self.timing is not None else self.limits.movetime_ms
        self._deadline = None if budget is None else self._started + budget / 1000
        try:
            return self._deepen(actions)
        except WorkerError:
            self.pool.close()  # started again at the next search
            return Searcher(state, self._remaining_limits(), stop=self.stop_event, **self._options).run()

    def _remaining_limits(self) -> SearchLimits:
        if self._deadline is None:
            return SearchLimits(depth=self.limits.depth)
        left = max(1.0, (self._deadline - time.perf_counter()) * 1000)
        return SearchLimits(movetime_ms=left, depth=self.limits.depth)

    def _deepen(self, actions: list[Action]) -> SearchResult:
        workers = self.pool.start()
        record = public_record(self.state)
        for worker in workers:
            worker.send(("position", record, self._options))
        for worker in workers:
            worker.receive()
        scores: dict[Action, float] = {}
        pvs: dict[Action, tuple[Action, ...]] = {}
        depth_done, solved = 0, False
        deeper: tuple[Action, float, tuple[Action, ...]] | None = None
        max_depth = min(self.limits.depth or 64, 64)
        for depth in range(1, max_depth + 1):
            order = self.local.root_order(depth, actions, scores)
            try:
                new_scores, pvs, hits = self._iteration(workers, depth, order, scores)
            except _Interrupted as stopped:
                deeper = stopped.args[0] if stopped.args else None
                break
            scores, depth_done = new_scores, depth
            solved = hits == 0 and not self.state.has_chance()
            best = max(scores, key=scores.__getitem__)
            if self.on_info:
                self.on_info(SearchInfo(depth, scores[best], self.nodes, self._elapsed_ms(), pvs[best], solved))
            if self.timing is not None:
                budget_ms = self.timing.after_iteration(depth, best, scores[best], scores)
                self._deadline = self._started + budget_ms / 1000
            if solved or self._time_up():
                break
        if not scores:  # not even depth 1 finished
            scores = {a: 0.0 for a in actions}
        best = max(scores, key=scores.__getitem__)
        score, pv = scores[best], pvs.get(best, (best,))
        if deeper is not None:
            best, score, pv = deeper
        return SearchResult(best, score, depth_done, self.nodes, self._elapsed_ms(), pv, scores, solved)

    def _iteration(self, workers: list[Worker], depth: int, order: list[Action], previous: dict[Action, float]
                   ) -> tuple[dict[Action, float], dict[Action, tuple[Action, ...]], int]:
        """Search every root action at ``depth``; what is known of each, the lines of the
        exact ones and the leaves that were estimates (none: the game is solved). Raises
        _Interrupted with the better action the iteration found, if any, when cut short."""
        first = order[0]
        guess = max(previous.values()) - self._aspiration if previous else None
        pending = list(order)
        windows: dict[Action, float] = {}
        results: dict[Action, float] = {}
        pvs: dict[Action, tuple[Action, ...]] = {}
        busy: dict[int, Action] = {}  # worker index -> the action it searches
        alpha = -INFINITY  # the best exact value so far
        hits = 0
        while pending or busy:
            for index, worker in enumerate(workers):
                if index in busy or not pending:
                    continue
                action = pending[0]
                if action == first and first not in results:
                    window = -INFINITY
                elif alpha > -INFINITY:
                    window = alpha - self.margin
                elif guess is not None:
                    window = guess - self.margin
                else:
                    break  # the first iteration: wait for the first action's value
                pending.pop(0)
                windows[action] = window
                worker.send(("search", action, depth, window))
                busy[index] = action
                self.jobs += 1
            try:
                replies = self._replies(workers, busy)
            except _Interrupted:
                raise _Interrupted(self._found_deeper(first, previous, windows, results, pvs)) from None
            for index, reply in replies:
                action = busy.pop(index)
                _, _, value, nodes, action_hits, pv = reply
                self._count(index, nodes)
                hits += action_hits
                results[action] = value
                if value > windows[action]:  # exact
                    pvs[action] = pv
                    alpha = max(alpha, value)
            if not pending and not busy:  # a fail low against a guess above the final best: again
                pending = [a for a in order if a in results and results[a] <= windows[a]
                           and windows[a] > alpha - self.margin]
                for action in pending:
                    del results[action]
        return {action: results[action] for action in order}, pvs, hits

    @staticmethod
    def _found_deeper(first: Action, previous: dict[Action, float], windows: dict[Action, float],
                      results: dict[Action, float], pvs: dict[Action, tuple[Action, ...]]
                      ) -> tuple[Action, float, tuple[Action, ...]] | None:
        """What an interrupted iteration learned, as the one-process search reads it: an
        action whose exact value beats the first action's new value (with no earlier
        iteration, the best exact value found). None when it found nothing better."""
        exact = {a: v for a, v in results.items() if v > windows[a]}
        if not exact or (previous and first not in exact):
            return None
        best = max(exact, key=exact.__getitem__)
        if previous and exact[best] <= exact[first]:
            return None
        return best, exact[best], pvs.get(best, (best,))

    def _replies(self, workers: list[Worker], busy: dict[int, Action]) -> list[tuple[int, tuple[Any, ...]]]:
        """The answers of the busy workers that have one, waiting for at least one; on the
        deadline or the stop signal, every busy worker is stopped and the iteration ends."""
        while True:
            timeout = _POLL_S
            if self._deadline is not None:
                timeout = max(0.0, min(timeout, self._deadline - time.perf_counter()))
            ready = wait([workers[i].conn for i in busy], timeout)
            if ready:
                return [(i, workers[i].receive()) for i in busy if workers[i].conn in ready]
            if self._time_up():
                self._stop_workers(workers, busy)
                raise _Interrupted()

    def _stop_workers(self, workers: list[Worker], busy: dict[int, Action]) -> None:
        for index in busy:
            workers[index].send(("stop",))
        for index in busy:
            reply = workers[index].receive()
            self._count(index, reply[2] if reply[0] == "stopped" else reply[3])

    def _count(self, index: int, nodes: int) -> None:
        self.nodes += nodes
        self.worker_nodes[index] += nodes

    def _time_up(self) -> bool:
        return ((self._deadline is not None and time.perf_counter() >= self._deadline)
                or (self.stop_event is not None and self.stop_event.is_set()))

    def _elapsed_ms(self) -> float:
        return (time.perf_counter() - self._started) * 1000


def main(argv: Sequence[str]) -> int:
    """A worker process: ``python -m hdchess.ai.parallel FD`` (FD: its end of the socket)."""
    serve(Connection(int(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


__all__ = ["DEVICE_CAP", "MAX_THREADS", "ParallelSearcher", "WorkerPool", "default_threads", "device_threads",
           "public_record", "rebuild", "set_default_threads", "shared_pool"]
