"""Banqi's house rules (RULES.md 4.1): chain captures and the charging Chariot.

Each test sets up a position a player would meet and checks what the rules
say of it: which actions are legal, what a chain does to the turn, the quiet
count and repetition, how it is written and read, and why a refused action is
refused (in English and in Chinese).
"""

import collections
import dataclasses
import random

import pytest
from reference.facedown import banqi_house_actions, house_perft

from hdchess import Game, load_ruleset
from hdchess.ai import choose_action
from hdchess.ai.level_table import LEVELS
from hdchess.bridge import Session
from hdchess.cli import main
from hdchess.core import piece_from_letter
from hdchess.engine import Engine
from hdchess.errors import HdchessError, IllegalMoveError, RulesetError
from hdchess.facedown.book import book_move
from hdchess.match import run_match
from hdchess.remote.loopback import Loopback
from hdchess.words import message_templates

CHAINS = {"chain_captures": "yes"}
RUSH = {"chariot_rush": "yes"}
BOTH = CHAINS | RUSH


def state_of(line, **options):
    return load_ruleset("banqi", **options).read_position(line)


def texts(state):
    return {state.action_text(action) for action in state.legal_actions()}


def refusal(state, text):
    """The explanation of an illegal action, as a Message."""
    action, _ = state.parse_action(text)
    assert action not in state.legal_actions()
    return state.explain_illegal(action)


def chinese(message):
    """A message in Chinese, as the web page words it: its template, a kind as the piece's character."""
    spec = load_ruleset("banqi").spec

    def word(key, value):
        if hasattr(value, "code"):
            return chinese(value)
        return spec.glyph(piece_from_letter(value)) if key.endswith("kind") else value

    params = {key: word(key, value) for key, value in message.params.items()}
    return message_templates()["zh"][message.code].format(**params)


# -- the options ------------------------------------------------------------------------

def test_the_options_are_banqis_own_and_off_by_default():
    ruleset = load_ruleset("banqi")
    assert ruleset["chain_captures"] == "no" and ruleset["chariot_rush"] == "no"
    assert load_ruleset("banqi", ChainCaptures="YES", ChariotRush=" yes")["chariot_rush"] == "yes"
    with pytest.raises(RulesetError, match="chain_captures"):
        load_ruleset("banqi", chain_captures="sometimes")
    with pytest.raises(RulesetError, match="unknown option 'chariot_rush' for gaiqi"):
        load_ruleset("gaiqi", chariot_rush="yes")


def test_the_chariot_steps_one_square_unless_it_may_charge():
    line = "R1p1p3/1p6/8/8 r - 0 20"
    assert texts(state_of(line)) == {"a4-a3", "a4-b4"}
    assert texts(state_of(line, **RUSH)) == {"a4-a3", "a4-a2", "a4-a1", "a4-b4", "a4xc4"}
    assert texts(state_of(line, **BOTH)) == {"a4-a3", "a4-a2", "a4-a1", "a4-b4", "a4xc4", "a4xc4xe4"}


# -- chains ---------------------------------------------------------------------------

def test_a_chain_and_each_of_its_prefixes_are_actions():
    # a red Horse a1 next to a black Soldier b1, with a black Cannon c1 behind it
    line = "8/8/8/Hpc5 r - 0 20"
    assert texts(state_of(line)) == {"a1-a2", "a1xb1"}
    assert texts(state_of(line, **CHAINS)) == {"a1-a2", "a1xb1", "a1xb1xc1"}


def test_a_chain_may_stop_early_and_the_turn_passes():
    game = Game(load_ruleset("banqi", **CHAINS), position="8/8/8/Hpc5 r - 0 20")
    game.play("a1xb1")  # the Horse could go on and take the Cannon: its player stops
    assert game.state.position_text().startswith("8/8/8/1Hc5 b - 0 21")
    assert "c1-d1" in texts(game.state)


