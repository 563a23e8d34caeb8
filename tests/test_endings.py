"""The end of the game, scoring and the repetition penalty (hdchess/rules_text/hdc2.md)."""

import pytest
from support import position

from hdchess import BLACK, RED, Game, IllegalMoveError
from hdchess.notation import position_text
from hdchess.vocabulary import Outcome, Termination


def game_at(pieces, side="r", quiet=0, ply=20, pool=None, **options) -> Game:
    """A Game (the referee) from a few pieces on an empty board."""
    state = position(pieces, side=side, quiet=quiet, ply=ply, pool=pool, **options)
    return Game(state.ruleset, seed=1, position=position_text(state))


# -- no action ------------------------------------------------------------------------

def test_the_game_ends_when_the_side_to_move_has_no_action():
    game = game_at({"a1": "W", "a2": "p", "b1": "p"})  # the Archer cannot step, and shoots nothing
    assert game.is_over()
    outcome = game.outcome
    assert outcome.termination is Termination.NO_ACTIONS
    assert outcome.scores == (3, 2)
    assert outcome.winner == RED  # the side that cannot move may still win on points
    assert game.legal_actions() == []


def test_the_game_ends_when_the_side_to_move_has_no_pieces_left():
    game = game_at({"h4": "k"})
    assert game.outcome == Outcome(Termination.NO_ACTIONS, BLACK, (0, 10), (0, 0), by_score=True)


def test_a_face_down_piece_keeps_the_game_going():
    game = game_at({"a1": "W", "a2": "p", "b1": "p", "h4": "x"})
    assert not game.is_over()
    assert [a & 31 for a in game.legal_actions()] == [31]


def test_the_game_ends_after_the_capture_that_leaves_the_opponent_without_action():
    game = game_at({"a1": "R", "a4": "k"})
    entry = game.play("a1xa4")
    assert entry.captured is not None
    assert game.outcome == Outcome(Termination.NO_ACTIONS, RED, (9, 0), (0, 0), by_score=True)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("a4-a3")


# -- scoring ----------------------------------------------------------------------------

@pytest.mark.parametrize(("scoring", "scores"), [("official", (10 + 9 + 1, 5 + 2)), ("alt", (10 + 12 + 3, 8 + 5))])
def test_scores_are_the_face_up_pieces_on_the_board_by_the_chosen_table(scoring, scores):
    state = position({"a1": "K", "b1": "R", "c1": "P", "h4": "c", "g4": "e", "e3": "x"}, scoring=scoring)
    assert (state.score(RED), state.score(BLACK)) == scores


@pytest.mark.parametrize("scoring", ["official", "alt"])
def test_every_piece_scores_its_table_value(scoring):
    table = {"official": (10, 2, 2, 4, 9, 5, 1, 3), "alt": (10, 4, 5, 7, 12, 8, 3, 6)}[scoring]
    for kind, letter in enumerate("KAEHRCPW"):
        state = position({"a1": letter, "h4": letter.lower()}, scoring=scoring)
        assert state.score(RED) == state.score(BLACK) == table[kind]


def test_face_down_pieces_left_by_a_house_rule_score_for_nobody():
    game = game_at({"a1": "R", "h4": "p", "d2": "x"}, pool="K", quiet=39, ply=60)
    game.play("a1-a2")
    assert game.outcome.termination is Termination.NO_PROGRESS
    assert game.outcome.scores == (9, 1)


def test_equal_scores_draw():
    game = game_at({"a1": "W", "a2": "p", "b1": "a"})
    assert game.outcome.scores == (3, 3)
    assert game.outcome.winner is None
    assert game.outcome.result() == "1/2-1/2"
    assert game.outcome.describe() == "draw 3-3 (no actions)"


def test_outcome_result_and_description_name_the_winner():
    game = game_at({"h4": "k"})
    assert game.outcome.result() == "0-1"
    assert game.outcome.describe() == "black wins 0-10 (no actions)"


# -- repetition penalty -----------------------------------------------------------------

