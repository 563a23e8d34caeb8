"""The stacking family: Cheight Chess.

Every piece is face-up and nothing leaves the board: a capture puts the mover
on top of the captured stack, and only top pieces move. There is no chance.
The state is :class:`State`, the pieces' reach on a board is :class:`Movement`,
and the AI's knowledge of these games is :data:`KNOWLEDGE`.
"""

from .knowledge import KNOWLEDGE
from .movement import Movement
from .state import EMPTY, State

__all__ = ["EMPTY", "KNOWLEDGE", "Movement", "State"]
