"""Classic banqi (hdchess/rules_text/banqi.md): perft counts worked out by hand, and the
special rules one by one (rank order and its two exceptions, the jumping
Cannon, no capture of face-down pieces, first flip, how the game ends)."""

import pytest
from support import parse_square

from hdchess import BLACK, RED, Game, IllegalMoveError, PositionError, load_ruleset, parse_position
from hdchess.core import CANNON, GENERAL, SOLDIER, make_piece
from hdchess.facedown import State
from hdchess.notation import move_text, position_text
from hdchess.vocabulary import NO_SIDE, Termination

BANQI = load_ruleset("banqi")


def banqi(text: str) -> State:
    return parse_position(text, BANQI)


def moves_of(state: State, frm: str) -> set[str]:
    """The moves (as text) of the piece on ``frm``."""
    sq = parse_square(frm)
    return {move_text(a, state) for a in state.legal_moves() if a >> 5 == sq}


def illegal_reason(text: str, move: str) -> str:
    game = Game(BANQI, seed=1, position=text)
    with pytest.raises(IllegalMoveError) as err:
        game.play(move)
    assert game.position() == text  # a rejected move changes nothing
    return str(err.value)


# -- captures by rank -------------------------------------------------------------------------

# Who may take whom by stepping next to it, straight from the banqi rules text (rows: attacker, columns:
# victim, in the order General Advisor Elephant Chariot Horse Cannon Soldier).
ORDER = "KAERHCP"
CAN_TAKE = {
    "K": "KAERHC.",  # everything but a Soldier
    "A": ".AERHCP",
    "E": "..ERHCP",
    "R": "...RHCP",
    "H": "....HCP",
    "P": "K.....P",  # only Soldiers, and the General
    "C": ".......",  # the Cannon captures only by jumping
}


@pytest.mark.parametrize("attacker", list(CAN_TAKE))
@pytest.mark.parametrize("victim", list(ORDER))
def test_rank_order_decides_who_captures_whom(attacker, victim):
    text = f"x7/8/8/1{attacker}{victim.lower()}5 r p 0 10"
    allowed = CAN_TAKE[attacker][ORDER.index(victim)] != "."
    assert ("b1xc1" in moves_of(banqi(text), "b1")) is allowed
    if not allowed:  # and the message says why
        reason = illegal_reason(text, "b1xc1")
        reasons = ("it ranks lower", "cannot capture a Soldier", "never the piece next to it")
        assert any(why in reason for why in reasons)


def test_rank_messages_name_the_reason():
    assert illegal_reason("x7/8/8/1Hr5 r p 0 10", "b1xc1") == \
        "b1xc1: the Horse on b1 cannot capture the Chariot: it ranks lower"
    assert "the General on b1 cannot capture a Soldier" in illegal_reason("x7/8/8/1Kp5 r p 0 10", "b1xc1")
    assert "face-down pieces cannot be captured" in illegal_reason("x7/8/8/1Kx5 r pp 0 10", "b1xc1")


def test_a_soldier_captures_the_general_and_equal_ranks_capture_each_other():
    state = banqi("x7/8/8/1Pk5 r p 0 10")
    assert moves_of(state, "b1") == {"b1-a1", "b1-b2", "b1xc1"}
    state = banqi("x7/8/8/1Ee5 b p 0 10")
    assert "c1xb1" in moves_of(state, "c1")


def test_every_piece_steps_one_square_orthogonally():
    for letter in "KAERHCP":
        state = banqi(f"x7/8/2{letter}5/8 r p 0 10")
        assert moves_of(state, "c2") == {"c2-b2", "c2-d2", "c2-c1", "c2-c3"}, letter


# -- the Cannon --------------------------------------------------------------------------------

def test_the_cannon_captures_any_rank_over_exactly_one_screen_at_any_distance():
    # a face-down screen on c1, the black General four squares beyond it on g1
    state = banqi("7x/8/8/C1x3k1 r pp 0 10")
    assert moves_of(state, "a1") == {"a1-a2", "a1-b1", "a1xg1"}


def test_the_cannon_never_captures_next_to_it_nor_over_zero_or_two_screens():
    state = banqi("8/8/8/Cp1p1p1x r p 0 10")
    # b1 is adjacent (no screen), d1 is over one screen (b1), f1 is over two
    assert moves_of(state, "a1") == {"a1-a2", "a1xd1"}
    assert "captures by jumping exactly one piece, not 2" in illegal_reason("8/8/8/Cp1p1p1x r p 0 10", "a1xf1")
    assert "never the piece next to it" in illegal_reason("8/8/8/Cp1p1p1x r p 0 10", "a1xb1")


