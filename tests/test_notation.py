"""Position and move notation (web/docs/notation.md) and what bad input does."""

from pathlib import Path

import pytest
from support import parse_move_text, parse_square, position

from hdchess import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSquareError,
    PositionError,
    State,
    load_ruleset,
    move_text,
    parse_position,
    position_text,
)
from hdchess.core import piece_from_letter
from hdchess.vocabulary import NO_SIDE

START = "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - AACCEEHHKPPPPRRWaacceehhkpppprrw 0 0"
SUITE = Path(__file__).with_name("data") / "perft-hdc2.txt"
SUITE_POSITIONS = [line.split(";")[0].strip() for line in SUITE.read_text().splitlines()
                   if line.strip() and not line.startswith("#")]


# -- positions ---------------------------------------------------------------------

def test_the_start_position_text():
    assert position_text(State(load_ruleset())) == START
    state = parse_position(START)
    assert state.side == NO_SIDE and state.hidden.bit_count() == 32


def test_startpos_is_an_alias_for_the_start():
    assert position_text(parse_position("startpos")) == START


@pytest.mark.parametrize("text", SUITE_POSITIONS)
def test_positions_round_trip(text):
    assert position_text(parse_position(text)) == text


def test_the_board_reads_rank_4_first_and_files_a_to_h():
    state = parse_position("k7/8/8/1R4x1 r P 0 10")
    assert state.mailbox[parse_square("h4") - 7] == piece_from_letter("k")  # a4
    assert state.mailbox[parse_square("b1")] == piece_from_letter("R")
    assert state.is_chance(parse_square("g1") * 33)


def test_the_pool_may_be_written_in_any_order_and_is_written_sorted():
    state = parse_position("xxxx4/8/8/K6k r pPaA 0 5")
    assert position_text(state) == "xxxx4/8/8/K6k r APap 0 5"


def test_a_position_with_penalties_and_last_moves_round_trips():
    text = "7r/8/3x4/R7 r P 3 27 2/1 a2-a1/h3-h4"
    state = parse_position(text)
    assert state.penalties == [2, 1]
    assert position_text(state) == text
    assert position_text(state, extended=False) == "7r/8/3x4/R7 r P 3 27"
    assert state.is_penalised(parse_move_text("a1-a2")[0])


def test_a_five_field_line_has_no_history():
    state = parse_position("7r/8/3x4/R7 r P 3 27")
    assert state.penalties == [0, 0] and state.last_moves == [-1, -1]


@pytest.mark.parametrize(("text", "message"), [
    ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - AACC 0", "a position has 5 fields (board side pool quiet ply), not 4"),
    ("", "a position has 5 fields"),
    ("xxxxxxxxx/8/8/K7 r AAAAA 0 9", "rank 4 has 9 files, expected 8"),
    ("8/8/8/K6 r - 0 9", "rank 1 has 7 files, expected 8"),
    ("8/8/4PPPPP r - 0 9", "the board has 3 ranks separated by '/', expected 4"),
    ("8/8/8/8/8 r - 0 9", "the board has 5 ranks"),
    ("8/8/8/Z7 r - 0 9", "rank 1: 'Z' is not a piece letter, x or a digit"),
    ("8/8/8/K9 r - 0 9", "rank 1: 9 is not a run of 1-8 empty squares"),
    ("8/8/8/K07 r - 0 9", "rank 1: 0 is not a run of 1-8 empty squares"),
    ("8/8/8/K7 g - 0 9", "the side to move must be r, b or -, not 'g'"),
    ("8/8/8/K7 - - 0 0", "side '-' means no piece has been flipped yet, so every square is face-down"),
    ("8/8/8/K6x r - 0 9", "the pool has 0 pieces but the board has 1 face-down"),
    ("8/8/8/K6x r PP 0 9", "the pool has 2 pieces but the board has 1 face-down"),
    ("8/8/8/K6x r Z 0 9", "pool: 'Z' is not a piece letter"),
    ("8/8/8/KK6 r - 0 9", "2 red Generals on the board and in the pool; hdc2 has 1"),
    ("8/8/8/PPPP3x r P 0 9", "5 red Soldiers on the board and in the pool; hdc2 has 4"),
    ("8/8/8/K7 r - 5 2", "the quiet count 5 exceeds the ply count 2"),
    ("8/8/8/K7 r - -1 2", "the quiet count must be a whole number, not '-1'"),
    ("8/8/8/K7 r - 0 two", "the ply count must be a whole number, not 'two'"),
    ("8/8/8/K7 r - 0 2 0/0", "not 6"),
    ("8/8/8/K7 r - 0 2 1 -/-", "penalties must be two values red/black, not '1'"),
    ("8/8/8/K7 r - 0 2 0/x -/-", "a penalty count must be a whole number, not 'x'"),
    ("8/8/8/K7 r - 0 2 0/0 a1-a9/-", "last moves: a9 is not a square"),
])
def test_malformed_positions_raise_position_error_naming_the_problem(text, message):
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert message in str(caught.value)


def test_a_position_that_is_not_text_is_rejected():
    with pytest.raises(PositionError, match="a position must be a line of text"):
        parse_position(None)


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        parse_position("nonsense")


# -- moves ---------------------------------------------------------------------------

