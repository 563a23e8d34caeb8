"""The public position of a face-down game: what both players can see, and make/unmake.

There are no hidden identities here. A face-down square is ``HIDDEN`` and the
pieces it might be are the public *pool* (counts per piece). Flipping is a
decision followed by a chance event: :meth:`Position.chance_outcomes` lists the
pool's pieces weighted by count, and :meth:`Position.push` takes the action with
the outcome that happened. Only the referee (:class:`hdchess.game.Game`) draws
outcomes; search calls ``push``/``pop`` directly. The protocol's text and
explanations are added by :class:`hdchess.facedown.state.State`.

Actions are ints (:mod:`.actions`): ``from << bits | to`` for a move,
``sq << bits | sq`` for a flip, and for a chain of captures (banqi's
``chain_captures``) the first capture with each further landing square above
it (:func:`chain_link`): every action with bits above the first two squares is
a chain, and any code that reads an action's from-square through the mask
and its to-square as the low bits sees a chain as its first capture. The
variant's :class:`Movement` (built by :mod:`.movement`) generates the
moves; its switches (blind captures, general loss, the chase rule, the
ending) are read once when a state is made.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from ..actions import ActionTables
from ..core import BLACK, COLOR_NAMES, GENERAL, KIND_NAMES, RED, Color, Piece, Square, make_piece, piece_letter
from ..errors import RulesetError
from ..geometry import Geometry, per_geometry
from ..messages import Message
from ..vocabulary import NO_SIDE, Action, ActionInfo, Outcome, Termination

if TYPE_CHECKING:
    from ..rules import Ruleset

# Mailbox contents besides the 16 face-up pieces.
HIDDEN = 16
EMPTY = 17
# The chase rule's memory (gaiqi), per colour: (consecutive checks by one piece,
# the square that piece stands on) or (0, -1). An immutable value, so push only
# saves a reference and copy() may share it.
NO_CHASE = ((0, -1), (0, -1))
CHASE_LIMIT = 3  # the chase rule's count: a fourth check in a row is illegal
Chase = tuple[tuple[int, int], tuple[int, int]]
# What push saves for pop: the action, the target square's content (a chain: its victims, in order), the
# revealed piece, the quiet count, the side, the hash, both last moves, both penalty counts, the occupied,
# face-down and colour bitboards. (The target is typed Any: pop reads a chain's apart by its action.)
Saved = tuple[Action, Any, Any, int, int, int, int, int, int, int, int, int, int, int]
ZobristKeys = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[tuple[int, ...], ...]]




def chain_link(bits: int, depth: int, to: int) -> int:
    """The bits that add landing square ``to`` to a chain after ``depth + 1`` captures
    (``bits``: a square's width): the first capture is a move action, ``frm << bits | to``;
    each further landing has a group of ``bits + 1`` bits above it, its top bit set,
    so that the group is never 0 and the chain's length is where its bits end."""
    return (1 << bits | to) << (2 * bits + depth * (bits + 1))


def chain_squares(bits: int, action: int) -> tuple[int, list[int]]:
    """(from-square, landing squares in order) of a move or a chain."""
    mask = (1 << bits) - 1
    landings = [action & mask]
    rest = action >> 2 * bits
    while rest:
        landings.append(rest & mask)
        rest >>= bits + 1
    return action >> bits & mask, landings


@per_geometry
def _zobrist_keys(geometry: Geometry) -> ZobristKeys:
    """The hash keys of one board shape: per (square, content), per side, per (pool piece, count)."""
    size = geometry.num_squares
    rng = random.Random(0x4844433)  # fixed: hashes are stable across runs
    pieces = tuple(tuple(rng.getrandbits(64) for _ in range(18)) for _ in range(size))
    sides = tuple(rng.getrandbits(64) for _ in range(3))
    pool = tuple(tuple(rng.getrandbits(64) for _ in range(size + 1)) for _ in range(16))
    return pieces, sides, pool


@dataclass(frozen=True)
class Movement:
    """How a face-down variant's pieces move, made for one board.

    ``movegen(state, colour, out)`` appends the colour's moves to ``out``;
    ``scan(state, colour, out_or_None) -> (number of moves, bitboard of the
    face-up enemies they capture, bitboard of the face-down squares they would
    capture an enemy on)`` is the same loop with the evaluation's summary;
    ``gives_check(state, sq)`` (chase rule) says whether the piece on ``sq``
    attacks the enemy General; ``explain(state, frm, to)`` words why a
    move is illegal in the variant's own terms (None: the generic reasons).
    ``kind_relation(attacker, victim)`` is for variants whose kinds differ only
    in what they may capture (banqi: every piece steps alike): a value that says
    how a piece of one kind acts on an enemy of another, so that endgame tables
    can treat materials with the same relations as one (None: every kind differs).
    ``attackers(state, sq, colour, victim_kind, occupied)`` is the bitboard of the
    colour's pieces that could capture a ``victim_kind`` standing on ``sq`` with the
    board's pieces on ``occupied``: what the evaluation's exchange features ask (who
    takes, who takes back); None where the variant does not give it.
    """

    movegen: Callable[[Position, Color, list[Action]], None]
    scan: Callable[[Position, Color, list[Action] | None], tuple[int, int, int]]
    gives_check: Callable[[Position, Square], bool] | None = None
    explain: Callable[[Position, Square, Square], Message | None] | None = None
    # per attacking kind, a bit per victim kind it may capture, where that depends on
    # the kinds (banqi's rank order); None where any piece may capture any piece
    victims: tuple[int, ...] | None = None
    kind_relation: Callable[[int, int], object] | None = None
    attackers: Callable[[Position, Square, Color, int, int], int] | None = None
    # a bit per kind (K A E H R C P W) these rules move: a variant may use no other
    kinds: int = 0b11111111
    # the moves include chains of captures (banqi's chain_captures): actions of more than one step
    chains: bool = False
    # the Chariot charges along its lines (banqi's chariot_rush): the AI values it so
    charges: bool = False

    @property
    def reads_enemy_kinds(self) -> bool:
        """Does a colour's scan depend on which enemy piece stands where (banqi's
        rank order, gaiqi's chase rule), or only on where the enemy stands (hdc2)?"""
        return self.victims is not None or self.gives_check is not None


class Position:
    """A face-down position with the history needed for its rules, and make/unmake."""

    __slots__ = (
        "ruleset", "geometry", "mailbox", "occupied", "hidden", "colors", "pool", "side",
        "quiet", "ply", "penalties", "last_moves", "hash", "history", "_stack",
        "_movement", "_movegen", "_first_flip_self", "_penalty_points", "_no_progress_limit",
        "chase", "_chase_stack", "_gives_check", "material", "pool_value", "shown", "_values",
        "_bits", "_mask", "_tables", "_flips", "_zobrist", "_general_loss", "_by_score",
    )

    def __init__(self, ruleset: Ruleset) -> None:
        """The starting position: every square face-down, the whole set in the pool."""
        geometry = ruleset.geometry
        self.ruleset = ruleset
        self.geometry = geometry
        self._movement: Movement = ruleset.movement
        movement = self._movement
        self._movegen = movement.movegen
        self._tables = ActionTables.of(geometry)
        self._flips = self._tables.flip_actions
        self._bits, self._mask = self._tables.bits, self._tables.mask
        self._zobrist = _zobrist_keys(geometry)
        self._first_flip_self: bool = ruleset.get("first_flip", "self") == "self"
        self._penalty_points: int = ruleset.get("repetition_penalty", 0)
        self._no_progress_limit: int = ruleset.get("no_progress_plies", 0)
        self._general_loss: bool = ruleset.switch("general_loss")
        self._by_score = ruleset.decided_by_score
        self._gives_check: Callable[[Position, int], bool] | None = (
            movement.gives_check if ruleset.switch("chase_rule") else None)
        self.chase: Chase = NO_CHASE
        self._chase_stack: list[Chase] = []  # chase values before each push (chase rule only)
        self.mailbox: list[int] = [HIDDEN] * geometry.num_squares
        self.pool: list[int] = list(ruleset.initial_pool)
        self._values = ruleset.piece_values
        self.material = [0, 0]  # value of each colour's face-up pieces, kept up to date by push/pop
        self.pool_value = [0, 0]  # value of each colour's face-down pieces, likewise
        self.shown = [0] * 16  # how many of each piece are face-up on the board, likewise
        self.occupied = self.hidden = geometry.all_squares
        self.colors = [0, 0]  # face-up pieces of each colour
        self.side = NO_SIDE
        self.quiet = 0
        self.ply = 0
        self.penalties = [0, 0]  # penalised moves (not points) per colour
        self.last_moves = [-1, -1]  # each colour's last move, for the penalty rule
        self._stack: list[Saved] = []
        self.recount()
        self.rehash()

    # -- construction ------------------------------------------------------
    @classmethod
    def validate(cls, ruleset: Ruleset) -> None:
        """Refuse a variant whose pieces do not fill its board: every square starts face-down."""
        counts, geometry = ruleset.spec.counts, ruleset.geometry
        pieces = sum(ruleset.initial_pool)
        if pieces != geometry.num_squares:
            raise RulesetError(
                f"{ruleset.variant}: a face-down game's pieces fill its board, but counts "
                f"{' '.join(map(str, counts))} (K A E H R C P W) make 2 x {sum(counts)} = {pieces} pieces "
                f"for the {geometry.num_squares} squares of a {geometry.files}x{geometry.ranks} board")
        kinds = ruleset.movement.kinds
        for kind, count in enumerate(counts):
            if count and not kinds >> kind & 1:
                raise RulesetError(f"{ruleset.variant}: counts has {count} {KIND_NAMES[kind]}(s), a piece its "
                                   "movement does not move")

    @classmethod
    def from_parts(cls, ruleset: Ruleset, mailbox: Iterable[int], pool: Iterable[int], side: int, quiet: int = 0,
                   ply: int = 0, penalties: Iterable[int] = (0, 0), last_moves: Iterable[int] = (-1, -1),
                   chase: Iterable[Iterable[int]] = NO_CHASE) -> Self:
        """A position from its fields, unchecked (``State.from_text`` checks)."""
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
        red, black = (tuple(entry) for entry in chase)
        pair: Chase = ((red[0], red[1]), (black[0], black[1]))
        state.chase = NO_CHASE if pair == NO_CHASE else pair  # NO_CHASE itself: a cheap identity test
        state.recount()
        state.rehash()
        return state

    def copy(self) -> Self:
        """An independent copy; its repetition history is that of this state."""
        other = type(self).__new__(type(self))
        for name in Position.__slots__:
            setattr(other, name, getattr(self, name))
        other.mailbox, other.pool, other.colors = list(self.mailbox), list(self.pool), list(self.colors)
        other.material, other.pool_value, other.shown = list(self.material), list(self.pool_value), list(self.shown)
        other.penalties, other.last_moves = list(self.penalties), list(self.last_moves)
        other.history, other._stack = list(self.history), list(self._stack)
        other._chase_stack = list(self._chase_stack)
        return other

    def recount(self) -> None:
        """Compute the material and pool totals, and the face-up pieces, from scratch."""
        values, squares = self._values, self.geometry.squares
        self.shown = [0] * 16
        for sq in squares(self.colors[RED] | self.colors[BLACK]):
            self.shown[self.mailbox[sq]] += 1
        self.material = [sum(values[self.mailbox[sq]] for sq in squares(self.colors[c])) for c in (RED, BLACK)]
        self.pool_value = [sum(values[p] * self.pool[p] for p in range(c * 8, c * 8 + 8)) for c in (RED, BLACK)]

    def rehash(self) -> None:
        """Compute the Zobrist hash from scratch and restart the repetition history."""
        z_piece, z_side, z_pool = self._zobrist
        h = z_side[self.side]
        for sq, content in enumerate(self.mailbox):
            if content != EMPTY:
                h ^= z_piece[sq][content]
        for piece, count in enumerate(self.pool):
            h ^= z_pool[piece][count]
        self.hash = h
        self.history = [h]

    # -- whose turn ------------------------------------------------------------
    @property
    def actor(self) -> int:
        return self.side

    def player_color(self, player: int) -> Color | None:
        """Player 1 opened (at ply 0) and the players alternate every ply."""
        if self.side == NO_SIDE:
            return None
        return self.side ^ ((self.ply + player - 1) & 1)

    # -- queries -------------------------------------------------------------
    @property
    def pool_size(self) -> int:
        return self.hidden.bit_count()

    def piece_at(self, sq: int) -> int:
        """The face-up piece on ``sq``, or HIDDEN, or EMPTY."""
        return self.mailbox[sq]

    def legal_actions(self) -> list[Action]:
        """Every flip and move of the side to move (ignores the game's end)."""
        flips, movegen = self._flips, self._movegen  # locals: stored functions are not methods (see Searcher)
        out = flips(self.hidden)
        if self.side != NO_SIDE:
            movegen(self, self.side, out)
        return out

    def legal_moves(self) -> list[Action]:
        """The moves (no flips) of the side to move."""
        out: list[Action] = []
        if self.side != NO_SIDE:
            movegen = self._movegen
            movegen(self, self.side, out)
        return out

    def is_action(self, action: int) -> bool:
        """Does the int encode an action of this board (legal or not)? A chain of captures
        is one (:func:`chain_link`) whichever the rules, when each of its steps goes to
        another square: the rules say whether it is legal."""
        n, bits = self.geometry.num_squares, self._bits
        if action < 0:
            return False
        if not action >> 2 * bits:
            return action >> bits < n and action & self._mask < n
        frm, landings = chain_squares(bits, action)
        squares = [frm, *landings]
        return (all(sq < n for sq in squares) and all(a != b for a, b in zip(squares, squares[1:]))
                and self.make_chain(frm, landings) == action)

    def is_chain(self, action: Action) -> bool:
        """Is the action a chain of two or more captures?"""
        return action >> 2 * self._bits != 0

    def make_chain(self, frm: int, landings: Sequence[int]) -> Action:
        """The action of the piece on ``frm`` capturing on each of ``landings`` in turn
        (a single capture's action for one)."""
        bits = self._bits
        action = frm << bits | landings[0]
        for depth, sq in enumerate(landings[1:]):
            action |= chain_link(bits, depth, sq)
        return action

    def chain_squares(self, action: Action) -> tuple[int, list[int]]:
        """(from-square, landing squares in order) of a move, a capture or a chain."""
        return chain_squares(self._bits, action)

    def is_flip(self, action: Action) -> bool:
        return action >> self._bits == action & self._mask

    def move_squares(self, action: Action) -> tuple[int, int]:
        """(from, to) of an action; a flip has from == to; a chain ends on its last landing."""
        if action >> 2 * self._bits:
            frm, landings = chain_squares(self._bits, action)
            return frm, landings[-1]
        return action >> self._bits, action & self._mask

    def is_chance(self, action: Action) -> bool:
        """Does this action reveal a piece drawn from the pool (a flip or a blind capture)?"""
        return self.mailbox[action & self._mask] == HIDDEN

    def chance_outcomes(self, action: Action) -> list[tuple[Piece, float]]:
        """(piece, probability) for each piece the action may reveal; [] if none."""
        if self.mailbox[action & self._mask] != HIDDEN:
            return []
        total = self.hidden.bit_count()
        return [(p, n / total) for p, n in enumerate(self.pool) if n]

    def has_chance(self) -> bool:
        return self.hidden != 0

    def chance_slots(self) -> list[int]:
        """Where the unknown pieces lie: the face-down squares (a deal lays the pool on them)."""
        return list(self.geometry.squares(self.hidden))

    def pool_pieces(self) -> list[Piece]:
        """The pool as a list of pieces, one per face-down square."""
        return [p for p, n in enumerate(self.pool) for _ in range(n)]

    def chance_slot(self, action: Action) -> int | None:
        """The face-down square a chance action reveals (the flip's, or the blind
        capture's target); None for an action that reveals nothing."""
        to = action & self._mask
        return to if self.mailbox[to] == HIDDEN else None

    def is_capture(self, action: Action) -> bool:
        to = action & self._mask
        return action >> self._bits != to and self.mailbox[to] != EMPTY

    def is_penalised(self, action: Action) -> bool:
        """Would this move lose repetition-penalty points?"""
        frm, to = action >> self._bits, action & self._mask
        return (
            frm != to
            and self.side != NO_SIDE
            and self.last_moves[self.side] == (to << self._bits | frm)
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

    def search_key(self) -> int:
        """The public hash plus what else decides the future: the penalty rule's
        memory, the chase counts, and with nothing face-down the quiet count
        (exact endgames)."""
        key = self.hash ^ (self.last_moves[0] * 0x9E3779B97F4A7C15 + self.last_moves[1] * 0xC2B2AE3D27D4EB4F)
        key ^= (self.penalties[0] - self.penalties[1]) * 0x165667B19E3779F9
        if not self.hidden:
            key ^= self.quiet * 0x27D4EB2F165667C5
        if self.chase is not NO_CHASE:
            key ^= hash(self.chase) * 0x94D049BB133111EB
        return key & 0xFFFFFFFFFFFFFFFF

    def outcome(self, actions: Sequence[Action] | None = None) -> Outcome | None:
        """The game's end if it has ended, else None.

        ``actions`` may pass the already generated legal moves (flips need not be in it).
        """
        if not self._by_score:  # the rules that name a winner at once
            ended = self._decided()
            if ended is not None:
                return ended
        quiet, limit = self.quiet, self._no_progress_limit
        if quiet < 4 and self.hidden and (quiet < limit or not limit):
            return None  # the common case, decided in a few comparisons
        if limit and quiet >= limit:
            termination, loser = Termination.NO_PROGRESS, None
        elif quiet >= 4 and self.repetitions() >= 3:
            termination, loser = Termination.REPETITION, None
        elif not self.hidden and not (actions if actions is not None else self.legal_moves()):
            termination, loser = Termination.NO_ACTIONS, self.side
        else:
            return None
        if self._by_score:
            return self._finish(termination, None)
        return self._finish(termination, None if loser is None else loser ^ 1)

    def _decided(self) -> Outcome | None:
        """A lost General (general-loss games) or a side with no piece left (win/loss games)."""
        pool = self.pool
        if self._general_loss:
            for color in (RED, BLACK):
                general = make_piece(color, GENERAL)
                if not pool[general] and general not in self.mailbox:
                    return self._finish(Termination.GENERAL_LOST, color ^ 1)
        if self.side != NO_SIDE:
            for color in (self.side, self.side ^ 1):
                if not self.colors[color] and not any(pool[color * 8:color * 8 + 8]):
                    return self._finish(Termination.ALL_CAPTURED, color ^ 1)
        return None

    def _finish(self, termination: Termination, winner: Color | None) -> Outcome:
        scores = (self.score(RED), self.score(BLACK))
        if self._by_score:
            winner = None if scores[0] == scores[1] else (RED if scores[0] > scores[1] else BLACK)
        points = self._penalty_points
        return Outcome(termination, winner, scores, (self.penalties[0] * points, self.penalties[1] * points),
                       by_score=self._by_score)

    # -- make / unmake -------------------------------------------------------
    def push(self, action: Action, revealed: Any = None) -> None:
        """Play ``action``; ``revealed`` is the piece a flip (or blind capture) turns up
        (a Piece, None for other actions: typed Any, as the chance branches read it unchecked).

        Unchecked: callers pass legal actions (``Game.play`` validates input).
        """
        bits = self._bits
        frm, to = action >> bits, action & self._mask
        if frm >> bits:  # a chain of captures: its own path, so that a single step pays one test
            self._push_chain(action)
            return
        mailbox = self.mailbox
        side = self.side
        z_piece, z_side, z_pool = self._zobrist
        h = self.hash ^ z_side[side]
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
            self.shown[revealed] += 1
            h ^= (z_piece[to][HIDDEN] ^ z_piece[to][revealed]
                  ^ z_pool[revealed][count] ^ z_pool[revealed][count - 1])
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
            zfrom, zto = z_piece[frm], z_piece[to]
            h ^= zfrom[moving] ^ zto[moving]
            if target == EMPTY:
                self.quiet += 1
                if self.last_moves[side] == (to << bits | frm):
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
                    h ^= z_pool[revealed][count] ^ z_pool[revealed][count - 1]
                else:
                    self.colors[target >> 3] ^= to_bit
                    self.material[target >> 3] -= self._values[target]
                    self.shown[target] -= 1
            self.colors[side] ^= from_bit | to_bit
            mailbox[to] = moving
            mailbox[frm] = EMPTY
            self.last_moves[side] = action
            side ^= 1
        if self._gives_check is not None:  # the chase rule: the only cost it adds to other variants
            self._push_chase(frm, to)
        self.side = side
        self.ply += 1
        self.hash = h ^ z_side[side]
        self.history.append(self.hash)

    def pop(self) -> Action:
        """Undo the last push exactly; returns its action."""
        (action, target, revealed, self.quiet, self.side, self.hash,
         l0, l1, p0, p1, self.occupied, self.hidden, c0, c1) = self._stack.pop()
        frm, to = action >> self._bits, action & self._mask
        mailbox = self.mailbox
        if frm >> self._bits:  # a chain: ``target`` holds its victims
            self._unchain(action, target)
        else:
            if target == HIDDEN:
                self.pool[revealed] += 1
                value = self._values[revealed]
                self.pool_value[revealed >> 3] += value
                if frm == to:
                    self.material[revealed >> 3] -= value
                    self.shown[revealed] -= 1
            elif target != EMPTY:
                self.material[target >> 3] += self._values[target]
                self.shown[target] += 1
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

    def _push_chain(self, action: Action) -> None:
        """Play a chain of captures (banqi's ``chain_captures``) as one action and one turn:
        each landing square's enemy leaves the board, the piece ends on the last one, the
        quiet count is reset once and the history gains the position after the whole chain.
        The saved entry holds the victims, in order, where a single move keeps its target."""
        frm, landings = chain_squares(self._bits, action)
        mailbox, colors, values, shown = self.mailbox, self.colors, self._values, self.shown
        side = self.side
        victims = tuple(mailbox[sq] for sq in landings)
        self._stack.append((action, victims, None, self.quiet, side, self.hash,
                            self.last_moves[0], self.last_moves[1],
                            self.penalties[0], self.penalties[1], self.occupied, self.hidden,
                            colors[0], colors[1]))
        z_piece, z_side, _ = self._zobrist
        moving, last = mailbox[frm], landings[-1]
        h = self.hash ^ z_side[side] ^ z_piece[frm][moving] ^ z_piece[last][moving]
        occupied = self.occupied ^ 1 << frm
        for sq, victim in zip(landings, victims):
            h ^= z_piece[sq][victim]
            colors[victim >> 3] ^= 1 << sq
            self.material[victim >> 3] -= values[victim]
            shown[victim] -= 1
            mailbox[sq] = EMPTY
            occupied ^= 1 << sq
        mailbox[frm] = EMPTY
        mailbox[last] = moving
        colors[side] ^= 1 << frm | 1 << last
        self.occupied = occupied | 1 << last
        self.quiet = 0
        self.last_moves[side] = action
        if self._gives_check is not None:
            self._push_chase(frm, last)
        side ^= 1
        self.side = side
        self.ply += 1
        self.hash = h ^ z_side[side]
        self.history.append(self.hash)

    def _unchain(self, action: Action, victims: tuple[int, ...]) -> None:
        """Put back a chain's piece and its victims (pop restores the rest)."""
        frm, landings = chain_squares(self._bits, action)
        mailbox, values = self.mailbox, self._values
        mailbox[frm] = mailbox[landings[-1]]
        for sq, victim in zip(landings, victims):
            mailbox[sq] = victim
            self.material[victim >> 3] += values[victim]
            self.shown[victim] += 1

    def _push_chase(self, frm: int, to: int) -> None:
        """Update the chase counts after a push (board already updated, ``self.side``
        still the mover): a move by the piece that checked last turn that checks
        again adds one, any other checking move starts at one, a flip or a move
        that does not check clears it. A capture of the opponent's chasing piece
        clears the opponent's count: it belonged to that piece."""
        self._chase_stack.append(self.chase)
        mover = self.side
        if mover == NO_SIDE:
            return
        if frm == to or not self._gives_check(self, to):  # type: ignore[misc]  # set: the chase rule is on
            entry = (0, -1)
        else:
            count, square = self.chase[mover]
            entry = (count + 1 if square == frm else 1, to)
        theirs = self.chase[mover ^ 1]
        if theirs[1] == to:
            theirs = (0, -1)
        chase = (entry, theirs) if mover == RED else (theirs, entry)
        self.chase = NO_CHASE if chase == NO_CHASE else chase

    @property
    def move_stack(self) -> list[Action]:
        return [entry[0] for entry in self._stack]

    # -- views ------------------------------------------------------------------
    def action_text(self, action: Action, outcome: int | None = None) -> str:
        """``c2`` / ``c2-c5`` / ``c2xc5``; with the revealed piece: ``c2(R)``, ``c2xc5(r)``."""
        names = self.geometry.square_names
        frm, to = action >> self._bits, action & self._mask
        if frm >> self._bits:  # a chain: each landing square in turn
            frm, landings = chain_squares(self._bits, action)
            text = "x".join(names[sq] for sq in [frm, *landings])
        elif frm == to:
            text = names[to]
        else:
            text = f"{names[frm]}{'-' if self.mailbox[to] == EMPTY else 'x'}{names[to]}"
        return text if outcome is None else f"{text}({piece_letter(outcome)})"

    def captured_by(self, action: Action, outcome: int | None) -> int | None:
        """The piece the action takes; a chain's first victim."""
        frm, to = action >> self._bits & self._mask, action & self._mask
        target = self.mailbox[to]
        if frm == to or target == EMPTY:
            return None
        return outcome if target == HIDDEN else target

    def action_info(self, action: Action) -> ActionInfo:
        """What a view shows of an action; a chain goes from its square to its last landing,
        and ``captured`` is its first victim."""
        names = self.geometry.square_names
        frm, to = action >> self._bits & self._mask, action & self._mask
        if frm == to:
            kind = "flip"
        else:
            kind = "move" if self.mailbox[to] == EMPTY else "capture"
        captured = self.mailbox[to] if kind == "capture" and self.mailbox[to] < HIDDEN else None
        path = None
        if action >> 2 * self._bits:
            landings = chain_squares(self._bits, action)[1]
            to, path = landings[-1], tuple(names[sq] for sq in landings)
        return ActionInfo(self.action_text(action), names[frm], names[to], kind,
                          penalised=self.is_penalised(action),
                          captured=None if captured is None else piece_letter(captured), path=path)

    def square_text(self, sq: int) -> str | None:
        content = self.mailbox[sq]
        return None if content == EMPTY else "x" if content == HIDDEN else piece_letter(content)

    def public_info(self) -> dict[str, Any]:
        """The pool, the pieces each side has lost, penalties and the quiet count."""
        ruleset = self.ruleset
        on_board = [0] * 16
        for content in self.mailbox:
            if content < HIDDEN:
                on_board[content] += 1
        captured: dict[str, list[str]] = {"red": [], "black": []}
        for piece in range(16):
            gone = ruleset.initial_pool[piece] - self.pool[piece] - on_board[piece]
            captured[COLOR_NAMES[piece >> 3]] += [piece_letter(piece)] * max(gone, 0)
        points = self._penalty_points
        return {
            "pool": {piece_letter(p): n for p, n in enumerate(self.pool) if n},
            "captured": captured,
            "penalties": {"red": self.penalties[0] * points, "black": self.penalties[1] * points},
            "quiet": self.quiet,
            "quiet_limit": self._no_progress_limit,
        }
