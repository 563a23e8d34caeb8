"""Why an action is illegal in a face-down game, in words a player understands.

Used only after an action has been found not to be legal, so it may be slow.
"""

from __future__ import annotations

from ..core import (
    ADVISOR,
    ARCHER,
    CANNON,
    CHARIOT,
    COLOR_NAMES,
    ELEPHANT,
    GENERAL,
    HORSE,
    KIND_NAMES,
    SOLDIER,
    piece_name,
)
from ..gamestate import NO_SIDE, Action
from ..geometry import DIAGONAL, ORTHOGONAL
from .position import EMPTY, HIDDEN, Position


def explain_illegal(state: Position, action: Action) -> str:
    """A sentence naming why ``action`` is not legal here (without the move prefix)."""
    frm, to = state.move_squares(action)
    names = state.geometry.square_names
    mailbox = state.mailbox
    if frm == to:
        content = mailbox[to]
        what = "is empty" if content == EMPTY else f"holds a face-up {piece_name(content)}"
        return f"only a face-down piece can be flipped; {names[to]} {what}"
    moving, target = mailbox[frm], mailbox[to]
    a, b = names[frm], names[to]
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
    if target == HIDDEN and not state.ruleset.switch("blind_captures"):
        return f"the piece on {b} is face-down, and face-down pieces cannot be captured"
    explain = state.ruleset.movement.explain
    if explain is not None:  # a variant's own movement and capture rules
        reason = explain(state, frm, to)
        if reason:
            return reason
    capture = target != EMPTY
    if kind in (CHARIOT, CANNON, ELEPHANT):
        path = state.geometry.between(frm, to, DIAGONAL if kind == ELEPHANT else ORTHOGONAL)
        if path is None:
            line = "diagonally" if kind == ELEPHANT else "along a rank or file"
            return f"{name} moves only {line}"
        blockers = [names[s] for s in path if mailbox[s] != EMPTY]
        if kind == CANNON and capture:
            if not blockers:
                return f"{name} captures by jumping exactly one piece, and there is none between {a} and {b}"
            return f"{name} captures by jumping exactly one piece, not {len(blockers)} ({', '.join(blockers)})"
        if blockers:
            return f"{name} is blocked by {blockers[0]}"
    if kind == GENERAL:
        return f"{name} moves one square in any direction"
    if kind == HORSE:
        return f"{name} moves in an L: two squares one way and one to the side"
    if kind == ADVISOR:
        return (f"{name} captures only one square diagonally" if capture
                else f"{name} moves one square in any direction")
    if kind == ARCHER:
        return (f"{name} captures only by shooting exactly two squares away" if capture
                else f"{name} moves one square along a rank or file")
    if kind == SOLDIER:
        return f"{name} moves one square along a rank or file"
    return f"{name} cannot reach {b}"
