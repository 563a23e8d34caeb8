"""A new game reaches the page with no edit to web/ (issue 34): a site built from a
checkout that has one more variant module and its Chinese words (``tests/new_game.py``)
offers the game in both languages, draws its own board and plays it against the computer."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import serve  # web/serve.py (tests/web/conftest.py puts web/ on the path)
from conftest import ROOT
from playwright.sync_api import expect

sys.path.insert(0, str(ROOT / "tests"))
from new_game import NAME, TITLE_ZH, copy_package  # noqa: E402  (tests/new_game.py)

pytestmark = pytest.mark.web
WAIT_MS = 60_000


@pytest.fixture(scope="module")
def new_game_url() -> Iterator[str]:
    """The site built from a copy of this checkout with the new game added, served; its base URL."""
    cache = ROOT / "web" / ".cache"  # the copy builds beside the real one: downloads are shared, not redone
    cache.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="newgame-checkout-", dir=cache))
    try:
        for name in ("index.html", "pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, root / name)
        shutil.copytree(ROOT / "web", root / "web", ignore=shutil.ignore_patterns("node_modules", ".cache",
                                                                                "__pycache__"))
        for shared in ("node_modules", ".cache"):
            (root / "web" / shared).symlink_to(ROOT / "web" / shared)
        copy_package(ROOT / "hdchess", root)
        built = subprocess.run([sys.executable, "web/build.py"], cwd=root, capture_output=True, text=True,
                               timeout=1200)
        assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
        server = serve.make_server(root / "_site", port=0)
        serve.serve_in_thread(server)
        yield serve.url_of(server)
        server.shutdown()
        server.server_close()
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_the_page_offers_draws_and_plays_the_new_game(page, new_game_url, wait_for_engine, engine_call) -> None:
    page.goto(new_game_url + f"index.html?variant={NAME}&lang=zh&level=Beginner&first=human")
    wait_for_engine(page)
    cells = page.locator("#board [role=gridcell]")
    expect(cells).to_have_count(16, timeout=WAIT_MS)  # its own 4 x 4 board
    first_row = page.locator("#board [role=row]").first.locator("[role=gridcell]")
    assert first_row.evaluate_all("cells => cells.map(c => c.dataset.sq)") == ["a4", "b4", "c4", "d4"]

    page.locator("#btn-new").click()  # its words, in Chinese, from its words file
    expect(page.locator(f'#ng-variant option[value="{NAME}"]')).to_have_text(TITLE_ZH)
    page.keyboard.press("Escape")
    page.locator("#btn-rules").click()
    expect(page.locator("#rules-dialog h2")).to_contain_text(TITLE_ZH)
    page.keyboard.press("Escape")

    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    page.locator('#board [data-sq="a1"]').dispatch_event("click")  # a flip; then the computer answers
    expect(page.locator("#board .disc.hidden")).not_to_have_count(16, timeout=WAIT_MS)
    page.wait_for_function("() => document.querySelectorAll('#moves .move:not(.placeholder)').length >= 2",
                           timeout=WAIT_MS)
    view = engine_call(page, "view")
    assert view["variant"] == NAME and len(view["moves"]) == 2 and view["moves"][0]["text"].startswith("a1(")
