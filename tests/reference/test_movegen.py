"""The engine's legal actions equal the slow references' (RULES.md), along random games.

For each game and each value of its options (Cheight on both boards), random
games are played and, in every position before the end, the engine's actions as
text must be the reference's exactly: none missing, none extra, none twice.
"""

import io
import random
import sys
from pathlib import Path

import pytest

from hdchess import Game, load_ruleset
from hdchess.cli import main

from .cheight import cheight_actions
from .facedown import banqi_actions, banqi_house_actions, gaiqi_actions, house_perft
from .test_reference_examples import EXAMPLES


def positions(ruleset, count: int, seed: int = 1):
    """(state, history) before each action of random games, ``count`` positions in all;
    history is (action text, position line after it) of every ply of the game so far."""
    number = 0
    while True:
        rng = random.Random(seed * 1000 + number)
        game = Game(ruleset, seed=seed * 1000 + number)
        history: list[tuple[str, str]] = []
        while not game.is_over():
            yield game.state, history
            count -= 1
            if count == 0:
                return
            action = rng.choice(game.legal_actions())
            text = game.state.action_text(action)
            game.play(action)
            history.append((text, game.state.position_text()))
        number += 1


def check(ruleset, reference, count: int) -> None:
    """The engine's actions, as sorted text, equal the reference's in ``count`` positions of random games."""
    for state, history in positions(ruleset, count):
        line = state.position_text()
        expected = sorted(reference(line, history))
        actual = sorted(state.action_text(action) for action in state.legal_actions())
        assert actual == expected, f"{ruleset.non_defaults()} {line}"


@pytest.mark.parametrize("no_progress_plies", [60, 6, 0])
def test_banqi_moves_match_the_reference(no_progress_plies):
    ruleset = load_ruleset("banqi", no_progress_plies=no_progress_plies)
    check(ruleset, lambda line, history: banqi_actions(line), 2000)


@pytest.mark.parametrize("no_progress_plies", [60, 6, 0])
def test_gaiqi_moves_match_the_reference(no_progress_plies):
    ruleset = load_ruleset("gaiqi", no_progress_plies=no_progress_plies)
    check(ruleset, gaiqi_actions, 2000)


@pytest.mark.parametrize("layout", ["normal", "old", "minimal", "minimal-old"])
@pytest.mark.parametrize("king_takes_king", ["auto", "yes", "no"])
def test_cheight_moves_match_the_reference(layout, king_takes_king):
    ruleset = load_ruleset("cheight", layout=layout, king_takes_king=king_takes_king)
    check(ruleset, lambda line, history: cheight_actions(line, king_takes_king), 800)


@pytest.mark.parametrize("no_progress_plies", [100, 6, 0])
def test_cheight_moves_match_the_reference_under_a_no_progress_limit(no_progress_plies):
    ruleset = load_ruleset("cheight", layout="normal", no_progress_plies=no_progress_plies)
    check(ruleset, lambda line, history: cheight_actions(line), 400)


@pytest.mark.parametrize("layout", ["normal", "old", "minimal", "minimal-old"])
def test_cheight_moves_with_suicide_prevented_match_the_reference(layout, capsys, monkeypatch):
    """``hdchess moves --variant cheight --set suicide=prevented`` on 1000 positions of random games of
    each layout (both boards), one per line on its input, prints the reference's actions for each; and
    in some of those positions the option matters (an own General could be covered)."""
    ruleset = load_ruleset("cheight", layout=layout, suicide="prevented")
    lines = [state.position_text() for state, _ in positions(ruleset, 1000, seed=48)]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    status = main(["moves", "--variant", "cheight", "--set", f"layout={layout}", "--set", "suicide=prevented"])
    printed = capsys.readouterr().out.splitlines()
    assert status == 0 and len(printed) == len(lines)
    matters = 0
    for line, actual in zip(lines, printed):
        expected = cheight_actions(line, suicide="prevented")
        assert actual.split() == sorted(expected), line
        matters += expected != cheight_actions(line)
    assert matters >= 20, matters


