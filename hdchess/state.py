"""The public state of a face-down game: what both players can see.

There are no hidden identities here. A face-down square is ``HIDDEN`` and the
pieces it might be are the public *pool* (counts per piece). Flipping is a
decision followed by a chance event: :meth:`State.chance_outcomes` lists the
pool's pieces weighted by count, and :meth:`State.push` takes the action with
the outcome that happened. The referee that draws outcomes is
:class:`hdchess.game.Game`; search calls ``push``/``pop`` directly.

Actions are ints: ``from << 5 | to`` for a move, ``sq << 5 | sq`` for a flip.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from .core import (
    BLACK,
    COLOR_NAMES,
    EMPTY,
    GENERAL,
    HIDDEN,
    NUM_SQUARES,
    RED,
    Color,
    Piece,
    make_piece,
    squares,
)
from .movegen import flip_actions
from .rules import Ruleset

Action = int
NO_SIDE = 2  # side to move before the first flip decides the colours
# The chase rule's memory (gaiqi), per colour: (consecutive checks by one piece,
# the square that piece stands on) or (0, -1). An immutable value, so push only
# saves a reference and copy() may share it.
NO_CHASE = ((0, -1), (0, -1))


def make_move(frm: int, to: int) -> Action:
    return frm << 5 | to


def make_flip(sq: int) -> Action:
    return sq * 33


def is_flip(action: Action) -> bool:
    return action >> 5 == action & 31


def action_from(action: Action) -> int:
    return action >> 5


def action_to(action: Action) -> int:
    return action & 31


def _zobrist_keys():
    rng = random.Random(0x4844433)  # fixed: hashes are stable across runs
    pieces = tuple(tuple(rng.getrandbits(64) for _ in range(18)) for _ in range(NUM_SQUARES))
    sides = tuple(rng.getrandbits(64) for _ in range(3))
    pool = tuple(tuple(rng.getrandbits(64) for _ in range(8)) for _ in range(16))
    return pieces, sides, pool


Z_PIECE, Z_SIDE, Z_POOL = _zobrist_keys()


class Termination(enum.Enum):
    NO_ACTIONS = "no actions"  # the side to move can neither flip nor move
    NO_PROGRESS = "no progress"  # no_progress_plies without a flip or capture
    REPETITION = "threefold repetition"
    GENERAL_LOST = "general lost"  # gaiqi
    ALL_CAPTURED = "all pieces captured"  # banqi


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the reason, the winner (None for a draw), the scores.

    ``scores`` are (red, black) final scores, penalties already taken off;
    ``penalties`` are the points each side lost to the repetition penalty.
    """

    termination: Termination
    winner: Color | None
    scores: tuple[int, int]
    penalties: tuple[int, int] = (0, 0)

    def result(self) -> str:
        """``1-0`` red wins, ``0-1`` black wins, ``1/2-1/2`` a draw."""
        return {RED: "1-0", BLACK: "0-1", None: "1/2-1/2"}[self.winner]

    def describe(self) -> str:
        who = "draw" if self.winner is None else f"{COLOR_NAMES[self.winner]} wins"
        return f"{who} {self.scores[0]}-{self.scores[1]} ({self.termination.value})"


