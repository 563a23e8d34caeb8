"""Colours, pieces and bitboards: the vocabulary every other module uses.

A piece is ``colour * 8 + kind``; a set of squares is a Python int with one bit
per square (a bitboard). Board shapes and square names belong to
:mod:`hdchess.geometry`, and each variant says which shape it plays on.
"""

from __future__ import annotations

Square = int
Bitboard = int
Color = int
Piece = int  # colour * 8 + kind, 0..15

RED: Color = 0
BLACK: Color = 1
COLORS = (RED, BLACK)
COLOR_NAMES = ("red", "black")
COLOR_LETTERS = "rb"

# Piece kinds. The letters are those of the rules texts; every game uses a
# subset of them (only hdc2 has the Archer).
GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER, ARCHER = range(8)
KINDS = range(8)
KIND_LETTERS = "KAEHRCPW"
KIND_NAMES = ("General", "Advisor", "Elephant", "Horse", "Chariot", "Cannon", "Soldier", "Archer")
# The characters hdc2 draws its pieces with (red, black); a variant may draw
# some differently (VariantSpec.glyphs).
CHINESE_NAMES = (
    ("帥", "仕", "相", "傌", "俥", "砲", "兵", "弩"),
    ("將", "士", "象", "馬", "車", "炮", "卒", "弓"),
)


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


def bit(sq: Square) -> Bitboard:
    return 1 << sq


# Squares of every byte value, so a bitboard of up to 32 squares is scanned a
# byte at a time: four table look-ups instead of one loop step per set bit.
# (Larger boards use Geometry.squares, which falls back to a loop.)
_BYTE_SQUARES = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))
_SHIFTED = tuple(
    tuple(tuple(s + 8 * k for s in _BYTE_SQUARES[b]) for b in range(256)) for k in range(4)
)
_B0, _B1, _B2, _B3 = _SHIFTED


def squares(bb: Bitboard) -> tuple[Square, ...]:
    """The squares of a bitboard of up to 32 squares, lowest first."""
    return _B0[bb & 255] + _B1[bb >> 8 & 255] + _B2[bb >> 16 & 255] + _B3[bb >> 24]


def popcount(bb: Bitboard) -> int:
    return bb.bit_count()


def lsb(bb: Bitboard) -> Square:
    return (bb & -bb).bit_length() - 1
