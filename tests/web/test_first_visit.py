"""A first visit, counted at the server: every file is downloaded once (the service worker takes what the
engine worker already fetched instead of downloading it again), and the whole visit stays under a bound.

The server here is ``web/serve.py``'s, with the ``Cache-Control`` of a real static host (GitHub Pages sends
``max-age=600``) and with the local server's ``no-cache``; the browser context is a fresh one with no
request interception (Playwright's routes would switch off the HTTP cache), so the browser's own caches
work as they do for a player in a private window: an in-memory HTTP cache, which keeps no file as big
as the runtime's 9.6 MB wasm.
"""

import re
from collections import Counter
from urllib.parse import urlsplit

import build
import pytest
import serve

pytestmark = pytest.mark.web

# The bound this test holds the first visit to (an hdc2 game: no endgame table file is fetched). The
# figure measured is in web/docs/web.md (python3 tests/web/measure.py prints it).
FIRST_VISIT_BYTES = 14_000_000
# files sent (HTTP 200: 92 with the Grandmaster's helpers, the app's manifest and 4 icons, the modules of
# one-link friend play and chain captures, and the 3 that draw a finished game's animated image, cached so
# that it is made offline too; Trystero itself only when a one-link game starts); no-cache adds a 304 of each
FIRST_VISIT_DOWNLOADS = 95
CHECKS = {"GitHub Pages": "max-age=600", "web/serve.py": "no-cache"}


def visit(browser, cache_control):
    """A first visit to the app until the service worker serves it, then a revisit: what the server
    sent for each, as (path, status, bytes)."""
    served: list[tuple[str, int, int]] = []
    server = serve.make_server(build.SITE, port=0, cache_control=cache_control, served=served)
    serve.serve_in_thread(server)
    offsite: list[str] = []
    context = browser.new_context()
    context.on("request", lambda request: offsite.append(request.url)
               if urlsplit(request.url).hostname not in ("127.0.0.1", "localhost") else None)
    try:
        page = context.new_page()
        page.goto(serve.url_of(server))  # as a player comes: the site's root
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000, polling=100)
        page.wait_for_timeout(1000)  # anything the service worker still fetches
        staged = page.evaluate("caches.has('hdchess.fetched').then(async (has) => has ?"
                               " (await (await caches.open('hdchess.fetched')).keys()).length : 0)")
        first = list(served)
        served.clear()
        revisit = context.new_page()
        revisit.goto(serve.url_of(server) + "index.html?lang=en")
        revisit.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        revisit.wait_for_timeout(500)
        again = list(served)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert not offsite, f"requests to other hosts: {offsite}"
    return first, again, staged


@pytest.mark.parametrize("host", CHECKS)
def test_a_first_visit_downloads_each_file_once_and_under_the_bound(browser, host):
    first, again, staged = visit(browser, CHECKS[host])
    downloads = Counter(path for path, status, _ in first if status == 200)
    twice = {path: n for path, n in downloads.items() if n > 1}
    assert not twice, f"downloaded more than once on a first visit: {twice}"
    assert downloads["/pyodide/pyodide.asm.wasm.gz"] == 1 and downloads["/wheels/manifest.json"] == 1
    assert downloads["/pyodide/pyodide.asm.wasm"] == 0  # the plain runtime only for a browser that cannot inflate
    assert sum(n for path, n in downloads.items() if re.fullmatch(r"/pyodide/snapshot-\w+\.bin\.gz", path)) == 1
    total = sum(size for _, _, size in first)
    assert total < FIRST_VISIT_BYTES, f"a first visit downloads {total / 1e6:.2f} MB"
    assert downloads.total() <= FIRST_VISIT_DOWNLOADS, f"a first visit downloads {downloads.total()} files"
    assert staged == 0  # the service worker took every file the engine worker put aside
    # the revisit is served by the service worker: at most the browser's check for a new sw.js
    assert {path for path, _, _ in again} <= {"/sw.js"}
