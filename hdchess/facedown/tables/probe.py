"""Reading a position's exact value from the tables, in the search's scale.

A prober serves one ruleset. ``probe(state)`` answers for the side to act,
or None when the tables cannot: something face-down, more pieces than the
tables hold, other rules, or (win/loss games) a position that already
occurred twice in the current quiet run (see :mod:`.wdl` for why the tables
may ignore repetitions otherwise). ``root(state)`` gives the value of every
legal action, so that the best of them is perfect play.

The cost of an answer is a sort of at most a few pieces, a canonical index
and one array read: a few microseconds.
"""

from __future__ import annotations

from ...ai.knowledge import DECISIVE
from ...core import squares
from . import wdl
from .space import material

_TIE = 1e-3  # between two captures into won positions: the sooner next capture first


class Entries:
    """One material's entries as read by a prober: the representative's table and
    which of the material's pieces (in sorted order) fills each of its slots."""

    __slots__ = ("rep", "fill", "file", "table", "_values")

    def __init__(self, rep, fill, file, table) -> None:
        self.rep, self.fill, self.file, self.table = rep, fill, file, table
        self._values = None

    def values(self):
        if self._values is None:
            self._values = self.file.array(self.table, "entries")
        return self._values


class WdlProber:
    """Win/loss tables: values ``DECISIVE - D`` (a win whose next capture comes
    D plies on), its negation, or 0, as the search's ``DECISIVE - ply`` convention."""

    def __init__(self, ruleset, files) -> None:
        self.ruleset = ruleset
        self.limit = ruleset["no_progress_plies"]
        self.materials: dict[tuple[int, ...], Entries] = {}
        self.max_pieces = 0
        for file in files:  # a later file (more pieces) adds materials, never replaces them
            header = file.header
            classes = {tuple(real): (tuple(rep), tuple(assignment)) for real, rep, assignment in header["classes"]}
            for key in header["materials"]:
                real = tuple(key)
                if real in self.materials:
                    continue
                rep, assignment = classes.get(real, (real, tuple(range(len(real)))))
                self.materials[real] = Entries(material(rep), _fill(real, assignment), file, material(rep).name)
                self.max_pieces = max(self.max_pieces, len(real))

    # -- reading -------------------------------------------------------------------
    def entry(self, state) -> int | None:
        """The table byte of ``state`` (the side to move's view), or None if not covered."""
        if state.hidden or state.side > 1:
            return None
        occupied = state.occupied
        if occupied.bit_count() > self.max_pieces:
            return None
        ruleset = state.ruleset
        if ruleset is not self.ruleset and ruleset != self.ruleset:
            return None
        mailbox, flip = state.mailbox, state.side << 3
        pieces = sorted([(mailbox[sq] ^ flip, sq) for sq in squares(occupied)])
        found = self.materials.get(tuple(p for p, _ in pieces))
        if found is None:
            return None
        return found.values()[found.rep.index([pieces[i][1] for i in found.fill])]

    def probe(self, state) -> float | None:
        if state.hidden:  # the common case in a search: not an endgame yet
            return None
        byte = self.entry(state)
        if byte is None:
            return None
        quiet = state.quiet
        if quiet >= 4:  # a position seen twice in this quiet run could end it by repetition
            run = state.history[-quiet - 1:]
            if len(set(run)) < len(run):
                return None
        result, distance = wdl.decode(byte)
        if not result or distance > self.limit - quiet:
            return 0.0
        return DECISIVE - distance if result > 0 else distance - DECISIVE

    def root(self, state) -> dict[int, float] | None:
        """Every legal action's value (ply 1 seen from the root): a win through a
        capture counts as the nearest next capture, so the best action is always
        one that makes progress (never one that could repeat a position)."""
        if self.probe(state) is None:
            return None
        me = state.side
        values = {}
        for action in state.legal_actions():
            capture = state.is_capture(action)
            state.push(action)
            try:
                outcome = state.outcome()
                if outcome is not None:
                    value = 0.0 if outcome.winner is None else (
                        DECISIVE - 1 if outcome.winner == me else 1 - DECISIVE)
                else:
                    child = self.probe(state)
                    if child is None:
                        return None
                    value = _shifted(-child, 1) + 0.0  # no -0.0
                    if capture and value:
                        # the count restarts: this move is itself the progress (D = 1)
                        later = DECISIVE - abs(child)
                        value = DECISIVE - 1 - _TIE * later if value > 0 else 1 - DECISIVE + _TIE * later
            finally:
                state.pop()
            values[action] = value
        return values


def _shifted(value: float, ply: int) -> float:
    """A decisive value seen ``ply`` plies nearer the root."""
    if value > 0:
        return value - ply
    if value < 0:
        return value + ply
    return value


def _fill(real: tuple[int, ...], assignment: tuple[int, ...]) -> tuple[int, ...]:
    """For each slot of the representative, which piece of ``real`` in sorted
    order goes there (``assignment`` names slots of ``real``'s own material)."""
    pieces = material(real).pieces
    sorted_slots, used = [], set()
    for slot in range(len(pieces)):  # real's material slot -> its position in sorted order
        position = next(i for i, p in enumerate(real) if p == pieces[slot] and i not in used)
        used.add(position)
        sorted_slots.append(position)
    return tuple(sorted_slots[slot] for slot in assignment)
