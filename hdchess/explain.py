"""Why a move is illegal, in words a player understands.

Used only after a move has been found not to be legal, so it may be slow.
"""

from __future__ import annotations

from .attacks import DIAGONAL, ORTHOGONAL, _offset
from .core import (
    ADVISOR,
    ARCHER,
    CANNON,
    CHARIOT,
    COLOR_NAMES,
    ELEPHANT,
    EMPTY,
    GENERAL,
    HIDDEN,
    HORSE,
    KIND_NAMES,
    SOLDIER,
    SQUARE_NAMES,
    piece_name,
)
from .state import NO_SIDE, State


def _between(frm: int, to: int, directions) -> list[int] | None:
    """The squares strictly between frm and to along one of ``directions``, or None."""
    for df, dr in directions:
        path, k = [], 1
        while (sq := _offset(frm, df * k, dr * k)) is not None:
            if sq == to:
                return path
            path.append(sq)
            k += 1
    return None


def explain_illegal(state: State, frm: int, to: int) -> str:
    """A sentence naming why ``frm-to`` is not legal here (without the move prefix)."""
    mailbox = state.mailbox
    moving, target = mailbox[frm], mailbox[to]
    a, b = SQUARE_NAMES[frm], SQUARE_NAMES[to]
    if moving == EMPTY:
        return f"there is no piece on {a}"
    if moving == HIDDEN:
        return f"the piece on {a} is face-down; flip it first"
    if state.side == NO_SIDE:
        return "the game opens with a flip"
    if moving >> 3 != state.side:
        return f"the {piece_name(moving)} on {a} is not yours ({COLOR_NAMES[state.side]} to move)"
    kind = moving & 7
    name = f"the {KIND_NAMES[kind]} on {a}"
    if target != EMPTY and target != HIDDEN and target >> 3 == state.side:
        return f"{b} holds your own {KIND_NAMES[target & 7]}"
    if target == HIDDEN and not state.spec.blind_captures:
        return f"the piece on {b} is face-down, and face-down pieces cannot be captured"
    if state.spec.explain is not None:  # a variant's own movement and capture rules
        reason = state.spec.explain(state, frm, to)
        if reason:
            return reason
    capture = target != EMPTY
    if kind in (CHARIOT, CANNON, ELEPHANT):
        path = _between(frm, to, DIAGONAL if kind == ELEPHANT else ORTHOGONAL)
        if path is None:
            line = "diagonally" if kind == ELEPHANT else "along a rank or file"
            return f"{name} moves only {line}"
        blockers = [SQUARE_NAMES[s] for s in path if mailbox[s] != EMPTY]
        if kind == CANNON and capture:
            if not blockers:
                return f"{name} captures by jumping exactly one piece, and there is none between {a} and {b}"
            return f"{name} captures by jumping exactly one piece, not {len(blockers)} ({', '.join(blockers)})"
        if blockers:
            return f"{name} is blocked by {blockers[0]}"
    for rule_kind, text in (
        (GENERAL, "moves one square in any direction"),
        (HORSE, "moves in an L: two squares one way and one to the side"),
    ):
        if kind == rule_kind:
            return f"{name} {text}"
    if kind == ADVISOR:
        return (f"{name} captures only one square diagonally" if capture
                else f"{name} moves one square in any direction")
    if kind == ARCHER:
        return (f"{name} captures only by shooting exactly two squares away" if capture
                else f"{name} moves one square along a rank or file")
    if kind == SOLDIER:
        return f"{name} moves one square along a rank or file"
    return f"{name} cannot reach {b}"