def test_move_text_of_flips_moves_and_captures():
    state = position({"c2": "R", "c4": "p", "a1": "x"})
    c2, c3, c4, a1 = (parse_square(s) for s in ("c2", "c3", "c4", "a1"))
    assert move_text(a1 * 33, state) == "a1"
    assert move_text(a1 * 33, state, piece_from_letter("R")) == "a1(R)"
    assert move_text(c2 << 5 | c3, state) == "c2-c3"
    assert move_text(c2 << 5 | c4, state) == "c2xc4"


@pytest.mark.parametrize(("text", "expected"), [
    ("c2", (10 * 33, None, "-")),
    ("c2(R)", (10 * 33, piece_from_letter("R"), "-")),
    ("h4(w)", (31 * 33, piece_from_letter("w"), "-")),
    ("c2-c4", (10 << 5 | 26, None, "-")),
    ("c2xc4", (10 << 5 | 26, None, "x")),
    (" A1-B1 ", (0 << 5 | 1, None, "-")),
])
def test_parse_move_text(text, expected):
    assert parse_move_text(text) == expected


def test_every_action_round_trips_through_its_text():
    state = State(load_ruleset())
    for action in range(1024):
        frm, to = action >> 5, action & 31
        text = move_text(action, state)
        assert parse_move_text(text)[0] == action
        if frm == to:
            for piece in range(16):
                assert parse_move_text(move_text(action, state, piece))[:2] == (action, piece)


@pytest.mark.parametrize(("text", "error", "message"), [
    ("c9", InvalidMoveError, "c9 is not a square (files a-h, ranks 1-4)"),
    ("i1", InvalidMoveError, "i1 is not a square"),
    ("z9-a1", InvalidMoveError, "z9 is not a square"),
    ("a1-a5", InvalidMoveError, "a5 is not a square"),
    ("c2-", InvalidMoveError, "c2-: a move needs two squares"),
    ("c2x", InvalidMoveError, "c2x: a move needs two squares"),
    ("-c3", InvalidMoveError, "-c3: a move needs two squares"),
    ("c2-c2", InvalidMoveError, "c2-c2: a move must go to another square"),
    ("", InvalidMoveError, "an empty string is not a move"),
    ("c2(Z)", InvalidMoveError, "c2(Z): 'Z' is not a piece letter"),
    ("c2(R", InvalidMoveError, "c2(R is not a square"),
    (None, InvalidMoveError, "a move must be text"),
])
def test_malformed_moves_raise_naming_the_problem(text, error, message):
    with pytest.raises(error) as caught:
        parse_move_text(text)
    assert message in str(caught.value)


def test_a_bad_square_name_raises_invalid_square_error():
    with pytest.raises(InvalidSquareError, match="c9 is not a square"):
        parse_square("c9")


# -- a rejected move leaves the game unchanged ------------------------------------------

BOARD = "2x2r2/2x5/x1R2C1x/p2xh3 r AKPPp 4 40"


@pytest.mark.parametrize(("move", "error", "message"), [
    ("c2-g2", IllegalMoveError, "c2-g2: the Chariot on c2 is blocked by f2"),
    ("c2xc3", IllegalMoveError, "the piece on c3 is face-down, and face-down pieces cannot be captured"),
    ("c2-b1", IllegalMoveError, "the Chariot on c2 moves only along a rank or file"),
    ("f2xf4", IllegalMoveError, "the Cannon on f2 captures by jumping exactly one piece, and there is none"),
    ("c2-c2", InvalidMoveError, "a move must go to another square"),
    ("e1-e2", IllegalMoveError, "not yours (red to move)"),
    ("d2-d3", IllegalMoveError, "there is no piece on d2"),
    ("a1xa1", InvalidMoveError, "a move must go to another square"),
    ("e2", IllegalMoveError, "only a face-down piece can be flipped; e2 is empty"),
    ("c2", IllegalMoveError, "only a face-down piece can be flipped; c2 holds a face-up red Chariot"),
    ("a2-a3", IllegalMoveError, "the piece on a2 is face-down; flip it first"),
    ("c2xd2", IllegalMoveError, "c2xd2: there is nothing to capture on d2"),
    ("a2(R)", IllegalMoveError, "no red Chariot is left face-down"),
    ("c9", InvalidMoveError, "c9 is not a square"),
    (4000, InvalidMoveError, "4000 is not an action of hdc2"),
    (None, InvalidMoveError, "None is not a move"),
])
def test_a_rejected_move_names_the_problem_and_leaves_the_game_unchanged(move, error, message):
    game = Game(seed=5, position=BOARD)
    before = (game.position(), game.state.hash, list(game.moves), game.record_text())
    with pytest.raises(error) as caught:
        game.play(move)
    assert message in str(caught.value)
    assert (game.position(), game.state.hash, list(game.moves), game.record_text()) == before
    # the hidden layout is untouched too: the same flips reveal the same pieces as in a fresh game
    twin = Game(seed=5, position=BOARD)
    for flip in ("c4", "h2", "d1"):
        assert game.play(flip).revealed == twin.play(flip).revealed


def test_a_rejected_revealed_piece_leaves_the_game_unchanged():
    game = Game(seed=2)
    with pytest.raises(IllegalMoveError, match="99 is not a possible result of c2"):
        game.replay("c2", 99)
    assert game.moves == [] and game.position() == START
