"""Squares, colours, pieces and bitboards: the vocabulary every other module uses.

The board is 4 ranks x 8 files = 32 squares, so a set of squares is one
32-bit Python int (a bitboard). Square ``a1`` is 0, ``h1`` is 7, ``a2`` is 8,
``h4`` is 31: ``square = rank * 8 + file``.
"""

from __future__ import annotations

from .errors import InvalidSquareError

Square = int
Bitboard = int
Color = int
Piece = int  # colour * 8 + kind, 0..15

FILES = "abcdefgh"
NUM_FILES = 8
NUM_RANKS = 4
NUM_SQUARES = NUM_FILES * NUM_RANKS
ALL_SQUARES: Bitboard = (1 << NUM_SQUARES) - 1

RED: Color = 0
BLACK: Color = 1
COLORS = (RED, BLACK)
COLOR_NAMES = ("red", "black")
COLOR_LETTERS = "rb"

# Piece kinds. The letters are those of RULES.md; every face-down game uses a
# subset of them (banqi and gaiqi have no Archer).
GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER, ARCHER = range(8)
KINDS = range(8)
KIND_LETTERS = "KAEHRCPW"
KIND_NAMES = ("General", "Advisor", "Elephant", "Horse", "Chariot", "Cannon", "Soldier", "Archer")
CHINESE_NAMES = (
    ("帥", "仕", "相", "傌", "俥", "砲", "兵", "弩"),
    ("將", "士", "象", "馬", "車", "炮", "卒", "弓"),
)

# Mailbox contents besides the 16 face-up pieces.
HIDDEN = 16
EMPTY = 17


def make_piece(color: Color, kind: int) -> Piece:
    return color * 8 + kind


def piece_color(piece: Piece) -> Color:
    return piece >> 3


def piece_kind(piece: Piece) -> int:
    return piece & 7


def piece_letter(piece: Piece) -> str:
    letter = KIND_LETTERS[piece & 7]
    return letter if piece < 8 else letter.lower()


def piece_name(piece: Piece) -> str:
    """'red Chariot', for messages."""
    return f"{COLOR_NAMES[piece >> 3]} {KIND_NAMES[piece & 7]}"


def piece_from_letter(letter: str) -> Piece:
    """``'R'`` -> red Chariot, ``'r'`` -> black Chariot; ValueError otherwise."""
    kind = KIND_LETTERS.find(letter.upper()) if len(letter) == 1 else -1
    if kind < 0:
        raise ValueError(f"{letter!r} is not a piece letter")
    return make_piece(BLACK if letter.islower() else RED, kind)


def square(file: int, rank: int) -> Square:
    return rank * NUM_FILES + file


def square_file(sq: Square) -> int:
    return sq & 7


def square_rank(sq: Square) -> int:
    return sq >> 3


SQUARE_NAMES = tuple(f"{FILES[sq & 7]}{(sq >> 3) + 1}" for sq in range(NUM_SQUARES))
_SQUARE_BY_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


def square_name(sq: Square) -> str:
    return SQUARE_NAMES[sq]


def parse_square(text: str) -> Square:
    """``'c2'`` -> 10. Raises InvalidSquareError naming the text."""
    sq = _SQUARE_BY_NAME.get(text.strip().lower()) if isinstance(text, str) else None
    if sq is None:
        raise InvalidSquareError(f"{text} is not a square (files a-h, ranks 1-4)")
    return sq


def bit(sq: Square) -> Bitboard:
    return 1 << sq


# Squares of every byte value, so a bitboard is scanned a byte at a time:
# four table look-ups instead of one loop step per set bit.
_BYTE_SQUARES = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))
_SHIFTED = tuple(
    tuple(tuple(s + 8 * k for s in _BYTE_SQUARES[b]) for b in range(256)) for k in range(4)
)
_B0, _B1, _B2, _B3 = _SHIFTED


def squares(bb: Bitboard) -> tuple[Square, ...]:
    """The squares of a bitboard, lowest first."""
    return _B0[bb & 255] + _B1[bb >> 8 & 255] + _B2[bb >> 16 & 255] + _B3[bb >> 24]


def popcount(bb: Bitboard) -> int:
    return bb.bit_count()


def lsb(bb: Bitboard) -> Square:
    return (bb & -bb).bit_length() - 1
