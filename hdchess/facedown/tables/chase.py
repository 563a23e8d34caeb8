"""Gaiqi's chase rule in the tables: the chase counts are part of a position.

A piece that checked on each of its side's last three turns may not check
on the next, so a position's value can depend on each side's chase entry
(how many turns running which piece has checked). The tables solve the game
with those entries in the state. Beside each placement's *base* entry (no
chase memory on either side) they hold the entries for chase states, and a
file stores only those whose value differs from the base.

Which chase states a placement has:

- the side to move's entry ``m`` = (count 1-3, square) for each of its
  pieces, other than the General, that has a checking move now (a piece
  that cannot check this turn loses its count whatever happens, so its entry
  is the same as none);
- the other side's entry ``o`` = (count 1-3, square) for each of its pieces,
  other than the General, that attacks the side to move's General (a piece
  that just checked does).

The Generals' own checks are left out, exactly: a General that checks stands
next to the enemy General, which takes it and wins at once (taking the
General is never restricted). So a placement where the side to move can take
the enemy General is won at once whatever the entries (it has its base entry
only), and so is every position right after a General's check. A position
whose side to move remembers a General's check (its opponent declined to
take it) plays as with no memory while the count is below three (the next
General's check is suicide again, whatever its count); at three, the
forbidden checks could have been the only moves, and the prober leaves such
a position to the search.

An entry is coded ``count << 5 | square`` (0 for none) and a chase state
``m << 7 | o``; an exception's key is ``index << 14 | state``.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..position import CHASE_LIMIT, EMPTY, Position
from . import wdl
from .classes import MaterialClasses
from .moves import Mover
from .space import SYMMETRIES, material

if TYPE_CHECKING:
    from ...rules import Ruleset

GivesCheck = Callable[[Position, int], bool]  # Movement.gives_check: does the piece on a square check?

TERMINAL = 15  # packed move kind: the move ends the game (it takes the General)


def entry_code(count: int, square: int) -> int:
    return count << 5 | square if count else 0


def state_code(mine: int, theirs: int) -> int:
    return mine << 7 | theirs


class Survey:
    """Per placement of a group of tables: its moves (packed), whether the side to
    move can take the General, its pieces that can check, and the enemies that attack its General."""

    def __init__(self, size: int) -> None:
        self.trivial = bytearray(size)
        self.checkers = array("q", bytes(8 * size))
        self.attackers = array("q", bytes(8 * size))
        self.start = array("q", bytes(8 * size))  # a placement's moves are moves[start[u]:stop[u]]
        self.stop = array("q", bytes(8 * size))
        self.moves = array("q")

    def add(self, mover: Mover, offset: int, gives_check: GivesCheck) -> None:
        """Survey every placement of ``mover``'s material, its entries from ``offset``."""
        state = mover.state
        pieces = mover.material.pieces
        for index, squares in mover.material.placements():
            u = offset + index
            self.start[u] = self.stop[u] = len(self.moves)
            slots = mover.setup(squares)
            mailbox = state.mailbox
            enemy_general = mailbox.index(8)
            out: list[int] = []
            mover.movegen(state, 0, out)
            if any(action & 31 == enemy_general for action in out):
                self.trivial[u] = 1
                continue
            checkers = 0
            for action in out:
                frm, to = action >> 5, action & 31
                slot, captured = slots[frm], slots.get(to, -1)
                piece, target, occupied = mailbox[frm], mailbox[to], state.occupied
                mailbox[to], mailbox[frm] = piece, EMPTY
                state.occupied = occupied & ~(1 << frm) | 1 << to
                checks = gives_check(state, to)
                mailbox[frm], mailbox[to], state.occupied = piece, target, occupied
                if checks and piece != 0:
                    checkers |= 1 << frm
                child = mover.quiet if captured < 0 else mover.captures[captured]
                assert child is not None, "a capture takes one of the other side's pieces"
                if child.terminal:
                    kind, child_index, symmetry = TERMINAL, 0, 0
                else:
                    after = list(squares)
                    after[slot] = to
                    kind = 0 if captured < 0 else captured + 1
                    child_index, symmetry = child.index(after), child.symmetry(after)
                self.moves.append(child_index | frm << 32 | to << 37 | checks << 42 | symmetry << 43 | kind << 45)
            self.checkers[u] = checkers
            attackers = 0
            for slot, sq in enumerate(squares):
                if pieces[slot] > 8 and gives_check(state, sq):  # the enemy's pieces but its General
                    attackers |= 1 << sq
            self.attackers[u] = attackers
            self.stop[u] = len(self.moves)


def states(checkers: int, attackers: int) -> tuple[list[int], list[int]]:
    """The side to move's entries and the other side's, none first, then by square and count."""
    mine = [0] + [count << 5 | sq for sq in range(32) if checkers >> sq & 1 for count in range(1, CHASE_LIMIT + 1)]
    theirs = [0] + [count << 5 | sq for sq in range(32) if attackers >> sq & 1
                    for count in range(1, CHASE_LIMIT + 1)]
    return mine, theirs


def rank(entry: int, squares: int) -> int:
    """The position of ``entry`` in :func:`states`' list for a mask of ``squares``."""
    if not entry:
        return 0
    sq = entry & 31
    return 1 + CHASE_LIMIT * (squares & ((1 << sq) - 1)).bit_count() + (entry >> 5) - 1


