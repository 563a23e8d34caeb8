"""What a table shared between search workers costs one search, in CPython and in Pyodide.

    python3 tests/bench/bench_shared_table.py              # CPython: a dict against SharedTable (mmap)
    python3 tests/bench/bench_shared_table.py --pyodide    # and Pyodide in Node: a dict against a table
                                                           # in a SharedArrayBuffer reached through JavaScript

The browser's pool of search workers (web/docs/ai.md) would share its table in a SharedArrayBuffer,
which Python in Pyodide reaches only through a JavaScript call per probe and per store. This times one
probe and one store of each table, then searches bench_ai's positions of banqi and hdc2 to their fixed
depth twice, once with each table, and prints how often the search probes and stores a table per node
and the nodes per second with each. Not a test.
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

from bench_ai import WORKLOAD, phase_positions  # noqa: E402

from hdchess.ai.limits import SearchLimits  # noqa: E402
from hdchess.ai.parallel import SharedTable  # noqa: E402
from hdchess.ai.search import Searcher  # noqa: E402
from hdchess.ai.sharing import CallTable  # noqa: E402
from hdchess.variants import load_ruleset  # noqa: E402

VARIANTS = ("banqi", "hdc2")
SLOTS = 1 << 20

class Counting(dict):  # type: ignore[type-arg]
    """A dict table that counts its probes and stores."""

    probes = stores = 0

    def get(self, key, default=None):  # type: ignore[no-untyped-def]
        self.probes += 1
        return super().get(key, default)

    def __setitem__(self, key, entry) -> None:  # type: ignore[no-untyped-def]
        self.stores += 1
        super().__setitem__(key, entry)


def shared_table() -> object:
    """The table the workers would share here: a SharedArrayBuffer under Pyodide, mmap in CPython."""
    if sys.platform == "emscripten":  # the site's own table (web/shared-table.js), registered by pyodide_bench.mjs
        import hdchess_shared_table as js  # type: ignore[import-not-found]

        return CallTable(js.probe, js.store, SLOTS)
    return SharedTable.create(SLOTS)


def _per_call_us(table) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Microseconds one store and one probe of ``table`` take (20,000 random keys, five times over)."""
    rng = random.Random(1)
    keys = [rng.getrandbits(62) for _ in range(20_000)]
    entry = (5, 0, 1.5, 123, False)
    start = time.perf_counter()
    for _ in range(5):
        for key in keys:
            table[key] = entry
    stored = time.perf_counter()
    for _ in range(5):
        for key in keys:
            table.get(key)
    probed = time.perf_counter()
    calls = 5 * len(keys)
    return (stored - start) / calls * 1e6, (probed - stored) / calls * 1e6


def _search(state, depth: int, table) -> tuple[int, float]:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = Searcher(state.copy(), SearchLimits(depth=depth), tt=table).run()
    return result.nodes, time.perf_counter() - start


def measure(seconds: float = 0, rounds: int = 1, warmup: float = 0.0) -> dict:  # noqa: ARG001 (pyodide_bench's call)
    python = f"{platform.python_implementation()} {platform.python_version()}"
    if sys.platform == "emscripten":
        python = f"Pyodide ({python})"
    figures: dict = {"python": python, "positions": [],
                     "per_call_us": {"dict": _per_call_us({}), "shared": _per_call_us(shared_table())}}
    warm = load_ruleset(VARIANTS[0])  # the first search would otherwise pay for every import and cache
    _search(warm.read_position(next(iter(phase_positions(VARIANTS[0]).values()))), 3, {})
    for variant in VARIANTS:
        ruleset = load_ruleset(variant)
        for (phase, position), depth in zip(phase_positions(variant).items(), WORKLOAD[variant]):
            state = ruleset.read_position(position)
            counting = Counting()
            nodes, plain_s = _search(state, depth, counting)
            shared = shared_table()
            shared_nodes, shared_s = _search(state, depth, shared)
            figures["positions"].append({
                "variant": variant, "phase": phase, "depth": depth, "nodes": nodes,
                "probes_per_node": counting.probes / nodes, "stores_per_node": counting.stores / nodes,
                "nps_dict": nodes / plain_s, "nps_shared": shared_nodes / shared_s})
    return figures


def report(figures: dict) -> str:
    calls = figures["per_call_us"]
    lines = [f"{figures['python']}: one store, one probe (us): dict {calls['dict'][0]:.2f}, {calls['dict'][1]:.2f}; "
             f"shared {calls['shared'][0]:.2f}, {calls['shared'][1]:.2f}",
             "a search to a fixed depth with a dict table, then with a shared one:",
             f"{'game':7} {'phase':12} {'nodes':>7} {'probes/node':>12} {'stores/node':>12} "
             f"{'nodes/s dict':>13} {'shared':>9} {'ratio':>6}"]
    for p in figures["positions"]:
        lines.append(f"{p['variant']:7} {p['phase']:12} {p['nodes']:7,} {p['probes_per_node']:12.2f} "
                     f"{p['stores_per_node']:12.2f} {p['nps_dict']:13,.0f} {p['nps_shared']:9,.0f} "
                     f"{p['nps_shared'] / p['nps_dict']:6.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyodide", action="store_true", help="also run under Pyodide in Node")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    cpython = measure()
    pyodide = None
    if args.pyodide:
        from bench_engine import run_pyodide

        pyodide = run_pyodide(0, 1, 0, module="bench_shared_table")
    if args.json:
        print(json.dumps({"cpython": cpython, "pyodide": pyodide}))
    else:
        print(report(cpython))
        if pyodide:
            print()
            print(report(pyodide))
    return 0


if __name__ == "__main__":
    sys.exit(main())
