"""Cheight Chess (hdchess/rules_text/cheight.md): the worked examples, promotion, the end of
the game, carries, notation, bad input, and the AI's grip on Generals."""

import random

import pytest

from hdchess import Game, HdchessError, IllegalMoveError, InvalidMoveError, PositionError, load_ruleset
from hdchess.ai import SearchLimits, analyse
from hdchess.cli import main
from hdchess.core import BLACK, RED
from hdchess.knowledge import DECISIVE
from hdchess.notation import sorted_action_texts
from hdchess.vocabulary import Termination

RULES = load_ruleset("cheight")
SMALL = load_ruleset("cheight", layout="minimal")


def position(text: str, ruleset=RULES):
    return ruleset.read_position(text)


def texts(state) -> str:
    return " ".join(sorted_action_texts(state))


def played(text: str, *moves: str, ruleset=RULES) -> Game:
    game = Game(ruleset, position=text)
    for move in moves:
        game.play(move)
    return game


# -- the rulebook's worked examples, each list complete -----------------------------

WORKED = {
    "high chariot": ("3k/4/4/[pp]3/4/E3/e3/[PR][RE]1K r",
                     "a1-a3 a1-a4 a1xa2 a1xa5 a3-b2 a3-b4 a3-c1 a3-c5 a3-d6 b1-c2 b1-d3 b1xa2 d1-c1 d1-c2 d1-d2"),
    "horse leg at height": ("3k/4/4/4/4/2e1/1p2/1[PH][hh]K r", "b1-a3 b1xc3 d1-c2 d1-d2 d1xc1"),
    "high cannon": ("[rr]2k/4/e3/[hh]3/P3/2K1/p3/[PC]3 r",
                    "a1-a3 a1-a4 a1-b1 a1-c1 a1-d1 a1xa6 a1xa8 a4xa5 "
                    "c3-b2 c3-b3 c3-b4 c3-c2 c3-c4 c3-d2 c3-d3 c3-d4"),
}


@pytest.mark.parametrize("name", WORKED)
def test_worked_example_lists_are_complete(name):
    text, expected = WORKED[name]
    assert texts(position(text)) == expected


def test_worked_example_advisor_carry():
    state = position("3k/4/4/4/4/e1E1/1[pRA]2/2[chrh]K r")
    advisor = [t for t in sorted_action_texts(state) if t.startswith("b2")]
    assert advisor == ["b2-a1", "b2-a1+1", "b2-a1+2", "b2-c3", "b2-c3+1", "b2-c3+2",
                       "b2xa3", "b2xa3+1", "b2xa3+2", "b2xc1", "b2xc1+1", "b2xc1+2"]
    game = played("3k/4/4/4/4/e1E1/1[pRA]2/2[chrh]K r", "b2-c3+1")
    assert game.position() == "3k/4/4/4/4/e1[ERA]1/1p2/2[chrh]K b 1 1"


def test_worked_example_promotion():
    game = played("[ce]2k/P3/4/4/4/4/4/[RA]1K1 r 0 0", "a7xa8")
    assert game.position() == "[ceP]2k/4/4/4/4/4/4/[RA]1K1 b 0 1"
    assert game.state.side == RED  # Red swaps before Black moves
    assert texts(game.state) == "a8=a1^0 a8=a1^1 a8=c1^0"
    game.play("a8=c1^0")
    assert game.position() == "[ceK]2k/4/4/4/4/4/4/[RA]1P1 b 0 1"
    assert game.state.side == BLACK
    assert game.record_text().splitlines()[-1] == "1. a7xa8 a8=c1^0 *"


# -- more movement ---------------------------------------------------------------------

def test_own_stacks_block_by_height_and_lower_ones_can_be_climbed():
    state = position("3k/4/4/4/4/[PP]3/RH2/[PE]2K r")
    moves = texts(state).split()
    # the Elephant on a1 (on a stack of 2) climbs its own lone Horse on b2 and goes on beyond it
    assert {"a1-b2", "a1-c3", "a1-d4"} <= set(moves)
    # the Chariot on a2 (on the ground) is blocked by its own stacks on a1 and a3 and by the Horse
    assert [m for m in moves if m.startswith("a2")] == []
    # the Soldier on top of a3 (a stack of 2) steps ahead onto the empty a4
    assert "a3-a4" in moves


