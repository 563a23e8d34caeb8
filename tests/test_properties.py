"""Property tests over random games and random positions (hypothesis).

Each example is a whole game of random legal actions under random rule options,
so these cover the rare corners (penalties, repetitions, late captures) that
hand-written positions miss.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import EMPTY, HIDDEN, counts_consistent, reference_actions

from hdchess import Game, HdchessError, load_ruleset, parse_position, position_text
from hdchess.core import piece_letter
from hdchess.facedown import State
from hdchess.notation import move_text
from hdchess.perft import divide, perft
from hdchess.playout import random_playout
from hdchess.vocabulary import NO_SIDE, Termination

GAMES = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rulesets = st.builds(
    lambda scoring, first_flip, penalty, limit: load_ruleset(
        scoring=scoring, first_flip=first_flip, repetition_penalty=penalty, no_progress_plies=limit),
    st.sampled_from(["official", "alt"]),
    st.sampled_from(["opponent", "self"]),
    st.integers(0, 3),
    st.sampled_from([40, 12, 6, 0]),  # 0: no no-progress rule, only repetition and no action end it
)
seeds = st.integers(0, 2**32 - 1)


def random_game(ruleset, seed):
    """Yield the Game after each ply of a random game, from the start to its end."""
    game = Game(ruleset, seed=seed)
    rng = random.Random(seed)
    yield game
    while not game.is_over():
        game.play(rng.choice(game.legal_actions()))
        yield game


def snapshot(state: State) -> dict:
    """Every field of the state, copied (the ruleset and tables are shared, not compared).

    The fields are ints, tuples and lists of immutable values, so a list copy is a deep copy."""
    shared = {"ruleset", "spec", "_movegen", "_gives_check"}
    fields = {name: getattr(state, name) for name in State.__slots__ if name not in shared and hasattr(state, name)}
    return {name: list(value) if isinstance(value, list) else value for name, value in fields.items()}


@GAMES
@given(rulesets, seeds)
def test_pop_restores_every_field_exactly(ruleset, seed):
    rng = random.Random(seed)
    snapshots = []
    for game in random_game(ruleset, seed):
        state = game.state
        before = snapshot(state)
        snapshots.append(before)
        actions = state.legal_actions()
        for action in rng.sample(actions, min(4, len(actions))):
            outcomes = state.chance_outcomes(action)
            revealed = rng.choice(outcomes)[0] if outcomes else None
            state.push(action, revealed)
            follow = state.legal_actions()
            if follow:  # two plies deep, then back
                second = rng.choice(follow)
                outcomes = state.chance_outcomes(second)
                state.push(second, rng.choice(outcomes)[0] if outcomes else None)
                state.pop()
            assert state.pop() == action
            assert snapshot(state) == before
    state = game.state
    while snapshots:  # unwind the whole game
        assert snapshot(state) == snapshots.pop()
        if snapshots:
            state.pop()


@GAMES
@given(rulesets, seeds)
def test_hash_notation_and_counts_stay_consistent(ruleset, seed):
    for game in random_game(ruleset, seed):
        state = game.state
        text = position_text(state, extended=True)
        again = parse_position(text, ruleset)
        assert position_text(again, extended=True) == text
        assert again.hash == state.hash  # the incremental hash equals a from-scratch one
        for name in ("mailbox", "pool", "occupied", "hidden", "colors", "side", "quiet", "ply",
                     "penalties", "last_moves"):
            assert getattr(again, name) == getattr(state, name), name
        assert counts_consistent(state) == []
        captured = [m.captured for m in game.moves if m.captured is not None]
        for piece, count in enumerate(ruleset.initial_pool):
            on_board = state.mailbox.count(piece)
            assert on_board + state.pool[piece] + captured.count(piece) == count, piece_letter(piece)


@GAMES
@given(rulesets, seeds)
def test_move_generation_matches_the_reference_along_games(ruleset, seed):
    for game in random_game(ruleset, seed):
        state = game.state
        assert {move_text(a, state) for a in state.legal_actions()} == reference_actions(state)
        assert len(set(state.legal_actions())) == len(state.legal_actions())


@GAMES
@given(rulesets, seeds)
def test_every_game_ends_and_its_outcome_is_consistent(ruleset, seed):
    state = State(ruleset)
    plies, outcome = random_playout(state, random.Random(seed), max_plies=10_000)
    assert outcome is not None
    limit = ruleset["no_progress_plies"]
    if limit:
        assert plies <= 64 * limit  # at most 32 flips and 31 captures, each after < limit quiet plies
    assert state.ply == plies
    assert outcome == state.outcome()
    assert outcome.scores == (state.score(0), state.score(1))
    assert outcome.penalties == tuple(n * ruleset["repetition_penalty"] for n in state.penalties)
    red, black = outcome.scores
    assert outcome.winner == (None if red == black else (0 if red > black else 1))
    if outcome.termination is Termination.NO_ACTIONS:
        assert state.legal_actions() == [] and state.hidden == 0
    elif outcome.termination is Termination.NO_PROGRESS:
        assert state.quiet == limit
    else:
        assert outcome.termination is Termination.REPETITION
        assert state.history.count(state.hash) == 3


@GAMES
@given(rulesets, seeds, st.integers(0, 400))
def test_a_replayed_record_reproduces_the_game(ruleset, seed, stop):
    for game in random_game(ruleset, seed):
        if len(game.moves) >= stop:
            break
    copy_ = Game.from_record(game.record_text(), seed=seed)  # a known deal: its seed is kept apart from the record
    assert copy_.moves == game.moves
    assert position_text(copy_.state, extended=True) == position_text(game.state, extended=True)
    assert copy_.state.hash == game.state.hash and copy_.outcome == game.outcome
    if not game.is_over():  # the same future: identical reveals for the same actions
        rng = random.Random(stop)
        for _ in range(30):
            if game.is_over():
                break
            action = rng.choice(game.legal_actions())
            assert game.play(action) == copy_.play(action)


@settings(max_examples=10, deadline=None)
@given(rulesets, seeds)
def test_every_action_number_is_either_played_or_rejected_cleanly(ruleset, seed):
    rng = random.Random(seed)
    for game in random_game(ruleset, seed):
        if rng.random() > 0.05:
            continue
        legal = set(game.legal_actions())
        before = position_text(game.state, extended=True)
        for action in range(1024):
            if action in legal:
                continue
            try:
                game.play(action)
            except HdchessError:
                pass
            else:
                text = move_text(action, parse_position(before, ruleset))  # as written where it was played
                raise AssertionError(f"illegal {text} was played in {before}")
        assert position_text(game.state, extended=True) == before


# -- random positions (not reached by play) -------------------------------------------

FULL_SET = [p for p, n in enumerate(load_ruleset().initial_pool) for _ in range(n)]


@st.composite
def positions(draw):
    """Any position: each square empty, face-down or showing a piece of one full set."""
    pieces = draw(st.permutations(FULL_SET))
    looks = draw(st.lists(st.sampled_from("._x"), min_size=32, max_size=32))
    if "_" not in looks:
        looks[draw(st.integers(0, 31))] = "_"  # once a piece is flipped, one stays face-up
    mailbox = [EMPTY if look == "." else HIDDEN if look == "x" else piece
               for look, piece in zip(looks, pieces)]
    pool = [0] * 16
    for look, piece in zip(looks, pieces):
        if look == "x":
            pool[piece] += 1
    side = draw(st.sampled_from([0, 1]))
    quiet = draw(st.integers(0, 39))
    return State.from_parts(load_ruleset(), mailbox, pool, side, quiet, quiet + draw(st.integers(1, 200)))


@settings(max_examples=300, deadline=None)
@given(positions())
def test_move_generation_matches_the_reference_on_any_position(state):
    assert {move_text(a, state) for a in state.legal_actions()} == reference_actions(state)
    text = position_text(state)
    assert position_text(parse_position(text)) == text


@settings(max_examples=25, deadline=None)
@given(positions())
def test_divide_sums_to_perft(state):
    assert sum(count for _, _, count in divide(state, 2)) == perft(state, 2)


def test_the_start_has_no_side_and_only_flips():
    assert State(load_ruleset()).side == NO_SIDE
