"""Gaiqi (RULES.md section 3): xiangqi movement on the face-down half board.

The Horse and the Elephant are blocked by a piece on their leg or eye, the
Chariot and the Cannon move as in xiangqi, Soldiers step one square in any of
the four orthogonal directions, Advisors one square diagonally, the General one
square in any of the eight directions. A piece may capture a face-down piece
blind (its identity is a chance outcome; it may be your own), and face-down
pieces block, screen and can be a Cannon's target.

The chase rule: a piece that has checked (attacked the face-up enemy General
after its move) on each of its side's last three turns may not check again on
the next turn. The State keeps the counts (``state.chase``); this module says
what a check is (:func:`gives_check`) and leaves out the forbidden moves.
Capturing the General is never forbidden: it ends the game, it is not a check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..attacks import KING, ONE_DIAGONAL, ONE_ORTHOGONAL, ORTHOGONAL_SLIDES, XIANGQI_ELEPHANT, XIANGQI_HORSE
from ..core import (
    ADVISOR,
    ELEPHANT,
    GENERAL,
    HORSE,
    KIND_NAMES,
    NUM_SQUARES,
    SOLDIER,
    SQUARE_NAMES,
    make_piece,
    squares,
)
from ..movegen import ACTIONS_CACHE, actions_to
from ..rules import Option, VariantSpec, register_variant

if TYPE_CHECKING:
    from ..state import State

CHASE_LIMIT = 3  # consecutive checks by one piece; a fourth in a row is illegal


class LeggedTable:
    """Memoised reach of a blockable leaper (xiangqi Horse or Elephant):
    ``lookup(sq, occupied)`` is the bitboard of landing squares whose leg is empty."""

    def __init__(self, pairs) -> None:
        self.pairs = pairs
        self.mask = tuple(sum(1 << leg for leg in {leg for leg, _ in per_sq}) for per_sq in pairs)  # legs repeat
        self.table: list[dict[int, int]] = [{} for _ in range(NUM_SQUARES)]

    def lookup(self, sq: int, occupied: int) -> int:
        key = occupied & self.mask[sq]
        reach = self.table[sq].get(key)
        if reach is None:
            reach = self.table[sq][key] = sum(bit for leg, bit in self.pairs[sq] if not key >> leg & 1)
        return reach


HORSE_REACH = LeggedTable(XIANGQI_HORSE)
ELEPHANT_REACH = LeggedTable(XIANGQI_ELEPHANT)

# Per kind (K A E H R C P W): one-step leapers, blockable leapers, or sliders with
# the entry of the slider look-up that holds capturable pieces (1: first met, 2: beyond a screen).
_STEPS = (KING, ONE_DIAGONAL, None, None, None, None, ONE_ORTHOGONAL, None)
_LEGGED = (None, None, ELEPHANT_REACH.lookup, HORSE_REACH.lookup, None, None, None, None)
_SLIDES = (None, None, None, None, 1, 2, None, None)
_SLIDE_TABLE, _SLIDE_MASK, _SLIDE_LOOKUP = ORTHOGONAL_SLIDES.table, ORTHOGONAL_SLIDES.mask, ORTHOGONAL_SLIDES.lookup


def target_squares(kind: int, sq: int, occupied: int, capturable: int) -> int:
    """Bitboard of the squares a piece of ``kind`` on ``sq`` reaches: empty squares
    plus the ``capturable`` pieces (revealed enemies and face-down pieces) it attacks."""
    steps = _STEPS[kind]
    if steps is not None:
        return steps[sq] & (capturable | ~occupied)
    legged = _LEGGED[kind]
    if legged is not None:
        return legged(sq, occupied) & (capturable | ~occupied)
    entry = _SLIDE_TABLE[sq].get(occupied & _SLIDE_MASK[sq]) or _SLIDE_LOOKUP(sq, occupied)
    return entry[0] | (entry[_SLIDES[kind]] & capturable)


def _general_square(mailbox: list[int], color: int) -> int:
    """The square of ``color``'s face-up General, or -1."""
    try:
        return mailbox.index(make_piece(color, GENERAL))
    except ValueError:
        return -1


def gives_check(state: State, sq: int) -> bool:
    """Does the face-up piece on ``sq`` attack the enemy's face-up General?"""
    piece = state.mailbox[sq]
    general = _general_square(state.mailbox, (piece >> 3) ^ 1)
    return general >= 0 and bool(target_squares(piece & 7, sq, state.occupied, 1 << general) >> general & 1)


