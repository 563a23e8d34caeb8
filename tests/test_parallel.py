"""The parallel search (hdchess/ai/parallel.py): the same answers as one process at a fixed
depth, lower levels untouched, workers that see only the public game and leave nothing
behind, and the engine's Threads option."""

from __future__ import annotations

import io
import os
import sys
import threading

import pytest

import hdchess.ai.parallel as parallel
from hdchess import load_ruleset
from hdchess.ai import SearchLimits, choose_action
from hdchess.ai.parallel import TABLE_ENTRIES, ParallelSearcher, WorkerPool
from hdchess.ai.search import Searcher
from hdchess.ai.sharing import public_record, rebuild
from hdchess.engine import Engine
from hdchess.game import Game
from hdchess.rules import GameState

VARIANTS = ("hdc2", "banqi", "gaiqi", "cheight")


def position(variant: str, plies: int, seed: int = 11) -> GameState:
    """A position of Club self-play on a fixed deal (the public state only; the last one
    before the game ends, if it ends sooner)."""
    game = Game(load_ruleset(variant), seed=seed)
    last = game.state.copy()
    for ply in range(plies):
        game.play(choose_action(game.state.copy(), "Club", ply).action)
        if game.outcome is not None:
            break
        last = game.state.copy()
    return last


@pytest.fixture(scope="module")
def split_pool():
    with WorkerPool(2) as pool:
        yield pool


@pytest.fixture(scope="module")
def shared_pools():
    with WorkerPool(1, TABLE_ENTRIES) as one, WorkerPool(2, TABLE_ENTRIES) as two:
        yield one, two


def serial(state: GameState, depth: int, **options: bool):
    return Searcher(state.copy(), SearchLimits(depth=depth), seed=1, **options).run()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_public_record_rebuilds_the_position_with_its_history(variant):
    state = position(variant, 14)
    copy = rebuild(public_record(state))
    assert copy.search_key() == state.search_key() and copy.repetitions() == state.repetitions()
    assert copy.move_stack == state.move_stack and copy.legal_actions() == state.legal_actions()


def test_the_record_a_worker_gets_is_the_public_game_whatever_the_deal():
    """Two deals, the same public moves (flips with what they revealed): the same record."""
    game = Game(load_ruleset("banqi"), seed=3)
    for ply in range(12):
        game.play(choose_action(game.state.copy(), "Club", ply).action)
    public = load_ruleset("banqi").new_state()  # built from the record alone: no deal behind it
    for move in game.moves:
        public.push(*public.parse_action(move.text))
    assert public_record(public) == public_record(game.state)


@pytest.mark.parametrize("variant", VARIANTS)
def test_one_worker_with_the_shared_table_searches_exactly_as_one_process(variant, shared_pools):
    state = position(variant, 20)
    for depth in (3, 4):
        alone = serial(state, depth)
        shared = ParallelSearcher(state.copy(), SearchLimits(depth=depth), shared_pools[0], seed=1).run()
        assert (shared.action, shared.score, shared.nodes) == (alone.action, alone.score, alone.nodes)


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_workers_find_the_best_move_and_value_of_one_process_at_a_fixed_depth(variant, split_pool,
                                                                                 shared_pools):
    """Exact minimax (no reductions, every flip): the value of the best move does not depend
    on who searched what; with the shared table, at depths where no helper's deeper entry
    can reach the root, the same holds."""
    state = position(variant, 20)
    for depth in (2, 3):
        alone = serial(state, depth, selective=False, reductions=False)
        best = {a for a, v in alone.root_scores.items() if v == alone.score}
        split = ParallelSearcher(state.copy(), SearchLimits(depth=depth), split_pool, seed=1, selective=False,
                                 reductions=False).run()
        assert split.score == pytest.approx(alone.score) and split.action in best
        assert split.depth == depth
    alone = serial(state, 3)
    helpers = ParallelSearcher(state.copy(), SearchLimits(depth=3), shared_pools[1], seed=1).run()
    assert helpers.depth >= 3 and helpers.action in alone.root_scores


def test_levels_with_a_node_budget_search_alone_and_play_as_before(monkeypatch):
    def no_workers(*args, **kwargs):
        raise AssertionError("a level with a node budget started workers")

    monkeypatch.setattr(parallel, "shared_pool", no_workers)
    state = position("banqi", 10)
    for level in ("Beginner", "Club", "Expert", "Master"):
        alone = choose_action(state.copy(), level, seed=5, threads=1)
        many = choose_action(state.copy(), level, seed=5, threads=4)
        assert (many.action, many.score, many.nodes) == (alone.action, alone.score, alone.nodes)


def test_the_grandmaster_with_workers_plays_a_legal_move_by_time():
    from hdchess.ai import level_table

    quick = level_table.Level("Grandmaster", None, 0.0, movetime_ms=300)
    state = position("hdc2", 12)
    result = choose_action(state.copy(), quick, seed=2, threads=2)
    assert result.action in state.legal_actions() and result.depth >= 1 and result.nodes > 0


