"""Reading what people type, the same way at every entry point.

Whole numbers are ASCII digits only (``str.isdigit`` accepts ``²`` and other
scripts' digits, and ``int`` reads full-width and Arabic-Indic ones), with a
bounded length; messages quote input as a short, escaped excerpt, so a
megabyte of input, a newline or a terminal escape code never reaches a
message whole.

>>> whole_number("42", "seed")
42
>>> whole_number("²", "seed")
Traceback (most recent call last):
  ...
hdchess.errors.HdchessError: seed must be a whole number, not '²'
>>> excerpt("c2\\x1b[31m" + "x" * 100)
"'c2\\\\x1b[31mxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
"""

from __future__ import annotations

import re
from typing import TypeGuard

from .errors import HdchessError
from .messages import Message

EXCERPT_LENGTH = 40
MAX_DIGITS = 30  # far beyond any count or seed, far below Python's 4,300-digit limit
_ASCII_DIGITS = re.compile(r"[0-9]+")


def excerpt(value: object, limit: int = EXCERPT_LENGTH) -> str:
    """``repr`` of at most ``limit`` characters of ``value`` (escaped: one line, no control codes)."""
    if not isinstance(value, str):  # a number or other value: as Python writes it, cut short
        text = repr(value)
        return text if len(text) <= limit else text[:limit] + "…"
    if len(value) > limit:
        cut = repr(value[:limit])
        return cut[:-1] + "…" + cut[-1]
    return repr(value)


def shown(value: object, limit: int = EXCERPT_LENGTH) -> str:
    """The text itself when it is short and printable (a move at the head of a
    message: ``c2-c9: ...``), else its :func:`excerpt`."""
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= limit and text.isprintable() else excerpt(text, limit)


def one_line(text: str, limit: int = 300) -> str:
    """A message made safe to print: control characters escaped, cut to ``limit``."""
    safe = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return safe if len(safe) <= limit else safe[:limit] + "…"


def is_int(value: object) -> TypeGuard[int]:
    """A real whole number: an int, not a bool (``True == 1`` in Python) nor a float (``1.0 == 1``).
    Every check of a number from outside (a protocol message, a bridge argument) starts here."""
    return isinstance(value, int) and not isinstance(value, bool)


def printable(text: str, limit: int) -> str:
    """Someone else's words (a peer's name) made safe to show: every run of white space one space, every
    other character that does not print (control codes, terminal escapes, bidirectional overrides) dropped,
    trimmed, cut to ``limit`` characters.

    >>> printable("\\x1b[2J\\x1b]0;owned\\x07 Bo\\u202e  x", 40)
    '[2J]0;owned Bo x'
    """
    words = "".join(ch for ch in " ".join(text.split()) if ch.isprintable())
    return " ".join(words.split())[:limit]


def is_whole_number(text: object) -> bool:
    """ASCII digits only, at most MAX_DIGITS of them."""
    return isinstance(text, str) and len(text) <= MAX_DIGITS and _ASCII_DIGITS.fullmatch(text) is not None


def whole_number(value: object, name: str, minimum: int = 0, maximum: int | None = None,
                 error: type[HdchessError] = HdchessError, signed: bool = False) -> int:
    """An int from an int or from text of ASCII digits (with ``signed``, a leading
    ``-`` too), within bounds; ``error`` (naming ``name`` and quoting the value) otherwise."""
    number: int | None = None
    if is_int(value):
        number = value
    elif isinstance(value, str):
        text = value.strip()
        digits = text[1:] if signed and text.startswith("-") else text
        if is_whole_number(digits):
            number = int(text)
    if number is None:
        raise error(Message("number.not_whole", name=name, text=excerpt(value)))
    # a huge int is never written out: past 4,300 digits Python refuses to, and nobody reads it
    shown: int | str = number if number.bit_length() <= 128 else "a number of over 38 digits"
    if number < minimum:
        raise error(Message("number.too_small", name=name, minimum=minimum, number=shown))
    if maximum is not None and number > maximum:
        raise error(Message("number.too_large", name=name, maximum=maximum, number=shown))
    return number
