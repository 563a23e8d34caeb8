"""The AI's knowledge of the stacking game: evaluation and move ordering.

Nothing leaves the board, so material is about *where* pieces are: a piece on
top moves and counts fully; a piece under its own side's top is safe but
idle until the top leaves; a piece under an enemy is a prisoner, freed only
when the enemy moves off. The game is won by covering the enemy General, so
the evaluation also looks at who can reach each General, at Soldiers near
their promotion, at mobility and at the best cover each side has next.

Values are points from the view of the side to act, used as they are: with
no chance in the game there is no gamble for a utility curve to weigh, and
they stay far below the search's win value (a whole side's material is under
100 points; a cover of the enemy General that the side to move has is
:data:`COVER_NOW`). Weights live in :class:`StackWeights`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..knowledge import Knowledge, Weights, two_largest
from .position import Position

COVER_NOW = 500.0  # the side to move can cover the enemy General: a win next move


@dataclass(frozen=True)
class StackWeights(Weights):
    under_own: float = 0.7  # share of a piece's value while it lies under its own side's top
    prisoner: float = 0.3  # share while it lies under an enemy top
    mobility: float = 0.05  # per move more than the opponent
    attack: float = 0.3  # share of the best enemy top the side to move can cover
    threat: float = 0.3  # share of the best own top the opponent can cover (we move first)
    second_threat: float = 0.35  # share of the opponent's second-best cover
    exposed: float = 2.0  # our General could be covered by the opponent's next move
    advance: float = 1.2  # a Soldier on top one rank from promotion (half that two ranks away, ...)
    promotion: float = 3.0  # the side to act swaps a promoting Soldier now


DEFAULT_WEIGHTS = StackWeights()


def material(state: Position, weights: StackWeights = DEFAULT_WEIGHTS) -> tuple[float, float]:
    """(red, black) material by where each piece lies: on top, under its own side, a prisoner."""
    values, stacks = state._values, state.stacks
    totals = [0.0, 0.0]
    under_own, prisoner = weights.under_own, weights.prisoner
    for sq in state.geometry.squares(state.colors[0] | state.colors[1]):
        stack = stacks[sq]
        owner = stack[-1] >> 3
        totals[owner] += values[stack[-1]]
        for piece in stack[:-1]:
            color = piece >> 3
            totals[color] += values[piece] * (under_own if color == owner else prisoner)
    return totals[0], totals[1]


def _soldier_progress(state: Position, color: int) -> float:
    """Sum over ``color``'s top Soldiers of 1 / (ranks still to go)."""
    ranks, files = state.geometry.ranks, state.geometry.files
    total = 0.0
    for sq in state.geometry.squares(state.soldiers & state.colors[color]):
        rank = sq // files
        to_go = ranks - 1 - rank if color == 0 else rank
        if to_go:
            total += 1.0 / to_go
    return total


def _two_largest(state: Position, bitboard: int) -> tuple[int, int]:
    """The values of the two most valuable tops on ``bitboard`` (0 if absent)."""
    return two_largest(state.top, state._values, state.geometry.squares(bitboard))


def difference(state: Position, weights: StackWeights = DEFAULT_WEIGHTS, ours: tuple[int, int] | None = None,
               siblings: dict[Any, Any] | None = None) -> float:
    """Expected advantage of the side to act, in points.

    ``ours`` may pass the side to act's (number of moves, enemy tops they cover), already
    scanned; ``siblings`` is not used (Cheight has no chance actions).
    """
    me = state.side
    them = me ^ 1
    red, black = material(state, weights)
    value = (red - black) if me == 0 else (black - red)
    value += weights.advance * (_soldier_progress(state, me) - _soldier_progress(state, them))
    if state.promo >= 0:  # the side to act swaps first; the moves come after
        return value + weights.promotion
    summary = state._movement.summary
    our_moves, our_covers = ours or summary(state, me)
    if our_covers >> state.kings[them] & 1:
        return COVER_NOW
    their_moves, their_covers = summary(state, them)
    value += weights.mobility * (our_moves - their_moves)
    if our_covers:
        value += weights.attack * _two_largest(state, our_covers)[0]
    if their_covers:
        if their_covers >> state.kings[me] & 1:
            value -= weights.exposed
        first, second = _two_largest(state, their_covers)
        value -= weights.threat * first + weights.second_threat * second
    return value


def leaf_scan(state: Position) -> tuple[list[int], tuple[int, int] | None]:
    """The legal actions and, when they are moves, the side to act's summary."""
    actions = state.legal_actions()
    if state.promo >= 0 or state.covered >= 0:
        return actions, None
    return actions, state._movement.summary(state, state.side)


def _cover_value(state: Position, action: int) -> int:
    """How good a cover is: the enemy General above all, then the victim's value, cheap movers first."""
    mask = state._mask
    to, frm = action & mask, action >> state._bits & mask
    target, values = state.top[to], state._values
    if to == state.kings[state.side ^ 1]:
        return 1 << 20
    return values[target] * 16 - values[state.top[frm]]


def _swap_value(state: Position, action: int) -> int:
    """A swap brings a piece to the Soldier's place on top: the stronger, and the more it was buried, the better."""
    _, _, sq, height = state.decode(action)
    stack = state.stacks[sq]
    piece = stack[height]
    freed = 2 if stack[-1] >> 3 != piece >> 3 else 1 if height < len(stack) - 1 else 0
    return state._values[piece] * 4 + freed


def captures(state: Position, actions: list[int]) -> list[int]:
    """Covers of enemy tops, best first (with a promotion pending: its swaps, which must be made)."""
    if state.promo >= 0:
        return sorted(actions, key=lambda a: -_swap_value(state, a))
    is_capture = state.is_capture
    found = [(_cover_value(state, action), action) for action in actions if is_capture(action)]
    found.sort(reverse=True)
    return [action for _, action in found]


def order(state: Position, actions: list[int], tt_move: int, killers: list[int], history: Mapping[int, int],
          chance_keep: int | None, rng: random.Random) -> list[int]:
    """The hash move, covers (the enemy General first, then by victim), killers,
    the other moves by history; a move that covers its own General comes last."""
    if state.promo >= 0:
        ordered = captures(state, actions)
    else:
        mask, own_general = state._mask, state.kings[state.side]
        is_capture = state.is_capture
        covers, quiets, suicides = [], [], []
        for action in actions:
            if action == tt_move:
                continue
            if is_capture(action):
                covers.append((_cover_value(state, action), action))
            elif action & mask == own_general:
                suicides.append(action)
            elif action in killers:
                quiets.append((1 << 30, action))
            else:
                quiets.append((history[action], action))
        covers.sort(reverse=True)
        quiets.sort(reverse=True)
        ordered = [a for _, a in covers] + [a for _, a in quiets] + suicides
    if tt_move >= 0 and tt_move in actions:
        ordered = [tt_move] + [a for a in ordered if a != tt_move]
    return ordered


KNOWLEDGE = Knowledge(
    name="stacks",
    weights=DEFAULT_WEIGHTS,
    evaluate=difference,
    estimate=difference,
    leaf_scan=leaf_scan,
    captures=captures,
    order=order,
)

__all__ = ["DEFAULT_WEIGHTS", "KNOWLEDGE", "StackWeights", "captures", "difference", "leaf_scan",
           "material", "order"]