SHUFFLE = {"a1": "R", "h4": "r", "d2": "x", "e2": "x"}


def test_moving_straight_back_to_the_square_left_on_your_previous_turn_is_penalised():
    game = game_at(SHUFFLE)
    game.play("a1-a2")
    game.play("h4-h3")
    assert game.state.is_penalised(game.parse("a2-a1")[0])
    entry = game.play("a2-a1")
    assert entry.penalised
    assert game.state.penalties == [1, 0]
    assert game.state.score(RED) == 9 - 1


def test_the_penalty_is_counted_again_for_each_move_back():
    game = game_at(SHUFFLE)
    penalised = [game.play(m).penalised for m in ("a1-a2", "h4-h3", "a2-a1", "h3-h4", "a1-a2", "h4-h2")]
    assert penalised == [False, False, True, True, True, False]
    assert game.state.penalties == [2, 1]


@pytest.mark.parametrize("points", [0, 1, 3])
def test_repetition_penalty_sets_the_points_lost(points):
    game = game_at(SHUFFLE, repetition_penalty=points)
    for move in ("a1-a2", "h4-h3", "a2-a1"):
        game.play(move)
    assert game.state.score(RED) == 9 - points


def test_moving_back_after_an_intermediate_move_is_not_penalised():
    game = game_at(SHUFFLE)
    penalised = [game.play(m).penalised for m in ("a1-a2", "h4-h3", "a2-a3", "h3-h2", "a3-a1")]
    assert not any(penalised)


def test_a_flip_in_between_breaks_the_pair():
    game = game_at(SHUFFLE, pool="Pp")
    game.play("a1-a2")
    game.play("d2")  # the opponent flips
    assert not game.play("a2-a1").penalised


def test_your_own_flip_on_the_previous_turn_breaks_the_pair():
    game = game_at(SHUFFLE, pool="Pp")
    for move in ("a1-a2", "h4-h3", "d2", "h3-h2"):
        game.play(move)
    assert not game.play("a2-a1").penalised


def test_a_capture_is_never_penalised():
    game = game_at({"a1": "R", "b3": "h", "h4": "r", "d3": "x"})
    game.play("a1-a2")
    game.play("b3-a1")  # the Horse steps into the square the Chariot left
    entry = game.play("a2xa1")
    assert entry.captured is not None and not entry.penalised
    assert game.state.penalties == [0, 0]


def test_retreating_after_a_capture_is_penalised():
    # the rules: "your previous turn moved the same piece from X to Y": a capturing move moves it too.
    game = game_at({"a1": "R", "a3": "p", "h4": "r", "d3": "x"})
    game.play("a1xa3")
    game.play("h4-h3")
    assert game.play("a3-a1").penalised


def test_penalised_moves_stay_legal_and_show_in_the_outcome():
    game = game_at({"a1": "R", "h4": "r", "d2": "x"}, quiet=30, ply=50, repetition_penalty=2)
    for move in ("a1-a2", "h4-h3", "a2-a1", "h3-h4") * 3:
        if game.is_over():
            break
        game.play(move)
    assert game.outcome.penalties == (2 * game.state.penalties[0], 2 * game.state.penalties[1])
    assert game.outcome.scores == (9 - game.outcome.penalties[0], 9 - game.outcome.penalties[1])


# -- no progress ------------------------------------------------------------------------

def test_quiet_counts_plies_since_the_last_flip_or_capture():
    game = game_at({"a1": "R", "h4": "r", "h1": "P", "d2": "x"}, pool="P", quiet=5, ply=9)
    quiet = []
    for move in ("a1-a2", "h4-h3", "d2", "h3-h2", "a2-b2", "h2xh1"):
        game.play(move)
        quiet.append(game.state.quiet)
    assert quiet == [6, 7, 0, 1, 2, 0]


