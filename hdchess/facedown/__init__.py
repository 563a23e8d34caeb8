"""The face-down family: hdc2, banqi and gaiqi.

Every piece starts face-down; the unknown pieces are a public pool, and a flip
(or a gaiqi blind capture) is a chance event the referee draws. The state is
:class:`State`; a variant supplies its :class:`Movement` and switches, and
the AI's knowledge of a variant is :func:`make_knowledge`.
"""

from ..geometry import Geometry
from .knowledge import make_knowledge
from .position import EMPTY, HIDDEN, NO_CHASE, Movement, Position
from .state import State

# The board of every face-down game: 8 files a-h by 4 ranks 1-4.
FACE_DOWN_BOARD = Geometry.of(8, 4)

__all__ = ["EMPTY", "FACE_DOWN_BOARD", "HIDDEN", "NO_CHASE", "Movement", "Position", "State",
           "make_knowledge"]
