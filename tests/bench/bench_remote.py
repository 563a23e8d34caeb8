"""Remote play's cost (issue 37): the mental-poker set-up and one flip, in CPython.

    python3 tests/bench/bench_remote.py              # hdc2's 32 cards, 5 set-ups, 20 flips
    python3 tests/bench/bench_remote.py --games 3 --flips 40
    python3 tests/bench/bench_remote.py --pyodide    # and Pyodide 314 in Node (1 set-up, 10 flips there)

Prints, in milliseconds (median and worst): each side's work at the set-up (the
host's hello: encrypt and shuffle; the guest's welcome: check, shuffle, lock; the
host's start: check, re-lock; the guest's check of the start), one flip end to
end (the mover's partial decryption, the other side's check, opening and reply,
the mover's opening), and each side's check of the whole transcript at the end of
a game. ``--pyodide`` runs the same measure under Pyodide in Node (as the page's
worker does, less the browser); the browser's own figures are measured by the
page. Not a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hdchess.remote.loopback import Loopback  # noqa: E402
from hdchess.remote.session import RemoteSession  # noqa: E402


def timed(call):
    start = time.perf_counter()
    result = call()
    return (time.perf_counter() - start) * 1000, result


def set_up(variant: str) -> tuple[dict[str, float], Loopback]:
    """One set-up, each message's handling timed on the side that does it."""
    times: dict[str, float] = {}
    times["host: hello (encrypt, shuffle)"], (host, hello) = timed(lambda: RemoteSession.host(variant, {}, "A", None))
    guest = RemoteSession.guest("B")
    times["guest: welcome (check, shuffle, lock)"], welcome = timed(lambda: guest.receive(hello.messages[0]))
    times["host: start (check, re-lock)"], start = timed(lambda: host.receive(welcome.messages[0]))
    times["guest: check the start"], _ = timed(lambda: guest.receive(start.messages[0]))
    return times, Loopback.of(host, guest)


def one_flip(pair: Loopback, square: str) -> float:
    role = pair.side_to_act()
    start = time.perf_counter()
    pair.post(role, pair.sides[role].act(square))
    pair.deliver()
    return (time.perf_counter() - start) * 1000


def measure(games: float = 5, flips: int = 20, _warmup: float = 0, variant: str = "hdc2") -> dict:
    """Every figure, in ms: {name: [one value a run]} (the signature pyodide_bench.mjs calls)."""
    rounds: dict[str, list[float]] = {}
    pair = None
    for _ in range(max(1, int(games))):
        times, pair = set_up(variant)
        for name, ms in times.items():
            rounds.setdefault(name, []).append(ms)
        rounds.setdefault("set-up, both sides", []).append(sum(times.values()))
    assert pair is not None
    rng = random.Random(1)
    timed_flips: list[float] = []
    while len(timed_flips) < flips and pair.host.phase == "playing":
        side = pair.sides[pair.side_to_act()]
        state = side.game.state
        actions = side.game.legal_actions()
        chance = [a for a in actions if state.is_chance(a) and side.deal.card_of(state, a) not in side.revealed]
        if chance:
            timed_flips.append(one_flip(pair, state.action_text(rng.choice(chance))))
        else:
            pair.act(rng.choice(actions))
    rounds["one flip, end to end"] = timed_flips
    while pair.host.phase == "playing":  # play on to the end, then time each side's transcript check
        pair.act(rng.choice(pair.sides[pair.side_to_act()].game.legal_actions()))
    from hdchess.remote.verify import check_transcript

    for role in ("host", "guest"):
        side = pair.sides[role]
        ms, problem = timed(lambda side=side: check_transcript(side))
        assert problem is None, problem
        rounds[f"{role}: check the transcript at the end"] = [ms]
    return {"python": f"{platform.python_implementation()} {platform.python_version()} {sys.platform}",
            "rounds": rounds}


def report(figures: dict, label: str) -> str:
    rounds = figures["rounds"]
    width = max(len(name) for name in rounds)
    lines = [f"{label} ({figures['python']}):"]
    for name, values in rounds.items():
        lines.append(f"  {name:<{width}}  median {statistics.median(values):8.1f} ms   worst {max(values):8.1f} ms"
                     f"   ({len(values)} runs)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="hdc2")
    parser.add_argument("--games", type=int, default=5, help="set-ups to time")
    parser.add_argument("--flips", type=int, default=20, help="flips to time")
    parser.add_argument("--pyodide", action="store_true", help="also run under Pyodide in Node (1 set-up, 10 flips)")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"remote play, {args.variant}, on {platform.machine()} with {os.cpu_count()} CPUs, "
          f"load average {load:.2f}")
    print(report(measure(args.games, args.flips, 0, args.variant), "CPython"))
    if args.pyodide:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from bench_engine import run_pyodide

        print(report(run_pyodide(1, 10, 0, module="bench_remote"), "Pyodide in Node"))


if __name__ == "__main__":
    main()
