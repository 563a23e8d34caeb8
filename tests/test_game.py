"""The referee (hdchess.game.Game): where flips come from, and what undo does."""

import pytest
from support import HIDDEN, flip, game_snapshot, parse_square

from hdchess import RED, Game, IllegalMoveError, State, load_ruleset
from hdchess.core import make_piece, piece_from_letter
from hdchess.notation import position_text


def reveals(game: Game, squares=("a1", "b2", "c3", "d4", "e1", "f2")) -> list[int]:
    return [game.play(sq).revealed for sq in squares]


def test_the_same_seed_deals_the_same_known_deal():
    assert reveals(Game(seed=9)) == reveals(Game(seed=9))
    assert len({tuple(reveals(Game(seed=s))) for s in range(5)}) > 1
    assert Game(seed=9).known_deal and not Game().known_deal


def test_seeds_that_differ_in_sign_only_are_refused_not_folded():
    assert reveals(Game(seed=5)) != reveals(Game(seed=6))
    with pytest.raises(ValueError, match="seed must be at least 0"):
        Game(seed=-5)


def test_the_public_state_shows_no_hidden_identity():
    game = Game()
    game.play("a1")
    assert game.state.mailbox.count(HIDDEN) == 31
    assert sum(game.state.pool) == 31  # the pool says what may be there, not where


def test_a_flip_is_a_chance_event_weighted_by_the_pool():
    state = State(load_ruleset())
    outcomes = dict(state.chance_outcomes(flip("c2")))
    assert len(outcomes) == 16
    assert outcomes[piece_from_letter("P")] == pytest.approx(4 / 32)
    assert outcomes[piece_from_letter("k")] == pytest.approx(1 / 32)
    assert sum(outcomes.values()) == pytest.approx(1)
    moved = Game(position="8/8/8/R6x r P 0 30").state
    assert moved.chance_outcomes(parse_square("a1") << 5 | parse_square("a2")) == []


def test_played_move_describes_what_happened():
    game = Game(position="8/8/2p5/2R4x r P 0 30")
    entry = game.play("c1xc2")
    assert (entry.text, entry.color, entry.captured, entry.revealed, entry.penalised) == (
        "c1xc2", RED, piece_from_letter("p"), None, False)
    entry = game.play("h1")  # the pool holds one red Soldier: the draw can only be that
    assert entry.text == "h1(P)" and entry.revealed == make_piece(RED, 6) and entry.captured is None


def test_live_play_cannot_choose_what_a_flip_reveals():
    game = Game()
    with pytest.raises(IllegalMoveError, match="a flip's result is drawn, not chosen"):
        game.play("c2(K)")
    assert game.moves == [] and position_text(game.state).startswith("xxxxxxxx/")
    assert game.replay("c2(K)").revealed == piece_from_letter("K")  # a record may say what it was


def test_undo_restores_the_position_and_marks_the_game():
    game = Game()
    game.play("d2")
    before = position_text(game.state)
    second = game.play("e3")
    assert game.undo() == second
    assert position_text(game.state) == before
    assert game.assisted


def test_undo_returns_the_piece_to_the_pool_and_flipping_again_draws_afresh():
    """No peeking: in a fair game a flip taken back is drawn again from the whole pool."""
    game = Game()
    seen = set()
    for _ in range(60):
        seen.add(game.play("e3").revealed)
        game.undo()
    assert len(seen) >= 6  # 16 kinds in the pool; the same piece 60 times running is (1/32)^59 away
    assert sum(game.state.pool) == 32


def test_a_known_deal_keeps_its_layout_through_undo():
    game = Game(seed=4)
    first = game.play("d2")
    second = game.play("e3")
    game.undo()
    assert game.play("e3").revealed == second.revealed
    game.undo()
    game.undo()
    assert game.play("d2").revealed == first.revealed


def test_a_recorded_reveal_is_swapped_into_a_known_deal():
    natural = Game(seed=4).play("a1").revealed
    forced = next(p for p in range(16) if p != natural)
    game = Game(seed=4)
    game.replay("a1", forced)
    game.undo()
    assert game.play("a1").revealed == forced  # the record won; the deal now agrees with it


