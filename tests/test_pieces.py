"""How each piece moves and captures (hdchess/rules_text/hdc2.md, "Moving and capturing").

Positions are built on an empty board with :func:`support.position`; ``x`` is a
face-down piece. Red is to move unless a test says otherwise.
"""

import pytest
from support import SQUARE_NAMES, captures, destinations, is_flip, position, reference_actions

from hdchess.notation import move_text

KINDS = "KAEHRCPW"


# -- General ---------------------------------------------------------------------

def test_general_steps_one_square_in_all_eight_directions():
    assert destinations(position({"c2": "K"}), "c2") == {"b1", "c1", "d1", "b2", "d2", "b3", "c3", "d3"}


def test_general_in_the_corner_has_three_squares():
    assert destinations(position({"a1": "K"}), "a1") == {"a2", "b1", "b2"}


def test_general_captures_revealed_enemies_in_all_eight_directions():
    state = position({"c2": "K", "c3": "p", "d3": "r", "b1": "k", "d2": "A", "b2": "x"})
    assert captures(state, "c2") == {"c3", "d3", "b1"}
    assert destinations(state, "c2") == {"c3", "d3", "b1", "c1", "d1", "b3"}


def test_general_does_not_step_two_squares():
    assert "c4" not in destinations(position({"c2": "K"}), "c2")


# -- Advisor ---------------------------------------------------------------------

def test_advisor_moves_one_square_in_all_eight_directions():
    assert destinations(position({"c2": "A"}), "c2") == {"b1", "c1", "d1", "b2", "d2", "b3", "c3", "d3"}


def test_advisor_captures_diagonally_only():
    state = position({"c2": "A", "c3": "p", "b2": "r", "d1": "k", "b3": "c"})
    assert captures(state, "c2") == {"d1", "b3"}


def test_advisor_never_captures_orthogonally_even_when_it_could_step_there():
    state = position({"c2": "A", "c3": "p", "c1": "p", "b2": "p", "d2": "p"})
    assert destinations(state, "c2") == {"b1", "d1", "b3", "d3"}


# -- Elephant ----------------------------------------------------------------------

def test_elephant_slides_any_distance_diagonally():
    assert destinations(position({"b2": "E"}), "b2") == {"a1", "c1", "a3", "c3", "d4"}


def test_elephant_stops_before_the_first_piece_and_captures_a_revealed_enemy_there():
    state = position({"a1": "E", "c3": "p", "d4": "r"})
    assert destinations(state, "a1") == {"b2", "c3"}
    assert captures(state, "a1") == {"c3"}


@pytest.mark.parametrize("blocker", ["x", "P"])
def test_elephant_is_stopped_by_a_face_down_or_own_piece_without_capturing_it(blocker):
    state = position({"a1": "E", "c3": blocker, "d4": "r"})
    assert destinations(state, "a1") == {"b2"}


def test_elephant_does_not_move_orthogonally():
    assert not destinations(position({"a1": "E", "b2": "P"}), "a1")


# -- Horse ---------------------------------------------------------------------------

def test_horse_leaps_in_an_l():
    assert destinations(position({"d2": "H"}), "d2") == {"b1", "b3", "c4", "e4", "f3", "f1"}


def test_horse_jumps_over_every_piece_around_it():
    ring = {sq: "x" for sq in ("c1", "d1", "e1", "c2", "e2", "c3", "d3", "e3")}
    state = position({"d2": "H", **ring})
    assert destinations(state, "d2") == {"b1", "b3", "c4", "e4", "f3", "f1"}


def test_horse_captures_only_revealed_enemies():
    state = position({"a1": "H", "b3": "p", "c2": "x"})
    assert destinations(state, "a1") == {"b3"}
    state = position({"a1": "H", "b3": "P", "c2": "c"})
    assert destinations(state, "a1") == {"c2"}


# -- Chariot -----------------------------------------------------------------------

def test_chariot_slides_along_its_rank_and_file():
    assert destinations(position({"c2": "R"}), "c2") == {
        "a2", "b2", "d2", "e2", "f2", "g2", "h2", "c1", "c3", "c4"}


def test_chariot_stops_at_the_first_piece_and_captures_it_only_if_a_revealed_enemy():
    state = position({"a1": "R", "a3": "p", "a4": "r", "d1": "x", "e1": "c"})
    assert destinations(state, "a1") == {"a2", "a3", "b1", "c1"}
    assert captures(state, "a1") == {"a3"}


def test_chariot_does_not_capture_its_own_piece():
    state = position({"a1": "R", "a2": "P", "b1": "P"})
    assert destinations(state, "a1") == set()


# -- Cannon ------------------------------------------------------------------------

def test_cannon_moves_like_a_chariot_to_empty_squares():
    assert destinations(position({"c2": "C"}), "c2") == {
        "a2", "b2", "d2", "e2", "f2", "g2", "h2", "c1", "c3", "c4"}


def test_cannon_cannot_capture_the_first_piece_it_meets():
    state = position({"a1": "C", "b1": "p"})
    assert destinations(state, "a1") == {"a2", "a3", "a4"}


def test_cannon_never_jumps_to_an_empty_square():
    state = position({"a1": "C", "c1": "x"})
    assert destinations(state, "a1") == {"b1", "a2", "a3", "a4"}


@pytest.mark.parametrize("screen", ["x", "P", "p", "k"])
def test_cannon_captures_over_exactly_one_screen_of_any_kind(screen):
    state = position({"a1": "C", "c1": screen, "e1": "r"})
    assert captures(state, "a1") == {"e1"}


def test_cannon_captures_with_no_empty_squares_around_the_screen():
    state = position({"a1": "C", "b1": "x", "c1": "r"})
    assert captures(state, "a1") == {"c1"}


