"""The hardening list: each bad input found at an entry point gets its one-line error
(non-zero exit in the CLI), and the state is unchanged."""

import json
import subprocess
import sys

import pytest

from hdchess import Game, PositionError, RulesetError, load_ruleset, parse_position
from hdchess import bridge as bridge_module
from hdchess.ai import SearchLimits, analyse
from hdchess.bridge import Session
from hdchess.engine import Engine


@pytest.mark.parametrize(("text", "message"), [
    ("8/8/8/R6r r - ² 9", "the quiet count must be a whole number, not '²'"),
    ("8/8/8/R6r r - 0 ١٢", "the ply count must be a whole number, not '١٢'"),
    ("8/8/8/R6r r - ０ 9", "the quiet count must be a whole number, not '０'"),
    ("8/8/8/R6r r - 0 " + "9" * 5000, "the ply count must be a whole number, not '9999"),
    ("8/8/8/R6r r - 0 9 0/² -/-", "a penalty count must be a whole number, not '²'"),
    ("x7/8/8/8 - " + "K" + " 0 0", "every square is face-down"),  # side '-' with empty squares
    ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - AACCEEHHKPPPPRRWaacceehhkpppprrw 0 3", "the ply count is 0"),
    ("8/8/8/R6r r - 0 0", "a side to move means a piece has been flipped"),
    ("8/8/8/R6r r - 0 9 0/0 a2/-", "last moves: 'a2' is a flip"),
])
def test_impossible_or_malformed_positions_are_refused(text, message):
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_gaiqi_with_no_general_at_all_is_refused():
    with pytest.raises(PositionError, match="both Generals are gone"):
        parse_position("8/8/8/R6r r - 0 9", load_ruleset("gaiqi"))
    assert parse_position("8/8/8/R6k r - 0 9", load_ruleset("gaiqi"))  # one left: a finished game, readable


def test_gaiqi_clears_the_chase_count_of_a_captured_piece():
    """The count belonged to the piece: once taken, the line reads back (it used not to)."""
    ruleset = load_ruleset("gaiqi")
    game = Game(ruleset, position="4k3/8/R7/6xK r p 0 30")
    game.play("a2-a4")  # checks the General on e4
    game.play("e4-e3")
    game.play("a4-e4")  # checks again: red's chase count is 2 (a4 then e4)
    assert game.state.chase[0][0] == 2
    game.play("e3xe4")  # black takes the checking Chariot
    assert game.state.chase[0] == (0, -1)
    text = game.state.position_text(extended=True)
    assert ruleset.read_position(text).position_text(extended=True) == text


@pytest.mark.parametrize("value", ["²", "１２", "١٢", "9" * 5000, "-1", "1e3"])
def test_option_numbers_are_ascii_digits_only(value):
    with pytest.raises(RulesetError) as caught:
        load_ruleset("hdc2", no_progress_plies=value)
    assert len(str(caught.value)) < 200


def test_a_variant_key_inside_the_options_is_named_not_a_crash():
    reply = Session().handle({"cmd": "new_game", "args": {"options": {"variant": "banqi"}}})
    assert reply == {"ok": False, "error": "the variant is chosen on its own, not among the rule options"}
    with pytest.raises(RulesetError, match="chosen on its own"):
        load_ruleset("hdc2", variant="banqi")


def test_the_bridge_never_raises_on_deep_json():
    reply = json.loads(bridge_module.handle("[" * 200_000))
    assert reply["ok"] is False and "nested too deeply" in reply["error"] or "not valid JSON" in reply["error"]


def test_error_messages_quote_a_short_escaped_excerpt():
    game = Game()
    before = game.record_text()
    for bad in ("x" * 1_000_000, "c2\nc3", "\x1b[31mc2"):
        with pytest.raises(ValueError) as caught:
            game.play(bad)
        message = str(caught.value)
        assert len(message) < 200 and "\n" not in message and "\x1b" not in message
    assert game.record_text() == before
    out: list[str] = []
    engine = Engine(out.append)
    engine.handle("\x1b[2J" + "y" * 100_000)
    assert len(out) == 1 and "\x1b" not in out[0] and len(out[0]) < 300


def test_go_nodes_stops_at_its_limit():
    state = parse_position("xxxxxxxx/xpxxxxxx/xxRhxxxx/xxxxxxxx r AACCEEHHKPPPPRWaacceehkppprrw 0 3")
    for limit in (1, 150, 300, 2000):
        assert analyse(state, SearchLimits(nodes=limit)).nodes <= limit
    out: list[str] = []
    engine = Engine(out.append)
    engine.handle("position startpos moves c2(R) b3(p) d2(h)")
    engine.handle("go nodes 700")
    engine.wait(30)
    nodes = [int(line.split(" nodes ")[1].split()[0]) for line in out if " nodes " in line]
    assert nodes and max(nodes) <= 700 and out[-1].startswith("bestmove")


def run(args: list[str], data: bytes) -> subprocess.CompletedProcess:
    """``python -m hdchess ARGS`` under a strict ASCII locale, fed ``data``."""
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    return subprocess.run([sys.executable, "-m", "hdchess", *args], input=data, capture_output=True, timeout=60,
                          env=env, cwd=str(__import__("pathlib").Path(__file__).resolve().parents[1]))


def test_invalid_utf8_on_stdin_is_a_bad_line_not_a_crash():
    moves = run(["moves"], b"\xff\xfe bad\n8/8/8/R6r r - 0 9\n")
    assert moves.returncode == 1 and b"Traceback" not in moves.stderr
    assert moves.stdout.decode().splitlines()[1].startswith("a1-a2")
    engine = run(["engine"], b"uci\n\xff\xfe\x80\nisready\nquit\n")
    assert engine.returncode == 0 and b"readyok" in engine.stdout and b"Traceback" not in engine.stderr
    play = run(["play", "--two-players", "--letters", "--colour", "never"], b"\xff\xfe\nquit\n")
    assert play.returncode == 0 and b"Traceback" not in play.stderr


def test_a_record_of_a_negative_seed_cannot_be_written():
    status = run(["play", "--seed", "-1"], b"")
    assert status.returncode == 2 and b"--seed must be at least 0" in status.stderr
    assert status.stderr.count(b"\n") == 1
