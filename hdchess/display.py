"""Draw a position in a terminal: Chinese characters or letters, ANSI colours."""

from __future__ import annotations

import os
import sys

from .core import CHINESE_NAMES, EMPTY, FILES, HIDDEN, NUM_FILES, NUM_RANKS, piece_letter
from .state import State

_RED, _BLACK, _DIM, _RESET = "\x1b[31;1m", "\x1b[36;1m", "\x1b[2m", "\x1b[0m"


def use_colour(stream=None) -> bool:
    """Colour only for a terminal, and never when NO_COLOR is set."""
    stream = stream or sys.stdout
    return hasattr(stream, "isatty") and stream.isatty() and not os.environ.get("NO_COLOR")


def render_board(state: State, letters: bool = False, colour: bool = False,
                 marks: frozenset[int] = frozenset()) -> str:
    """The board as text, rank 4 at the top; ``marks`` squares are bracketed."""
    width = 2 if not letters else 1
    lines = ["   " + "".join(f" {f:<{width}} " for f in FILES)]
    for rank in range(NUM_RANKS - 1, -1, -1):
        cells = []
        for file in range(NUM_FILES):
            sq = rank * NUM_FILES + file
            content = state.mailbox[sq]
            if content == EMPTY:
                text, code = "." if letters else " .", _DIM
            elif content == HIDDEN:
                text, code = "x" if letters else "##", _DIM
            else:
                text = piece_letter(content) if letters else CHINESE_NAMES[content >> 3][content & 7]
                code = _RED if content < 8 else _BLACK
            if colour:
                text = f"{code}{text}{_RESET}"
            left, right = ("[", "]") if sq in marks else (" ", " ")
            cells.append(f"{left}{text}{right}")
        lines.append(f" {rank + 1} " + "".join(cells))
    return "\n".join(lines)
