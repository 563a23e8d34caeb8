"""Why a click on the board does nothing: the rule it breaks, as a message the page can word."""

from __future__ import annotations

from typing import Any

from ..core import COLOR_NAMES, RED
from ..errors import HdchessError
from ..game import Game
from ..gamestate import NO_SIDE
from ..messages import Message, jsonable


def reason_reply(reason: str) -> dict[str, Any]:
    """An explanation for the page: its text, and its code and params when it has them."""
    if isinstance(reason, Message):
        return {"reason": str(reason), "code": reason.code, "params": jsonable(reason.params)}
    return {"reason": reason}


def _piece_reason(game: Game, sq: int) -> Message:
    """Why a click on a piece selects nothing: not yours, or nowhere to go."""
    state = game.state
    name = state.geometry.square_names[sq]
    letter = (state.square_text(sq) or "")[-1:]
    if state.side == NO_SIDE:
        return Message("move.opening_flip")
    if letter and (letter.isupper() != (state.side == RED)):
        return Message("piece.not_yours", sq=name, color=COLOR_NAMES[state.side])
    return Message("piece.no_move", sq=name)


def explain(game: Game, frm: str | None, to: str) -> dict[str, Any]:
    """Why the action from ``frm`` to ``to`` (``to`` alone: a flip, or a click on a piece) is not
    played: ``{"reason": None}`` when it is legal."""
    state = game.state
    outcome = game.outcome
    if outcome is not None:
        return reason_reply(Message("game.over", outcome=outcome.describe()))
    text = to if frm is None or frm == to else f"{frm}-{to}"
    try:
        action, _ = state.parse_action(text)
    except HdchessError as exc:
        return reason_reply(exc.args[0] if exc.args and isinstance(exc.args[0], Message) else str(exc))
    if action in state.legal_actions():
        return {"reason": None}
    reason = state.explain_illegal(action)
    names = state.geometry.square_names
    if frm is None and state.square_text(names.index(to.strip().lower())) not in (None, "x"):
        reason = _piece_reason(game, names.index(to.strip().lower()))
    return reason_reply(reason)


__all__ = ["explain", "reason_reply"]
