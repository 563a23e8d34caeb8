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
from ..inputs import is_int, printable
from ..messages import Message
from ..variants import load_ruleset
from ..vocabulary import Termination
from .clocks import Clocks
from .deal import DeckDeal
from .group import from_hex, to_hex
from .session import AGREED, RemoteSession, end_abandoned
from .wire import CLAIMS, FIRST, LINES, MAX_CARDS, MAX_TEXT, NONCE, OFFERS, Refused, decode, read_clock

SAVE_VERSION = 1


class SaveError(HdchessError):
    """A saved remote game that cannot be resumed."""


def _hexes(values: list[int]) -> list[str]:
    return [to_hex(v) for v in values]


def _ints(values: list[object]) -> list[int]:
    """Numbers of the group from a save that was validated field by field (FIELDS) before it is read."""
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
    """The session a saved object holds; SaveError names the first field that is missing or wrong."""
    if not isinstance(saved, dict) or not is_int(saved.get("v")) or saved["v"] != SAVE_VERSION:
        raise SaveError("this is not a saved remote game")
    for name, good in FIELDS.items():
        if name not in saved or not good(saved[name]):
            raise _bad(name)
    extra = sorted(set(saved) - set(FIELDS) - {"v"})
    if extra:
        raise _bad(printable(str(extra[0]), 20))
    if saved["role"] not in saved["names"]:
        raise _bad("names")
    if saved["me"] and not saved["variant"]:
        raise _bad("variant")
    for name, problem in _card_problems(saved):
        if problem:
            raise _bad(name)
    try:
        return _resume(saved, now)
    except SaveError:
        raise
    except (HdchessError, KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise _bad("history") from None  # every field reads, yet the game does not replay


def _card_problems(s: dict[str, Any]) -> list[tuple[str, bool]]:
    """The fields that name cards, each against the deck's size (a card past it would fail in the game)."""
    count = len(s["pieces"])
    cards = range(count)
    pending = s["pending"]
    return [
        ("decks", any(len(d) != count for d in s["decks"].values())),
        ("keys", len(s["keys"]["cards"]) not in (0, count)),
        ("revealed", any(int(c) not in cards or i not in cards for c, i in s["revealed"].items())),
        ("partials", any(int(c) not in cards for c in s["partials"])),
        ("pending", pending is not None and (pending["card"] not in cards or "d3" not in s["decks"]
                                             or len(s["keys"]["cards"]) != count)),
    ]


def _bad(name: str) -> SaveError:
    return SaveError(Message("remote.bad_save", field=name))


def _hex_list(value: object) -> bool:
    return isinstance(value, list) and len(value) <= MAX_CARDS and all(from_hex(v) is not None for v in value)


def _keys(value: object) -> bool:
    return (isinstance(value, dict) and set(value) == {"global", "cards"} and _hex_list(value["cards"])
            and (value["global"] is None or from_hex(value["global"]) is not None))


def _small(value: object, top: int = 1_000_000) -> bool:
    return is_int(value) and 0 <= value <= top


def _index_map(value: object, good: Callable[[Any], bool]) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and k.isdigit() and int(k) < MAX_CARDS and good(v)
                                           for k, v in value.items())


def _clock(value: object) -> bool:
    try:
        read_clock(value, "clock")
    except Refused:
        return False
    return True


def _clocks(value: object) -> bool:
    return value is None or (
        isinstance(value, dict) and set(value) == {"initial_ms", "increment_ms", "left", "running", "since"}
        and _clock({"initial_ms": value["initial_ms"], "increment_ms": value["increment_ms"]})
        and isinstance(value["left"], dict) and set(value["left"]) == {"1", "2"}
        and all(is_int(ms) for ms in value["left"].values())
        and (value["running"] is None or is_int(value["running"]) and value["running"] in (1, 2))
        and _time(value["since"]))


