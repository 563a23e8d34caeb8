"""Game records: export a Game as text and replay text into an identical Game.

The format is PGN-like::

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
``Termination`` and ``Assisted`` (an undo or a hint was used). Comments are
``{...}`` or ``;`` to the end of the line.

A record holds what every flip revealed and never a seed or a layout: it
replays the game exactly, and tells nothing about the pieces still face-down.
"""

from __future__ import annotations

import re

from .errors import HdchessError, RecordError
from .game import Game
from .gamestate import TERMINATIONS, Termination
from .inputs import excerpt, shown
from .messages import Message, reason_of
from .variants import load_ruleset

_TAG = re.compile(r'^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_MOVE_NUMBER = re.compile(r"^[0-9]+\.+$")
_SKIP_TAGS = {"Result", "Score", "Material", "Termination", "Red", "Black", "Variant", "Seed", "FEN", "Assisted",
              "Deal"}
MAX_RECORD = 1_000_000  # characters: a record of the longest game is a few tens of thousands


def _escape(value: str) -> str:
    text = re.sub(r"[\x00-\x1f\x7f]", " ", str(value))  # a tag is one line of plain text
    return text.replace("\\", "\\\\").replace('"', '\\"')


def write_record(game: Game) -> str:
    tags: dict[str, str] = {"Event": "hdchess game", **game.tags}
    tags["Variant"] = game.ruleset.variant
    for option in game.ruleset.spec.options:
        tags[option.engine_name] = str(game.ruleset[option.name])
    if game.known_deal:
        tags["Deal"] = "known"
    for player in (1, 2):
        color = game.player_color(player)
        name = game.tags.get(f"Player{player}")
        if color is not None and name:
            tags["Red" if color == 0 else "Black"] = name
    if game.start_position:
        tags["FEN"] = game.start_position
    outcome = game.outcome
    tags["Result"] = outcome.result() if outcome else "*"
    if outcome:
        tags["Score" if outcome.by_score else "Material"] = f"red {outcome.scores[0]}, black {outcome.scores[1]}"
        tags["Termination"] = outcome.termination.value
    if game.assisted:
        tags["Assisted"] = "yes"
    lines = [f'[{k} "{_escape(v)}"]' for k, v in tags.items()]
    words = []
    number, previous = game.start_ply // 2 + 1, None
    for move in game.moves:
        player = move.player
        if player != previous:  # a new turn: player 1's turns are numbered
            if previous is None:
                words.append(f"{number}." if player == 1 else f"{number}...")
            elif player == 1:
                number += 1
                words.append(f"{number}.")
        previous = player
        words.append(move.text)
    words.append(tags["Result"])
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
    tokens = []
    for token in moves_text.split():
        if _MOVE_NUMBER.match(token) or token in _RESULTS:
            continue
        match = re.match(r"^[0-9]+\.+(.+)$", token)  # "1.c2(R)"
        tokens.append(match.group(1) if match else token)
    return tags, tokens


def read_record(text: str, seed: int | None = None) -> Game:
    """Replay a record into a Game. ``seed`` (kept apart from the record, by
    whoever started a known deal) continues that deal for the flips to come;
    without it, what is still face-down is drawn fairly."""
    tags, tokens = parse_record(text)
    variant = tags.get("Variant", "hdc2")
    try:
        spec_options = load_ruleset(variant).spec.options
        rule_options = {o.engine_name: tags[o.engine_name] for o in spec_options if o.engine_name in tags}
        ruleset = load_ruleset(variant, **rule_options)
    except HdchessError as exc:
        raise RecordError(f"record tags: {exc}") from None
    try:
        game = Game(ruleset, seed=seed, position=tags.get("FEN"))
    except HdchessError as exc:
        raise RecordError(f"the FEN tag: {exc}") from None
    game.tags = {k: v for k, v in tags.items() if k not in _SKIP_TAGS and k not in rule_options}
    game.known_deal = game.known_deal or tags.get("Deal", "").strip().lower() == "known"
    for number, token in enumerate(tokens, 1):
        try:
            game.replay(token)
        except HdchessError as exc:
            label = shown(token)
            reason = reason_of(exc, label)  # most move errors already start with the move
            raise RecordError(Message("record.move", number=number, move=label, reason=reason)) from None
    game.assisted = tags.get("Assisted", "").strip().lower() in ("yes", "true", "1")
    result = tags.get("Result", "*")
    if result not in _RESULTS:
        raise RecordError(Message("record.bad_result", results=list(_RESULTS), text=excerpt(result)))
    termination = TERMINATIONS.get(tags.get("Termination", "").strip())
    forfeits = (Termination.RESIGNATION, Termination.TIME_FORFEIT)
    if termination in forfeits and not game.is_over() and result in ("1-0", "0-1"):
        game.resign(1 if result == "1-0" else 0, termination)
    replayed = game.outcome.result() if game.outcome else "*"
    if result != "*" and result != replayed:
        raise RecordError(Message("record.result_mismatch", claimed=result, actual=replayed))
    return game
