"""Exact endgame tables of the face-down games (placeholder docstring, see DESIGN below)."""

from __future__ import annotations

from .probe import ScoreProber, WdlProber, rules_key
from .store import cache_directory, search_path, table_files


class FaceDownTables:
    """The face-down family's tables, as the AI's knowledge offers them to the search."""

    def __init__(self) -> None:
        self._probers: dict = {}

    def files(self, ruleset) -> list:
        """The table files made for these rules, fewest pieces first."""
        rules = rules_key(ruleset.as_dict())
        found = [f for f in table_files(ruleset.variant) if f.header.get("format") == 1
                 and rules_key(f.header.get("rules", {})) == rules]
        return sorted(found, key=lambda f: f.header["pieces"])

    def prober(self, ruleset):
        """What reads ``ruleset``'s tables (None when there are none)."""
        key = (ruleset, tuple(search_path()))
        if key not in self._probers:
            files = self.files(ruleset)
            kind = ScoreProber if ruleset.decided_by_score else WdlProber
            self._probers[key] = kind(ruleset, files) if files else None
        return self._probers[key]

    def build(self, ruleset, pieces: int, directory=None, progress=None):
        """Solve every material of 2 to ``pieces`` pieces; returns (path, header, seconds)."""
        from .build import write_tables

        self._probers.clear()
        return write_tables(ruleset, pieces, directory or cache_directory(), progress)

    def describe(self, variant: str) -> list[str]:
        """One line per table file of ``variant`` on the search path."""
        lines = []
        for file in table_files(variant):
            header = file.header
            rules = ", ".join(f"{k}={v}" for k, v in header["rules"].items() if k != "variant")
            lines.append(f"{file.path}: {variant} up to {header['pieces']} pieces ({rules}): "
                         f"{len(header['materials'])} materials, {len(file.tables)} tables, "
                         f"{header['entries']:,} entries, {file.path.stat().st_size:,} bytes, "
                         f"built in {header.get('build_seconds', '?')} s")
        return lines

    def verify(self, ruleset, samples: int = 2000, seed: int = 0) -> dict[str, int]:
        """Check random covered positions for one-ply consistency with the rules engine."""
        from .build import keys_for
        from .check import verify

        prober = self.prober(ruleset)
        if prober is None:
            return {"checked": 0, "no tables": 1}
        keys = [key for n in range(2, prober.max_pieces + 1) for key in keys_for(ruleset, n)]
        return verify(ruleset, prober, keys, samples, seed)


TABLES = FaceDownTables()

__all__ = ["TABLES", "FaceDownTables"]
