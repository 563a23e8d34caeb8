"""The game-state protocol's invariants, for every registered variant (hypothesis).

These speak only the protocol (hdchess.vocabulary), so a new game is checked
by them as soon as it is registered: make/unmake, the hash, position lines
and records that round-trip, the referee's chance results, and games that end.

Each test runs once per value of every rule option of every variant (every
choice, and integers at a few values including 0: Cheight's 4x4 layouts,
hdc2's ``first_flip=self``, no no-progress limit, ...), the other options drawn.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hdchess import Game, HdchessError, load_ruleset, perft, variant_names
from hdchess.perft import divide
from hdchess.playout import random_playout

GAMES = settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VARIANTS = variant_names()
seeds = st.integers(0, 2**32 - 1)
MAX_ACTIONS = 3000  # far beyond any game's end under the default rules


def option_values(option) -> list:
    """The values tried of a rule option: every choice, or a few integers including 0 and the default."""
    if option.choices:
        return list(option.choices)
    return sorted({0, 1, 6, option.default})


# (variant, option, value): each test runs once per pin, with that option at that value.
PINS = [(variant, option.name, value) for variant in VARIANTS
        for option in load_ruleset(variant).spec.options for value in option_values(option)]
pinned = pytest.mark.parametrize("pin", PINS, ids=lambda pin: f"{pin[0]}-{pin[1]}={pin[2]}")


def draw_ruleset(data, pin):
    """A ruleset of the pinned variant with the pinned option value, every other option drawn."""
    variant, name, value = pin
    chosen = {option.name: value if option.name == name else data.draw(st.sampled_from(option_values(option)))
              for option in load_ruleset(variant).spec.options}
    return load_ruleset(variant, **chosen)


def snapshot(state) -> tuple:
    """Everything the protocol shows of a state."""
    actions = state.legal_actions()
    return (state.position_text(extended=True), state.hash, state.search_key(), state.side, state.ply,
            sorted(actions), state.repetitions(), state.outcome(), state.has_chance(),
            [state.square_text(sq) for sq in range(state.geometry.num_squares)])


def random_game(ruleset, seed: int, plies: int = MAX_ACTIONS):
    """Yield the Game after each action of a random game (a known deal from ``seed``)."""
    game = Game(ruleset, seed=seed)
    rng = random.Random(seed)
    yield game
    while not game.is_over() and len(game.moves) < plies:
        game.play(rng.choice(game.legal_actions()))
        yield game


def played(ruleset, seed: int, plies: int) -> Game:
    """The game after at most ``plies`` random actions."""
    *_, game = random_game(ruleset, seed, plies)
    return game


def push_random(state, action, rng) -> None:
    outcomes = state.chance_outcomes(action)
    state.push(action, rng.choice(outcomes)[0] if outcomes else None)


@pinned
@GAMES
@given(data=st.data(), seed=seeds)
def test_pop_restores_everything_the_protocol_shows(pin, data, seed):
    rng = random.Random(seed)
    for game in random_game(draw_ruleset(data, pin), seed, plies=150):
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


@pinned
@GAMES
@given(data=st.data(), seed=seeds)
def test_every_position_line_reads_back_to_the_same_position(pin, data, seed):
    """position_text and read_position round-trip every reachable position, history fields included."""
    ruleset = draw_ruleset(data, pin)
    for game in random_game(ruleset, seed, plies=400):
        state = game.state
        for extended in (True, None):
            text = state.position_text(extended=extended)
            again = ruleset.read_position(text)
            assert again.position_text(extended=extended) == text
        again = ruleset.read_position(state.position_text(extended=True))
        assert again.hash == state.hash  # the incremental hash equals a from-scratch one
        assert sorted(again.legal_actions()) == sorted(state.legal_actions())


@pinned
@GAMES
@given(data=st.data(), seed=seeds, stop=st.integers(0, 300))
def test_a_record_replays_to_the_identical_game(pin, data, seed, stop):
    game = played(draw_ruleset(data, pin), seed, stop)
    text = game.record_text()
    copy = Game.from_record(text, seed=seed)
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


@pinned
@GAMES
@given(data=st.data(), seed=seeds)
def test_every_game_ends_and_its_outcome_is_consistent(pin, data, seed):
    ruleset = draw_ruleset(data, pin)
    state = ruleset.new_state()
    plies, outcome = random_playout(state, random.Random(seed), max_plies=20_000)
    assert outcome is not None and outcome == state.outcome()
    assert outcome.result() in ("1-0", "0-1", "1/2-1/2")
    assert outcome.by_score == ruleset.decided_by_score


@pinned
@GAMES
@given(data=st.data(), seed=seeds)
def test_every_legal_action_reads_back_from_its_own_text(pin, data, seed):
    rng = random.Random(seed)
    for game in random_game(draw_ruleset(data, pin), seed, plies=200):
        if rng.random() > 0.2:
            continue
        state = game.state
        for action in state.legal_actions():
            text = state.action_text(action)
            assert state.parse_action(text) == (action, None), text
            info = state.action_info(action)
            assert info.text == text and info.kind in ("flip", "move", "capture", "swap")


@pinned
@settings(max_examples=1, deadline=None)
@given(data=st.data(), seed=seeds)
def test_illegal_action_numbers_are_refused_and_change_nothing(pin, data, seed):
    rng = random.Random(seed)
    for game in random_game(draw_ruleset(data, pin), seed, plies=120):
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


@pinned
@settings(max_examples=1, deadline=None)
@given(data=st.data(), seed=seeds)
def test_divide_sums_to_perft(pin, data, seed):
    state = played(draw_ruleset(data, pin), seed, random.Random(seed).randrange(0, 60)).state
    assert sum(count for _, _, count in divide(state, 2)) == perft(state, 2)


@pytest.mark.parametrize("variant", VARIANTS)
def test_chance_outcomes_are_a_distribution(variant):
    for game in random_game(load_ruleset(variant), 7, plies=80):
        state = game.state
        for action in state.legal_actions():
            outcomes = state.chance_outcomes(action)
            assert bool(outcomes) == state.is_chance(action)
            if outcomes:
                assert sum(p for _, p in outcomes) == pytest.approx(1)
                assert state.chance_slot(action) is not None
