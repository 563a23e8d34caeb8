"""The AI's knowledge of the face-down games: evaluation and move ordering.

The evaluation estimates the final score difference (points) from the side
to move's view as a weighted sum of features of the position
(:data:`FEATURES`): material by the active score table (penalties included,
weight 1: the scale), the expected value of each side's face-down pieces,
mobility, the best capture each side has, the face-down squares each side
attacks (what a flip there may give or lose), which pieces can still take
which (banqi's rank order), and in general-loss games (gaiqi) the danger to
each General, face-up or face-down. The weights are per variant, fitted on
self-play games (``python -m hdchess.lab.texel``) and kept as data in
``weights.json`` beside this module. Under banqi's house rules (chains, the
charging Chariot) :mod:`.house_knowledge` adds its terms, and only then.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from ..core import CANNON, GENERAL, RED, make_piece
from ..knowledge import DECISIVE, Knowledge, Weights, two_largest, utility
from ..vocabulary import NO_SIDE
from . import house_knowledge
from .book import book_move
from .position import HIDDEN, NO_CHASE, Position
from .tables import TABLES

if TYPE_CHECKING:
    from ..rules import Ruleset

GENERAL_CAPTURE = 500.0  # general-loss variants: the side to move can take the enemy General
WIN_LOSS_RANGE = 0.9 * DECISIVE  # win/loss games: a sure advantage, below a game actually won
CONVERTING_LEAD = 10.0  # win/loss games: a lead at which a level plays to win once all is face-up
POINTS_EDGE = 60.0  # win/loss games: the largest lead, in points, a value is read back as (in_points)
FEATURES = ("material", "pool", "mobility", "attack", "threat", "second_threat", "exposure", "opportunity",
            "dominance", "general_threat", "blind_risk", "blind_chance", "endgame_mobility",
            "hidden_general", "blind_edge", "exchange_attack", "exchange_threat", "exchange_second",
            "late_pool", "tempo", "predator")


@dataclass(frozen=True)
class FaceDownWeights(Weights):
    """One weight per feature but material (its weight is 1: points are the scale)."""

    SHAPES: ClassVar[tuple[str, ...]] = ("predator_top", "predator_ratio", "predator_general", "predator_cannon",
                                         "predator_pool", "scale")

    pool: float = 0.55  # share of a face-down piece's value expected to survive
    mobility: float = 0.07  # per legal move more than the opponent
    attack: float = 0.30  # share of the best capture the side to move has
    threat: float = 0.27  # share of the best capture the opponent has (we move first)
    second_threat: float = 0.35  # share of the opponent's second-best capture
    exposure: float = 0.0  # our expected pieces under the opponent's attack, face-down
    opportunity: float = 0.0  # their expected pieces under our attack, face-down
    dominance: float = 0.0  # rank order: enemy pieces ours can take, less ours theirs can take
    general_threat: float = 0.0  # our face-up General can be taken (the opponent moves next)
    blind_risk: float = 0.0  # chance that a blind capture by the opponent takes our face-down General
    blind_chance: float = 0.0  # chance that our blind capture takes their face-down General
    endgame_mobility: float = 0.0  # mobility, more as the face-down pieces run out
    hidden_general: float = 0.0  # +1 when only their General is face-down, -1 when only ours is
    blind_edge: float = 0.0  # hidden_general, when the side it favours has a blind capture to make
    # banqi (variants whose Movement gives ``attackers``): a capture less the piece it
    # loses when the capturer can be taken back, our best and their best two
    exchange_attack: float = 0.0
    exchange_threat: float = 0.0
    exchange_second: float = 0.0
    late_pool: float = 0.0  # the pool difference, more as the face-down pieces run out
    tempo: float = 0.0  # the move, more as the face-down pieces run out
    # banqi (variants whose Movement gives ``victims``): each piece valued by how many
    # enemies that can take it are still alive (:func:`predator_values`) in place of
    # the score table; at 1 the table's material is replaced whole, at 0 it is unused
    predator: float = 0.0
    # the shape of those values (not features: they are not summed, the fit leaves them)
    predator_top: float = 23.0  # points: a piece no live enemy can take by stepping
    predator_ratio: float = 0.49  # its value times this for each live enemy that can take it
    predator_general: float = 0.78  # the General: times this for each live enemy Soldier
    predator_cannon: float = 11.0  # points: the Cannon, which takes anything by a jump
    predator_pool: float = 0.55  # share of a face-down piece's predator value counted
    # win/loss games: the points of difference at which a game is won about 73% of the
    # time (the Texel fit's logistic scale); the evaluation is then a win probability
    scale: float = 8.0
    # banqi's house rules (RULES.md 4.1), read only when one is on (house_knowledge.py,
    # its weights in house_weights.json): a charging Chariot's worth, chains' threats
    rush_chariot: float = 0.0
    rush_lines: float = 0.0
    chain_threat: float = 0.0
    chain_attack: float = 0.0


def load_weights(variant: str) -> FaceDownWeights:
    """The fitted weights of a variant (weights.json, the house rules' in house_weights.json);
    the defaults where it has none."""
    table = json.loads(resources.files(__package__).joinpath("weights.json").read_text(encoding="utf-8"))
    known = {f.name for f in fields(FaceDownWeights)}
    weights = {k: float(v) for k, v in table.get(variant, {}).items() if k in known}
    return FaceDownWeights(**{**weights, **house_knowledge.house_weights(variant)})  # and the house rules'


def _holds_general(state: Position, bitboard: int) -> bool:
    mailbox = state.mailbox
    return any(mailbox[sq] & 7 == GENERAL for sq in state.geometry.squares(bitboard))


_DOMINANCE: dict[tuple[int, ...], float] = {}  # by the pieces face-up and face-down, for red to move
_DOMINANCE_SIZE = 1 << 16  # entries kept before the cache starts again (a few MB)


def _dominance(state: Position, side: int, victims: tuple[int, ...]) -> float:
    """Rank order (banqi): for each face-up piece, the share of the enemy's pieces
    (face-up or face-down) it may capture, summed; ours less theirs. It depends on
    the material alone, which a search changes seldom: kept by it (``_DOMINANCE``)."""
    shown, pool = state.shown, state.pool
    key = (id(victims), *shown, *pool)
    found = _DOMINANCE.get(key)
    if found is None:
        if len(_DOMINANCE) >= _DOMINANCE_SIZE:
            _DOMINANCE.clear()
        found = _DOMINANCE[key] = _red_dominance(shown, pool, victims)
    return found if side == RED else -found


def _red_dominance(counts: list[int], pool: list[int], victims: tuple[int, ...]) -> float:
    alive = [counts[p] + pool[p] for p in range(16)]
    total = [sum(alive[c * 8:c * 8 + 8]) or 1 for c in (0, 1)]
    result = 0.0
    for piece in range(16):
        if counts[piece]:
            color, mask = piece >> 3, victims[piece & 7]
            prey = sum(alive[(color ^ 1) * 8 + kind] for kind in range(8) if mask >> kind & 1) / total[color ^ 1]
            result += counts[piece] * prey if color == RED else -counts[piece] * prey
    return result


_PREDATOR: dict[int, tuple[FaceDownWeights, tuple[int, ...], dict[tuple[int, ...], float]]] = {}
_PREDATOR_SIZE = 1 << 16  # entries kept, per weights, before the cache starts again


def _predator(state: Position, side: int, victims: tuple[int, ...], weights: FaceDownWeights) -> float:
    """The predator-count material less the score table's, ours less theirs (banqi):
    a piece is worth more as the enemies that can take it leave the board, which the
    table's fixed values cannot say (an Elephant with no Advisor or General left against
    it is as safe as a General). Like dominance it depends on the material alone: kept,
    per weights and rank order (a match's two players may differ in the values' shape)."""
    kept = _PREDATOR.get(id(weights))
    if kept is None or kept[0] is not weights or kept[1] is not victims:
        if len(_PREDATOR) >= 8:  # a tuning makes weights by the hundred: keep the last few
            _PREDATOR.clear()
        kept = _PREDATOR[id(weights)] = (weights, victims, {})
    cache = kept[2]
    shown, pool = state.shown, state.pool
    key = (*shown, *pool)
    found = cache.get(key)
    if found is None:
        if len(cache) >= _PREDATOR_SIZE:
            cache.clear()
        found = cache[key] = _red_predator(shown, pool, victims, state._values, weights)
    return found if side == RED else -found


def predator_values(alive: list[int], victims: tuple[int, ...], weights: FaceDownWeights) -> list[float]:
    """Each piece's value (by piece code) from the live pieces (face-up or face-down) of
    the other colour, after the "Observer" banqi program's model: ``top x ratio^n``, n the
    live enemies of another kind that can take it by stepping (a Cannon, which takes
    anything, tells no piece from another: it is not counted, and is worth a fixed value);
    the General by a ratio of its own (its predators are the Soldiers, cheap pieces that
    stay many); a piece that can take no live enemy at all only blocks and screens, a
    third of that."""
    top, ratio = weights.predator_top, weights.predator_ratio
    values = [0.0] * 16
    for color in (0, 1):
        enemy = (color ^ 1) * 8
        for kind in range(7):
            if kind == CANNON:
                worth = weights.predator_cannon
            else:
                hunters = sum(alive[enemy + other] for other in range(7)
                              if other not in (kind, CANNON) and victims[other] >> kind & 1)
                worth = top * (weights.predator_general if kind == GENERAL else ratio) ** hunters
            if not any(alive[enemy + prey] for prey in range(7) if victims[kind] >> prey & 1):
                worth /= 3
            values[color * 8 + kind] = worth
    return values


def _red_predator(shown: list[int], pool: list[int], victims: tuple[int, ...], table: tuple[int, ...],
                  weights: FaceDownWeights) -> float:
    alive = [shown[p] + pool[p] for p in range(16)]
    values = predator_values(alive, victims, weights)
    share = weights.predator_pool
    result = 0.0
    for piece in range(16):
        if alive[piece]:
            gain = (values[piece] - table[piece]) * (shown[piece] + share * pool[piece])
            result += gain if piece >> 3 == RED else -gain
    return result


def _exchanges(state: Position, color: int, targets: int,
               attackers: Callable[[Position, int, int, int, int], int]) -> tuple[int, int]:
    """The best and second-best gains of ``color``'s captures of the pieces on
    ``targets``: the piece taken, less the capturer where the other side can take
    it back (the capturer chosen to gain most): a defended piece is worth less to
    attack than a hanging one."""
    mailbox, values, occupied, squares = state.mailbox, state._values, state.occupied, state.geometry.squares
    other = color ^ 1
    first = second = 0
    for worth, sq in sorted(((values[mailbox[sq]], sq) for sq in squares(targets)), reverse=True):
        if worth <= second:  # a gain is at most the piece taken: nothing further can count
            break
        victim = mailbox[sq]
        best = 0
        for frm in squares(attackers(state, sq, color, victim & 7, occupied)):
            capturer = mailbox[frm]
            gain = worth
            if attackers(state, sq, other, capturer & 7, occupied ^ 1 << frm):
                gain -= values[capturer]
            if gain > best:
                best = gain
                if best == worth:
                    break
        if best > first:
            first, second = best, first
        elif best > second:
            second = best
    return first, second


def _scan(state: Position, color: int, siblings: dict[Any, Any] | None) -> tuple[int, int, int]:
    """``color``'s scan (``Movement.scan``). Below a flip (``siblings``: what the
    outcomes of one flip share), the outcomes that reveal an enemy of ``color``
    leave its scan alike when the scan sees only where the enemy stands: it is
    made once for them all."""
    movement = state._movement
    scan = movement.scan
    if siblings is None or state._stack[-1][2] >> 3 == color or movement.reads_enemy_kinds:
        return scan(state, color, None)
    found = siblings.get(color)
    if found is None:
        found = siblings[color] = scan(state, color, None)
    return found


def _weighted_sum(state: Position, weights: FaceDownWeights, ours: tuple[int, int, int] | None,
                  siblings: dict[Any, Any] | None = None) -> float | None:
    """Material plus each feature times its weight, for the side to move; None when
    the side to move can take the enemy General (general-loss games: the game is won).

    The one definition of the features: the search calls it at every leaf, so a
    feature is computed only where its weight is not 0, and :func:`features` reads
    each feature back from it (the sum is linear in the weights).
    """
    side = state.side
    other = side ^ 1
    scan = state._movement.scan
    our_moves, our_captures, our_exposed = ours or (scan(state, side, None) if siblings is None
                                                    else _scan(state, side, siblings))
    general_loss = state._general_loss
    if general_loss and _holds_general(state, our_captures):
        return None
    their_moves, their_captures, their_exposed = (scan(state, other, None) if siblings is None
                                                  else _scan(state, other, siblings))
    w = weights
    pools, material, penalties = state.pool_value, state.material, state.penalties
    hidden = state.hidden.bit_count()
    endgame = 1 - hidden / state.geometry.num_squares  # 0 with every piece face-down, 1 with none
    value = (material[side] - material[other] - (penalties[side] - penalties[other]) * state._penalty_points
             + w.pool * (pools[side] - pools[other])
             + (w.mobility + w.endgame_mobility * endgame) * (our_moves - their_moves))
    mailbox, values, squares = state.mailbox, state._values, state.geometry.squares
    if our_captures:  # the best capture we have
        value += w.attack * two_largest(mailbox, values, squares(our_captures))[0]
    if their_captures:  # the best two captures they have (we move first)
        threat, second = two_largest(mailbox, values, squares(their_captures))
        value -= w.threat * threat + w.second_threat * second
    if w.exchange_attack or w.exchange_threat or w.exchange_second:  # banqi's exchanges (at 0 today)
        attackers = state._movement.attackers
        if attackers is not None:
            if w.exchange_attack and our_captures:
                value += w.exchange_attack * _exchanges(state, side, our_captures, attackers)[0]
            if (w.exchange_threat or w.exchange_second) and their_captures:
                threat, second = _exchanges(state, other, their_captures, attackers)
                value -= w.exchange_threat * threat + w.exchange_second * second
    if w.late_pool:
        value += w.late_pool * endgame * (pools[side] - pools[other])
    if w.tempo:
        value += w.tempo * endgame
    if hidden:  # what a flip may give or lose where either side attacks a face-down square
        if w.exposure:
            value -= w.exposure * their_exposed.bit_count() * pools[side] / hidden
        if w.opportunity:
            value += w.opportunity * our_exposed.bit_count() * pools[other] / hidden
        if general_loss:  # a blind capture may take a face-down General
            pool = state.pool
            our_general, their_general = pool[make_piece(side, GENERAL)], pool[make_piece(other, GENERAL)]
            # A blind capture takes either General with the same chance, so while both are
            # face-down it is a fair lottery. Once one is face-up, the other side's blind
            # captures can only win and its own can only lose: the side whose General is
            # face-up gambles for free, every turn, as long as it has a blind capture.
            edge = their_general - our_general
            if edge:
                value += w.hidden_general * edge
                if w.blind_edge and (our_exposed if edge > 0 else their_exposed):
                    value += w.blind_edge * edge
            if w.blind_risk:
                value -= w.blind_risk * min(1.0, their_exposed.bit_count() * our_general / hidden)
            if w.blind_chance:
                value += w.blind_chance * min(1.0, our_exposed.bit_count() * their_general / hidden)
    if general_loss and w.general_threat and _holds_general(state, their_captures):
        value -= w.general_threat
    victims = state._movement.victims
    if victims is not None and w.dominance:
        value += w.dominance * _dominance(state, side, victims)
    if victims is not None and w.predator:
        value += w.predator * _predator(state, side, victims, w)
    movement = state._movement
    if movement.chains or movement.charges:  # banqi's house rules
        value += house_knowledge.terms(state, w, our_captures, their_captures)
    return value


def _unit_weights() -> list[FaceDownWeights]:
    """All weights 0, then each feature's alone at 1 (material's is always 1)."""
    zero = {name: 0.0 for name in FEATURES[1:]}
    return [FaceDownWeights(**zero)] + [FaceDownWeights(**{**zero, name: 1.0}) for name in FEATURES[1:]]


_UNITS = _unit_weights()


def features(state: Position, ours: tuple[int, int, int] | None = None) -> list[float] | None:
    """The feature values (:data:`FEATURES`) for the side to move, as the Texel fit
    needs them; None when the side to move can take the enemy General. Read back
    from :func:`_weighted_sum`: material is its value with every weight at 0, each
    other feature what its weight at 1 adds to that."""
    if state.side == NO_SIDE:
        return [0.0] * len(FEATURES)
    ours = ours or state._movement.scan(state, state.side, None)
    material, *others = [_weighted_sum(state, units, ours) for units in _UNITS]
    if material is None:  # None for every weight alike: the General can be taken
        return None
    return [material] + [value - material for value in others if value is not None]


def difference(state: Position, weights: FaceDownWeights, ours: tuple[int, int, int] | None = None,
               siblings: dict[Any, Any] | None = None) -> float:
    """Expected final score difference for the side to move (points).

    ``ours`` may pass the side to move's scan (``Movement.scan``: moves, captures,
    face-down squares attacked), already computed; ``siblings``, a dict the search
    shares between the outcomes of the flip just made (see :func:`_scan`).
    """
    if state.side == NO_SIDE:
        return 0.0
    value = _weighted_sum(state, weights, ours, siblings)
    return GENERAL_CAPTURE if value is None else value  # None: we take their General and win at once


def evaluate(state: Position, weights: FaceDownWeights, ours: tuple[int, int, int] | None = None,
             siblings: dict[Any, Any] | None = None) -> float:
    """Utility of a non-terminal position for the side to move.

    Games decided by score weigh the expected score difference (``utility``).
    In win/loss games the difference becomes a chance of winning, on the same
    scale as a won game (``WIN_LOSS_RANGE`` just below the search's value of a
    win): material then counts against a gamble's chance of taking a General
    as it does in the results of real games. An advantage is also worth less as
    the no-progress count runs towards its limit (a draw): the side ahead makes
    progress rather than shuffle.
    """
    if state.side == NO_SIDE:
        return 0.0
    value = _weighted_sum(state, weights, ours, siblings)  # difference() without its call
    if value is None:
        value = GENERAL_CAPTURE
    if state._by_score:
        return utility(value)
    limit = state._no_progress_limit
    if limit:
        value *= max(0.0, limit - state.quiet) / limit
    return WIN_LOSS_RANGE * math.tanh(value / (2 * weights.scale))


def draw_share(state: Position) -> float:
    """How much of an advantage :func:`evaluate` has faded because the no-progress
    count runs towards a draw (win/loss games; 0 in score games, whose fade-free
    evaluation already counts the scores a draw keeps)."""
    limit = state._no_progress_limit
    if state._by_score or not limit:
        return 0.0
    return min(1.0, state.quiet / limit)


def leaf_scan(state: Position) -> tuple[list[int], tuple[int, int, int] | None]:
    """The moves (flips need not be listed for ``outcome``) and the summary, in one scan."""
    actions: list[int] = []
    if state.side == NO_SIDE:
        return actions, None
    scan = state._movement.scan
    return actions, scan(state, state.side, actions)


def captures(state: Position, actions: list[int]) -> list[int]:
    """Captures of revealed pieces, most valuable victim first, then least valuable attacker
    (a chain of captures, banqi's house rule, by its first capture)."""
    mailbox, values, bits, mask = state.mailbox, state._values, state._bits, state._mask
    found = []
    for action in actions:
        to, frm = action & mask, action >> bits
        target = mailbox[to]
        if target < HIDDEN and frm != to:
            found.append((values[target] * 16 - values[mailbox[frm & mask]], action))
    movement = state._movement
    if movement.chains or movement.charges:  # banqi's house rules: a chain by all it takes
        found = house_knowledge.rescore(state, found)
    found.sort(reverse=True)
    return [action for _, action in found]


def attacked_face_down(state: Position, color: int) -> int:
    """Bitboard of the face-down squares ``color``'s pieces could take an enemy on."""
    if not state.hidden or not state.colors[color]:
        return 0
    return state._movement.scan(state, color, None)[2]


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
    if not enemy_attacks | our_attacks:
        return flips  # nobody attacks a face-down square: nothing to tell the flips apart
    mask, target = state._mask, 0.5 * their_avg
    scores = [(-our_avg if enemy_attacks >> (action & mask) & 1 else 0.0)
              + (target if our_attacks >> (action & mask) & 1 else 0.0) for action in flips]
    ranked = sorted(range(len(flips)), key=scores.__getitem__, reverse=True)  # stable: ties keep their order
    return [flips[i] for i in ranked]


def order(state: Position, actions: list[int], tt_move: int, killers: list[int], history: Mapping[int, int],
          chance_keep: int | None, rng: random.Random) -> list[int]:
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
        if target < HIDDEN:  # a chain (banqi's house rule) by its first capture: its from-square is masked
            captured.append((values[target] * 16 - values[mailbox[frm & mask]], action))
        elif target == HIDDEN:
            quiets.append((history[action], action))
        elif action in killers:
            quiets.append((1 << 30, action))
            killer_count += 1
        else:
            penalty = -(1 << 20) if state.is_penalised(action) else 0
            quiets.append((history[action] + penalty, action))
    ordered = [tt_move] if tt_move >= 0 and tt_move in actions else []
    movement = state._movement
    if captured and (movement.chains or movement.charges):  # banqi's house rules: a chain by all it takes
        captured = house_knowledge.rescore(state, captured)
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


def eval_key(state: Position) -> int:
    """What the evaluation reads: the public position, the penalties, the chase counts, and in
    win/loss games the quiet count (an advantage fades as the no-progress limit nears)."""
    key = state.hash ^ (state.penalties[0] * 0x9E3779B1 + state.penalties[1] * 0x7F4A7C15)
    if state.chase != NO_CHASE:  # gaiqi's chase counts
        key ^= hash(state.chase)
    if not state._by_score and state._no_progress_limit:
        key ^= state.quiet * 0x27D4EB2F165667C5
    return key


def make_knowledge(variant: str) -> Knowledge:
    """The AI's knowledge of a face-down variant: the family's functions, the variant's weights."""
    weights = load_weights(variant)

    def point_units(ruleset: Ruleset) -> float:
        """A point in the evaluation's units: itself in score games; in win/loss games the
        slope of :func:`evaluate`'s chance of winning at an even position."""
        return 1.0 if ruleset.decided_by_score else WIN_LOSS_RANGE / (2 * weights.scale)

    # win/loss games: the chance of winning at a lead of POINTS_EDGE points, the most an
    # estimate is read back as; above it the values are game ends the search found (or a
    # chance of one), a point a unit, so a found win is worth far more than any estimate
    edge = WIN_LOSS_RANGE * math.tanh(POINTS_EDGE / (2 * weights.scale))

    def in_points(ruleset: Ruleset, value: float) -> float:
        """A search value in points: itself in score games; in win/loss games the lead in
        points that :func:`evaluate` turned into this chance of winning (its inverse), so a
        level's temperature is as many points in a won position as in an even one."""
        if ruleset.decided_by_score:
            return value
        size = abs(value)
        points = POINTS_EDGE + (size - edge) if size >= edge else 2 * weights.scale * math.atanh(size / WIN_LOSS_RANGE)
        return points if value >= 0 else -points

    return Knowledge(name=f"face-down ({variant})", weights=weights, evaluate=evaluate,
                     estimate=difference, leaf_scan=leaf_scan, captures=captures, order=order,
                     eval_key=eval_key, book=book_move, point_units=point_units, in_points=in_points,
                     draw_share=draw_share, converting_lead=CONVERTING_LEAD, tables=TABLES)


__all__ = ["FEATURES", "FaceDownWeights", "attacked_face_down", "difference", "draw_share", "evaluate", "features",
           "flip_risk_order", "load_weights", "make_knowledge", "predator_values"]
