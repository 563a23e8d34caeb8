"""Position and move notation (RULES.md section 2).

A position line has five fields, ``<board> <side> <pool> <quiet> <ply>``, and
hdchess may add two for the repetition-penalty rule:
``<penalties> <last moves>``: the penalised moves of red and black (``0/1``)
and each side's last move (``c2-c3/-``). A reader accepts five fields.
Games with the chase rule (gaiqi) add an eighth after those two, the chase
counts of red and black: ``c3:2/-`` (red's piece on c3 has checked the enemy
General on each of red's last 2 turns; black is not chasing).

Moves: ``c2`` flips, ``c2-c5`` moves, ``c2xc5`` captures, and in records a
flip shows what it revealed: ``c2(R)``, as does a blind capture (gaiqi): ``c2xc5(r)``.
"""

from __future__ import annotations

from collections import Counter

from .core import (
    COLOR_LETTERS,
    EMPTY,
    HIDDEN,
    KIND_NAMES,
    NUM_FILES,
    NUM_RANKS,
    SQUARE_NAMES,
    parse_square,
    piece_from_letter,
    piece_letter,
    piece_name,
)
from .errors import InvalidMoveError, PositionError
from .rules import Ruleset, load_ruleset
from .state import NO_CHASE, NO_SIDE, Action, State

START_BOARD = "/".join(["x" * NUM_FILES] * NUM_RANKS)


def board_text(mailbox: list[int]) -> str:
    ranks = []
    for rank in range(NUM_RANKS - 1, -1, -1):
        text, run = "", 0
        for sq in range(rank * NUM_FILES, rank * NUM_FILES + NUM_FILES):
            content = mailbox[sq]
            if content == EMPTY:
                run += 1
                continue
            if run:
                text, run = text + str(run), 0
            text += "x" if content == HIDDEN else piece_letter(content)
        ranks.append(text + (str(run) if run else ""))
    return "/".join(ranks)


def pool_text(pool: list[int]) -> str:
    letters = "".join(piece_letter(p) * n for p, n in enumerate(pool))
    return "".join(sorted(letters)) or "-"


def position_text(state: State, extended: bool | None = None) -> str:
    """The position line of ``state``; the two extra fields only when they matter."""
    side = "-" if state.side == NO_SIDE else COLOR_LETTERS[state.side]
    fields = [board_text(state.mailbox), side, pool_text(state.pool), str(state.quiet), str(state.ply)]
    chasing = state.chase != NO_CHASE
    if extended is None:
        extended = any(state.penalties) or any(m >= 0 for m in state.last_moves) or chasing
    if extended:
        fields.append(f"{state.penalties[0]}/{state.penalties[1]}")
        fields.append("/".join("-" if m < 0 else move_text(m) for m in state.last_moves))
        if state.spec.chase_rule:
            fields.append("/".join(f"{SQUARE_NAMES[sq]}:{n}" if n else "-" for n, sq in state.chase))
    return " ".join(fields)


def _parse_board(text: str) -> list[int]:
    ranks = text.split("/")
    if len(ranks) != NUM_RANKS:
        raise PositionError(f"the board has {len(ranks)} ranks separated by '/', expected {NUM_RANKS}")
    mailbox = [EMPTY] * (NUM_RANKS * NUM_FILES)
    for i, rank_text in enumerate(ranks):
        rank = NUM_RANKS - 1 - i
        row: list[int] = []
        for ch in rank_text:
            if ch.isdigit():
                if not 1 <= int(ch) <= NUM_FILES:
                    raise PositionError(f"rank {rank + 1}: {ch} is not a run of 1-8 empty squares")
                row.extend([EMPTY] * int(ch))
            elif ch == "x":
                row.append(HIDDEN)
            else:
                try:
                    row.append(piece_from_letter(ch))
                except ValueError:
                    raise PositionError(f"rank {rank + 1}: {ch!r} is not a piece letter, x or a digit") from None
        if len(row) != NUM_FILES:
            raise PositionError(f"rank {rank + 1} has {len(row)} files, expected {NUM_FILES}")
        mailbox[rank * NUM_FILES:(rank + 1) * NUM_FILES] = row
    return mailbox


def _parse_count(name: str, text: str) -> int:
    if not text.isdigit():
        raise PositionError(f"{name} must be a whole number, not {text!r}")
    return int(text)


