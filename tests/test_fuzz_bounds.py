"""Bounded work at every entry point: huge and odd numbers for every numeric option.

Each numeric option of each command (``perft``'s depth; ``match``'s ``--games``,
``--jobs``, ``--nodes``, ``--movetime``, ``--max-plies``, ``--seed``, ``--alpha``,
``--beta``, ``--sprt``; ``play --seed``; the self-play corpus's counts), each
limit of the engine protocol's ``go`` and the Python API (``perft``,
``run_match``) gets numbers far out of range, negative, in other scripts'
digits, with exponents, fractions or blanks: the answer is one line of
error (``hdchess: error: ...`` naming the option and its range, exit status
2) or, for a number in range, a normal result within a few seconds, never a
traceback and never a hang. The bounds are :mod:`hdchess.bounds`.
"""

from __future__ import annotations

import contextlib
import io
import sys
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hdchess import HdchessError, load_ruleset
from hdchess import bounds as L
from hdchess.cli import main
from hdchess.engine import LIMIT_MAX, Engine
from hdchess.lab import corpus
from hdchess.match import run_match
from hdchess.perft import divide, perft

SECONDS = 20  # a number in range: a normal result well within this

START = load_ruleset().new_state().position_text()

huge = st.integers(min_value=10**6, max_value=10**40) | st.just(10**29) | st.just(10**15) | st.just(10**12)
odd_text = st.sampled_from(["", " ", "-", "+5", "1e9", "1.5", "0x10", "١٢", "１２", "²", "nan", "inf", "-0",
                            "9" * 31, "9" * 5000, "5 5", "٣", "1_000"])
any_number = (huge.map(str) | huge.map(lambda n: str(-n)) | st.integers(-10**6, 10**6).map(str) | odd_text)


def bounded() -> settings:
    return settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """(status, stdout, stderr) of ``hdchess argv``, in this process, with a watchdog."""
    out, err = io.StringIO(), io.StringIO()
    status: list[int] = []
    started = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status.append(main(argv))
        except SystemExit as exc:
            status.append(exc.code if isinstance(exc.code, int) else 1)
    assert time.perf_counter() - started < SECONDS, f"{argv} took too long"
    return status[0], out.getvalue(), err.getvalue()


def refused_or_ran(argv: list[str]) -> None:
    status, out, err = run_cli(argv)
    assert "Traceback" not in err and "Traceback" not in out
    if status == 0:
        return
    assert err.startswith("hdchess: error: ") and err.count("\n") == 1, repr(err[:200])
    assert len(err) < 400


@bounded()
@given(depth=any_number)
def test_perft_depth(depth):
    text = depth.strip()
    if text.isascii() and text.isdigit() and (len(text) > 3 or int(text) > 2):
        if len(text) <= 3 and int(text) <= L.MAX_PERFT_DEPTH:
            return  # not run: a count this deep takes long by nature (the bound only caps it)
        status, _, err = run_cli(["perft", START, depth])
        assert status == 2 and f"(from 0 to {L.MAX_PERFT_DEPTH})" in err and err.count("\n") == 1
        return
    refused_or_ran(["perft", START, depth])


def test_perft_beyond_the_bound_is_one_line_not_a_recursion_error():
    status, _, err = run_cli(["perft", START, "1000"])
    assert status == 2 and err == (f"hdchess: error: argument depth: depth must be at most {L.MAX_PERFT_DEPTH}, "
                                   f"not 1000 (from 0 to {L.MAX_PERFT_DEPTH}) (see hdchess perft --help)\n")
    state = load_ruleset().new_state()
    for call in (lambda: perft(state, 300), lambda: divide(state, 10**29), lambda: perft(state, -1)):
        with pytest.raises(HdchessError, match="depth must be"):
            call()


MATCH_OPTIONS = ["--games", "--jobs", "--nodes", "--movetime", "--max-plies", "--seed"]


@bounded()
@given(option=st.sampled_from(MATCH_OPTIONS), value=any_number)
def test_match_numeric_options(option, value, tmp_path_factory):
    records = str(tmp_path_factory.mktemp("m") / "r.txt")
    text = value.strip()
    if option == "--games" and text.isascii() and text.isdigit() and len(text) < 10 and 3 < int(text) <= L.MAX_GAMES:
        value = str(L.MAX_GAMES + int(text))  # a long match in range is not for a quick test: out of range
    refused_or_ran(["match", "random", "random", "--games", "1", option, value, "--quiet", "--records", records]
                   if option != "--games" else
                   ["match", "random", "random", option, value, "--quiet", "--records", records])


@bounded()
@given(option=st.sampled_from(["--alpha", "--beta", "--sprt"]), value=any_number | st.floats().map(str))
def test_match_float_options(option, value, tmp_path_factory):
    records = str(tmp_path_factory.mktemp("m") / "r.txt")
    if option == "--sprt":
        value = f"{value},{value}"
    refused_or_ran(["match", "random", "random", "--games", "2", option, value, "--quiet", "--records", records])