def test_cannon_captures_along_a_file_over_a_face_down_screen():
    state = position({"d1": "C", "d2": "x", "d4": "h"})
    assert captures(state, "d1") == {"d4"}


def test_cannon_never_captures_over_two_screens():
    state = position({"a1": "C", "b1": "x", "c1": "P", "d1": "r", "h1": "k"})
    assert captures(state, "a1") == set()


@pytest.mark.parametrize("beyond", ["x", "P"])
def test_cannon_target_must_be_the_first_piece_beyond_the_screen(beyond):
    state = position({"a1": "C", "c1": "x", "e1": beyond, "g1": "r"})
    assert captures(state, "a1") == set()


def test_cannon_captures_in_every_direction():
    state = position({"d2": "C", "d1": "x", "d3": "P", "d4": "p", "a2": "r", "b2": "x",
                      "f2": "x", "h2": "h"})
    assert captures(state, "d2") == {"d4", "a2", "h2"}
    assert destinations(state, "d2") == {"d4", "a2", "h2", "c2", "e2"}


# -- Soldier -----------------------------------------------------------------------

def test_soldier_steps_forward_back_left_and_right():
    assert destinations(position({"c2": "P"}), "c2") == {"c1", "c3", "b2", "d2"}


def test_black_soldier_also_steps_both_ways_along_its_file():
    state = position({"c2": "p"}, side="b")
    assert destinations(state, "c2") == {"c1", "c3", "b2", "d2"}


def test_soldier_captures_orthogonally_but_not_diagonally():
    state = position({"c2": "P", "c3": "k", "b2": "r", "d3": "c", "b1": "h"})
    assert captures(state, "c2") == {"c3", "b2"}


def test_any_piece_captures_any_enemy_there_is_no_rank_order():
    state = position({"c2": "P", "c3": "k"})
    assert "c3" in captures(state, "c2")


# -- Archer --------------------------------------------------------------------------

def test_archer_steps_one_square_orthogonally_only():
    assert destinations(position({"c2": "W"}), "c2") == {"c1", "c3", "b2", "d2"}


def test_archer_shoots_exactly_two_away_in_all_eight_directions():
    # two away from e2 on the board: c2 g2 e4 c4 g4 (rank 0 does not exist)
    state = position({"e2": "W", "c2": "p", "g2": "r", "e4": "h", "c4": "k", "g4": "c"})
    assert captures(state, "e2") == {"c2", "g2", "e4", "c4", "g4"}
    state = position({"c3": "W", "a1": "p", "c1": "r", "e1": "h"})
    assert captures(state, "c3") == {"a1", "c1", "e1"}


@pytest.mark.parametrize("between", ["x", "P", "p", None])
def test_archer_shoots_over_whatever_stands_between(between):
    pieces = {"a1": "W", "c3": "r"}
    if between:
        pieces["b2"] = between
    state = position(pieces)
    assert "c3" in captures(state, "a1")


def test_archer_does_not_capture_adjacent_enemies():
    state = position({"c2": "W", "c3": "p", "d3": "p", "b2": "p", "b1": "p"})
    assert captures(state, "c2") == set()
    assert destinations(state, "c2") == {"c1", "d2"}


def test_archer_shots_hit_only_revealed_enemies_and_never_move_to_empty_squares():
    state = position({"a1": "W", "c1": "x", "a3": "P"})
    assert destinations(state, "a1") == {"b1", "a2"}


def test_archer_does_not_shoot_three_away():
    state = position({"a1": "W", "d1": "p", "a4": "p", "d4": "p"})
    assert captures(state, "a1") == set()


# -- Face-down pieces and whose pieces move ----------------------------------------

# For each kind: a square it captures on from c2, and what else that needs.
CAPTURE_SQUARES = {"K": ("c3", {}), "A": ("d3", {}), "E": ("e4", {}), "H": ("e3", {}),
                   "R": ("c4", {}), "C": ("c4", {"c3": "x"}), "P": ("d2", {}), "W": ("e4", {})}


@pytest.mark.parametrize("kind", KINDS)
def test_no_piece_captures_a_face_down_piece(kind):
    target, extra = CAPTURE_SQUARES[kind]
    assert target in captures(position({"c2": kind, target: "p", **extra}), "c2")
    assert target not in destinations(position({"c2": kind, target: "x", **extra}), "c2")


def test_face_down_pieces_and_enemy_pieces_do_not_move_for_the_side_to_move():
    state = position({"a1": "x", "c1": "r", "h4": "R"})
    movers = {SQUARE_NAMES[a >> 5] for a in state.legal_actions() if a >> 5 != a & 31}
    assert movers == {"h4"}


def test_flips_are_offered_for_every_face_down_piece_of_either_colour():
    state = position({"a1": "x", "c3": "x", "h4": "x", "b2": "R"}, pool="Pkp")
    flips = {move_text(a, state) for a in state.legal_actions() if is_flip(a)}
    assert flips == {"a1", "c3", "h4"}


def test_black_pieces_obey_the_same_rules():
    state = position({"a1": "c", "b1": "x", "d1": "R", "a2": "P", "h4": "w", "f2": "K"}, side="b")
    assert captures(state, "a1") == {"d1"}
    assert captures(state, "h4") == {"f2"}
    assert state.legal_actions() and all(
        state.mailbox[a >> 5] >= 8 for a in state.legal_actions() if a >> 5 != a & 31)


def test_reference_generator_agrees_on_a_crowded_position():
    state = position({"a1": "C", "b1": "x", "c1": "p", "d1": "R", "a2": "W", "b2": "k", "c2": "x",
                      "d2": "E", "e2": "h", "a3": "x", "b3": "A", "c3": "r", "h4": "P", "g3": "H"})
    assert {move_text(a, state) for a in state.legal_actions()} == reference_actions(state)