def parse_position(text: str, ruleset: Ruleset | None = None) -> State:
    """Read a position line into a State, checking that it could occur."""
    ruleset = ruleset or load_ruleset()
    if not isinstance(text, str):
        raise PositionError("a position must be a line of text")
    fields = text.split()
    if text.strip() == "startpos":
        return State(ruleset)
    if len(fields) not in ((5, 7, 8) if ruleset.spec.chase_rule else (5, 7)):
        raise PositionError(
            f"a position has 5 fields (board side pool quiet ply), not {len(fields)}: {text.strip()!r}"
        )
    mailbox = _parse_board(fields[0])
    if fields[1] not in ("r", "b", "-"):
        raise PositionError(f"the side to move must be r, b or -, not {fields[1]!r}")
    side = NO_SIDE if fields[1] == "-" else COLOR_LETTERS.index(fields[1])
    pool = [0] * 16
    if fields[2] != "-":
        for ch in fields[2]:
            try:
                pool[piece_from_letter(ch)] += 1
            except ValueError:
                raise PositionError(f"pool: {ch!r} is not a piece letter") from None
    quiet = _parse_count("the quiet count", fields[3])
    ply = _parse_count("the ply count", fields[4])
    hidden = mailbox.count(HIDDEN)
    if sum(pool) != hidden:
        raise PositionError(f"the pool has {sum(pool)} pieces but the board has {hidden} face-down squares")
    on_board = Counter(c for c in mailbox if c < HIDDEN)
    for piece in range(16):
        total = on_board[piece] + pool[piece]
        allowed = ruleset.initial_pool[piece]
        if total and not allowed:
            raise PositionError(
                f"{piece_letter(piece)!r}: {ruleset.variant} has no {KIND_NAMES[piece & 7]} among its pieces"
            )
        if total > allowed:
            raise PositionError(
                f"{total} {piece_name(piece)}s on the board and in the pool; {ruleset.variant} has {allowed}"
            )
    if side == NO_SIDE and on_board:
        raise PositionError("side '-' means no piece has been flipped, but the board has face-up pieces")
    if quiet > ply:
        raise PositionError(f"the quiet count {quiet} exceeds the ply count {ply}")
    penalties, last_moves, chase = (0, 0), (-1, -1), NO_CHASE
    if len(fields) >= 7:
        penalties = _parse_pair(fields[5], "penalties", lambda t: _parse_count("a penalty count", t))
        last_moves = _parse_pair(fields[6], "last moves", lambda t: -1 if t == "-" else _parse_plain_move(t))
    if len(fields) == 8:
        chase = _parse_pair(fields[7], "chase counts", _parse_chase)
        for color, (count, sq) in enumerate(chase):
            if count and (mailbox[sq] >= HIDDEN or mailbox[sq] >> 3 != color):
                raise PositionError(
                    f"chase counts: {SQUARE_NAMES[sq]} holds no face-up {('red', 'black')[color]} piece"
                )
    return State.from_parts(ruleset, mailbox, pool, side, quiet, ply, penalties, last_moves, chase)


def _parse_chase(text: str) -> tuple[int, int]:
    """``-`` or ``c3:2`` (the chasing piece's square and its consecutive checks, 1-3)."""
    if text == "-":
        return 0, -1
    square_text, sep, count_text = text.partition(":")
    if not sep or not count_text.isdigit() or not 1 <= int(count_text) <= 3:
        raise PositionError(f"a chase count is - or a square and 1-3 checks such as c3:2, not {text!r}")
    try:
        return int(count_text), parse_square(square_text)
    except ValueError:
        raise PositionError(f"chase counts: {square_text!r} is not a square") from None


def _parse_pair(text, name, parse_one):
    parts = text.split("/")
    if len(parts) != 2:
        raise PositionError(f"{name} must be two values red/black, not {text!r}")
    try:
        return parse_one(parts[0]), parse_one(parts[1])
    except InvalidMoveError as exc:
        raise PositionError(f"{name}: {exc}") from None


# -- moves ---------------------------------------------------------------------

def move_text(action: Action, state: State | None = None, revealed: int | None = None) -> str:
    """``c2`` / ``c2-c5`` / ``c2xc5``; with ``state`` a capture is written with x,
    with ``revealed`` a flip or blind capture shows its piece: ``c2(R)``, ``c2xc5(r)``."""
    frm, to = action >> 5, action & 31
    if frm == to:
        text = SQUARE_NAMES[to]
        return text if revealed is None else f"{text}({piece_letter(revealed)})"
    sep = "x" if state is not None and state.mailbox[to] != EMPTY else "-"
    text = f"{SQUARE_NAMES[frm]}{sep}{SQUARE_NAMES[to]}"
    return text if revealed is None else f"{text}({piece_letter(revealed)})"


def _parse_plain_move(text: str) -> Action:
    try:
        if "-" in text or "x" in text[1:]:
            sep = "-" if "-" in text else "x"
            frm_text, _, to_text = text.partition(sep)
            if not frm_text.strip() or not to_text.strip():
                raise InvalidMoveError(f"{text}: a move needs two squares, such as c2-c3 or c2xc3")
            frm, to = parse_square(frm_text), parse_square(to_text)
            if frm == to:
                raise InvalidMoveError(f"{text}: a move must go to another square")
            return frm << 5 | to
        return parse_square(text) * 33
    except InvalidMoveError:
        raise
    except ValueError as exc:
        if not text.strip():
            raise InvalidMoveError("an empty string is not a move (c2 flips, c2-c3 moves, c2xc3 captures)") from None
        raise InvalidMoveError(str(exc)) from None


def parse_move_text(text: str) -> tuple[Action, int | None, str]:
    """Parse move text without a position: (action, revealed piece or None, separator).

    Accepts ``c2``, ``c2(R)``, ``c2-c5``, ``c2xc5``. Raises InvalidMoveError.
    """
    if not isinstance(text, str):
        raise InvalidMoveError("a move must be text such as c2, c2-c5 or c2xc5")
    text = text.strip()
    revealed = None
    if text.endswith(")") and "(" in text:
        text, _, letter = text[:-1].partition("(")
        try:
            revealed = piece_from_letter(letter)
        except ValueError:
            raise InvalidMoveError(f"{text}({letter}): {letter!r} is not a piece letter") from None
    action = _parse_plain_move(text)
    sep = "x" if "x" in text[1:] else "-"
    return action, revealed, sep
