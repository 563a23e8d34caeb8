"""A remote session saved to a JSON object, and resumed from it (after a reload or a cut).

Group elements and keys are written in hex (a page's JSON would round a 2048-bit
number); the game is rebuilt by replaying its history with the cards already
opened. The saved object holds this side's secret keys: it stays on this machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..errors import HdchessError
from ..gamestate import Termination
from ..messages import Message
from ..variants import load_ruleset
from .clocks import Clocks
from .deal import DeckDeal
from .group import from_hex, to_hex
from .session import ABANDONED, AGREED, RemoteSession
from .wire import decode

SAVE_VERSION = 1


class SaveError(HdchessError):
    """A saved remote game that cannot be resumed."""


def _hexes(values: list[int]) -> list[str]:
    return [to_hex(v) for v in values]


def _ints(values: Any) -> list[int]:
    out = [from_hex(v) for v in values]
    if any(v is None for v in out):
        raise SaveError("the saved remote game holds a number that is not one of the group")
    return [v for v in out if v is not None]


def save(session: RemoteSession) -> dict[str, Any]:
    """This side's whole session as a JSON object."""
    keys = session.keys
    return {
        "v": SAVE_VERSION, "role": session.role, "phase": session.phase, "names": dict(session.names),
        "game": session.game_id, "variant": session.variant, "options": dict(session.options),
        "clock": session.clock_setting, "first": session.first, "me": session.me, "nonce": session.nonce,
        "commit": session.commit, "peer_nonce": session.peer_nonce, "pieces": list(session.pieces),
        "keys": {"global": None if keys.global_key is None else to_hex(keys.global_key),
                 "cards": _hexes(keys.card_keys)},
        "decks": {name: _hexes(d) for name, d in session.decks.items()},
        "partials": {str(c): {k: to_hex(v) for k, v in pair.items()} for c, pair in session.partials.items()},
        "revealed": {str(c): i for c, i in session.revealed.items()},
        "history": session.history,
        "pending": None if session.pending is None else {**session.pending,
                                                         "partial": to_hex(session.pending["partial"])},
        "offer": session.offer, "clocks": session.clocks.as_dict() if session.clocks else None,
        "last_heard": session.last_heard, "turn_since": session.turn_since,
        "sent": list(session.sent), "received": list(session.received),
        "peer_keys": None if session.peer_keys is None else {
            "global": None if session.peer_keys["global"] is None else to_hex(session.peer_keys["global"]),
            "cards": _hexes(session.peer_keys["cards"])},
        "keys_sent": session.keys_sent, "cheat": str(session.cheat.params["reason"]) if session.cheat else None,
        "chat": list(session.chat),
    }


def resume(saved: Any, now: Callable[[], float] = time.time) -> RemoteSession:
    """The session a saved object holds; SaveError names what is wrong with one that cannot be resumed."""
    if not isinstance(saved, dict) or saved.get("v") != SAVE_VERSION:
        raise SaveError("this is not a saved remote game")
    try:
        return _resume(saved, now)
    except SaveError:
        raise
    except (HdchessError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise SaveError(f"the saved remote game cannot be resumed: {type(exc).__name__} {exc}"[:200]) from None


def _resume(s: dict[str, Any], now: Callable[[], float]) -> RemoteSession:
    session = RemoteSession(str(s["role"]), str(s["names"][s["role"]]), now)
    session.phase, session.names = str(s["phase"]), {str(k): str(v) for k, v in s["names"].items()}
    session.game_id, session.variant, session.options = s["game"], s["variant"], dict(s["options"])
    session.clock_setting, session.first, session.me = s["clock"], s["first"], int(s["me"])
    session.nonce, session.commit, session.peer_nonce = s["nonce"], s["commit"], s["peer_nonce"]
    session.pieces = [int(p) for p in s["pieces"]]
    session.keys.global_key = None if s["keys"]["global"] is None else _ints([s["keys"]["global"]])[0]
    session.keys.card_keys = _ints(s["keys"]["cards"])
    session.decks = {str(name): _ints(d) for name, d in s["decks"].items()}
    session.partials = {int(c): {k: _ints([v])[0] for k, v in pair.items()} for c, pair in s["partials"].items()}
    session.revealed = {int(c): int(i) for c, i in s["revealed"].items()}
    session.history = [list(entry) for entry in s["history"]]
    pending = s["pending"]
    session.pending = None if pending is None else {**pending, "partial": _ints([pending["partial"]])[0]}
    session.offer = s["offer"]
    session.clocks = Clocks.from_dict(s["clocks"]) if s["clocks"] else None
    session.last_heard, session.turn_since = float(s["last_heard"]), float(s["turn_since"])
    session.sent, session.received = [str(t) for t in s["sent"]], [str(t) for t in s["received"]]
    for text in session.sent + session.received:
        decode(text)  # every message still reads
    peer_keys = s["peer_keys"]
    session.peer_keys = None if peer_keys is None else {
        "global": None if peer_keys["global"] is None else _ints([peer_keys["global"]])[0],
        "cards": _ints(peer_keys["cards"])}
    session.keys_sent = bool(s["keys_sent"])
    session.cheat = None if s["cheat"] is None else Message("remote.cheat", reason=str(s["cheat"]))
    session.chat = [dict(line) for line in s["chat"]]
    if session.variant:
        session.ruleset = load_ruleset(session.variant, **session.options)
    if session.me:
        _rebuild_game(session)
    return session


def _rebuild_game(session: RemoteSession) -> None:
    """The game replayed from its history, the opened cards laid back on their squares."""
    assert session.ruleset is not None
    game = session._new_game()
    deal: DeckDeal = session.deal
    for card, index in session.revealed.items():
        deal.open(deal.slots[card], session.pieces[index])
    for entry in session.history:
        if entry[0] == "act":
            game.play(str(entry[2]))
        elif entry[0] == "undo":
            for _ in range(int(entry[1])):
                game.undo()
            game.assisted = False
        elif entry[0] == "end":
            how, color = entry[1], entry[2]
            if how == "draw":
                game.adjudicate_draw(AGREED)
            else:
                termination = {"resign": Termination.RESIGNATION, "time": Termination.TIME_FORFEIT,
                               "abandon": ABANDONED}[how]
                game.resign(int(color), termination)
    session.game = game


__all__ = ["SAVE_VERSION", "SaveError", "resume", "save"]