def test_advisor_is_never_blocked_and_may_climb_anything():
    state = position("3k/4/4/4/4/[hhr]1[RRE]1/1A2/3K r")
    assert [t for t in sorted_action_texts(state) if t.startswith("b2")] == ["b2-a1", "b2-c1", "b2-c3", "b2xa3"]


def test_king_takes_king_follows_the_board_unless_set():
    text = "4/4/1k2/1K2 r"
    assert "b1xb2" not in texts(position(text, SMALL))  # auto: no on 4 x 4
    assert "b1xb2" in texts(position(text, SMALL.with_options(king_takes_king="yes")))
    assert "b1xb2" in texts(position("4/4/4/4/4/4/1k2/1K2 r"))  # auto: yes on 8 x 4
    assert "b1xb2" not in texts(position("4/4/4/4/4/4/1k2/1K2 r", RULES.with_options(king_takes_king="no")))


def test_generator_and_evaluation_summary_agree():
    """The evaluation's (moves, covers) is the generator's, for both colours, all over random games."""
    rng = random.Random(4)
    checked = 0
    for layout in ("normal", "old", "minimal", "minimal-old"):
        ruleset = RULES.with_options(layout=layout)
        for _ in range(15):
            state = ruleset.new_state()
            while not state.outcome():
                if state.promo < 0:
                    for color in (RED, BLACK):
                        moves = []
                        state._movement.generate(state, color, moves)
                        covers = 0
                        for action in moves:
                            to = action & state._mask
                            if state.top[to] != 16 and state.top[to] >> 3 != color:
                                covers |= 1 << to
                        assert state._movement.summary(state, color) == (len(moves), covers)
                        checked += 1
                state.push(rng.choice(state.legal_actions()))
    assert checked > 500


# -- promotion ------------------------------------------------------------------------------

def test_uncovering_your_own_soldier_promotes_and_the_opponent_moves_after():
    game = played("[RPA]2k/4/4/4/4/4/4/2K1 r 0 0", "a8-b7+1")
    assert game.position() == "R2k/1[PA]2/4/4/4/4/4/2K1 b 1 1"
    assert game.state.side == BLACK  # the Soldier went along under the Advisor: nothing to promote
    game = played("[RPA]2k/4/4/4/4/4/4/2K1 r 0 0", "a8-b7")
    assert game.position() == "[RP]2k/1A2/4/4/4/4/4/2K1 b 1 1"
    assert game.state.side == RED and texts(game.state) == "a8=a8^0 a8=b7^0 a8=c1^0"
    game.play("a8=a8^0")
    assert game.position() == "[PR]2k/1A2/4/4/4/4/4/2K1 b 0 1"
    assert game.state.side == BLACK


def test_the_opponents_soldier_uncovered_swaps_and_then_its_side_moves():
    game = played("3k/4/4/4/4/4/4/[pR]2K r 0 0", "a1-a5")
    assert game.position() == "3k/4/4/R3/4/4/4/p2K b 1 1"
    assert game.state.side == BLACK
    assert texts(game.state) == "a1=d8^0"
    game.play("a1=d8^0")
    assert game.position() == "3p/4/4/R3/4/4/4/k2K b 0 1"
    assert game.state.side == BLACK and "a1-a2" in texts(game.state)


def test_a_red_soldier_uncovered_by_black_swaps_and_then_red_moves():
    game = played("[Pr]2k/4/4/4/4/4/4/2K1 b 0 1", "a8-a3")
    assert game.state.side == RED and game.position() == "P2k/4/4/4/4/r3/4/2K1 r 1 2"
    game.play("a8=c1^0")
    assert game.position() == "K2k/4/4/4/4/r3/4/2P1 r 0 2"
    assert game.state.side == RED


def test_any_height_any_square_but_not_a_top_on_the_end_rank():
    # Red: a Chariot under a black Horse on a1, an Elephant under its own Soldier on c2,
    # an Advisor on top of d8 (the end rank: not eligible) with a Horse under it (eligible)
    state = position("P2[HA]/4/4/4/4/1h1k/2[EP]1/[Rh]K2 r 0 0")
    assert texts(state) == "a8=a1^0 a8=b1^0 a8=c2^0 a8=d8^0"


