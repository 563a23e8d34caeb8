"""Why a click on the board does nothing: the rule it breaks, as a message the page can word."""

from __future__ import annotations

from ..core import COLOR_NAMES, RED
from ..errors import HdchessError, InvalidMoveError
from ..game import Game
from ..messages import Message, jsonable
from ..vocabulary import NO_SIDE
from .contract import Explanation


def reason_reply(reason: str | Message) -> Explanation:
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


def explain(game: Game, frm: str | None, to: str) -> Explanation:
    """Why the action from ``frm`` to ``to`` (``to`` alone: any move text, a flip, or a click on a
    piece) is not played: ``{"reason": None}`` when it is legal. It asks the game exactly what
    :meth:`Game.play` asks, so whatever ``play`` refuses is explained with ``play``'s reason (the
    reason inside its "move: reason"), and whatever ``play`` accepts is legal."""
    text = to if frm is None or frm == to else f"{frm}-{to}"
    try:
        game.check_play(text)
    except HdchessError as exc:
        reason = exc.args[0] if exc.args and isinstance(exc.args[0], Message) else str(exc)
        if isinstance(reason, Message) and reason.code == "move.refused":
            reason = reason.params["reason"]
        state = game.state
        names = state.geometry.square_names
        square = to.strip().lower()
        if frm is None and game.outcome is None and square in names:
            text_on_square = state.square_text(names.index(square))
            if text_on_square not in (None, "x"):
                reason = _piece_reason(game, names.index(square))  # a click on a piece that cannot act
            elif text_on_square is None and isinstance(exc, InvalidMoveError):
                # a click on an empty square, in a game where a square alone is no action (Cheight): the
                # notation's complaint would be engine-speak
                reason = Message("move.no_piece", sq=square)
        return reason_reply(reason)
    return {"reason": None}
