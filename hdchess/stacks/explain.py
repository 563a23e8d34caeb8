"""Why an action is illegal in a stacking game, in words a player understands.

Used only after an action has been found not to be legal, so it walks the
board plainly rather than fast. Heights are told as a player counts them:
a mover on a stack of ``n`` pieces is blocked by stacks of ``n`` or more.
"""

from __future__ import annotations

from ..core import (
    ADVISOR,
    CANNON,
    CHARIOT,
    COLOR_NAMES,
    ELEPHANT,
    GENERAL,
    HORSE,
    SOLDIER,
    piece_letter,
)
from ..geometry import DIAGONAL, KING_STEPS, KNIGHT_STEPS, ORTHOGONAL
from ..messages import Message
from ..vocabulary import Action
from .position import Position


def explain_illegal(state: Position, action: Action) -> Message:
    """A sentence naming why ``action`` is not legal here (without the action itself), with its code."""
    swap, frm, to, count = state.decode(action)
    if state.covered >= 0:
        return Message("stack.general_covered", color=COLOR_NAMES[state.covered])
    if swap:
        return _explain_swap(state, frm, to, count)
    if state.promo >= 0:
        return Message("stack.swap_first", color=COLOR_NAMES[state.side], sq=state.geometry.square_names[state.promo])
    return _explain_move(state, frm, to, count)


def _explain_swap(state: Position, soldier: int, sq: int, height: int) -> Message:
    names = state.geometry.square_names
    if state.promo < 0:
        return Message("swap.none_pending")
    if soldier != state.promo:
        return Message("swap.wrong_soldier", sq=names[state.promo], other=names[soldier])
    stack = state.stacks[sq]
    if height >= len(stack):
        return Message("swap.no_height", sq=names[sq], pieces=len(stack), height=height)
    piece, color = stack[height], state.side
    if piece >> 3 != color:
        return Message("swap.not_own", sq=names[sq], height=height, piece=piece_letter(piece))
    if piece & 7 == SOLDIER:
        return Message("swap.soldier", sq=names[sq], height=height)
    if height == len(stack) - 1 and state._end_ranks[color] >> sq & 1:
        end_rank = state.geometry.ranks if color == 0 else 1
        return Message("swap.end_rank_top", piece=piece_letter(piece), sq=names[sq], color=COLOR_NAMES[color],
                       rank=end_rank)
    return Message("swap.cannot", sq=names[sq], height=height)


def _explain_move(state: Position, frm: int, to: int, carry: int) -> Message:
    names = state.geometry.square_names
    a, b = names[frm], names[to]
    stack = state.stacks[frm]
    if not stack:
        return Message("move.no_piece", sq=a)
    mover = stack[-1]
    if mover >> 3 != state.side:
        return Message("stack.not_yours", piece=piece_letter(mover), sq=a, color=COLOR_NAMES[state.side])
    kind, n = mover & 7, len(stack)
    letter = piece_letter(mover)
    if carry and kind != ADVISOR:
        return Message("carry.not_advisor", kind=letter, sq=a, count=carry)
    if carry >= n:
        return Message("carry.too_many", kind=letter, sq=a, below_pieces=n - 1, count=carry)
    reason = _reach(state, kind, letter, frm, to, n)
    if reason:
        return reason
    target = state.stacks[to]
    if kind not in (ADVISOR, CANNON) and target and target[-1] >> 3 == state.side and len(target) >= n:
        return Message("stack.own_high", to=b, pieces=len(target), target_kind=piece_letter(target[-1]), kind=letter,
                       sq=a, height=n)
    if kind == GENERAL and target and target[-1] & 7 == GENERAL and not state.king_takes_king:
        return Message("stack.king_takes_king", kind=letter, sq=a)
    if state.suicide_prevented and to == state.kings[state.side]:
        return Message("stack.covers_own_general", kind=letter, sq=a, to=b)
    return Message("move.unreachable", kind=letter, sq=a, to=b)


def _reach(state: Position, kind: int, letter: str, frm: int, to: int, n: int) -> Message | None:
    """Why the piece cannot reach ``to`` at all, or None when it can (the end rule decides)."""
    geometry, heights = state.geometry, state.heights
    names = geometry.square_names
    a = names[frm]
    df = geometry.file_of(to) - geometry.file_of(frm)
    dr = geometry.rank_of(to) - geometry.rank_of(frm)
    if kind == GENERAL and (df, dr) not in KING_STEPS:
        return Message("piece.any_direction", kind=letter, sq=a)
    if kind == ADVISOR and (df, dr) not in DIAGONAL:
        return Message("piece.one_diagonal", kind=letter, sq=a)
    if kind == SOLDIER and (df, dr) != (0, 1 if state.side == 0 else -1):
        return Message("stack.soldier_forward", kind=letter, sq=a, rank=geometry.ranks if state.side == 0 else 1)
    if kind == HORSE:
        if (df, dr) not in KNIGHT_STEPS:
            return Message("horse.l", kind=letter, sq=a)
        leg = geometry.offset(frm, df // 2 if abs(df) == 2 else 0, dr // 2 if abs(dr) == 2 else 0)
        if leg is not None and heights[leg] >= n:  # (on the board whenever the target is)
            return Message("stack.leg_blocked", kind=letter, sq=a, leg=names[leg], pieces=heights[leg], height=n)
    if kind in (CHARIOT, ELEPHANT, CANNON):
        path = geometry.between(frm, to, DIAGONAL if kind == ELEPHANT else ORTHOGONAL)
        if path is None:
            return Message("move.only_diagonal" if kind == ELEPHANT else "move.only_line", kind=letter, sq=a)
        blockers = [sq for sq in path if heights[sq] >= n]
        if kind != CANNON:
            if blockers:
                return Message("stack.blocked", kind=letter, sq=a, blocker=names[blockers[0]],
                               pieces=heights[blockers[0]], height=n)
            return None
        return _cannon(state, letter, frm, to, n, blockers)
    return None


def _cannon(state: Position, letter: str, frm: int, to: int, n: int, blockers: list[int]) -> Message | None:
    names = state.geometry.square_names
    a = names[frm]
    target = state.stacks[to]
    enemy_top = bool(target) and target[-1] >> 3 != state.side
    if not blockers:
        if len(target) >= n:
            return Message("stack.cannon_screen", kind=letter, sq=a, to=names[to])
        if enemy_top:
            return Message("stack.cannon_flies", kind=letter, sq=a, to=names[to])
        return None
    if len(blockers) > 1:
        return Message("stack.cannon_beyond", kind=letter, sq=a, blocker=names[blockers[1]],
                       screen=names[blockers[0]])
    if not enemy_top:
        return Message("stack.cannon_no_enemy", kind=letter, sq=a, screen=names[blockers[0]], to=names[to])
    return None