class Solved:
    """A solved material: base entries, the chase states' exceptions and what reading them needs."""

    def __init__(self, values: bytearray, exceptions: dict[int, int] | None = None, trivial: bytearray | None = None,
                 checkers: array[int] | None = None) -> None:
        self.values = values
        self.exceptions: dict[int, int] = exceptions or {}
        self.trivial = trivial
        self.checkers = checkers

    def value(self, index: int, code: int) -> int:
        if code:
            found = self.exceptions.get(index << 14 | code)
            if found is not None:
                return found
        return self.values[index]


def solve_unit(ruleset: Ruleset, unit: tuple[tuple[int, ...], ...], classes: MaterialClasses,
               known: Mapping[tuple[int, ...], Solved], limit: int) -> dict[tuple[int, ...], Solved]:
    """Solve a group of gaiqi tables with the chase states; returns {key: Solved}."""
    gives_check: GivesCheck = ruleset.movement.gives_check
    offsets: dict[tuple[int, ...], int] = {}
    size = 0
    for key in unit:
        offsets[key] = size
        size += material(key).size
    survey = Survey(size)
    movers = {key: Mover(ruleset, key, classes) for key in unit}
    for key in unit:
        survey.add(movers[key], offsets[key], gives_check)
    placed = {key: [index for index, _ in movers[key].material.placements()] for key in unit}
    # node numbers: base entries first (one per placement), then each placement's chase states
    ext_start = array("q", bytes(8 * size))
    total = size
    for key in unit:
        for index in placed[key]:
            u = offsets[key] + index
            ext_start[u] = total
            if not survey.trivial[u]:
                n_mine = 1 + CHASE_LIMIT * survey.checkers[u].bit_count()
                n_theirs = 1 + CHASE_LIMIT * survey.attackers[u].bit_count()
                total += n_mine * n_theirs - 1

    def node(u: int, mine: int, theirs: int) -> int:
        if not mine and not theirs:
            return u
        n_theirs = 1 + CHASE_LIMIT * survey.attackers[u].bit_count()
        return ext_start[u] + rank(mine, survey.checkers[u]) * n_theirs + rank(theirs, survey.attackers[u]) - 1

    graph = wdl.Graph(total)
    children = {key: (movers[key].quiet, movers[key].captures) for key in unit}
    moves, start, stop = survey.moves, survey.start, survey.stop
    trivial, checkers = survey.trivial, survey.checkers
    for key in unit:
        quiet, captures = children[key]
        quiet_offset = offsets[quiet.key]
        for index in placed[key]:
            u = offsets[key] + index
            graph.valid[u] = 1
            if trivial[u]:
                graph.exits[u] |= wdl.WIN_EXIT
                continue
            board_moves = moves[start[u]:stop[u]]
            mine_list, theirs_list = states(checkers[u], survey.attackers[u])
            first = True
            for mine in mine_list:
                m_count, m_square = mine >> 5, mine & 31
                for theirs in theirs_list:
                    v = u if first else node(u, mine, theirs)
                    first = False
                    graph.valid[v] = 1
                    for packed in board_moves:
                        frm, to = packed >> 32 & 31, packed >> 37 & 31
                        checks = packed >> 42 & 1
                        if checks and m_count == CHASE_LIMIT and frm == m_square:
                            continue  # a fourth check in a row by the same piece
                        kind = packed >> 45
                        if kind == TERMINAL:
                            graph.exits[v] |= wdl.WIN_EXIT
                            continue
                        count = (m_count + 1 if m_count and frm == m_square else 1) if checks else 0
                        left = theirs if not theirs or to != theirs & 31 else 0  # taking their chaser clears it
                        sym = SYMMETRIES[packed >> 43 & 3]
                        child_index = packed & 0xFFFFFFFF
                        if kind == 0:
                            w = quiet_offset + child_index
                            if trivial[w]:
                                graph.add_edge(v, w)
                                continue
                            child_mine = left & 0x60 | sym[left & 31] if left else 0
                            if child_mine and not checkers[w] >> (child_mine & 31) & 1:
                                child_mine = 0
                            child_theirs = count << 5 | sym[to] if count else 0
                            graph.add_edge(v, node(w, child_mine, child_theirs))
                        else:
                            captured_child = captures[kind - 1]
                            assert captured_child is not None, "a capture takes one of the other side's pieces"
                            solved = known[captured_child.key]
                            # a material solved here has its survey's facts
                            assert solved.trivial is not None and solved.checkers is not None
                            code = 0
                            if not solved.trivial[child_index]:
                                child_mine = left & 0x60 | sym[left & 31] if left else 0
                                if child_mine and not solved.checkers[child_index] >> (child_mine & 31) & 1:
                                    child_mine = 0
                                code = child_mine << 7 | (count << 5 | sym[to] if count else 0)
                            graph.exits[v] |= wdl.exit_of(solved.value(child_index, code))
    values = wdl.solve(graph, limit)
    result: dict[tuple[int, ...], Solved] = {}
    for key in unit:
        base, n = offsets[key], material(key).size
        exceptions: dict[int, int] = {}
        for index in placed[key]:
            u = base + index
            if trivial[u]:
                continue
            mine_list, theirs_list = states(checkers[u], survey.attackers[u])
            for mine in mine_list:
                for theirs in theirs_list:
                    if mine or theirs:
                        byte = values[node(u, mine, theirs)]
                        if byte != values[u]:
                            exceptions[index << 14 | mine << 7 | theirs] = byte
        result[key] = Solved(values[base:base + n], exceptions, survey.trivial[base:base + n],
                             survey.checkers[base:base + n])
    return result
