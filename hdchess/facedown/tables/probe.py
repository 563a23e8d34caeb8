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

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...core import GENERAL, squares
from ...knowledge import DECISIVE, terminal_utility
from ..position import CHASE_LIMIT, EMPTY, NO_CHASE, Position
from . import score, wdl
from .files import TableArray, TableFile
from .space import SYMMETRIES, Material, material

if TYPE_CHECKING:
    from ...rules import Ruleset

_TIE = 1e-3  # between two captures into won positions: the sooner next capture first


def rules_key(rules: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The rules a table depends on: all but ``first_flip``, which only decides
    who takes which colour at the first flip."""
    return tuple(sorted((k, v) for k, v in rules.items() if k != "first_flip"))


class Entries:
    """One material's entries as read by a prober: the representative's table and
    which of the material's pieces (in sorted order) fills each of its slots."""

    __slots__ = ("rep", "fill", "file", "table", "_values", "_exceptions")

    def __init__(self, rep: Material, fill: tuple[int, ...], file: TableFile, table: str) -> None:
        self.rep, self.fill, self.file, self.table = rep, fill, file, table
        self._values: TableArray | None = None
        self._exceptions: tuple[Sequence[int], Sequence[int]] | None = None  # (keys, values), sorted by key

    def values(self) -> TableArray:
        if self._values is None:
            self._values = self.file.array(self.table, "entries")
        return self._values

    def value(self, index: int, code: int) -> int:
        """The entry of a chase state (see :mod:`.chase`): an exception, else the base entry."""
        if self._exceptions is None:
            arrays = self.file.tables[self.table]
            self._exceptions = ((self.file.array(self.table, "exception_keys"),
                                 self.file.array(self.table, "exception_values"))
                                if "exception_keys" in arrays else ((), b""))
        keys, values = self._exceptions
        key = index << 14 | code
        at = bisect_left(keys, key)
        if at < len(keys) and keys[at] == key:
            return values[at]
        return self.values()[index]


class WdlProber:
    """Win/loss tables: values ``DECISIVE - D`` (a win whose next capture comes
    D plies on), its negation, or 0, as the search's ``DECISIVE - ply`` convention."""

    def __init__(self, ruleset: Ruleset, files: Sequence[TableFile]) -> None:
        self.ruleset = ruleset
        self.rules = rules_key(ruleset.as_dict())
        self._verdicts: dict[Ruleset, bool] = {}
        self.limit: int = ruleset["no_progress_plies"]
        self.chase = bool(ruleset.switch("chase_rule"))
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

    def accepts(self, ruleset: Ruleset) -> bool:
        """Were these tables made for ``ruleset``'s rules?"""
        verdict = self._verdicts.get(ruleset)
        if verdict is None:
            verdict = self._verdicts[ruleset] = rules_key(ruleset.as_dict()) == self.rules
        return verdict

    # -- reading -------------------------------------------------------------------
    def plies_away(self, state: Position) -> int:
        """The fewest plies from ``state`` to a position the tables may cover: every
        face-down piece revealed and the pieces beyond the budget captured, each at
        most one a ply. The search probes nothing nearer its root than that."""
        return max(state.hidden.bit_count(), state.occupied.bit_count() - self.max_pieces)

    def covering(self, state: Position) -> tuple[Entries, list[int]] | None:
        """The entries of ``state``'s material (the side to move's view) and its
        pieces' squares in their slot order, or None if the tables do not cover it."""
        if state.hidden or state.side > 1:
            return None
        occupied = state.occupied
        if occupied.bit_count() > self.max_pieces:
            return None
        ruleset = state.ruleset
        if ruleset is not self.ruleset and not self.accepts(ruleset):
            return None
        mailbox, flip = state.mailbox, state.side << 3
        pieces = sorted([(mailbox[sq] ^ flip, sq) for sq in squares(occupied)])
        found = self.materials.get(tuple(p for p, _ in pieces))
        if found is None:
            return None
        return found, [pieces[i][1] for i in found.fill]

    def entry(self, state: Position) -> int | None:
        """The table byte of ``state`` (the side to move's view), or None if not covered."""
        covered = self.covering(state)
        if covered is None:
            return None
        found, placed = covered
        index = found.rep.index(placed)
        if not self.chase or state.chase is NO_CHASE:
            return found.values()[index]
        code = _chase_code(state, SYMMETRIES[found.rep.symmetry(placed)])
        return None if code is None else found.value(index, code)

    def probe(self, state: Position) -> float | None:
        if state.hidden:  # the common case in a search: not an endgame yet
            return None
        byte = self.entry(state)
        if byte is None:
            return None
        quiet = state.quiet
        result, distance = wdl.decode(byte)
        if not result or distance > self.limit - quiet:
            return 0.0  # a repetition only ever adds draws: a draw is a draw whatever the history
        if quiet >= 4:  # a win with a position seen twice in this quiet run might be drawn by repetition
            run = state.history[-quiet - 1:]
            if len(set(run)) < len(run):
                return None
        return DECISIVE - distance if result > 0 else distance - DECISIVE

    def root(self, state: Position) -> dict[int, float] | None:
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


def _chase_code(state: Position, sym: tuple[int, ...]) -> int | None:
    """The chase state of ``state`` as the tables code it (see :mod:`.chase`), or
    None for one they leave out (the side to move remembers a General's check)."""
    side, mailbox = state.side, state.mailbox
    (mine, mine_sq), (theirs, theirs_sq) = state.chase[side], state.chase[side ^ 1]
    if theirs and mailbox[theirs_sq] & 7 == GENERAL:
        return 0  # their General stands next to ours: we take it, whatever the counts
    code = theirs << 5 | sym[theirs_sq] if theirs else 0
    if mine:
        if mailbox[mine_sq] & 7 == GENERAL:
            # A General's check is suicide (the enemy General takes it), so its count
            # matters only when it forbids those checks and they were the only moves.
            return None if mine >= CHASE_LIMIT else code
        if _can_check(state, mine_sq):
            code |= (mine << 5 | sym[mine_sq]) << 7
    return code


def _can_check(state: Position, sq: int) -> bool:
    """Has the side to move's piece on ``sq`` a move after which it attacks the enemy General?"""
    movement = state.ruleset.movement
    saved, state.chase = state.chase, NO_CHASE  # every move, even one the chase rule forbids now
    out: list[int] = []
    movement.movegen(state, state.side, out)
    state.chase = saved
    mailbox = state.mailbox
    for action in out:
        to = action & 31
        target = mailbox[to]
        if action >> 5 != sq or target < EMPTY and target & 7 == GENERAL:  # taking the General is no check
            continue
        piece, occupied = mailbox[sq], state.occupied
        mailbox[to], mailbox[sq] = piece, EMPTY
        state.occupied = occupied & ~(1 << sq) | 1 << to
        checks = movement.gives_check(state, to)
        mailbox[sq], mailbox[to], state.occupied = piece, target, occupied
        if checks:
            return True
    return False


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


class ScoreProber(WdlProber):
    """Score tables (hdc2): the exact final difference under best play, as the
    search's ``terminal_utility`` of it."""

    def __init__(self, ruleset: Ruleset, files: Sequence[TableFile]) -> None:
        super().__init__(ruleset, files)
        self.points: int = ruleset["repetition_penalty"]
        self.reach = score.empty_reach(ruleset)
        self._layered: dict[str, score.Layered] = {}

    def layered(self, found: Entries) -> score.Layered:
        table = self._layered.get(found.table)
        if table is None:
            file, name = found.file, found.table
            table = self._layered[name] = score.unpacked({part: file.array(name, part) for part in file.tables[name]})
        return table

    def difference(self, state: Position) -> int | None:
        """The final score difference for the side to move under best play, or None."""
        covered = self.covering(state)
        if covered is None:
            return None
        found, placed = covered
        side, mailbox = state.side, state.mailbox
        index = found.rep.index(placed)
        image = SYMMETRIES[found.rep.symmetry(placed)]
        points, last = self.points, state.last_moves
        pending = score.NONE
        theirs = last[side ^ 1]
        if points and theirs >= 0:  # their last move X -> Y, to be reversed Y -> X
            x, y = theirs >> 5, theirs & 31
            piece = mailbox[y]
            if piece < EMPTY and piece >> 3 != side and mailbox[x] == EMPTY and self.reach[piece & 7][y] >> x & 1:
                pending = image[y] << 5 | image[x]
        table = self.layered(found)
        triple = table.triple(table.half_state(index, pending), self.limit - state.quiet)
        penalised = -1
        mine = last[side]
        if points and mine >= 0 and mailbox[mine >> 5] == EMPTY:  # our move X -> Y, back Y -> X onto empty X
            penalised = image[mine & 31] << 5 | image[mine >> 5]
        future = score.worth(triple, penalised, points)
        return future - (state.penalties[side] - state.penalties[side ^ 1]) * points

    def probe(self, state: Position) -> float | None:
        if state.hidden:
            return None
        difference = self.difference(state)
        return None if difference is None else terminal_utility(difference)

    def root(self, state: Position) -> dict[int, float] | None:
        """Every legal action's exact value: the game's end, or the child's table value."""
        if self.difference(state) is None:
            return None
        me = state.side
        values = {}
        for action in state.legal_actions():
            state.push(action)
            try:
                outcome = state.outcome()
                if outcome is not None:
                    red, black = outcome.scores
                    value = terminal_utility(red - black if me == 0 else black - red)
                else:
                    child = self.difference(state)
                    if child is None:
                        return None
                    value = terminal_utility(-child if state.side != me else child)
            finally:
                state.pop()
            values[action] = value
        return values
