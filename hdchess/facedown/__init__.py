"""The face-down family: hdc2, banqi and gaiqi.

Every piece starts face-down; the unknown pieces are a public pool, and a flip
(or a gaiqi blind capture) is a chance event the referee draws. The modules,
each with one job (the stacking family has the same ones):

- :mod:`.position`: the mechanics (board, push/pop, legal actions, outcome, chance);
- :mod:`.movement`: how the pieces move on a board, one builder per rule set;
- :mod:`.notation`: text in and out; :mod:`.explain`: why an action is refused;
- :mod:`.state`: :class:`State`, the position with the protocol's text layer
  (the family a variant names);
- :mod:`.knowledge`: the AI's evaluation (:func:`make_knowledge`); :mod:`.house_knowledge`:
  what it adds under banqi's house rules.
"""

from ..geometry import Geometry
from .knowledge import make_knowledge
from .position import CHASE_LIMIT, EMPTY, HIDDEN, NO_CHASE, Movement, Position
from .state import State

# The board of every face-down game: 8 files a-h by 4 ranks 1-4.
FACE_DOWN_BOARD = Geometry.of(8, 4)

__all__ = ["CHASE_LIMIT", "EMPTY", "FACE_DOWN_BOARD", "HIDDEN", "NO_CHASE", "Movement", "Position", "State",
           "make_knowledge"]
