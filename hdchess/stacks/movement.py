"""How stacked pieces move: the reach tables of one board and the move generator.

A mover is the top piece of a stack of ``n`` pieces. A square *blocks* it when
it holds at least ``n`` pieces (``state.atleast[n]``, a bitboard kept by
push/pop); lower squares are passed over whatever is on them. Every look-up
below is keyed by that blocking set, so move generation is a few dict
look-ups per piece; the first look-up of a (square, blockers) pair walks the
board and the answer is memoised, once per board shape.

The reach of each kind (the rules text, "Where a move may end"):

- General, Soldier, Horse, Chariot, Elephant end on a square they reach that
  is empty, topped by an enemy (a capture), or topped by their own piece and
  lower than them: ``enemy | ~blockers``.
- Chariot / Elephant reach every square up to and including the first blocker.
- Cannon: non-enemy squares before the screen, enemy tops beyond it up to and
  including the next blocker.
- Advisor: the four diagonal neighbours, never blocked, any content; it may
  carry 0..n-1 of the pieces below it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..actions import ActionTables
from ..attacks import xiangqi_horse
from ..core import ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, RED, SOLDIER
from ..geometry import DIAGONAL, KING_STEPS, KNIGHT_STEPS, ORTHOGONAL, Geometry, per_geometry

# Bits of an action (moves share the face-down family's ``frm << bits | to``):
#   to | frm << bits | count << 2 * bits | swap flag << 2 * bits + COUNT_BITS
# ``count`` is an Advisor's carry (0 for every other move) or a swap's height.
COUNT_BITS = 5  # a stack holds at most 32 pieces: heights and carries are 0..31


def _walk(rays: tuple[tuple[int, ...], ...], block: int) -> tuple[int, int, int]:
    """(squares before the first blocker, the first blockers, the squares after
    the first blocker up to and including the second), over every ray."""
    before = first = beyond = 0
    for ray in rays:
        screened = False
        for to in ray:
            bit = 1 << to
            if screened:
                beyond |= bit
                if block & bit:
                    break
            elif block & bit:
                first |= bit
                screened = True
            else:
                before |= bit
    return before, first, beyond


class Slides:
    """Memoised ray walks of one family of directions on one board, keyed by the blockers."""

    def __init__(self, geometry: Geometry, directions: tuple[tuple[int, int], ...]) -> None:
        self.rays = geometry.rays(directions)
        self.mask = tuple(sum(1 << s for ray in per_sq for s in ray) for per_sq in self.rays)
        self.table: list[dict[int, tuple[int, int, int]]] = [{} for _ in range(geometry.num_squares)]

    def lookup(self, sq: int, block: int) -> tuple[int, int, int]:
        key = block & self.mask[sq]
        entry = self.table[sq].get(key)
        if entry is None:
            entry = self.table[sq][key] = _walk(self.rays[sq], key)
        return entry


class Movement:
    """The reach tables of one board, and the generator that uses them (one per shape).

    ``generate(state, color, out)`` appends ``color``'s moves to ``out``;
    ``summary(state, color)`` is (number of moves, bitboard of the enemy tops they cover).
    """

    def __init__(self, geometry: Geometry) -> None:
        files, top_rank = geometry.files, geometry.num_squares - geometry.files
        self.geometry = geometry
        self.king = geometry.steps(KING_STEPS)
        self.diagonal_steps = geometry.steps(DIAGONAL)
        self.forward = (geometry.steps(((0, 1),)), geometry.steps(((0, -1),)))  # by colour: straight ahead
        self.end_ranks = (((1 << files) - 1) << top_rank, (1 << files) - 1)  # by colour: where Soldiers promote
        self.orthogonal = Slides(geometry, ORTHOGONAL)
        self.diagonal = Slides(geometry, DIAGONAL)
        self.actions = ActionTables.of(geometry)
        self.bits = geometry.square_bits
        self.carry_shift = 2 * self.bits
        self.swap_flag = 1 << (2 * self.bits + COUNT_BITS)
        self.generate, self.summary = _make_generators(self)
        self.generate_without_suicide = _without_suicide(self.generate, (1 << self.bits) - 1)

    @staticmethod
    @per_geometry
    def of(geometry: Geometry) -> Movement:
        """The movement of ``geometry``, made once per shape."""
        return Movement(geometry)

    def move(self, frm: int, to: int, carry: int = 0) -> int:
        """The move frm-to; an Advisor carrying ``carry`` pieces below it."""
        return carry << self.carry_shift | frm << self.bits | to

    def swap(self, soldier: int, sq: int, height: int) -> int:
        """The promotion swap of the Soldier on ``soldier`` with the piece at (``sq``, ``height``)."""
        return self.swap_flag | height << self.carry_shift | soldier << self.bits | sq


class Stacks(Protocol):
    """What the move generator reads of a position (:class:`.position.Position` is one): kept here
    as a protocol so that the movement, which the position uses, does not import the position."""

    king_takes_king: bool
    top: list[int]  # each square's top piece
    heights: list[int]  # each square's stack height
    atleast: list[int]  # by height h: a bitboard of the squares whose stack is at least h high
    colors: list[int]  # by colour: a bitboard of the squares its pieces top
    soldiers: int  # a bitboard of the squares a Soldier tops
    kings: list[int]  # by colour: its General's square (-1: none)


Generator = Callable[[Stacks, int, list[int]], None]
Summary = Callable[[Stacks, int], tuple[int, int]]


def _make_generators(m: Movement) -> tuple[Generator, Summary]:
    """The move generator and the summary of one board, their tables bound as locals."""
    geometry = m.geometry
    all_squares, squares = geometry.all_squares, geometry.squares
    king, diagonal_steps, forward = m.king, m.diagonal_steps, m.forward
    horse = xiangqi_horse(geometry)  # keyed by occupancy: here the blocking squares are what blocks a leg
    horse_lookup, orth_lookup, diag_lookup = horse.lookup, m.orthogonal.lookup, m.diagonal.lookup
    orth_mask, diag_mask = m.orthogonal.mask, m.diagonal.mask
    cache, actions_to, shift = m.actions.cache, m.actions.actions_to, m.actions.target_shift
    bits, carry_shift, files, size = geometry.square_bits, m.carry_shift, geometry.files, geometry.num_squares
    marches: tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]] = ({}, {})
    advisors: dict[int, tuple[int, ...]] = {}
    # Per square, the actions of a piece keyed by the blockers and the enemy tops on its lines:
    # one look-up gives a Chariot's, Elephant's, Cannon's or Horse's moves.
    tables: list[list[dict[int, tuple[int, ...]]]] = [[{} for _ in range(size)] for _ in range(4)]
    chariots, elephants, cannons, horses = tables
    horse_lines = tuple(legs | jumps for legs, jumps in zip(horse.mask, geometry.steps(KNIGHT_STEPS)))

    def reach(sq: int, piece: int, block: int, enemy: int) -> int:
        """Where the top ``piece`` on ``sq`` may end its move, ``block`` being the squares
        as high as its stack: the rules' "where a move may end", in one place (the
        General's king_takes_king is the callers')."""
        kind = piece & 7
        if kind == ADVISOR:
            return diagonal_steps[sq]
        free = enemy | (all_squares ^ block)  # empty, lower, or topped by an enemy
        if kind == GENERAL:
            return king[sq] & free
        if kind == SOLDIER:
            return forward[piece >> 3][sq] & free
        if kind == HORSE:
            return horse_lookup(sq, block) & free
        if kind == CANNON:
            before, _, beyond = orth_lookup(sq, block)
            return (before & ~enemy) | (beyond & enemy)
        before, first, _ = (orth_lookup if kind == CHARIOT else diag_lookup)(sq, block)
        return before | (first & enemy)

    def march_actions(color: int, targets: int) -> tuple[int, ...]:
        """The moves of Soldiers onto ``targets``, each from the square behind it."""
        behind = -files if color == RED else files
        found = marches[color][targets] = tuple((to + behind) << bits | to for to in squares(targets))
        return found

    def advisor_actions(sq: int, n: int) -> tuple[int, ...]:
        """An Advisor on a stack of ``n``: each diagonal neighbour with each carry 0..n-1."""
        found = advisors[n << bits | sq] = tuple(k << carry_shift | sq << bits | to
                                                for to in squares(diagonal_steps[sq]) for k in range(n))
        return found

    def line_actions(table: dict[int, tuple[int, ...]], key: int, sq: int, piece: int, block: int,
                     enemy: int) -> tuple[int, ...]:
        targets = reach(sq, piece, block, enemy)
        found = table[key] = cache.get(sq << shift | targets) or actions_to(sq, targets)
        return found

    def generate(state: Stacks, color: int, out: list[int]) -> None:
        """Append every move of ``color`` to ``out``: the hot loop of perft, playouts and the search."""
        tops, heights, atleast = state.top, state.heights, state.atleast
        enemy = state.colors[color ^ 1]
        other_general = state.kings[color ^ 1]
        king_mask = all_squares if state.king_takes_king or other_general < 0 else all_squares ^ (1 << other_general)
        own = state.colors[color]
        # Soldiers step straight ahead all at once, one height at a time (most stand at height 0 or 1).
        soldiers = own & state.soldiers
        march, n = marches[color], 1
        while soldiers:
            level = soldiers & ~atleast[n + 1]  # the Soldiers on stacks of exactly n pieces
            if level:
                ahead = level << files if color == RED else level >> files
                targets = ahead & (enemy | (all_squares ^ atleast[n]))
                if targets:
                    out += march.get(targets) or march_actions(color, targets)
                soldiers ^= level
            n += 1
        for sq in squares(own & ~state.soldiers):
            piece = tops[sq]
            kind = piece & 7
            n = heights[sq]
            if kind == ADVISOR:  # never blocked: its moves depend on its square and its stack alone
                out += advisors.get(n << bits | sq) or advisor_actions(sq, n)
                continue
            block = atleast[n]
            if kind == GENERAL:
                targets = king[sq] & (enemy | (all_squares ^ block)) & king_mask
                if targets:
                    out += cache.get(sq << shift | targets) or actions_to(sq, targets)
                continue
            if kind == ELEPHANT:
                lines, table = diag_mask[sq], elephants[sq]
            elif kind == CHARIOT:
                lines, table = orth_mask[sq], chariots[sq]
            elif kind == HORSE:
                lines, table = horse_lines[sq], horses[sq]
            else:
                lines, table = orth_mask[sq], cannons[sq]
            key = (block & lines) << size | (enemy & lines)
            found = table.get(key)
            out += found if found is not None else line_actions(table, key, sq, piece, block, enemy)

    def summary(state: Stacks, color: int) -> tuple[int, int]:
        """(number of moves, bitboard of the enemy tops they cover) of ``color``: the
        evaluation's mobility and threats, by the same reach as :func:`generate`."""
        tops, heights, atleast = state.top, state.heights, state.atleast
        enemy = state.colors[color ^ 1]
        other_general = state.kings[color ^ 1]
        count = covered = 0
        for sq in squares(state.colors[color]):
            piece, n = tops[sq], heights[sq]
            targets = reach(sq, piece, atleast[n], enemy)
            if piece & 7 == GENERAL and not state.king_takes_king and other_general >= 0:
                targets &= ~(1 << other_general)
            count += targets.bit_count() * (n if piece & 7 == ADVISOR else 1)  # an Advisor has n carries
            covered |= targets & enemy
        return count, covered

    return generate, summary


def _without_suicide(generate: Generator, mask: int) -> Generator:
    """``generate`` less the moves that would cover the mover's own General (option ``suicide =
    prevented``). In a game still going on every General is a top piece, so a move covers its own
    exactly when it ends on that General's square; a swap never covers a General (it only trades
    two pieces' places). A filter after the fast generator: the default rules pay nothing for it."""

    def generate_without_suicide(state: Stacks, color: int, out: list[int]) -> None:
        start = len(out)
        generate(state, color, out)
        general = state.kings[color]
        if general >= 0:
            out[start:] = [action for action in out[start:] if action & mask != general]

    return generate_without_suicide


__all__ = ["COUNT_BITS", "Movement", "Slides"]
