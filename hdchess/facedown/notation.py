"""Position lines and action text of the face-down games.

A position line has five fields, ``<board> <side> <pool> <quiet> <ply>``, and
hdchess may add two for the repetition-penalty rule:
``<penalties> <last moves>``: the penalised moves of red and black (``0/1``)
and each side's last move (``c2-c3/-``). A reader accepts five fields.
Games with the chase rule (gaiqi) add an eighth after those two, the chase
counts of red and black: ``c3:2/-`` (red's piece on c3 has checked the enemy
General on each of red's last 2 turns; black is not chasing).

Actions: ``c2`` flips, ``c2-c5`` moves, ``c2xc5`` captures, and in records a
flip shows what it revealed: ``c2(R)``, as does a blind capture (gaiqi): ``c2xc5(r)``.
A chain of captures (banqi's ``chain_captures``) names each landing square in
turn, ``c2xc3xd3``, here and in the last-moves field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from ..core import (
    COLOR_LETTERS,
    COLOR_NAMES,
    GENERAL,
    KIND_NAMES,
    make_piece,
    piece_from_letter,
    piece_letter,
    piece_name,
)
from ..errors import IllegalMoveError, InvalidMoveError, PositionError
from ..inputs import excerpt, shown, whole_number
from ..messages import Message
from ..vocabulary import NO_SIDE, Action
from .position import CHASE_LIMIT, EMPTY, HIDDEN, NO_CHASE, Position

if TYPE_CHECKING:
    from ..geometry import Geometry
    from ..rules import Ruleset

P = TypeVar("P", bound=Position)
T = TypeVar("T")


def board_text(mailbox: list[int], geometry: Geometry) -> str:
    return geometry.board_text([None if c == EMPTY else "x" if c == HIDDEN else piece_letter(c) for c in mailbox])


def pool_text(pool: list[int]) -> str:
    letters = "".join(piece_letter(p) * n for p, n in enumerate(pool))
    return "".join(sorted(letters)) or "-"


def position_text(state: Position, extended: bool | None = None) -> str:
    """The position line of ``state``; the extra fields only when they matter (or asked for)."""
    side = "-" if state.side == NO_SIDE else COLOR_LETTERS[state.side]
    fields = [board_text(state.mailbox, state.geometry), side, pool_text(state.pool), str(state.quiet), str(state.ply)]
    chasing = state.chase != NO_CHASE
    if extended is None:
        extended = any(state.penalties) or any(m >= 0 for m in state.last_moves) or chasing
    if extended:
        fields.append(f"{state.penalties[0]}/{state.penalties[1]}")
        names = state.geometry.square_names
        fields.append("/".join("-" if m < 0 else _last_move_text(state, m) for m in state.last_moves))
        if state.ruleset.switch("chase_rule"):
            fields.append("/".join(f"{names[sq]}:{n}" if n else "-" for n, sq in state.chase))
    return " ".join(fields)


def _last_move_text(state: Position, action: Action) -> str:
    """A remembered move as the last-moves field writes it: ``c2-c3``, a chain ``c2xc3xd3``."""
    names = state.geometry.square_names
    if state.is_chain(action):
        frm, landings = state.chain_squares(action)
        return "x".join(names[sq] for sq in [frm, *landings])
    return "-".join(names[s] for s in state.move_squares(action))


def _parse_board(text: str, geometry: Geometry) -> list[int]:
    files, rank_count = geometry.files, geometry.ranks
    ranks = text.split("/")
    if len(ranks) != rank_count:
        raise PositionError(f"the board has {len(ranks)} ranks separated by '/', expected {rank_count}")
    mailbox = [EMPTY] * geometry.num_squares
    for i, rank_text in enumerate(ranks):
        rank = rank_count - 1 - i
        if len(rank_text) > 2 * files:  # never a rank: a digit or a letter per square at most
            raise PositionError(f"rank {rank + 1} is {len(rank_text)} characters long; a rank has {files} files")
        row: list[int] = []
        for ch in rank_text:
            if "0" <= ch <= "9":
                if not 1 <= int(ch) <= files:
                    raise PositionError(f"rank {rank + 1}: {ch} is not a run of 1-{files} empty squares")
                row.extend([EMPTY] * int(ch))
            elif ch == "x":
                row.append(HIDDEN)
            else:
                try:
                    row.append(piece_from_letter(ch))
                except ValueError:
                    raise PositionError(f"rank {rank + 1}: {excerpt(ch)} is not a piece letter, x or a digit") from None
        if len(row) != files:
            raise PositionError(f"rank {rank + 1} has {len(row)} files, expected {files}")
        mailbox[rank * files:(rank + 1) * files] = row
    return mailbox


def _count(name: str, text: str) -> int:
    return whole_number(text, name, error=PositionError)


def parse_position(cls: type[P], ruleset: Ruleset, text: str) -> P:
    """Read a position line into a ``cls`` (the family's state class), checking that it could occur."""
    if not isinstance(text, str):
        raise PositionError("a position must be a line of text")
    if text.strip() == "startpos":
        return cls(ruleset)
    fields = text.split()
    allowed = (5, 7, 8) if ruleset.switch("chase_rule") else (5, 7)
    if len(fields) not in allowed:
        raise PositionError(f"a position has 5 fields (board side pool quiet ply), not {len(fields)}: "
                            f"{excerpt(text.strip())}")
    geometry = ruleset.geometry
    mailbox = _parse_board(fields[0], geometry)
    if fields[1] not in ("r", "b", "-"):
        raise PositionError(f"the side to move must be r, b or -, not {excerpt(fields[1])}")
    side = NO_SIDE if fields[1] == "-" else COLOR_LETTERS.index(fields[1])
    pool = [0] * 16
    if fields[2] != "-":
        for ch in fields[2]:
            try:
                pool[piece_from_letter(ch)] += 1
            except ValueError:
                raise PositionError(f"pool: {excerpt(ch)} is not a piece letter") from None
    quiet = _count("the quiet count", fields[3])
    ply = _count("the ply count", fields[4])
    hidden = mailbox.count(HIDDEN)
    if sum(pool) != hidden:
        raise PositionError(f"the pool has {sum(pool)} pieces but the board has {hidden} face-down squares")
    on_board = Counter(c for c in mailbox if c < HIDDEN)
    for piece in range(16):
        total = on_board[piece] + pool[piece]
        allowed_count = ruleset.initial_pool[piece]
        if total and not allowed_count:
            raise PositionError(
                f"{piece_letter(piece)!r}: {ruleset.variant} has no {KIND_NAMES[piece & 7]} among its pieces"
            )
        if total > allowed_count:
            raise PositionError(
                f"{total} {piece_name(piece)}s on the board and in the pool; {ruleset.variant} has {allowed_count}"
            )
    if side == NO_SIDE:
        if on_board or EMPTY in mailbox:
            raise PositionError("side '-' means no piece has been flipped yet, so every square is face-down")
        if ply or quiet:
            raise PositionError(f"side '-' means no piece has been flipped yet, so the ply count is 0, not {ply}")
    elif ply == 0:
        raise PositionError("a side to move means a piece has been flipped, so the ply count is at least 1")
    if quiet > ply:
        raise PositionError(f"the quiet count {quiet} exceeds the ply count {ply}")
    if ruleset.switch("general_loss"):
        generals = [on_board[make_piece(c, GENERAL)] + pool[make_piece(c, GENERAL)] for c in (0, 1)]
        if not any(generals):
            raise PositionError("both Generals are gone, but the game ends as soon as one leaves the board")
    state = cls.from_parts(ruleset, mailbox, pool, side, quiet, ply)
    penalties, last_moves, chase = (0, 0), (-1, -1), NO_CHASE
    if len(fields) >= 7:
        penalties = _pair(fields[5], "penalties", lambda t: _count("a penalty count", t))
        last_moves = _pair(fields[6], "last moves", lambda t: -1 if t == "-" else _parse_last_move(state, t))
    if len(fields) == 8:
        chase = _pair(fields[7], "chase counts", lambda t: _parse_chase(geometry, t))
        for color, (count, sq) in enumerate(chase):
            if count and (mailbox[sq] >= HIDDEN or mailbox[sq] >> 3 != color):
                raise PositionError(
                    f"chase counts: {geometry.square_names[sq]} holds no face-up {COLOR_NAMES[color]} piece"
                )
    if len(fields) == 5:
        return state
    return cls.from_parts(ruleset, mailbox, pool, side, quiet, ply, penalties, last_moves, chase)


def _parse_last_move(state: Position, text: str) -> Action:
    action = _parse_plain(state, text)
    if state.is_flip(action):
        raise PositionError(f"last moves: {excerpt(text)} is a flip, and only moves are remembered")
    return action


def _parse_chase(geometry: Geometry, text: str) -> tuple[int, int]:
    """``-`` or ``c3:2`` (the chasing piece's square and its consecutive checks, 1-3)."""
    if text == "-":
        return 0, -1
    square_text, sep, count_text = text.partition(":")
    if not sep or count_text not in {str(n) for n in range(1, CHASE_LIMIT + 1)}:
        raise PositionError(f"a chase count is - or a square and 1-{CHASE_LIMIT} checks such as c3:2, "
                            f"not {excerpt(text)}")
    try:
        return int(count_text), geometry.parse_square(square_text)
    except ValueError:
        raise PositionError(f"chase counts: {excerpt(square_text)} is not a square") from None


def _pair(text: str, name: str, parse_one: Callable[[str], T]) -> tuple[T, T]:
    """``red/black``: each half read by ``parse_one``; PositionError names the field."""
    parts = text.split("/")
    if len(parts) != 2:
        raise PositionError(f"{name} must be two values red/black, not {excerpt(text)}")
    try:
        return parse_one(parts[0]), parse_one(parts[1])
    except InvalidMoveError as exc:
        raise PositionError(f"{name}: {exc}") from None


# -- actions ---------------------------------------------------------------------

def _parse_plain(state: Position, text: str) -> Action:
    """``c2`` / ``c2-c3`` / ``c2xc3`` (the separator is not checked against the board here)."""
    parse_square = state.geometry.parse_square
    tables = state._tables
    try:
        if text.count("x", 1) > 1 and "-" not in text:  # a chain of captures: c2xc3xd3
            frm, *landings = (parse_square(part) for part in text.split("x"))
            squares = [frm, *landings]
            if any(a == b for a, b in zip(squares, squares[1:])):
                raise InvalidMoveError(Message("move.refused", move=shown(text), reason=Message("move.same_square")))
            return state.make_chain(frm, landings)
        if "-" in text or "x" in text[1:]:
            sep = "-" if "-" in text else "x"
            frm_text, _, to_text = text.partition(sep)
            if not frm_text.strip() or not to_text.strip():
                raise InvalidMoveError(Message("move.refused", move=shown(text), reason=Message("move.two_squares")))
            frm, to = parse_square(frm_text), parse_square(to_text)
            if frm == to:
                raise InvalidMoveError(Message("move.refused", move=shown(text), reason=Message("move.same_square")))
            return tables.make_move(frm, to)
        return tables.make_flip(parse_square(text))
    except InvalidMoveError:
        raise
    except ValueError as exc:
        if not text.strip():
            raise InvalidMoveError(Message("move.empty")) from None
        raise InvalidMoveError(_square_error(text, exc)) from None


def _square_error(text: str, exc: ValueError) -> str:
    if len(text) > 12 or not text.isprintable():  # the square error quotes its input whole
        return Message("move.not_a_move", text=excerpt(text))
    return exc.args[0] if exc.args else str(exc)


def parse_action(state: Position, text: str) -> tuple[Action, int | None]:
    """(action, revealed piece or None) from ``c2``, ``c2(R)``, ``c2-c5``, ``c2xc5``, ``c2xc5(r)``.

    Checks the text against the board where the board decides it: ``x`` must
    capture something. Legality is the caller's to check.
    """
    if not isinstance(text, str):
        raise InvalidMoveError("a move must be text such as c2, c2-c5 or c2xc5")
    label = text.strip()
    plain, revealed = label, None
    if plain.endswith(")") and "(" in plain:
        plain, _, letter = plain[:-1].partition("(")
        try:
            revealed = piece_from_letter(letter)
        except ValueError:
            raise InvalidMoveError(Message("move.refused", move=shown(label),
                                           reason=Message("piece.not_a_letter", letter=excerpt(letter)))) from None
    action = _parse_plain(state, plain)
    if revealed is not None and state.is_chain(action):
        raise InvalidMoveError(Message("move.refused", move=shown(label), reason=Message("move.reveals_nothing")))
    frm, to = state.move_squares(action)
    if frm != to and not state.is_chain(action) and action in state.legal_actions():
        target = state.mailbox[to]
        if "x" in plain[1:] and target == EMPTY:
            raise IllegalMoveError(Message("move.refused", move=shown(label),
                                           reason=Message("capture.nothing", sq=state.geometry.square_names[to])))
        if revealed is not None and target != HIDDEN:
            raise InvalidMoveError(Message("move.refused", move=shown(label), reason=Message("move.reveals_nothing")))
    return action, revealed
