"""Browser tests of the web app: pytest-playwright driving Debian's Chromium.

Every test in tests/web is marked ``web`` (``pytest -m "not web"`` skips them).
The site is built once per session (web/build.py) and served on 127.0.0.1 in
a thread, with this folder's ``pages/`` mounted at ``/_test/`` (pages that only
tests use, such as an iframe parent; they are not part of the site), and the
site once more under ``/hdchess/``, the way GitHub Pages serves a project.

Every request to a host other than 127.0.0.1/localhost is blocked AND fails the
test that made it (the app must never reach a CDN).

Fixtures
--------
``site_url``       session: the served site's base URL, ``http://127.0.0.1:PORT/``.
``site_server``    session: the server (``server.server_address``), e.g. to stop it.
``page``/``context``/``new_context``
                   pytest-playwright's, with the off-site guard installed on every context.
``offsite_requests``
                   the list of blocked off-site URLs of this test (checked empty at teardown).
``guard``          ``guard(context)``: installs the off-site guard on a context made another way
                   (in a browser of the test's own, from pytest-playwright's ``launch_browser``).
``open_app``       ``open_app(query="", page=None, ready=True) -> Page``: opens
                   ``index.html?<query>`` and, unless ``ready=False``, waits until Python is ready
                   (the engine answered its first request). ``query`` may be a dict.
``app``            a Page with the app open at index.html and Python ready.
``engine_call``    ``engine_call(page, cmd, args=None) -> result``: sends a bridge command
                   (web protocol) through the app's own engine, e.g. to read the ``view``.
                   Raises AssertionError with the bridge's message if the command failed.
``wait_for_engine``
                   ``wait_for_engine(page, timeout_ms=120000) -> version``: waits for Python ready.
``axe_source``     session: the text of axe-core's ``axe.min.js``, installed with npm into
                   ``tests/web/.cache/`` the first time (never vendored in the repository).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))
import build  # noqa: E402  (web/build.py)
import serve  # noqa: E402  (web/serve.py)

PAGES = Path(__file__).with_name("pages")
PROJECT_PATH = "/hdchess/"  # the site again under a path, as on GitHub Pages (https://user.github.io/hdchess/)
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
AXE_VERSION = "4.10.3"
AXE_CACHE = Path(__file__).with_name(".cache") / f"axe-{AXE_VERSION}"
READY_TIMEOUT_MS = 120_000  # generous: Pyodide boots in ~3 s here, but CI machines can be busy

# The app's engine, reached from the page through the engine client's module
# (the same module instance the app imported): wait for it, or call it.
_FIND_ENGINE = """
  const findEngine = async (waitMs) => {
    const module = await import(new URL("web/engine-client.js", document.baseURI).href);
    const start = performance.now();
    while (!module.engines.size) {
      if (performance.now() - start > waitMs) throw new Error("the app created no engine");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return [...module.engines][0];
  };
"""
_WAIT_READY_JS = """async ([timeoutMs]) => {""" + _FIND_ENGINE + """
  const engine = await findEngine(timeoutMs);
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`Python not ready after ${timeoutMs} ms`)), timeoutMs));
  const { version } = await Promise.race([engine.ready, timeout]);
  // and the app's first game (the URL's record, the saved game) is on the board
  const started = (async () => {
    while (!document.body.dataset.started) await new Promise((resolve) => setTimeout(resolve, 20));
  })();
  await Promise.race([started, timeout]);
  return version;
}"""
_CALL_JS = """async ([cmd, args]) => {""" + _FIND_ENGINE + """
  const engine = await findEngine(10000);
  try {
    return { ok: true, result: await engine.call(cmd, args) };
  } catch (error) {
    return { ok: false, error: error.message, crashed: !!error.crashed };
  }
}"""


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.web)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Debian's chromium is not installed: apt-get install -y chromium (tests/run-all.sh does it)")
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def site_server():
    site = build.build()
    server = serve.make_server(site, port=0, mounts={"/_test/": PAGES, PROJECT_PATH: site})
    serve.serve_in_thread(server)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_url(site_server):
    return serve.url_of(site_server)


@pytest.fixture
def offsite_requests():
    blocked: list[str] = []
    yield blocked
    assert not blocked, f"the page tried to reach hosts other than 127.0.0.1: {blocked}"


def guard_offsite(context, blocked: list[str]) -> None:
    """Abort and record every request of ``context`` to a host other than this machine."""
    def route(route):
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob") or parts.hostname in LOCAL_HOSTS:
            route.fallback()
        else:
            blocked.append(url)
            route.abort("blockedbyclient")
    context.route("**/*", route)


@pytest.fixture
def new_context(new_context, offsite_requests):
    def make(**kwargs):
        context = new_context(**kwargs)
        context.set_default_timeout(30_000)
        guard_offsite(context, offsite_requests)
        return context
    return make


@pytest.fixture(scope="session")
def axe_source():
    script = AXE_CACHE / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("npm is needed once to fetch axe-core (apt-get install -y npm)")
        AXE_CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-save",
                        "--prefix", str(AXE_CACHE), f"axe-core@{AXE_VERSION}"], check=True, stdout=subprocess.DEVNULL)
    return script.read_text(encoding="utf-8")


@pytest.fixture
def guard(offsite_requests):
    return lambda context: guard_offsite(context, offsite_requests)


@pytest.fixture
def wait_for_engine():
    def wait(page, timeout_ms: int = READY_TIMEOUT_MS):
        return page.evaluate(_WAIT_READY_JS, [timeout_ms])
    return wait


@pytest.fixture
def engine_call():
    def call(page, cmd: str, args: dict | None = None):
        reply = page.evaluate(_CALL_JS, [cmd, args or {}])
        assert reply["ok"], f"{cmd} failed: {reply['error']}"
        return reply["result"]
    return call


@pytest.fixture
def open_app(page, site_url, wait_for_engine):
    def open_(query: str | dict = "", target=None, ready: bool = True):
        target = target or page
        if isinstance(query, dict):
            query = urlencode(query)
        target.goto(site_url + "index.html" + (f"?{query}" if query else ""))
        if ready:
            wait_for_engine(target)
        return target
    return open_


@pytest.fixture
def app(open_app):
    return open_app()
