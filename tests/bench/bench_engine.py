"""Engine speed: perft leaves per second and random-playout plies per second.

    python3 tests/bench/bench_engine.py             # CPython
    python3 tests/bench/bench_engine.py --pyodide   # and Pyodide 314 in Node, with the ratio
    python3 tests/bench/bench_engine.py --json      # the figures as one JSON line

Each benched variant (the default game, and one of each other family) gets its own
section. Not a test: pytest does not collect it. The playout figure comes after a warm-up,
because the slider look-ups (attacks.SliderTable) and the move tuples
(movegen.ACTIONS_CACHE) are memoised lazily: a cold engine is slower until the
occupancies it meets are in the tables. Each figure is the best of a few
rounds, which is the least disturbed by other work on a shared machine; the
playouts are also given per CPU second of this process, which shows what the
engine does when it has a core to itself (a busy machine lowers the first
figure much more than the second).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from hdchess import load_ruleset, perft  # noqa: E402
from hdchess.playout import random_playout  # noqa: E402

PYODIDE_VERSION = "314.0.7"
CACHE = HERE / ".cache"  # npm installs Pyodide here (git-ignored)

# Per benched variant, (position, depth, leaves): from its perft suite, so a wrong count is caught too.
PERFT_WORKLOADS = {
    "hdc2": (
        ("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - AACCEEHHKPPPPRRWaacceehhkpppprrw 0 0", 2, 249984),
        ("wCxx4/3xc2H/1h1P3C/2E4p b Acp 3 139", 3, 5693),
        ("1cxx2x1/1xxp1xE1/x4x2/3p2a1 b ACEHHeek 1 121", 3, 110386),
        ("2pW2xr/AP2x2H/Px1h3x/PxH1r3 r KRepp 4 92", 3, 27067),
    ),
    "cheight": (
        ("[ae][cp][ck][ae]/[rp][hp][hp][rp]/4/4/4/4/[RP][HP][HP][RP]/[AE][CP][CK][AE] r 0 0", 6, 53165),
        ("ap2/k1[ea]r/1p1p/[Ep]1p[ePcCr]/PH[PhH][cR]/1P2/[RE]P[CA]1/[Ah]1K1 r 0 0", 3, 18671),
        ("1[cpa]c1/1e2/reh[pP]/[pP][pEa]Ph/rHpk/1[PP]R1/[CRA]HK1/[AE]2C r 6 98", 3, 22873),
        ("1[rA]k1/1pp1/c3/H[pa]1P/C[Phea]P[EcPp]/1H1[Re]/RpK1/1[PChA]rE b 1 139", 3, 34761),
    ),
}


def perft_rate(rounds: int, variant: str = "hdc2") -> dict:
    """Best leaves/s over ``rounds`` runs of the variant's whole perft workload."""
    best = 0.0
    workload, ruleset = PERFT_WORKLOADS[variant], load_ruleset(variant)
    leaves = sum(expected for _, _, expected in workload)
    for _ in range(rounds):
        start = time.perf_counter()
        for text, depth, expected in workload:
            count = perft(ruleset.read_position(text), depth)
            if count != expected:
                raise SystemExit(f"perft {depth} of {text!r} is {count}, expected {expected}")
        best = max(best, leaves / (time.perf_counter() - start))
    return {"leaves": leaves, "leaves_per_s": best}


def playout_rate(seconds: float, rounds: int, warmup: float, seed: int = 1, variant: str = "hdc2") -> dict:
    """Best plies/s over ``rounds`` rounds of ``seconds`` of random games from the opening."""
    ruleset = load_ruleset(variant)
    rng = random.Random(seed)

    def play_for(duration: float) -> tuple[int, int, float, float]:
        plies = games = 0
        start, cpu_start = time.perf_counter(), time.process_time()
        while (elapsed := time.perf_counter() - start) < duration:
            played, outcome = random_playout(ruleset.new_state(), rng)
            assert outcome is not None
            plies, games = plies + played, games + 1
        return plies, games, elapsed, time.process_time() - cpu_start

    cold_plies, _, cold_elapsed, _ = play_for(warmup)
    best = best_cpu = 0.0
    total_plies = total_games = 0
    for _ in range(rounds):
        plies, games, elapsed, cpu = play_for(seconds)
        best, best_cpu = max(best, plies / elapsed), max(best_cpu, plies / max(cpu, 1e-9))
        total_plies, total_games = total_plies + plies, total_games + games
    return {"plies_per_s": best, "plies_per_cpu_s": best_cpu, "cold_plies_per_s": cold_plies / cold_elapsed,
            "plies_per_game": total_plies / max(total_games, 1), "games": total_games}


