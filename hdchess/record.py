"""Game records: export a Game as text and replay text into an identical Game.

The format is PGN-like::

    [Variant "hdc2"]
    [Scoring "official"]
    ...
    [Seed "1234"]
    [Player1 "You"]
    [Player2 "hdchess Club"]
    [Result "1-0"]

    1. c2(R) d3(p) 2. b2-b3 d3xc3 {a comment} ...  1-0

Tags: ``Variant``, one tag per rule option (engine names), ``Seed``,
``Player1``/``Player2`` (who opened / who replied), ``Red``/``Black`` once
known, ``Date``, ``Event``, ``FEN`` for a game that did not start from the
opening, ``Result`` (``1-0`` red won, ``0-1`` black won, ``1/2-1/2``, ``*``
unfinished), ``Score``, ``Termination`` and ``Assisted`` (an undo was used).
Comments are ``{...}`` or ``;`` to the end of the line.
"""

from __future__ import annotations

import re

from .errors import HdchessError, RecordError
from .game import Game
from .rules import load_ruleset

_TAG = re.compile(r'^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_MOVE_NUMBER = re.compile(r"^\d+\.+$")
_SKIP_TAGS = {"Result", "Score", "Termination", "Red", "Black"}


def _escape(value: str) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def write_record(game: Game) -> str:
    tags: dict[str, str] = {"Event": "hdchess game", **game.tags}
    tags["Variant"] = game.ruleset.variant
    for option in game.ruleset.spec.options:
        tags[option.engine_name] = str(game.ruleset[option.name])
    tags["Seed"] = str(game.seed)
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
        tags["Score"] = f"red {outcome.scores[0]}, black {outcome.scores[1]}"
        tags["Termination"] = outcome.termination.value
    if game.assisted:
        tags["Assisted"] = "yes"
    lines = [f'[{k} "{_escape(v)}"]' for k, v in tags.items()]
    words = []
    start_ply = game.state.ply - len(game.moves)
    for i, move in enumerate(game.moves):
        ply = start_ply + i
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        elif i == 0:
            words.append(f"{ply // 2 + 1}...")
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
    tags: dict[str, str] = {}
    body = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("["):
            match = _TAG.match(line)
            if not match:
                raise RecordError(f"line {number}: a tag must look like [Name \"value\"], not {line.strip()!r}")
            tags[match.group(1)] = re.sub(r"\\(.)", r"\1", match.group(2))
        else:
            body.append(line.split(";", 1)[0])
    moves_text = " ".join(body)
    if moves_text.count("{") != moves_text.count("}"):
        raise RecordError("a comment { ... } is not closed")
    moves_text = re.sub(r"\{[^}]*\}", " ", moves_text)
    tokens = []
    for token in moves_text.split():
        if _MOVE_NUMBER.match(token) or token in _RESULTS:
            continue
        match = re.match(r"^\d+\.+(.+)$", token)  # "1.c2(R)"
        tokens.append(match.group(1) if match else token)
    return tags, tokens


def read_record(text: str) -> Game:
    """Replay a record into a Game (the same layout when the record has its seed)."""
    tags, tokens = parse_record(text)
    options = {k: v for k, v in tags.items()}
    variant = options.pop("Variant", "hdc2")
    try:
        ruleset = load_ruleset(variant)
        rule_options = {o.engine_name: options[o.engine_name]
                        for o in ruleset.spec.options if o.engine_name in options}
        ruleset = load_ruleset(variant, **rule_options)
    except HdchessError as exc:
        raise RecordError(f"record tags: {exc}") from None
    seed = tags.get("Seed")
    if seed is not None and not seed.strip().isdigit():
        raise RecordError(f"the Seed tag must be a whole number, not {seed!r}")
    try:
        game = Game(ruleset, seed=int(seed) if seed else None, position=tags.get("FEN"))
    except HdchessError as exc:
        raise RecordError(f"the FEN tag: {exc}") from None
    game.tags = {k: v for k, v in tags.items()
                 if k not in _SKIP_TAGS and k not in rule_options and k not in ("Variant", "Seed", "FEN",
                                                                                  "Assisted")}
    for number, token in enumerate(tokens, 1):
        try:
            game.play(token)
        except HdchessError as exc:
            reason = str(exc).removeprefix(f"{token}: ")  # most move errors already start with the move
            raise RecordError(f"move {number} ({token}): {reason}") from None
    game.assisted = tags.get("Assisted", "").lower() in ("yes", "true", "1")
    result = tags.get("Result", "*")
    if result not in _RESULTS:
        raise RecordError(f"the Result tag must be one of {', '.join(_RESULTS)}, not {result!r}")
    replayed = game.outcome.result() if game.outcome else "*"
    if result != "*" and result != replayed:
        raise RecordError(f"the record says {result} but its moves give {replayed}")
    return game
