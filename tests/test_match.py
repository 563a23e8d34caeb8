"""`hdchess match` and the players it pits against each other; the AI in `hdchess play`."""

from __future__ import annotations

import io
import math
import subprocess
import sys

import pytest

from hdchess import Game, RecordError, __version__
from hdchess.ai import SearchLimits
from hdchess.cli import main
from hdchess.elo import Sprt, elo_from_score, elo_interval
from hdchess.errors import HdchessError
from hdchess.facedown import State
from hdchess.match import GameResult, Summary, make_tasks, run_match, split_records
from hdchess.players import GreedyPlayer, RandomPlayer, Turn, make_player
from hdchess.variants import load_ruleset
from hdchess.vocabulary import Termination

ENGINE = f"engine:{sys.executable} -m hdchess engine"


# -- the statistics, against values worked out by hand ---------------------------------------

def test_elo_from_score():
    assert elo_from_score(0.5) == 0
    assert elo_from_score(0.75) == pytest.approx(190.85, abs=0.01)  # 400 * log10(3)
    assert elo_from_score(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf


def test_elo_interval_from_the_spread_of_results():
    # 6 wins, 2 draws, 2 losses: score 0.7; per-game variance (6*.3^2 + 2*.2^2 + 2*.7^2)/10 = 0.16;
    # standard error sqrt(0.16/10) = 0.12649; 0.7 -+ 1.96*0.12649 = 0.45208 .. 0.94792
    elo, low, high = elo_interval(6, 2, 2)
    assert elo == pytest.approx(147.19, abs=0.01)
    assert low == pytest.approx(-33.40, abs=0.05)  # -400*log10(1/0.45208 - 1)
    assert high == pytest.approx(504.03, abs=0.05)  # -400*log10(1/0.94792 - 1)


def test_elo_interval_when_every_game_had_the_same_result():
    # 10 wins of 10: the Wilson interval (1 + z^2/20 -+ z*sqrt(z^2/400)) / (1 + z^2/10) starts at 0.72245
    elo, low, high = elo_interval(10, 0, 0)
    assert (elo, high) == (math.inf, math.inf)
    assert low == pytest.approx(166.2, abs=0.1)
    elo, low, high = elo_interval(0, 4, 0)  # 4 draws: 0.5 -+ 0.34996
    assert elo == 0 and low == pytest.approx(-301.3, abs=0.1) and high == pytest.approx(301.3, abs=0.1)


def _result(index, points_a, plies=50, margin=0, think=(100.0, 20.0), moves=(25, 25)):
    return GameResult(index, index % 2 == 0, points_a, plies, margin, "", think, moves)


def test_summary_lines():
    summary = Summary(("Master", "greedy"))
    for index, points in enumerate([1, 1, 1, 1, 1, 1, 0.5, 0.5, 0, 0]):
        summary.add(_result(index, points, plies=40 + index, margin=3))
    assert (summary.wins, summary.draws, summary.losses, summary.score) == (6, 2, 2, 0.7)
    assert summary.lines() == [
        "Master vs greedy: 10 games",
        "  Master: 6 wins, 2 draws, 2 losses; score 7/10 = 70.0%",
        "  Elo difference: +147 (95% interval -33 to +504)",
        "  average game: 44.5 plies; Master's final score margin +3.00 points",
        "  time per move: Master 4.0 ms, greedy 0.8 ms",
    ]


# -- pairing and determinism ------------------------------------------------------------

def test_games_come_in_pairs_with_the_same_deal_and_the_seats_swapped():
    tasks = make_tasks("A", "B", 6, seed=5)
    for first, second in zip(tasks[::2], tasks[1::2]):
        assert first.deal_seed == second.deal_seed
        assert (first.first, first.second, first.first_is_a) == ("A", "B", True)
        assert (second.first, second.second, second.first_is_a) == ("B", "A", False)
    assert len({task.deal_seed for task in tasks}) == 3
    assert make_tasks("A", "B", 6, seed=5) == tasks
    assert make_tasks("A", "B", 6, seed=6) != tasks


def test_greedy_beats_random_and_the_records_replay():
    summary, results = run_match("random", "greedy", 6, seed=1)
    assert summary.games == 6
    assert summary.score <= 0.25  # greedy takes what random leaves hanging
    for result in results:
        game = Game.from_record(result.record)
        assert game.is_over() and len(game.moves) == result.plies
        assert game.tags["Player1"] == ("random" if result.first_is_a else "greedy")
        assert '[Deal "known"]' in result.record and "Seed" not in result.record
    tasks = make_tasks("random", "greedy", 6, seed=1)
    deals = [task.deal_seed for task in tasks]
    assert deals[0::2] == deals[1::2] and len(set(deals)) == 3  # each pair: one deal, both seats
    # the players' seeds are drawn apart from the deals: nothing of a deal reaches a player
    assert not {task.player_seed for task in tasks} & set(deals)


def test_a_match_is_reproducible_and_the_same_on_any_number_of_processes():
    _, serial = run_match("random", "greedy", 4, seed=3, jobs=1)
    summary, parallel = run_match("random", "greedy", 4, seed=3, jobs=2)
    assert [r.record for r in parallel] == [r.record for r in serial]
    _, other = run_match("random", "greedy", 4, seed=4, jobs=1)
    assert [r.record for r in other] != [r.record for r in serial]


def test_rule_options_reach_every_game():
    _, results = run_match("greedy", "random", 2, seed=2, options={"Scoring": "alt", "no_progress_plies": "20"})
    for result in results:
        game = Game.from_record(result.record)
        assert game.ruleset["scoring"] == "alt" and game.ruleset["no_progress_plies"] == 20


def test_ai_levels_play_whole_games():
    summary, results = run_match("Beginner", "random", 2, seed=1)
    assert summary.games == 2
    assert {Game.from_record(r.record).tags["Player1"] for r in results} == {"Beginner", "random"}


def test_an_external_engine_plays_through_the_protocol():
    summary, results = run_match("greedy", ENGINE, 2, seed=1, budget=SearchLimits(movetime_ms=5))
    assert summary.names == ("greedy", ENGINE[len("engine:"):])
    for result in results:
        game = Game.from_record(result.record)
        assert game.is_over()
        assert {game.tags["Player1"], game.tags["Player2"]} == {"greedy", f"hdchess {__version__}"}


_CHEAT = (
    "import sys\n"
    "for line in sys.stdin:\n"
    "    word = line.split()[0] if line.split() else ''\n"
    "    answer = {'uci': 'id name cheat\\nuciok', 'isready': 'readyok', 'go': 'bestmove a1-a4'}.get(word)\n"
    "    if answer: print(answer, flush=True)\n"
    "    if word == 'quit': break\n"
)


def test_an_engine_that_plays_an_illegal_move_stops_the_match(tmp_path):
    script = tmp_path / "cheat.py"
    script.write_text(_CHEAT)
    with pytest.raises(HdchessError, match="'cheat' answered 'bestmove a1-a4', not a legal action"):
        run_match("random", f"engine:{sys.executable} {script}", 2, seed=1, jobs=1)


def test_bad_players_and_settings_are_refused_before_any_game():
    with pytest.raises(HdchessError, match="unknown player 'champion'"):
        run_match("champion", "random", 2)
    with pytest.raises(HdchessError, match="cannot start engine"):
        make_player("engine:/no/such/engine")
    with pytest.raises(HdchessError, match="scoring must be one of"):
        run_match("random", "greedy", 2, options={"scoring": "nope"})
    with pytest.raises(HdchessError, match="at least 1"):
        run_match("random", "greedy", 0)


# -- the baseline players ------------------------------------------------------------------

def test_greedy_takes_the_most_valuable_piece():
    from hdchess.notation import parse_position

    state = parse_position("8/8/2p5/1rRh4 r - 0 20")  # the red Chariot on c1 can take b1 (9) or d1 (4) or c2 (1)
    turn = Turn(state, None, (), seed=0)
    assert GreedyPlayer().choose(turn).action == (2 << 5 | 1)


def test_random_player_is_reproducible_and_legal():
    state = State(load_ruleset())
    choices = {RandomPlayer().choose(Turn(state, None, (), seed=s)).action for s in range(20)}
    assert choices <= set(state.legal_actions()) and len(choices) > 1
    assert RandomPlayer().choose(Turn(state, None, (), seed=4)) == RandomPlayer().choose(Turn(state, None, (), 4))


# -- the command line ------------------------------------------------------------------------

def test_match_command_prints_the_summary_and_saves_the_records(tmp_path, capsys):
    path = tmp_path / "games.txt"
    assert main(["match", "random", "greedy", "--games", "4", "--jobs", "1", "--records", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "random vs greedy: 4 games"
    assert out[1].startswith("  random: ")
    assert out[2].startswith("  Elo difference: ")
    records = split_records(path.read_text())
    assert len(records) == 4
    assert [Game.from_record(text).tags["Round"] for text in records] == ["1", "2", "3", "4"]


def test_match_command_errors_are_one_line(capsys):
    assert main(["match", "random", "wizard"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hdchess: error: unknown player 'wizard'") and "Traceback" not in err


def test_split_records_rejects_nothing_it_should_keep():
    game = Game(seed=3)
    game.play("c2")
    text = "\n".join([game.record_text(), game.record_text()])
    assert split_records(text) == [game.record_text(), game.record_text()]
    with pytest.raises(RecordError):
        Game.from_record(split_records("[Variant \"hdc2\"]\n\n1. z9 *\n")[0])


# -- `hdchess play` against the AI -------------------------------------------------------

def _play(monkeypatch, capsys, args, typed):
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    status = main(["play", "--seed", "1", "--letters", "--colour", "never", *args])
    return status, capsys.readouterr().out


def test_play_against_the_ai_shows_its_thinking_and_its_move(monkeypatch, capsys):
    status, out = _play(monkeypatch, capsys, ["--level", "Beginner"], "c2\nquit\n")
    assert status == 0
    assert "You play first against hdchess Beginner." in out
    thinking = out.index("hdchess Beginner is thinking...")
    assert out.index("c2(") < thinking < out.index("hdchess Beginner plays ")


def test_play_second_lets_the_ai_open(monkeypatch, capsys):
    status, out = _play(monkeypatch, capsys, ["--level", "1", "--second"], "record\nquit\n")
    assert status == 0
    assert out.index("hdchess Beginner plays ") < out.index("you (")
    assert '[Player1 "hdchess Beginner"]' in out and '[Player2 "You"]' in out


def test_play_undo_takes_back_the_ai_reply_too(monkeypatch, capsys):
    status, out = _play(monkeypatch, capsys, ["--level", "Beginner"], "c2\nundo\nrecord\nquit\n")
    assert status == 0
    record = out[out.index("[Event"):]
    assert '[Assisted "yes"]' in record and "1." not in record.split("\n\n")[1]


def test_play_default_is_club_and_two_players_has_no_ai(monkeypatch, capsys):
    _, out = _play(monkeypatch, capsys, [], "quit\n")
    assert "You play first against hdchess Club." in out
    _, out = _play(monkeypatch, capsys, ["--two-players"], "c2\nquit\n")
    assert "thinking" not in out and "player 2 (" in out


def test_play_rejects_a_level_for_two_players(monkeypatch, capsys):
    assert main(["play", "--two-players", "--level", "Club"]) == 2
    assert "--two-players has none" in capsys.readouterr().err


def test_sprt_stops_once_a_large_gain_is_established(capsys):
    sprt = Sprt(0, 200)
    summary, results = run_match("greedy", "random", 60, seed=2, jobs=1, sprt=sprt)
    assert sprt.verdict() == "H1" and len(results) < 60  # greedy is far stronger than random
    assert "H1 accepted" in "\n".join(summary.lines())


def test_sprt_accepts_h0_when_the_players_are_the_same():
    sprt = Sprt(100, 300)
    run_match("random", "random", 200, seed=3, jobs=1, sprt=sprt)
    assert sprt.verdict() == "H0"


def test_sprt_likelihood_ratio_follows_the_scores():
    sprt = Sprt(0, 20)
    for index, points in enumerate([1, 1, 1, 0.5, 1, 1] * 5):
        sprt.add(GameResult(index, index % 2 == 0, points, 10, 0, "", (0, 0), (1, 1)))
    assert sprt.llr() > 0 and len(sprt.samples()) == 15
    worse = Sprt(0, 20)
    for index, points in enumerate([0, 0, 0.5, 0, 0, 0] * 5):
        worse.add(GameResult(index, index % 2 == 0, points, 10, 0, "", (0, 0), (1, 1)))
    assert worse.llr() < 0


def test_a_level_may_bring_its_own_budget():
    player = make_player("Master@1500n")
    assert player.name == "Master@1500n" and player.budget.nodes == 1500
    assert make_player("Grandmaster@700ms").budget.movetime_ms == 700
    for bad in ("Master@fast", "Master@0n", "Master@١٢ms"):
        with pytest.raises(HdchessError, match="a budget"):
            make_player(bad)


# -- the deal's source, pairs, the move limit (issue 35) ------------------------------------

def test_the_default_match_seed_is_fresh_and_secret_and_told_at_the_end():
    first, results = run_match("random", "random", 2, jobs=1)
    second, _ = run_match("random", "random", 2, jobs=1)
    assert first.seed != second.seed and first.seed not in (0, None)  # not the old default 0, and fresh
    assert not any(str(first.seed) in result.record for result in results)
    _, replayed = run_match("random", "random", 2, seed=first.seed, jobs=1)
    assert [r.record for r in replayed] == [r.record for r in results]  # the seed told replays the match


def test_pairs_are_the_default_between_built_in_players_not_with_an_engine():
    assert run_match("random", "greedy", 2, seed=1)[0].paired
    summary, _ = run_match("random", ENGINE, 2, seed=1, budget=SearchLimits(nodes=50))
    assert not summary.paired
    tasks = make_tasks("A", "B", 6, seed=5, paired=False)
    assert len({task.deal_seed for task in tasks}) == 6  # a fresh deal every game
    assert [task.first_is_a for task in tasks] == [True, False] * 3  # the seats still alternate


def test_pairs_with_an_engine_can_be_asked_for_and_warn():
    warnings = io.StringIO()
    summary, _ = run_match("random", ENGINE, 2, seed=2**50, budget=SearchLimits(nodes=50), paired=True,
                           warn=warnings)
    assert summary.paired and warnings.getvalue().startswith("hdchess: warning: paired deals")
    assert warnings.getvalue().count("\n") == 1
    small = io.StringIO()
    run_match("random", ENGINE, 2, seed=13, budget=SearchLimits(nodes=50), warn=small)
    assert small.getvalue() == ("hdchess: warning: --seed 13 is small enough for an engine to guess (and so to know "
                                "every deal): leave it out for a secret one\n")


def test_a_game_at_the_move_limit_is_adjudicated_a_draw_that_its_record_names():
    summary, results = run_match("random", "random", 2, seed=1, max_plies=12, jobs=1)
    assert summary.draws == 2 and summary.adjudicated == 2
    assert "2 drawn at the move limit" in "\n".join(summary.lines())
    for result in results:
        assert result.plies == 12 and result.adjudicated and result.points_a == 0.5
        assert '[Termination "move limit (adjudicated)"]' in result.record
        assert '[Result "1/2-1/2"]' in result.record
        game = Game.from_record(result.record)  # it replays: the 12 plies, then the referee's draw
        assert len(game.moves) == 12 and game.outcome is not None
        assert game.outcome.termination is Termination.ADJUDICATED and game.outcome.winner is None


def test_the_default_move_limit_ends_every_long_cheight_game():
    from hdchess.bounds import DEFAULT_MAX_PLIES

    assert DEFAULT_MAX_PLIES == 1000
    _, results = run_match("random", "random", 2, seed=7, variant="cheight", jobs=1)
    assert all(result.plies <= DEFAULT_MAX_PLIES for result in results)


def test_match_seed_on_the_command_line_is_hidden_from_the_engines(tmp_path):
    """`hdchess match --seed N` re-executes itself without the seed in its arguments: a spy
    engine reading its parent's command line and environment finds no seed."""
    spy = tmp_path / "spy.py"
    spy.write_text("import os, sys\n"
                   "parent = os.getppid()\n"
                   "with open(sys.argv[1], 'ab') as out:\n"
                   "    for name in ('cmdline', 'environ'):\n"
                   "        out.write(open(f'/proc/{parent}/{name}', 'rb').read() + b'\\n')\n"
                   f"os.execv({sys.executable!r}, [{sys.executable!r}, '-m', 'hdchess', 'engine'])\n")
    seen = tmp_path / "seen"
    run = subprocess.run([sys.executable, "-m", "hdchess", "match", f"engine:{sys.executable} {spy} {seen}",
                          "random", "--seed", "987654321", "--games", "2", "--nodes", "20", "--jobs", "1",
                          "--records", ""], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert b"match" in seen.read_bytes() and b"987654321" not in seen.read_bytes()
    assert "match seed 987654321 (a fresh deal every game" in run.stdout  # told once the match is over


def test_self_play_stops_a_game_at_its_move_limit():
    """The corpus's self-play drops a game that reaches the move limit (it has no result to learn from)."""
    from hdchess.lab.corpus import play_one

    assert play_one(("cheight", "Beginner", 1, 5, 4)) == []
    assert play_one(("banqi", "Beginner", 1, 5)) != []  # the default limit (1,000 plies) ends no normal game


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_the_harness_keeps_its_memory_from_other_processes_of_its_user() -> None:
    """The harness holds the match seed: once it asks, other processes of the same user (an engine)
    can no longer read its memory, descriptors or environment through /proc."""
    code = ("import ctypes, ctypes.util; from hdchess.seed_handover import keep_memory_private; "
            "libc = ctypes.CDLL(ctypes.util.find_library('c')); "
            "print(libc.prctl(3, 0, 0, 0, 0), keep_memory_private(), libc.prctl(3, 0, 0, 0, 0))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["1", "True", "0"], done.stderr  # PR_GET_DUMPABLE: 1 before, 0 after


def test_a_search_player_reads_and_checks_its_flip_budget():
    from hdchess.ai.flips import FlipBudget
    player = make_player("search:nodes=300,flips_root=6,flips_inner=1,flips_deep=2,flip_levels=1")
    assert player.flips == FlipBudget(root=6, inner=(1, 1, 2), levels=1)
    assert make_player("search:nodes=300").flips == FlipBudget()  # unnamed: the search as shipped
    for bad in ("flips_inner=0", "flips_root=1.5", "flip_levels=-1", "flips_deep=-2"):
        name = bad.partition("=")[0]
        with pytest.raises(HdchessError, match=f"flip budget: {name} must be a whole number"):
            make_player(f"search:nodes=300,{bad}")
