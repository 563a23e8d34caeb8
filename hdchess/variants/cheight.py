"""Cheight Chess: the xiangqi set in stacks on a 4-file board (rules text: ``hdchess rules cheight``).

Everything that sets the game apart is data here: the four start layouts
(hdchess/rules_text/cheight.md), the board each is played on (read from the layout itself by
:func:`hdchess.stacks.layout_board`), the pieces' values the AI and the views use, and the options. How stacked pieces
move, capture by covering, carry and promote is the stacking family's
(:mod:`hdchess.stacks`).
"""

from __future__ import annotations

from ..options import Option
from ..rules import VariantSpec
from ..stacks import KNOWLEDGE, Movement, State, layout_board

# The board field of each layout's start (Red moves first); the number of ranks sets the board.
LAYOUTS = {
    "normal": "[ae][cp][ck][ae]/[rp][hp][hp][rp]/4/4/4/4/[RP][HP][HP][RP]/[AE][CP][CK][AE]",
    "old": "[ae]pk[ae]/r[ch][ch]r/pppp/4/4/PPPP/R[CH][CH]R/[AE]PK[AE]",
    "minimal": "[ae][cp][ck][ae]/[rp][hp][hp][rp]/[RP][HP][HP][RP]/[AE][CP][CK][AE]",
    "minimal-old": "[ae][ch][ch][ae]/[rp][pp][pk][rp]/[RP][PP][PK][RP]/[AE][CH][CH][AE]",
}
# king_takes_king = auto: what the original does on each board, by its number of ranks.
AUTO_KING_TAKES_KING = {8: "yes", 4: "no"}


SPEC = VariantSpec(
    name="cheight",
    title="Cheight Chess",
    summary=(
        "The xiangqi set in stacks on a 4x8 board (or 4x4), every piece face-up. A capture puts the "
        "mover on top of the enemy stack; only top pieces move, and a square blocks a mover only when "
        "its stack is as high as the mover's. Advisors carry pieces, Soldiers promote by swapping. "
        "Cover the enemy General to win."
    ),
    family=State,
    board=layout_board,
    #        K  A  E  H  R  C  P  W
    counts=(1, 2, 2, 2, 2, 2, 5, 0),
    # Not a score that decides the game: the material the AI weighs and the views
    # show beside the result (the value of each side's pieces on top). hdchess's
    # own estimate: the original suggests none.
    score_tables={"official": (6, 4, 5, 3, 6, 4, 2, 0)},
    options=(
        Option("layout", "Layout", "normal",
               "the start: normal or old on 8 ranks, minimal or minimal-old on 4 (the original's four modes)",
               choices=tuple(LAYOUTS), label="Start layout",
               choice_labels=("normal (4×8)", "old (4×8)", "minimal (4×4)", "minimal old (4×4)")),
        Option("king_takes_king", "KingTakesKing", "auto",
               "may a General move onto the other General: auto is yes on the 8-rank board and no on the "
               "4-rank board, as in the original",
               choices=("auto", "yes", "no"), label="A General may move onto the other General",
               choice_labels=("as in the original", "yes", "no")),
        Option("suicide", "Suicide", "allowed",
               "may a player cover their own General: allowed (that loses at once, as in the original) or "
               "prevented (such a move or swap is not a legal action; a player left with none loses)",
               choices=("allowed", "prevented"), label="Covering your own General",
               choice_labels=("allowed (it loses at once)", "prevented")),
        Option("no_progress_plies", "NoProgressPlies", 100,
               "moves with no capture, no Soldier move and no swap that draw the game (0 turns it off)",
               label="No-progress limit (moves)"),
    ),
    movement=Movement.of,
    switches={"ending": "win-loss"},
    fixed={"layouts": LAYOUTS, "auto_king_takes_king": AUTO_KING_TAKES_KING},
    knowledge=KNOWLEDGE,
    #        K     A     E     H     R     C     P     W
    glyphs=("帥仕相傌俥炮兵弩", "將士象馬車包卒弓"),
    rules_file="cheight.md",
)