def test_a_soldier_swapped_under_a_piece_on_its_end_rank_promotes_again_when_uncovered():
    game = played("P[Rr]1k/4/4/4/4/4/4/2K1 r 0 0")
    assert game.state.side == RED
    game.play("a8=b8^0")  # the Chariot comes out, the Soldier goes under the black Chariot
    assert game.position() == "R[Pr]1k/4/4/4/4/4/4/2K1 r 0 0"
    game.play("c1-c2")
    game.play("b8-b3")  # Black uncovers it: Red swaps again, then Red moves
    assert game.state.side == RED and game.state.turn == RED
    assert texts(game.state) == "b8=c2^0"  # the Chariot is now a top on the end rank


def test_several_soldiers_swap_lowest_rank_first_then_rightmost_file():
    state = position("P2P/4/4/4/k3/4/4/1pKp b 0 0")
    assert state.geometry.square_names[state.promo] == "d1" and state.side == BLACK
    assert texts(state) == "d1=a4^0"  # the only black piece that is not a Soldier is the General
    state.push(state.parse_action("d1=a4^0")[0])
    # the black Soldier on b1 has no eligible piece left (the General is now a top on rank 1),
    # so Red's Soldiers are next, on rank 8 the rightmost file first
    assert state.geometry.square_names[state.promo] == "d8" and state.side == RED
    assert texts(state) == "d8=c1^0"
    assert state.turn == BLACK  # and then Black moves


def test_with_no_eligible_piece_nothing_happens_and_the_soldier_has_no_moves():
    state = position("P2K/4/4/4/4/4/4/3k r 0 0")
    assert state.promo < 0 and state.side == RED
    assert texts(state) == "d8-c7 d8-c8 d8-d7"  # the General is a top on the end rank: not eligible
    game = played("P2K/4/4/4/4/4/4/3k r 0 0", "d8-d7")  # now it is eligible: the promotion is pending
    assert game.state.side == RED and texts(game.state) == "a8=d7^0"
    game.play("a8=d7^0")
    assert game.position() == "K3/3P/4/4/4/4/4/3k b 0 1"


def test_a_swap_does_not_count_as_a_move_and_resets_the_quiet_count():
    game = played("[ce]2k/P3/4/4/4/4/4/[RA]1K1 r 7 30", "a7xa8")
    assert (game.state.ply, game.state.quiet) == (31, 0)
    game.play("a8=a1^1")
    assert (game.state.ply, game.state.quiet) == (31, 0)


# -- the end ------------------------------------------------------------------------------

def test_covering_your_own_general_loses():
    for move in ("b2-a1", "b2-a1+1"):  # an Advisor, with or without what it carries
        game = played("3k/4/4/4/4/4/1[hA]2/K3 r", move)
        assert game.outcome.termination is Termination.GENERAL_COVERED and game.outcome.winner == BLACK
    game = played("3k/4/4/4/4/4/4/K[PR]2 r", "b1-a1")  # a higher Chariot steps onto it
    assert game.outcome.termination is Termination.GENERAL_COVERED and game.outcome.winner == BLACK


def test_covering_a_general_ends_the_game_at_once_with_no_promotion():
    # the Chariot leaves a8 uncovering a red Soldier on the end rank, and covers the black General
    game = played("[PR]2k/4/4/4/4/4/4/2K1 r 0 0", "a8xd8")
    assert game.outcome.termination is Termination.GENERAL_COVERED and game.outcome.winner == RED
    assert game.state.legal_actions() == [] and game.state.promo < 0
    assert game.outcome.result() == "1-0"


def test_a_player_with_no_legal_action_loses():
    state = position("3K/4/4/4/4/4/pp2/kp2 b 0 10")
    assert state.legal_actions() == []
    outcome = state.outcome()
    assert outcome.termination is Termination.NO_ACTIONS and outcome.winner == RED


def test_no_progress_draw_counts_moves_without_capture_soldier_move_or_swap():
    ruleset = RULES.with_options(no_progress_plies=4)
    game = played("k3/4/4/4/4/4/P3/3K r 0 0", "d1-d2", "a8-a7", "d2-d1", ruleset=ruleset)
    assert game.state.quiet == 3 and not game.is_over()
    game.play("a7-a8")
    assert game.outcome.termination is Termination.NO_PROGRESS and game.outcome.winner is None
    game = played("k3/4/4/4/4/4/P3/3K r 0 0", "d1-d2", "a8-a7", "a2-a3", ruleset=ruleset)
    assert game.state.quiet == 0  # a Soldier move
    game = played("k3/4/4/4/4/4/P3/3K r 3 9", "d1-d2", ruleset=RULES.with_options(no_progress_plies=0))
    assert game.state.quiet == 4 and not game.is_over()


