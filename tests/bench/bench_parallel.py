"""The parallel search's figures: time to depth with 1 and 2 workers, and the work each of
2, 4 and 8 workers does to reach the same depth (on a 2-core machine more workers than
cores cannot show their time; the nodes of the busiest worker are what decide it).

    python3 tests/bench/bench_parallel.py [--mode shared|split] [--target-ms 300] [--variants hdc2,banqi]
                                          [--workers 2,4,8]
    python3 tests/bench/bench_parallel.py --timing 1000    # the time management's spending instead

For each variant, positions from Club self-play (fixed deals) at a few plies; each is
searched first by one process (hdchess.ai.search) to the first depth that takes at
least --target-ms, then to that same depth by the parallel search. Printed per position
and summed: wall time (one process, 1 worker, 2 workers), nodes in all, and for N
workers the busiest worker's nodes and the "work speed-up" (one process's nodes over
the busiest worker's). On a busy machine the wall times say little (two workers do not get
two cores): the processor time the first of 2 helpers takes to the depth, against one
process's, is what the time would be with a core each. Short: a minute or two; say how
loaded the machine was (it prints ``uptime`` before and after).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from hdchess import load_ruleset  # noqa: E402
from hdchess.ai import SearchLimits, choose_action  # noqa: E402
from hdchess.ai.parallel import TABLE_ENTRIES, ParallelSearcher, WorkerPool  # noqa: E402
from hdchess.ai.search import Searcher  # noqa: E402
from hdchess.game import Game  # noqa: E402
from hdchess.rules import GameState  # noqa: E402

PLIES = (8, 24)
SEEDS = {"hdc2": 11, "banqi": 11, "gaiqi": 11, "cheight": 11}


def positions(variant: str) -> list[tuple[str, GameState]]:
    game = Game(load_ruleset(variant), seed=SEEDS.get(variant, 11))
    found = []
    for ply in range(max(PLIES) + 1):
        if game.outcome is not None:
            break
        if ply in PLIES:
            found.append((f"{variant}@{ply}", game.state.copy()))
        game.play(choose_action(game.state.copy(), "Club", ply).action)
    return found


def depth_for(state: GameState, target_ms: float) -> tuple[int, float, int, float]:
    """The first depth one process needs at least target_ms to reach (or the last it reaches
    within 8 times that: a depth can cost twenty times the one before); its time, nodes and
    processor time."""
    reached = (1, 0.0, 0, 0.0)
    for depth in range(2, 30):
        start, cpu = time.perf_counter(), time.process_time()
        result = Searcher(state.copy(), SearchLimits(depth=depth, movetime_ms=8 * target_ms), seed=1).run()
        elapsed = (time.perf_counter() - start) * 1000
        if result.depth < depth:
            return reached
        reached = (depth, elapsed, result.nodes, (time.process_time() - cpu) * 1000)
        if elapsed >= target_ms or result.solved:
            return reached
    return reached


def parallel(state: GameState, depth: int, pool: WorkerPool) -> tuple[float, int, list[int], float]:
    """Wall ms, nodes in all, each worker's nodes, the first worker's processor ms (helpers only)."""
    start = time.perf_counter()
    searcher = ParallelSearcher(state.copy(), SearchLimits(depth=depth), pool, seed=1)
    result = searcher.run()
    elapsed = (time.perf_counter() - start) * 1000
    return elapsed, result.nodes, searcher.worker_nodes, searcher.worker_cpu_ms[0]


def managed_times(variants: list[str], target_ms: float) -> None:
    """What the time management spends on each position (one process), against its target."""
    from hdchess.ai.levels import point_units
    from hdchess.ai.timing import TimeManager

    print(f"time management, target {target_ms:.0f} ms; machine: {os.cpu_count()} cores; {uptime()}")
    print(f"{'position':14} {'ms':>6} {'share':>6} {'depth':>5} {'best changes':>12}")
    spent = []
    for variant in variants:
        for name, state in positions(variant):
            bests: list[int] = []
            timing = TimeManager(target_ms, point_units(state.ruleset))
            result = Searcher(state.copy(), SearchLimits(movetime_ms=target_ms), timing=timing,
                              on_info=lambda info, seen=bests: seen.append(info.pv[0])).run()
            changes = sum(1 for a, b in zip(bests, bests[1:], strict=False) if a != b)
            spent.append(result.time_ms / target_ms)
            print(f"{name:14} {result.time_ms:6.0f} {spent[-1]:6.2f} {result.depth:5} {changes:12}", flush=True)
    print(f"mean share of the target: {sum(spent) / len(spent):.2f} (from {min(spent):.2f} to {max(spent):.2f}); "
          f"machine after: {uptime()}")


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target-ms", type=float, default=300)
    parser.add_argument("--variants", default="hdc2,banqi,gaiqi,cheight")
    parser.add_argument("--workers", default="2,4,8", help="the worker counts whose work is counted")
    parser.add_argument("--mode", choices=("split", "shared"), default="shared",
                        help="root splitting, or helpers sharing a table (hdchess/ai/parallel.py)")
    parser.add_argument("--timing", type=float, metavar="MS",
                        help="instead: the time management's budget on the same positions, target MS a move")
    args = parser.parse_args()
    if args.timing:
        managed_times(args.variants.split(","), args.timing)
        return
    counts = [int(n) for n in args.workers.split(",")]
    print(f"mode {args.mode}; machine: {os.cpu_count()} cores; {uptime()}")
    entries = TABLE_ENTRIES if args.mode == "shared" else 0
    pools = {n: WorkerPool(n, entries) for n in {1, 2, *counts}}
    for pool in pools.values():
        pool.start()
    totals: dict[str, float] = {}

    def add(key: str, value: float) -> None:
        totals[key] = totals.get(key, 0.0) + value

    header = (f"{'position':14} {'depth':>5} {'1 proc ms':>9} {'1 wkr ms':>9} {'2 wkr ms':>9} {'1w/2w':>7} "
              f"{'1p cpu':>8} {'2w1 cpu':>8}")
    header += "".join(f" {f'{n}w work':>8}" for n in counts)
    print(header)
    try:
        for variant in args.variants.split(","):
            for name, state in positions(variant):
                depth, serial_ms, serial_nodes, serial_cpu = depth_for(state, args.target_ms)
                for pool in pools.values():  # a worker's first game or ending loads its knowledge, tables: not timed
                    parallel(state, 2, pool)
                one_ms, _, _, _ = parallel(state, depth, pools[1])
                two_ms, _, _, two_cpu = parallel(state, depth, pools[2])
                add("serial_cpu", serial_cpu)
                add("two_cpu", two_cpu)
                add("serial_ms", serial_ms)
                add("one_ms", one_ms)
                add("two_ms", two_ms)
                add("serial_nodes", serial_nodes)
                line = (f"{name:14} {depth:5} {serial_ms:9.0f} {one_ms:9.0f} {two_ms:9.0f} {one_ms / two_ms:7.2f} "
                        f"{serial_cpu:8.0f} {two_cpu:8.0f}")
                for n in counts:
                    _, nodes, per_worker, _ = parallel(state, depth, pools[n])
                    add(f"busiest_{n}", max(per_worker))
                    add(f"nodes_{n}", nodes)
                    line += f" {serial_nodes / max(1, max(per_worker)):8.2f}"
                print(line, flush=True)
    finally:
        for pool in pools.values():
            pool.close()
    print(f"\nsums: one process {totals['serial_ms']:.0f} ms, 1 worker {totals['one_ms']:.0f} ms, "
          f"2 workers {totals['two_ms']:.0f} ms: time to depth x{totals['one_ms'] / totals['two_ms']:.2f} "
          f"with 2 workers than with 1 (workers run in their own sessions, this process not: compare them)")
    if totals["two_cpu"]:
        print(f"processor time to depth: one process {totals['serial_cpu']:.0f} ms, the first of 2 workers "
              f"{totals['two_cpu']:.0f} ms: x{totals['serial_cpu'] / totals['two_cpu']:.2f} (what the time would be "
              "with a core for each worker)")
    for n in counts:
        print(f"{n} workers: nodes in all x{totals[f'nodes_{n}'] / totals['serial_nodes']:.2f} of one process's, "
              f"busiest worker {totals[f'busiest_{n}'] / totals['serial_nodes']:.2f} of them: "
              f"work speed-up x{totals['serial_nodes'] / totals[f'busiest_{n}']:.2f}")
    print(f"machine after: {uptime()}")


if __name__ == "__main__":
    main()
