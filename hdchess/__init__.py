"""hdchess: Hidden Dragon Chess II and its cousins.

>>> from hdchess import Game
>>> game = Game()
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
from .facedown import State
from .game import Game, PlayedMove
from .geometry import Geometry
from .notation import move_text, parse_position, position_text
from .perft import perft
from .rules import GameState, Ruleset
from .variants import load_ruleset, ruleset_from_dict, variant_names, variant_spec
from .vocabulary import Outcome, Termination

__version__ = "0.2.0"

__all__ = [
    "BLACK", "RED", "Game", "GameState", "Geometry", "HdchessError", "IllegalMoveError", "InvalidMoveError",
    "InvalidSquareError", "Outcome", "PlayedMove", "PositionError", "RecordError", "Ruleset",
    "RulesetError", "State", "Termination", "load_ruleset", "move_text", "parse_position",
    "perft", "position_text", "ruleset_from_dict", "variant_names", "variant_spec", "__version__",
]