def test_undo_with_no_moves_is_refused():
    with pytest.raises(IllegalMoveError, match="there is no move to undo"):
        Game().undo()


def test_undo_reopens_a_finished_game():
    game = Game(position="8/8/8/R6r r - 0 30")
    game.play("a1xh1")
    assert game.is_over() and game.legal_actions() == []
    game.undo()
    assert not game.is_over() and game.legal_actions()


def test_resigning_ends_the_game_for_the_other_colour():
    game = Game(position="8/8/8/R6r r - 0 30")
    outcome = game.resign(RED)
    assert outcome.winner == 1 and outcome.termination.value == "resignation"
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("a1xh1")


def test_describe_turn():
    game = Game()
    assert game.describe_turn() == "player 1 to open with a flip"
    game.replay("a1(R)")
    assert game.describe_turn() == "red to move"  # the first flip gives its colour to player 2, who moves next


# -- issue 35: a chance result given through the API is checked before anything changes --------------------------

@pytest.mark.parametrize("outcome", [3.0, 0.0, True, False, "R", "3", b"\x03", [3], 3 + 0j, 2**70, -1, -2**70, 99,
                                     float("nan"), float("inf")])
def test_a_chance_result_that_is_not_a_piece_of_the_pool_changes_nothing(outcome):
    game = Game(seed=1)
    game.play("d2")
    before = game_snapshot(game)
    with pytest.raises((IllegalMoveError, ValueError)):
        game.replay("c2", outcome)
    assert game_snapshot(game) == before
    reference = Game(seed=1)
    reference.play("d2")
    assert game.replay("c2").text == reference.replay("c2").text  # c2 still flips, from the same deal


def test_a_whole_number_result_still_replays_and_a_bool_is_not_a_number():
    game = Game(seed=1)
    assert game.replay("c2", 3).text == "c2(H)"
    with pytest.raises(ValueError, match="not a piece"):
        Game(seed=1).replay("c2", True)
    played = Game(seed=1)
    while not any(not played.state.is_chance(a) for a in played.legal_actions()):
        played.play(played.legal_actions()[0])
    move = next(played.state.action_text(a) for a in played.legal_actions() if not played.state.is_chance(a))
    before = played.record_text()
    with pytest.raises(ValueError, match="reveals"):
        played.replay(move, 3)
    assert played.record_text() == before


def test_a_result_given_twice_must_agree():
    with pytest.raises(IllegalMoveError):
        Game(seed=1).replay("c2(R)", piece_from_letter("p"))
    assert Game(seed=1).replay("c2(R)", piece_from_letter("R")).text == "c2(R)"


# -- issue 35: a game continued from a record, a serious game ----------------------------------------------------

def test_a_game_continued_from_a_record_is_marked_and_the_mark_is_kept():
    game = Game.from_record("1. c2(K) b3(k) *")
    assert game.continued  # play can go on from flips its writer chose
    assert 'Continued "from a record"' in game.record_text()
    again = Game.from_record(game.record_text(), own=True)  # a saved game brought back keeps the mark
    assert again.continued
    fresh = Game()
    fresh.play("c2")
    assert not fresh.continued and "Continued" not in fresh.record_text()
    assert not Game.from_record(fresh.record_text(), own=True).continued  # an own saved game is not continued


def test_a_finished_record_opened_to_review_is_not_continued_until_reopened():
    game = Game(seed=4)
    while not game.is_over():
        game.play(game.legal_actions()[0])
    review = Game.from_record(game.record_text())
    assert not review.continued and "Continued" not in review.record_text()
    review.undo()
    assert review.continued


def test_a_record_without_flips_is_not_marked():
    assert not Game.from_record('[Variant "hdc2"]\n\n*').continued


def test_a_serious_game_refuses_undo_and_says_so_in_its_record():
    game = Game(serious=True)
    game.play("c2")
    with pytest.raises(IllegalMoveError, match="serious game"):
        game.undo()
    assert len(game.moves) == 1 and not game.assisted
    assert '[Serious "yes"]' in game.record_text()
    again = Game.from_record(game.record_text())
    assert again.serious
    with pytest.raises(IllegalMoveError, match="serious game"):
        again.undo()
