"""Classic banqi: one-step moves, rank-based captures, the jumping Cannon
(rules text: ``hdchess rules banqi``).

Every piece steps one square along a rank or file to an empty square. A piece
other than the Cannon captures an orthogonally adjacent revealed enemy of equal
or lower rank (General 7 > Advisor 6 > Elephant 5 > Chariot 4 > Horse 3 >
Cannon 2 > Soldier 1), except that the General cannot take a Soldier and a
Soldier can take the General. The Cannon captures any revealed enemy by jumping
exactly one piece along a rank or file, at any distance, and never captures by
stepping. Face-down pieces cannot be captured. The movement is
:func:`hdchess.facedown.movement.capture_by_rank`.

Two house rules are options (RULES.md 4.1, both off by default): chain captures
(a piece that captured may go on capturing in the same turn, one action) and the
charging Chariot (it slides any distance, and a charge takes any piece).
"""

from __future__ import annotations

from ..facedown import make_knowledge
from ..facedown.movement import capture_by_rank
from ..options import Option
from .hdc2 import SPEC as HDC2

NO_PROGRESS = Option("no_progress_plies", "NoProgressPlies", 60,
                     "plies with no flip and no capture that end the game in a draw (0 turns it off)",
                     label="No-progress limit (plies)")

SPEC = HDC2.derive(
    name="banqi",
    title="Banqi (dark chess)",
    summary=(
        "The xiangqi set face-down on a 4x8 board; flip a piece or move one of yours one square "
        "along a rank or file. A piece captures an adjacent enemy of equal or lower rank "
        "(General > Advisor > Elephant > Chariot > Horse > Cannon > Soldier), but the General cannot "
        "take a Soldier and a Soldier can take the General; the Cannon captures anything by jumping "
        "one piece. Capture every enemy or leave them without a move to win."
    ),
    #        K  A  E  H  R  C  P  W
    counts=(1, 2, 2, 2, 2, 2, 5, 0),
    # Not a score that decides the game: the material the AI weighs and the
    # table shown to players. Rank order, with the Cannon (it takes anything)
    # above the Chariot and the Soldier (it takes the General) above nothing.
    score_tables={"official": (10, 8, 6, 3, 4, 5, 2, 0)},
    options=(
        NO_PROGRESS,
        # the house rules of RULES.md 4.1 (the defaults are the rules above)
        Option("chain_captures", "ChainCaptures", "no",
               "a piece that has just captured may capture again from where it landed, in the same turn, "
               "as often as it can; its player may stop after any capture",
               choices=("no", "yes"), label="Chain captures", choice_labels=("no", "yes"), movement=True),
        Option("chariot_rush", "ChariotRush", "no",
               "the Chariot moves any distance along a rank or file, and a Chariot that charges over at "
               "least one empty square captures the first piece it meets, whatever its rank",
               choices=("no", "yes"), label="The Chariot charges", choice_labels=("no", "yes"), movement=True),
    ),
    movement=capture_by_rank,
    fixed={"first_flip": "self"},
    switches={"ending": "win-loss"},
    knowledge=make_knowledge("banqi"),
    rules_file="banqi.md",
)
