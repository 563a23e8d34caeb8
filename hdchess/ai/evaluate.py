"""Static evaluation of a public position, in points from the side to move's view.

The features are those of the game: material by the active score table (with
penalties), the expected value of each side's face-down pieces, mobility,
what each side can capture right now, and the risk of the pieces a flip may
reveal. Weights live in :class:`Weights` so the tuning script can change them;
the defaults are the tuned values.

A position's value estimates the final score difference. The search maps
differences through :func:`utility` so that a sure win counts for more than
a gamble with the same expected margin.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields

from ..core import GENERAL, HIDDEN, SOLDIER, squares
from ..state import NO_SIDE, State

GENERAL_CAPTURE = 500.0  # general-loss variants: the side to move can take the enemy General
WIN_BONUS = 30.0  # utility of winning, in points, on top of the score difference
_SPREAD = 3.0  # score difference at which an estimate is treated as about three-quarters won


def utility(difference: float) -> float:
    """Utility of an (expected) final score difference for the side it favours."""
    return difference + WIN_BONUS * math.tanh(difference / _SPREAD)


def terminal_utility(difference: float) -> float:
    """Utility of an exact final difference: winning is worth WIN_BONUS more."""
    if difference > 0:
        return difference + WIN_BONUS
    if difference < 0:
        return difference - WIN_BONUS
    return 0.0


@dataclass(frozen=True)
class Weights:
    pool: float = 0.55  # share of a face-down piece's value expected to survive
    mobility: float = 0.07  # per legal move more than the opponent
    attack: float = 0.30  # share of the best capture the side to move has
    threat: float = 0.27  # share of the best capture the opponent has (we move first)
    second_threat: float = 0.35  # share of the opponent's second-best capture

    def as_dict(self) -> dict[str, float]:
        return asdict(self)

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]


DEFAULT_WEIGHTS = Weights()


def moves_and_summary(state: State, color: int, moves: list[int] | None = None) -> tuple[int, int]:
    """(number of moves, bitboard of enemy pieces capturable) for ``color``;
    the moves themselves are appended to ``moves`` when it is given."""
    scan = state.spec.scan
    if scan is not None:
        return scan(state, color, moves)
    if moves is None:
        moves = []
    start = len(moves)
    state.spec.movegen(state, color, moves)
    moves = moves[start:]
    mailbox, captured = state.mailbox, 0
    for action in moves:
        if mailbox[action & 31] < HIDDEN:
            captured |= 1 << (action & 31)
    return len(moves), captured


def _holds_general(state: State, bitboard: int) -> bool:
    mailbox = state.mailbox
    return any(mailbox[sq] & 7 == GENERAL for sq in squares(bitboard))


def _two_largest(state: State, bitboard: int) -> tuple[int, int]:
    """The values of the two most valuable pieces on ``bitboard`` (0 if absent)."""
    first = second = 0
    mailbox, values = state.mailbox, state._values
    for sq in squares(bitboard):
        value = values[mailbox[sq]]
        if value > first:
            first, second = value, first
        elif value > second:
            second = value
    return first, second


def difference(state: State, weights: Weights = DEFAULT_WEIGHTS, ours: tuple[int, int] | None = None) -> float:
    """Expected final score difference for the side to move (points).

    ``ours`` may pass :func:`moves_and_summary` of the side to move, already computed.
    """
    side = state.side
    if side == NO_SIDE:
        return 0.0
    other = side ^ 1
    pools = state.pool_value
    value = state.score(side) - state.score(other) + weights.pool * (pools[side] - pools[other])
    our_moves, our_captures = ours or moves_and_summary(state, side)
    if state.spec.general_loss and _holds_general(state, our_captures):
        return GENERAL_CAPTURE  # gaiqi: we take their General and win at once
    their_moves, their_captures = moves_and_summary(state, other)
    value += weights.mobility * (our_moves - their_moves)
    if our_captures:
        value += weights.attack * _two_largest(state, our_captures)[0]
    if their_captures:
        first, second = _two_largest(state, their_captures)
        value -= weights.threat * first + weights.second_threat * second
    return value


def evaluate(state: State, weights: Weights = DEFAULT_WEIGHTS, ours: tuple[int, int] | None = None) -> float:
    """Utility of a non-terminal position for the side to move."""
    return utility(difference(state, weights, ours))


def flip_risk_order(state: State, flips: list[int]) -> list[int]:
    """Flips ordered from most to least promising, by a cheap look at who
    attacks each face-down square: a piece revealed where the opponent can
    take it is likely lost if it is ours; where we attack, it is a target if
    it is theirs."""
    side = state.side
    if side == NO_SIDE or len(flips) <= 1:
        return flips
    n = state.hidden.bit_count()
    pools = state.pool_value
    our_avg = pools[side] / n
    their_avg = pools[side ^ 1] / n
    enemy_attacks, our_attacks = attacked_face_down(state, side ^ 1), attacked_face_down(state, side)

    def score(action: int) -> float:
        bit = 1 << (action & 31)
        s = 0.0
        if enemy_attacks & bit:
            s -= our_avg
        if our_attacks & bit:
            s += 0.5 * their_avg
        return s

    return sorted(flips, key=score, reverse=True)


def attacked_face_down(state: State, color: int) -> int:
    """Bitboard of the face-down squares ``color``'s pieces could take if an
    enemy appeared there: the capture targets of ``color`` with every face-down
    square counted as an enemy (holding an enemy Soldier where the variant's
    capture rules look at the victim's kind)."""
    hidden = state.hidden
    if not hidden or not state.colors[color]:
        return 0
    enemy = color ^ 1
    saved = state.colors[enemy]
    stand_ins = () if state.spec.scan is not None else squares(hidden)  # hdc2's scan ignores the victim
    mailbox = state.mailbox
    for sq in stand_ins:
        mailbox[sq] = enemy * 8 + SOLDIER
    state.colors[enemy] = saved | hidden
    try:
        return moves_and_summary(state, color)[1] & hidden
    finally:
        state.colors[enemy] = saved
        for sq in stand_ins:
            mailbox[sq] = HIDDEN


__all__ = ["DEFAULT_WEIGHTS", "Weights", "attacked_face_down", "difference", "evaluate", "flip_risk_order",
           "moves_and_summary", "terminal_utility", "utility"]
