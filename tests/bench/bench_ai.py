"""AI speed: how deep the Master searches in a given time, and how long its moves take.

    python3 tests/bench/bench_ai.py              # CPython, 1 s per search
    python3 tests/bench/bench_ai.py --pyodide    # and Pyodide 314 in Node, with the ratio
    python3 tests/bench/bench_ai.py --seconds 2

For an opening, a middle-game and an endgame position (reached by seeded
random play, so the same every run) it reports the depth a fixed-time search
completes and its nodes per second, and the time the Master level (a node
budget) takes to choose its move: what a player waits for. Not a test.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hdchess import Game  # noqa: E402
from hdchess.ai import SearchLimits, analyse, choose_action  # noqa: E402


def phase_positions() -> dict[str, str]:
    """Opening (a few flips in), middle game (half the pieces revealed), endgame
    (nothing face-down), each the first position of its kind in seeded random play."""
    found: dict[str, str] = {}
    seed = 0
    while len(found) < 3:
        seed += 1
        game, rng = Game(seed=seed), random.Random(seed)
        while not game.is_over() and len(found) < 3:
            state = game.state
            hidden = state.hidden.bit_count()
            if "opening" not in found and state.ply == 6:
                found["opening"] = game.position()
            elif "middle game" not in found and hidden <= 14 and state.quiet == 0:
                found["middle game"] = game.position()
            elif "endgame" not in found and hidden == 0 and 4 <= state.occupied.bit_count() <= 10:
                found["endgame"] = game.position()
            # mostly captures when there are any, so material survives to a real endgame
            actions = game.legal_actions()
            captures = [a for a in actions if state.is_capture(a)]
            game.play(rng.choice(captures if captures and rng.random() < 0.5 else actions))
    return found


def measure(seconds: float = 1.0, rounds: int = 1, warmup: float = 0.0) -> dict:
    from hdchess import parse_position

    figures = {"python": f"{platform.python_implementation()} {platform.python_version()}", "phases": {}}
    for phase, position in phase_positions().items():
        state = parse_position(position)
        timed = analyse(state, SearchLimits(movetime_ms=seconds * 1000))
        start = time.perf_counter()
        master = choose_action(state, "Master")
        master_s = time.perf_counter() - start
        figures["phases"][phase] = {
            "position": position, "depth": timed.depth, "nodes": timed.nodes,
            "nps": timed.nodes / max(timed.time_ms / 1000, 1e-9), "solved": timed.solved,
            "master_s": master_s, "master_depth": master.depth, "master_nodes": master.nodes,
        }
    return figures


def report(cpython: dict, pyodide: dict | None, seconds: float) -> str:
    lines = [f"hdchess AI benchmark: a {seconds:g} s search, and the Master level's move", ""]
    header = f"{'phase':13}{'depth':>7}{'nodes/s':>10}{'Master':>9}"
    if pyodide:
        header += f"{'  | Pyodide:':12}{'depth':>6}{'nodes/s':>10}{'Master':>9}{'ratio':>7}"
    lines.append(header)
    for phase, f in cpython["phases"].items():
        line = f"{phase:13}{f['depth']:>7}{f['nps']:>10,.0f}{f['master_s']:>8.2f}s"
        if pyodide:
            p = pyodide["phases"][phase]
            line += (f"{'  |':12}{p['depth']:>6}{p['nps']:>10,.0f}{p['master_s']:>8.2f}s"
                     f"{f['nps'] / p['nps']:>6.1f}x")
        lines.append(line)
    lines.append("")
    for phase, f in cpython["phases"].items():
        lines.append(f"{phase}: {f['position']}  (Master: depth {f['master_depth']}, {f['master_nodes']:,} nodes)")
    lines.append(f"({cpython['python']}" + (f"; {pyodide['python']}" if pyodide else "") + ")")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per fixed-time search (default 1)")
    parser.add_argument("--pyodide", action="store_true", help="also run under Pyodide in Node")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    cpython = measure(args.seconds)
    pyodide = None
    if args.pyodide:
        from bench_engine import run_pyodide

        pyodide = run_pyodide(args.seconds, 1, 0, module="bench_ai")
    print(json.dumps({"cpython": cpython, "pyodide": pyodide}) if args.json else report(cpython, pyodide, args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
