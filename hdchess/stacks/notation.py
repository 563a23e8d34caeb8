"""Position lines and action text of the stacking game (see web/docs/notation.md, "Cheight's stacks").

A position line is ``<board> <side> <quiet> <ply>``; a reader also accepts the
first two fields alone. The board lists the ranks from the top down, each
file from ``a``: a digit is a run of empty squares, a letter a one-piece
stack, ``[...]`` a stack of two or more pieces from the bottom up (``[pRA]``:
a red Advisor on top). Actions: ``a2-a3``, ``a1xa5`` (a capture), ``b2-c3+1``
(an Advisor carrying one piece), ``a8=c1^0`` (a promotion swap with the
piece at height 0 of c1).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ..core import (
    COLOR_LETTERS,
    COLOR_NAMES,
    GENERAL,
    KIND_NAMES,
    RED,
    make_piece,
    piece_from_letter,
    piece_letter,
    piece_name,
)
from ..errors import HdchessError, IllegalMoveError, InvalidMoveError, PositionError, RulesetError
from ..geometry import Geometry
from ..inputs import excerpt, shown, whole_number
from ..messages import Message
from ..vocabulary import Action
from .position import MAX_STACK, Position

if TYPE_CHECKING:
    from ..rules import Ruleset

P = TypeVar("P", bound=Position)
EXAMPLES = "a2-a3 moves, a1xa5 captures, b2-c3+1 carries one piece, a8=c1^0 swaps"


# -- positions ---------------------------------------------------------------------

def stack_text(stack: Sequence[int]) -> str:
    letters = "".join(piece_letter(piece) for piece in stack)
    return letters if len(stack) == 1 else f"[{letters}]"


def board_text(stacks: Sequence[Sequence[int]], geometry: Geometry) -> str:
    return geometry.board_text([stack_text(stack) if stack else None for stack in stacks])


def position_text(state: Position) -> str:
    return f"{board_text(state.stacks, state.geometry)} {COLOR_LETTERS[state.turn]} {state.quiet} {state.ply}"


def _piece(letter: str, rank: int) -> int:
    try:
        return piece_from_letter(letter)
    except ValueError:
        raise PositionError(f"rank {rank}: {excerpt(letter)} is not a piece letter, a digit or [") from None


def _parse_rank(text: str, rank: int, files: int) -> list[list[int]]:
    """The stacks of one rank, file a first."""
    if len(text) > files * (MAX_STACK + 2):  # never a rank: each square is at most a full stack in brackets
        raise PositionError(f"rank {rank} is {len(text):,} characters long; a rank has {files} squares")
    row: list[list[int]] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "[":
            close = text.find("]", i + 1)
            inner = text[i + 1:close] if close >= 0 else text[i + 1:]
            if "[" in inner or close < 0:
                raise PositionError(f"rank {rank}: the stack {excerpt(text[i:])} has no closing ]")
            if not inner:
                raise PositionError(f"rank {rank}: [] is an empty stack (an empty square is written as a digit)")
            row.append([_piece(letter, rank) for letter in inner])
            i = close + 1
            continue
        if ch == "]":
            raise PositionError(f"rank {rank}: a ] closes no stack")
        if ch in "0123456789":
            if not 1 <= int(ch) <= files:
                raise PositionError(f"rank {rank}: {ch} is not a run of 1-{files} empty squares")
            row.extend([] for _ in range(int(ch)))
        else:
            row.append([_piece(ch, rank)])
        i += 1
    if len(row) != files:
        raise PositionError(f"rank {rank} covers {len(row)} files; a rank covers exactly {files} "
                            f"(files a-{'abcdefghijklmnopqrstuvwxyz'[files - 1]})")
    return row


def parse_board(text: str, geometry: Geometry) -> list[list[int]]:
    """The stacks of every square (bottom to top) from the board field; the board's size must match."""
    ranks = text.split("/")
    if len(ranks) != geometry.ranks:
        raise PositionError(f"the board has {len(ranks)} ranks separated by '/', expected {geometry.ranks}")
    stacks: list[list[int]] = []
    for i, rank_text in enumerate(reversed(ranks)):
        stacks += _parse_rank(rank_text, i + 1, geometry.files)
    return stacks


def _check_board(ruleset: Ruleset, text: str) -> list[list[int]]:
    """The board field read and checked against the ruleset's board and piece set."""
    ranks = text.count("/") + 1
    if ranks != ruleset.geometry.ranks:
        sizes = ", ".join(f"{name} {line.count('/') + 1}" for name, line in ruleset["layouts"].items())
        raise PositionError(f"the board has {ranks} ranks separated by '/', but layout {ruleset['layout']} "
                            f"is played on {ruleset.geometry.ranks} (ranks by layout: {sizes})")
    stacks = parse_board(text, ruleset.geometry)
    counts = Counter(piece for stack in stacks for piece in stack)
    total, allowed_total = sum(counts.values()), sum(ruleset.initial_pool)
    if total > allowed_total:
        raise PositionError(f"{total} pieces on the board; {ruleset.variant} has {allowed_total} "
                            f"({allowed_total // 2} a side)")
    for piece in sorted(counts):
        allowed = ruleset.initial_pool[piece]
        if not allowed:
            raise PositionError(f"{piece_letter(piece)!r}: {ruleset.variant} has no {KIND_NAMES[piece & 7]} "
                                "among its pieces")
        if counts[piece] > allowed:
            raise PositionError(f"{counts[piece]} {piece_name(piece)}s on the board; {ruleset.variant} has {allowed}")
    for color in (0, 1):
        if not counts[make_piece(color, GENERAL)]:
            raise PositionError(f"the board has no {COLOR_NAMES[color]} General; each side has one")
    return stacks