def test_gaiqi_chase_rule_matches_the_reference():
    """Random games seldom chase the General three times running: a chase played on purpose."""
    state = load_ruleset("gaiqi").read_position("k7/8/8/R3K3 r - 0 10")
    history = []
    for text in ["a1-a2", "a4-b4", "a2-b2", "b4-a4", "b2-a2", "a4-b4"]:
        state.push(*state.parse_action(text))
        history.append((text, state.position_text()))
        actual = sorted(state.action_text(action) for action in state.legal_actions())
        assert actual == sorted(gaiqi_actions(state.position_text(), history)), text
    assert "a2-b2" not in actual and "a2-a3" in actual


@pytest.mark.parametrize("position, actions", EXAMPLES)
def test_cheight_worked_examples_match_the_reference(position, actions):
    state = load_ruleset("cheight").read_position(position)
    assert sorted(state.action_text(action) for action in state.legal_actions()) == sorted(actions.split())


# Set-up promotions random play seldom reaches: no eligible piece, a swap under the Soldier
# itself, and several Soldiers at once (the lowest rank first, then the rightmost file).
SET_UP = ["P2K/4/4/k3 r", "P2K/4/4/k3 b", "[AP]2K/4/4/k3 b", "[AP]1[AP]K/4/4/k3 b",
          "[AP]2K/4/4/[ep]2k r", "[EP]2[KP]/4/1k2/4 r"]


@pytest.mark.parametrize("position", SET_UP)
def test_cheight_set_up_promotions_match_the_reference(position):
    state = load_ruleset("cheight", layout="minimal").read_position(position)
    assert sorted(state.action_text(action) for action in state.legal_actions()) == sorted(cheight_actions(position))


HOUSE_RULES = [("yes", "no"), ("no", "yes"), ("yes", "yes"), ("no", "no")]


@pytest.mark.parametrize("chain_captures, chariot_rush", HOUSE_RULES)
def test_banqi_house_rules_match_the_reference(chain_captures, chariot_rush):
    """Each house rule of RULES.md 4.1 alone and both: random games, and the reference
    agrees; the games must meet what the option adds (chains, charges), or the check is empty."""
    ruleset = load_ruleset("banqi", chain_captures=chain_captures, chariot_rush=chariot_rush)
    chained = charged = 0
    for state, _ in positions(ruleset, 3000, seed=7):
        line = state.position_text()
        expected = sorted(banqi_house_actions(line, chain_captures == "yes", chariot_rush == "yes"))
        actual = [state.action_text(action) for action in state.legal_actions()]
        assert sorted(actual) == expected, f"{ruleset.non_defaults()} {line}"
        chained += any(text.count("x") > 1 for text in actual)
        charged += any(_is_charge(state, text) for text in actual)
    assert (chained > 0) == (chain_captures == "yes") and (charged > 0) == (chariot_rush == "yes")


def _is_charge(state, text: str) -> bool:
    """A Chariot's move or capture over more than one square."""
    if len(text) < 5:  # a flip
        return False
    frm, to = text[:2], text[3:5]
    piece = state.square_text(state.geometry.parse_square(frm))
    return piece in ("R", "r") and abs(ord(frm[0]) - ord(to[0])) + abs(int(frm[1]) - int(to[1])) > 1


def test_banqi_house_rules_reference_matches_the_default_reference():
    """With both options off the house-rules reference is the plain one (two readings of section 4)."""
    for state, _ in positions(load_ruleset("banqi"), 500, seed=3):
        line = state.position_text()
        assert banqi_house_actions(line, False, False) == banqi_actions(line)


def _house_perft_cases():
    path = Path(__file__).parent.parent / "data" / "perft-banqi.txt"
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or "[" not in line:
            continue
        position, rest = line.split(";")
        counts, _, options = rest.partition("[")
        options = dict(item.split("=") for item in options.strip().removesuffix("]").split())
        tokens = counts.split()
        yield pytest.param(position.strip(), options, {int(d[1:]): int(n) for d, n in zip(tokens[::2], tokens[1::2])},
                           id=f"{position.split()[0]}-{'-'.join(options)}")


@pytest.mark.parametrize("position, options, counts", list(_house_perft_cases()))
def test_banqi_house_rules_perft_counts_are_the_references(position, options, counts):
    """Every perft count of the suite under a house rule is the reference's, not only the engine's."""
    chain, rush = options.get("chain_captures") == "yes", options.get("chariot_rush") == "yes"
    assert {depth: house_perft(position, depth, chain, rush) for depth in counts} == counts
