"""Gaiqi (hdchess/rules_text/gaiqi.md): perft counts worked out by hand, and the special
rules one by one (xiangqi movement with blocked Horse and Elephant legs, blind
captures, the General's loss, the chase rule, how the game ends)."""

import io
import random
import sys

import pytest
from support import parse_square

from hdchess import BLACK, RED, Game, IllegalMoveError, PositionError, load_ruleset, parse_position
from hdchess.cli import main
from hdchess.core import GENERAL, SOLDIER, make_piece
from hdchess.facedown import State
from hdchess.notation import move_text, position_text
from hdchess.playout import random_playout
from hdchess.vocabulary import Termination

GAIQI = load_ruleset("gaiqi")


def gaiqi(text: str) -> State:
    return parse_position(text, GAIQI)


def moves_of(state: State, frm: str) -> set[str]:
    """The moves (as text) of the piece on ``frm``."""
    sq = parse_square(frm)
    return {move_text(a, state) for a in state.legal_moves() if a >> 5 == sq}


def illegal_reason(game: Game, move: str) -> str:
    before = game.position()
    with pytest.raises(IllegalMoveError) as err:
        game.play(move)
    assert game.position() == before  # a rejected move changes nothing
    return str(err.value)


# -- movement -----------------------------------------------------------------------------------

def test_the_horse_is_blocked_by_a_piece_on_its_leg():
    state = gaiqi("7k/3x4/2xH4/K7 r PP 0 20")  # legs d3 and c2 are face-down
    assert moves_of(state, "d2") == {"d2-f3", "d2-f1"}
    assert moves_of(gaiqi("7k/8/3H4/K7 r - 0 20"), "d2") == {"d2-b1", "d2-b3", "d2-c4", "d2-e4", "d2-f1", "d2-f3"}
    reason = illegal_reason(Game(GAIQI, seed=1, position="7k/3x4/2xH4/K7 r PP 0 20"), "d2-e4")
    assert reason == "d2-e4: the Horse on d2 cannot reach e4: its leg at d3 is blocked"


def test_the_elephant_is_blocked_by_a_piece_on_its_eye():
    state = gaiqi("7k/4x3/1x6/K1E5 r PP 0 20")  # eye b2 blocked; e3 is face-down: a blind capture
    assert moves_of(state, "c1") == {"c1xe3"}
    game = Game(GAIQI, seed=1, position="7k/4x3/1x6/K1E5 r PP 0 20")
    assert "its eye at b2 is blocked" in illegal_reason(game, "c1-a3")
    assert "moves exactly two squares diagonally" in illegal_reason(game, "c1-d2")


@pytest.mark.parametrize(("letter", "targets"), [
    ("K", {"b1", "c1", "d1", "b2", "d2", "b3", "c3", "d3"}),  # one step, 8 directions, anywhere
    ("A", {"b1", "d1", "b3", "d3"}),  # one step diagonally, anywhere
    ("P", {"b2", "d2", "c1", "c3"}),  # one step orthogonally, any of the four directions
])
def test_one_step_pieces(letter, targets):
    pieces = {"K": "7k/8/2K5/8", "A": "7k/8/2A5/7K", "P": "7k/8/2P5/7K"}[letter]
    state = gaiqi(f"{pieces} r - 0 20")
    assert {m[3:] for m in moves_of(state, "c2")} == targets


def test_advisor_and_soldier_messages():
    game = Game(GAIQI, seed=1, position="7k/8/2A1P3/7K r - 0 20")
    assert "the Advisor on c2 moves one square diagonally" in illegal_reason(game, "c2-c3")
    assert "the Soldier on e2 moves one square along a rank or file" in illegal_reason(game, "e2-f3")


def test_chariot_and_cannon_treat_face_down_pieces_as_pieces():
    # Cannon a1: b1 is empty, its own Soldier c1 screens the face-down e1 (a blind capture).
    # Chariot h2: the face-down g2 stops it (a blind capture), its own General h1 too; up the
    # file it reaches h3 and takes the black General on h4.
    state = gaiqi("7k/8/6xR/C1P1x2K r pp 0 20")
    assert moves_of(state, "a1") == {"a1-b1", "a1-a2", "a1-a3", "a1-a4", "a1xe1"}
    assert moves_of(state, "h2") == {"h2xg2", "h2-h3", "h2xh4"}