def start_stacks(ruleset: Ruleset) -> list[list[int]]:
    """The stacks of the chosen start layout (checked when the ruleset was made)."""
    return parse_board(ruleset["layouts"][ruleset["layout"]], ruleset.geometry)


def layout_board(settings: Mapping[str, Any]) -> Geometry:
    """The board a stacking game's chosen start layout (``settings["layouts"][settings["layout"]]``,
    a board field) is played on: as many ranks as it has, as many files as its top rank covers."""
    layout = settings["layout"]
    top = settings["layouts"][layout].split("/")
    files = sum(int(ch) if ch.isdigit() else 1 for ch in re.sub(r"\[[^]]*\]", "s", top[0]))
    try:
        return Geometry.of(files, len(top))
    except ValueError as exc:
        raise RulesetError(f"layout {layout!r}: {exc}") from None


@functools.cache
def _layout_pieces(text: str, geometry: Geometry) -> tuple[int, ...]:
    """How many of each piece (by code 0..15) a board field holds (read once: every ruleset checks it)."""
    counts = Counter(piece for stack in parse_board(text, geometry) for piece in stack)
    return tuple(counts[piece] for piece in range(16))


def check_layout(ruleset: Ruleset) -> None:
    """Refuse (RulesetError) a start layout that does not fit the ruleset's board, or
    whose pieces are not exactly the variant's set."""
    layout = ruleset["layout"]
    geometry = ruleset.geometry
    try:
        counts = _layout_pieces(ruleset["layouts"][layout], geometry)
    except PositionError as exc:
        raise RulesetError(f"{ruleset.variant}: layout {layout!r} does not fit its {geometry.files}x{geometry.ranks} "
                           f"board: {exc}") from None
    for piece, wanted in enumerate(ruleset.initial_pool):
        if counts[piece] != wanted:
            raise RulesetError(f"{ruleset.variant}: layout {layout!r} has {counts[piece]} {piece_name(piece)}s, "
                               f"but its counts say {wanted}")


def parse_position(cls: type[P], ruleset: Ruleset, text: str) -> P:
    """Read a position line into a ``cls`` (the family's State), checking that it fits the rules."""
    if not isinstance(text, str):
        raise PositionError("a position must be a line of text")
    if text.strip() == "startpos":
        return cls.from_parts(ruleset, start_stacks(ruleset), RED)
    fields = text.split()
    if len(fields) not in (2, 4):
        raise PositionError(f"a position has 4 fields (board side quiet ply), or the first 2 alone, "
                            f"not {len(fields)}: {excerpt(text.strip())}")
    stacks = _check_board(ruleset, fields[0])
    if fields[1] not in COLOR_LETTERS:
        raise PositionError(f"the side to move must be r or b, not {excerpt(fields[1])}")
    quiet = ply = 0
    if len(fields) == 4:
        quiet = whole_number(fields[2], "the quiet count", error=PositionError)
        ply = whole_number(fields[3], "the ply count", error=PositionError)
        if quiet > ply:
            raise PositionError(f"the quiet count {quiet} exceeds the ply count {ply}")
    generals_covered = sum(1 for stack in stacks for piece in stack[:-1] if piece & 7 == GENERAL)
    if generals_covered > 1:
        raise PositionError("both Generals are covered, but the game ends as soon as one is")
    return cls.from_parts(ruleset, stacks, COLOR_LETTERS.index(fields[1]), quiet, ply)


# -- actions ---------------------------------------------------------------------------

def _square(state: Position, label: str, text: str) -> int:
    try:
        return state.geometry.parse_square(text)
    except HdchessError as exc:
        reason = exc.args[0] if exc.args else str(exc)
        raise InvalidMoveError(Message("move.refused", move=shown(label), reason=reason)) from None


def _count(label: str, text: str, name: str) -> int:
    try:
        return whole_number(text, name, 0, MAX_STACK - 1, InvalidMoveError)
    except InvalidMoveError as exc:
        reason = exc.args[0] if exc.args else str(exc)
        raise InvalidMoveError(Message("move.refused", move=shown(label), reason=reason)) from None


def parse_action(state: Position, text: str) -> tuple[Action, None]:
    """(action, None) from ``a2-a3``, ``a1xa5``, ``b2-c3+1`` or ``a8=c1^0``.

    Whether the action is legal is the caller's to check; ``x`` is checked
    against the board when the action is legal (it must cover an enemy).
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"an action must be text ({EXAMPLES})")
    label = text.strip()
    if not label:
        raise InvalidMoveError(Message("stack.empty_action"))
    movement = state._movement
    if "=" in label:
        soldier_text, _, rest = label.partition("=")
        square_text, caret, height_text = rest.partition("^")
        if not caret:
            raise InvalidMoveError(Message("move.refused", move=shown(label), reason=Message("swap.needs_height")))
        soldier, sq = _square(state, label, soldier_text), _square(state, label, square_text)
        return movement.swap(soldier, sq, _count(label, height_text, "the height")), None
    body, plus, carry_text = label.partition("+")
    at = body.find("-")
    if at < 0:
        at = body.find("x", 1)
    if at < 0:
        raise InvalidMoveError(Message("stack.not_an_action", text=shown(label)))
    frm, to = _square(state, label, body[:at]), _square(state, label, body[at + 1:])
    if frm == to:
        raise InvalidMoveError(Message("move.refused", move=shown(label), reason=Message("move.same_square")))
    carry = _count(label, carry_text, "the number of pieces carried") if plus else 0
    action = movement.move(frm, to, carry)
    if body[at] == "x" and not state.is_capture(action) and action in state.legal_actions():
        raise IllegalMoveError(Message("move.refused", move=shown(label),
                                       reason=Message("stack.nothing_to_capture", sq=state.geometry.square_names[to])))
    return action, None
