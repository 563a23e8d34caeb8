"""The referee (hdchess.game.Game) and the chance model of flips."""

import pytest

from hdchess import RED, Game, IllegalMoveError, State, load_ruleset
from hdchess.core import HIDDEN, make_piece, parse_square, piece_from_letter
from hdchess.notation import position_text


def reveals(game: Game, squares=("a1", "b2", "c3", "d4", "e1", "f2")) -> list[int]:
    return [game.play(sq).revealed for sq in squares]


def test_the_same_seed_deals_the_same_layout():
    assert reveals(Game(seed=9)) == reveals(Game(seed=9))
    assert len({tuple(reveals(Game(seed=s))) for s in range(5)}) > 1


def test_the_public_state_shows_no_hidden_identity():
    game = Game(seed=9)
    game.play("a1")
    assert game.state.mailbox.count(HIDDEN) == 31
    assert sum(game.state.pool) == 31  # the pool says what may be there, not where


def test_a_flip_is_a_chance_event_weighted_by_the_pool():
    state = State(load_ruleset())
    outcomes = dict(state.chance_outcomes(parse_square("c2") * 33))
    assert len(outcomes) == 16
    assert outcomes[piece_from_letter("P")] == pytest.approx(4 / 32)
    assert outcomes[piece_from_letter("k")] == pytest.approx(1 / 32)
    assert sum(outcomes.values()) == pytest.approx(1)
    moved = Game(seed=1, position="8/8/8/R6x r P 0 30").state
    assert moved.chance_outcomes(parse_square("a1") << 5 | parse_square("a2")) == []


def test_played_move_describes_what_happened():
    game = Game(seed=1, position="8/8/2p5/2R4x r P 0 30")
    entry = game.play("c1xc2")
    assert (entry.text, entry.color, entry.captured, entry.revealed, entry.penalised) == (
        "c1xc2", RED, piece_from_letter("p"), None, False)
    flip = game.play("h1")
    assert flip.text == "h1(P)" and flip.revealed == make_piece(RED, 6) and flip.captured is None


def test_undo_restores_the_position_and_the_layout():
    game = Game(seed=4)
    first = game.play("d2")
    before = position_text(game.state)
    second = game.play("e3")
    assert game.undo() == second
    assert position_text(game.state) == before
    assert game.assisted
    assert game.play("e3").revealed == second.revealed  # the same piece is still under e3
    game.undo()
    game.undo()
    assert game.play("d2").revealed == first.revealed


def test_undo_of_a_forced_reveal_puts_the_layout_back():
    game = Game(seed=4)
    natural = Game(seed=4).play("a1").revealed
    forced = next(p for p in range(16) if p != natural)
    game.play("a1", revealed=forced)
    game.undo()
    assert game.play("a1").revealed == natural


def test_undo_with_no_moves_is_refused():
    with pytest.raises(IllegalMoveError, match="there is no move to undo"):
        Game(seed=1).undo()


def test_undo_reopens_a_finished_game():
    game = Game(seed=1, position="8/8/8/R6r r - 0 30")
    game.play("a1xh1")
    assert game.is_over() and game.legal_actions() == []
    game.undo()
    assert not game.is_over() and game.legal_actions()


def test_describe_turn():
    game = Game(seed=1)
    assert game.describe_turn() == "player 1 to open with a flip"
    game.play("a1(R)")
    assert game.describe_turn() == "red to move"
