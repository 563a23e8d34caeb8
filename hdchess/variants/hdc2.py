"""Hidden Dragon Chess II: the variant's data (rules text: ``hdchess rules hdc2``).

Its pieces move by :func:`hdchess.facedown.movement.capture_any_revealed`.
"""

from __future__ import annotations

from ..facedown import FACE_DOWN_BOARD, State, make_knowledge
from ..facedown.movement import capture_any_revealed
from ..options import Option
from ..rules import VariantSpec

SPEC = VariantSpec(
    name="hdc2",
    title="Hidden Dragon Chess II",
    summary=(
        "32 face-down pieces fill a 4x8 board; flip a piece or move one of yours. "
        "Any piece captures any revealed enemy; the Archer shoots two squares away. "
        "When the side to move has no action, the higher score on the board wins."
    ),
    family=State,
    board=FACE_DOWN_BOARD,
    #        K  A  E  H  R  C  P  W
    counts=(1, 2, 2, 2, 2, 2, 4, 1),
    score_tables={
        "official": (10, 2, 2, 4, 9, 5, 1, 3),
        "alt": (10, 4, 5, 7, 12, 8, 3, 6),
    },
    options=(
        Option("scoring", "Scoring", "official",
               "which piece values score the game: the official rulebook's or the older alternative table",
               choices=("official", "alt"), label="Scoring table", choice_labels=("official", "alternative")),
        Option("first_flip", "FirstFlip", "opponent",
               "who takes the colour of the first flipped piece: the opponent "
               "(official rulebook) or the player who flipped it",
               choices=("opponent", "self"), label="First flip gives its colour to",
               choice_labels=("the opponent", "the flipper")),
        Option("repetition_penalty", "RepetitionPenalty", 1,
               "points lost for moving a piece straight back to the square it left "
               "on your previous turn (0 turns it off)", label="Repetition penalty (points)"),
        Option("no_progress_plies", "NoProgressPlies", 40,
               "plies with no flip and no capture that end the game (0 turns it off)",
               label="No-progress limit (plies)"),
    ),
    movement=capture_any_revealed,
    switches={"ending": "score"},
    knowledge=make_knowledge("hdc2"),
    rules_file="hdc2.md",
)