def test_a_capture_changes_what_the_next_may_take():
    # red Chariot a1, black Soldier a2 in front of it, black General a4 beyond the empty a3
    line = "k7/8/p7/R7 r - 0 20"
    assert "a1xa2xa4" in texts(state_of(line, **BOTH))  # from a2 the General is a charge away
    assert texts(state_of(line, **CHAINS)) >= {"a1xa2"} and "a1xa2xa4" not in texts(state_of(line, **CHAINS))
    reason = refusal(state_of(line, **CHAINS), "a1xa2xa4")
    assert reason.code == "chain.step" and reason.params["done"] == "a1xa2"
    assert reason.params["reason"].code == "banqi.captures_one"
    assert str(reason) == "after a1xa2, the Chariot on a2 captures only one square along a rank or file"
    assert chinese(reason).startswith("a1xa2 之后，a2 上的")


def test_a_cannon_chain_jumps_one_screen_each_time():
    # red Cannon a1 over its own Soldier b1 takes the black Chariot c1; from c1 over the
    # face-down c2 it takes the black General c4; never the face-down c2 itself
    line = "2k5/8/2x5/CPr5 r e 0 20"
    actions = texts(state_of(line, **CHAINS))
    assert {"a1xc1", "a1xc1xc4"} <= actions
    assert not any(text.startswith("a1xc1xc2") or text.startswith("a1xc1xc3") for text in actions)
    assert refusal(state_of(line, **CHAINS), "a1xc1xc2").params["reason"].code == "capture.face_down"
    reason = refusal(state_of(line, **CHAINS), "a1xc1xc3")
    assert reason.params["reason"].code == "chain.capture_only"
    assert chinese(reason) == "a1xc1 之后，连吃只能继续吃子，而 c3 上没有可吃的棋子"


def test_an_action_number_for_a_chain_that_stays_on_a_square_is_no_action():
    state = state_of("8/8/8/Hpc5 r - 0 20", **CHAINS)
    for frm, landings in [(0, [0, 1]), (0, [1, 1]), (0, [1, 2])]:
        action = state.make_chain(frm, landings)
        assert state.is_action(action) == (landings == [1, 2])
    game = Game(load_ruleset("banqi", **CHAINS), position="8/8/8/Hpc5 r - 0 20")
    with pytest.raises(HdchessError):
        game.play(state.make_chain(0, [0, 1]))
    assert not game.moves


def test_a_chain_starts_with_a_capture():
    reason = refusal(state_of("8/8/8/Hpc5 r - 0 20", **CHAINS), "a1xa2xb2")
    assert str(reason) == "a chain goes on only by capturing, and there is nothing to capture on a2"


def test_a_chain_is_refused_where_chains_are_off():
    state = state_of("8/8/8/Hpc5 r - 0 20")
    reason = refusal(state, "a1xb1xc1")
    assert reason.code == "chain.off"
    assert "house rule Chain captures" in str(reason) and "家规“连吃”" in chinese(reason)


def test_a_chain_is_one_turn_one_reset_of_the_quiet_count_and_one_position():
    state = state_of("8/8/8/Hpc5 r - 7 20 0/0 -/c4-c1", **CHAINS)
    before = (state.position_text(), state.hash, list(state.history), list(state.material), list(state.shown))
    action, _ = state.parse_action("a1xb1xc1")
    state.push(action)
    assert state.position_text().split()[:5] == ["8/8/8/2H5", "b", "-", "0", "21"]
    assert len(state.history) == len(before[2]) + 1  # the position after the whole chain, once
    assert state.hash == state_of(state.position_text(), **CHAINS).hash  # the Zobrist hash as from scratch
    assert state.outcome().termination.value == "all pieces captured"
    state.pop()
    assert (state.position_text(), state.hash, state.history, state.material, state.shown) == before


def test_repetition_counts_the_position_after_the_chain():
    """Three times the same position after chains and flips back and forth: the position reached
    by each chain counts, the squares it passed through do not."""
    state = state_of("8/8/8/R1p1k3 r - 9 30", **BOTH)
    action, _ = state.parse_action("a1xc1")
    state.push(action)
    assert state.quiet == 0 and state.repetitions() == 1
    for text in ["e1-e2", "c1-c2", "e2-e1", "c2-c1"] * 2:
        state.push(state.parse_action(text)[0])
    assert state.repetitions() == 3 and state.outcome().termination.value == "threefold repetition"


