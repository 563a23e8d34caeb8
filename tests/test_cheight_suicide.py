"""Cheight's option ``suicide`` (RULES.md section 5, "Making a move"): ``allowed`` (the default, as
the original) lets a player cover their own General and lose at once; ``prevented`` makes such an
action not legal, says why, and a player left with no legal action loses. The rules, the record's
tag, the engine protocol, a match and the page's view."""

import re

import pytest

from hdchess import Game, IllegalMoveError, load_ruleset
from hdchess.bridge.view import view
from hdchess.core import BLACK, RED
from hdchess.engine import Engine
from hdchess.match import run_match
from hdchess.notation import sorted_action_texts
from hdchess.vocabulary import Termination
from hdchess.words import message_templates

ALLOWED = load_ruleset("cheight")
PREVENTED = load_ruleset("cheight", suicide="prevented")
SMALL_PREVENTED = load_ruleset("cheight", layout="minimal", suicide="prevented")

# (position, the actions that cover Red's own General there)
SUICIDES = {
    "an Advisor, carrying or not": ("3k/4/4/4/4/4/1[hA]2/K3 r", {"b2-a1", "b2-a1+1"}),
    "a higher Chariot steps onto it": ("3k/4/4/4/4/4/4/K[PR]2 r", {"b1-a1"}),
    "a higher Cannon stops on it before its screen": ("3k/4/4/4/4/4/4/K1[PC]1 r", {"c1-a1"}),
    "a higher Elephant": ("3k/4/4/4/4/4/1K2/[PE]3 r", {"a1-b2"}),
    "a higher Horse": ("3k/4/4/4/4/4/2K1/[PH]3 r", {"a1-c2"}),
}


def texts(state) -> set[str]:
    return set(sorted_action_texts(state))


@pytest.mark.parametrize("name", SUICIDES)
def test_an_action_that_covers_ones_own_general_is_legal_only_when_allowed(name):
    text, suicides = SUICIDES[name]
    allowed, prevented = texts(ALLOWED.read_position(text)), texts(PREVENTED.read_position(text))
    assert suicides <= allowed
    assert prevented == allowed - suicides


@pytest.mark.parametrize("name", SUICIDES)
def test_a_refused_suicide_is_explained_and_changes_nothing(name):
    text, suicides = SUICIDES[name]
    for move in sorted(suicides):
        game = Game(PREVENTED, position=text)
        before = game.state.position_text()
        with pytest.raises(IllegalMoveError, match=f"^{re.escape(move)}: that would cover your own General"):
            game.play(move)
        assert game.state.position_text() == before and not game.is_over()
        allowed = Game(ALLOWED, position=text)
        allowed.play(move)
        assert allowed.outcome.termination is Termination.GENERAL_COVERED and allowed.outcome.winner == BLACK


def test_the_refusal_has_a_code_the_page_words_in_chinese():
    state = PREVENTED.read_position(SUICIDES["an Advisor, carrying or not"][0])
    action, _ = state.parse_action("b2-a1+1")
    message = state.explain_illegal(action)
    assert message.code == "stack.covers_own_general" and message.params == {"kind": "A", "sq": "b2",
                                                                             "to": "a1"}
    assert message_templates()["zh"]["stack.covers_own_general"].startswith("这会压住你自己的将帅")


def test_a_swap_never_covers_a_general_so_prevented_keeps_every_swap():
    """A swap trades the places of two pieces and no stack changes height: the General chosen goes
    to the Soldier's place on top, and a General not chosen stays where it was, on top. Red's
    promotion after Red's move, and Red's after Black uncovered it (the actor is the Soldier's owner)."""
    for text in ("[ceP]2k/4/4/4/4/4/4/[RA]1K1 b 0 1", "[Pr]2k/4/4/4/4/4/4/[RA]1K1 b 0 1"):
        allowed, prevented = ALLOWED.read_position(text), PREVENTED.read_position(text)
        if allowed.promo < 0:  # Black's Chariot leaves a8 and uncovers Red's Soldier
            allowed.push(*allowed.parse_action("a8-b8"))
            prevented.push(*prevented.parse_action("a8-b8"))
        assert prevented.promo >= 0 and prevented.side == RED
        assert texts(prevented) == texts(allowed) and "a8=c1^0" in texts(prevented)
    game = Game(PREVENTED, position="[ceP]2k/4/4/4/4/4/4/[RA]1K1 b 0 1")
    game.play("a8=c1^0")  # the General to the Soldier's place: on top of a8, not covered
    assert game.state.position_text().startswith("[ceK]2k/") and not game.is_over()


