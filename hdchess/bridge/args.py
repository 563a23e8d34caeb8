"""Reading a request's arguments: each reader checks one argument and says what was wrong.

A reader raises :class:`BridgeError` naming the argument and the value it got
(cut short), so a bad request is answered with a message and changes nothing.
"""

from __future__ import annotations

import json

from ..ai.level_table import level_by_name
from ..errors import HdchessError
from ..inputs import excerpt, is_int, printable
from ..referee import check_seed

Args = dict[str, object]  # a request's ``args``, as JSON gave them
PLAYER_KINDS = ("human", "ai")
MAX_NAME_LENGTH = 40


class BridgeError(HdchessError):
    """A request the bridge cannot carry out (bad JSON, unknown command or argument)."""


def shown(value: object) -> str:
    """A value as the request wrote it, cut short for a message."""
    return excerpt(json.dumps(value))


def check_args(cmd: str, args: Args, allowed: tuple[str, ...]) -> None:
    """Refuse an argument the command does not take (a typo must not pass unnoticed)."""
    for key in args:
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise BridgeError(f"{cmd}: unknown argument {shown(key)} (arguments: {known})")


def text(args: Args, key: str, default: str | None = None) -> str | None:
    value = args.get(key, default)
    if value is not None and not isinstance(value, str):
        raise BridgeError(f"{key} must be text, not {shown(value)}")
    return value


def flag(args: Args, key: str) -> bool:
    """A yes/no argument: true or false (absent: false)."""
    value = args.get(key, False)
    if not isinstance(value, bool):
        raise BridgeError(f"{key} must be true or false, not {shown(value)}")
    return value


def seed(value: object) -> int | None:
    """A known deal's seed, or None (no seed: a fresh deal)."""
    if value is None or value == "":
        return None
    if not is_int(value) and not isinstance(value, str):
        raise BridgeError(f"seed must be a whole number 0 or more, not {shown(value)}")
    return check_seed(value)


def player(cmd: str, value: object) -> int:
    """A player's number: the whole number 1 or 2 (not true, 1.0 or "1", which Python would take for 1)."""
    if not is_int(value) or value not in (1, 2):
        raise BridgeError(f"{cmd} must be 1 or 2, not {shown(value)}")
    return value


def players(value: object, default: dict[str, str]) -> dict[str, str]:
    """Who plays each side, ``{"1": "human", "2": "ai"}``: ``default`` with what ``value`` changes."""
    if value is None:
        return dict(default)
    if not isinstance(value, dict):
        raise BridgeError('players must look like {"1": "human", "2": "ai"}')
    chosen = dict(default)
    for key, kind in value.items():
        if str(key) not in ("1", "2"):
            raise BridgeError(f"players: {shown(key)} is not a player (1 or 2)")
        if kind not in PLAYER_KINDS:
            raise BridgeError(f"player {key} must be human or ai, not {shown(kind)}")
        chosen[str(key)] = kind
    return chosen


def level_name(value: object) -> str:
    """An AI level's name, from its name (any case) or number (1 = the first)."""
    if not is_int(value) and not isinstance(value, str):
        raise BridgeError(f"level must be a level name or number, not {shown(value)}")
    return level_by_name(value).name


def names(value: object, base: dict[str, str]) -> dict[str, str]:
    """``base`` with the names given in ``value`` (trimmed to one short line)."""
    chosen = dict(base)
    if value is None:
        return chosen
    if not isinstance(value, dict):
        raise BridgeError('names must look like {"1": "Ann", "2": "Bo"}')
    for key, name in value.items():
        if str(key) not in ("1", "2"):
            raise BridgeError(f"names: {shown(key)} is not a player (1 or 2)")
        if not isinstance(name, str):
            raise BridgeError(f"the name of player {key} must be text")
        name = printable(name, MAX_NAME_LENGTH)
        if name:
            chosen[str(key)] = name
    return chosen


def whole(name: str, value: object, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (a ply, a node budget)."""
    if not is_int(value) or not low <= value <= high:
        raise BridgeError(f"{name} must be a whole number from {low:,} to {high:,}, not {shown(value)}")
    return value


__all__ = ["MAX_NAME_LENGTH", "PLAYER_KINDS", "Args", "BridgeError", "check_args", "flag", "level_name", "names",
           "player", "players", "seed", "shown", "text", "whole"]
