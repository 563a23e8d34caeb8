"""The command line (issue 2, item 6), run in-process through ``main(argv)``."""

import io
import random
import subprocess
import sys

import pytest

from hdchess import Game, load_ruleset, parse_position, perft
from hdchess.cli import main
from hdchess.notation import move_text
from hdchess.terminal import TerminalPlayer, TerminalView, play_help

START = "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - AACCEEHHKPPPPRRWaacceehhkpppprrw 0 0"
MIDGAME = "2x2r2/2x5/x1R2C1x/p2xh3 r AKPPp 4 40"


def run(capsys, monkeypatch, argv, stdin=""):
    """(exit status, stdout, stderr) of ``hdchess argv`` with ``stdin`` as its input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


# -- moves -----------------------------------------------------------------------------

def test_moves_prints_the_legal_actions_sorted_on_one_line(capsys, monkeypatch):
    status, out, err = run(capsys, monkeypatch, ["moves", MIDGAME])
    assert status == 0 and err == ""
    state = parse_position(MIDGAME)
    expected = sorted(move_text(a, state) for a in state.legal_actions())
    assert out == " ".join(expected) + "\n"
    assert "c2xc3" not in out and "f2-f3" in out and "c2-c3" not in out
    assert "f2xf4" not in out and "a2" in out.split()


def test_moves_accepts_the_position_as_separate_words(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, ["moves", *MIDGAME.split()])
    assert status == 0 and out == run(capsys, monkeypatch, ["moves", MIDGAME])[1]


def test_moves_of_the_start_are_the_32_flips(capsys, monkeypatch):
    _, out, _ = run(capsys, monkeypatch, ["moves", START])
    assert out.split() == sorted(f"{f}{r}" for f in "abcdefgh" for r in "1234")


def test_moves_reads_positions_from_stdin_one_line_each(capsys, monkeypatch):
    lines = [START, "8/8/8/R6r r - 0 9", "", "7r/8/8/R7 b - 0 9"]
    status, out, err = run(capsys, monkeypatch, ["moves"], "\n".join(lines) + "\n")
    assert status == 0 and err == ""
    rows = out.splitlines()
    assert len(rows) == 3  # the blank line is skipped
    assert rows[1] == "a1-a2 a1-a3 a1-a4 a1-b1 a1-c1 a1-d1 a1-e1 a1-f1 a1-g1 a1xh1"
    assert rows[2].split()[0] == "h4-a4"


def test_moves_batch_reports_a_bad_line_and_goes_on(capsys, monkeypatch):
    status, out, err = run(capsys, monkeypatch, ["moves"], "8/8/8/R6r r - 0 9\nnot a position\n8/8/8/R6r b - 0 9\n")
    assert status == 1
    assert out.splitlines()[1] == ""  # one output line per input line, even a bad one
    assert len(out.splitlines()) == 3
    assert err.startswith("error: line 2: a position has 5 fields")


def test_moves_with_rule_options(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, ["moves", "--set", "scoring=alt", "8/8/8/R6r r - 0 9"])
    assert status == 0 and "a1xh1" in out


# -- perft -------------------------------------------------------------------------------

def test_perft_prints_the_count(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, ["perft", MIDGAME, "2"])
    assert status == 0
    assert out == f"{perft(parse_position(MIDGAME), 2)}\n"


def test_perft_of_the_start(capsys, monkeypatch):
    assert run(capsys, monkeypatch, ["perft", START, "1"])[1] == "512\n"


def test_perft_divide_lists_each_root_branch_and_the_total(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, ["perft", MIDGAME, "2", "--divide"])
    assert status == 0
    *rows, blank, total = out.splitlines()
    assert blank == ""
    counts = {row.split(": ")[0]: int(row.split(": ")[1]) for row in rows}
    assert len(counts) == len(rows) == perft(parse_position(MIDGAME), 1)
    assert sum(counts.values()) == int(total) == perft(parse_position(MIDGAME), 2)
    assert "a2(A)" in counts and "a2(p)" in counts  # a flip branches once per letter in the pool
    assert "f2-f3" in counts


def test_perft_time_goes_to_stderr(capsys, monkeypatch):
    status, out, err = run(capsys, monkeypatch, ["perft", MIDGAME, "1", "--time"])
    assert status == 0 and out.strip().isdigit() and "nodes/s" in err


# -- show -------------------------------------------------------------------------------

def test_show_draws_the_board_with_letters(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, ["show", "--letters", "--colour", "never", MIDGAME])
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == list("abcdefgh")
    assert lines[1].split() == ["4", ".", ".", "x", ".", ".", "r", ".", "."]
    assert lines[4].split() == ["1", "p", ".", ".", "x", "h", ".", ".", "."]
    assert "red to move" in out and "red General x1" in out and "\x1b[" not in out


def test_show_draws_chinese_characters_and_colours_when_asked(capsys, monkeypatch):
    _, out, _ = run(capsys, monkeypatch, ["show", "--colour", "always", MIDGAME])
    assert "俥" in out and "炮" not in out and "砲" in out and "卒" in out and "馬" in out
    assert "\x1b[31;1m" in out  # red pieces in red


def test_show_the_start_says_nobody_has_flipped(capsys, monkeypatch):
    _, out, _ = run(capsys, monkeypatch, ["show", "--letters", START])
    assert "no flip yet" in out and out.count("x") >= 32


# -- play (two players at one keyboard) ------------------------------------------------

def play(capsys, monkeypatch, lines, seed=5):
    return run(capsys, monkeypatch, ["play", "--two-players", "--seed", str(seed), "--letters", "--colour", "never"],
               "".join(f"{line}\n" for line in lines))


def test_play_a_whole_game_through_stdin(capsys, monkeypatch):
    reference = Game(seed=5)
    rng = random.Random(5)
    while not reference.is_over():
        reference.play(rng.choice(reference.legal_actions()))
    texts = [m.text.split("(")[0] for m in reference.moves]  # typed as a player would: c2, not c2(R)
    status, out, err = play(capsys, monkeypatch, texts)
    assert status == 0 and err == ""
    assert f"Game over: {reference.outcome.describe()}" in out
    assert out.count("player 1 (") + out.count("player 2 (") >= len(texts)
    assert f"  {reference.moves[0].text} revealed" in out


def test_play_answers_wrong_input_and_goes_on(capsys, monkeypatch):
    status, out, _ = play(capsys, monkeypatch, ["c9", "c2-c3", "c2", "c2", "help", "moves", "undo", "undo",
                                                "record", "quit"])
    assert status == 0
    assert "c9 is not a square" in out
    assert "c2-c3: the piece on c2 is face-down; flip it first" in out
    assert "c2: only a face-down piece can be flipped" in out
    assert "Commands:" in out
    assert "there is no move to undo" in out
    assert '[Assisted "yes"]' in out
    assert "Game over" not in out


def test_play_ends_quietly_at_end_of_input(capsys, monkeypatch):
    status, out, err = play(capsys, monkeypatch, ["a1"])
    assert status == 0 and err == "" and "a1(" in out


def test_play_rejects_bad_rule_options(capsys, monkeypatch):
    status, out, err = run(capsys, monkeypatch, ["play", "--two-players", "--set", "scoring=fast"])
    assert status != 0 and out == ""
    assert err == "hdchess: error: scoring must be one of official, alt, not 'fast'\n"


# Banqi with chain captures: Red's Chariot on a1 may take a2, then b2 or a3, and so on.
CHAIN = "7k/pp6/hc6/R6K r - 0 20"


def chain_player(monkeypatch, replies):
    """Player 1 at the keyboard of a banqi game from CHAIN, answering the prompts with ``replies``."""
    game = Game(load_ruleset("banqi", chain_captures="yes"), position=CHAIN)
    answers = iter(replies)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    return game, TerminalPlayer(game, 1, "player 1", TerminalView(letters=True), False, 1)


def test_the_terminal_takes_a_whole_chain_and_says_how_to_type_one(capsys, monkeypatch):
    game, player = chain_player(monkeypatch, ["a1xa2xb2xb3", ""])
    assert "a1xa2xa3xb3xb2 (a chain of captures: each landing in turn" in play_help(game)
    game.play(player.choose(None).action)
    assert [m.text for m in game.moves] == ["a1xa2xb2xb3"] and game.state.side == 1  # one turn
    assert "a1xa2xb2xb3 may capture again on a3" in capsys.readouterr().out  # it could go on: Enter ends it


def test_after_a_capture_that_may_go_on_the_terminal_asks_for_the_next(capsys, monkeypatch):
    game, player = chain_player(monkeypatch, ["a1xa2", "b2", "c4", "b3", ""])
    game.play(player.choose(None).action)
    out = capsys.readouterr().out
    assert "a1xa2 may capture again on b2, a3: type that square, or press Enter to end the turn here" in out
    assert "c4: the piece cannot capture there next; type one of b3, or Enter" in out
    assert [m.text for m in game.moves] == ["a1xa2xb2xb3"]  # Enter ended the turn with a3 still to take


# -- errors ------------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "message"), [
    (["moves", "8/8/8/K8 r - 0 9"], "rank 1 has 9 files"),
    (["perft", "8/8/8/K7 x - 0 9", "1"], "the side to move must be r, b or -, not 'x'"),
    (["show", "8/8/8"], "a position has 5 fields"),
    (["moves", "--variant", "chess", MIDGAME], "unknown variant 'chess'"),
    (["moves", "--set", "scoring", MIDGAME], "--set takes KEY=VALUE, not 'scoring'"),
    (["moves", "--set", "speed=3", MIDGAME], "unknown option 'speed'"),
])
def test_errors_go_to_stderr_with_a_nonzero_status(capsys, monkeypatch, argv, message):
    status, out, err = run(capsys, monkeypatch, argv)
    assert status != 0 and out == ""
    assert err.startswith("hdchess: error: ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize(("argv", "message"), [
    (["perft", MIDGAME, "two"], "depth must be a whole number, not 'two'"),
    (["perft", MIDGAME, "-1"], "depth must be at least 0, not -1"),
    (["perft", MIDGAME, "²"], "depth must be a whole number, not '²'"),
    (["play", "--seed", "-1"], "--seed must be at least 0, not -1"),
    (["play", "--seed", "１２"], "--seed must be a whole number, not '１２'"),
    (["match", "random", "random", "--games", "9" * 5000], "--games must be a whole number, not '9999"),
    (["dance"], "invalid choice: 'dance'"),
])
def test_usage_errors_are_one_line_with_status_2(capsys, monkeypatch, argv, message):
    with pytest.raises(SystemExit) as caught:
        run(capsys, monkeypatch, argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("hdchess: error: ") and message in err and err.count("\n") == 1


def test_the_module_runs_as_a_program_without_tracebacks():
    ok = subprocess.run([sys.executable, "-m", "hdchess", "perft", START, "1"], capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout == "512\n"
    bad = subprocess.run([sys.executable, "-m", "hdchess", "moves", "8/8/8 r - 0 0"], capture_output=True, text=True)
    assert bad.returncode != 0 and bad.stdout == ""
    assert "Traceback" not in bad.stderr
    assert "hdchess: error: the board has 3 ranks" in bad.stderr