def test_forty_quiet_plies_end_the_game_by_default():
    game = game_at({"a1": "R", "h4": "r", "d2": "x"}, quiet=38, ply=60)
    game.play("a1-a2")
    assert not game.is_over()
    game.play("h4-h3")
    assert game.outcome.termination is Termination.NO_PROGRESS
    assert game.outcome.winner is None and game.outcome.scores == (9, 9)


@pytest.mark.parametrize("progress", ["d2", "a1xa4"])
def test_a_flip_or_capture_on_the_last_quiet_ply_resets_the_count(progress):
    game = game_at({"a1": "R", "a4": "p", "h4": "r", "d2": "x"}, quiet=39, ply=60)
    game.play(progress)
    assert not game.is_over()
    assert game.state.quiet == 0


def test_no_progress_plies_is_an_option():
    game = game_at({"a1": "R", "h4": "r", "d2": "x"}, quiet=9, ply=60, no_progress_plies=10)
    game.play("a1-a2")
    assert game.outcome.termination is Termination.NO_PROGRESS


def test_no_progress_plies_zero_turns_the_rule_off():
    game = game_at({"a1": "R", "h4": "r", "d2": "x"}, quiet=200, ply=300, no_progress_plies=0)
    game.play("a1-a2")
    assert not game.is_over()


# -- threefold repetition -----------------------------------------------------------------

def test_the_third_occurrence_of_the_same_public_position_ends_the_game():
    game = game_at({"a1": "R", "h4": "r", "d2": "x"})
    cycle = ("a1-a2", "h4-h3", "a2-a1", "h3-h4")
    for move in cycle * 2:
        assert not game.is_over()
        game.play(move)
    assert game.outcome.termination is Termination.REPETITION
    assert game.state.ply == 28  # 20 + 8: the start position came back at plies 24 and 28
    assert game.outcome.penalties == (3, 3)
    assert game.outcome.scores == (6, 6)


def test_a_position_occurring_twice_does_not_end_the_game():
    game = game_at({"a1": "R", "h4": "r", "d2": "x"})
    for move in ("a1-a2", "h4-h3", "a2-a1", "h3-h4", "a1-a2", "h4-h3", "a2-a1"):
        game.play(move)
    assert not game.is_over()


def test_the_side_to_move_is_part_of_the_position():
    # One General walks a triangle (3 moves) while the other steps out and back (2 moves):
    # after those 5 plies the board is the same with the other side to move.
    game = game_at({"a1": "K", "h4": "k", "d2": "x"})
    start_board = game.position().split()[0]
    red_triangle = ("a1-a2", "h4-h3", "a2-b1", "h3-h4", "b1-a1")
    black_triangle = ("h4-h3", "a1-a2", "h3-g4", "a2-a1", "g4-h4")
    moves = (red_triangle + black_triangle) * 2
    boards = []
    for move in moves[:15]:
        game.play(move)
        boards.append(game.position().split()[0])
    assert boards[4::5] == [start_board] * 3  # with black, red, black to move
    assert not game.is_over()
    for move in moves[15:20]:
        game.play(move)
    assert game.outcome.termination is Termination.REPETITION


def test_a_flip_in_between_changes_the_pool_so_earlier_positions_do_not_count():
    game = game_at({"a1": "R", "h4": "r", "d2": "x", "e2": "x"}, pool="Pp")
    for move in ("a1-a2", "h4-h3", "a2-a1", "h3-h4", "d2", "h4-h3", "a1-a2", "h3-h4", "a2-a1"):
        game.play(move)
    assert not game.is_over()


def test_identical_pieces_swapping_squares_repeat_the_public_position():
    game = game_at({"a1": "P", "b1": "P", "h4": "r", "d2": "x"})
    # a1 and b1 hold two red Soldiers; they rotate through a2/b2 and the public position repeats.
    moves = ("a1-a2", "h4-h3", "a2-b2", "h3-h4", "b1-a1", "h4-h3", "b2-b1", "h3-h4") * 2
    for move in moves:
        assert not game.is_over()
        game.play(move)
    assert game.outcome.termination is Termination.REPETITION