# -- the charging Chariot -----------------------------------------------------------------

def test_a_charge_over_distance_takes_the_general():
    state = state_of("8/8/8/R3k3 r - 0 20", **RUSH)
    assert texts(state) == {"a1-a2", "a1-a3", "a1-a4", "a1-b1", "a1-c1", "a1-d1", "a1xe1"}
    assert "a1xe1" not in texts(state_of("8/8/8/R3k3 r - 0 20"))


def test_an_adjacent_chariot_capture_is_still_by_rank():
    state = state_of("8/8/8/Ra6 r - 0 20", **RUSH)
    assert "a1xb1" not in texts(state)
    assert refusal(state, "a1xb1").code == "banqi.ranks_lower"
    assert "a1xc1" in texts(state_of("8/8/8/R1a5 r - 0 20", **RUSH))  # one empty square between: a charge


def test_a_charge_is_blocked_by_a_face_down_piece():
    state = state_of("8/8/8/R1x1k3 r e 0 20", **RUSH)
    assert texts(state) == {"a1-b1", "a1-a2", "a1-a3", "a1-a4", "c1"}
    reason = refusal(state, "a1xe1")
    assert reason.code == "banqi.charge_blocked" and reason.params["blocker"] == "c1"
    assert str(reason) == "the Chariot on a1 cannot charge past c1: a charge crosses only empty squares"
    assert chinese(reason) == "a1 上的俥不能冲过 c1：直冲只能经过空格"
    assert refusal(state, "a1-d1").code == "banqi.charge_blocked"


# -- text and records ----------------------------------------------------------------------

def test_a_chain_is_written_and_read_as_its_landing_squares():
    state = state_of("2k5/8/2x5/CPr5 r e 0 20", **CHAINS)
    action, revealed = state.parse_action(" a1xc1xc4 ")
    assert revealed is None and state.action_text(action) == "a1xc1xc4"
    info = state.action_info(action)
    assert (info.frm, info.to, info.kind, info.captured) == ("a1", "c4", "capture", "r")
    state.push(action)
    assert state.position_text().endswith("0/0 a1xc1xc4/-")  # the last-moves field keeps the chain
    assert state_of(state.position_text(), **CHAINS).search_key() == state.search_key()


def test_a_record_with_a_chain_carries_the_options_and_replays():
    game = Game(load_ruleset("banqi", **BOTH), position="k7/8/p7/R7 r - 0 20")
    game.play("a1xa2xa4")
    record = game.record_text()
    assert '[ChainCaptures "yes"]' in record and '[ChariotRush "yes"]' in record and "a1xa2xa4" in record
    again = Game.from_record(record)
    assert again.ruleset == game.ruleset and again.state.position_text() == game.state.position_text()


def test_a_wrong_chain_in_a_game_is_refused_and_the_game_stays_as_it_was():
    game = Game(load_ruleset("banqi", **CHAINS), position="8/8/8/Hpc5 r - 0 20")
    with pytest.raises(IllegalMoveError, match="after a1xb1"):
        game.play("a1xb1xc1xd1")
    for text, words in [("a1xb1xb1", "another square"), ("a1xb1x", "not a square"), ("a1xb1xz9", "z9")]:
        with pytest.raises(HdchessError, match=words):
            game.play(text)
    assert game.state.position_text() == "8/8/8/Hpc5 r - 0 20" and not game.moves


# -- everywhere a ruleset goes ---------------------------------------------------------------

MIDGAME = "Px1p1xa1/AEP1PRep/HPc5/A1H1xk1a r PRe 2 51"  # chains and charges for red


