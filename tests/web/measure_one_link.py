"""Measure one-link play (issue 50): from the guest opening the host's link to both boards ready (the fair
set-up done on both pages, the first move open), through a WebTorrent tracker started on 127.0.0.1 (npm
bittorrent-tracker's server, tests/web/tracker.mjs), in two contexts of one headless Chromium, no STUN
server. Each run is a fresh pair of pages and a fresh link; the guest accepts as soon as it may. Prints
each run's split and the median; asserts nothing.

    python3 tests/web/measure_one_link.py [--runs 10] [--variant hdc2]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))
import build  # noqa: E402
import serve  # noqa: E402
from measure_remote import ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

TRACKER = ["node", str(ROOT / "tests" / "web" / "tracker.mjs"),
           str(ROOT / "web" / "node_modules" / "bittorrent-tracker" / "server.js")]


CONNECTED_JS = "() => Boolean(window.friendGame?.friendStatus()?.connected)"
PLAYING_JS = "() => window.friendGame?.friendStatus()?.phase === 'playing'"
# What a page that did not get there says, and which of Trystero's modules it has loaded (a stall's where).
SAID_JS = """() => ({
  dialog: document.querySelector('#friend-dialog')?.innerText,
  controlled: Boolean(navigator.serviceWorker?.controller),
  trystero: performance.getEntriesByType('resource').filter((e) => e.name.includes('trystero'))
    .map((e) => `${e.name.split('/remote/')[1]} ${Math.round(e.responseEnd)} ms`),
})"""
STEP_S = 0.05  # how often the pages are asked (asking costs them little)
GIVE_UP_S = 120


def until(check, pages) -> float:
    """The time (perf_counter) at which check() first held, asked every STEP_S; past GIVE_UP_S, what the
    pages' dialogs say."""
    deadline = time.perf_counter() + GIVE_UP_S
    while not check():
        if time.perf_counter() > deadline:
            said = [page.evaluate(SAID_JS) for page in pages]
            raise TimeoutError(f"the pages did not get there: {said}")
        time.sleep(STEP_S)
    return time.perf_counter()


def one_run(browser, base: str, variant: str) -> dict[str, float]:
    host_context, guest_context = browser.new_context(), browser.new_context()
    host, guest = host_context.new_page(), guest_context.new_page()
    for side, page in (("host", host), ("guest", guest)):  # what went wrong, if anything does
        page.on("pageerror", lambda err, side=side: print(f"  {side} page error: {err}", flush=True))
        page.on("console", lambda msg, side=side: msg.type == "error" and print(f"  {side}: {msg.text}", flush=True))
    host.goto(base)
    ready(host)
    host.click("#btn-friend")
    host.locator("#ng-variant").select_option(variant)
    host.locator("#new-dialog button[value=start]").click()
    host.locator("#fr-name").fill("Ann")
    host.click("#fr-make")
    link = host.locator("#fr-play-link")
    link.wait_for()
    url = link.input_value()
    start = time.perf_counter()
    guest.goto(url)
    ready(guest)
    t_python = time.perf_counter() - start
    guest.locator("#fr-name").fill("Bo")
    guest.click("#fr-accept")
    pages = (host, guest)
    t_connected = until(lambda: all(page.evaluate(CONNECTED_JS) for page in pages), pages) - start
    t_ready = until(lambda: all(page.evaluate(PLAYING_JS) for page in pages), pages) - start
    host_context.close()
    guest_context.close()
    return {"python": t_python, "connected": t_connected, "ready": t_ready, "chars": len(url)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--variant", default="hdc2")
    args = parser.parse_args()
    site = build.build()
    server = serve.make_server(site, port=0)
    serve.serve_in_thread(server)
    tracker = subprocess.Popen(TRACKER, stdout=subprocess.PIPE, text=True)
    port = json.loads(tracker.stdout.readline())["port"]
    base = serve.url_of(server) + "index.html?" + urlencode({"stun": "none", "relays": f"ws://127.0.0.1:{port}"})
    print(f"load average before: {os.getloadavg()[0]:.2f} (2 cores shared)")
    runs = []
    failed = 0
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=[
                "--no-sandbox", "--disable-gpu", "--disable-features=WebRtcHideLocalIpsWithMdns"])
            for n in range(args.runs):
                try:
                    run = one_run(browser, base, args.variant)
                except TimeoutError as exc:  # counted, said, and the next run goes on
                    print(f"run {n + 1}: failed: {exc}", flush=True)
                    failed += 1
                    continue
                runs.append(run)
                print(f"run {n + 1}: guest's Python ready {run['python']:.2f} s, connected {run['connected']:.2f} s, "
                      f"both boards ready {run['ready']:.2f} s (link {run['chars']} characters)", flush=True)
            browser.close()
    finally:
        tracker.terminate()
        server.shutdown()
    print(f"variant {args.variant}, Chromium headless, two contexts, one tracker on 127.0.0.1, no STUN server;"
          f" {failed} of {args.runs} runs did not connect within {GIVE_UP_S} s")
    for key, words in (("python", "link opened to the guest's Python ready"),
                       ("connected", "link opened to both pages connected"),
                       ("ready", "link opened to both boards ready")):
        print(f"{words}: median {statistics.median(r[key] for r in runs):.2f} s of {len(runs)} "
              f"(min {min(r[key] for r in runs):.2f}, max {max(r[key] for r in runs):.2f})")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
