"""Parallel search over processes: helpers sharing one table, or the root's moves split.

Every worker is a fresh Python process (``python -m hdchess.ai.parallel``). Two ways to
use them, both here because the measurements chose one and the browser may need the other:

- **Helpers sharing a table** (lazy SMP; the default: :func:`shared_pool`). Every worker
  searches the whole position by iterative deepening, the odd ones a depth ahead from the
  start, all reading and writing one transposition table in shared memory
  (:class:`SharedTable`, 24 bytes a slot). What one finds, the others read instead of
  searching it again. The first worker's depths are the search's; the deepest result any
  worker completed is played. With 2 workers the first reaches a depth with about 0.66 of
  the nodes one process needs, with 8 about 0.27; root splitting 0.85 and 0.79
  (tests/bench/bench_parallel.py).
- **Root splitting** (a pool without a table). The coordinator deepens and hands out each
  iteration's root actions one at a time to the free workers, each keeping its own table:
  the first action with the full window, the next ones against the best value known (the
  bound shared) or, while the first is still searched, against the last iteration's
  value less ``ASPIRATION_POINTS``; an action that failed low against a guess that proved
  too high is searched again, so every value is one a one-process search could return.
  It needs only messages, no shared memory: the design a browser without cross-origin
  isolation can use (web/docs/ai.md). It gains little: the first action is most of the work.

Fair play: a worker is started with a clean command line and an environment without any
variable naming a seed, inherits no memory of the process that runs the game (no fork),
and is sent the public record only (the position the record starts from, then each
action with what a flip revealed, as a record writes it): nothing of the deal, nothing a
referee keeps. Its only seed is the player's own move seed, which knows nothing of the deal.
"""

from __future__ import annotations

import atexit
import contextlib
import mmap
import os
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from ..rules import GameState
from ..vocabulary import Action
from .limits import SearchLimits
from .search import INFINITY, Searcher, SearchInfo, SearchResult, StopSignal, TTEntry
from .sharing import PublicRecord, entry_data, entry_of, fold_key, public_record, rebuild
from .timing import TimeManager

TABLE_ENTRIES = 1 << 20  # the shared table's slots (24 MB)
ASPIRATION_POINTS = 0.5  # a worker waiting for the first action searches against last value less this
_POLL_S = 0.05  # how often the coordinator looks at the clock and the stop signal while it waits
_REPLY_S = 10.0  # a worker that has not answered a stop in this long is taken for dead

# -- the table helpers share ------------------------------------------------------------------

_ENTRY = struct.Struct("<QQd")  # key ^ data (a torn entry fails the check), data, value


class SharedTable:
    """A transposition table in memory every worker maps (the helpers' search): one entry a
    slot, always replaced, packed in 24 bytes. A torn entry (two workers writing one slot at
    once) fails its check and reads as none, as does an entry of another search (``salt``)."""

    def __init__(self, fd: int, entries: int) -> None:
        self.fd, self.entries = fd, entries
        self._memory = mmap.mmap(fd, entries * _ENTRY.size)
        self._mask = entries - 1
        self.salt = 0  # each search's own: an entry of an earlier search fails the check (no clearing 24 MB)
        self._unpack, self._pack = _ENTRY.unpack_from, _ENTRY.pack_into

    @classmethod
    def create(cls, entries: int) -> SharedTable:
        """A new zeroed table (``entries``: a power of two) in memory a child can map by its descriptor."""
        if hasattr(os, "memfd_create"):
            fd = os.memfd_create("hdchess-table")
        else:
            handle = tempfile.TemporaryFile()  # noqa: SIM115 (the descriptor outlives the object)
            fd = os.dup(handle.fileno())
            handle.close()
        os.ftruncate(fd, entries * _ENTRY.size)
        return cls(fd, entries)

    def get(self, key: int) -> TTEntry | None:
        if key >> 64 or key < 0:
            key = fold_key(key)
        check, data, value = self._unpack(self._memory, (key & self._mask) * _ENTRY.size)
        if check ^ data ^ self.salt != key:
            return None
        return entry_of(data, value)

    def __setitem__(self, key: int, entry: TTEntry) -> None:
        if key >> 64 or key < 0:
            key = fold_key(key)
        data = entry_data(entry)
        self._pack(self._memory, (key & self._mask) * _ENTRY.size, key ^ data ^ self.salt, data, entry[2])

    def close(self) -> None:
        self._memory.close()
        os.close(self.fd)