def test_a_search_stops_when_told_and_the_workers_stay_ready(shared_pools, split_pool):
    state = position("cheight", 12)
    for pool in (shared_pools[1], split_pool):
        stop = threading.Event()
        timer = threading.Timer(0.3, stop.set)
        timer.start()
        result = ParallelSearcher(state.copy(), SearchLimits(), pool, seed=1, stop=stop).run()
        timer.join()
        assert result.action in state.legal_actions() and result.depth >= 1
        assert all(worker.process.poll() is None for worker in pool.workers)
        again = ParallelSearcher(state.copy(), SearchLimits(depth=2), pool, seed=1).run()
        assert again.depth == 2


def test_workers_are_cleaned_up_and_leave_when_the_coordinator_goes():
    pool = WorkerPool(2, TABLE_ENTRIES)
    ParallelSearcher(position("banqi", 8), SearchLimits(depth=2), pool).run()
    processes = [worker.process for worker in pool.workers]
    pool.close()
    assert all(process.returncode is not None for process in processes) and pool.workers == []
    orphan = parallel.Worker()
    orphan.conn.close()  # the coordinator is gone without a word
    assert orphan.process.wait(timeout=20) == 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_worker_starts_with_no_seed_in_its_environment_or_command_line(monkeypatch):
    monkeypatch.setenv("HDCHESS_SEED_FD", "7")
    monkeypatch.setenv("MATCH_SEED", "12345")
    worker = parallel.Worker()
    try:
        options = {"seed": 0, "root_margin": None, "contempt": 0.0, "selective": True, "reductions": True}
        worker.send(("position", public_record(load_ruleset("banqi").new_state()), options))
        assert worker.receive() == ("ready",)  # it runs our code: past its start
        with open(f"/proc/{worker.process.pid}/environ", "rb") as env:
            names = [item.split(b"=", 1)[0].upper() for item in env.read().split(b"\0") if item]
        with open(f"/proc/{worker.process.pid}/cmdline", "rb") as cmd:
            cmdline = cmd.read()
        assert names and not any(b"SEED" in name for name in names)
        assert b"12345" not in cmdline and b"seed" not in cmdline.lower()
    finally:
        worker.close()


# -- the engine's Threads option and --threads ---------------------------------------------------

def engine_lines(*commands: str) -> list[str]:
    out: list[str] = []
    engine = Engine(out.append)
    for command in commands:
        engine.handle(command)
    engine.wait()
    return out


def test_the_engine_lists_threads_and_searches_with_them():
    fen = position("hdc2", 12).position_text()  # out of the opening book
    out = engine_lines("uci", "setoption name Threads value 2", f"position fen {fen}", "go depth 3")
    assert "option name Threads type spin default 1 min 1 max 64" in out
    assert not [line for line in out if "error" in line]
    assert out[-1].startswith("bestmove ") and any(line.startswith("info depth 3 ") for line in out)


@pytest.mark.parametrize("value", ["0", "65", "two", "-1", "1.5"])
def test_a_bad_threads_value_is_refused_naming_the_option(value):
    out = engine_lines(f"setoption name Threads value {value}", "isready")
    assert out[0].startswith("info string error: setoption:") and "Threads" in out[0]
    assert out[-1] == "readyok"


def test_threads_on_the_command_line(capsys):
    from hdchess.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["engine", "--threads", "0"])
    assert exit_info.value.code == 2 and "--threads" in capsys.readouterr().err
    sys_stdin, sys_stdout = io.StringIO("uci\nquit\n"), io.StringIO()
    from hdchess.engine import run

    assert run(sys_stdin, sys_stdout, threads=3) == 0
    assert "option name Threads type spin default 3 min 1 max 64" in sys_stdout.getvalue()


def test_the_default_for_the_top_level_is_the_machine_capped():
    from hdchess.ai.limits import DEVICE_CAP, device_threads

    assert 1 <= device_threads() <= min(os.cpu_count() or 1, DEVICE_CAP)


def test_playing_the_top_level_alone_never_imports_the_parallel_search():
    """A browser's Python cannot start processes: with one thread the module is not loaded."""
    code = ("import sys; from hdchess import load_ruleset; from hdchess.ai import choose_action, level_table; "
            "quick = level_table.Level('Grandmaster', None, 0.0, movetime_ms=50); "
            "choose_action(load_ruleset('banqi').new_state(), quick); "
            "assert 'hdchess.ai.parallel' not in sys.modules")
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    run = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": root})
    assert run.returncode == 0, run.stderr


def test_the_engine_stops_an_infinite_search_with_workers_at_once():
    out: list[str] = []
    engine = Engine(out.append)
    fen = position("banqi", 12).position_text()
    for command in ("setoption name Threads value 2", f"position fen {fen}", "go infinite"):
        engine.handle(command)
    assert engine.searching()
    threading.Event().wait(0.5)
    engine.handle("stop")  # waits for the answer
    assert not engine.searching() and out[-1].startswith("bestmove ") and out[-1] != "bestmove (none)"
