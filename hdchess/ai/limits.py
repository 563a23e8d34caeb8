"""How long a search may run, apart from the search itself: the level table and
the web bridge name a budget without importing the search."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SearchLimits:
    """Stop after ``movetime_ms`` milliseconds, ``depth`` plies or ``nodes`` nodes
    (whichever comes first; None = no limit of that kind)."""

    movetime_ms: float | None = None
    depth: int | None = None
    nodes: int | None = None