@bounded()
@given(value=any_number)
def test_play_seed(value):
    stdin = sys.stdin
    sys.stdin = io.StringIO("quit\n")
    try:
        refused_or_ran(["play", "--two-players", "--letters", "--colour", "never", "--seed", value])
    finally:
        sys.stdin = stdin


@pytest.mark.parametrize(("argv", "message"), [
    (["match", "random", "random", "--games", str(10**8)], "--games must be at most 100,000"),
    (["match", "random", "random", "--games", str(10**29)], "--games must be at most 100,000"),
    (["match", "random", "random", "--jobs", "100000"], f"--jobs must be at most {L.MAX_JOBS}"),
    (["match", "random", "random", "--nodes", str(10**15)], f"--nodes must be at most {L.MAX_NODES:,}"),
    (["match", "random", "random", "--movetime", str(10**12)], f"--movetime must be at most {L.MAX_MOVETIME_MS:,}"),
    (["match", "random", "random", "--max-plies", "0"], "--max-plies must be at least 1"),
    (["perft", START, "300"], f"depth must be at most {L.MAX_PERFT_DEPTH}"),
])
def test_the_reported_unbounded_inputs_are_refused_in_one_line(argv, message):
    status, out, err = run_cli(argv)
    assert status == 2 and out == "" and message in err and err.count("\n") == 1


def test_run_match_checks_the_same_bounds():
    for kwargs, message in [({"games": 10**8}, "--games must be at most"), ({"games": 2, "jobs": 10**6}, "--jobs"),
                            ({"games": 2, "max_plies": 0}, "--max-plies"), ({"games": 2, "seed": -1}, "--seed"),
                            ({"games": 10**5000}, "over 38 digits")]:
        with pytest.raises(HdchessError, match=message):
            run_match("random", "random", **kwargs)
    from hdchess.ai import SearchLimits

    for budget in (SearchLimits(nodes=10**15), SearchLimits(movetime_ms=10**12), SearchLimits(nodes=0)):
        with pytest.raises(HdchessError, match="--nodes|--movetime"):
            run_match("random", "random", 2, budget=budget)


GO_LIMITS = ["movetime", "depth", "nodes", "wtime", "btime", "winc", "binc", "movestogo"]


@bounded()
@given(limit=st.sampled_from(GO_LIMITS), value=any_number)
def test_engine_go_limits(limit, value):
    lines: list[str] = []
    done = threading.Event()

    def write(line: str) -> None:
        lines.append(line)
        if line.startswith("bestmove"):
            done.set()

    engine = Engine(write)
    engine.handle("setoption name Level value Beginner")
    engine.handle(f"go {limit} {value}")
    engine.handle("stop")  # a search in range: stopped at once, it answers
    engine.wait(SECONDS)
    assert not engine.searching()
    errors = [line for line in lines if line.startswith("info string error")]
    assert all("\n" not in line and len(line) < 400 for line in lines)
    assert len([line for line in lines if line.startswith("bestmove")]) == (0 if errors else 1), lines
    text = value.strip()
    if text.isascii() and text.isdigit() and len(text) <= 30 and int(text) > LIMIT_MAX[limit]:
        assert errors and f"{limit} must be at most" in errors[0]


def test_the_engine_and_the_command_line_share_the_node_and_time_bounds():
    lines: list[str] = []
    engine = Engine(lines.append)
    engine.handle(f"go nodes {L.MAX_NODES + 1}")
    engine.handle(f"go movetime {L.MAX_MOVETIME_MS + 1}")
    assert lines == [f"info string error: go: nodes must be at most {L.MAX_NODES:,}, not {L.MAX_NODES + 1} "
                     f"(from 0 to {L.MAX_NODES:,})",
                     f"info string error: go: movetime must be at most {L.MAX_MOVETIME_MS:,}, "
                     f"not {L.MAX_MOVETIME_MS + 1} (from 0 to {L.MAX_MOVETIME_MS:,})"]
    for option, value in (("--nodes", L.MAX_NODES + 1), ("--movetime", L.MAX_MOVETIME_MS + 1)):
        status, _, err = run_cli(["match", "random", "random", option, str(value)])
        assert status == 2 and f"{option} must be at most" in err


@bounded()
@given(option=st.sampled_from(["--games", "--jobs", "--per-game", "--max-plies", "--seed"]), value=any_number)
def test_corpus_counts(option, value, tmp_path_factory):
    out = str(tmp_path_factory.mktemp("c") / "c.jsonl")
    text = value.strip()
    if text.isascii() and text.isdigit() and len(text) < 10 and option in ("--games", "--max-plies") and int(text) > 6:
        value = str(L.MAX_GAMES + int(text))
    argv = ["--variant", "banqi", "--level", "Beginner", "--games", "1", "--jobs", "1", "--max-plies", "6",
            "--out", out, option, value]  # a game in range: six plies
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            corpus.main(argv)
        except SystemExit as exc:
            assert exc.code == 2
            lines = err.getvalue().strip().splitlines()  # argparse's usage, then one line of error
            assert "Traceback" not in err.getvalue() and ": error: " in lines[-1] and len(lines[-1]) < 400