def _time(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e11


def _entry(value: object) -> bool:
    """A history entry: ["act", player, text, text shown], ["undo", n], ["end", how, colour or None]."""
    if not isinstance(value, list) or not value:
        return False
    if value[0] == "act":
        return len(value) == 4 and is_int(value[1]) and value[1] in (1, 2) and all(_word(t) for t in value[2:])
    if value[0] == "undo":
        return len(value) == 2 and _small(value[1], 100_000) and value[1] > 0
    return (value[0] == "end" and len(value) == 3 and value[1] in ("draw", "resign", *CLAIMS)
            and (value[2] is None and value[1] in ("draw", "abandon") or is_int(value[2]) and value[2] in (0, 1)))


def _word(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT and value.isprintable()


def _nonce(value: object, empty: bool = False) -> bool:
    return isinstance(value, str) and (value == "" and empty or NONCE.fullmatch(value) is not None)


FIELDS: dict[str, Callable[[Any], bool]] = {  # every field of a saved game and what it must be
    "role": lambda v: v in ("host", "guest"),
    "phase": lambda v: v in ("setup", "playing", "over", "verified", "cheated"),
    "names": lambda v: isinstance(v, dict) and set(v) <= {"host", "guest"}
    and all(isinstance(n, str) and len(n) <= MAX_TEXT for n in v.values()),
    "game": lambda v: _nonce(v, empty=True),
    "variant": lambda v: v == "" or _word(v),
    "options": lambda v: isinstance(v, dict) and len(v) <= 16 and all(isinstance(k, str) for k in v),
    "clock": _clock,
    "first": lambda v: v in FIRST,
    "me": lambda v: v in (0, 1, 2) and is_int(v),
    "nonce": _nonce,
    "commit": lambda v: _nonce(v, empty=True),
    "peer_nonce": lambda v: _nonce(v, empty=True),
    "pieces": lambda v: isinstance(v, list) and len(v) <= MAX_CARDS and all(_small(p, 10_000) for p in v),
    "keys": _keys,
    "decks": lambda v: isinstance(v, dict) and set(v) <= {"d1", "d2", "d3"} and all(map(_hex_list, v.values())),
    "partials": lambda v: _index_map(v, lambda pair: isinstance(pair, dict)
                                     and set(pair) == {"mine", "peer", "peer_key"}
                                     and all(from_hex(x) is not None for x in pair.values())),
    "revealed": lambda v: _index_map(v, lambda i: _small(i, MAX_CARDS - 1)),
    "history": lambda v: isinstance(v, list) and all(map(_entry, v)),
    "pending": lambda v: v is None or (isinstance(v, dict) and set(v) == {"text", "card", "ply", "partial"}
                                       and _word(v["text"]) and _small(v["card"], MAX_CARDS - 1)
                                       and _small(v["ply"]) and from_hex(v["partial"]) is not None),
    "offer": lambda v: v is None or (isinstance(v, dict) and set(v) == {"kind", "from"} and v["kind"] in OFFERS
                                     and v["from"] in ("me", "peer")),
    "clocks": _clocks,
    "last_heard": _time,
    "turn_since": _time,
    "sent": lambda v: isinstance(v, list) and all(isinstance(t, str) for t in v),
    "received": lambda v: isinstance(v, list) and all(isinstance(t, str) for t in v),
    "peer_keys": lambda v: v is None or _keys(v),
    "keys_sent": lambda v: isinstance(v, bool),
    "cheat": lambda v: v is None or isinstance(v, str),
    "chat": lambda v: isinstance(v, list) and all(isinstance(c, dict) and set(c) == {"from", "line"}
                                                  and c["from"] in ("me", "peer") and c["line"] in LINES for c in v),
}


def _resume(s: dict[str, Any], now: Callable[[], float]) -> RemoteSession:
    session = RemoteSession(str(s["role"]), str(s["names"][s["role"]]), now)
    session.phase, session.names = str(s["phase"]), {str(k): printable(str(v), MAX_TEXT) for k, v in s["names"].items()}
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
    for name in ("sent", "received"):
        for text in getattr(session, name):
            try:
                decode(text)  # every message still reads
            except Refused:
                raise _bad(name) from None
    peer_keys = s["peer_keys"]
    session.peer_keys = None if peer_keys is None else {
        "global": None if peer_keys["global"] is None else _ints([peer_keys["global"]])[0],
        "cards": _ints(peer_keys["cards"])}
    session.keys_sent = bool(s["keys_sent"])
    session.cheat = None if s["cheat"] is None else Message("remote.cheat", reason=str(s["cheat"]))
    session.chat = [dict(line) for line in s["chat"]]
    if session.variant:
        try:
            session.ruleset = load_ruleset(session.variant, **session.options)
        except HdchessError:
            raise _bad("variant") from None
        if session.pieces != sorted(session.ruleset.new_state().pool_pieces()):
            raise _bad("pieces")
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
            elif how == "abandon":
                end_abandoned(game, color)
            else:
                termination = {"resign": Termination.RESIGNATION, "time": Termination.TIME_FORFEIT}[how]
                game.resign(int(color), termination)
    session.game = game


__all__ = ["SAVE_VERSION", "SaveError", "resume", "save"]
