"""The protocol's messages on the wire: one JSON object each, with a version, a number and a kind.

:func:`decode` reads untrusted text into a checked message (group elements as
ints) or raises :class:`Refused` naming what is wrong; it never changes
anything, so a refused message leaves the game as it was. :func:`encode` writes
one. Numbering (which ``seq`` comes next) is the session's job.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ..errors import HdchessError
from ..inputs import is_int, printable
from ..messages import Message
from .group import Q, from_hex, to_hex

# a field's reader: the untrusted value and its name in, the checked value out (or Refused)
Reader = Callable[[object, str], object]

VERSION = 1
MAX_MESSAGE = 200_000  # characters: a deck of 32 cards in hex is about 17,000
MAX_CARDS = 64
OFFERS = ("draw", "takeback", "rematch")  # a rematch: once a game is over and checked
CLAIMS = ("time", "abandon")
FIRST = ("random", "host", "guest")
LINES = ("hello", "good_luck", "your_move", "wait", "thanks", "sorry", "well_played", "good_game")
NONCE = re.compile("[0-9a-f]{64}")
MAX_TEXT = 64
MIN_CLOCK_MS = 1000  # a clock both sides agree to: at least a second, at most a day, at most 10 min a move
MAX_CLOCK_MS = 24 * 3600 * 1000
MAX_INCREMENT_MS = 600_000


class Refused(HdchessError):
    """A peer's message that is not taken: malformed, out of order, repeated or unexpected."""


class Caught(HdchessError):
    """A peer's message that proves it lied: a false partial decryption, a doctored deck, an illegal move."""


def _field(name: str) -> Refused:
    return Refused(Message("remote.bad_field", field=name))


def _text(value: object, name: str) -> str:
    """A short word of the protocol (a variant, an action): printable characters only."""
    if not isinstance(value, str) or len(value) > MAX_TEXT or not value.isprintable():
        raise _field(name)
    return value


def _name(value: object, name: str) -> str:
    """The peer's name: any short text, kept as printable text only (never a terminal escape)."""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise _field(name)
    return printable(value, MAX_TEXT)


def _nonce(value: object, name: str) -> str:
    if not isinstance(value, str) or not NONCE.fullmatch(value):
        raise _field(name)
    return value


def _whole(value: object, name: str, top: int) -> int:
    if not is_int(value) or not 0 <= value <= top:
        raise _field(name)
    return value


def _choice(choices: tuple[str, ...]) -> Callable[[object, str], str]:
    def read(value: object, name: str) -> str:
        if not isinstance(value, str) or value not in choices:
            raise _field(name)
        return str(value)
    return read


def _element(value: object, name: str) -> int:
    number = from_hex(value)
    if number is None:
        raise _field(name)
    return number


def _exponent(value: object, name: str) -> int:
    key = _element(value, name)
    if not 2 <= key < Q:
        raise _field(name)
    return key


def _deck(value: object, name: str) -> list[int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not 0 < len(value) <= MAX_CARDS:
        raise _field(name)
    return [_element(x, name) for x in value]


def _options(value: object, name: str) -> dict[str, Any]:
    if not isinstance(value, dict) or len(value) > 16 or not all(isinstance(k, str) for k in value):
        raise _field(name)
    if not all(v is None or isinstance(v, (str, int, float, bool)) for v in value.values()):
        raise _field(name)
    return dict(value)


def read_clock(value: object, name: str) -> dict[str, int] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"initial_ms", "increment_ms"}:
        raise _field(name)
    initial = _whole(value["initial_ms"], name, MAX_CLOCK_MS)
    if initial < MIN_CLOCK_MS:
        raise _field(name)
    return {"initial_ms": initial, "increment_ms": _whole(value["increment_ms"], name, MAX_INCREMENT_MS)}


def _reading(value: object, name: str) -> int | None:
    return None if value is None else _whole(value, name, MAX_CLOCK_MS)


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise _field(name)
    return value


