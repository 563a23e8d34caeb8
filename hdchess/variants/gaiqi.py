"""Gaiqi: xiangqi movement on the face-down half board (rules text: ``hdchess rules gaiqi``).

The Horse and the Elephant are blocked by a piece on their leg or eye, the
Chariot and the Cannon move as in xiangqi, Soldiers step one square in any of
the four orthogonal directions, Advisors one square diagonally, the General one
square in any of the eight directions. A piece may capture a face-down piece
blind (its identity is a chance outcome; it may be your own), and face-down
pieces block, screen and can be a Cannon's target.

The chase rule: a piece that has checked (attacked the face-up enemy General
after its move) on each of its side's last three turns may not check again on
the next turn. The State keeps the counts (``state.chase``); this module says
what a check is (``gives_check``) and leaves out the forbidden moves.
Capturing the General is never forbidden: it ends the game, it is not a check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import ActionTables
from ..attacks import orthogonal_slides, xiangqi_elephant, xiangqi_horse
from ..core import ADVISOR, ELEPHANT, GENERAL, HORSE, SOLDIER, make_piece, piece_letter
from ..facedown import Movement, make_knowledge
from ..facedown.notation import CHASE_LIMIT
from ..geometry import DIAGONAL, KING_STEPS, ORTHOGONAL, Geometry
from ..messages import Message
from .banqi import SPEC as BANQI

if TYPE_CHECKING:
    from ..facedown.position import Position as State


def _general_square(mailbox: list[int], color: int) -> int:
    """The square of ``color``'s face-up General, or -1."""
    try:
        return mailbox.index(make_piece(color, GENERAL))
    except ValueError:
        return -1


def movement(geometry: Geometry) -> Movement:
    horse, elephant = xiangqi_horse(geometry), xiangqi_elephant(geometry)
    # Per kind (K A E H R C P W): one-step leapers, blockable leapers, or sliders with
    # the entry of the slider look-up that holds capturable pieces (1: first met, 2: beyond a screen).
    steps_by_kind = (geometry.steps(KING_STEPS), geometry.steps(DIAGONAL), None, None, None, None,
                     geometry.steps(ORTHOGONAL), None)
    legged_by_kind = (None, None, elephant.lookup, horse.lookup, None, None, None, None)
    slide_entry = (None, None, None, None, 1, 2, None, None)
    slides = orthogonal_slides(geometry)
    slide_table, slide_mask, slide_lookup = slides.table, slides.mask, slides.lookup
    squares, names = geometry.squares, geometry.square_names
    tables = ActionTables.of(geometry)
    cache, actions_to, shift = tables.cache, tables.actions_to, tables.target_shift

    def target_squares(kind: int, sq: int, occupied: int, capturable: int) -> int:
        """Bitboard of the squares a piece of ``kind`` on ``sq`` reaches: empty squares
        plus the ``capturable`` pieces (revealed enemies and face-down pieces) it attacks."""
        steps = steps_by_kind[kind]
        if steps is not None:
            return steps[sq] & (capturable | ~occupied)
        legged = legged_by_kind[kind]
        if legged is not None:
            return legged(sq, occupied) & (capturable | ~occupied)
        entry = slide_table[sq].get(occupied & slide_mask[sq]) or slide_lookup(sq, occupied)
        return entry[0] | (entry[slide_entry[kind]] & capturable)

    def gives_check(state: State, sq: int) -> bool:
        """Does the face-up piece on ``sq`` attack the enemy's face-up General?"""
        piece = state.mailbox[sq]
        general = _general_square(state.mailbox, (piece >> 3) ^ 1)
        return general >= 0 and bool(target_squares(piece & 7, sq, state.occupied, 1 << general) >> general & 1)

    def checking_targets(state: State, color: int, sq: int, targets: int) -> int:
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
        """Append every move of ``color``'s revealed pieces."""
        mailbox, occupied = state.mailbox, state.occupied
        capturable = state.colors[color ^ 1] | state.hidden
        count, chaser = state.chase[color]
        cached = cache.get
        for sq in squares(state.colors[color]):
            targets = target_squares(mailbox[sq] & 7, sq, occupied, capturable)
            if sq == chaser and count >= CHASE_LIMIT:
                targets &= ~checking_targets(state, color, sq, targets)
            if targets:
                out += cached(sq << shift | targets) or actions_to(sq, targets)

    def scan(state: State, color: int, out: list[int] | None) -> tuple[int, int, int]:
        """(number of moves, face-up enemies they capture, face-down squares they
        capture blind), appending the moves to ``out`` unless it is None."""
        mailbox, occupied, hidden = state.mailbox, state.occupied, state.hidden
        enemy = state.colors[color ^ 1]
        capturable = enemy | hidden
        count, chaser = state.chase[color]
        cached = cache.get
        moves = reached = 0
        for sq in squares(state.colors[color]):
            targets = target_squares(mailbox[sq] & 7, sq, occupied, capturable)
            if sq == chaser and count >= CHASE_LIMIT:
                targets &= ~checking_targets(state, color, sq, targets)
            if targets:
                moves += targets.bit_count()
                reached |= targets
                if out is not None:
                    out += cached(sq << shift | targets) or actions_to(sq, targets)
        return moves, reached & enemy, reached & hidden

    def explain(state: State, frm: int, to: int) -> Message | None:
        """Why the move of the player's own piece ``frm-to`` is illegal in gaiqi.

        The Chariot and the Cannon move as in hdc2, so for them (after the chase
        rule) None falls back to the generic explainer.
        """
        mailbox, occupied = state.mailbox, state.occupied
        kind = mailbox[frm] & 7
        piece = dict(kind=piece_letter(mailbox[frm]), sq=names[frm])
        capturable = state.colors[state.side ^ 1] | state.hidden
        count, chaser = state.chase[state.side]
        if frm == chaser and count >= CHASE_LIMIT and target_squares(kind, frm, occupied, capturable) >> to & 1:
            return Message("gaiqi.chase", **piece, count=count)
        if kind in (HORSE, ELEPHANT):
            pairs = (horse if kind == HORSE else elephant).pairs[frm]
            for leg, bit in pairs:
                if bit == 1 << to and occupied >> leg & 1:
                    code = "gaiqi.leg_blocked" if kind == HORSE else "gaiqi.eye_blocked"
                    return Message(code, **piece, to=names[to], leg=names[leg])
            return Message("gaiqi.horse" if kind == HORSE else "gaiqi.elephant", **piece)
        code = {GENERAL: "piece.any_direction", ADVISOR: "piece.one_diagonal", SOLDIER: "piece.one_line"}.get(kind)
        return None if code is None else Message(code, **piece)

    return Movement(movegen=generate_moves, scan=scan, gives_check=gives_check, explain=explain)



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
    movement=movement,
    switches={"blind_captures": True, "general_loss": True, "chase_rule": True},
    knowledge=make_knowledge("gaiqi"),
    rules_file="gaiqi.md",
)