def _checking_targets(state: State, color: int, sq: int, targets: int) -> int:
    """The squares among ``targets`` where the piece on ``sq`` would check the
    enemy General (capturing the General itself is not a check)."""
    general = _general_square(state.mailbox, color ^ 1)
    if general < 0:
        return 0
    kind, rest = state.mailbox[sq] & 7, state.occupied & ~(1 << sq)
    checking = 0
    for to in squares(targets & ~(1 << general)):
        if target_squares(kind, to, rest | 1 << to, 1 << general) >> general & 1:
            checking |= 1 << to
    return checking


def generate_moves(state: State, color: int, out: list[int]) -> None:
    """Append every move (``from << 5 | to``) of ``color``'s revealed pieces."""
    mailbox, occupied = state.mailbox, state.occupied
    capturable = state.colors[color ^ 1] | state.hidden
    count, chaser = state.chase[color]
    cached = ACTIONS_CACHE.get
    for sq in squares(state.colors[color]):
        targets = target_squares(mailbox[sq] & 7, sq, occupied, capturable)
        if sq == chaser and count >= CHASE_LIMIT:
            targets &= ~_checking_targets(state, color, sq, targets)
        if targets:
            out += cached(sq << 32 | targets) or actions_to(sq, targets)


def explain(state: State, frm: int, to: int) -> str | None:
    """Why the move of the player's own piece ``frm-to`` is illegal in gaiqi.

    The Chariot and the Cannon move as in hdc2, so for them (after the chase
    rule) None falls back to the generic explainer.
    """
    mailbox, occupied = state.mailbox, state.occupied
    kind = mailbox[frm] & 7
    name = f"the {KIND_NAMES[kind]} on {SQUARE_NAMES[frm]}"
    capturable = state.colors[state.side ^ 1] | state.hidden
    count, chaser = state.chase[state.side]
    if frm == chaser and count >= CHASE_LIMIT and target_squares(kind, frm, occupied, capturable) >> to & 1:
        return (f"{name} has checked the General on each of your last {count} turns: "
                f"the chase rule forbids it a fourth check in a row")
    if kind in (HORSE, ELEPHANT):
        pairs = (XIANGQI_HORSE if kind == HORSE else XIANGQI_ELEPHANT)[frm]
        part = "leg" if kind == HORSE else "eye"
        for leg, bit in pairs:
            if bit == 1 << to and occupied >> leg & 1:
                return f"{name} cannot reach {SQUARE_NAMES[to]}: its {part} at {SQUARE_NAMES[leg]} is blocked"
        if kind == HORSE:
            return f"{name} moves one square along a rank or file, then one diagonally outward"
        return f"{name} moves exactly two squares diagonally"
    moves = {
        GENERAL: "moves one square in any direction",
        ADVISOR: "moves one square diagonally",
        SOLDIER: "moves one square along a rank or file",
    }.get(kind)
    return None if moves is None else f"{name} {moves}"


SPEC = register_variant(
    VariantSpec(
        name="gaiqi",
        title="Gaiqi",
        summary=(
            "The xiangqi set face-down on a 4x8 board; flip a piece or move one of yours as in xiangqi "
            "(blockable Horse and Elephant, no palace or river; Soldiers step in four directions, the "
            "General in eight). You may capture a face-down piece blind, even your own. Lose your General "
            "and you lose; no piece may check the General four turns running."
        ),
        #        K  A  E  H  R  C  P  W
        counts=(1, 2, 2, 2, 2, 2, 5, 0),
        # Xiangqi values (Chariot 9, Cannon ~4.5, Horse 4, Advisor and Elephant 2),
        # the Soldier at its crossed-the-river 2 since it steps sideways and back
        # from the start. The General's loss ends the game; 6 is its worth as a
        # fighter (it moves like a chess King). The game is decided by the General,
        # not by these: they are the AI's material and the score shown to players.
        score_tables={"official": (6, 2, 2, 4, 9, 5, 2, 0)},
        options=(
            Option("no_progress_plies", "NoProgressPlies", 60,
                   "plies with no flip and no capture that end the game in a draw (0 turns it off)"),
        ),
        movegen=generate_moves,
        fixed={"first_flip": "self"},
        blind_captures=True,
        general_loss=True,
        chase_rule=True,
        decided_by_score=False,
        gives_check=gives_check,
        explain=explain,
    )
)