def _keys(value: object, name: str) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != {"global", "cards"}:
        raise _field(name)
    cards = value["cards"]
    if not isinstance(cards, list) or len(cards) > MAX_CARDS:
        raise _field(name)
    keys = [_element(k, name) for k in cards]
    global_key = None if value["global"] is None else _element(value["global"], name)
    if not all(2 <= k < Q for k in keys + ([global_key] if global_key is not None else [])):
        raise Refused(Message("remote.bad_keys"))
    return {"global": global_key, "cards": keys}


def _optional(read: Reader) -> Reader:
    def optional(value: object, name: str) -> object:
        return None if value is None else read(value, name)
    return optional


FIELDS: dict[str, dict[str, Reader]] = {
    "hello": {"game": _nonce, "variant": _text, "options": _options, "clock": read_clock, "first": _choice(FIRST),
              "name": _name, "commit": _nonce, "deck": _deck},
    "welcome": {"game": _nonce, "name": _name, "nonce": _nonce, "deck": _deck},
    "start": {"nonce": _nonce, "deck": _deck},
    "act": {"action": _text, "clock": _reading, "peer_clock": _reading, "partial": _optional(_element),
            "key": _optional(_exponent)},
    "reveal": {"ply": lambda v, n: _whole(v, n, 100_000), "partial": _element, "key": _exponent},
    "offer": {"offer": _choice(OFFERS), "moves": lambda v, n: _whole(v, n, 100_000)},  # the moves it was made after
    "answer": {"offer": _choice(OFFERS), "accept": _flag},
    "resign": {},
    "chat": {"line": _choice(LINES)},
    "claim": {"claim": _choice(CLAIMS)},
    "keys": {"keys": _keys},
    "resume": {"received": lambda v, n: _whole(v, n, 1_000_000)},
}
OPTIONAL = {"act": {"partial", "key", "peer_clock"}}


def decode(text: object) -> dict[str, Any]:
    """A peer's message, checked field by field; raises Refused naming the first problem."""
    if not isinstance(text, str):
        raise Refused(Message("remote.not_object"))
    if len(text) > MAX_MESSAGE:
        raise Refused(Message("remote.too_long", limit=MAX_MESSAGE))
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused(Message("remote.not_json")) from None
    if not isinstance(raw, dict):
        raise Refused(Message("remote.not_object"))
    if not is_int(raw.get("v")) or raw["v"] != VERSION:  # true and 1.0 equal 1 in Python: not a version
        raise Refused(Message("remote.bad_version", version=printable(json.dumps(raw.get("v")), 20),
                              expected=VERSION))
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise Refused(Message("remote.unknown_type", type=printable(str(kind), 20)))
    message: dict[str, Any] = {"v": VERSION, "kind": kind, "seq": _whole(raw.get("seq"), "seq", 1_000_000)}
    for name, read in FIELDS[kind].items():
        if name not in raw and name not in OPTIONAL.get(kind, set()):
            raise _field(name)
        message[name] = read(raw.get(name), name)
    extra = set(raw) - set(FIELDS[kind]) - {"v", "kind", "seq"}
    if extra:
        raise _field(printable(sorted(extra)[0], 20))
    return message


HEX_FIELDS = ("deck", "partial", "key", "keys")  # group elements and keys, written in hex


def _hex(value: object) -> Any:
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return to_hex(value)
    if isinstance(value, list):
        return [_hex(v) for v in value]
    if isinstance(value, dict):
        return {k: _hex(v) for k, v in value.items()}
    return value


def encode(message: dict[str, Any]) -> str:
    """A message as text: its group elements and keys (ints) written in hex."""
    body = {k: (_hex(v) if k in HEX_FIELDS else v) for k, v in message.items()}
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)


__all__ = ["CLAIMS", "FIRST", "LINES", "MAX_CLOCK_MS", "MAX_INCREMENT_MS", "MAX_MESSAGE", "MIN_CLOCK_MS", "OFFERS",
           "VERSION", "Caught", "Refused", "decode", "encode", "read_clock"]
