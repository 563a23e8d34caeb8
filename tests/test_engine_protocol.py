"""`hdchess engine`: the UCI-style protocol other programs drive the AI with."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import threading

import pytest
from support import parse_move_text

from hdchess import Game, load_ruleset, position_text
from hdchess.engine import Engine
from hdchess.notation import parse_position, pv_text
from hdchess.options import Option
from hdchess.variants import _REGISTRY, variant_names, variant_spec

OPENING = ["c2(R)", "b3(p)", "d2(h)"]  # player 1 flips a red Chariot: player 2 is red


class Session:
    """An engine driven in-process; ``lines`` collects everything it answered."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.engine = Engine(self.lines.append)

    def send(self, *commands: str) -> list[str]:
        start = len(self.lines)
        for command in commands:
            assert self.engine.handle(command) is True
        return self.lines[start:]

    def go(self, command: str) -> list[str]:
        start = len(self.lines)
        self.engine.handle(command)
        self.engine.wait(timeout=60)
        assert not self.engine.searching()
        return self.lines[start:]

    def position(self) -> str:
        (line,) = self.send("d")
        return line.removeprefix("info string position ")


def errors(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("info string error: ")]


@pytest.fixture
def session() -> Session:
    return Session()


def replayed(moves: list[str], start: str | None = None, **options) -> str:
    game = Game(load_ruleset(**options), position=start)
    for move in moves:
        game.replay(move)
    return position_text(game.state)


# -- handshake and options ---------------------------------------------------------

def test_uci_names_the_engine_lists_every_option_and_ends_with_uciok(session):
    lines = session.send("uci")
    assert lines[0].startswith("id name hdchess ")
    assert lines[1].startswith("id author ")
    assert lines[-1] == "uciok"
    options = {line.split()[2]: line for line in lines if line.startswith("option name ")}
    assert set(options) >= {"Variant", "Level", "Scoring", "FirstFlip", "RepetitionPenalty", "NoProgressPlies",
                            "Seed"}
    assert options["Scoring"] == "option name Scoring type combo default official var official var alt"
    assert options["NoProgressPlies"].startswith("option name NoProgressPlies type spin default 40 min 0 max ")
    assert "var Beginner" in options["Level"] and "var Master" in options["Level"]
    for name in variant_names():
        assert f"var {name}" in options["Variant"]


def test_rule_options_come_from_the_variant_data(session, monkeypatch):
    hdc2 = variant_spec("hdc2")
    extra = Option("chase_limit", "ChaseLimit", 3, "a rule only this test variant has", minimum=1)
    monkeypatch.setitem(_REGISTRY, "testchess", dataclasses.replace(hdc2, name="testchess",
                                                                    options=(*hdc2.options, extra)))
    lines = session.send("uci")
    assert any(line.startswith("option name ChaseLimit type spin default 3 min 1 max ") for line in lines)
    assert "var testchess" in next(line for line in lines if line.startswith("option name Variant"))
    assert session.send("setoption name Variant value testchess", "setoption name ChaseLimit value 5") == []
    assert session.engine.ruleset["chase_limit"] == 5
    assert errors(session.send("setoption name ChaseLimit value 0"))
    assert session.engine.ruleset["chase_limit"] == 5


def test_uci_shows_the_defaults_of_the_chosen_variant(session):
    banqi = variant_spec("banqi").option("NoProgressPlies")
    session.send("setoption name Variant value banqi")
    (line,) = [line for line in session.send("uci") if line.startswith("option name NoProgressPlies ")]
    assert f" default {banqi.default} " in line
    assert session.position() == position_text(parse_position("startpos", load_ruleset("banqi")))


def test_isready_answers_readyok(session):
    assert session.send("isready") == ["readyok"]


def test_setoption_changes_the_rules_and_rejects_bad_values(session):
    assert session.send("setoption name Scoring value alt", "setoption name NoProgressPlies value 60") == []
    assert session.engine.ruleset.as_dict() == {"variant": "hdc2", "scoring": "alt", "first_flip": "opponent",
                                                "repetition_penalty": 1, "no_progress_plies": 60}
    for command, needle in [
        ("setoption name Scoring value fancy", "scoring must be one of official, alt"),
        ("setoption name NoProgressPlies value -3", "no_progress_plies"),
        ("setoption name Variant value chess", "unknown variant"),
        ("setoption name Colour value red", "unknown option 'Colour'"),
        ("setoption name Level value Champion", "unknown level"),
        ("setoption name Seed value x", "Seed must be a whole number"),
        ("setoption name Scoring", "expected: setoption name <Name> value <value>"),
    ]:
        (line,) = errors(session.send(command))
        assert needle in line, command
    assert session.engine.ruleset.as_dict()["scoring"] == "alt"
    assert session.engine.ruleset["no_progress_plies"] == 60


