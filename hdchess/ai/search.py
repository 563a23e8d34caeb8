"""Search (provisional shallow version; the full expectiminimax replaces it)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..state import NO_SIDE, Action, State


@dataclass(frozen=True)
class SearchLimits:
    """Stop after ``movetime_ms`` milliseconds, ``depth`` plies or ``nodes`` nodes
    (whichever comes first; None = no limit of that kind)."""

    movetime_ms: float | None = None
    depth: int | None = None
    nodes: int | None = None


@dataclass(frozen=True)
class SearchInfo:
    depth: int
    score: float  # points, from the side to move's view
    nodes: int
    time_ms: float
    pv: tuple[Action, ...]

    @property
    def nps(self) -> int:
        return int(self.nodes * 1000 / self.time_ms) if self.time_ms > 0 else 0


@dataclass(frozen=True)
class SearchResult:
    action: Action
    score: float  # points, from the side to move's view
    depth: int
    nodes: int
    time_ms: float
    pv: tuple[Action, ...] = ()
    root_scores: dict[Action, float] = field(default_factory=dict)


def _material(state: State) -> float:
    if state.side == NO_SIDE:
        return 0.0
    return float(state.score(state.side) - state.score(state.side ^ 1))


def analyse(state: State, limits: SearchLimits = SearchLimits(depth=1), seed: int = 0,
            on_info: Callable[[SearchInfo], None] | None = None, stop=None) -> SearchResult:
    start = time.perf_counter()
    actions = state.legal_actions()
    if not actions:
        raise ValueError("no legal action to search")
    scores = {}
    nodes = 0
    for action in actions:
        total = 0.0
        outcomes = state.chance_outcomes(action) or [(None, 1.0)]
        for piece, prob in outcomes:
            state.push(action, piece)
            nodes += 1
            total += prob * -_material(state)
            state.pop()
        scores[action] = total
    best = max(actions, key=lambda a: scores[a])
    elapsed = (time.perf_counter() - start) * 1000
    if on_info:
        on_info(SearchInfo(1, scores[best], nodes, elapsed, (best,)))
    return SearchResult(best, scores[best], 1, nodes, elapsed, (best,), scores)
