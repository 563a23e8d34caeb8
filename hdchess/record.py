"""The game record's text format: tags and moves in, text out, and back.

This module knows the format only; :meth:`hdchess.game.Game.record_text` says
what goes into a record and :meth:`hdchess.game.Game.from_record` replays one
into the identical game. The format is PGN-like::

    [Variant "hdc2"]
    [Scoring "official"]
    ...
    [Player1 "You"]
    [Player2 "hdchess Club"]
    [Result "1-0"]

    1. c2(R) d3(p) 2. b2-b3 d3xc3 {a comment} ...  1-0

Tags: ``Variant``, one tag per rule option (engine names), ``Deal``
(``known`` for a known deal: its flips could be predicted by whoever had its
seed), ``Player1``/``Player2`` (who opened / who replied), ``Red``/``Black``
once known, ``Date``, ``Event``, ``FEN`` for a game that did not start from
the opening, ``Result`` (``1-0`` red won, ``0-1`` black won, ``1/2-1/2``,
``*`` unfinished), ``Score`` (games decided by score) or ``Material``,
``Termination``, ``Assisted`` (an undo or a hint was used), ``Serious`` (no
undo or hint allowed) and ``Continued`` (the game went on from a record whose
flips its writer chose, so it is not a fair game). Comments are
``{...}`` or ``;`` to the end of the line.

A record holds what every flip revealed and never a seed or a layout: it
replays the game exactly, and tells nothing about the pieces still face-down.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .errors import RecordError
from .inputs import excerpt
from .messages import Message

_TAG = re.compile(r'^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
# Tags a replayed game makes again itself, rather than keeping as the record's words.
DERIVED_TAGS = {"Result", "Score", "Material", "Termination", "Red", "Black", "Variant", "Seed", "FEN", "Assisted",
                "Deal", "Serious", "Continued"}
MAX_RECORD = 1_000_000  # characters: a record of the longest game is a few tens of thousands


def _escape(value: str) -> str:
    text = re.sub(r"[\x00-\x1f\x7f]", " ", str(value))  # a tag is one line of plain text
    return text.replace("\\", "\\\\").replace('"', '\\"')


def format_record(tags: dict[str, str], moves: Iterable[tuple[int, str]], start_ply: int = 0) -> str:
    """The record's text: ``tags`` in order (``Result`` ends the moves too), then
    the moves as (player, text), a number at each of player 1's turns (a turn is
    every action a player takes in a row), wrapped at 79 characters."""
    lines = [f'[{k} "{_escape(v)}"]' for k, v in tags.items()]
    words = []
    number, previous = start_ply // 2 + 1, None
    for player, text in moves:
        if player != previous:
            if previous is None:
                words.append(f"{number}." if player == 1 else f"{number}...")
            elif player == 1:
                number += 1
                words.append(f"{number}.")
        previous = player
        words.append(text)
    words.append(tags.get("Result", "*"))
    body, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            body.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


def parse_record(text: str) -> tuple[dict[str, str], list[str]]:
    """Split a record into its tags and its move tokens (comments dropped)."""
    tags, numbered = parse_numbered_record(text)
    return tags, [token for _, token in numbered]


def parse_numbered_record(text: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """Split a record into its tags and its move tokens, each with the number the record gives it: ``1.``
    for the first move after ``1.``, ``1...`` for the moves after that one, ``""`` before any number. An
    error then names a move as the record writes it (``1... zz9``), not by a count the player must make."""
    if not isinstance(text, str):
        raise RecordError("a game record must be text")
    if len(text) > MAX_RECORD:
        raise RecordError(f"a game record is at most {MAX_RECORD:,} characters, not {len(text):,}")
    tags: dict[str, str] = {}
    body = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("["):
            match = _TAG.match(line)
            if not match:
                raise RecordError(Message("record.bad_tag", line=number, text=excerpt(line.strip())))
            tags[match.group(1)] = re.sub(r"\\(.)", r"\1", match.group(2))
        else:
            body.append(line.split(";", 1)[0])
    moves_text = " ".join(body)
    if moves_text.count("{") != moves_text.count("}"):
        raise RecordError(Message("record.unclosed_comment"))
    moves_text = re.sub(r"\{[^}]*\}", " ", moves_text)
    tokens: list[tuple[str, str]] = []
    move_number, since_number = "", 0
    for token in moves_text.split():
        if token in RESULTS:
            continue
        match = re.match(r"^([0-9]+)(\.+)(.*)$", token)  # "1.", "1...", or "1.c2(R)"
        if match:
            # "1..." says the next move is the second of move 1
            move_number, since_number = match.group(1), int(len(match.group(2)) >= 3)
            if not match.group(3):
                continue
            token = match.group(3)
        label = "" if not move_number else f"{move_number}." if since_number == 0 else f"{move_number}..."
        tokens.append((label, token))
        since_number += 1
    return tags, tokens
