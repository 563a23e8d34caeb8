"""Measure the animated image of a finished game (issue 50): the time the page takes from the click on the
end screen's "Animated image" to the image shown (the worker's frames, each frame drawn by
web/board-picture.js, the GIF encoded by gifenc), as the page itself times it (the image's data-ms), for a
game of exactly --plies plies (random moves from a seed on CPython, then a resignation), in headless
Chromium. The first run loads the drawing modules too. Prints each run, the median, and the GIF's size;
asserts nothing.

    python3 tests/web/measure_animation.py [--runs 5] [--plies 60] [--variant hdc2 --variant cheight]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
import serve  # noqa: E402
from measure_remote import ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from hdchess.bridge import Session  # noqa: E402

MADE_JS = "() => document.querySelector('#gameover img.game-animation')?.dataset.ms ?? null"
SIZE_JS = "async () => (await (await fetch(document.querySelector('#gameover img.game-animation').src)).blob()).size"


def game_of(variant: str, plies: int, seed: int) -> str:
    """The record of a game of ``variant`` with exactly ``plies`` plies (random legal moves), then resigned."""
    rng = random.Random(seed)
    session = Session()

    def call(cmd: str, **args):
        reply = session.handle({"cmd": cmd, "args": args})
        if not reply["ok"]:
            raise SystemExit(f"{cmd}: {reply['error']}")
        return reply["result"]

    view = call("new_game", variant=variant, seed=seed, players={"1": "human", "2": "human"})
    while len(view["moves"]) < plies:
        if view["outcome"]:  # over too soon: another seed
            return game_of(variant, plies, seed + 1)
        legal = view["legal"]
        moves = legal["flips"] + [move["move"] for options in legal["moves"].values() for move in options]
        view = call("play", move=rng.choice(moves))["view"]
    call("resign")
    return call("export")["record"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--variant", action="append")
    args = parser.parse_args()
    variants = args.variant or ["hdc2", "cheight"]
    site = build.build()
    server = serve.make_server(site, port=0)
    serve.serve_in_thread(server)
    print(f"load average before: {os.getloadavg()[0]:.2f} (2 cores shared)")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
            for variant in variants:
                page = browser.new_page()
                page.goto(serve.url_of(server) + "index.html?" + urlencode({"record": game_of(variant, args.plies, 1)}))
                ready(page)
                page.locator("#btn-animation").wait_for()
                times = []
                for n in range(args.runs):
                    page.locator("#btn-animation").click()
                    page.wait_for_function(MADE_JS, timeout=120_000)
                    times.append(float(page.evaluate(MADE_JS)) / 1000)
                    print(f"{variant} run {n + 1}: {times[-1]:.2f} s", flush=True)
                size = page.evaluate(SIZE_JS) / 1000
                print(f"{variant}, {args.plies} plies ({args.plies + 1} frames, {size:.0f} kB):"
                      f" median {statistics.median(times):.2f} s of {len(times)} (min {min(times):.2f},"
                      f" max {max(times):.2f}; the first, with the modules' load: {times[0]:.2f} s)", flush=True)
                page.close()
            browser.close()
    finally:
        server.shutdown()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
