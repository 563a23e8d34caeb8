"""The bounds on work a caller can ask for: one set for every entry point.

The command line (``hdchess perft``, ``hdchess match``), the engine protocol
(``go depth/nodes/movetime ...``) and the Python API (:func:`hdchess.perft.perft`,
:func:`hdchess.match.run_match`) all check their numbers here, so a number too
large for one is too large for all, and every refusal is the same one line:
the option's name and its range.

>>> check("--games", 10**8, MAX_GAMES, 1)
Traceback (most recent call last):
  ...
hdchess.errors.HdchessError: --games must be at most 100,000, not 100000000 (from 1 to 100,000)
>>> check("depth", "7", MAX_PERFT_DEPTH)
7
"""

from __future__ import annotations

from .errors import HdchessError
from .inputs import excerpt, is_whole_number

MAX_PERFT_DEPTH = 20  # far beyond what any position counts in a day; no recursion limit near it
MAX_SEARCH_DEPTH = 64  # the search's own horizon (plies)
MAX_GAMES = 100_000  # games in one match
MAX_JOBS = 256  # processes playing at once
MAX_NODES = 10**9  # nodes per move: hours of search
MAX_MOVETIME_MS = 86_400_000  # one day per move
MAX_CLOCK_MS = 10 * 86_400_000  # a clock (wtime, btime, winc, binc): ten days
MAX_MOVES_TO_GO = 10_000
MAX_PLIES = 100_000  # a match game's move limit (--max-plies)
DEFAULT_MAX_PLIES = 1_000  # the match's move limit unless told otherwise: a draw by adjudication beyond it


def check(name: str, value: object, maximum: int, minimum: int = 0) -> int:
    """``value`` (an int, or text of ASCII digits with an optional ``-``) as an int
    from ``minimum`` to ``maximum``; else HdchessError naming ``name`` and the range."""
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str):
        text = value.strip()
        if is_whole_number(text.removeprefix("-")):
            number = int(text)
    span = f"(from {minimum:,} to {maximum:,})"
    big = number is not None and number.bit_length() > 128  # never write out (or fail to write out) a huge int
    shown = "a number of over 38 digits" if big else excerpt(number)
    if number is None:
        raise HdchessError(f"{name} must be a whole number, not {excerpt(value)} {span}")
    if number < minimum:
        raise HdchessError(f"{name} must be at least {minimum:,}, not {shown} {span}")
    if number > maximum:
        raise HdchessError(f"{name} must be at most {maximum:,}, not {shown} {span}")
    return number


__all__ = ["DEFAULT_MAX_PLIES", "MAX_CLOCK_MS", "MAX_GAMES", "MAX_JOBS", "MAX_MOVES_TO_GO", "MAX_MOVETIME_MS",
           "MAX_NODES", "MAX_PERFT_DEPTH", "MAX_PLIES", "MAX_SEARCH_DEPTH", "check"]
