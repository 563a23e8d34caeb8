"""Exact endgame tables of the face-down games: every position with nothing
face-down and at most a few pieces, solved by retrograde analysis.

**What is covered.** A table file holds, for one variant under one set of
rules, every *material* (which pieces are on the board) of 2 up to its piece
budget. Positions are read from the side to move's view (its pieces as red)
and stored once for the four mirror images of the 8 x 4 board
(:mod:`.space`); in banqi, materials whose pieces relate to each other alike
share one table (:mod:`.classes`). Moves come from the variant's own move
generator (:mod:`.moves`), so the tables follow the rules by construction.

**What is stored.**

- banqi, gaiqi (:mod:`.wdl`): the result for the side to move and the
  distance D, in plies of the current quiet run, to the capture (or the end)
  that realises it. With r = ``no_progress_plies - quiet`` plies left, the
  position is won (lost) when the entry is a win (loss) with D <= r, and
  drawn otherwise: exact for every count, because being won within r plies
  only gets easier as r grows.
- gaiqi also keeps the chase rule's memory in the state: entries for each
  side's chase count and chasing piece, stored where they differ from the
  entry without memory (:mod:`.chase`).
- hdc2 (:mod:`.score`): the final score difference under best play (the
  material left, minus future penalty points), layered by plies left; the
  repetition penalty through one remembered move per entry (the opponent's
  way back) plus the best value, best move and second-best value, from which
  the side to move's own penalised move is settled when reading.

**Threefold repetition.** In banqi and gaiqi a winner that always moves to
a position won within fewer plies never repeats a position, so repetitions
cannot save the loser and a drawn side needs none: the tables are exact for
a quiet run with no position seen twice, and a prober answers a win or loss
only then (a draw always). In hdc2 a repetition ends the game at the current
score, and a side might force one to end the game early: the tables do not
model that (their value is that of the game without the threefold rule).

**Rules.** A table file names the rules it was built for; a prober serves
only games under those rules (``first_flip``, which only decides who takes
which colour at the first flip, does not count; an option the file does not
name, made after it, counts at its default). A table holds one capture a
turn: rules whose movement has chains of captures (banqi's ``chain_captures``,
``Movement.chains``) have no tables, and none can be built for them. The
charging Chariot (``chariot_rush``) is an ordinary movement: its tables would
be built for it like any other rules (none ship).

**Where tables come from.** ``python -m hdchess.ai.tables build`` (pure
Python, no dependencies). The package ships the default rules' tables in
``data/`` (banqi and gaiqi up to 4 pieces, with their 3-piece files; hdc2 up
to 2); the web app's wheel carries only the small files and adds the 4-piece
ones once fetched (:meth:`FaceDownTables.add_directory`). Tables for other rules
are built once on a machine and named in ``HDCHESS_TABLES`` (:mod:`.files`).

**The search** (:mod:`hdchess.ai.search`) asks ``prober(ruleset)`` once per
search, then probes every node (a few microseconds, a tenth of one when
something is face-down) and plays a covered root from the tables' values of
its actions (:mod:`.probe`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ...errors import RulesetError
from .files import FORMAT, TableFile, add_directory, cache_directory, search_path, table_files
from .probe import ScoreProber, WdlProber, rules_key

if TYPE_CHECKING:
    from ...rules import Ruleset
    from ...table_protocol import TableProber


class FaceDownTables:
    """The face-down family's tables, as the AI's knowledge offers them to the search."""

    def __init__(self) -> None:
        self._probers: dict[tuple[Ruleset, tuple[str, ...]], WdlProber | None] = {}

    def files(self, ruleset: Ruleset) -> list[TableFile]:
        """The table files made for these rules, fewest pieces first (none for chains of captures)."""
        if ruleset.movement.chains:
            return []
        rules = rules_key(ruleset.as_dict())
        defaults = {option.name: option.default for option in ruleset.spec.options}  # options newer than a file
        found = [f for f in table_files(ruleset.variant) if f.header.get("format") == FORMAT
                 and rules_key({**defaults, **f.header.get("rules", {})}) == rules]
        return sorted(found, key=lambda f: f.header["pieces"])

    def prober(self, ruleset: Ruleset) -> TableProber | None:
        """What reads ``ruleset``'s tables (None when there are none)."""
        # The probers read the search's states as face-down Positions: a ruleset with
        # these tables is a face-down one, whose states are.
        return cast("TableProber | None", self.wdl_prober(ruleset))

    def wdl_prober(self, ruleset: Ruleset) -> WdlProber | None:
        """:meth:`prober` with its own type (the face-down states it reads)."""
        key = (ruleset, tuple(str(d) for d in search_path()))
        if key not in self._probers:
            files = self.files(ruleset)
            kind = ScoreProber if ruleset.decided_by_score else WdlProber
            self._probers[key] = kind(ruleset, files) if files else None
        return self._probers[key]

    def add_directory(self, directory: str | Path) -> None:
        """Read the table files in ``directory`` too (the next search sees them)."""
        add_directory(directory)

    def coverage(self, ruleset: Ruleset) -> int:
        """The most pieces a covered position of ``ruleset`` may have (0: no tables)."""
        prober = self.wdl_prober(ruleset)
        return prober.max_pieces if prober is not None else 0

    def build(self, ruleset: Ruleset, pieces: int, directory: str | Path | None = None,
              progress: Callable[[str], None] | None = None) -> tuple[Path, dict[str, Any], float]:
        """Solve every material of 2 to ``pieces`` pieces; returns (path, header, seconds)."""
        from .build import write_tables

        if ruleset.movement.chains:
            raise RulesetError(f"{ruleset.variant}: endgame tables hold one capture a turn, and these rules "
                               "have chains of captures (chain_captures=yes)")
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
                         f"{header['entries']:,} entries, {file.size:,} bytes, "
                         f"built in {header.get('build_seconds', '?')} s")
        return lines

    def verify(self, ruleset: Ruleset, samples: int = 2000, seed: int = 0) -> dict[str, int]:
        """Check random covered positions for one-ply consistency with the rules engine."""
        from .build import keys_for
        from .check import verify

        prober = self.wdl_prober(ruleset)
        if prober is None:
            return {"checked": 0, "no tables": 1}
        keys = [key for n in range(2, prober.max_pieces + 1) for key in keys_for(ruleset, n)]
        return verify(ruleset, prober, keys, samples, seed)


TABLES = FaceDownTables()

__all__ = ["TABLES", "FaceDownTables"]
