"""Every error hdchess raises on bad input: ValueError subclasses whose
message names the problem, so callers can show it to a player as is.

An error a player may meet carries a ``code`` and ``params`` too (from
:mod:`hdchess.messages`: raise it with a Message), so an interface in another
language can word it itself; ``code`` is None for the others."""

from __future__ import annotations

from typing import Any

from .messages import Message


class HdchessError(ValueError):
    """Base class: bad input of any kind."""

    def __init__(self, message: Any = "", *args: Any, code: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(message, *args)
        if isinstance(message, Message):
            code = code or message.code
            params = message.params if params is None else params
        self.code, self.params = code, params


class InvalidSquareError(HdchessError):
    """A square name that is not on the board."""


class RulesetError(HdchessError):
    """An unknown variant, an unknown option, or a bad option value."""


class PositionError(HdchessError):
    """A position line that cannot be read or describes an impossible position."""


class InvalidMoveError(HdchessError):
    """Text that is not a move at all ("c2-", "z9")."""


class IllegalMoveError(HdchessError):
    """A well-formed move that the rules do not allow in this position."""


class RecordError(HdchessError):
    """A game record that cannot be read or does not replay."""
