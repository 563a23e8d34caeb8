"""The game-state protocol's invariants, for every registered variant (hypothesis).

These speak only the protocol (hdchess.gamestate), so a new game is checked
by them as soon as it is registered: make/unmake, the hash, position lines
and records that round-trip, the referee's chance results, and games that end.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hdchess import Game, HdchessError, load_ruleset, perft, variant_names
from hdchess.perft import divide
from hdchess.playout import random_playout
from hdchess.record import read_record

GAMES = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VARIANTS = variant_names()
seeds = st.integers(0, 2**32 - 1)
variants = st.sampled_from(VARIANTS)
MAX_ACTIONS = 3000  # far beyond any game's end under the default rules


def snapshot(state) -> tuple:
    """Everything the protocol shows of a state."""
    actions = state.legal_actions()
    return (state.position_text(extended=True), state.hash, state.search_key(), state.side, state.ply,
            sorted(actions), state.repetitions(), state.outcome(), state.has_chance(),
            [state.square_text(sq) for sq in range(state.geometry.num_squares)])


def random_game(variant: str, seed: int, plies: int = MAX_ACTIONS):
    """Yield the Game after each action of a random game (a known deal from ``seed``)."""
    game = Game(load_ruleset(variant), seed=seed)
    rng = random.Random(seed)
    yield game
    while not game.is_over() and len(game.moves) < plies:
        game.play(rng.choice(game.legal_actions()))
        yield game


def push_random(state, action, rng) -> None:
    outcomes = state.chance_outcomes(action)
    state.push(action, rng.choice(outcomes)[0] if outcomes else None)


@GAMES
@given(variants, seeds)
def test_pop_restores_everything_the_protocol_shows(variant, seed):
    rng = random.Random(seed)
    for game in random_game(variant, seed, plies=150):
        state = game.state
        before = snapshot(state)
        actions = state.legal_actions()
        for action in rng.sample(actions, min(3, len(actions))):
            push_random(state, action, rng)
            follow = state.legal_actions()
            if follow:
                push_random(state, rng.choice(follow), rng)
                state.pop()
            assert state.pop() == action
            assert snapshot(state) == before


@GAMES
@given(variants, seeds)
def test_every_position_line_reads_back_to_the_same_position(variant, seed):
    """position_text and read_position round-trip every reachable position, history fields included."""
    ruleset = load_ruleset(variant)
    for game in random_game(variant, seed, plies=400):
        state = game.state
        for extended in (True, None):
            text = state.position_text(extended=extended)
            again = ruleset.read_position(text)
            assert again.position_text(extended=extended) == text
        again = ruleset.read_position(state.position_text(extended=True))
        assert again.hash == state.hash  # the incremental hash equals a from-scratch one
        assert sorted(again.legal_actions()) == sorted(state.legal_actions())


@GAMES
@given(variants, seeds, st.integers(0, 300))
def test_a_record_replays_to_the_identical_game(variant, seed, stop):
    *_, game = random_game(variant, seed, plies=stop)
    text = game.record_text()
    copy = read_record(text, seed=seed)
    assert copy.moves == game.moves and copy.outcome == game.outcome
    assert copy.state.position_text(extended=True) == game.state.position_text(extended=True)
    assert copy.state.hash == game.state.hash
    assert copy.record_text() == text
    if not game.is_over():  # the same known deal: identical results for the same actions
        rng = random.Random(stop)
        for _ in range(20):
            if game.is_over():
                break
            action = rng.choice(game.legal_actions())
            assert game.play(action) == copy.play(action)


@GAMES
@given(variants, seeds)
def test_every_game_ends_and_its_outcome_is_consistent(variant, seed):
    ruleset = load_ruleset(variant)
    state = ruleset.new_state()
    plies, outcome = random_playout(state, random.Random(seed), max_plies=20_000)
    assert outcome is not None and outcome == state.outcome()
    assert outcome.result() in ("1-0", "0-1", "1/2-1/2")
    assert outcome.by_score == ruleset.decided_by_score


@GAMES
@given(variants, seeds)
def test_every_legal_action_reads_back_from_its_own_text(variant, seed):
    rng = random.Random(seed)
    for game in random_game(variant, seed, plies=200):
        if rng.random() > 0.2:
            continue
        state = game.state
        for action in state.legal_actions():
            text = state.action_text(action)
            assert state.parse_action(text) == (action, None), text
            info = state.action_info(action)
            assert info.text == text and info.kind in ("flip", "move", "capture", "swap")


@settings(max_examples=8, deadline=None)
@given(variants, seeds)
def test_illegal_action_numbers_are_refused_and_change_nothing(variant, seed):
    rng = random.Random(seed)
    for game in random_game(variant, seed, plies=120):
        if rng.random() > 0.05 or game.is_over():
            continue
        legal = set(game.legal_actions())
        before = snapshot(game.state)
        for action in rng.sample(range(1 << 16), 300):
            if action in legal:
                continue
            with pytest.raises(HdchessError):
                game.play(action)
        assert snapshot(game.state) == before


@settings(max_examples=6, deadline=None)
@given(variants, seeds)
def test_divide_sums_to_perft(variant, seed):
    *_, game = random_game(variant, seed, plies=random.Random(seed).randrange(0, 60))
    state = game.state
    assert sum(count for _, _, count in divide(state, 2)) == perft(state, 2)


@pytest.mark.parametrize("variant", VARIANTS)
def test_chance_outcomes_are_a_distribution(variant):
    for game in random_game(variant, 7, plies=80):
        state = game.state
        for action in state.legal_actions():
            outcomes = state.chance_outcomes(action)
            assert bool(outcomes) == state.is_chance(action)
            if outcomes:
                assert sum(p for _, p in outcomes) == pytest.approx(1)
                assert state.chance_slot(action) is not None
