"""How fast the forced-win search solves the Cheight suite (tests/data/cheight_mates.txt).

For every entry: the search to the entry's depth (the shortest win, the proved loss, or the
proof that neither exists), its nodes and time; then the totals, nodes per second, by kind
and board. Prints the machine's load first: the figures mean little on a busy machine.

    python3 tests/bench/bench_mate.py [--suite FILE] [--repeat 1]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hdchess import load_ruleset  # noqa: E402
from hdchess.ai.mate import forced_win  # noqa: E402

SUITE = Path(__file__).resolve().parents[1] / "data" / "cheight_mates.txt"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", type=Path, default=SUITE)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"on {os.cpu_count()} cores")
    totals: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0.0, 0])  # entries, nodes, seconds, wrong
    started = time.perf_counter()
    for _ in range(args.repeat):
        for line in args.suite.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            position, _, rest = line.partition(" ; ")
            answer, _, options = rest.partition("[")
            kind, n = answer.split()
            settings = dict(item.split("=", 1) for item in options.removesuffix("]").split())
            state = load_ruleset("cheight", **settings).read_position(position)
            found = forced_win(state, max_moves=int(n))
            expected = {"win": int(n), "loss": -int(n), "none": None}[kind]
            board = "4x4" if len(position.split()[0].split("/")) == 4 else "8x4"
            for key in (f"{kind} {n}", board, "all"):
                row = totals[key]
                row[0] += 1
                row[1] += found.nodes
                row[2] += found.time_ms / 1000
                row[3] += found.moves != expected or not found.complete
    elapsed = time.perf_counter() - started
    print(f"{'entries':>22} {'nodes':>9} {'seconds':>8} {'nodes/s':>8} {'wrong':>5}")
    for key in sorted(totals, key=lambda k: (k == "all", k)):
        entries, nodes, seconds, wrong = totals[key]
        rate = nodes / seconds if seconds else 0.0
        print(f"{key:>12} {int(entries):>9} {int(nodes):>9} {seconds:>8.2f} {rate:>8.0f} {int(wrong):>5}")
    print(f"suite solved in {elapsed:.2f} s (with reading the positions)")
    return 1 if totals["all"][3] else 0


if __name__ == "__main__":
    sys.exit(main())
