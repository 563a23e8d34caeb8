"""The five AI levels: a search budget and a softmax temperature over root moves."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import HdchessError
from ..state import State
from .search import SearchLimits, SearchResult, analyse


@dataclass(frozen=True)
class Level:
    name: str
    nodes: int  # node budget: deterministic, unlike a time budget
    temperature: float  # softmax temperature over root scores, in points; 0 = best move


LEVELS = (
    Level("Beginner", 200, 3.0),
    Level("Casual", 1_000, 1.5),
    Level("Club", 5_000, 0.6),
    Level("Expert", 20_000, 0.2),
    Level("Master", 60_000, 0.0),
)


def level_by_name(name: str | int) -> Level:
    """A level by name (any case) or number 1-5."""
    text = str(name).strip().lower()
    for number, level in enumerate(LEVELS, 1):
        if text in (level.name.lower(), str(number)):
            return level
    raise HdchessError(f"unknown level {name!r} (levels: {', '.join(lv.name for lv in LEVELS)} or 1-5)")


def choose_action(state: State, level: str | int | Level = "Master", seed: int = 0) -> SearchResult:
    level = level if isinstance(level, Level) else level_by_name(level)
    return analyse(state.copy(), SearchLimits(nodes=level.nodes), seed=seed)


def hint(state: State, seed: int = 0) -> SearchResult:
    return choose_action(state, "Master", seed)
