"""The AI's knowledge of the face-down games: evaluation and move ordering.

The evaluation estimates the final score difference from the side to move's
view: material by the active score table (with penalties), the expected
value of each side's face-down pieces, mobility, what each side can capture
right now, and, in general-loss games (gaiqi), a General that can be taken.
Weights live in :class:`FaceDownWeights` so the tuning script can change
them; the defaults are the tuned values.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ai.knowledge import Knowledge, Weights, utility
from ..core import GENERAL, SOLDIER
from ..gamestate import NO_SIDE
from .position import HIDDEN, Position
from .tables import TABLES

GENERAL_CAPTURE = 500.0  # general-loss variants: the side to move can take the enemy General


@dataclass(frozen=True)
class FaceDownWeights(Weights):
    pool: float = 0.55  # share of a face-down piece's value expected to survive
    mobility: float = 0.07  # per legal move more than the opponent
    attack: float = 0.30  # share of the best capture the side to move has
    threat: float = 0.27  # share of the best capture the opponent has (we move first)
    second_threat: float = 0.35  # share of the opponent's second-best capture


DEFAULT_WEIGHTS = FaceDownWeights()


def moves_and_summary(state: Position, color: int, moves: list[int] | None = None) -> tuple[int, int]:
    """(number of moves, bitboard of enemy pieces capturable) for ``color``;
    the moves themselves are appended to ``moves`` when it is given."""
    scan = state._movement.scan
    if scan is not None:
        return scan(state, color, moves)
    if moves is None:
        moves = []
    start = len(moves)
    state._movegen(state, color, moves)
    moves = moves[start:]
    mailbox, mask, captured = state.mailbox, state._mask, 0
    for action in moves:
        if mailbox[action & mask] < HIDDEN:
            captured |= 1 << (action & mask)
    return len(moves), captured


def _holds_general(state: Position, bitboard: int) -> bool:
    mailbox = state.mailbox
    return any(mailbox[sq] & 7 == GENERAL for sq in state.geometry.squares(bitboard))


def _two_largest(state: Position, bitboard: int) -> tuple[int, int]:
    """The values of the two most valuable pieces on ``bitboard`` (0 if absent)."""
    first = second = 0
    mailbox, values = state.mailbox, state._values
    for sq in state.geometry.squares(bitboard):
        value = values[mailbox[sq]]
        if value > first:
            first, second = value, first
        elif value > second:
            second = value
    return first, second


def difference(state: Position, weights: FaceDownWeights = DEFAULT_WEIGHTS,
               ours: tuple[int, int] | None = None) -> float:
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
    if state._general_loss and _holds_general(state, our_captures):
        return GENERAL_CAPTURE  # gaiqi: we take their General and win at once
    their_moves, their_captures = moves_and_summary(state, other)
    value += weights.mobility * (our_moves - their_moves)
    if our_captures:
        value += weights.attack * _two_largest(state, our_captures)[0]
    if their_captures:
        first, second = _two_largest(state, their_captures)
        value -= weights.threat * first + weights.second_threat * second
    return value


def evaluate(state: Position, weights: FaceDownWeights = DEFAULT_WEIGHTS, ours: tuple[int, int] | None = None) -> float:
    """Utility of a non-terminal position for the side to move."""
    return utility(difference(state, weights, ours))


def leaf_scan(state: Position) -> tuple[list[int], tuple[int, int] | None]:
    """The moves (flips need not be listed for ``outcome``) and the summary, in one scan."""
    actions: list[int] = []
    if state.side == NO_SIDE:
        return actions, None
    return actions, moves_and_summary(state, state.side, actions)


def captures(state: Position, actions: list[int]) -> list[int]:
    """Captures of revealed pieces, most valuable victim first, then least valuable attacker."""
    mailbox, values, bits, mask = state.mailbox, state._values, state._bits, state._mask
    found = []
    for action in actions:
        to, frm = action & mask, action >> bits
        target = mailbox[to]
        if target < HIDDEN and frm != to:
            found.append((values[target] * 16 - values[mailbox[frm]], action))
    found.sort(reverse=True)
    return [action for _, action in found]


def attacked_face_down(state: Position, color: int) -> int:
    """Bitboard of the face-down squares ``color``'s pieces could take if an
    enemy appeared there: the capture targets of ``color`` with every face-down
    square counted as an enemy (holding an enemy Soldier where the variant's
    capture rules look at the victim's kind)."""
    hidden = state.hidden
    if not hidden or not state.colors[color]:
        return 0
    enemy = color ^ 1
    saved = state.colors[enemy]
    # hdc2's scan ignores the victim's kind: no stand-ins needed there
    stand_ins = () if state._movement.scan is not None else state.geometry.squares(hidden)
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


def flip_risk_order(state: Position, flips: list[int]) -> list[int]:
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
    mask = state._mask

    def score(action: int) -> float:
        bit = 1 << (action & mask)
        s = 0.0
        if enemy_attacks & bit:
            s -= our_avg
        if our_attacks & bit:
            s += 0.5 * their_avg
        return s

    return sorted(flips, key=score, reverse=True)


def order(state: Position, actions: list[int], tt_move: int, killers: list[int], history,
          chance_keep: int | None, rng) -> list[int]:
    """The hash move, captures (MVV-LVA), killers, the most promising flips, then
    the other quiet moves by history (moves that cost a repetition penalty last);
    a blind capture (gaiqi) is a gamble, ordered with the quiet moves."""
    mailbox, values, bits, mask = state.mailbox, state._values, state._bits, state._mask
    captured, quiets, flips = [], [], []
    killer_count = 0
    for action in actions:
        to = action & mask
        frm = action >> bits
        if frm == to:
            flips.append(action)
            continue
        if action == tt_move:
            continue
        target = mailbox[to]
        if target < HIDDEN:
            captured.append((values[target] * 16 - values[mailbox[frm]], action))
        elif target == HIDDEN:
            quiets.append((history[action], action))
        elif action in killers:
            quiets.append((1 << 30, action))
            killer_count += 1
        else:
            penalty = -(1 << 20) if state.is_penalised(action) else 0
            quiets.append((history[action] + penalty, action))
    ordered = [tt_move] if tt_move >= 0 and tt_move in actions else []
    captured.sort(reverse=True)
    quiets.sort(reverse=True)
    ordered += [a for _, a in captured]
    chosen: list[int] = []
    if flips and chance_keep != 0:
        if state.side == NO_SIDE:
            rng.shuffle(flips)
        else:
            flips = flip_risk_order(state, flips)
        keep = len(flips) if chance_keep is None else chance_keep
        chosen = [f for f in flips[:keep] if f != tt_move]
    # flips right after the captures and killers, before other quiet moves
    ordered += [a for _, a in quiets[:killer_count]] + chosen + [a for _, a in quiets[killer_count:]]
    return ordered


KNOWLEDGE = Knowledge(
    name="face-down",
    weights=DEFAULT_WEIGHTS,
    evaluate=evaluate,
    estimate=difference,
    leaf_scan=leaf_scan,
    captures=captures,
    order=order,
    tables=TABLES,
)

__all__ = ["DEFAULT_WEIGHTS", "KNOWLEDGE", "FaceDownWeights", "attacked_face_down", "difference", "evaluate",
           "flip_risk_order", "moves_and_summary"]