def measure(seconds: float = 3.0, rounds: int = 3, warmup: float = 3.0) -> dict:
    """Every figure of this benchmark, as plain data (the Pyodide runner calls this)."""
    figures = {"python": f"{platform.python_implementation()} {platform.python_version()}",
               "platform": sys.platform, "variants": {}}
    for variant in PERFT_WORKLOADS:
        figures["variants"][variant] = {
            "playout": playout_rate(seconds, rounds, warmup, variant=variant),  # first: it also warms the tables
            "perft": perft_rate(rounds, variant),
        }
    return figures


def run_pyodide(seconds: float, rounds: int, warmup: float, module: str = "bench_engine") -> dict:
    """Install Pyodide with npm (once) and run ``module.measure`` in it under Node."""
    if not (CACHE / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        print(f"installing pyodide@{PYODIDE_VERSION} into {CACHE} ...", file=sys.stderr)
        subprocess.run(["npm", "install", "--prefix", str(CACHE), "--no-audit", "--no-fund",
                        f"pyodide@{PYODIDE_VERSION}"], check=True, stdout=sys.stderr)
    done = subprocess.run(["node", str(HERE / "pyodide_bench.mjs"), str(seconds), str(rounds), str(warmup)],
                          check=True, stdout=subprocess.PIPE, text=True, env={**os.environ, "BENCH_MODULE": module})
    return json.loads(done.stdout.strip().splitlines()[-1])


def report(cpython: dict, pyodide: dict | None, warmup: float, seconds: float, rounds: int) -> str:
    load = f", load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs" if hasattr(os, "getloadavg") else ""
    lines = [f"hdchess engine benchmark ({cpython['python']}{load})",
             f"playouts: random games from the opening after a {warmup:g} s warm-up "
             f"(slider look-ups are memoised lazily); best of {rounds} rounds of {seconds:g} s",
             f"perft: leaves/s over each variant's suite positions, best of {rounds}",
             ""]
    # (label, figure, compared with Pyodide): Emscripten has no per-process CPU clock
    # (process_time there is wall time), so the CPU-second row is CPython's alone.
    rows = [("random playout plies/s", lambda f: f["playout"]["plies_per_s"], True),
            ("  per CPU second", lambda f: f["playout"]["plies_per_cpu_s"], False),
            ("  cold (during warm-up)", lambda f: f["playout"]["cold_plies_per_s"], True),
            ("perft leaves/s", lambda f: f["perft"]["leaves_per_s"], True)]
    header = f"{'':26}{'CPython':>12}"
    if pyodide:
        header += f"{'Pyodide':>12}{'ratio':>8}"
    lines.append(header)
    for variant, ours in cpython["variants"].items():
        theirs = pyodide["variants"][variant] if pyodide else None
        lines.append(f"{variant}: {ours['playout']['plies_per_game']:.0f} plies per game, "
                     f"perft over {len(PERFT_WORKLOADS[variant])} positions ({ours['perft']['leaves']:,} leaves)")
        for label, get, compared in rows:
            line = f"{label:26}{get(ours):>12,.0f}"
            if theirs and compared:
                line += f"{get(theirs):>12,.0f}{get(ours) / get(theirs):>7.1f}x"
            lines.append(line)
    if pyodide:
        lines.append(f"(Pyodide: {pyodide['python']} on {pyodide['platform']}; ratio = CPython / Pyodide)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pyodide", action="store_true", help="also run under Pyodide in Node (npm install once)")
    parser.add_argument("--json", action="store_true", help="print the CPython figures as JSON")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one playout round (default 3)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per figure; the best counts (default 3)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds of playouts before measuring (default 3)")
    args = parser.parse_args(argv)
    cpython = measure(args.seconds, args.rounds, args.warmup)
    if args.json:
        print(json.dumps(cpython))
        return 0
    pyodide = run_pyodide(args.seconds, args.rounds, args.warmup) if args.pyodide else None
    print(report(cpython, pyodide, args.warmup, args.seconds, args.rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