def test_a_capture_resets_the_quiet_count_and_an_advisor_carrying_a_soldier_does_not():
    game = played("k3/4/4/4/4/4/1h2/[PA]2K r 5 9", "a1xb2")
    assert game.state.quiet == 0
    game = played("k3/4/4/4/4/4/4/[PA]2K r 5 9", "a1-b2+1")
    assert game.state.quiet == 6


def test_threefold_repetition_of_stacks_and_side_to_move_draws():
    game = played("k3/4/4/4/4/4/4/3K r")
    shuffle = ["d1-d2", "a8-a7", "d2-d1", "a7-a8"]
    for move in shuffle:
        game.play(move)
    assert game.state.repetitions() == 2 and not game.is_over()
    for move in shuffle:
        game.play(move)
    assert game.outcome.termination is Termination.REPETITION and game.outcome.winner is None


def test_repetition_spans_captures_which_can_be_undone():
    game = played("k3/4/4/4/4/4/h3/R2K r")
    for move in ["a1xa2", "a8-a7", "a2-a1", "a7-a8"] * 2:  # the Chariot covers the Horse and leaves it
        game.play(move)
    assert game.outcome.termination is Termination.REPETITION


def test_a_pending_promotion_is_not_counted_as_a_repetition():
    state = position("[ceP]2k/4/4/4/4/4/4/[RA]1K1 b 0 1")
    assert state.promo >= 0 and state.repetitions() == 1 and state.seen == {}


def test_scores_are_the_material_on_top():
    state = position("[ceP]2k/4/4/4/4/4/4/[RA]1K1 b 0 1")
    values = dict(zip("KAEHRCP", RULES.spec.score_tables["official"]))
    assert state.score(RED) == values["P"] + values["A"] + values["K"]
    assert state.score(BLACK) == values["K"]


# -- what the protocol shows -----------------------------------------------------------------

def test_action_info_carries_and_swaps():
    state = position("3k/4/4/4/4/e1E1/1[pRA]2/2[chrh]K r")
    info = state.action_info(state.parse_action("b2xc1+2")[0])
    assert (info.kind, info.frm, info.to, info.carry, info.choice) == ("capture", "b2", "c1", 2, "+2")
    info = state.action_info(state.parse_action("b2-a1")[0])
    assert (info.kind, info.carry, info.choice) == ("move", 0, "+0")
    info = state.action_info(state.parse_action("d1xc1")[0])
    assert (info.kind, info.carry, info.choice, info.captured) == ("capture", None, None, "h")  # the top it covers
    state = position("[ceP]2k/4/4/4/4/4/4/[RA]1K1 b 0 1")
    info = state.action_info(state.parse_action("a8=a1^1")[0])
    assert (info.kind, info.frm, info.to, info.height, info.choice) == ("swap", "a8", "a1", 1, "^1")
    assert state.captured_by(state.parse_action("a8=a1^1")[0], None) is None


def test_views_show_stacks_and_the_pending_promotion():
    state = position("[ceP]2k/4/4/4/4/4/4/[RA]1K1 b 0 1")
    names = state.geometry.square_names
    assert state.square_text(names.index("a8")) == "ceP" and state.square_text(names.index("b8")) is None
    info = state.public_info()
    assert info["quiet"] == 0 and info["quiet_limit"] == 100 and "pool" not in info
    assert info["note"] == "Red must swap the Soldier on a8 with one of its pieces, then Black moves"
    assert "promotion" not in RULES.new_state().public_info()


def test_a_position_line_may_have_just_board_and_side():
    state = position("[R]3/4/4/4/4/4/4/k2K b")
    assert state.position_text() == "R3/4/4/4/4/4/4/k2K b 0 0"


def test_every_layout_starts_as_the_rules_say():
    starts = {
        "normal": "[ae][cp][ck][ae]/[rp][hp][hp][rp]/4/4/4/4/[RP][HP][HP][RP]/[AE][CP][CK][AE] r 0 0",
        "old": "[ae]pk[ae]/r[ch][ch]r/pppp/4/4/PPPP/R[CH][CH]R/[AE]PK[AE] r 0 0",
        "minimal": "[ae][cp][ck][ae]/[rp][hp][hp][rp]/[RP][HP][HP][RP]/[AE][CP][CK][AE] r 0 0",
        "minimal-old": "[ae][ch][ch][ae]/[rp][pp][pk][rp]/[RP][PP][PK][RP]/[AE][CH][CH][AE] r 0 0",
    }
    for layout, text in starts.items():
        state = RULES.with_options(layout=layout).new_state()
        assert state.position_text() == text
        assert (state.geometry.files, state.geometry.ranks) == (4, 8 if layout in ("normal", "old") else 4)
    assert RULES.spec.glyph(5) == "炮" and RULES.spec.glyph(13) == "包"


