"""Measure the web app in headless Chromium on this machine. Not a test: it prints figures.

    python3 tests/web/measure.py [--runs 3] [--plies 60] [--levels Beginner,Casual,Club,Expert,Master]
    python3 tests/web/measure.py --skip ai,game --site /tmp/old-site --site _site   # compare builds' start-up

- start-up, cold (a fresh browser profile: no HTTP cache, no service worker) and
  warm (a revisit, served by the service worker): navigation -> clickable board
  (all 32 squares in the DOM) and navigation -> Python ready (the worker's
  ``ready`` event), as medians over ``--runs``, and how many starts restored the
  build's snapshot of Python;
- the AI's move time at each level in the browser (Python time inside the worker,
  and the round trip seen by the page), over the same positions for every level,
  beside the CPython time on this machine;
- the longest main-thread task (PerformanceObserver, ``longtask``: tasks over
  50 ms) while loading, and while playing a game against the AI by clicking;
- a first visit counted at the server (the site's root in a fresh browser context, until the
  service worker serves the page): bytes sent, requests, files downloaded, and any file
  downloaded twice, with the ``Cache-Control`` of GitHub Pages (``max-age=600``) and of
  ``web/serve.py`` (``no-cache``: every file the browser had is revalidated, 304 with no body).

Off-site hosts do not resolve in the browser (and any attempt is reported), but
requests are not intercepted: interception would switch off the HTTP cache.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
import serve  # noqa: E402

PAGES = Path(__file__).with_name("pages")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]

# Installed before any page script: timestamps for the board and for Python ready, and long tasks.
PROBE = """
(() => {
  window.__probe = { board: null, ready: null, longtasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__probe.longtasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  const seeBoard = () => {
    if (window.__probe.board === null && document.querySelectorAll("[data-sq]").length >= 32) {
      window.__probe.board = performance.now();
    }
  };
  new MutationObserver(seeBoard).observe(document, { childList: true, subtree: true });
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (event.data && event.data.event === "ready" && window.__probe.ready === null) {
          window.__probe.ready = performance.now();
          window.__probe.snapshot = Boolean(event.data.snapshot);  // Python restored from the build's snapshot
        }
      });
    }
  };
})();
"""

CALL = """async ([cmd, args]) => {
  const module = await import(new URL("web/engine-client.js", document.baseURI).href);
  while (!module.engines.size) await new Promise((resolve) => setTimeout(resolve, 20));
  const engine = [...module.engines][0];
  const start = performance.now();
  const result = await engine.call(cmd, args);
  return { result, ms: performance.now() - start };
}"""


def median(values):
    return statistics.median(values) if values else float("nan")


def open_and_wait(page, url):
    page.goto(url)
    page.wait_for_function("window.__probe && window.__probe.board !== null && window.__probe.ready !== null",
                           timeout=180_000, polling=50)
    return page.evaluate("window.__probe")


def measure_startup(browser, url, runs, offsite):
    cold, warm = [], []
    for _ in range(runs):
        context = browser.new_context()
        context.on("request", lambda request: offsite_check(request, offsite))
        context.add_init_script(PROBE)
        page = context.new_page()
        cold.append(open_and_wait(page, url))
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        warm.append(open_and_wait(page, url))  # the revisit: the service worker serves every file
        context.close()
    return cold, warm


FIRST_VISIT_HOSTS = (("GitHub Pages", "max-age=600"), ("web/serve.py", "no-cache"))


def first_visit(browser, site: Path, cache_control: str, offsite) -> dict:
    """A first visit to ``site`` served with ``cache_control``, counted at the server."""
    from collections import Counter

    served: list[tuple[str, int, int]] = []
    server = serve.make_server(site, port=0, cache_control=cache_control, served=served)
    serve.serve_in_thread(server)
    context = browser.new_context()  # no request interception: it would switch off the HTTP cache
    context.on("request", lambda request: offsite_check(request, offsite))
    try:
        page = context.new_page()
        page.goto(serve.url_of(server))
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000, polling=100)
        page.wait_for_timeout(1000)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    downloads = Counter(path for path, status, _ in served if status == 200)
    return {"bytes": sum(size for _, _, size in served), "requests": len(served), "downloads": downloads.total(),
            "twice": {path: n for path, n in downloads.items() if n > 1}}


def print_first_visits(browser, site: Path, offsite, label: str = "") -> None:
    for host, cache_control in FIRST_VISIT_HOSTS:
        visit = first_visit(browser, site, cache_control, offsite)
        twice = ", ".join(f"{path} x{n}" for path, n in sorted(visit["twice"].items())) or "none"
        print(f"  {label}{host} ({cache_control}): {visit['bytes'] / 1e6:.2f} MB, {visit['requests']} requests, "
              f"{visit['downloads']} files sent; downloaded more than once: {twice}")


def offsite_check(request, offsite):
    if urlsplit(request.url).hostname not in ("127.0.0.1", "localhost", None):
        offsite.append(request.url)


def engine_call(page, cmd, args=None):
    return page.evaluate(CALL, [cmd, args or {}])


def sample_positions(seeds=(1, 2, 3), plies=(8, 24, 40)):
    """Records of positions along Beginner games: an opening, a middle game, a later one."""
    from hdchess.bridge import Session

    records = []
    for seed in seeds:
        session = Session()
        session.handle({"cmd": "new_game", "args": {"seed": seed, "players": {"1": "ai", "2": "ai"},
                                                    "level": "Beginner"}})
        for target in plies:
            view = session.handle({"cmd": "view"})["result"]
            while view["ply"] < target and not view["outcome"]:
                view = session.handle({"cmd": "ai_move"})["result"]["view"]
            if not view["outcome"]:
                records.append(view["record"])
    return records


def cpython_ms(records, level):
    from hdchess.bridge import Session

    times = []
    for record in records:
        session = Session()
        session.handle({"cmd": "restore", "args": {"record": record}})
        start = time.perf_counter()
        session.handle({"cmd": "ai_move", "args": {"level": level}})
        times.append((time.perf_counter() - start) * 1000)
    return times


def measure_ai(browser, site_url, levels):
    page = browser.new_page()
    page.goto(site_url + "_test/engine.html")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('ready')", timeout=180_000)
    records = sample_positions()
    rows = []
    for level in levels:
        python, round_trip = [], []
        for record in records:
            engine_call(page, "restore", {"record": record})
            reply = engine_call(page, "ai_move", {"level": level})
            python.append(reply["result"]["analysis"]["time_ms"])
            round_trip.append(reply["ms"])
        rows.append((level, python, round_trip, cpython_ms(records, level)))
    page.close()
    return len(records), rows


def play_a_game(browser, url, max_plies, seed, offsite):
    """Play by clicking (random legal moves) against the app's AI; the page's long tasks during play."""
    context = browser.new_context()
    context.on("request", lambda request: offsite_check(request, offsite))
    context.add_init_script(PROBE)
    page = context.new_page()
    open_and_wait(page, url)
    page.wait_for_timeout(500)
    start = page.evaluate("performance.now()")
    rng = random.Random(seed)
    clicks = 0
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        view = engine_call(page, "view")["result"]
        if view["outcome"] or view["ply"] >= max_plies:
            break
        if view["ai_turn"]:
            page.wait_for_timeout(100)
            continue
        options = list(view["legal"]["flips"]) + [o["move"] for opts in view["legal"]["moves"].values()
                                                  for o in opts]
        move = rng.choice(sorted(options))
        for square in (move[:2], move[3:5]) if len(move) > 2 else (move[:2],):
            page.locator(f'[data-sq="{square}"]').click()
        clicks += 1
        for _ in range(600):
            now = engine_call(page, "view")["result"]
            if now["ply"] > view["ply"]:
                break
            page.wait_for_timeout(50)
    probe = page.evaluate("window.__probe")
    final = engine_call(page, "view")["result"]
    context.close()
    loading = [d for s, d in probe["longtasks"] if s < start]
    playing = [d for s, d in probe["longtasks"] if s >= start]
    return final["ply"], clicks, loading, playing


def site_size(site: Path) -> int:
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())


def compare_startup(sites: list[Path], runs: int) -> int:
    """Start-up of several built sites, measured in turns (one run of each, then again), so a busy
    machine weighs on all of them alike."""
    from playwright.sync_api import sync_playwright

    servers = [serve.make_server(site, port=0) for site in sites]
    for server in servers:
        serve.serve_in_thread(server)
    offsite: list[str] = []
    results = {site: ([], []) for site in sites}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
        print("first visit, counted at the server (an hdc2 game: no endgame table file)")
        for site in sites:
            print_first_visits(browser, site, offsite, f"{str(site):28} ")
        print(f"start-up, headless Chromium {browser.version}, {runs} runs of each site in turns")
        for _ in range(runs):
            for site, server in zip(sites, servers):
                cold, warm = measure_startup(browser, serve.url_of(server) + "index.html?lang=en", 1, offsite)
                results[site][0].extend(cold)
                results[site][1].extend(warm)
        browser.close()
    for server in servers:
        server.shutdown()
    print(f"  {'site':40} {'size':>9} {'cold board/ready':>18} {'warm board/ready':>18}   (medians, ms)")
    for site in sites:
        cold, warm = results[site]
        print(f"  {str(site):40} {site_size(site) / 1e6:7.2f}MB "
              f"{median([r['board'] for r in cold]):8.0f}/{median([r['ready'] for r in cold]):<9.0f} "
              f"{median([r['board'] for r in warm]):8.0f}/{median([r['ready'] for r in warm]):<9.0f}")
        each = f"cold {[round(r['ready']) for r in cold]}, warm {[round(r['ready']) for r in warm]}"
        restored = sum(bool(r.get("snapshot")) for r in cold + warm)
        print(f"    ready, each run: {each}; from the snapshot: {restored} of {len(cold + warm)}")
    print(f"off-site requests attempted: {len(offsite)}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="start-up runs (cold and warm), default 3")
    parser.add_argument("--plies", type=int, default=60, help="longest game to play for long tasks, default 60")
    parser.add_argument("--levels", default="Beginner,Casual,Club,Expert,Master")
    parser.add_argument("--skip", default="", help="comma list of parts to skip: firstvisit,startup,ai,game")
    parser.add_argument("--site", action="append", default=[],
                        help="measure the start-up of this built site instead of building (repeat to compare "
                             "builds in one run, in turns)")
    args = parser.parse_args(argv)
    skip = set(filter(None, args.skip.split(",")))
    if args.site:
        return compare_startup([Path(s) for s in args.site], args.runs)

    from playwright.sync_api import sync_playwright

    site = build.build()
    server = serve.make_server(site, port=0, mounts={"/_test/": PAGES})
    serve.serve_in_thread(server)
    site_url = serve.url_of(server)
    app_url = site_url + "index.html?lang=en"
    offsite: list[str] = []
    chromium = shutil.which("chromium")
    if chromium is None:
        print("chromium is not installed: apt-get install -y chromium", file=sys.stderr)
        return 1
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
        print(f"hdchess web app, headless Chromium {browser.version}, {site_url}")
        if "firstvisit" not in skip:
            print(f"\nfirst visit, counted at the server (an hdc2 game: no endgame table file); the site: "
                  f"{site_size(site) / 1e6:.1f} MB")
            print_first_visits(browser, site, offsite)
        if "startup" not in skip:
            cold, warm = measure_startup(browser, app_url, args.runs, offsite)
            print(f"\nstart-up, median of {args.runs} (ms from navigation)")
            print(f"  {'':6} {'board clickable':>16} {'Python ready':>13}   runs (board/ready)")
            for name, runs in (("cold", cold), ("warm", warm)):
                each = ", ".join(f"{r['board']:.0f}/{r['ready']:.0f}" for r in runs)
                print(f"  {name:6} {median([r['board'] for r in runs]):16.0f} "
                      f"{median([r['ready'] for r in runs]):13.0f}   {each}")
            restored = sum(bool(r.get("snapshot")) for r in cold + warm)
            print(f"  Python restored from the build's snapshot in {restored} of {len(cold + warm)} starts")
            load_tasks = [d for r in cold + warm for _, d in r["longtasks"]]
            print(f"  longest main-thread task while loading: {max(load_tasks, default=0):.0f} ms "
                  f"({len(load_tasks)} tasks over 50 ms in {2 * args.runs} loads)")
        if "ai" not in skip:
            count, rows = measure_ai(browser, site_url, [lv for lv in args.levels.split(",") if lv])
            print(f"\nAI move time over {count} positions (plies 8/24/40 of 3 games), ms: mean / max")
            print(f"  {'level':10} {'Pyodide (Python)':>18} {'round trip':>14} {'CPython':>14} {'ratio':>6}")
            for level, python, trip, native in rows:
                ratio = statistics.mean(python) / max(statistics.mean(native), 1e-9)
                print(f"  {level:10} {statistics.mean(python):9.0f} / {max(python):6.0f} "
                      f"{statistics.mean(trip):6.0f} / {max(trip):6.0f} "
                      f"{statistics.mean(native):6.0f} / {max(native):6.0f} {ratio:5.1f}x")
        if "game" not in skip:
            plies, clicks, loading, playing = play_a_game(browser, app_url, args.plies, 7, offsite)
            print(f"\na game against the AI (default level), {plies} plies, {clicks} human moves by clicking")
            print(f"  longest main-thread task while playing: {max(playing, default=0):.0f} ms "
                  f"({len(playing)} tasks over 50 ms; {len(loading)} while loading)")
        browser.close()
    server.shutdown()
    print(f"\noff-site requests attempted: {len(offsite)}" + (f" {offsite[:5]}" if offsite else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
