"""The stacking family: Cheight Chess.

Every piece is face-up and nothing leaves the board: a capture puts the mover
on top of the captured stack, and only top pieces move. There is no chance.
The modules, each with one job (the face-down family has the same ones):

- :mod:`.position`: the mechanics (stacks, push/pop, legal actions, outcome);
- :mod:`.movement`: how stacked pieces move on a board (:class:`Movement`);
- :mod:`.notation`: text in and out (and :func:`layout_board`, the board a start
  layout is played on); :mod:`.explain`: why an action is refused;
- :mod:`.state`: :class:`State`, the position with the protocol's text layer and
  the layouts' starts (the family a variant names);
- :mod:`.knowledge`: the AI's evaluation (:data:`KNOWLEDGE`).
"""

from .knowledge import KNOWLEDGE
from .movement import Movement
from .notation import layout_board
from .position import EMPTY, Position
from .state import State

__all__ = ["EMPTY", "KNOWLEDGE", "Movement", "Position", "State", "layout_board"]