class State:
    """A position with the history needed for its rules, and make/unmake."""

    __slots__ = (
        "ruleset", "spec", "mailbox", "occupied", "hidden", "colors", "pool", "side",
        "quiet", "ply", "penalties", "last_moves", "hash", "history", "_stack",
        "_movegen", "_first_flip_self", "_penalty_points", "_no_progress_limit",
        "chase", "_chase_stack", "_gives_check", "material", "pool_value", "_values",
    )

    def __init__(self, ruleset: Ruleset) -> None:
        """The starting position: every square face-down, the whole set in the pool."""
        self.ruleset = ruleset
        self.spec = ruleset.spec
        self._movegen = ruleset.spec.movegen
        self._first_flip_self = ruleset.get("first_flip", "self") == "self"
        self._penalty_points = ruleset.get("repetition_penalty", 0)
        self._no_progress_limit = ruleset.get("no_progress_plies", 0)
        self._gives_check = ruleset.spec.gives_check if ruleset.spec.chase_rule else None
        self.chase = NO_CHASE
        self._chase_stack: list[tuple] = []  # chase values before each push (chase rule only)
        self.mailbox: list[int] = [HIDDEN] * NUM_SQUARES
        self.pool: list[int] = list(ruleset.initial_pool)
        self._values = ruleset.piece_values
        self.material = [0, 0]  # value of each colour's face-up pieces, kept up to date by push/pop
        self.pool_value = [0, 0]  # value of each colour's face-down pieces, likewise
        self.occupied = self.hidden = (1 << NUM_SQUARES) - 1
        self.colors = [0, 0]  # face-up pieces of each colour
        self.side = NO_SIDE
        self.quiet = 0
        self.ply = 0
        self.penalties = [0, 0]  # penalised moves (not points) per colour
        self.last_moves = [-1, -1]  # each colour's last move, for the penalty rule
        self._stack: list[tuple] = []
        self.recount()
        self.rehash()

    # -- construction ------------------------------------------------------
    @classmethod
    def from_parts(cls, ruleset: Ruleset, mailbox, pool, side, quiet=0, ply=0,
                   penalties=(0, 0), last_moves=(-1, -1), chase=NO_CHASE) -> State:
        """A state from its fields, unchecked (``notation.parse_position`` checks)."""
        state = cls(ruleset)
        state.mailbox = list(mailbox)
        state.pool = list(pool)
        state.occupied = state.hidden = 0
        state.colors = [0, 0]
        for sq, content in enumerate(state.mailbox):
            if content == EMPTY:
                continue
            state.occupied |= 1 << sq
            if content == HIDDEN:
                state.hidden |= 1 << sq
            else:
                state.colors[content >> 3] |= 1 << sq
        state.side, state.quiet, state.ply = side, quiet, ply
        state.penalties, state.last_moves = list(penalties), list(last_moves)
        chase = tuple(map(tuple, chase))
        state.chase = NO_CHASE if chase == NO_CHASE else chase  # NO_CHASE itself: a cheap identity test
        state.recount()
        state.rehash()
        return state

    def copy(self) -> State:
        """An independent copy; its repetition history is that of this state."""
        other = State.__new__(State)
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        other.mailbox, other.pool, other.colors = list(self.mailbox), list(self.pool), list(self.colors)
        other.material, other.pool_value = list(self.material), list(self.pool_value)
        other.penalties, other.last_moves = list(self.penalties), list(self.last_moves)
        other.history, other._stack = list(self.history), list(self._stack)
        other._chase_stack = list(self._chase_stack)
        return other

    def recount(self) -> None:
        """Compute the material and pool totals from scratch."""
        values = self._values
        self.material = [sum(values[self.mailbox[sq]] for sq in squares(self.colors[c])) for c in (RED, BLACK)]
        self.pool_value = [sum(values[p] * self.pool[p] for p in range(c * 8, c * 8 + 8)) for c in (RED, BLACK)]

    def rehash(self) -> None:
        """Compute the Zobrist hash from scratch and restart the repetition history."""
        h = Z_SIDE[self.side]
        for sq, content in enumerate(self.mailbox):
            if content != EMPTY:
                h ^= Z_PIECE[sq][content]
        for piece, count in enumerate(self.pool):
            h ^= Z_POOL[piece][count]
        self.hash = h
        self.history = [h]

    # -- queries -------------------------------------------------------------
    @property
    def pool_size(self) -> int:
        return self.hidden.bit_count()

    def piece_at(self, sq: int) -> int:
        """The face-up piece on ``sq``, or HIDDEN, or EMPTY."""
        return self.mailbox[sq]

    def legal_actions(self) -> list[Action]:
        """Every flip and move of the side to move (ignores the game's end)."""
        out = flip_actions(self.hidden)
        if self.side != NO_SIDE:
            self._movegen(self, self.side, out)
        return out

    def legal_moves(self) -> list[Action]:
        """The moves (no flips) of the side to move."""
        out: list[Action] = []
        if self.side != NO_SIDE:
            self._movegen(self, self.side, out)
        return out

    def is_chance(self, action: Action) -> bool:
        """Does this action reveal a piece drawn from the pool?"""
        return self.mailbox[action & 31] == HIDDEN

    def chance_outcomes(self, action: Action) -> list[tuple[Piece, float]]:
        """(piece, probability) for each piece the action may reveal; [] if none."""
        if self.mailbox[action & 31] != HIDDEN:
            return []
        total = self.hidden.bit_count()
        return [(p, n / total) for p, n in enumerate(self.pool) if n]

    def is_capture(self, action: Action) -> bool:
        return action >> 5 != action & 31 and self.mailbox[action & 31] != EMPTY

    def is_penalised(self, action: Action) -> bool:
        """Would this move lose repetition-penalty points (RULES.md 1)?"""
        frm, to = action >> 5, action & 31
        return (
            frm != to
            and self.side != NO_SIDE
            and self.last_moves[self.side] == (to << 5 | frm)
            and self.mailbox[to] == EMPTY
        )

    def score(self, color: Color) -> int:
        """Face-up material of ``color`` on the board minus its penalty points."""
        return self.material[color] - self.penalties[color] * self._penalty_points

    def repetitions(self) -> int:
        """How often the current public position has occurred (1 = first time)."""
        if self.quiet < 4:
            return 1
        return self.history[-self.quiet - 1:].count(self.hash)

    def outcome(self, actions: list[Action] | None = None) -> Outcome | None:
        """The game's end if it has ended, else None.

        ``actions`` may pass the already generated legal actions.
        """
        spec = self.spec
        termination = None
        loser = None
        if spec.general_loss:
            for color in (RED, BLACK):
                general = make_piece(color, GENERAL)
                if not self.pool[general] and general not in self.mailbox:
                    return self._finish(Termination.GENERAL_LOST, color ^ 1)
        if not spec.decided_by_score and self.side != NO_SIDE:
            for color in (self.side, self.side ^ 1):
                if not self.colors[color] and not any(self.pool[color * 8:color * 8 + 8]):
                    return self._finish(Termination.ALL_CAPTURED, color ^ 1)
        limit = self._no_progress_limit
        if limit and self.quiet >= limit:
            termination = Termination.NO_PROGRESS
        elif self.quiet >= 4 and self.repetitions() >= 3:
            termination = Termination.REPETITION
        elif not self.hidden and not (actions if actions is not None else self.legal_moves()):
            termination = Termination.NO_ACTIONS
            loser = self.side
        if termination is None:
            return None
        if spec.decided_by_score:
            return self._finish(termination, None, by_score=True)
        return self._finish(termination, None if loser is None else loser ^ 1)

    def _finish(self, termination: Termination, winner: Color | None, by_score=False) -> Outcome:
        scores = (self.score(RED), self.score(BLACK))
        if by_score:
            winner = None if scores[0] == scores[1] else (RED if scores[0] > scores[1] else BLACK)
        points = self._penalty_points
        return Outcome(termination, winner, scores, (self.penalties[0] * points, self.penalties[1] * points))

    # -- make / unmake -------------------------------------------------------
    def push(self, action: Action, revealed: Piece | None = None) -> None:
        """Play ``action``; ``revealed`` is the piece a flip (or blind capture) turns up.

        Unchecked: callers pass legal actions (``Game.play`` validates input).
        """
        frm, to = action >> 5, action & 31
        mailbox = self.mailbox
        side = self.side
        h = self.hash ^ Z_SIDE[side]
        self._stack.append((action, mailbox[to], revealed, self.quiet, side, self.hash,
                            self.last_moves[0], self.last_moves[1],
                            self.penalties[0], self.penalties[1], self.occupied, self.hidden,
                            self.colors[0], self.colors[1]))
        if frm == to:
            bit = 1 << to
            mailbox[to] = revealed
            self.hidden ^= bit
            self.colors[revealed >> 3] |= bit
            count = self.pool[revealed]
            self.pool[revealed] = count - 1
            value = self._values[revealed]
            self.material[revealed >> 3] += value
            self.pool_value[revealed >> 3] -= value
            h ^= (Z_PIECE[to][HIDDEN] ^ Z_PIECE[to][revealed]
                  ^ Z_POOL[revealed][count] ^ Z_POOL[revealed][count - 1])
            if side == NO_SIDE:
                side = (revealed >> 3) ^ (1 if self._first_flip_self else 0)
            else:
                side ^= 1
            self.quiet = 0
            self.last_moves[0] = self.last_moves[1] = -1
        else:
            moving = mailbox[frm]
            target = mailbox[to]
            from_bit, to_bit = 1 << frm, 1 << to
            zfrom, zto = Z_PIECE[frm], Z_PIECE[to]
            h ^= zfrom[moving] ^ zto[moving]
            if target == EMPTY:
                self.quiet += 1
                if self.last_moves[side] == (to << 5 | frm):
                    self.penalties[side] += 1
                self.occupied ^= from_bit | to_bit
            else:
                self.quiet = 0
                self.occupied ^= from_bit
                h ^= zto[target]
                if target == HIDDEN:  # a blind capture (gaiqi): the pool loses a piece
                    self.hidden ^= to_bit
                    count = self.pool[revealed]
                    self.pool[revealed] = count - 1
                    self.pool_value[revealed >> 3] -= self._values[revealed]
                    h ^= Z_POOL[revealed][count] ^ Z_POOL[revealed][count - 1]
                else:
                    self.colors[target >> 3] ^= to_bit
                    self.material[target >> 3] -= self._values[target]
            self.colors[side] ^= from_bit | to_bit
            mailbox[to] = moving
            mailbox[frm] = EMPTY
            self.last_moves[side] = action
            side ^= 1
        if self._gives_check is not None:  # the chase rule: the only cost it adds to other variants
            self._push_chase(action)
        self.side = side
        self.ply += 1
        self.hash = h ^ Z_SIDE[side]
        self.history.append(self.hash)

    def pop(self) -> Action:
        """Undo the last push exactly; returns its action."""
        (action, target, revealed, self.quiet, self.side, self.hash,
         l0, l1, p0, p1, self.occupied, self.hidden, c0, c1) = self._stack.pop()
        frm, to = action >> 5, action & 31
        mailbox = self.mailbox
        if target == HIDDEN:
            self.pool[revealed] += 1
            value = self._values[revealed]
            self.pool_value[revealed >> 3] += value
            if frm == to:
                self.material[revealed >> 3] -= value
        elif target != EMPTY:
            self.material[target >> 3] += self._values[target]
        if frm != to:
            mailbox[frm] = mailbox[to]
        mailbox[to] = target
        self.last_moves[0], self.last_moves[1] = l0, l1
        self.penalties[0], self.penalties[1] = p0, p1
        self.colors[0], self.colors[1] = c0, c1
        self.ply -= 1
        self.history.pop()
        if self._gives_check is not None:
            self.chase = self._chase_stack.pop()
        return action

    def _push_chase(self, action: Action) -> None:
        """Update the mover's chase count after ``action`` (board already updated,
        ``self.side`` still the mover): a move by the piece that checked last
        turn that checks again adds one, any other checking move starts at one,
        a flip or a move that does not check clears it."""
        self._chase_stack.append(self.chase)
        mover = self.side
        if mover == NO_SIDE:
            return
        frm, to = action >> 5, action & 31
        if frm == to or not self._gives_check(self, to):
            entry = (0, -1)
        else:
            count, square = self.chase[mover]
            entry = (count + 1 if square == frm else 1, to)
        self.chase = (entry, self.chase[1]) if mover == RED else (self.chase[0], entry)

    @property
    def move_stack(self) -> list[Action]:
        return [entry[0] for entry in self._stack]
