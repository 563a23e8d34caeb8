"""Helpers the browser tests share: a board square's locator, bridge calls on CPython, finished games,
the wait until the page is idle, and the screenshots the tests keep."""

import os
from pathlib import Path
from urllib.parse import quote

from hdchess.bridge import Session

# where the tests write their screenshots: beside Playwright's own output (test-results/, not committed),
# or the folder HDCHESS_SCREENSHOTS names
NOTE_SHOTS = Path(os.environ.get("HDCHESS_SCREENSHOTS")
                  or Path(__file__).resolve().parents[2] / "test-results" / "screenshots")


def note_screenshot(page, name: str) -> None:
    """A screenshot of ``page``, kept as ``NOTE_SHOTS/name.png`` for a reader of the run."""
    NOTE_SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(NOTE_SHOTS / f"{name}.png"))

# Playwright's wait_for_function does not await a predicate's promise (a promise is truthy: an async
# predicate returns at once), so a module the predicate reads is imported first into a global.
IMPORT_CONTROLLER_JS = """async () => {
  window.hdchessTestController = await import(new URL('web/controller.js', document.baseURI).href);
}"""
# True once Python is ready and no engine call or AI turn is under way.
IDLE_JS = """() => {
  const c = window.hdchessTestController;
  return Boolean(c) && c.app.ready && c.app.busy === 0 && !c.app.thinking;
}"""


def wait_until_idle(page, timeout: float) -> None:
    """Wait for the event a look at the page needs: Python ready, no engine call or AI turn under way."""
    page.evaluate(IMPORT_CONTROLLER_JS)
    page.wait_for_function(IDLE_JS, timeout=timeout)


def open_set_up_game(open_app, lang, variant, fen, **tags):
    """A game from ``fen``, opened as a shared record in ``lang`` with ``tags`` added (rule options; the
    players are two people at this page unless the tags say otherwise); returned once the board takes clicks."""
    all_tags = {"Variant": variant, "FEN": fen, "Player1Type": "human", "Player2Type": "human", **tags}
    record = "".join(f'[{k} "{v}"]\n' for k, v in all_tags.items()) + "\n*\n"
    page = open_app(f"lang={lang}&record={quote(record)}")
    page.wait_for_selector("#board.interactive", timeout=60_000)
    return page


def cell(page, square):
    return page.locator(f'#board [data-sq="{square}"]')


def call(session, cmd, **args):
    """A bridge command on CPython that must succeed: its result."""
    reply = session.handle({"cmd": cmd, "args": args})
    assert reply["ok"], reply
    return reply["result"]


def finished(variant="hdc2", seed=8, options=None):
    """A known deal played to its end by two Beginners on CPython: (record, final view, the session)."""
    session = Session()
    call(session, "new_game", variant=variant, seed=seed, players={"1": "ai", "2": "ai"}, level="Beginner",
         **({"options": options} if options else {}))
    view = call(session, "view")
    while not view["outcome"]:
        view = call(session, "ai_move")["view"]
    return call(session, "export")["record"], view, session
