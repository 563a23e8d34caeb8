"""The Grandmaster with its helpers in the browser: nodes per second with N search workers, and the page's
longest main-thread task while it thinks. Not a test.

    python3 tests/web/measure_pool.py                     # 1, 3, 4 and 5 workers (the device told 2, 4, 5, 6 cores)
    python3 tests/web/measure_pool.py --cores 2,6 --turns 8 --variant banqi

For each device (``navigator.hardwareConcurrency`` set before any script runs; web/search-pool.js gives a
device of C cores C - 2 helpers from 4 cores on, at most 4, and none below), a fresh browser context
opens the site, waits until the service worker serves it (so the page is cross-origin isolated), and
plays a game against the Grandmaster by clicking (a flip while there is one, else the first move),
until the Grandmaster has searched ``--turns`` moves (book and forced moves are not searches). Per
search it reads what the page recorded (``app.lastThink``: the engine worker's nodes and depth, each
helper's nodes, the time). It prints, per device: the workers, the searches, the median depth the
engine worker reached, its median nodes per second, all workers' nodes per second together, and the
longest main-thread task (PerformanceObserver ``longtask``) seen while the Grandmaster thought.

On a machine with fewer cores than workers the workers share the cores: the figures are then of work
shared, not of a player's faster machine (the bench of the command line's workers says what a worker
gains: tests/bench/bench_parallel.py). Print ``uptime`` with the figures: other load changes them.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import sys
from pathlib import Path

from measure import ARGS, CALL, PROBE  # noqa: E402 (this folder)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))

import build  # noqa: E402
import serve  # noqa: E402

STATE = "(await import(new URL('web/state.js', document.baseURI).href)).app"


def searches(page, turns: int, variant: str, seed: int) -> tuple[list[dict], float]:
    """Play until the Grandmaster has searched ``turns`` moves; what each search did, and the longest task
    on the main thread (ms) from the first search's start to the last one's end."""
    done: list[dict] = []
    longest = 0.0
    for _ in range(200):
        view = page.evaluate(CALL, ["view", {}])["result"]
        if view["outcome"] or len(done) >= turns:
            break
        moves = view["legal"]["flips"] or [a["move"] for opts in view["legal"]["moves"].values() for a in opts]
        before = page.evaluate(f"async () => {{ const app = {STATE}; return app.lastThink; }}")
        started = page.evaluate("performance.now()")
        for square in re.findall(r"[a-h][1-4]", moves[0]):
            page.locator(f'#board [data-sq="{square}"]').click()
        for _ in range(1200):
            after = page.evaluate(CALL, ["view", {}])["result"]
            if after["outcome"] or (len(after["moves"]) >= len(view["moves"]) + 2 and not after["ai_turn"]):
                break
            page.wait_for_timeout(50)
        think = page.evaluate(f"async () => {{ const app = {STATE}; return app.lastThink; }}")
        if think and think != before and think["nodes"] > 0:
            done.append(think)
            ended = page.evaluate("performance.now()")
            tasks = page.evaluate("window.__probe.longtasks")
            longest = max([longest, *(d for s, d in tasks if started <= s <= ended)])
    return done, longest


def measure(browser, url: str, cores: int, turns: int, variant: str, seed: int) -> dict:
    context = browser.new_context()
    context.add_init_script(
        f"Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {{get: () => {cores}}});")
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(url + "index.html?lang=en")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
    page.goto(url + f"index.html?variant={variant}&first=human&level=Grandmaster&seed={seed}&lang=en")
    page.wait_for_function("window.__probe && window.__probe.ready !== null", timeout=180_000, polling=50)
    isolated = page.evaluate("crossOriginIsolated")
    page.wait_for_timeout(3000)  # the helpers' Python starts while the player looks at the board
    found, longest = searches(page, turns, variant, seed)
    context.close()
    workers = 1 + max((len(t["helpers"]) for t in found), default=0)
    engine_nps = [t["nodes"] / t["ms"] * 1000 for t in found]
    all_nps = [(t["nodes"] + sum(h["nodes"] for h in t["helpers"] if h)) / t["ms"] * 1000 for t in found]
    return {"cores": cores, "isolated": isolated, "workers": workers, "searches": len(found),
            "depth": statistics.median(t["depth"] for t in found) if found else 0,
            "engine_nps": statistics.median(engine_nps) if found else 0,
            "all_nps": statistics.median(all_nps) if found else 0, "longest_task_ms": longest}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cores", default="2,4,5,6", help="the devices' cores, comma-separated (default 2,4,5,6)")
    parser.add_argument("--turns", type=int, default=6, help="the Grandmaster's searches per device (default 6)")
    parser.add_argument("--variant", default="banqi")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium")
    if chromium is None:
        print("chromium is not installed: apt-get install -y chromium", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    site = build.build()
    server = serve.make_server(site, port=0)
    serve.serve_in_thread(server)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores here")
    print(f"{args.variant}, the Grandmaster, {args.turns} searches per device (seed {args.seed})")
    print(f"{'cores told':>10} {'isolated':>8} {'workers':>7} {'searches':>8} {'depth':>5} "
          f"{'engine n/s':>10} {'all n/s':>8} {'longest task':>12}")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
            for cores in (int(c) for c in args.cores.split(",")):
                r = measure(browser, serve.url_of(server), cores, args.turns, args.variant, args.seed)
                print(f"{r['cores']:>10} {str(r['isolated']):>8} {r['workers']:>7} {r['searches']:>8} "
                      f"{r['depth']:>5} {r['engine_nps']:>10,.0f} {r['all_nps']:>8,.0f} "
                      f"{r['longest_task_ms']:>10.0f} ms", flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
