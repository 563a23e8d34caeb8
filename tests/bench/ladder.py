"""The level ladder: each AI level against the one below, in each game.

    python3 tests/bench/ladder.py --games 200                  # every game, every step
    python3 tests/bench/ladder.py --variant gaiqi --games 200 --from Club
    python3 tests/bench/ladder.py --variant cheight --random   # and each level against random
    python3 tests/bench/ladder.py --variant cheight --set suicide=prevented  # rule options, every match

Paired games (``hdchess match``): the score of the stronger level, the Elo
difference with its 95% interval, and the average game length; at the end a
table for the README. The node-budget levels are deterministic, so a run is
reproducible from ``--seed``; the top level (Grandmaster) thinks by time, so
its step uses ``--top-movetime`` (CPython is about 2-3 times faster than the
browser, so 700 ms here is about the browser's 2 s). Not a test.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hdchess.ai import LEVELS  # noqa: E402
from hdchess.cli import rule_options  # noqa: E402
from hdchess.elo import elo_interval  # noqa: E402
from hdchess.match import run_match  # noqa: E402
from hdchess.variants import variant_names  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", choices=variant_names(), help="games (default: all)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--from", dest="lowest", default=LEVELS[0].name, help="the lowest level of the ladder")
    parser.add_argument("--to", dest="highest", default=LEVELS[-1].name, help="the highest level of the ladder")
    parser.add_argument("--top-movetime", type=int, default=700, help="ms per move of the top level")
    parser.add_argument("--random", action="store_true", help="also each level against random")
    parser.add_argument("--records", help="folder for the records of every match")
    parser.add_argument("--set", action="append", metavar="KEY=VALUE", default=[],
                        help="a rule option for every match, e.g. --set suicide=prevented")
    args = parser.parse_args(argv)
    options = rule_options(args.set)
    names = [level.name for level in LEVELS]
    levels = LEVELS[names.index(args.lowest):names.index(args.highest) + 1]
    rows = []
    for variant in args.variant or variant_names():
        pairs = [(upper, lower.name) for lower, upper in zip(levels, levels[1:])]
        if args.random:
            pairs += [(level, "random") for level in levels]
        for upper, lower in pairs:
            player = upper.name if upper.movetime_ms is None else f"{upper.name}@{args.top_movetime}ms"
            start = time.perf_counter()
            summary, results = run_match(player, lower, args.games, seed=args.seed, variant=variant,
                                         options=options, jobs=args.jobs)
            elapsed = time.perf_counter() - start
            print(f"\n[{variant}] " + "\n".join(summary.lines()) + f"\n  {elapsed:.0f} s", flush=True)
            if args.records:
                folder = Path(args.records)
                folder.mkdir(parents=True, exist_ok=True)
                (folder / f"{variant}-{upper.name}-{lower}.txt").write_text(
                    "\n".join(r.record for r in results), encoding="utf-8")
            elo, low, high = elo_interval(summary.wins, summary.draws, summary.losses)
            rows.append((variant, summary.names[0], summary.names[1], summary, elo, low, high))
    print("\n| game | match | games | score | Elo (95% interval) | plies a game |")
    print("|---|---|---|---|---|---|")
    for variant, a, b, s, elo, low, high in rows:
        print(f"| {variant} | {a} vs {b} | {s.games} | {100 * s.score:.1f}% ({s.wins}-{s.draws}-{s.losses}) | "
              f"{_elo(elo)} ({_elo(low)} to {_elo(high)}) | {s.plies / max(s.games, 1):.0f} |")
    return 0


def _elo(value: float) -> str:
    return ("+inf" if value > 0 else "-inf") if abs(value) == float("inf") else f"{value:+.0f}"


if __name__ == "__main__":
    sys.exit(main())
