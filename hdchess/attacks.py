"""Attack look-ups for pieces that slide or can be blocked, made for a board.

Leapers need only :meth:`Geometry.steps`. Sliders (Chariot, Cannon,
Elephant) are looked up by the occupancy of the lines through their square:
the first look-up of a (square, occupancy) pair walks the rays and the answer
is memoised, so move generation is a dict look-up. Blockable leapers (the
xiangqi Horse and Elephant) are memoised the same way on their legs. Each
table is made once per board shape and kind, and shared by every variant
that uses it.
"""

from __future__ import annotations

from .core import Bitboard, Square
from .geometry import DIAGONAL, KNIGHT_STEPS, ORTHOGONAL, Geometry, per_geometry


def _walk(rays: tuple[tuple[Square, ...], ...], occupied: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard]:
    """(empty squares reached, first pieces met, pieces just beyond a screen)."""
    empty = first = screened = 0
    for ray in rays:
        seen = 0
        for to in ray:
            if not occupied >> to & 1:
                if seen == 0:
                    empty |= 1 << to
                continue
            seen += 1
            if seen == 1:
                first |= 1 << to
            else:
                screened |= 1 << to
                break
    return empty, first, screened


class SliderTable:
    """Memoised ray walks for one family of directions on one board.

    ``table[sq].get(occupied & mask[sq])`` is the triple from :func:`_walk`;
    :meth:`lookup` fills a missing entry.
    """

    def __init__(self, geometry: Geometry, directions: tuple[tuple[int, int], ...]) -> None:
        self.rays = geometry.rays(directions)
        self.mask = tuple(sum(1 << s for ray in per_sq for s in ray) for per_sq in self.rays)
        self.table: list[dict[Bitboard, tuple[Bitboard, Bitboard, Bitboard]]] = [
            {} for _ in range(geometry.num_squares)
        ]

    def lookup(self, sq: Square, occupied: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard]:
        key = occupied & self.mask[sq]
        entry = self.table[sq].get(key)
        if entry is None:
            entry = self.table[sq][key] = _walk(self.rays[sq], key)
        return entry


class LeggedTable:
    """Memoised reach of a blockable leaper on one board: ``lookup(sq, occupied)``
    is the bitboard of landing squares whose leg is empty."""

    def __init__(self, geometry: Geometry,
                 steps_with_legs: tuple[tuple[tuple[int, int], tuple[int, int]], ...]) -> None:
        self.pairs = geometry.legged(steps_with_legs)
        self.mask = tuple(sum(1 << leg for leg in {leg for leg, _ in per_sq}) for per_sq in self.pairs)
        self.table: list[dict[int, int]] = [{} for _ in range(geometry.num_squares)]

    def lookup(self, sq: Square, occupied: Bitboard) -> Bitboard:
        key = occupied & self.mask[sq]
        reach = self.table[sq].get(key)
        if reach is None:
            reach = self.table[sq][key] = sum(bit for leg, bit in self.pairs[sq] if not key >> leg & 1)
        return reach


# Xiangqi Horse: one step orthogonally (the leg, which must be empty), then one diagonally outward.
XIANGQI_HORSE_STEPS = tuple(
    ((df, dr), (df // 2 if abs(df) == 2 else 0, dr // 2 if abs(dr) == 2 else 0)) for df, dr in KNIGHT_STEPS
)
# Xiangqi Elephant: exactly two diagonally, blocked by the eye between.
XIANGQI_ELEPHANT_STEPS = tuple(((2 * df, 2 * dr), (df, dr)) for df, dr in DIAGONAL)


@per_geometry
def orthogonal_slides(geometry: Geometry) -> SliderTable:
    return SliderTable(geometry, ORTHOGONAL)


@per_geometry
def diagonal_slides(geometry: Geometry) -> SliderTable:
    return SliderTable(geometry, DIAGONAL)


@per_geometry
def xiangqi_horse(geometry: Geometry) -> LeggedTable:
    return LeggedTable(geometry, XIANGQI_HORSE_STEPS)


@per_geometry
def xiangqi_elephant(geometry: Geometry) -> LeggedTable:
    return LeggedTable(geometry, XIANGQI_ELEPHANT_STEPS)
