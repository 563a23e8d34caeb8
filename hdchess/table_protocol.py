"""What a family's endgame tables offer the search, as protocols: the family implements them
(:mod:`hdchess.facedown.tables`), the search reads them (:mod:`hdchess.ai.search`) and the
tables' command line drives them (:mod:`hdchess.ai.tables`). They name the states and rules
they read, so they sit above :mod:`hdchess.rules`, below the families.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from .rules import GameState, Ruleset
from .vocabulary import Action


class TableProber(Protocol):
    """What reads one ruleset's tables for the search (see :class:`hdchess.knowledge.Knowledge`)."""

    def probe(self, state: GameState) -> float | None:
        """The exact value for the side to act, as if at the root; None when not covered."""

    def root(self, state: GameState) -> dict[Action, float] | None:
        """The value of every legal action seen from the root; None when not covered."""

    def plies_away(self, state: GameState) -> int:
        """No position fewer plies from ``state`` is covered."""


class EndgameTables(Protocol):
    """A family's endgame tables, as its knowledge offers them (``knowledge.tables``)."""

    def prober(self, ruleset: Ruleset) -> TableProber | None:
        """What reads ``ruleset``'s tables (None when there are none)."""

    def add_directory(self, directory: str | Path) -> None:
        """Read the table files in ``directory`` too."""

    def coverage(self, ruleset: Ruleset) -> int:
        """The most pieces a covered position of ``ruleset`` may have (0: no tables)."""

    def build(self, ruleset: Ruleset, pieces: int, directory: str | Path | None = None,
              progress: Callable[[str], None] | None = None) -> tuple[Path, dict[str, Any], float]:
        """Solve every material up to ``pieces`` pieces; returns (path, header, seconds)."""

    def describe(self, variant: str) -> list[str]:
        """One line per table file of ``variant``."""

    def verify(self, ruleset: Ruleset, samples: int = 2000, seed: int = 0) -> dict[str, int]:
        """Check random covered positions against the rules engine; counts by verdict."""


__all__ = ["EndgameTables", "TableProber"]
