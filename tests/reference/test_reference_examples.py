"""The references agree with the complete lists of RULES.md's worked examples (section 5.3),
so a disagreement with the engine points at the engine, not at a careless reference."""

import pytest

from .cheight import cheight_actions
from .facedown import banqi_actions, gaiqi_actions

EXAMPLES = [
    ("3k/4/4/[pp]3/4/E3/e3/[PR][RE]1K r",
     "a1-a3 a1-a4 a1xa2 a1xa5 a3-b2 a3-b4 a3-c1 a3-c5 a3-d6 b1-c2 b1-d3 b1xa2 d1-c1 d1-c2 d1-d2"),
    ("3k/4/4/4/4/2e1/1p2/1[PH][hh]K r", "b1-a3 b1xc3 d1-c2 d1-d2 d1xc1"),
    ("[rr]2k/4/e3/[hh]3/P3/2K1/p3/[PC]3 r",
     "a1-a3 a1-a4 a1-b1 a1-c1 a1-d1 a1xa6 a1xa8 a4xa5 c3-b2 c3-b3 c3-b4 c3-c2 c3-c4 c3-d2 c3-d3 c3-d4"),
    ("[ceP]2k/4/4/4/4/4/4/[RA]1K1 b 0 1", "a8=a1^0 a8=a1^1 a8=c1^0"),
]


@pytest.mark.parametrize("position, actions", EXAMPLES)
def test_the_cheight_reference_gives_the_worked_examples(position, actions):
    assert cheight_actions(position) == set(actions.split())


def test_the_cheight_reference_advisor_carries_every_count():
    actions = cheight_actions("3k/4/4/4/4/e1E1/1[pRA]2/2[chrh]K r")
    advisor = {a for a in actions if a.startswith("b2")}
    assert len(advisor) == 12 and "b2xc1+2" in advisor and "b2-c3+1" in advisor and "b2-a1" in advisor


def test_the_cheight_reference_starts():
    assert len(cheight_actions("[ae][cp][ck][ae]/[rp][hp][hp][rp]/4/4/4/4/[RP][HP][HP][RP]/[AE][CP][CK][AE] r")) == 4
    assert len(cheight_actions("[ae]pk[ae]/r[ch][ch]r/pppp/4/4/PPPP/R[CH][CH]R/[AE]PK[AE] r")) == 8
    assert len(cheight_actions("[ae][ch][ch][ae]/[rp][pp][pk][rp]/[RP][PP][PK][RP]/[AE][CH][CH][AE] r", "auto")) == 5


def test_the_banqi_reference_ranks_and_cannon():
    actions = banqi_actions("C2x4/xkP5/pK6/rA6 r")
    assert "b2xa2" not in actions and "b2xb3" in actions  # a General takes a General, never a Soldier
    assert "b1xa1" in actions  # an Advisor (6) takes a Chariot (4)
    assert "c3xb3" in actions  # a Soldier takes the General
    assert "a4xa2" in actions and "a4xa1" not in actions  # the Cannon jumps exactly one screen (face-down a3)
    assert "a4-b4" in actions and "a4-c4" not in actions and "a4xe4" not in actions
    assert "d4" in actions and "a3" in actions  # flips


def test_the_gaiqi_reference_blind_capture_and_chase():
    # Red's Chariot attacked the black General after each of Red's last three moves.
    history = [("a1-a2", "k7/8/R7/4K3 b - 1 11"), ("a4-b4", "1k6/8/R7/4K3 r - 2 12"),
               ("a2-b2", "1k6/8/1R6/4K3 b - 3 13"), ("b4-a4", "k7/8/1R6/4K3 r - 4 14"),
               ("b2-a2", "k7/8/R7/4K3 b - 5 15"), ("a4-b4", "1k6/8/R7/4K3 r - 6 16")]
    now = "1k6/8/R7/4K3 r - 6 16"
    actions = gaiqi_actions(now, history)
    assert "a2-b2" not in actions and "a2-a4" not in actions  # each would attack the General again
    assert "a2-a3" in actions and "e1-e2" in actions  # a move that does not, or by another piece, is free
    assert {"a2-b2", "a2-a4"} <= gaiqi_actions(now, history[1:])  # after two such moves only: free
    assert "a1xa2" in gaiqi_actions("8/8/x7/R7 r - 0 1", [])  # a face-down piece may be captured
    assert "b2xd3" in gaiqi_actions("8/3x4/1H6/8 r", [])  # the Horse's leg c2 is free
    assert "b2xd3" not in gaiqi_actions("8/3x4/1Hp5/8 r", [])  # ... or blocked
