"""Board shapes: a :class:`Geometry` is a value (files x ranks) with its square
names and the step and ray tables movement is built from, computed once per shape.

Squares are ints numbered like chess boards are read, bottom-left first:
``square = rank * files + file``. A set of squares is a Python int with one
bit per square (a bitboard). Nothing outside this module assumes a size:
every module that needs one asks the ruleset's geometry.

>>> board = Geometry.of(4, 8)     # 4 files a-d, 8 ranks: Cheight's board
>>> board.square_names[0], board.square_names[-1], board.parse_square("b3")
('a1', 'd8', 9)
>>> Geometry.of(8, 4) is Geometry.of(8, 4)   # one value (and one set of tables) per shape
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from .core import Bitboard, Square, squares
from .errors import InvalidSquareError
from .inputs import shown
from .messages import Message

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KING_STEPS = ORTHOGONAL + DIAGONAL
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


T = TypeVar("T")


def _scan_any(bb: Bitboard) -> tuple[Square, ...]:
    """The squares of a bitboard of any width, lowest first (boards over 32 squares)."""
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return tuple(out)


class Geometry:
    """A rectangular board: ``files`` columns (a, b, ...) by ``ranks`` rows (1, 2, ...).

    Build it with :meth:`of`, which returns one shared instance per shape, so the
    tables below are computed once per shape however many rulesets use it.
    """

    __slots__ = ("files", "ranks", "num_squares", "all_squares", "square_names", "square_bits",
                 "squares", "_by_name", "_tables", "__weakref__")

    def __init__(self, files: int, ranks: int) -> None:
        if not (1 <= files <= len(FILE_LETTERS) and 1 <= ranks <= 99):
            raise ValueError(f"a board has 1-{len(FILE_LETTERS)} files and 1-99 ranks, not {files}x{ranks}")
        self.files, self.ranks = files, ranks
        self.num_squares = files * ranks
        self.all_squares: Bitboard = (1 << self.num_squares) - 1
        self.square_names = tuple(f"{FILE_LETTERS[sq % files]}{sq // files + 1}" for sq in range(self.num_squares))
        # bits an action needs for one square (actions pack squares side by side)
        self.square_bits = max(1, (self.num_squares - 1).bit_length())
        # byte-table scanning covers boards of up to 32 squares
        self.squares: Callable[[Bitboard], tuple[Square, ...]] = squares if self.num_squares <= 32 else _scan_any
        self._by_name = {name: sq for sq, name in enumerate(self.square_names)}
        self._tables: dict[tuple[str, Any], Any] = {}

    @staticmethod
    @functools.cache
    def of(files: int, ranks: int) -> Geometry:
        return Geometry(files, ranks)

    def __repr__(self) -> str:
        return f"Geometry.of({self.files}, {self.ranks})"

    def __reduce__(self) -> tuple[Callable[[int, int], Geometry], tuple[int, int]]:
        """Pickled (to match workers) as the shared instance of its shape."""
        return Geometry.of, (self.files, self.ranks)

    # -- squares -------------------------------------------------------------------
    @property
    def file_letters(self) -> str:
        return FILE_LETTERS[:self.files]

    def describe(self) -> str:
        """``files a-h, ranks 1-4``: the board's squares, for messages."""
        return f"files a-{FILE_LETTERS[self.files - 1]}, ranks 1-{self.ranks}"

    def square(self, file: int, rank: int) -> Square:
        return rank * self.files + file

    def file_of(self, sq: Square) -> int:
        return sq % self.files

    def rank_of(self, sq: Square) -> int:
        return sq // self.files

    def parse_square(self, text: str) -> Square:
        """``'c2'`` -> its square; InvalidSquareError names the text otherwise."""
        sq = self._by_name.get(text.strip().lower()) if isinstance(text, str) else None
        if sq is None:
            raise InvalidSquareError(Message("square.unknown", text=shown(text), last_file=FILE_LETTERS[self.files - 1],
                                             ranks=self.ranks))
        return sq

    def offset(self, sq: Square, df: int, dr: int) -> Square | None:
        """The square ``df`` files and ``dr`` ranks away, or None off the board."""
        f, r = sq % self.files + df, sq // self.files + dr
        if 0 <= f < self.files and 0 <= r < self.ranks:
            return r * self.files + f
        return None

    def between(self, frm: Square, to: Square, directions: Iterable[tuple[int, int]]) -> list[Square] | None:
        """The squares strictly between ``frm`` and ``to`` along one of ``directions``, or None."""
        for df, dr in directions:
            path: list[Square] = []
            k = 1
            while (sq := self.offset(frm, df * k, dr * k)) is not None:
                if sq == to:
                    return path
                path.append(sq)
                k += 1
        return None

    def board_text(self, tokens: list[str | None]) -> str:
        """A position line's board field: the ranks from the top, separated by ``/``,
        each square's token from file a (None: empty), runs of empty squares as digits."""
        files, ranks = self.files, []
        for rank in range(self.ranks - 1, -1, -1):
            text, run = "", 0
            for token in tokens[rank * files:(rank + 1) * files]:
                if token is None:
                    run += 1
                    continue
                if run:
                    text, run = text + str(run), 0
                text += token
            ranks.append(text + (str(run) if run else ""))
        return "/".join(ranks)

    # -- tables (computed once per shape and kind) ------------------------------------
    def _cached(self, key: tuple[str, Any], build: Callable[[], T]) -> T:
        table: T | None = self._tables.get(key)
        if table is None:
            table = self._tables[key] = build()
        return table

    def steps(self, deltas: tuple[tuple[int, int], ...]) -> tuple[Bitboard, ...]:
        """Per square, the bitboard of the squares one of ``deltas`` away (a leaper's reach)."""
        def build() -> tuple[Bitboard, ...]:
            table = []
            for sq in range(self.num_squares):
                bb = 0
                for df, dr in deltas:
                    to = self.offset(sq, df, dr)
                    if to is not None:
                        bb |= 1 << to
                table.append(bb)
            return tuple(table)
        return self._cached(("steps", deltas), build)

    def rays(self, directions: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[Square, ...], ...], ...]:
        """Per square, one tuple of squares per direction, nearest first, to the edge."""
        def build() -> tuple[tuple[tuple[Square, ...], ...], ...]:
            table = []
            for sq in range(self.num_squares):
                per_direction = []
                for df, dr in directions:
                    ray: list[Square] = []
                    k = 1
                    while (to := self.offset(sq, df * k, dr * k)) is not None:
                        ray.append(to)
                        k += 1
                    per_direction.append(tuple(ray))
                table.append(tuple(per_direction))
            return tuple(table)
        return self._cached(("rays", directions), build)

    def legged(self, steps_with_legs: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
               ) -> tuple[tuple[tuple[Square, Bitboard], ...], ...]:
        """Per square, (leg square, target bit) for each step of a blockable leaper:
        ``((df, dr), (leg_df, leg_dr))`` pairs, the leg being the square that blocks."""
        def build() -> tuple[tuple[tuple[Square, Bitboard], ...], ...]:
            table = []
            for sq in range(self.num_squares):
                pairs = []
                for (df, dr), (lf, lr) in steps_with_legs:
                    to, leg = self.offset(sq, df, dr), self.offset(sq, lf, lr)
                    if to is not None and leg is not None:
                        pairs.append((leg, 1 << to))
                table.append(tuple(pairs))
            return tuple(table)
        return self._cached(("legged", steps_with_legs), build)


def per_geometry(build: Callable[[Geometry], T]) -> Callable[[Geometry], T]:
    """A table of a family or variant built once per board shape: ``build(geometry)``
    runs the first time a shape asks for it, and that answer is kept beside ``build``."""
    return functools.cache(build)
