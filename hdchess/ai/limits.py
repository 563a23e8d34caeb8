"""How long a search may run, apart from the search itself: the level table and
the web bridge name a budget without importing the search."""

from __future__ import annotations

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