def test_the_command_line_moves_and_perft_take_the_options(capsys):
    for options, chain, rush in [(["chain_captures=yes"], True, False), (["chariot_rush=yes"], False, True),
                                 (["chain_captures=yes", "chariot_rush=yes"], True, True)]:
        sets = [word for option in options for word in ("--set", option)]
        assert main(["moves", "--variant", "banqi", *sets, MIDGAME]) == 0
        assert capsys.readouterr().out.split() == sorted(banqi_house_actions(MIDGAME, chain, rush))
        assert main(["perft", "--variant", "banqi", *sets, MIDGAME, "2"]) == 0
        assert capsys.readouterr().out.split() == [str(house_perft(MIDGAME, 2, chain, rush))]
    assert main(["moves", "--variant", "banqi", "--set", "chariot_rush=fast", MIDGAME]) == 2
    assert "chariot_rush must be one of no, yes" in capsys.readouterr().err


def test_the_engine_protocol_sets_the_options_and_plays_a_chain():
    lines = []
    engine = Engine(lines.append)
    for command in ["uci", "setoption name Variant value banqi", "setoption name ChainCaptures value yes",
                    "setoption name ChariotRush value yes", "position fen k7/8/p7/R7 r - 0 20 moves a1xa2xa4", "d"]:
        engine.handle(command)
    assert "option name ChainCaptures type combo default no var no var yes" in lines
    assert engine.ruleset.non_defaults() == {"chain_captures": "yes", "chariot_rush": "yes"}
    assert lines[-1].startswith("info string position R7/8/8/8 b - 0 21")
    engine.handle("setoption name ChainCaptures value often")
    assert "chain_captures must be one of no, yes" in lines[-1]


def test_a_match_plays_every_game_under_the_options():
    _, results = run_match("greedy", "random", 2, seed=4, variant="banqi",
                           options={"ChainCaptures": "yes", "chariot_rush": "yes"})
    for result in results:
        game = Game.from_record(result.record)
        assert game.ruleset.non_defaults() == {"chain_captures": "yes", "chariot_rush": "yes"} and game.is_over()


def test_the_bridge_starts_a_game_with_the_options_and_plays_a_chain():
    session = Session()
    record = Game(load_ruleset("banqi", **BOTH), position="k7/8/p7/R7 r - 0 20").record_text()
    reply = session.handle({"cmd": "load_record", "args": {"record": record}})
    assert reply["ok"], reply
    chain = [entry for entry in reply["result"]["legal"]["moves"]["a1"] if entry["move"] == "a1xa2xa4"]
    assert chain == [dict(chain[0], **{"from": "a1", "to": "a4", "kind": "capture"})]
    played = session.handle({"cmd": "play", "args": {"move": "a1xa2xa4"}})
    assert played["ok"] and played["result"]["view"]["position"].startswith("R7/8/8/8 b - 0 21")
    reply = session.handle({"cmd": "new_game", "args": {"variant": "banqi", "options": {"chain_captures": "maybe"}}})
    assert not reply["ok"] and reply["params"]["name"] == "chain_captures"
    reply = session.handle({"cmd": "new_game", "args": {"variant": "banqi", "seed": 2, "options": BOTH}})
    assert reply["ok"] and reply["result"]["options"] == {"no_progress_plies": 60, **BOTH}


# -- the AI ------------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [CHAINS, RUSH, BOTH], ids=["chains", "rush", "both"])
def test_every_level_plays_legal_actions_under_the_house_rules(options):
    state = state_of(MIDGAME, **options)
    legal = state.legal_actions()
    for level in LEVELS:
        if level.movetime_ms:  # the Grandmaster thinks by time: the same search, given less of it
            level = dataclasses.replace(level, movetime_ms=200)
        assert choose_action(state, level, seed=1, threads=1).action in legal, level.name


def test_a_chariot_that_charges_is_worth_more_than_its_score_table_value():
    """A Chariot against a Cannon, far apart: by the score table (4 against 5) Black is ahead;
    where the Chariot charges it takes anything from afar, and the evaluation says so."""
    from hdchess.facedown.knowledge import difference

    line = "R7/8/8/7c r - 0 40"
    plain = load_ruleset("banqi")
    assert difference(plain.read_position(line), plain.knowledge.weights) < 0
    rush = load_ruleset("banqi", **RUSH)
    weights = rush.knowledge.weights
    assert difference(rush.read_position(line), weights) > 0
    unvalued = dataclasses.replace(weights, rush_chariot=0.0, rush_lines=0.0)
    assert difference(rush.read_position(line), unvalued) < 0  # its mobility alone does not make up for it


