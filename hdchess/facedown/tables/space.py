"""Where a table's entries live: a material (which pieces) and a canonical
index for each placement of them, from the side to move's point of view.

The side to move's pieces are always red (codes 0-7) and the other side's
black (8-15): a position with black to move is read with the colours
swapped, which is exact because no piece in these games has a direction
(the Soldier steps forward and back alike).

The 8 x 4 board has four symmetries (mirror the files, mirror the ranks,
both), and every variant's movement is made of symmetric steps, so only one
of the four images of a placement is stored: the one whose *lead* piece
stands in the quadrant a1-d2. No square lies on a mirror axis, so exactly one
image puts a given square in that quadrant. The lead is a piece with no twin
when the material has one (always, but for pairs against pairs); otherwise
the image is the least of the four tuples, as below.

Squares of identical pieces are kept sorted. The index is the lead's
quadrant number (0-7) then every other square in base 32: a dense array of
``8 * 32 ** (n - 1)`` entries, some of them not positions (two pieces on one
square, unsorted twins, a non-canonical image), which cost only space and
compress to almost nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

FILES, RANKS = 8, 4
SQUARES = FILES * RANKS


def _mirror(sq: int, files: bool, ranks: bool) -> int:
    file, rank = sq % FILES, sq // FILES
    return (RANKS - 1 - rank if ranks else rank) * FILES + (FILES - 1 - file if files else file)


# The four symmetries as square maps: identity, files mirrored, ranks mirrored, both.
SYMMETRIES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_mirror(sq, files, ranks) for sq in range(SQUARES)) for ranks in (False, True) for files in (False, True)
)
# The quadrant a1-d2 numbered 0-7, and for each square the symmetry that takes it there.
QUADRANT = tuple(sq % FILES + 4 * (sq // FILES) if sq % FILES < 4 and sq < 2 * FILES else -1
                 for sq in range(SQUARES))
LEAD_SYMMETRY = tuple(next(k for k, sym in enumerate(SYMMETRIES) if QUADRANT[sym[sq]] >= 0) for sq in range(SQUARES))
QUADRANT_SQUARES = tuple(sq for sq in range(SQUARES) if QUADRANT[sq] >= 0)


def material_key(mover: list[int] | tuple[int, ...], other: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """The key of a material: the side to move's kinds (as red pieces) and the
    other side's (as black), each sorted; the side to move is named first."""
    return (*sorted(k & 7 for k in mover), *sorted(8 | (k & 7) for k in other))


def swapped(key: tuple[int, ...]) -> tuple[int, ...]:
    """The same pieces with the other side to move."""
    return material_key([p for p in key if p >= 8], [p for p in key if p < 8])


class Material:
    """A table's pieces in slot order (lead first) and its canonical index."""

    def __init__(self, key: tuple[int, ...]) -> None:
        self.key = key
        counts = {p: key.count(p) for p in key}
        singles = [p for p in key if counts[p] == 1]
        lead = singles[0] if singles else None
        rest = list(key)
        if lead is not None:
            rest.remove(lead)
        self.unique_lead = lead is not None
        self.pieces: tuple[int, ...] = ((lead,) if lead is not None else ()) + tuple(rest)
        self.n = len(key)
        # slot ranges of twins (identical pieces, kept sorted); the lead is alone
        groups: list[tuple[int, int]] = []
        start = 1 if lead is not None else 0
        for end in range(start + 1, self.n + 1):
            if end == self.n or self.pieces[end] != self.pieces[start]:
                if end - start > 1:
                    groups.append((start, end))
                start = end
        self.twins = tuple(groups)
        self.size = 8 * SQUARES ** (self.n - 1)
        self.movers = sum(1 for p in key if p < 8)

    def __repr__(self) -> str:
        return f"Material({self.name})"

    @property
    def name(self) -> str:
        letters = "KAEHRCPW"
        return "".join(letters[p] for p in self.key if p < 8) + "v" + "".join(
            letters[p & 7].lower() for p in self.key if p >= 8)

    def _image(self, squares: Sequence[int], sym: tuple[int, ...]) -> tuple[int, ...]:
        image = [sym[sq] for sq in squares]
        for start, end in self.twins:
            image[start:end] = sorted(image[start:end])
        return tuple(image)

    def canonical(self, squares: Sequence[int]) -> tuple[int, ...]:
        """The stored image of a placement (squares in slot order)."""
        if self.unique_lead:
            return self._image(squares, SYMMETRIES[LEAD_SYMMETRY[squares[0]]])
        return min(self._image(squares, sym) for sym in SYMMETRIES)

    def index(self, squares: Sequence[int]) -> int:
        """The entry of a placement (squares in slot order, twins in any order)."""
        image = self.canonical(squares)
        index = QUADRANT[image[0]]
        for sq in image[1:]:
            index = index * SQUARES + sq
        return index

    def symmetry(self, squares: Sequence[int]) -> int:
        """Which of SYMMETRIES takes a placement to its stored image (a material
        with a unique lead: the one that puts the lead in the quadrant)."""
        if not self.unique_lead:
            raise ValueError(f"{self.name} has no unique lead piece: its image may have two symmetries")
        return LEAD_SYMMETRY[squares[0]]

    def placement(self, index: int) -> tuple[int, ...]:
        """The squares of an entry (its canonical image's slot order)."""
        squares = []
        for _ in range(self.n - 1):
            index, sq = divmod(index, SQUARES)
            squares.append(sq)
        squares.append(QUADRANT_SQUARES[index])
        return tuple(reversed(squares))

    def placements(self) -> Iterator[tuple[int, tuple[int, ...]]]:
        """(index, squares) of every real, canonical placement."""
        for index in range(self.size):
            squares = self.placement(index)
            if len(set(squares)) == self.n and self.canonical(squares) == squares:
                yield index, squares


@cache
def material(key: tuple[int, ...]) -> Material:
    return Material(key)
