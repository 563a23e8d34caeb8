"""Score tables (hdc2): the final score difference under best play.

With nothing face-down, hdc2 ends when the side to move has no move, or
when the no-progress count runs out; then the material on the board (minus
penalties) decides. A table entry is the rest of the game's worth for the
side to move: final material difference minus future penalty points, each
side playing to maximise its own difference. Penalties already taken are
added by the prober (they only shift the score).

**The no-progress rule.** The value depends on the plies left,
``r = no_progress_plies - quiet``: with r = 0 the game is over; a quiet move
leads to r - 1, a capture restarts the count in a smaller material. So
tables are layered by r, computed from r = 1 up, and stored as *breakpoints*
(the r where an entry changes). When a whole layer equals the one before,
every later layer does too and the computation stops there.

**The repetition penalty.** Moving a piece straight back to the square it
left on your previous turn costs points, so the state must remember each
side's last move. Carrying both in every entry would multiply the tables by
the square of the number of moves; the tables carry one of them:

- the entry is a *half-state*: placement, r, and the opponent's pending
  reversal (their last move, backwards: the move that would cost *them* at
  their next turn; "none" when it cannot ever be a quiet move);
- it stores U, the best value over all moves as if none were penalised, the
  best move M if it is the only one reaching U, and S, the best value of
  the other moves;
- the side to move's own penalised move P (its last move backwards) costs
  only when it is M: the value is U if P != M, else max(U - points, S).

A child's entry is the half-state whose pending reversal is the move just
played, and the parent's pending reversal becomes the child's P. That
recursion is exact with the one fact per entry.

**Threefold repetition** is not in the state: a table value is that of the
game in which no position occurs a third time. (In win/loss games the
tables prove repetitions harmless; a score game has no such argument.)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from enum import Enum
from itertools import accumulate
from typing import TYPE_CHECKING, Final, TypeAlias, Union, cast

from ..position import EMPTY, Position
from .classes import MaterialClasses
from .files import TableArray
from .moves import Mover
from .space import SYMMETRIES, material

if TYPE_CHECKING:
    from ...rules import Ruleset

NONE = 0  # no pending reversal (0 << 5 | 0 is no move)
STOP = -128  # an entry's best move M when it is not unique


Reach = tuple[tuple[int, ...], ...]  # per kind, per square: a bit set of squares


def empty_reach(ruleset: Ruleset) -> Reach:
    """Per kind, per square: the squares a lone piece could move to (quiet moves
    on an empty board); a reversal outside them can never be played."""
    state = cast(Position, ruleset.new_state())  # a face-down ruleset (the only kind with these tables)
    state.hidden, state.pool, state.side = 0, [0] * 16, 0
    movegen = ruleset.movement.movegen
    reach = []
    for kind in range(8):
        per_square = []
        for sq in range(32):
            state.mailbox = [EMPTY] * 32
            state.mailbox[sq] = kind
            state.colors, state.occupied = [1 << sq, 0], 1 << sq
            out: list[int] = []
            movegen(state, 0, out)
            per_square.append(sum(1 << (a & 31) for a in out))
        reach.append(tuple(per_square))
    return tuple(reach)


def reversals(pieces: Sequence[int], squares: Sequence[int], reach: Reach) -> list[int]:
    """The pending reversals of a placement: none, then each of the other side's
    pieces (on Y) back to an empty square X it could have come from, coded Y << 5 | X."""
    occupied = sum(1 << sq for sq in squares)
    found = [NONE]
    for piece, y in zip(pieces, squares):
        if piece >= 8:
            empty = reach[piece & 7][y] & ~occupied
            found += [y << 5 | x for x in range(32) if empty >> x & 1]
    return sorted(found)


class Layered:
    """A solved material: half-state keys, and per half-state its breakpoints."""

    def __init__(self, keys: array[int], starts: array[int], rs: TableArray, best: TableArray,
                 moves: TableArray, second: TableArray) -> None:
        self.keys, self.starts = keys, starts  # half-state h: breakpoints starts[h]:starts[h + 1]
        self.rs, self.best, self.moves, self.second = rs, best, moves, second

    def half_state(self, index: int, pending: int) -> int:
        from bisect import bisect_left

        key = index << 10 | pending
        at = bisect_left(self.keys, key)
        if at == len(self.keys) or self.keys[at] != key:
            raise KeyError(key)
        return at

    def final(self, h: int) -> tuple[int, int, int]:
        """(U, M, S) with every ply left (the entry after a capture restarts the count)."""
        at = self.starts[h + 1] - 1
        return self.best[at], self.moves[at], self.second[at]

    def triple(self, h: int, r: int) -> tuple[int, int, int]:
        """(U, M, S) of half-state ``h`` with ``r`` plies left."""
        at = self.starts[h]
        end = self.starts[h + 1]
        rs = self.rs
        while at + 1 < end and rs[at + 1] <= r:
            at += 1
        return self.best[at], self.moves[at], self.second[at]


def worth(triple: tuple[int, int, int], penalised: int, points: int) -> int:
    """The value of a half-state for a side whose penalised move is ``penalised``."""
    best, move, second = triple
    if move == STOP or move != penalised:
        return best
    return max(best - points, second)


# where a move leads: a half-state of this group (QUIET), one of a smaller table (its Layered),
# or the game's end (None, with the final material as the target)
Plan = list[tuple[Union["_Quiet", "Layered", None], int, int, int, int]]


def solve_unit(ruleset: Ruleset, unit: tuple[tuple[int, ...], ...], classes: MaterialClasses,
               known: Mapping[tuple[int, ...], Layered], reach: Reach, limit: int) -> dict[tuple[int, ...], Layered]:
    """Solve a group of score tables; returns {key: Layered}."""
    points = ruleset["repetition_penalty"]
    values = ruleset.piece_values
    # half-states: per placement, a run of pending reversals (none first)
    boards: list[tuple[tuple[int, ...], int, tuple[int, ...], int, int]] = []  # (key, index, squares, first, count)
    pending_codes: list[int] = []
    diffs: list[int] = []
    where: dict[tuple[tuple[int, ...], int], tuple[int, int]] = {}
    for key in unit:
        pieces = material(key).pieces
        diff = sum(values[p] if p < 8 else -values[p] for p in pieces)
        for index, squares in material(key).placements():
            codes = reversals(pieces, squares, reach) if points else [NONE]
            where[(key, index)] = (len(pending_codes), len(codes))
            boards.append((key, index, squares, len(pending_codes), len(codes)))
            pending_codes += codes
            diffs += [diff] * len(codes)
    size = len(pending_codes)
    # every placement's moves: where each leads (a half-state here, one of a smaller table, or the end)
    plans: list[tuple[int, int, Plan]] = []
    movers = {key: Mover(ruleset, key, classes) for key in unit}
    for key, _, squares, first, count in boards:
        mover = movers[key]
        pieces = mover.material.pieces
        plan: Plan = []
        for slot, to, captured, child, child_index in mover.moves(squares):
            frm = squares[slot]
            if child.terminal:  # the other side has nothing left: the game ends at its turn
                plan.append((None, sum(values[p] for p in pieces if p < 8), frm, to, 0))
                continue
            after = list(squares)
            after[slot] = to
            sym = child.symmetry(after)
            image = SYMMETRIES[sym]
            back = image[to] << 5 | image[frm] if points and reach[pieces[slot] & 7][to] >> frm & 1 else NONE
            if captured < 0:
                base, count_there = where[(child.key, child_index)]
                plan.append((QUIET, pending_codes.index(back, base, base + count_there), frm, to, sym))
            else:
                layered = known[child.key]
                plan.append((layered, layered.half_state(child_index, back), frm, to, sym))
        plans.append((first, count, plan))
    best, move, second = array("h", diffs), array("h", [STOP]) * size, array("h", diffs)  # r = 0: over
    layers = [(best, move, second)]
    for _ in range(1, limit + 1):
        new_best, new_move, new_second = array("h", best), array("h", move), array("h", second)
        for first, count, plan in plans:
            if not plan:
                continue  # no move: the game ends, worth the material (as at r = 0)
            for h in range(first, first + count):
                pending = pending_codes[h]
                top, top_move, runner, ties = -10_000, STOP, -10_000, 0
                for kind, target, frm, to, sym in plan:
                    if kind is None:
                        q = target
                    else:
                        theirs = -1  # their way back, as a move in the child (unless we moved onto it)
                        if pending and pending & 31 != to:
                            image = SYMMETRIES[sym]
                            theirs = image[pending >> 5] << 5 | image[pending & 31]
                        if kind is QUIET:
                            q = -worth((best[target], move[target], second[target]), theirs, points)
                        else:
                            q = -worth(kind.final(target), theirs, points)
                    if q > top:
                        top, runner, top_move, ties = q, top, frm << 5 | to, 1
                    elif q == top:
                        ties += 1
                    elif q > runner:
                        runner = q
                new_best[h] = top
                new_move[h] = top_move if ties == 1 else STOP
                new_second[h] = runner if ties == 1 else top
        layers.append((new_best, new_move, new_second))
        if new_best == best and new_move == move and new_second == second:
            break  # a layer like the one before: so are all the later ones
        best, move, second = new_best, new_move, new_second
    result: dict[tuple[int, ...], Layered] = {}
    for key in unit:
        runs = [(index, first, count) for k, index, _, first, count in boards if k == key]
        result[key] = _pack(runs, pending_codes, layers)
    return result


class _Quiet(Enum):
    """The mark of a quiet move in a plan (an enum member, so that ``is`` tells it apart)."""

    QUIET = "quiet"


QUIET: Final = _Quiet.QUIET


Layer: TypeAlias = "tuple[array[int], array[int], array[int]]"  # (U, M, S) of every half-state, r plies left


def _pack(runs: list[tuple[int, int, int]], pending_codes: list[int], layers: list[Layer]) -> Layered:
    """Breakpoints (from r = 1) of the half-states of one material's placements."""
    keys, starts = array("q"), array("l")
    rs, best, moves, second = array("B"), array("h"), array("h"), array("h")
    for index, first, count in runs:
        for h in range(first, first + count):
            keys.append(index << 10 | pending_codes[h])
            starts.append(len(rs))
            previous: tuple[int, int, int] | None = None
            for r in range(1, len(layers)):
                b, m, s = layers[r]
                triple = (b[h], m[h], s[h])
                if triple != previous:
                    rs.append(r)
                    best.append(triple[0])
                    moves.append(triple[1])
                    second.append(triple[2])
                    previous = triple
    starts.append(len(rs))
    return Layered(keys, starts, rs, best, moves, second)


def packed(layered: Layered) -> dict[str, TableArray]:
    """A table's arrays as a file stores them: keys as steps and breakpoint counts
    instead of offsets, which compress to a fraction."""
    keys, starts = layered.keys, layered.starts
    return {"key_steps": array("l", (b - a for a, b in zip((0, *keys), keys))),
            "counts": array("B", (b - a for a, b in zip(starts, starts[1:]))),
            "rs": layered.rs, "best": layered.best, "moves": layered.moves, "second": layered.second}


def unpacked(arrays: Mapping[str, TableArray]) -> Layered:
    """The inverse of :func:`packed`."""
    keys = array("q", accumulate(arrays["key_steps"]))
    starts = array("l", accumulate(arrays["counts"], initial=0))
    return Layered(keys, starts, arrays["rs"], arrays["best"], arrays["moves"], arrays["second"])
