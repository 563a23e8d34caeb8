"""Draw a position in a terminal: Chinese characters or letters, ANSI colours.

Any board the variant plays on; a square shows its top piece, with the height
of its stack when more than one piece stands there (``--stacks`` lists them).
"""

from __future__ import annotations

import os
import sys
from typing import IO

from .core import piece_from_letter
from .rules import GameState

_RED, _BLACK, _DIM, _RESET = "\x1b[31;1m", "\x1b[36;1m", "\x1b[2m", "\x1b[0m"


def use_colour(stream: IO[str] | None = None) -> bool:
    """Colour only for a terminal, and never when NO_COLOR is set."""
    stream = stream or sys.stdout
    return hasattr(stream, "isatty") and stream.isatty() and not os.environ.get("NO_COLOR")


def _cell(state: GameState, text: str | None, letters: bool) -> tuple[str, str]:
    """(what a square shows, its colour code): the top piece and, for a stack, its height."""
    if text is None:
        return ("." if letters else " ."), _DIM
    if text == "x":
        return ("x" if letters else "##"), _DIM
    top = text[-1]
    piece = piece_from_letter(top)
    shown = top if letters else state.ruleset.spec.glyph(piece)
    if len(text) > 1:
        shown += str(len(text))
    return shown, (_RED if piece < 8 else _BLACK)


def _columns(text: str) -> int:
    """Terminal columns a cell's text takes: a CJK character takes two."""
    return sum(2 if ord(ch) >= 0x2E80 else 1 for ch in text)


def render_board(state: GameState, letters: bool = False, colour: bool = False,
                 marks: frozenset[int] = frozenset()) -> str:
    """The board as text, the top rank first; ``marks`` squares are bracketed."""
    geometry = state.geometry
    cells = {sq: _cell(state, state.square_text(sq), letters) for sq in range(geometry.num_squares)}
    width = max(1 if letters else 2, *(_columns(text) for text, _ in cells.values()))
    lines = ["   " + "".join(f" {f:<{width}} " for f in geometry.file_letters)]
    for rank in range(geometry.ranks - 1, -1, -1):
        row = []
        for file in range(geometry.files):
            sq = geometry.square(file, rank)
            text, code = cells[sq]
            text += " " * (width - _columns(text))
            if colour:
                text = f"{code}{text}{_RESET}"
            left, right = ("[", "]") if sq in marks else (" ", " ")
            row.append(f"{left}{text}{right}")
        lines.append(f"{rank + 1:>2} " + "".join(row))
    return "\n".join(lines)


def render_stacks(state: GameState, letters: bool = False) -> str:
    """Every square holding more than one piece, bottom to top: ``a1: C K (bottom to top)``."""
    geometry, lines = state.geometry, []
    for sq in range(geometry.num_squares):
        text = state.square_text(sq)
        if text and len(text) > 1 and text != "x":
            pieces = [c if letters else state.ruleset.spec.glyph(piece_from_letter(c)) for c in text]
            lines.append(f"{geometry.square_names[sq]}: {' '.join(pieces)} (bottom to top)")
    return "\n".join(lines)