def test_the_cannon_does_not_capture_face_down_pieces():
    state = banqi("x7/8/8/CP1x4 r pp 0 10")
    assert moves_of(state, "a1") == {"a1-a2"}
    assert "cannot be captured" in illegal_reason("x7/8/8/CP1x4 r pp 0 10", "a1xd1")


def test_the_cannon_moves_only_one_square():
    assert "moves one square along a rank or file" in illegal_reason("x7/8/8/C7 r p 0 10", "a1-a3")


# -- flips, notation ---------------------------------------------------------------------------

def test_the_first_flipper_takes_the_colour_of_the_revealed_piece():
    state = State(BANQI)
    assert state.side == NO_SIDE
    state.push(parse_square("c2") * 33, make_piece(RED, CANNON))
    assert state.side == BLACK  # the flipper is red, so black replies
    state.pop()
    state.push(parse_square("c2") * 33, make_piece(BLACK, SOLDIER))
    assert state.side == RED


def test_a_game_opens_with_five_soldiers_and_no_archer_each():
    assert position_text(State(BANQI)) == "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - AACCEEHHKPPPPPRRaacceehhkppppprr 0 0"
    with pytest.raises(PositionError, match="banqi has no Archer"):
        banqi("x7/8/8/W7 r p 0 10")
    with pytest.raises(PositionError, match="banqi has no Archer"):
        banqi("x7/8/8/8 r W 0 10")
    with pytest.raises(PositionError, match="7 red Soldiers on the board and in the pool; banqi has 5"):
        banqi("x7/8/8/PPPPPP2 r P 0 10")


def test_the_no_progress_option_defaults_to_60():
    assert BANQI["no_progress_plies"] == 60
    assert BANQI["first_flip"] == "self"
    assert load_ruleset("banqi", NoProgressPlies="20")["no_progress_plies"] == 20


# -- the end of the game -----------------------------------------------------------------------

def test_capturing_the_last_enemy_piece_wins():
    game = Game(BANQI, seed=1, position="8/8/8/1Pk5 r - 0 10")
    game.play("b1xc1")
    assert game.outcome.termination is Termination.ALL_CAPTURED
    assert game.outcome.winner == RED
    assert game.outcome.result() == "1-0"


def test_a_face_down_piece_of_yours_is_not_lost_yet():
    # black has nothing face-up, but a black piece is still face-down: the game goes on
    game = Game(BANQI, seed=1, position="x7/8/8/1Pk5 r p 0 10")
    game.play("b1xc1")
    assert not game.is_over()


def test_a_side_with_no_action_loses():
    # black's Soldier on a1 is boxed in by red's Elephants it cannot take; nothing is face-down
    game = Game(BANQI, seed=1, position="8/8/E7/pE6 b - 0 10")
    assert game.outcome.termination is Termination.NO_ACTIONS
    assert game.outcome.winner == RED


def test_no_progress_is_a_draw():
    text = "8/8/8/K6k r - 59 80"
    game = Game(BANQI, seed=1, position=text)
    assert not game.is_over()
    game.play("a1-a2")
    assert game.outcome.termination is Termination.NO_PROGRESS
    assert game.outcome.winner is None
    assert game.outcome.result() == "1/2-1/2"


def test_threefold_repetition_is_a_draw():
    game = Game(BANQI, seed=1, position="8/8/8/K6k r - 0 80")
    for move in ["a1-a2", "h1-h2", "a2-a1", "h2-h1"] * 2:
        assert not game.is_over()
        game.play(move)
    assert game.outcome.termination is Termination.REPETITION
    assert game.outcome.winner is None


def test_a_general_capture_does_not_end_banqi():
    game = Game(BANQI, seed=1, position="x7/8/8/1Pk5 r p 0 10")
    game.play("b1xc1")
    assert game.outcome is None
    assert make_piece(BLACK, GENERAL) not in game.state.mailbox


def test_scores_use_the_banqi_table():
    # General 10, Advisor 8, Elephant 6, Chariot 4, Horse 3, Cannon 5, Soldier 2
    state = banqi("x7/8/8/KAERHCP1 r p 0 10")
    assert state.score(RED) == 10 + 8 + 6 + 4 + 3 + 5 + 2


def test_a_record_names_the_variant_and_replays():
    game = Game(BANQI, seed=7)
    for move in ["a1", "b1", "c1", "d1"]:
        game.play(move)
    record = game.record_text()
    assert '[Variant "banqi"]' in record and '[NoProgressPlies "60"]' in record
    replay = Game.from_record(record)
    assert replay.ruleset == BANQI and replay.position() == game.position()
