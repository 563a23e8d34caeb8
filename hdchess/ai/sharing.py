"""What the workers of one parallel search share, in every Python the package runs in (Pyodide too:
nothing here starts a process): the public record a worker rebuilds the position from, and the packing
of a transposition-table entry that a shared table keeps, with :class:`CallTable`, a table kept outside
Python behind two calls (the browser's SharedArrayBuffer). The processes that use them over the command
line are in :mod:`.parallel`; the browser's pool in :mod:`hdchess.bridge.pool`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..notation import parse_position
from ..rules import GameState
from ..variants import load_ruleset
from ..vocabulary import Action
from .search import TTEntry

# (variant, settings, the position the record starts from, ((action, what a flip revealed or None), ...))
PublicRecord = tuple[str, tuple[tuple[str, Any], ...], str, tuple[tuple[Action, int | None], ...]]

_MASK64 = (1 << 64) - 1


# -- the public record a worker rebuilds the position from ---------------------------------

def public_record(state: GameState) -> PublicRecord:
    """What a worker is sent of ``state``: the public position its history starts from and
    each action since, a flip with the piece it revealed (read back from the public hash).
    Raises ValueError if the record does not rebuild ``state`` exactly."""
    actions = list(state.move_stack)
    work = state.copy()
    keys_after: list[int] = []
    for _ in actions:
        keys_after.append(work.search_key())
        work.pop()
    keys_after.reverse()
    start = work.position_text(extended=True)
    replay = _parse(state.ruleset.variant, state.ruleset.settings, start)
    history: list[tuple[Action, int | None]] = []
    for action, key in zip(actions, keys_after, strict=True):
        revealed = None
        if replay.is_chance(action):
            revealed = _revealed(replay, action, key)
        else:
            replay.push(action)
        history.append((action, revealed))
    if replay.search_key() != state.search_key() or replay.repetitions() != state.repetitions():
        raise ValueError("the public record does not rebuild the position")
    return state.ruleset.variant, state.ruleset.settings, start, tuple(history)


def _revealed(state: GameState, action: Action, key_after: int) -> int:
    """Push the chance ``action`` with the result that gives ``key_after``; that result."""
    for outcome, _ in state.chance_outcomes(action):
        state.push(action, outcome)
        if state.search_key() == key_after:
            return outcome
        state.pop()
    raise ValueError("no result of a chance action gives the position that followed it")


def _parse(variant: str, settings: Sequence[tuple[str, Any]], text: str) -> GameState:
    return parse_position(text, load_ruleset(variant, **dict(settings)))


def rebuild(record: PublicRecord) -> GameState:
    """The position a public record describes (in a worker)."""
    variant, settings, start, history = record
    state = _parse(variant, settings, start)
    for action, revealed in history:
        state.push(action, revealed)
    return state


# -- a table entry, packed ---------------------------------------------------------------------

MOVE_BITS = 42  # 11 + 42 bits: exact in a float64 (the browser's table) and in 64 bits (the processes')


def entry_data(entry: TTEntry) -> int:
    """A table entry but its value, packed in one whole number (the move in the bits above the 11th):
    what a table shared between workers stores beside the value. A move too big to pack (a long
    chain of captures, banqi's house rule) is kept as none: the search reads the value alone."""
    depth, flag, _, move, exact = entry
    if move >> MOVE_BITS:
        move = -1
    return depth | flag << 8 | exact << 10 | (move + 1) << 11


def entry_of(data: int, value: float) -> TTEntry:
    """The entry :func:`entry_data` packed, with its value."""
    return data & 0xFF, (data >> 8) & 3, value, (data >> 11) - 1, bool(data & 0x400)


def fold_key(key: int) -> int:
    """A search key in 64 bits (a key with rule state above them keeps it)."""
    return (key ^ (key >> 64) * 0x9E3779B97F4A7C15) & _MASK64


class CallTable:
    """A transposition table kept outside Python and reached by two calls: the browser's
    search workers share one in a ``SharedArrayBuffer`` (``web/shared-table.js``), which
    Python in Pyodide reaches only through JavaScript. ``probe(slot, check)`` gives
    ``(data, value)`` or None; ``store(slot, check, data, value)`` keeps an entry. The
    slot is the key's low bits; the check, 31 bits above them with the search's ``salt``,
    is met again with the entry's data on both sides (``check ^ data``, 31 bits): a torn
    entry, or one of another search, reads as none, as in :class:`SharedTable`."""

    def __init__(self, probe: Callable[[int, int], Sequence[float] | None],
                 store: Callable[[int, int, int, float], object], slots: int) -> None:
        if slots < 2 or slots & (slots - 1):
            raise ValueError(f"a shared table's slots must be a power of two, not {slots}")
        self._probe, self._store = probe, store
        self._mask, self._shift = slots - 1, slots.bit_length() - 1
        self.salt = 0

    def _slot_check(self, key: int) -> tuple[int, int]:
        if key >> 64 or key < 0:
            key = fold_key(key)
        return key & self._mask, ((key >> self._shift) ^ self.salt) & 0x7FFFFFFF

    def get(self, key: int) -> TTEntry | None:
        found = self._probe(*self._slot_check(key))
        return None if found is None else entry_of(int(found[0]), found[1])

    def __setitem__(self, key: int, entry: TTEntry) -> None:
        self._store(*self._slot_check(key), entry_data(entry), entry[2])