def test_own_face_up_pieces_cannot_be_captured():
    game = Game(GAIQI, seed=1, position="7k/8/8/KR6 r - 0 20")
    assert "a1 holds your own General" in illegal_reason(game, "b1xa1")


# -- blind captures and the General ---------------------------------------------------------------

def test_a_blind_capture_is_a_chance_event_drawn_from_the_pool():
    state = gaiqi("7k/7x/8/KRx5 r Pp 0 20")
    capture = parse_square("b1") << 5 | parse_square("c1")
    assert state.is_capture(capture) and state.is_chance(capture)
    outcomes = sorted(state.chance_outcomes(capture))
    assert outcomes == [(make_piece(RED, SOLDIER), 0.5), (make_piece(BLACK, SOLDIER), 0.5)]


def test_capturing_your_own_face_down_piece_is_allowed_and_removes_it():
    game = Game(GAIQI, seed=1, position="7k/7x/8/KRx5 r PP 0 20")
    played = game.replay("b1xc1(P)")  # the record says what it turned out to be: red's own Soldier
    assert played.captured == make_piece(RED, SOLDIER) and played.text == "b1xc1(P)"
    assert game.position().startswith("7k/7x/8/K1R5 b P ")
    assert not game.is_over()
    replay = Game.from_record(game.record_text())
    assert replay.position() == game.position()


def test_capturing_your_own_face_down_general_loses_at_once():
    game = Game(GAIQI, seed=1, position="7k/7x/8/1Rx5 r KP 0 20")  # red's General is still face-down
    game.replay("b1xc1(K)")
    assert game.outcome.termination is Termination.GENERAL_LOST
    assert game.outcome.winner == BLACK


def test_capturing_the_enemy_general_wins():
    game = Game(GAIQI, seed=1, position="7k/8/8/K6R r - 0 20")
    game.play("h1xh4")
    assert game.outcome.termination is Termination.GENERAL_LOST
    assert game.outcome.winner == RED and game.outcome.result() == "1-0"


def test_a_blind_capture_of_the_enemy_general_wins():
    game = Game(GAIQI, seed=1, position="8/7x/8/KRx5 r kp 0 20")
    game.replay("b1xc1(k)")
    assert game.outcome.winner == RED


# -- the chase rule -------------------------------------------------------------------------------

def chased_game() -> Game:
    """Red's Chariot checks the black General on three turns running (b4, b3, b2)."""
    game = Game(GAIQI, seed=1, position="7k/8/8/KR6 r - 0 20")
    for move in ["b1-b4", "h4-h3", "b4-b3", "h3-h2", "b3-b2", "h2-h1"]:
        game.play(move)
    return game


def test_the_fourth_check_in_a_row_by_the_same_piece_is_illegal():
    game = chased_game()
    assert game.state.chase == ((3, parse_square("b2")), (0, -1))
    # b1 (along rank 1) and h2 (next to h1) would check a fourth time
    assert moves_of(game.state, "b2") == {f"b2-{s}" for s in ("b3", "b4", "a2", "c2", "d2", "e2", "f2", "g2")}
    reason = illegal_reason(game, "b2-b1")
    assert "checked the General on each of your last 3 turns" in reason and "chase rule" in reason
    assert "a1-a2" in {move_text(a, game.state) for a in game.state.legal_moves()}  # other pieces are unaffected


def test_after_a_turn_without_check_the_piece_may_check_again():
    game = chased_game()
    game.play("a1-a2")  # another piece moves: the chase is broken
    game.play("h1-g1")
    assert game.state.chase[RED] == (0, -1)
    game.play("b2-b1")  # a check again, the first of a new run
    assert game.state.chase[RED] == (1, parse_square("b1"))


def test_checks_by_different_pieces_do_not_add_up():
    game = Game(GAIQI, seed=1, position="7k/8/8/KRR5 r - 0 20")
    for move in ["b1-b4", "h4-h3", "c1-c3", "h3-h2", "b4-b2", "h2-h1"]:
        game.play(move)
    assert game.state.chase[RED] == (1, parse_square("b2"))
    game.play("b2-b1")  # the b-Chariot's second check in a row: allowed
    assert game.state.chase[RED] == (2, parse_square("b1"))