# Black to move has one action, its Advisor onto its own General; everything else is walled in.
STUCK = "4/pppK/pkpc/ahrh b 0 10"


def test_a_player_whose_only_actions_cover_their_own_general_loses_when_prevented():
    small = load_ruleset("cheight", layout="minimal")
    assert texts(small.read_position(STUCK)) == {"a1-b2"}
    state = SMALL_PREVENTED.read_position(STUCK)
    assert state.legal_actions() == []
    outcome = state.outcome()
    assert outcome.termination is Termination.NO_ACTIONS and outcome.winner == RED


def test_the_option_is_validated_by_name():
    with pytest.raises(Exception, match="suicide must be one of allowed, prevented"):
        load_ruleset("cheight", suicide="sometimes")
    assert load_ruleset("cheight", suicide=" Prevented ")["suicide"] == "prevented"


def test_a_record_carries_the_option_as_a_tag_and_reads_it_back():
    game = Game(PREVENTED, position=SUICIDES["a higher Chariot steps onto it"][0])
    record = game.record_text()
    assert '[Suicide "prevented"]' in record
    again = Game.from_record(record)
    assert again.ruleset["suicide"] == "prevented"
    with pytest.raises(IllegalMoveError, match="cover your own General"):
        again.play("b1-a1")
    assert Game.from_record(Game(ALLOWED).record_text()).ruleset["suicide"] == "allowed"


def test_the_engine_protocol_takes_the_option():
    lines: list[str] = []
    engine = Engine(lines.append)
    for command in ("setoption name Variant value cheight", "setoption name Suicide value prevented"):
        assert engine.handle(command) is True
    assert engine.ruleset["suicide"] == "prevented" and not [line for line in lines if "error" in line]
    engine.handle("setoption name Suicide value maybe")
    assert any("suicide must be one of allowed, prevented" in line for line in lines)
    assert engine.ruleset["suicide"] == "prevented"


def test_a_match_plays_under_the_option_and_its_records_say_so():
    """Random players under ``prevented``: every record has the tag, and a game that ends with a
    covered General was won by the side that covered it (the last to move)."""
    summary, results = run_match("random", "random", 4, seed=48, variant="cheight",
                                 options={"suicide": "prevented", "layout": "minimal"})
    assert summary.games == 4
    for result in results:
        assert '[Suicide "prevented"]' in result.record
        game = Game.from_record(result.record)  # every move was legal under the option
        if game.outcome is not None and game.outcome.termination is Termination.GENERAL_COVERED:
            assert game.outcome.winner == game.state.turn ^ 1


def test_the_view_marks_the_moves_that_lose_at_once_and_only_those():
    text, suicides = SUICIDES["an Advisor, carrying or not"]
    players = {"1": "human", "2": "ai"}
    moves = view(Game(ALLOWED, position=text), players, "Casual")["legal"]["moves"]
    marked = {entry["move"] for entries in moves.values() for entry in entries if entry.get("loses")}
    assert marked == suicides
    moves = view(Game(PREVENTED, position=text), players, "Casual")["legal"]["moves"]
    assert not any(entry.get("loses") for entries in moves.values() for entry in entries)


def test_the_ai_and_the_forced_win_search_play_by_the_option():
    """Black is walled in but for its Advisor's a1-b2 onto its own General. With ``prevented`` a quiet
    Red move leaves Black no action: the forced-win search sees that win in one move (the loser is the
    one without actions), and the AI's search weighs only the moves the option leaves."""
    from hdchess.ai import SearchLimits, analyse
    from hdchess.ai.mate import forced_win

    state = SMALL_PREVENTED.read_position("R3/pppK/pkpc/ahrh r 0 10")
    win = forced_win(state, max_moves=2)
    assert win.moves == 1
    state.push(win.action)
    assert state.legal_actions() == [] and state.outcome().winner == RED
    walled = SMALL_PREVENTED.read_position("4/4/1K2/[EA]2k r 0 0")  # the Advisor's a1-b2 would cover it
    result = analyse(walled, SearchLimits(depth=3))
    assert walled.action_text(result.action) != "a1-b2" and set(result.root_scores) == set(walled.legal_actions())
