"""Gaiqi: xiangqi movement on the face-down half board (rules text: ``hdchess rules gaiqi``).

The Horse and the Elephant are blocked by a piece on their leg or eye, the
Chariot and the Cannon move as in xiangqi, Soldiers step one square in any of
the four orthogonal directions, Advisors one square diagonally, the General one
square in any of the eight directions. A piece may capture a face-down piece
blind (its identity is a chance outcome; it may be your own), and face-down
pieces block, screen and can be a Cannon's target.

The chase rule: a piece that has checked (attacked the face-up enemy General
after its move) on each of its side's last three turns may not check again on
the next turn. The State keeps the counts (``state.chase``); the movement says
what a check is (``gives_check``) and leaves out the forbidden moves
(:func:`hdchess.facedown.movement.xiangqi_blind_captures`).
Capturing the General is never forbidden: it ends the game, it is not a check.
"""

from __future__ import annotations

from ..facedown import make_knowledge
from ..facedown.movement import xiangqi_blind_captures
from .banqi import NO_PROGRESS
from .banqi import SPEC as BANQI

SPEC = BANQI.derive(
    name="gaiqi",
    title="Gaiqi",
    summary=(
        "The xiangqi set face-down on a 4x8 board; flip a piece or move one of yours as in xiangqi "
        "(blockable Horse and Elephant, no palace or river; Soldiers step in four directions, the "
        "General in eight). You may capture a face-down piece blind, even your own. Lose your General "
        "and you lose; no piece may check the General four turns running."
    ),
    # Xiangqi values (Chariot 9, Cannon ~4.5, Horse 4, Advisor and Elephant 2),
    # the Soldier at its crossed-the-river 2 since it steps sideways and back
    # from the start. The General's loss ends the game; 6 is its worth as a
    # fighter (it moves like a chess King). The game is decided by the General,
    # not by these: they are the AI's material and the values shown to players.
    score_tables={"official": (6, 2, 2, 4, 9, 5, 2, 0)},
    options=(NO_PROGRESS,),  # banqi's house rules are banqi's: the Chariot already slides here
    movement=xiangqi_blind_captures,
    switches={"blind_captures": True, "general_loss": True, "chase_rule": True},
    knowledge=make_knowledge("gaiqi"),
    rules_file="gaiqi.md",
)
