"""The opening book of the face-down games: the first actions, searched deeply offline.

The 4 x 8 board looks the same mirrored left to right and top to bottom, and
every face-down game moves its pieces the same way in each direction, so a
position and its three mirror images share one entry: the book keys each
position by the smallest of the four position lines and stores the action
for that orientation. ``book.json`` (made by ``python -m hdchess.lab.build_book``)
holds, per variant, ``{position line: [action text, score]}``.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from ..vocabulary import Action
from .position import Position
from .state import State

Mirror = tuple[bool, bool]  # (files reversed, ranks reversed)
MIRRORS: tuple[Mirror, ...] = ((False, False), (True, False), (False, True), (True, True))


def mirror_square(state: Position, sq: int, mirror: Mirror) -> int:
    geometry = state.geometry
    file, rank = geometry.file_of(sq), geometry.rank_of(sq)
    if mirror[0]:
        file = geometry.files - 1 - file
    if mirror[1]:
        rank = geometry.ranks - 1 - rank
    return geometry.square(file, rank)


def mirrored(state: State, mirror: Mirror) -> State:
    """The position seen in a mirror (only for book positions: no move history kept)."""
    mailbox = list(state.mailbox)
    for sq, content in enumerate(state.mailbox):
        mailbox[mirror_square(state, sq, mirror)] = content
    return type(state).from_parts(state.ruleset, mailbox, state.pool, state.side, state.quiet, state.ply)


def mirror_action(state: Position, action: Action, mirror: Mirror) -> Action:
    frm, to = state.move_squares(action)
    return state._tables.make_move(mirror_square(state, frm, mirror), mirror_square(state, to, mirror))


def canonical(state: State) -> tuple[str, Mirror]:
    """The key of a position and its mirror images: (the smallest line, the mirror that gives it)."""
    lines = [(mirrored(state, mirror).position_text(extended=False), mirror) for mirror in MIRRORS]
    return min(lines)


@functools.cache
def _entries(variant: str) -> dict[str, list[Any]]:
    """{position line: [action text, score]} (JSON)."""
    table = json.loads(resources.files(__package__).joinpath("book.json").read_text(encoding="utf-8"))
    entries: dict[str, list[Any]] = table.get(variant, {})
    return entries


def book_move(state: State) -> tuple[Action, float] | None:
    """The book's action and score for ``state``, if the book has it (only before the
    repetition rule's memory matters: every entry is a position right after a flip)."""
    entries = _entries(state.ruleset.variant)
    if not entries or state.ply > 4 or any(m >= 0 for m in state.last_moves) or state.ruleset.non_defaults():
        return None
    key, mirror = canonical(state)
    entry = entries.get(key)
    if entry is None:
        return None
    text, score = entry
    image = mirrored(state, mirror)
    action, _ = image.parse_action(text)
    action = mirror_action(image, action, mirror)  # mirrors are their own inverses
    return (action, float(score)) if action in state.legal_actions() else None
