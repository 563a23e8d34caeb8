"""Measure a friend game's cost in the browser (issue 37): making the invitation (ICE gathering), the reply,
the connection, the protocol's set-up (the shuffled, encrypted deck both ways and who opens), and a flip
(the mover's partial decryption, the peer's check and reply, both layers off), in two contexts of one
headless Chromium on this machine, with no STUN server (plain host candidates, as the tests). Prints the
figures; asserts nothing.

    python3 tests/web/measure_remote.py [--variant hdc2] [--flips 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))
import build  # noqa: E402
import serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

READY_JS = """async () => {
  const module = await import(new URL("web/engine-client.js", document.baseURI).href);
  while (!module.engines.size) await new Promise((r) => setTimeout(r, 20));
  await [...module.engines][0].ready;
  window.friendGame = await import(new URL("web/friend-game.js", document.baseURI).href);
  window.appState = (await import(new URL("web/state.js", document.baseURI).href)).app;
}"""


def ready(page):
    page.evaluate(READY_JS)


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="hdc2")
    parser.add_argument("--flips", type=int, default=5)
    args = parser.parse_args()
    site = build.build()
    server = serve.make_server(site, port=0)
    serve.serve_in_thread(server)
    base = serve.url_of(server) + "index.html?stun=none&relays=none"  # the two-link exchange
    print(f"load average before: {os.getloadavg()[0]:.2f} (2 cores shared)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=[
            "--no-sandbox", "--disable-gpu", "--disable-features=WebRtcHideLocalIpsWithMdns"])
        host = browser.new_context().new_page()
        guest = browser.new_context().new_page()
        host.goto(base)
        ready(host)
        host.click("#btn-friend")
        host.locator("#ng-variant").select_option(args.variant)
        host.locator("#new-dialog button[value=start]").click()
        host.locator("#fr-name").fill("Ann")
        link, t_invite = timed(lambda: (host.click("#fr-make"), host.locator("#fr-join-link").wait_for(),
                                        host.locator("#fr-join-link").input_value())[-1])
        guest.goto(link)
        ready(guest)
        guest.locator("#fr-accept").wait_for()
        guest.locator("#fr-name").fill("Bo")
        reply, t_reply = timed(lambda: (guest.click("#fr-accept"), guest.locator("#fr-reply-link").wait_for(),
                                        guest.locator("#fr-reply-link").input_value())[-1])
        host.locator("#fr-reply").fill(reply)
        start = time.perf_counter()
        host.click("#fr-connect")
        host.wait_for_function("window.friendGame.friendStatus()?.connected", polling=5)
        t_connect = time.perf_counter() - start
        for page in (host, guest):
            page.wait_for_function("window.friendGame.friendStatus()?.phase === 'playing'", polling=10, timeout=300_000)
        t_setup = time.perf_counter() - start - t_connect
        flips = []
        for _ in range(args.flips):
            for page in (host, guest):
                page.wait_for_function("window.appState.busy === 0", polling=5)
            mover = host if host.evaluate("window.friendGame.friendStatus().my_turn") else guest
            legal = mover.evaluate("window.appState.view.legal")
            if not legal["flips"]:
                break
            n = mover.evaluate("window.appState.view.moves.length")
            start = time.perf_counter()
            mover.evaluate("(m) => window.friendGame.friendAction({ move: m })", legal["flips"][0])
            mover.wait_for_function("(n) => window.appState.view.moves.length > n", arg=n, polling=5)
            flips.append(time.perf_counter() - start)
        browser.close()
    server.shutdown()
    print(f"variant {args.variant}, Chromium headless, two contexts, no STUN server")
    print(f"invitation made (offer, ICE gathered, compressed): {t_invite * 1000:.0f} ms, {len(link)} characters")
    print(f"reply made (answer, ICE gathered, compressed):    {t_reply * 1000:.0f} ms, {len(reply)} characters")
    print(f"channel open after the reply was pasted:          {t_connect * 1000:.0f} ms")
    print(f"protocol set-up (hello, welcome, start: decks):    {t_setup:.2f} s")
    if flips:
        print(f"one flip, act to revealed on the mover's page:    median {statistics.median(flips) * 1000:.0f} ms "
              f"(of {len(flips)}: {', '.join(f'{f * 1000:.0f}' for f in flips)})")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