# -- bad input: one clear line naming the problem, and the game unchanged ----------------------

BAD_POSITIONS = {
    "[3/4/4/4/4/4/4/k2K r": "has no closing ]",
    "[]3/4/4/4/4/4/4/k2K r": "[] is an empty stack",
    "[K/4/4/4/4/4/4/k3 r": "has no closing ]",
    "5/4/4/4/4/4/4/k2K r": "5 is not a run of 1-4 empty squares",
    "3/4/4/4/4/4/4/k2K r": "rank 8 covers 3 files; a rank covers exactly 4",
    "kK3/4/4/4/4/4/4/4 r": "rank 8 covers 5 files",
    "4/4/4/4/k2K r": "the board has 5 ranks",
    "[RRPPPPPHHEEAACCK]3/[rrpppppcchheeaak]3/4/4/4/4/4/P3 r": "33 pieces on the board; cheight has 32",
    "K2K/4/4/4/4/4/4/k3 r": "2 red Generals on the board; cheight has 1",
    "4/4/4/4/4/4/4/k3 r": "no red General",
    "W2K/4/4/4/4/4/4/k3 r": "cheight has no Archer",
    "3K/4/4/4/4/4/4/k3 x": "the side to move must be r or b",
    "3K/4/4/4/4/4/4/k3 r 5": "4 fields",
    "3K/4/4/4/4/4/4/k3 r 5 2": "the quiet count 5 exceeds the ply count 2",
    "3K/4/4/4/4/4/4/k3 r ٣ 9": "the quiet count must be a whole number",
    "3K/4/4/4/4/4/4/k3 r 0 " + "9" * 40: "the ply count must be a whole number",
    "[kR]2[Kr]/4/4/4/4/4/4/4 r": "both Generals are covered",
    "x" * 1_000_000 + "/4/4/4/4/4/4/k2K r": "rank 8 is 1,000,000 characters long",
    "x" * 1_000_000: "a position has 4 fields",
}


@pytest.mark.parametrize("text", BAD_POSITIONS, ids=range(len(BAD_POSITIONS)))
def test_bad_positions_are_refused_with_a_clear_line(text):
    with pytest.raises(PositionError) as error:
        RULES.read_position(text)
    message = str(error.value)
    assert BAD_POSITIONS[text] in message
    assert "\n" not in message and len(message) < 300


def test_a_rank_count_for_another_layout_names_the_option():
    with pytest.raises(PositionError, match="layout normal is played on 8.*minimal 4"):
        RULES.read_position("4/4/1k2/1K2 r")
    assert SMALL.read_position("4/4/1k2/1K2 r").geometry.ranks == 4


CARRY = "3k/4/4/4/4/e1E1/1[pRA]2/2[chrh]K r 0 0"
SWAP = "[ceP]1Rk/4/4/4/4/4/1P2/[RA]1K1 b 0 1"
BAD_ACTIONS = {
    (CARRY, "b2-c3+3"): "the Advisor on b2 has 2 pieces below it, so it cannot carry 3",
    (CARRY, "d1-d2+1"): "only an Advisor carries pieces",
    (CARRY, "b2-c3+99"): "must be at most 31",
    (CARRY, "b2-c3+" + "9" * 50): "must be a whole number",
    (CARRY, "b2-c3+٣"): "must be a whole number",
    (CARRY, "b2xa1"): "a1 has no enemy piece on top to capture",
    (CARRY, "b2-b3"): "the Advisor on b2 moves one square diagonally",
    (CARRY, "c3-c5"): "the Elephant on c3 moves only diagonally",
    (CARRY, "c1-c2"): "the black Horse on top of c1 is not yours",
    (CARRY, "a2-a3"): "there is no piece on a2",
    (CARRY, "a8=c1^0"): "no promotion is pending",
    (CARRY, "b2-b2"): "a move must go to another square",
    (CARRY, "b2-z9"): "z9 is not a square",
    (CARRY, ""): "an empty string is not an action",
    (CARRY, "hello"): "is not an action",
    (CARRY, "b2-c3" + "+" * 1_000_000): "must be a whole number",
    (SWAP, "a8=b2^0"): "is a Soldier: a Soldier swaps with a piece that is not a Soldier",
    (SWAP, "a8=c8^0"): "the red Chariot on c8 is the top of a stack on red's end rank (rank 8)",
    (SWAP, "a8=a1^2"): "a1 holds 2 pieces, so there is no piece at height 2",
    (SWAP, "a8=a8^0"): "the piece at a8^0 is the black Cannon",
    (SWAP, "b2=c1^0"): "the Soldier to swap is the one on a8",
    (SWAP, "c1-c2"): "red must first swap the Soldier on a8",
    (SWAP, "a8=c1"): "a swap names the square and the height",
    (SWAP, "a8=c1^99999999999999999999999999999999"): "must be a whole number",
}


