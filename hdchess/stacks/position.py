"""The position of a stacking game (Cheight Chess): stacks of face-up pieces, make/unmake, the end.

Each square holds a stack, a tuple of pieces from the bottom to the top
(``state.stacks[sq]``); only the top piece moves. Beside the stacks the state
keeps what move generation reads many times per position: the top piece and
height of every square, the squares topped by each colour and by a Soldier,
the Generals' squares, and ``atleast[n]``, the squares holding at least ``n``
pieces (what blocks a mover on a stack of ``n``). A push replaces the two
tuples it changes and saves the old ones with the quiet count and the hash;
pop puts them back and derives everything else from them, and a copy shares
the tuples.

Two notions of whose turn it is: ``turn`` is the colour to make the next
*move* (the position line's side field), ``side`` the colour that acts now,
which is the owner of a Soldier whose promotion is pending (it swaps before
any move). ``ply`` counts moves only. Actions are ints (:mod:`.movement`).
The protocol's text and explanations, and the start layouts (text too), are
added by :class:`hdchess.stacks.state.State`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Self

from ..core import ADVISOR, BLACK, COLOR_NAMES, GENERAL, RED, SOLDIER, Color, piece_letter
from ..geometry import Geometry, per_geometry
from ..messages import Message
from ..vocabulary import Action, ActionInfo, Outcome, Termination
from .movement import COUNT_BITS, Movement, Stacks

if TYPE_CHECKING:
    from ..rules import Ruleset

EMPTY = 16  # the "top piece" of an empty square
MAX_STACK = 1 << COUNT_BITS  # the most pieces one stack can hold: the whole set
# The no-progress count enters the search key only when the limit is this close:
# beyond any search depth (ai.search stops at 64 plies) it cannot change a result.
QUIET_HORIZON = 64
_QUIET_KEY = 0x27D4EB2F165667C5


@per_geometry
def _zobrist_keys(geometry: Geometry) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], int]:
    """One key per (square, height, piece), and the key of Black to move (Red's is 0)."""
    size = geometry.num_squares
    rng = random.Random(0x43484549)  # fixed: hashes are stable across runs
    pieces = tuple(tuple(tuple(rng.getrandbits(64) for _ in range(16)) for _ in range(MAX_STACK))
                   for _ in range(size))
    return pieces, rng.getrandbits(64)


def king_takes_king(ruleset: Ruleset) -> bool:
    """The ``king_takes_king`` option with ``auto`` resolved by the board's size."""
    value: str = ruleset["king_takes_king"]
    if value == "auto":
        value = ruleset["auto_king_takes_king"][ruleset.geometry.ranks]
    return value == "yes"


class Position:
    """A stacking position with the history its rules need, and make/unmake.

    Made from its stacks (:meth:`from_parts`); the start of a layout is
    ``State(ruleset)``, which reads the layout's text."""

    __slots__ = (
        "ruleset", "geometry", "stacks", "top", "heights", "atleast", "colors", "soldiers", "kings",
        "turn", "side", "quiet", "ply", "hash", "covered", "promo", "seen", "king_takes_king",
        "suicide_prevented",
        "_stack", "_movement", "_generate", "_zobrist", "_limit", "_values", "_bits", "_mask", "_carry_shift",
        "_swap_flag", "_end_ranks", "_officers",
    )

    # -- construction ------------------------------------------------------------
    @classmethod
    def from_parts(cls, ruleset: Ruleset, stacks: Iterable[Iterable[int]], turn: Color, quiet: int = 0,
                   ply: int = 0) -> Self:
        """A position from its stacks (bottom to top, per square) and counters, unchecked."""
        state = cls.__new__(cls)
        state._setup(ruleset, stacks, turn, quiet, ply)
        return state

    def _setup(self, ruleset: Ruleset, stacks: Iterable[Iterable[int]], turn: Color, quiet: int, ply: int) -> None:
        geometry = ruleset.geometry
        movement = Movement.of(geometry)
        self.ruleset, self.geometry = ruleset, geometry
        self.suicide_prevented = ruleset.get("suicide", "allowed") == "prevented"
        self._movement = movement
        self._generate = movement.generate_without_suicide if self.suicide_prevented else movement.generate
        self._bits, self._mask = movement.bits, (1 << movement.bits) - 1
        self._carry_shift, self._swap_flag = movement.carry_shift, movement.swap_flag
        self._end_ranks = movement.end_ranks
        self._zobrist = _zobrist_keys(geometry)
        self._limit = ruleset["no_progress_plies"]
        self._values = ruleset.piece_values
        self.king_takes_king = king_takes_king(ruleset)
        self.stacks = [tuple(stack) for stack in stacks]
        self.turn, self.quiet, self.ply = turn, quiet, ply
        self._stack: list[tuple[Action, tuple[int, ...], tuple[int, ...], int, int]] = []
        self.recompute()

    def recompute(self) -> None:
        """Every derived field from the stacks: tops, heights, bitboards, the end, the hash."""
        stacks = self.stacks
        self.top = [stack[-1] if stack else EMPTY for stack in stacks]
        self.heights = [len(stack) for stack in stacks]
        self.atleast = [0] * (MAX_STACK + 2)
        for sq, height in enumerate(self.heights):
            for n in range(height + 1):
                self.atleast[n] |= 1 << sq
        self.colors = [0, 0]
        self.soldiers = 0
        self.kings = [-1, -1]
        self.covered = -1
        officers = [0, 0]  # pieces that are not Soldiers, per colour (a count no action changes)
        for sq, stack in enumerate(stacks):
            for height, piece in enumerate(stack):
                if piece & 7 != SOLDIER:
                    officers[piece >> 3] += 1
                if piece & 7 == GENERAL:
                    self.kings[piece >> 3] = sq
                    if height < len(stack) - 1:
                        self.covered = piece >> 3
            if stack:
                self.colors[stack[-1] >> 3] |= 1 << sq
                if stack[-1] & 7 == SOLDIER:
                    self.soldiers |= 1 << sq
        self._officers = tuple(officers)
        self._update_promotion()
        z_pieces, z_black = self._zobrist
        h = z_black if self.turn == BLACK else 0
        for sq, stack in enumerate(stacks):
            for height, piece in enumerate(stack):
                h ^= z_pieces[sq][height][piece]
        self.hash = h
        self.seen = {} if self.promo >= 0 else {h: 1}

    def copy(self) -> Self:
        """An independent copy with the same history (stacks are tuples: shared, never changed)."""
        other = type(self).__new__(type(self))
        self.copy_into(other)
        return other

    def copy_into(self, other: Position) -> None:
        """Make ``other`` (made by ``__new__``, or to be overwritten) an independent copy of this position."""
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        other.stacks, other.top, other.heights = list(self.stacks), list(self.top), list(self.heights)
        other.atleast, other.colors, other.kings = list(self.atleast), list(self.colors), list(self.kings)
        other.seen, other._stack = dict(self.seen), list(self._stack)

    # -- whose turn ---------------------------------------------------------------
    @property
    def actor(self) -> int:
        return self.side

    def player_color(self, player: int) -> Color:
        """Player 1 is Red, who moves first."""
        return RED if player == 1 else BLACK

    def _update_promotion(self) -> None:
        """Find the pending promotion (if any) and who acts: called after every change."""
        self.promo = -1
        if self.covered < 0:
            end_red, end_black = self._end_ranks
            waiting = self.soldiers & ((self.colors[RED] & end_red) | (self.colors[BLACK] & end_black))
            if waiting:
                self.promo = self._first_promotion(waiting)
        self.side = self.turn if self.promo < 0 else self.top[self.promo] >> 3

    def _first_promotion(self, waiting: int) -> int:
        """The Soldier that swaps first: lowest rank, then rightmost file, among
        those whose owner has an eligible piece (house rule: else none)."""
        files = self.geometry.files
        for sq in sorted(self.geometry.squares(waiting), key=lambda s: (s // files, -s)):
            color = self.top[sq] >> 3
            if self.has_eligible(color):
                return sq
        return -1

    def has_eligible(self, color: Color) -> bool:
        """Has ``color`` a piece a promoting Soldier may swap with: a non-Soldier
        that is not the top piece of a stack on its end rank?"""
        blocked = self.colors[color] & self._end_ranks[color] & ~self.soldiers
        return self._officers[color] > blocked.bit_count()

    # -- rules ----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The pending swaps, else every move of the side to act; none once a General is covered."""
        if self.covered >= 0:
            return []
        if self.promo >= 0:
            return self.swaps()
        out: list[Action] = []
        self._generate(self, self.side, out)
        return out

    def swaps(self) -> list[Action]:
        """Every swap of the pending promotion's Soldier."""
        soldier = self.promo
        if soldier < 0:
            return []
        color = self.top[soldier] >> 3
        end = self._end_ranks[color]
        base = self._swap_flag | soldier << self._bits
        shift = self._carry_shift
        out = []
        for sq, stack in enumerate(self.stacks):
            last = len(stack) - 1
            for height, piece in enumerate(stack):
                if piece >> 3 == color and piece & 7 != SOLDIER and not (height == last and end >> sq & 1):
                    out.append(base | height << shift | sq)
        return out

    def is_action(self, action: int) -> bool:
        """Does the int encode an action of this board (legal here or not)?"""
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < self._swap_flag << 1:
            return False
        size, mask = self.geometry.num_squares, self._mask
        frm, to = action >> self._bits & mask, action & mask
        return frm < size and to < size and (frm != to or action & self._swap_flag != 0)

    def decode(self, action: Action) -> tuple[bool, int, int, int]:
        """(is a swap, from or Soldier square, to or chosen square, carry or height)."""
        mask = self._mask
        return (action & self._swap_flag != 0, action >> self._bits & mask, action & mask,
                action >> self._carry_shift & (MAX_STACK - 1))

    def is_capture(self, action: Action) -> bool:
        """Does the move put its piece on an enemy top?"""
        if action & self._swap_flag:
            return False
        target = self.top[action & self._mask]
        return target != EMPTY and target >> 3 != self.side

    def is_chance(self, action: Action) -> bool:
        return False

    def chance_outcomes(self, action: Action) -> list[tuple[int, float]]:
        return []

    def has_chance(self) -> bool:
        return False

    def chance_slots(self) -> list[int]:
        return []

    def pool_pieces(self) -> list[int]:
        return []

    def chance_slot(self, action: Action) -> int | None:
        return None

    def score(self, color: Color) -> int:
        """The value of ``color``'s pieces on top of their stacks: what it can still move."""
        top, values = self.top, self._values
        return sum(values[top[sq]] for sq in self.geometry.squares(self.colors[color]))

    def repetitions(self) -> int:
        """How often this position (board and side to move) has occurred; a
        position with a pending promotion is not counted (1)."""
        return 1 if self.promo >= 0 else self.seen.get(self.hash, 1)

    def search_key(self) -> int:
        """The hash (board, side to move; a pending promotion follows from them),
        plus the quiet count when the no-progress limit is near enough to matter."""
        limit = self._limit
        if limit and limit - self.quiet <= QUIET_HORIZON:
            return self.hash ^ (self.quiet + 1) * _QUIET_KEY & 0xFFFFFFFFFFFFFFFF
        return self.hash

    def outcome(self, actions: Sequence[Action] | None = None) -> Outcome | None:
        """The game's end, if it has ended: a covered General, a draw, or no action."""
        if self.covered >= 0:
            return self._finish(Termination.GENERAL_COVERED, self.covered ^ 1)
        limit = self._limit
        if limit and self.quiet >= limit:
            return self._finish(Termination.NO_PROGRESS, None)
        if self.promo < 0 and self.seen.get(self.hash, 0) >= 3:
            return self._finish(Termination.REPETITION, None)
        if not (actions if actions is not None else self.legal_actions()):
            return self._finish(Termination.NO_ACTIONS, self.side ^ 1)
        return None

    def _finish(self, termination: Termination, winner: Color | None) -> Outcome:
        return Outcome(termination, winner, (self.score(RED), self.score(BLACK)), by_score=False)

    # -- make / unmake ------------------------------------------------------------------
    def push(self, action: Action, outcome: int | None = None) -> None:
        """Play a legal action (unchecked: ``Game.play`` validates input).

        Saved for pop: the two stacks it changes, the quiet count and the hash;
        pop derives the rest (before any action no General is covered, before a
        move no promotion is pending, and before a swap its Soldier's was)."""
        mask, stacks = self._mask, self.stacks
        frm, to = action >> self._bits & mask, action & mask
        src, dst = stacks[frm], stacks[to]
        self._stack.append((action, src, dst, self.quiet, self.hash))
        if action & self._swap_flag:
            self._push_swap(frm, to, action >> self._carry_shift & (MAX_STACK - 1))
            return
        top, colors, heights, atleast = self.top, self.colors, self.heights, self.atleast
        carry = action >> self._carry_shift
        moving, target = top[frm], top[to]
        me = moving >> 3
        from_height, to_height = heights[frm], heights[to]
        z_pieces, z_black = self._zobrist
        z_from, z_to = z_pieces[frm], z_pieces[to]
        from_bit, to_bit = 1 << frm, 1 << to
        h = self.hash ^ z_black  # the side to move changes
        if carry == 0:
            stacks[frm], stacks[to] = src[:-1], dst + (moving,)
            h ^= z_from[from_height - 1][moving] ^ z_to[to_height][moving]
            atleast[from_height] ^= from_bit
            atleast[to_height + 1] ^= to_bit
            from_height -= 1
            to_height += 1
        else:
            cut = from_height - 1 - carry
            stacks[frm], stacks[to] = src[:cut], dst + src[cut:]
            for i in range(carry + 1):
                piece = src[cut + i]
                h ^= z_from[cut + i][piece] ^ z_to[to_height + i][piece]
                atleast[cut + 1 + i] ^= from_bit
                atleast[to_height + 1 + i] ^= to_bit
            from_height, to_height = cut, to_height + carry + 1
        heights[frm], heights[to] = from_height, to_height
        under = src[from_height - 1] if from_height else EMPTY
        top[frm], top[to] = under, moving
        colors[me] ^= from_bit
        soldiers = self.soldiers & ~(from_bit | to_bit)
        if under != EMPTY:
            colors[under >> 3] |= from_bit
            if under & 7 == SOLDIER:
                soldiers |= from_bit
        quiet = self.quiet + 1
        if target != EMPTY:
            if target >> 3 != me:
                colors[me ^ 1] ^= to_bit
                quiet = 0
            if target & 7 == GENERAL:
                self.covered = target >> 3
        colors[me] |= to_bit
        kind = moving & 7
        if kind == SOLDIER:
            soldiers |= to_bit
            quiet = 0
        elif kind == GENERAL:
            self.kings[me] = to
        self.soldiers = soldiers
        self.quiet = quiet
        self.turn = me ^ 1
        self.ply += 1
        self.hash = h
        if soldiers & (colors[RED] & self._end_ranks[RED] | colors[BLACK] & self._end_ranks[BLACK]):
            self._update_promotion()
        else:
            self.promo, self.side = -1, me ^ 1
        if self.promo < 0:
            self.seen[h] = self.seen.get(h, 0) + 1

    def _push_swap(self, soldier_sq: int, sq: int, height: int) -> None:
        """The Soldier on top of ``soldier_sq`` and the piece at (``sq``, ``height``) change places."""
        stacks = self.stacks
        soldier, piece = self.top[soldier_sq], stacks[sq][height]
        below = self.heights[soldier_sq] - 1
        stacks[soldier_sq] = stacks[soldier_sq][:below] + (piece,)
        chosen = stacks[sq]
        stacks[sq] = chosen[:height] + (soldier,) + chosen[height + 1:]
        z_pieces = self._zobrist[0]
        self.hash ^= (z_pieces[soldier_sq][below][soldier] ^ z_pieces[soldier_sq][below][piece]
                      ^ z_pieces[sq][height][piece] ^ z_pieces[sq][height][soldier])
        self._retop(soldier_sq)
        self._retop(sq)
        if piece & 7 == GENERAL:
            self.kings[piece >> 3] = soldier_sq
        self.quiet = 0
        self._update_promotion()
        if self.promo < 0:
            self.seen[self.hash] = self.seen.get(self.hash, 0) + 1

    def _retop(self, sq: int) -> None:
        """Read the square's top piece from its stack into ``top`` and the top bitboards."""
        stack, bit, colors = self.stacks[sq], 1 << sq, self.colors
        colors[0] &= ~bit
        colors[1] &= ~bit
        self.soldiers &= ~bit
        piece = stack[-1] if stack else EMPTY
        self.top[sq] = piece
        if piece != EMPTY:
            colors[piece >> 3] |= bit
            if piece & 7 == SOLDIER:
                self.soldiers |= bit

    def pop(self) -> Action:
        """Undo the last push exactly; returns its action."""
        if self.promo < 0:
            count = self.seen[self.hash]
            if count == 1:
                del self.seen[self.hash]
            else:
                self.seen[self.hash] = count - 1
        action, src, dst, self.quiet, self.hash = self._stack.pop()
        mask, stacks = self._mask, self.stacks
        frm, to = action >> self._bits & mask, action & mask
        stacks[frm], stacks[to] = src, dst
        self.covered = -1
        if action & self._swap_flag:
            self._retop(frm)
            self._retop(to)
            chosen = dst[action >> self._carry_shift & (MAX_STACK - 1)]
            if chosen & 7 == GENERAL:
                self.kings[chosen >> 3] = to
            self.promo, self.side = frm, src[-1] >> 3
            return action
        heights, atleast = self.heights, self.atleast
        from_height, old_from, old_to = heights[frm], len(src), len(dst)
        from_bit, to_bit = 1 << frm, 1 << to
        if old_from == from_height + 1:  # one piece moved
            atleast[old_from] ^= from_bit
            atleast[old_to + 1] ^= to_bit
        else:
            for i in range(from_height + 1, old_from + 1):
                atleast[i] ^= from_bit
            for i in range(old_to + 1, heights[to] + 1):
                atleast[i] ^= to_bit
        heights[frm], heights[to] = old_from, old_to
        mover, colors, top = src[-1], self.colors, self.top
        me = mover >> 3
        keep = ~(from_bit | to_bit)
        colors[0] &= keep
        colors[1] &= keep
        colors[me] |= from_bit
        soldiers = self.soldiers & keep
        top[frm] = mover
        if mover & 7 == SOLDIER:
            soldiers |= from_bit
        elif mover & 7 == GENERAL:
            self.kings[me] = frm
        if dst:
            target = top[to] = dst[-1]
            colors[target >> 3] |= to_bit
            if target & 7 == SOLDIER:
                soldiers |= to_bit
        else:
            top[to] = EMPTY
        self.soldiers = soldiers
        self.turn = self.side = me
        self.promo = -1
        self.ply -= 1
        return action

    @property
    def move_stack(self) -> list[Action]:
        return [entry[0] for entry in self._stack]

    # -- text and views ----------------------------------------------------------------
    def action_text(self, action: Action, outcome: int | None = None) -> str:
        """``a2-a3``, ``a1xa5``, ``b2-c3+1`` (an Advisor carrying one piece), ``a8=c1^0`` (a swap)."""
        names = self.geometry.square_names
        swap, frm, to, count = self.decode(action)
        if swap:
            return f"{names[frm]}={names[to]}^{count}"
        text = f"{names[frm]}{'x' if self._covers_enemy(frm, to) else '-'}{names[to]}"
        return f"{text}+{count}" if count else text

    def _covers_enemy(self, frm: int, to: int) -> bool:
        mover, target = self.top[frm], self.top[to]
        return target != EMPTY and mover != EMPTY and target >> 3 != mover >> 3

    def action_info(self, action: Action) -> ActionInfo:
        """Kind and squares; an Advisor on a stack says how many pieces it carries, a swap the height;
        ``loses`` when the move covers the mover's own General (legal only with ``suicide = allowed``)."""
        names = self.geometry.square_names
        swap, frm, to, count = self.decode(action)
        text = self.action_text(action)
        if swap:
            return ActionInfo(text, names[frm], names[to], "swap", choice=f"^{count}", height=count)
        kind = "capture" if self._covers_enemy(frm, to) else "move"
        covered = piece_letter(self.top[to]) if kind == "capture" else None
        loses = to == self.kings[self.top[frm] >> 3] if self.top[frm] != EMPTY else False  # covers its own General
        if self.top[frm] & 7 == ADVISOR and self.heights[frm] > 1:  # an Advisor that could carry
            return ActionInfo(text, names[frm], names[to], kind, captured=covered, choice=f"+{count}", carry=count,
                              loses=loses)
        return ActionInfo(text, names[frm], names[to], kind, captured=covered, loses=loses)

    def captured_by(self, action: Action, outcome: int | None) -> int | None:
        """Nothing ever leaves the board: a capture covers."""
        return None

    def square_text(self, sq: int) -> str | None:
        stack = self.stacks[sq]
        return "".join(piece_letter(piece) for piece in stack) if stack else None

    def public_info(self) -> dict[str, Any]:
        """The no-progress count and limit, and the pending promotion in words."""
        info: dict[str, Any] = {"quiet": self.quiet, "quiet_limit": self._limit}
        if self.promo >= 0:
            color = COLOR_NAMES[self.side]
            square = self.geometry.square_names[self.promo]
            info["note"] = Message("stack.promotion_pending", side=color, sq=square, next_side=COLOR_NAMES[self.turn])
        return info


# Fields a copy may share: values, or containers no push changes in place.
_SHARED = tuple(name for name in Position.__slots__ if name not in (
    "stacks", "top", "heights", "atleast", "colors", "kings", "seen", "_stack"))

__all__ = ["EMPTY", "MAX_STACK", "Position", "king_takes_king"]


if TYPE_CHECKING:  # mypy checks that a Position is what the move generator reads
    def _position_is_stacks(position: Position) -> Stacks:
        return position
