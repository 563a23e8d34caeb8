"""The Grandmaster's pool of search workers in the browser (web/search-pool.js).

On a device with four cores or more, and a page that is cross-origin isolated,
the top level thinks with helpers: each a Web Worker with its own Python
(web/search-worker.js), all sharing one transposition table in a
``SharedArrayBuffer`` (web/shared-table.js), which Python reaches through the
JavaScript module the worker registers as ``hdchess_shared_table`` (``probe``,
``store``, ``stopped``). The bridge's worker searches as the first of them, in
its usual slices (:func:`.computer.think`), so the progress, the time
management and the move played are its own; the helpers only fill the table
it reads (lazy SMP, as ``hdchess.ai.parallel`` does over processes).

Fair play: a helper is given the public record of the position (the start
position, then each action with what a flip revealed) and the search's
options, never the game: the deal is nowhere in it, as nowhere in the bridge.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable
from typing import Any

from ..ai.level_table import TIMED_LEVELS
from .args import BridgeError
from .contract import PoolJob, PoolTask, SharedTable
from .game_session import GameSession

JS_MODULE = "hdchess_shared_table"  # what web/worker.js and web/search-worker.js register
HELPER_TIME_FACTOR = 3  # a helper stops by itself after this many times the level's time (a page that vanished)


def _js_table() -> Any:
    """The JavaScript module over the shared buffer; a clear refusal where there is none."""
    try:
        return importlib.import_module(JS_MODULE)
    except ImportError:
        raise BridgeError("no shared search table here: the page shares one only when it is "
                          "cross-origin isolated and the device has the cores for helpers") from None


def share_table(session: GameSession, slots: int) -> SharedTable:
    """Use the table the page shared with this worker for the top level's next searches."""
    from ..ai.sharing import CallTable

    module = _js_table()
    try:
        session.shared_table = CallTable(module.probe, module.store, slots)
    except ValueError as exc:
        raise BridgeError(f"share_table: {exc}") from None
    return {"slots": slots}


def pool_job(session: GameSession, level: str) -> PoolJob:
    """Begin the top level's search of the AI's move with the shared table, and say what the helpers
    search: ``{"job": None}`` when they have nothing to do (a level that thinks by nodes, a search
    already begun or already over: the book, a table, a forced move or win)."""
    from ..ai.levels import level_options
    from ..ai.sharing import public_record
    from ..players import make_turn
    from .computer import search_for

    session.require_playing()
    session.refuse_help(for_ai=True)
    table = session.shared_table
    if table is None:
        raise BridgeError("pool_job: no table was shared (share_table first)")
    if level not in TIMED_LEVELS or session.thinking is not None and session.thinking[0] == len(session.game.moves):
        return {"job": None}
    table.salt = int.from_bytes(os.urandom(4), "little")  # this search's entries only
    search = search_for(session, level, tt=table)
    if search.finished or len(session.game.state.legal_actions()) < 2:
        return {"job": None}
    turn = make_turn(session.game, session.player_seed)
    try:
        record = public_record(turn.state)
    except ValueError:  # a position its record cannot rebuild: the bridge searches alone
        return {"job": None}
    task: PoolTask = {"record": record, "options": dict(level_options(turn.state, level, turn.seed)),
                      "salt": table.salt, "max_ms": HELPER_TIME_FACTOR * TIMED_LEVELS[level]}
    return {"job": task}


class _Stopped:
    """A helper's stop signal: the stop word of the shared buffer (``Atomics.load``)."""

    def __init__(self, stopped: Callable[[], bool]) -> None:
        self.is_set = stopped


def helper_search(job_json: str, index: int, slots: int) -> str:
    """A helper's whole search (in web/search-worker.js): the job's position with the shared table
    until the page sets the stop word (or its time runs out); its nodes and deepest depth, as JSON.
    Odd helpers search a depth ahead from the start, so the workers' entries differ."""
    from ..ai.limits import SearchLimits
    from ..ai.search import Searcher
    from ..ai.sharing import CallTable, rebuild

    module = _js_table()
    job = json.loads(job_json)
    table = CallTable(module.probe, module.store, slots)
    table.salt = job["salt"]
    options = {**job["options"], "seed": job["options"]["seed"] + index}
    searcher = Searcher(rebuild(job["record"]), SearchLimits(movetime_ms=job["max_ms"], depth=64),
                        stop=_Stopped(module.stopped), tt=table, **options)
    searcher.begin()
    if index % 2:
        searcher.best_depth = 1
    searcher.advance()
    depth = searcher.result().depth if searcher.scores else 0
    return json.dumps({"nodes": searcher.nodes, "depth": depth})


__all__ = ["JS_MODULE", "helper_search", "pool_job", "share_table"]