@pytest.mark.parametrize(("start", "move"), BAD_ACTIONS, ids=range(len(BAD_ACTIONS)))
def test_bad_actions_are_refused_with_a_clear_line_and_change_nothing(start, move):
    game = Game(RULES, position=start)
    before = (game.position(), game.state.hash, sorted(game.legal_actions()), len(game.moves))
    with pytest.raises((InvalidMoveError, IllegalMoveError)) as error:
        game.play(move)
    message = str(error.value)
    assert BAD_ACTIONS[start, move] in message
    assert "\n" not in message and len(message) < 300
    assert (game.position(), game.state.hash, sorted(game.legal_actions()), len(game.moves)) == before


HIGH_CANNON, HORSE_LEG, HIGH_CHARIOT = (WORKED[name][0] for name in ("high cannon", "horse leg at height",
                                                                   "high chariot"))
EXPLAINED = {
    (HIGH_CANNON, "a1xa2"): "the Cannon on a1 cannot stop on the lower enemy stack a2: before a screen it flies over",
    (HIGH_CANNON, "a1-a5"): "the Cannon on a1 cannot stop on a5: the first stack as high as the Cannon is its screen",
    (HIGH_CANNON, "a1-a7"): "beyond its screen a5, the Cannon on a1 only captures, and a7 has no enemy on top",
    (HIGH_CANNON, "a1-b2"): "the Cannon on a1 moves only along a rank or file",
    (HIGH_CANNON, "a4-a3"): "the Soldier on a4 moves one square straight forward (toward rank 8)",
    (HORSE_LEG, "b1-d2"): "the Horse on b1 is blocked at its leg c1, which holds 2 pieces: as high as the Horse's",
    (HORSE_LEG, "b1-b3"): "the Horse on b1 moves in an L",
    (HIGH_CHARIOT, "a1-a6"): "the Chariot on a1 is blocked by a5, which holds 2 pieces: as high as its own stack of 2",
    (HIGH_CHARIOT, "a1-b1"): "b1 holds 2 pieces topped by your own Elephant; the Chariot on a1 stands on a stack of 2",
}


@pytest.mark.parametrize(("start", "move"), EXPLAINED, ids=range(len(EXPLAINED)))
def test_illegal_moves_are_explained_in_the_rules_terms(start, move):
    with pytest.raises(IllegalMoveError, match=f"^{move}: ") as error:
        Game(RULES, position=start).play(move)
    assert EXPLAINED[start, move] in str(error.value)


def test_a_general_onto_the_other_is_explained_when_the_rule_forbids_it():
    with pytest.raises(IllegalMoveError, match="may not move onto the other General"):
        Game(SMALL, position="4/4/1k2/1K2 r").play("b1xb2")


def test_the_search_key_holds_the_quiet_count_only_near_the_no_progress_limit():
    far = [position(f"k3/4/4/4/4/4/4/3K r {quiet} 90").search_key() for quiet in (0, 20)]
    near = [position(f"k3/4/4/4/4/4/4/3K r {quiet} 90").search_key() for quiet in (40, 41)]
    assert far[0] == far[1] == position("k3/4/4/4/4/4/4/3K r").hash
    assert near[0] != near[1]
    assert position("k3/4/4/4/4/4/4/3K b").hash != position("k3/4/4/4/4/4/4/3K r").hash


