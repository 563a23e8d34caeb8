"""The AI levels as a table: names, budgets and temperatures, without the search.

Anything that only names or lists the levels (the web bridge's first screen,
the engine protocol's options) reads them here; :mod:`.levels` plays them.

>>> level_by_name("3").name, TIMED_LEVELS
('Club', {'Grandmaster': 2000})
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import HdchessError
from ..inputs import excerpt
from .limits import SearchLimits


@dataclass(frozen=True)
class Level:
    name: str
    nodes: int | None  # search budget (None: the level thinks by time)
    temperature: float  # softmax temperature over root scores, in points; 0 = always the best
    description: str = ""
    movetime_ms: int | None = None  # thinking time of a level that thinks by time
    contempt: float = 1.0  # win/loss games: points a draw costs it, so it plays on rather than repeat

    def limits(self) -> SearchLimits:
        return SearchLimits(nodes=self.nodes, movetime_ms=self.movetime_ms)


LEVELS = (
    Level("Beginner", 150, 6.0, "sees captures one move ahead and often plays loosely"),
    Level("Casual", 700, 3.0, "avoids simple blunders"),
    Level("Club", 2_500, 1.2, "looks a few plies ahead, weighs flip risks"),
    Level("Expert", 8_000, 0.4, "rarely strays from the best move"),
    Level("Master", 30_000, 0.0, "always plays its best move (under a second a move in a browser)"),
    Level("Grandmaster", None, 0.0, "thinks about 2 s a move, as deep as the machine allows", movetime_ms=2_000),
)
TOP_LEVEL = LEVELS[-1]
TIMED_LEVELS = {level.name: level.movetime_ms for level in LEVELS if level.movetime_ms}  # name -> ms a move


def level_by_name(name: str | int) -> Level:
    """A level by name (any case) or number (1 = Beginner)."""
    text = str(name).strip().lower()
    for number, level in enumerate(LEVELS, 1):
        if text in (level.name.lower(), str(number)):
            return level
    raise HdchessError(f"unknown level {excerpt(name)} (levels: {', '.join(lv.name for lv in LEVELS)} "
                       f"or 1-{len(LEVELS)})")


__all__ = ["LEVELS", "TIMED_LEVELS", "TOP_LEVEL", "Level", "level_by_name"]