def test_a_chain_is_searched_and_resolved_by_everything_it_takes():
    """The Elephant on b1 may take the Horse (3), or the Soldier (2) and then the Elephant (6):
    move ordering and quiescence try the chain that takes most first."""
    from hdchess.facedown.knowledge import captures

    state = state_of("8/8/1h6/1Epe4 r - 0 40", **CHAINS)
    moves = state.legal_moves()
    assert [state.action_text(a) for a in captures(state, moves)] == ["b1xc1xd1", "b1xb2", "b1xc1"]
    knowledge = state.ruleset.knowledge
    ordered = knowledge.order(state, moves, -1, [-1, -1], collections.defaultdict(int), None, random.Random(1))
    assert state.action_text(ordered[0]) == "b1xc1xd1"


def test_neither_the_book_nor_the_tables_serve_the_house_rules():
    opening = Game(load_ruleset("banqi"), seed=1)
    opening.play("d2")
    assert book_move(opening.state) is not None  # the book knows this opening under the default rules
    for options in (CHAINS, RUSH, BOTH):
        ruleset = load_ruleset("banqi", **options)
        assert book_move(ruleset.read_position(opening.state.position_text())) is None
        assert ruleset.knowledge.tables.prober(ruleset) is None, options
    assert load_ruleset("banqi").knowledge.tables.coverage(load_ruleset("banqi")) == 4
    with pytest.raises(RulesetError, match="chains of captures"):
        load_ruleset("banqi", **CHAINS).knowledge.tables.build(load_ruleset("banqi", **CHAINS), 2, "/nonexistent")


def test_a_remote_game_under_both_options_is_played_to_the_end_and_verified():
    """The host's hello carries the options; the guest plays under them; chains travel as their text
    and the transcript check replays them."""
    pair = Loopback("banqi", options={"chain_captures": "yes", "chariot_rush": "yes"})
    pair.deliver()
    assert pair.guest.ruleset == load_ruleset("banqi", **BOTH)
    rng = random.Random(3)
    while pair.host.phase == "playing":
        side = pair.sides[pair.side_to_act()]
        actions = side.game.legal_actions()
        longest = max(actions, key=lambda action: side.game.state.action_text(action).count("x"))
        chain = side.game.state.is_chain(longest)
        pair.act(longest if chain else rng.choice(actions))  # the longest chain whenever there is one
    for role in ("host", "guest"):
        assert pair.sides[role].phase == "verified", pair.events[role][-3:]
    texts = [move.text for move in pair.host.game.moves]
    assert texts == [move.text for move in pair.guest.game.moves]
    assert any(text.count("x") >= 2 for text in texts)  # chains were played


def test_a_long_chain_in_a_shared_search_table_is_kept_as_no_move():
    """The parallel search's tables pack an entry's move in 53 bits; a chain of captures may be longer."""
    from hdchess.ai.parallel import SharedTable
    from hdchess.ai.sharing import entry_data, entry_of

    state = state_of("R1p1p1p1/1c1p1h1e/e1p1r1a1/1h1c1a1k r - 0 40", **BOTH)
    by_length = {state.action_text(action).count("x"): action for action in state.legal_actions()}
    assert by_length[7] in state.legal_actions() and max(by_length) == 7  # charges and steps, seven captures
    assert entry_of(entry_data((3, 0, 0.5, by_length[6], False)), 0.5)[3] == by_length[6]  # six: packed whole
    longer = state.make_chain(24, [8, 10, 12, 14, 30, 28, 26, 16, 18, 20])  # ten landings
    for chain in (by_length[7], longer):
        data = entry_data((3, 0, 0.5, chain, False))
        assert data < 1 << 53 and entry_of(data, 0.5) == (3, 0, 0.5, -1, False)
    table = SharedTable.create(1 << 4)
    try:
        table[12345] = (3, 0, 0.5, longer, False)  # over 64 bits, were it packed
        assert table.get(12345) == (3, 0, 0.5, -1, False)
    finally:
        table.close()
