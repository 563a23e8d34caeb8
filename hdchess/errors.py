"""Every error hdchess raises on bad input: ValueError subclasses whose
message names the problem, so callers can show it to a player as is."""


class HdchessError(ValueError):
    """Base class: bad input of any kind."""


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