def test_option_names_are_case_insensitive_and_level_accepts_numbers(session):
    assert session.send("setoption name scoring value ALT", "setoption name level value 2") == []
    assert session.engine.ruleset["scoring"] == "alt"
    assert session.engine.level.name == "Casual"


def test_a_rule_change_keeps_the_current_position(session):
    session.send(f"position startpos moves {' '.join(OPENING)}")
    session.send("setoption name Scoring value alt")
    assert session.position() == replayed(OPENING, scoring="alt")


def test_a_rule_change_the_position_cannot_follow_goes_back_to_startpos(session):
    moves = ["c2(R)", "d2(h)", "b3(p)", "c2xd2"]  # player 1's flip gives player 2 red
    session.send(f"position startpos moves {' '.join(moves)}")
    assert session.position() == replayed(moves)
    lines = session.send("setoption name FirstFlip value self")  # now player 1 is red: c2xd2 is out of turn
    assert lines[0].startswith("info string the position does not fit the new rules")
    assert session.position() == replayed([], first_flip="self")


# -- positions ---------------------------------------------------------------------

def test_position_startpos_with_moves_replays_them(session):
    moves = [*OPENING, "c2xd2", "a1(P)", "d2-c2"]
    assert session.send(f"position startpos moves {' '.join(moves)}") == []
    assert session.position() == replayed(moves)


def test_position_fen_with_moves(session):
    start = "8/8/1k6/R1r4K r - 3 20"
    assert session.send(f"position fen {start} moves a1xc1") == []
    assert session.position() == replayed(["a1xc1"], start=start)


def test_position_fen_accepts_the_extended_seven_field_line(session):
    state = parse_position(replayed([*OPENING, "c2xd2"]))
    line = position_text(state, extended=True)
    assert session.send(f"position fen {line}") == []
    assert session.position() == position_text(state)


@pytest.mark.parametrize(("command", "needle"), [
    ("position startpos moves c2", "move 1 (c2): a flip in a move list needs its result, e.g. c2(R)"),
    ("position startpos moves c2(R) b3(p) c2-c3", "move 3 (c2-c3)"),  # black to move: the Chariot is red
    ("position startpos moves c2(R) c2(p)", "move 2 (c2(p))"),
    ("position startpos moves c2(R) b3(X)", "move 2 (b3(X))"),
    ("position startpos moves c2(K) b3(K)", "no red General is left face-down"),
    ("position startpos moves z9", "z9 is not a square"),
    ("position fen 8/8/8/8 r - 0", "a position has 5 fields"),
    ("position fen KK6/8/8/8 r - 0 0", "2 red Generals"),
    ("position fen", "needs a position line"),
    ("position startpos c2(R)", "unexpected 'c2(R)' after startpos"),
    ("position", "expected: position startpos"),
    ("position somewhere", "expected: position startpos"),
])
def test_a_bad_position_is_reported_and_the_previous_one_kept(session, command, needle):
    session.send(f"position startpos moves {' '.join(OPENING)}")
    (line,) = session.send(command)
    assert line.startswith("info string error: position: ")
    assert needle in line
    assert session.position() == replayed(OPENING)


def test_ucinewgame_returns_to_the_opening(session):
    session.send(f"position startpos moves {' '.join(OPENING)}", "ucinewgame")
    assert session.position() == replayed([])


# -- search --------------------------------------------------------------------------

def _bestmove(lines: list[str]) -> str:
    assert lines[-1].startswith("bestmove ")
    assert sum(line.startswith("bestmove") for line in lines) == 1
    return lines[-1].split()[1]


def _legal_texts(moves: list[str]) -> set[str]:
    state = parse_position(replayed(moves))
    return {pv_text(state, [action])[0] for action in state.legal_actions()}


@pytest.mark.parametrize("go", ["go depth 1", "go nodes 300", "go movetime 50"])
def test_go_prints_info_lines_then_a_legal_bestmove(session, go):
    session.send(f"position startpos moves {' '.join(OPENING)}")
    lines = session.go(go)
    assert _bestmove(lines) in _legal_texts(OPENING)
    infos = [line.split() for line in lines if line.startswith("info depth")]
    assert infos, lines
    for words in infos:
        depth, nodes, nps, ms = (int(words[words.index(name) + 1]) for name in ("depth", "nodes", "nps", "time"))
        assert depth >= 1 and nodes >= 1 and nps >= 0 and ms >= 0
        assert words[words.index("score") + 1] == "cp"
        int(words[words.index("score") + 2])
        assert words.index("pv") < len(words) - 1
    assert not errors(lines)


