"""Setup, colours and turns (the rules text of hdc2: "Setting up and taking turns")."""

import pytest
from support import HIDDEN, is_flip, position

from hdchess import BLACK, RED, Game, IllegalMoveError, InvalidMoveError, State, load_ruleset
from hdchess.core import make_piece, piece_from_letter
from hdchess.vocabulary import NO_SIDE


def test_the_board_starts_full_of_face_down_pieces_and_the_pool_holds_both_sets():
    state = State(load_ruleset())
    assert state.mailbox == [HIDDEN] * 32
    assert state.side == NO_SIDE
    counts = dict(zip("KAEHRCPW", (1, 2, 2, 2, 2, 2, 4, 1)))
    for letter, count in counts.items():
        assert state.pool[piece_from_letter(letter)] == count
        assert state.pool[piece_from_letter(letter.lower())] == count
    assert sum(state.pool) == 32


def test_the_opening_is_a_flip_of_any_of_the_32_pieces():
    actions = State(load_ruleset()).legal_actions()
    assert len(actions) == 32 and all(is_flip(a) for a in actions)


def test_each_side_of_a_dealt_game_gets_the_whole_set():
    game = Game(seed=7)
    revealed = [game.play(a).revealed for a in list(game.legal_actions())[:1]]
    while any(is_flip(a) for a in game.legal_actions()):
        flip = next(a for a in game.legal_actions() if is_flip(a))
        revealed.append(game.play(flip).revealed)
    for color in (RED, BLACK):
        kinds = sorted(p & 7 for p in revealed if p >> 3 == color)
        assert kinds == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6, 7]


# first_flip, revealed colour -> (player 1's colour, side to move after the flip)
@pytest.mark.parametrize(("first_flip", "letter", "player1", "to_move"), [
    ("opponent", "R", BLACK, RED),
    ("opponent", "r", RED, BLACK),
    ("self", "R", RED, BLACK),
    ("self", "r", BLACK, RED),
])
def test_first_flip_decides_the_colours(first_flip, letter, player1, to_move):
    game = Game(load_ruleset(first_flip=first_flip), seed=3)
    assert game.player_color(1) is None
    entry = game.replay(f"c2({letter})")
    assert entry.color is None  # the opening flip is made before anyone has a colour
    assert entry.revealed == piece_from_letter(letter)
    assert game.player_color(1) == player1
    assert game.player_color(2) == player1 ^ 1
    assert game.state.side == to_move == game.player_color(2)  # the turn passes to player 2


def test_default_first_flip_gives_the_revealed_colour_to_player_two():
    game = Game(seed=3)
    entry = game.play("a1")
    assert game.player_color(2) == entry.revealed >> 3


def test_turns_alternate_after_moves_and_flips():
    state = position({"a1": "R", "h4": "r", "d2": "x"})
    sides = [state.side]
    for action, revealed in ((0 << 5 | 1, None), (31 << 5 | 30, None), (11 * 33, make_piece(RED, 6)),
                             (30 << 5 | 22, None)):
        state.push(action, revealed)
        sides.append(state.side)
    assert sides == [RED, BLACK, RED, BLACK, RED]


def test_a_player_with_no_move_must_flip():
    state = position({"a1": "C", "a2": "x", "b1": "x", "h4": "k"})  # the Cannon is boxed in
    assert sorted(state.legal_actions()) == [1 * 33, 8 * 33]
    assert state.outcome() is None


def test_there_is_no_pass():
    game = Game(seed=1)
    game.play("a1")
    before = game.position()
    for text in ("pass", "", "-", "0000", "null"):
        with pytest.raises(InvalidMoveError):
            game.play(text)
    assert game.position() == before


def test_a_player_moves_only_their_own_pieces():
    game = Game(position="8/8/8/R6r r - 0 10")
    with pytest.raises(IllegalMoveError, match="not yours"):
        game.play("h1-h2")
    game.play("a1-a2")
    with pytest.raises(IllegalMoveError, match="not yours"):
        game.play("a2-a3")
