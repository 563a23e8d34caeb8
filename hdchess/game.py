"""The referee: a game between two players with a hidden layout and a record.

The :class:`Game` deals the face-down pieces with a seeded RNG when it starts
and keeps that layout to itself; everyone else (the players, the AI) sees only
``game.state``, the public position. Every input is validated here, and a
rejected input leaves the game exactly as it was.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field

from .core import COLOR_NAMES, EMPTY, HIDDEN, SQUARE_NAMES, piece_letter, piece_name, squares
from .errors import IllegalMoveError, InvalidMoveError
from .explain import explain_illegal
from .notation import move_text, parse_move_text, parse_position, position_text
from .rules import Ruleset, load_ruleset
from .state import NO_SIDE, Action, Outcome, State


@dataclass(frozen=True)
class PlayedMove:
    """One ply of the record, with what a UI needs to show it."""

    action: Action
    text: str  # record notation: c2(R), c2-c3, c2xc3
    color: int | None  # colour of the mover (None for the opening flip)
    revealed: int | None = None  # piece a flip (or blind capture) revealed
    captured: int | None = None  # piece removed from the board
    penalised: bool = False  # lost repetition-penalty points
    swap: tuple[int, int] | None = field(default=None, repr=False, compare=False)


class Game:
    """A game in progress: the public state, the referee's hidden layout, the record."""

    def __init__(self, ruleset: Ruleset | None = None, seed: int | None = None,
                 position: str | None = None) -> None:
        self.ruleset = ruleset or load_ruleset()
        self.seed = secrets.randbits(32) if seed is None else int(seed)
        self.start_position = position
        self.state: State = parse_position(position, self.ruleset) if position else State(self.ruleset)
        self.moves: list[PlayedMove] = []
        self.tags: dict[str, str] = {}
        self.assisted = False  # an undo happened: the record says so
        self._layout = self._deal()
        self._outcome: Outcome | None = self.state.outcome()

    def _deal(self) -> dict[int, int]:
        """Shuffle the pool onto the face-down squares (the referee's secret)."""
        pieces = [p for p, n in enumerate(self.state.pool) for _ in range(n)]
        random.Random(self.seed).shuffle(pieces)
        return dict(zip(squares(self.state.hidden), pieces, strict=False))

    # -- what players may ask ---------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def is_over(self) -> bool:
        return self._outcome is not None

    def legal_actions(self) -> list[Action]:
        return [] if self._outcome else self.state.legal_actions()

    def player_color(self, player: int) -> int | None:
        """The colour of player 1 (who opened) or 2; None before the first flip."""
        first = self._first_player_color()
        return None if first is None else first ^ (player - 1)

    def _first_player_color(self) -> int | None:
        if self.state.side == NO_SIDE:
            return None
        return self.state.side ^ (self.state.ply & 1)  # player 1 moves at even plies

    # -- input -------------------------------------------------------------------
    def parse(self, text: str) -> tuple[Action, int | None]:
        """Read a move typed by a player or found in a record; check it is legal.

        Returns (action, revealed) where revealed is the piece a record says a
        flip revealed (None when not given). Raises InvalidMoveError or
        IllegalMoveError with a message naming the problem.
        """
        action, revealed, sep = parse_move_text(text)
        label = str(text).strip()
        self._check_legal(action, label)
        state = self.state
        frm, to = action >> 5, action & 31
        if frm != to:
            target = state.mailbox[to]
            if sep == "x" and target == EMPTY:
                raise IllegalMoveError(f"{label}: there is nothing to capture on {SQUARE_NAMES[to]}")
            if revealed is not None and target != HIDDEN:
                raise InvalidMoveError(f"{label}: only a flip or a blind capture reveals a piece")
        if revealed is not None and not state.pool[revealed]:
            raise IllegalMoveError(f"{label}: no {piece_name(revealed)} is left face-down")
        return action, revealed

    def _check_legal(self, action: Action, label: str) -> None:
        if self._outcome is not None:
            raise IllegalMoveError(f"{label}: the game is over ({self._outcome.describe()})")
        if action in self.state.legal_actions():
            return
        frm, to = action >> 5, action & 31
        if frm == to:
            content = self.state.mailbox[to]
            what = "is empty" if content == EMPTY else f"holds a face-up {piece_name(content)}"
            raise IllegalMoveError(f"{label}: only a face-down piece can be flipped; {SQUARE_NAMES[to]} {what}")
        raise IllegalMoveError(f"{label}: {explain_illegal(self.state, frm, to)}")

    def play(self, move: str | Action, revealed: int | None = None) -> PlayedMove:
        """Play a move given as text or as an action; returns the record entry.

        A flip's piece comes from the referee's layout, unless a record says
        what it revealed (then the layout is made to agree).
        """
        if revealed is not None and (not isinstance(revealed, int) or not 0 <= revealed < 16):
            raise InvalidMoveError(f"{revealed!r} is not a piece (0-15)")
        if isinstance(move, str):
            action, text_revealed = self.parse(move)
            revealed = text_revealed if revealed is None else revealed
        elif isinstance(move, int) and not isinstance(move, bool) and 0 <= move < 1024:
            action = move
            self._check_legal(action, move_text(action, self.state))
        else:
            raise InvalidMoveError(f"{move!r} is not a move (text such as c2, c2-c3, c2xc3, or an action 0-1023)")
        state = self.state
        to = action & 31
        swap = None
        chance = state.mailbox[to] == HIDDEN
        if chance:
            dealt = self._layout[to]
            if revealed is not None and revealed != dealt:
                if not state.pool[revealed]:
                    raise IllegalMoveError(f"no {piece_name(revealed)} is left face-down")
                other = next(sq for sq, p in self._layout.items() if p == revealed and sq != to)
                self._layout[to], self._layout[other] = revealed, dealt
                swap = (to, other)
            revealed = self._layout.pop(to)
        else:
            revealed = None
        target = state.mailbox[to]
        captured = revealed if (chance and action >> 5 != to) else (
            target if target not in (EMPTY, HIDDEN) else None)
        entry = PlayedMove(
            action=action,
            text=move_text(action, state, revealed if chance else None),
            color=None if state.side == NO_SIDE else state.side,
            revealed=revealed,
            captured=captured,
            penalised=state.is_penalised(action),
            swap=swap,
        )
        state.push(action, revealed)
        self.moves.append(entry)
        self._outcome = state.outcome()
        return entry

    def undo(self) -> PlayedMove:
        """Take back the last ply; the game is marked as assisted."""
        if not self.moves:
            raise IllegalMoveError("there is no move to undo")
        entry = self.moves.pop()
        self.state.pop()
        to = entry.action & 31
        if entry.revealed is not None:
            self._layout[to] = entry.revealed
            if entry.swap:
                a, b = entry.swap
                self._layout[a], self._layout[b] = self._layout[b], self._layout[a]
        self.assisted = True
        self._outcome = self.state.outcome()
        return entry

    # -- views -------------------------------------------------------------------
    def position(self) -> str:
        return position_text(self.state)

    def scores(self) -> tuple[int, int]:
        return self.state.score(0), self.state.score(1)

    def describe_turn(self) -> str:
        if self._outcome:
            return f"game over: {self._outcome.describe()}"
        if self.state.side == NO_SIDE:
            return "player 1 to open with a flip"
        return f"{COLOR_NAMES[self.state.side]} to move"

    def record_text(self) -> str:
        from .record import write_record

        return write_record(self)

    @classmethod
    def from_record(cls, text: str) -> Game:
        from .record import read_record

        return read_record(text)

    def revealed_letters(self) -> str:
        return "".join(piece_letter(m.revealed) for m in self.moves if m.revealed is not None)
