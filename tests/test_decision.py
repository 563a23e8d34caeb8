"""Every computer move is one Decision (hdchess/ai/decision.py): the forced-win search, the guard
against a proven loss and the level's temperature behave the same whether the move is asked of the
engine protocol, a match's player, the terminal or the web bridge (issue 45). Before, each entry ran
the steps in its own way: the engine's ``go`` with limits, a match's ``Level@budget`` and the page's
sliced search never checked the chosen move against a proven forced loss."""

from __future__ import annotations

import pytest

from hdchess import Game, load_ruleset
from hdchess.ai import mate
from hdchess.ai.decision import Decision, decide
from hdchess.ai.limits import SearchLimits
from hdchess.bridge import computer
from hdchess.bridge.game_session import GameSession, default_names
from hdchess.engine import Engine
from hdchess.players import LevelPlayer, Turn, make_player, make_turn
from hdchess.terminal import AnnouncedPlayer

RULES = load_ruleset("cheight")
OPENING = RULES.new_state().position_text()
WIN_IN_2 = "a[cp]ca/1hhr/r[eEp][pEe]1/pk1[pP]/2P1/PP1R/RHHK/A[CP]CA r 1 26"  # tests/data/cheight_mates.txt


def _state(position: str):
    return RULES.read_position(position)


def _split(level: str) -> tuple[str, SearchLimits | None]:
    name, _, budget = level.partition("@")
    return name, SearchLimits(nodes=int(budget.removesuffix("n"))) if budget else None


def by_engine(position: str, level: str, seed: int) -> tuple[str, int]:
    name, limits = _split(level)
    lines: list[str] = []
    engine = Engine(lines.append)
    for command in ("setoption name Variant value cheight", f"setoption name Level value {name}",
                    f"setoption name Seed value {seed}", f"position fen {position}",
                    "go" if limits is None else f"go nodes {limits.nodes}"):
        engine.handle(command)
    engine.wait()
    assert lines[-1].startswith("bestmove "), lines
    return lines[-1].split()[1], seed


def by_match_player(position: str, level: str, seed: int) -> tuple[str, int]:
    state = _state(position)
    action = make_player(level).choose(Turn(state.copy(), position, (), seed)).action
    return state.action_text(action), seed


def by_terminal(position: str, level: str, seed: int) -> tuple[str, int]:
    state = _state(position)
    action = AnnouncedPlayer(LevelPlayer(level)).choose(Turn(state.copy(), position, (), seed)).action
    return state.action_text(action), seed


def by_bridge(position: str, level: str, seed: int) -> tuple[str, int]:
    """The page: a level that thinks by time thinks one slice first, then is told to move at once."""
    state = _state(position)
    session = GameSession()
    players = {"1": "ai", "2": "ai"}
    session.install(Game(state.ruleset, position=position), players, level, default_names(players, level))
    session.player_seed = seed
    used = make_turn(session.game, seed).seed
    if level == "Grandmaster":
        computer.think(session, level, 50)
    reply = computer.ai_move(session, level)
    return reply["played"]["text"], used


ENTRIES = {"engine": by_engine, "match": by_match_player, "terminal": by_terminal, "bridge": by_bridge}
OWN_LEVELS = ("Beginner", "Club")  # the levels with a temperature, within their own budgets


@pytest.mark.parametrize("entry", ENTRIES)
def test_every_entry_plays_a_forced_win_found_first(entry):
    levels = ["Club", "Master"] + (["Master@4000n"] if entry in ("engine", "match") else [])
    levels += ["Grandmaster"] if entry == "bridge" else []
    state = _state(WIN_IN_2)
    for level in levels:
        played, _ = ENTRIES[entry](WIN_IN_2, level, 1)
        action = state.parse_action(played)[0]
        assert mate.keeps_forced_win(state, action, 2) is True, (entry, level, played)


@pytest.mark.parametrize("entry", ENTRIES)
def test_every_entry_guards_against_a_proven_loss(entry, monkeypatch):
    """A stand-in proof says the move the search chose loses by force (the first it is asked
    about) and no other does: every entry then plays another move, its move at full strength and
    the page's sliced search included."""
    levels = {"engine": ["Club", "Grandmaster@3000n"], "match": ["Club", "Grandmaster@3000n"],
              "terminal": ["Club"], "bridge": ["Club", "Grandmaster"]}[entry]
    for level in levels:
        asked: list[str] = []

        def proof(state, action, max_moves, nodes, asked=asked):
            asked.append(state.action_text(action))
            return len(asked) == 1

        monkeypatch.setattr(mate, "loses_by_force", proof)
        played, _ = ENTRIES[entry](OPENING, level, 2)
        assert len(asked) >= 2 and played == asked[1] != asked[0], (entry, level, asked, played)


@pytest.mark.parametrize("entry", ENTRIES)
def test_every_entry_plays_the_levels_temperature_alike(entry):
    """A level with a temperature picks by its seed, the same move for the same seed through every
    entry; within a budget it plays at full strength, whatever the seed."""
    state = _state(OPENING)
    for level in OWN_LEVELS:
        moves = set()
        for seed in range(4):
            played, used = ENTRIES[entry](OPENING, level, seed)
            assert played == state.action_text(decide(state, level, used).action), (entry, level, seed)
            moves.add(played)
        assert len(moves) > 1, (entry, level)  # the temperature at work
    if entry in ("engine", "match"):
        assert len({ENTRIES[entry](OPENING, "Beginner@1500n", seed)[0] for seed in range(3)}) == 1


def test_a_decision_in_slices_shows_its_best_so_far_and_plays_once():
    """The page's worker: each slice leaves a legal best move to show; the move played is worked
    out once (temperature and guard), and asked again is the same."""
    state = _state(OPENING)
    sliced = Decision(state, "Club", 5)
    sliced.begin()
    slices = 0
    while not sliced.advance(0.001):
        slices += 1
        assert sliced.searched().action in state.legal_actions()
    result = sliced.result()
    assert slices > 1 and result.action in state.legal_actions() and sliced.result() is result


def test_a_decision_given_a_shared_table_searches_it_here_whatever_its_threads():
    """The page's bridge searches as one worker of its pool: with the pool's table, the move is
    searched in this process and fills that table, never on processes of its own beside it."""
    table: dict[int, object] = {}
    decision = Decision(_state(OPENING), "Grandmaster", 5, SearchLimits(depth=3), threads=2, tt=table)
    result = decision.run()
    assert result.action in _state(OPENING).legal_actions() and table
