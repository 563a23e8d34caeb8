"""Precomputed attack tables for the 4x8 board.

Leapers (General, Advisor, Horse, Soldier, Archer) are one bitboard per square.
Sliders (Chariot, Cannon, Elephant) are looked up by the occupancy of the lines
through their square: the first look-up of a (square, occupancy) pair walks
the rays and the answer is memoised, so move generation is a dict look-up.
"""

from __future__ import annotations

from .core import NUM_FILES, NUM_RANKS, NUM_SQUARES, Bitboard, Square

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def _offset(sq: Square, df: int, dr: int) -> Square | None:
    f, r = (sq & 7) + df, (sq >> 3) + dr
    if 0 <= f < NUM_FILES and 0 <= r < NUM_RANKS:
        return r * NUM_FILES + f
    return None


def _steps_table(steps) -> tuple[Bitboard, ...]:
    table = []
    for sq in range(NUM_SQUARES):
        bb = 0
        for df, dr in steps:
            to = _offset(sq, df, dr)
            if to is not None:
                bb |= 1 << to
        table.append(bb)
    return tuple(table)


def _rays(directions) -> tuple[tuple[tuple[Square, ...], ...], ...]:
    table = []
    for sq in range(NUM_SQUARES):
        rays = []
        for df, dr in directions:
            ray, k = [], 1
            while (to := _offset(sq, df * k, dr * k)) is not None:
                ray.append(to)
                k += 1
            rays.append(tuple(ray))
        table.append(tuple(rays))
    return tuple(table)


KING = _steps_table(ORTHOGONAL + DIAGONAL)  # one step, 8 directions
ONE_ORTHOGONAL = _steps_table(ORTHOGONAL)
ONE_DIAGONAL = _steps_table(DIAGONAL)
KNIGHT = _steps_table(KNIGHT_STEPS)
# The Archer's shots: exactly two squares away in the 8 directions.
TWO_AWAY = _steps_table(tuple((2 * df, 2 * dr) for df, dr in ORTHOGONAL + DIAGONAL))

ORTHOGONAL_RAYS = _rays(ORTHOGONAL)
DIAGONAL_RAYS = _rays(DIAGONAL)


def _ray_mask(rays) -> tuple[Bitboard, ...]:
    return tuple(sum(1 << s for ray in per_sq for s in ray) for per_sq in rays)


ORTHOGONAL_MASK = _ray_mask(ORTHOGONAL_RAYS)
DIAGONAL_MASK = _ray_mask(DIAGONAL_RAYS)


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
    """Memoised ray walks for one family of directions.

    ``table[sq].get(occupied & mask[sq])`` is the triple from :func:`_walk`;
    :meth:`lookup` fills a missing entry.
    """

    def __init__(self, rays, mask) -> None:
        self.rays = rays
        self.mask = mask
        self.table: list[dict[Bitboard, tuple[Bitboard, Bitboard, Bitboard]]] = [
            {} for _ in range(NUM_SQUARES)
        ]

    def lookup(self, sq: Square, occupied: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard]:
        key = occupied & self.mask[sq]
        entry = self.table[sq].get(key)
        if entry is None:
            entry = self.table[sq][key] = _walk(self.rays[sq], key)
        return entry


ORTHOGONAL_SLIDES = SliderTable(ORTHOGONAL_RAYS, ORTHOGONAL_MASK)
DIAGONAL_SLIDES = SliderTable(DIAGONAL_RAYS, DIAGONAL_MASK)


def _legged(steps_with_legs) -> tuple[tuple[tuple[Square, Bitboard], ...], ...]:
    """Per square: (leg square, target bit) pairs for blockable leapers."""
    steps_with_legs = tuple(steps_with_legs)  # read once per square: a generator would be spent after a1
    table = []
    for sq in range(NUM_SQUARES):
        pairs = []
        for (df, dr), (lf, lr) in steps_with_legs:
            to, leg = _offset(sq, df, dr), _offset(sq, lf, lr)
            if to is not None and leg is not None:
                pairs.append((leg, 1 << to))
        table.append(tuple(pairs))
    return tuple(table)


# Xiangqi Horse (gaiqi): one step orthogonally (the leg, which must be empty),
# then one diagonally outward.
XIANGQI_HORSE = _legged(
    ((df, dr), (df // 2 if abs(df) == 2 else 0, dr // 2 if abs(dr) == 2 else 0))
    for df, dr in KNIGHT_STEPS
)
# Xiangqi Elephant (gaiqi): exactly two diagonally, blocked by the eye between.
XIANGQI_ELEPHANT = _legged(((2 * df, 2 * dr), (df, dr)) for df, dr in DIAGONAL)
