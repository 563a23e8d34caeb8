"""banqi's evaluation prices a piece by the live enemies that can still take it (issue 49)."""

import dataclasses

from hdchess import load_ruleset
from hdchess.core import ADVISOR, BLACK, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, RED, SOLDIER, make_piece
from hdchess.facedown.knowledge import FEATURES, difference, features, predator_values
from hdchess.facedown.movement import CAPTURABLE_KINDS

FULL = [1, 2, 2, 2, 2, 2, 5, 0]  # a side's pieces by kind (K A E H R C P W): none taken yet


def values(black: list[int], red: list[int] = FULL) -> list[float]:
    weights = load_ruleset("banqi").knowledge.weights
    return predator_values(red + black, CAPTURABLE_KINDS, weights)


def red(kind: int) -> int:
    return make_piece(RED, kind)


def without(counts: list[int], *kinds: int) -> list[int]:
    left = list(counts)
    for kind in kinds:
        left[kind] = 0
    return left


def test_a_piece_is_worth_more_as_the_enemies_that_can_take_it_leave_the_board():
    start = values(FULL)
    # the Elephant's predators are the General and the Advisors (equal ranks trade, not counted)
    no_advisors = values(without(FULL, ADVISOR))
    safe = values(without(FULL, ADVISOR, GENERAL))
    assert start[red(ELEPHANT)] < no_advisors[red(ELEPHANT)] < safe[red(ELEPHANT)]
    assert safe[red(ELEPHANT)] == load_ruleset("banqi").knowledge.weights.predator_top
    # a piece the departed ones could not take keeps its value
    assert no_advisors[red(ADVISOR)] == start[red(ADVISOR)]
    # the more pieces above it, the cheaper: the Chariot is worth less than the Elephant
    assert start[red(CHARIOT)] < start[red(ELEPHANT)] < start[red(ADVISOR)]


def test_the_general_is_worth_more_as_the_enemy_soldiers_leave():
    start = values(FULL)
    fewer = list(FULL)
    fewer[SOLDIER] = 2
    assert start[red(GENERAL)] < values(fewer)[red(GENERAL)] < values(without(FULL, SOLDIER))[red(GENERAL)]


def test_the_cannon_has_a_fixed_value_and_a_piece_with_no_prey_a_third():
    weights = load_ruleset("banqi").knowledge.weights
    assert values(FULL)[red(CANNON)] == values(without(FULL, ADVISOR, ELEPHANT))[red(CANNON)] == weights.predator_cannon
    # a Horse takes Horses, Cannons and Soldiers; with none of them left it only blocks and screens
    alone = without(FULL, HORSE, CANNON, SOLDIER)
    with_prey = without(FULL, HORSE, CANNON)
    assert values(alone)[red(HORSE)] == values(with_prey)[red(HORSE)] / 3


def test_at_weight_1_the_predator_values_replace_the_score_table():
    ruleset = load_ruleset("banqi")
    state = ruleset.read_position("E6p/8/8/K5ac r - 0 40")  # all face-up: red General, Elephant; black A, C, P
    zero = {name: 0.0 for name in FEATURES[1:]}
    weights = dataclasses.replace(ruleset.knowledge.weights, **zero)
    alive = [0] * 16
    for piece in (red(GENERAL), red(ELEPHANT), make_piece(BLACK, ADVISOR), make_piece(BLACK, CANNON),
                  make_piece(BLACK, SOLDIER)):
        alive[piece] = 1
    worth = predator_values(alive, CAPTURABLE_KINDS, weights)
    expected = (worth[red(GENERAL)] + worth[red(ELEPHANT)] - worth[make_piece(BLACK, ADVISOR)]
                - worth[make_piece(BLACK, CANNON)] - worth[make_piece(BLACK, SOLDIER)])
    assert abs(difference(state, dataclasses.replace(weights, predator=1.0)) - expected) < 1e-9
    assert difference(state, weights) == 10 + 6 - 8 - 5 - 2  # at 0: the table's material
    # the fit reads the term back from the evaluation, as every feature
    found = features(state)
    assert found is not None
    assert abs(found[FEATURES.index("predator")] - (expected - 1)) < 1e-9


def test_the_term_is_banqis_alone():
    """hdc2 and gaiqi have no rank order (their Movement gives no victims): the weight changes nothing there."""
    for variant, position in (("hdc2", "4H2r/1a5x/7C/1x1EW3 b Pp 10 153"),
                              ("gaiqi", "pCE1cE1A/1P1H4/1p1K1hr1/P1p1cP1k r - 3 60 0/0 b1-a1/d1-e1 -/-")):
        ruleset = load_ruleset(variant)
        state = ruleset.read_position(position)
        weights = ruleset.knowledge.weights
        assert difference(state, dataclasses.replace(weights, predator=1.0)) == difference(state, weights)
