"""hdchess: Hidden Dragon Chess II and its face-down cousins.

>>> from hdchess import Game
>>> game = Game(seed=1)
>>> entry = game.play("c2")
>>> entry.text.startswith("c2(")
True
"""

from .core import BLACK, RED
from .errors import (
    HdchessError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSquareError,
    PositionError,
    RecordError,
    RulesetError,
)
from .game import Game, PlayedMove
from .notation import move_text, parse_position, position_text
from .perft import perft
from .rules import Ruleset, load_ruleset, ruleset_from_dict, variant_names
from .state import Outcome, State, Termination

__version__ = "0.1.0"

__all__ = [
    "BLACK", "RED", "Game", "HdchessError", "IllegalMoveError", "InvalidMoveError",
    "InvalidSquareError", "Outcome", "PlayedMove", "PositionError", "RecordError", "Ruleset",
    "RulesetError", "State", "Termination", "load_ruleset", "move_text", "parse_position",
    "perft", "position_text", "ruleset_from_dict", "variant_names", "__version__",
]
