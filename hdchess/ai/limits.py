"""How long a search may run, and with how many worker processes, apart from the search
itself: the level table and the web bridge name a budget without importing the search, and
a browser never imports the parallel search (its Python cannot start processes)."""

from __future__ import annotations

import os
from dataclasses import dataclass

MAX_THREADS = 64  # the most worker processes a search may use (the engine's Threads, --threads)
DEVICE_CAP = 4  # the top level uses the machine's cores, at most this many (tests/bench/bench_parallel.py)


@dataclass(frozen=True)
class SearchLimits:
    """Stop after ``movetime_ms`` milliseconds, ``depth`` plies or ``nodes`` nodes
    (whichever comes first; None = no limit of that kind)."""

    movetime_ms: float | None = None
    depth: int | None = None
    nodes: int | None = None


def device_threads() -> int:
    """The workers ``hdchess play`` gives the top level unless told: the machine's cores, capped."""
    return max(1, min(os.cpu_count() or 1, DEVICE_CAP))


__all__ = ["DEVICE_CAP", "MAX_THREADS", "SearchLimits", "device_threads"]
