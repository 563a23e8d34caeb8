"""Exact endgame tables of the face-down games (placeholder docstring, see DESIGN below)."""

from __future__ import annotations

from .probe import WdlProber
from .store import search_path, table_files


class FaceDownTables:
    """The face-down family's tables, as the AI's knowledge offers them to the search."""

    def __init__(self) -> None:
        self._probers: dict = {}

    def files(self, ruleset) -> list:
        """The table files made for exactly these rules, fewest pieces first."""
        rules = ruleset.as_dict()
        found = [f for f in table_files(ruleset.variant) if f.header.get("rules") == rules
                 and f.header.get("format") == 1]
        return sorted(found, key=lambda f: f.header["pieces"])

    def prober(self, ruleset):
        """What reads ``ruleset``'s tables (None when there are none)."""
        key = (ruleset, tuple(search_path()))
        if key not in self._probers:
            files = self.files(ruleset)
            self._probers[key] = WdlProber(ruleset, files) if files else None
        return self._probers[key]

    def build(self, ruleset, pieces: int, directory, progress=None):
        from .build import write_tables

        return write_tables(ruleset, pieces, directory, progress)


TABLES = FaceDownTables()

__all__ = ["TABLES", "FaceDownTables"]