def test_a_flip_is_answered_with_its_square(session):
    lines = session.go("go depth 1")  # the opening: every action is a flip
    move = _bestmove(lines)
    assert len(move) == 2 and parse_move_text(move)[0] in parse_position(replayed([])).legal_actions()


def test_go_without_limits_plays_like_the_level(session):
    session.send("setoption name Level value Beginner", f"position startpos moves {' '.join(OPENING)}")
    assert _bestmove(session.go("go")) in _legal_texts(OPENING)


def test_the_same_position_and_seed_give_the_same_move(session):
    session.send("setoption name Seed value 9", f"position startpos moves {' '.join(OPENING)}")
    first = _bestmove(session.go("go nodes 500"))
    other = Session()
    other.send("setoption name Seed value 9", f"position startpos moves {' '.join(OPENING)}")
    assert _bestmove(other.go("go nodes 500")) == first


def test_go_on_a_finished_game_answers_none(session):
    session.send("position fen 8/8/8/k7 r - 0 30")  # red has nothing left
    lines = session.go("go depth 2")
    assert "the game is over" in errors(lines)[0]
    assert lines[-1] == "bestmove (none)"


@pytest.mark.parametrize("command", ["go depth", "go depth two", "go nodes 0", "go sideways 4", "go movetime -5"])
def test_bad_go_arguments_are_reported_and_nothing_is_searched(session, command):
    lines = session.go(command)
    assert len(errors(lines)) == 1 and len(lines) == 1


def test_stop_ends_a_long_search_with_a_bestmove(session):
    session.send(f"position startpos moves {' '.join(OPENING)}")
    session.engine.handle("go movetime 600000")
    session.send("stop")  # returns once the search has answered
    assert not session.engine.searching()
    assert _bestmove(session.lines) in _legal_texts(OPENING)


def test_infinite_search_answers_only_after_stop(session):
    session.send(f"position startpos moves {' '.join(OPENING)}", "go infinite")
    threading.Event().wait(0.2)
    assert session.engine.searching()
    assert not any(line.startswith("bestmove") for line in session.lines)
    assert "send stop first" in errors(session.send("position startpos"))[0]
    assert _bestmove(session.send("stop")) in _legal_texts(OPENING)


def test_commands_sent_during_a_bounded_search_wait_for_it(session):
    session.send(f"position startpos moves {' '.join(OPENING)}")
    session.engine.handle("go depth 1")
    session.send("position startpos")  # a script piping ahead: the search answers first
    assert any(line.startswith("bestmove") for line in session.lines)
    assert session.position() == replayed([])


def test_stop_without_a_search_does_nothing(session):
    assert session.send("stop") == []


def test_unknown_and_empty_commands(session):
    assert session.send("", "   ") == []
    (line,) = session.send("fly me to the moon")
    assert line.startswith("info string error: unknown command 'fly'")


def test_quit_ends_the_session(session):
    assert session.engine.handle("quit") is False


def test_pv_text_marks_captures_and_ends_at_the_first_flip():
    state = parse_position("8/8/1k6/R1r4x r P 3 20")
    moves = [0 << 5 | 2, 7 * 33, 9 << 5 | 2]  # a1xc1, h1 flips, b2xc1 (after a flip nobody knows the board)
    assert pv_text(state, moves) == ["a1xc1", "h1"]


# -- as a real process ------------------------------------------------------------------

def test_engine_subprocess_session():
    script = "\n".join([
        "uci", "setoption name Seed value 3", "bogus", "isready",
        f"position startpos moves {' '.join(OPENING)}", "go depth 1", "quit", "",
    ])
    done = subprocess.run([sys.executable, "-m", "hdchess", "engine"], input=script, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines.index("uciok") < lines.index("readyok")
    assert lines[lines.index("readyok") - 1].startswith("info string error: unknown command 'bogus'")
    assert _bestmove(lines) in _legal_texts(OPENING)  # quit ends the search, which still answers


def test_engine_subprocess_answers_each_line_as_it_comes():
    process = subprocess.Popen([sys.executable, "-m", "hdchess", "engine"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    try:
        process.stdin.write("isready\n")
        process.stdin.flush()
        assert process.stdout.readline() == "readyok\n"  # flushed at once, before more input
        process.stdin.write("quit\n")
        process.stdin.flush()
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