def test_the_chase_rule_never_forbids_capturing_the_general():
    # The Chariot on b2 has checked three times and the General did not get away.
    game = Game(GAIQI, seed=1, position="8/8/1R5k/K7 r - 5 25 0/0 b3-b2/h3-h2 b2:3/-")
    assert moves_of(game.state, "b2") == {"b2-b1", "b2-b3", "b2-b4", "b2xh2"}
    game.play("b2xh2")
    assert game.outcome.winner == RED


def test_the_chase_counts_are_part_of_the_position_and_of_copies():
    game = chased_game()
    text = game.position()
    assert text.endswith(" b2:3/-")
    assert gaiqi(text).legal_moves() == game.state.legal_moves()
    copy = game.state.copy()
    assert copy.chase == game.state.chase and copy.legal_moves() == game.state.legal_moves()
    game.state.push(parse_square("a1") << 5 | parse_square("a2"))
    assert game.state.chase[RED] == (0, -1)
    game.state.pop()
    assert game.state.chase == copy.chase


def test_chase_fields_are_checked():
    with pytest.raises(PositionError, match="1-3 checks"):
        gaiqi("8/8/1R5k/K7 r - 5 25 0/0 -/- b2:4/-")
    with pytest.raises(PositionError, match="holds no face-up black piece"):
        gaiqi("8/8/1R5k/K7 r - 5 25 0/0 -/- -/b2:1")
    with pytest.raises(PositionError, match="5 fields"):
        parse_position("8/8/1R5k/K7 r - 5 25 0/0 -/- b2:1/-", load_ruleset("hdc2"))


# -- the end of the game ------------------------------------------------------------------------

def test_a_side_with_no_action_loses():
    # black's Elephants and Horse are blocked (eyes b3 and c3, legs b2 and c1) and hem in the General
    game = Game(GAIQI, seed=1, position="7K/1PP5/ee6/khP5 b - 0 20")
    assert game.outcome.termination is Termination.NO_ACTIONS
    assert game.outcome.winner == RED


def test_no_progress_is_a_draw():
    game = Game(GAIQI, seed=1, position="8/8/8/K6k r - 59 80")
    game.play("a1-a2")
    assert game.outcome.termination is Termination.NO_PROGRESS and game.outcome.winner is None


def test_threefold_repetition_is_a_draw():
    game = Game(GAIQI, seed=1, position="8/8/8/K6k r - 0 80")
    for move in ["a1-a2", "h1-h2", "a2-a1", "h2-h1"] * 2:
        assert not game.is_over()
        game.play(move)
    assert game.outcome.termination is Termination.REPETITION and game.outcome.winner is None


def test_no_archer_and_five_soldiers():
    with pytest.raises(PositionError, match="gaiqi has no Archer"):
        gaiqi("7k/8/8/K6W r - 0 20")
    assert GAIQI.initial_pool[make_piece(RED, SOLDIER)] == 5
    assert GAIQI["first_flip"] == "self" and GAIQI["no_progress_plies"] == 60


def test_scores_use_the_gaiqi_table():
    # General 6, Advisor 2, Elephant 2, Horse 4, Chariot 9, Cannon 5, Soldier 2
    assert gaiqi("7k/8/8/KAEHRCP1 r - 0 20").score(RED) == 6 + 2 + 2 + 4 + 9 + 5 + 2


@pytest.mark.parametrize("variant", ["gaiqi", "banqi"])
def test_random_games_end_and_unwind_exactly(variant):
    rng = random.Random(5)
    for _ in range(20):
        state = State(load_ruleset(variant))
        start = position_text(state, extended=True)
        plies, outcome = random_playout(state, rng)
        assert outcome is not None
        if variant == "gaiqi" and outcome.termination is Termination.GENERAL_LOST:
            assert make_piece(outcome.winner ^ 1, GENERAL) not in state.mailbox
        for _ in range(plies):
            state.pop()
        assert position_text(state, extended=True) == start


@pytest.mark.parametrize("variant", ["gaiqi", "banqi"])
def test_a_whole_game_at_the_command_line(variant, capsys, monkeypatch):
    reference = Game(load_ruleset(variant), seed=5)
    rng = random.Random(5)
    while not reference.is_over():
        reference.play(rng.choice(reference.legal_actions()))
    typed = "\n".join(m.text.split("(")[0] for m in reference.moves)  # as a player types them: c2, d3xc3
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed + "\n"))
    status = main(["play", "--variant", variant, "--seed", "5", "--two-players", "--letters", "--colour", "never"])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert f"Game over: {reference.outcome.describe()}" in out
