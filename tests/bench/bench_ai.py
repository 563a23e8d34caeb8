"""AI speed: nodes per second and the time to reach each depth on fixed positions.

    python3 tests/bench/bench_ai.py              # CPython
    python3 tests/bench/bench_ai.py --pyodide    # and Pyodide 314 in Node, with the ratio
    python3 tests/bench/bench_ai.py --json

For an opening, a middle game and an endgame of each face-down game and
Cheight (reached by seeded random play, so the same every run) it searches
to a fixed depth and reports the time at which each depth completed, the
nodes per second, the time the Master level (a node budget) takes to
choose its move: what a player waits for, and how deep the top level gets in
its time (2 s a move under Pyodide, as in the browser; 700 ms on CPython,
about as many nodes) and how much of the time it uses. Not a test.
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

from hdchess import Game, load_ruleset  # noqa: E402
from hdchess.ai import SearchLimits, analyse, choose_action  # noqa: E402
from hdchess.ai.levels import TOP_LEVEL  # noqa: E402
from hdchess.bounds import DEFAULT_MAX_PLIES  # noqa: E402

# (variant, depth of the fixed-depth search per phase)
WORKLOAD = {"hdc2": (6, 4, 6), "banqi": (6, 5, 7), "gaiqi": (5, 5, 7), "cheight": (5, 5, 6)}
PHASES = ("opening", "middle game", "endgame")
# the top level's time: the browser's under Pyodide, about as many nodes on CPython
TOP_MS = TOP_LEVEL.movetime_ms if sys.platform == "emscripten" else 700


def phase_positions(variant: str) -> dict[str, str]:
    """Opening (6 actions in), middle game (about half the pieces revealed or a third of
    the game played), endgame (nothing face-down, at most 10 pieces; Cheight: 60 moves in),
    each the first of its kind in seeded random play that prefers captures."""
    ruleset = load_ruleset(variant)
    found: dict[str, str] = {}
    seed = 0
    while len(found) < 3 and seed < 500:
        seed += 1
        game, rng = Game(ruleset, seed=seed), random.Random(seed)
        while not game.is_over() and len(found) < 3 and len(game.moves) < DEFAULT_MAX_PLIES:
            state = game.state
            chance = state.has_chance()
            hidden = len(state.chance_slots()) if chance else 0
            pieces = sum(1 for sq in range(state.geometry.num_squares) if state.square_text(sq))
            if "opening" not in found and len(game.moves) == 6:
                found["opening"] = state.position_text()
            elif "middle game" not in found and len(game.moves) >= 12 and (
                    (chance and hidden <= 14) or (not chance and len(game.moves) >= 20)):
                found["middle game"] = state.position_text()
            elif "endgame" not in found and len(game.moves) > 20 and (
                    (not chance and 4 <= pieces <= 10) if variant != "cheight" else len(game.moves) >= 60):
                found["endgame"] = state.position_text()
            actions = game.legal_actions()
            captures = [a for a in actions if state.is_capture(a)]
            game.play(rng.choice(captures if captures and rng.random() < 0.5 else actions))
    return found


def time_to_depth(state, depth: int) -> tuple:
    """(search result, seconds at which each depth completed, total seconds)."""
    reached: list[float] = []
    start = time.perf_counter()
    result = analyse(state, SearchLimits(depth=depth), on_info=lambda info: reached.append(time.perf_counter() - start))
    return result, reached, time.perf_counter() - start


def measure(seconds: float = 0, rounds: int = 1, warmup: float = 0.0, variants=tuple(WORKLOAD)) -> dict:
    figures = {"python": f"{platform.python_implementation()} {platform.python_version()}", "positions": []}
    for variant in variants:
        ruleset = load_ruleset(variant)
        for (phase, position), depth in zip(phase_positions(variant).items(), WORKLOAD[variant]):
            state = ruleset.read_position(position)
            result, reached, elapsed = time_to_depth(state, depth)
            start = time.perf_counter()
            master = choose_action(state, "Master")
            master_s = time.perf_counter() - start
            start = time.perf_counter()
            top = analyse(state, SearchLimits(movetime_ms=TOP_MS))
            top_share = (time.perf_counter() - start) * 1000 / TOP_MS
            figures["positions"].append({
                "variant": variant, "phase": phase, "position": position, "depth": result.depth,
                "time_to_depth": reached, "nodes": result.nodes, "nps": result.nodes / max(elapsed, 1e-9),
                "master_s": master_s, "master_depth": master.depth, "master_nodes": master.nodes,
                "top_ms": TOP_MS, "top_depth": top.depth, "top_nodes": top.nodes, "top_share": top_share})
    return figures


def report(cpython: dict, pyodide: dict | None) -> str:
    lines = ["hdchess AI benchmark: a fixed-depth search per position (time when each depth completed), "
             "nodes/s, the Master level's move, and the depth the top level completes in its time", ""]
    header = f"{'game':8}{'phase':13}{'nodes/s':>10}{'Master':>8}{'top':>5}  time to depth 1, 2, ... (s)"
    if pyodide:
        header += "   | Pyodide: nodes/s, Master, top, ratio"
    lines.append(header)
    for index, f in enumerate(cpython["positions"]):
        ttd = " ".join(f"{t:.2f}" for t in f["time_to_depth"])
        line = f"{f['variant']:8}{f['phase']:13}{f['nps']:>10,.0f}{f['master_s']:>7.2f}s{f['top_depth']:>5}  {ttd}"
        if pyodide:
            p = pyodide["positions"][index]
            line += f"   | {p['nps']:>8,.0f} {p['master_s']:>5.2f}s {p['top_depth']:>3} {f['nps'] / p['nps']:>4.1f}x"
        lines.append(line)
    total_nodes = sum(f["nodes"] for f in cpython["positions"])
    total_time = sum(f["nodes"] / f["nps"] for f in cpython["positions"])
    lines.append(f"{'all':21}{total_nodes / total_time:>10,.0f}")
    lines.append("")
    for f in cpython["positions"]:
        lines.append(f"{f['variant']} {f['phase']}: {f['position']}  (depth {f['depth']}; "
                     f"Master: depth {f['master_depth']}, {f['master_nodes']:,} nodes; "
                     f"{TOP_LEVEL.name} at {f['top_ms']} ms: depth {f['top_depth']}, {f['top_nodes']:,} nodes, "
                     f"{f['top_share']:.0%} of its time)")
    lines.append(f"({cpython['python']}" + (f"; {pyodide['python']}" if pyodide else "") + ")")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pyodide", action="store_true", help="also run under Pyodide in Node")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--variant", action="append", choices=list(WORKLOAD), help="only these games")
    args = parser.parse_args(argv)
    variants = tuple(args.variant or WORKLOAD)
    cpython = measure(variants=variants)
    pyodide = None
    if args.pyodide:
        from bench_engine import run_pyodide

        pyodide = run_pyodide(0, 1, 0, module="bench_ai")
    print(json.dumps({"cpython": cpython, "pyodide": pyodide}) if args.json else report(cpython, pyodide))
    return 0


if __name__ == "__main__":
    sys.exit(main())