# -- a worker ---------------------------------------------------------------------------------

class _MessageWaiting:
    """A worker's stop signal: any message from the coordinator while it searches."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def is_set(self) -> bool:
        return self._conn.poll()


def serve(conn: Connection, table: SharedTable | None = None) -> None:
    """A worker's life: a position, then root actions to search at a depth (root splitting)
    or a whole search with the shared table (helpers), until told to quit (or the
    coordinator is gone)."""
    searcher: Searcher | None = None
    record: PublicRecord | None = None
    options: dict[str, Any] = {}
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
        elif kind == "think" and record is not None and table is not None:
            _, max_depth, index, table.salt = message
            conn.send(("result", *_think(conn, table, record, options, max_depth, index)))
        # "stop" for a search that had already ended: nothing to do


def _think(conn: Connection, table: SharedTable, record: PublicRecord, options: dict[str, Any], max_depth: int,
           index: int) -> tuple[Action, float, int, int, tuple[Action, ...], dict[Action, float], bool, float]:
    """A whole search with the shared table; the first worker reports each depth, a helper
    (any other) stays a depth ahead of it from the start (their entries then differ). The
    result ends with the processor time it took (ms: a bench's time to depth on a busy machine)."""
    cpu = time.process_time()
    searcher = Searcher(rebuild(record), SearchLimits(depth=max_depth), stop=_MessageWaiting(conn), tt=table,
                        **{**options, "seed": options["seed"] + index})

    def report(info: SearchInfo) -> None:
        scores = searcher.scores
        best = max(scores, key=scores.__getitem__)
        conn.send(("info", info.depth, best, info.score, info.nodes, info.pv, dict(scores), info.solved))

    if index == 0:
        searcher.on_info = report
    searcher.begin()
    if index % 2:
        searcher.best_depth = 1
    searcher.advance()
    result = searcher.result()
    depth = result.depth if searcher.scores else 0  # a helper that skipped depth 1 and finished nothing
    cpu_ms = (time.process_time() - cpu) * 1000
    return result.action, result.score, depth, searcher.nodes, result.pv, result.root_scores, result.solved, cpu_ms


class WorkerError(Exception):
    """A worker died or stopped answering: the pool is closed, the search goes on in one process."""


class Worker:
    """One worker process and the connection to it (and the table it shares, if any)."""

    def __init__(self, table: SharedTable | None = None) -> None:
        ours, theirs = socket.socketpair()
        package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = {key: value for key, value in os.environ.items() if "SEED" not in key.upper()}
        env["PYTHONPATH"] = os.pathsep.join([package_root, *filter(None, [env.get("PYTHONPATH")])])
        args, fds = [str(theirs.fileno())], [theirs.fileno()]
        if table is not None:
            args += [str(table.fd), str(table.entries)]
            fds.append(table.fd)
        # its own session: a Ctrl-C at the terminal is the coordinator's to handle (a worker leaves when
        # its connection closes), and a scheduler that shares the processor between sessions gives it its share
        self.process = subprocess.Popen([sys.executable, "-m", "hdchess.ai.parallel", *args], pass_fds=fds,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=env,
                                        cwd=package_root, start_new_session=True)
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
    """``size`` worker processes, started at the first search and kept for the next moves;
    with ``table_entries``, a table in shared memory too (the helpers' search)."""

    def __init__(self, size: int, table_entries: int = 0) -> None:
        self.size = size
        self.table_entries = table_entries
        self.table: SharedTable | None = None
        self.workers: list[Worker] = []

    def start(self) -> list[Worker]:
        if not self.workers:
            if self.table_entries and self.table is None:
                self.table = SharedTable.create(self.table_entries)
            self.workers = [Worker(self.table) for _ in range(self.size)]
        return self.workers

    def close(self) -> None:
        workers, self.workers = self.workers, []
        for worker in workers:
            worker.close()
        if self.table is not None:
            self.table.close()
            self.table = None

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_pools: dict[int, WorkerPool] = {}
_pools_lock = threading.Lock()


def shared_pool(threads: int) -> WorkerPool:
    """The process's pool of ``threads`` helpers sharing a table (closed when the process exits)."""
    with _pools_lock:
        pool = _pools.get(threads)
        if pool is None:
            pool = _pools[threads] = WorkerPool(threads, TABLE_ENTRIES)
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
        self.worker_cpu_ms = [0.0] * pool.size  # and its processor time (helpers only)

    def run(self) -> SearchResult:
        local, state = self.local, self.state
        local.begin()
        actions = state.legal_actions()
        if local.finished or len(actions) == 1 or self.limits.nodes is not None:
            local.advance()  # the book, the tables, a forced move or a node budget: one process
            return local.result()
        self._started = time.perf_counter()
        try:
            self._prepare()
        except (WorkerError, ValueError):  # no workers, or a position its record cannot rebuild: alone
            self.pool.close()
            local.advance()
            return local.result()
        self._started = time.perf_counter()  # starting the workers and their first game is not the move's time
        budget = self.timing.budget_ms() if self.timing is not None else self.limits.movetime_ms
        self._deadline = None if budget is None else self._started + budget / 1000
        try:
            return self._helpers() if self.pool.table_entries else self._deepen(actions)
        except WorkerError:
            self.pool.close()  # started again at the next search
            return Searcher(state, self._remaining_limits(), stop=self.stop_event, **self._options).run()

    def _remaining_limits(self) -> SearchLimits:
        if self._deadline is None:
            return SearchLimits(depth=self.limits.depth)
        left = max(1.0, (self._deadline - time.perf_counter()) * 1000)
        return SearchLimits(movetime_ms=left, depth=self.limits.depth)

    def _prepare(self) -> None:
        """Start the pool's workers if need be and give them the position (a worker's first
        game loads its knowledge: a fraction of a second, once)."""
        workers = self.pool.start()
        record = public_record(self.state)
        for worker in workers:
            worker.send(("position", record, self._options))
        for worker in workers:
            worker.receive()

    def _deepen(self, actions: list[Action]) -> SearchResult:
        workers = self.pool.workers
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

    def _helpers(self) -> SearchResult:
        """Every worker searches the whole position with the shared table; the first one's
        depths are reported and timed, and the deepest result any worker completed is played."""
        workers = self.pool.workers
        max_depth = min(self.limits.depth or 64, 64)
        salt = int.from_bytes(os.urandom(8), "little")  # this search's entries only
        for index, worker in enumerate(workers):
            worker.send(("think", max_depth, index, salt))
        main, stopping = workers[0], False
        while True:
            if main.conn.poll(self._wait_s()):
                reply = main.receive()
                if reply[0] == "result":
                    break
                _, depth, best, score, nodes, pv, scores, solved = reply
                if self.on_info:
                    self.on_info(SearchInfo(depth, score, nodes, self._elapsed_ms(), pv, solved))
                if self.timing is not None:
                    self._deadline = self._started + self.timing.after_iteration(depth, best, score, scores) / 1000
            elif not stopping and self._time_up():
                main.send(("stop",))
                stopping = True
        results = [reply[1:]]
        for worker in workers[1:]:
            worker.send(("stop",))
        for worker in workers[1:]:
            results.append(worker.receive()[1:])
        for index, (_, _, _, nodes, _, _, _, cpu_ms) in enumerate(results):
            self._count(index, nodes)
            self.worker_cpu_ms[index] = cpu_ms
        action, score, depth, _, pv, scores, solved, _ = max(results, key=lambda r: r[2])  # the first of the deepest
        return SearchResult(action, score, depth, self.nodes, self._elapsed_ms(), pv, scores, solved)

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
            ready = wait([workers[i].conn for i in busy], self._wait_s())
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

    def _wait_s(self) -> float:
        """How long to wait for a worker before looking at the clock and the stop signal."""
        if self._deadline is None:
            return _POLL_S
        return max(0.0, min(_POLL_S, self._deadline - time.perf_counter()))

    def _time_up(self) -> bool:
        return ((self._deadline is not None and time.perf_counter() >= self._deadline)
                or (self.stop_event is not None and self.stop_event.is_set()))

    def _elapsed_ms(self) -> float:
        return (time.perf_counter() - self._started) * 1000


def main(argv: Sequence[str]) -> int:
    """A worker process: ``python -m hdchess.ai.parallel FD [TABLE_FD ENTRIES]`` (FD: its end
    of the socket; TABLE_FD: the shared table's memory)."""
    table = SharedTable(int(argv[1]), int(argv[2])) if len(argv) == 3 else None
    serve(Connection(int(argv[0])), table)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


__all__ = ["TABLE_ENTRIES", "ParallelSearcher", "SharedTable", "WorkerPool", "public_record", "rebuild",
           "shared_pool"]