@pytest.mark.parametrize("number", [-1, 2**16, 2**70, 31, 1 << 15 | 1 << 10 | 0 << 5 | 0])
def test_action_numbers_that_are_no_action_are_refused(number):
    game = Game(RULES, position=CARRY)
    with pytest.raises(HdchessError):
        game.play(number)
    assert game.position() == CARRY


def test_every_swap_and_carry_text_round_trips():
    for text in (SWAP, CARRY):
        state = position(text)
        for action in state.legal_actions():
            assert state.parse_action(state.action_text(action)) == (action, None)


# -- the command line --------------------------------------------------------------------------

def run(capsys, argv):
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_moves_and_perft(capsys):
    status, out, err = run(capsys, ["moves", "--variant", "cheight", WORKED["high chariot"][0]])
    assert status == 0 and out.strip() == WORKED["high chariot"][1]
    status, out, _ = run(capsys, ["perft", "--variant", "cheight", "startpos", "4"])
    assert status == 0 and out.strip() == "676"
    status, out, _ = run(capsys, ["perft", "--variant", "cheight", "--set", "layout=minimal", "startpos", "3"])
    assert status == 0 and out.strip() == "120"


@pytest.mark.parametrize("text", ["[", "[]3/4/4/4/4/4/4/k2K r", "4/4/4/4/k2K r", "K2K/4/4/4/4/4/4/k3 r",
                                  "x" * 1_000_000])
def test_cli_refuses_bad_positions_in_one_line(capsys, text):
    status, out, err = run(capsys, ["moves", "--variant", "cheight", text])
    assert status == 2 and out == ""
    assert err.startswith("hdchess: error: ") and err.count("\n") == 1 and len(err) < 300


def test_cli_show_draws_tops_and_heights_and_lists_stacks(capsys):
    status, out, _ = run(capsys, ["show", "--variant", "cheight", "--letters", "--stacks", "startpos"])
    assert status == 0
    lines = out.splitlines()
    assert lines[1].split() == ["8", "e2", "p2", "k2", "e2"]
    assert "red to move" in out and "c1: C K (bottom to top)" in out
    status, out, _ = run(capsys, ["show", "--variant", "cheight", "--stacks", "[ceP]2k/4/4/4/4/4/4/[RA]1K1 b 0 1"])
    assert "Red must swap the Soldier on a8" in out and "a8: 包 象 兵 (bottom to top)" in out


def test_cli_rules_and_variants_describe_cheight(capsys):
    status, out, _ = run(capsys, ["rules", "cheight"])
    assert status == 0 and "# Cheight Chess" in out and "king_takes_king" in out
    status, out, _ = run(capsys, ["variants"])
    assert "cheight: Cheight Chess" in out and "--set layout (normal|old|minimal|minimal-old" in out


# -- the AI ------------------------------------------------------------------------------------

def forced_cover(state, plies: int, me: int) -> bool:
    """Can ``me`` force the cover of the other General within ``plies`` actions (plain minimax)?"""
    actions = state.legal_actions()
    outcome = state.outcome(actions)
    if outcome is not None:
        return outcome.termination is Termination.GENERAL_COVERED and outcome.winner == me
    if plies == 0:
        return False
    for action in actions:
        state.push(action)
        found = forced_cover(state, plies - 1, me)
        state.pop()
        if found and state.side == me:
            return True
        if not found and state.side != me:
            return False
    return state.side != me


def test_the_search_finds_a_forced_cover_of_the_enemy_general():
    state = position("3k/2pp/4/4/4/4/4/R2K r")
    assert not forced_cover(state, 1, RED) and forced_cover(state, 3, RED)
    result = analyse(state, SearchLimits(depth=3))
    assert result.score >= DECISIVE - 3
    assert state.action_text(result.action) == "a1-a8"
    state.push(result.action)
    assert forced_cover(state, 2, RED)


def test_the_search_never_covers_its_own_general():
    for text in ("3k/4/4/4/4/4/1A2/K3 r", "3k/4/4/4/4/4/4/K[PR]2 r", "3k/4/4/4/4/4/1[PPA]2/K1r1 r"):
        state = position(text)
        suicides = [a for a in state.legal_actions() if a & state._mask == state.kings[RED]]
        assert suicides
        for depth in (1, 2, 3):
            result = analyse(state, SearchLimits(depth=depth))
            assert result.action not in suicides
            assert all(result.root_scores[a] <= -(DECISIVE - 1) for a in suicides)
