"""The Grandmaster's helpers in the page (web/search-pool.js, web/search-worker.js, web/sw.js).

The service worker makes the page cross-origin isolated from the second visit on; then, on a device
with four cores or more, the Grandmaster thinks with search workers sharing one table with the engine
worker's search. The device's cores are what the page is told (``navigator.hardwareConcurrency``,
set here before any script runs), so the test does not depend on the machine running it.
"""

import re

import pytest
from playwright.sync_api import expect
from web_support import cell

pytestmark = pytest.mark.web

GAME = "index.html?variant=banqi&first=human&level=Grandmaster&seed=5&lang=en"
STATE = "const app = (await import(new URL('web/state.js', document.baseURI).href)).app;"
POOL = "const pool = (await import(new URL('web/search-pool.js', document.baseURI).href)).searchPool();"


def device(new_context, cores: int):
    context = new_context()
    context.add_init_script(
        f"Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {{get: () => {cores}}});")
    return context


def second_visit(context, site_url, wait_for_engine):
    """The game, opened once the service worker serves the site (the second visit's page)."""
    page = context.new_page()
    page.goto(site_url + "index.html")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.goto(site_url + GAME)
    wait_for_engine(page)
    return page


def helpers_booted(page, count: int) -> None:
    """Wait for the event a search with every helper needs: each helper's Python has booted. (The pool's
    module is imported first: wait_for_function does not await a promise, so its predicate is sync.)"""
    page.evaluate("async () => { window.hdchessTestPool = "
                  "(await import(new URL('web/search-pool.js', document.baseURI).href)).searchPool; }")
    page.wait_for_function(f"""() => {{ const pool = window.hdchessTestPool();
        return pool !== null && pool.helpers.length === {count}
          && pool.helpers.every((helper) => helper.ready && !helper.failed); }}""", timeout=180_000)


def search_with_helpers(page, engine_call, count: int, warnings: list[str], after=None) -> dict:
    """Play turns until the Grandmaster has searched (a search other than ``after``) with ``count`` helpers
    that each answered; before each turn, wait until every helper has booted (a replacement for one that
    died may still be starting). A busy machine may cost a search a helper that did not answer its stop in
    time; it is replaced, and the next search counts."""
    think = after
    for _ in range(12):  # past the opening book, until the Grandmaster has searched with its helpers
        helpers_booted(page, count)
        view = play_a_turn(page, engine_call)
        think = page.evaluate(f"async () => {{ {STATE} return app.lastThink; }}")
        if think and think != after and len(think["helpers"]) == count and all(think["helpers"]):
            return think
        assert not view["outcome"], f"the game ended before a search with {count} helpers: {think}, {warnings}"
    raise AssertionError(f"no search with {count} helpers in 12 turns: the last was {think}; warnings {warnings}")


def play_a_turn(page, engine_call):
    """The player's move by clicking (a flip while there is one); returns once the Grandmaster has answered."""
    view = engine_call(page, "view")
    moves = view["legal"]["flips"] or [a["move"] for options in view["legal"]["moves"].values() for a in options]
    for square in re.findall(r"[a-h][1-4]", moves[0]):
        cell(page, square).click()
    for _ in range(600):  # the Grandmaster thinks up to 5 s; a busy machine takes longer
        after = engine_call(page, "view")
        if after["outcome"] or (len(after["moves"]) >= len(view["moves"]) + 2 and not after["ai_turn"]):
            return after
        page.wait_for_timeout(100)
    raise AssertionError(f"the Grandmaster did not answer in a minute; the status says: "
                         f"{page.locator('#status').inner_text()!r}")


def test_an_isolated_page_on_four_cores_thinks_with_helpers_and_plays_on(new_context, site_url, wait_for_engine,
                                                                          engine_call):
    page = second_visit(device(new_context, 4), site_url, wait_for_engine)
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    assert page.evaluate("crossOriginIsolated")
    assert page.evaluate(f"async () => {{ {POOL} return pool.helpers.length; }}") == 2  # 4 cores: engine + 2 helpers
    last = search_with_helpers(page, engine_call, 2, warnings)
    assert len(last["helpers"]) == 2 and all(h["nodes"] > 0 and h["depth"] >= 1 for h in last["helpers"])
    assert engine_call(page, "view")["moves"][-1]["player"] == 2  # the Grandmaster's move was played
    # nothing failed (a helper slow to answer its stop on a busy machine is ended and replaced, not a failure)
    assert not [w for w in warnings if ("helper" in w or "thinks alone" in w) and "no answer to the stop" not in w], \
        warnings
    # the player may turn them off (the setting says what this device gives): the workers end at once
    page.locator("#btn-settings").click()
    expect(page.locator("#set-helpers-note")).to_have_text("On this device it thinks on 3 cores at once.")
    page.locator("#set-helpers").uncheck()
    page.keyboard.press("Escape")
    assert page.evaluate(f"async () => {{ {STATE} return app.settings.helpers; }}") is False
    before = think = page.evaluate(f"async () => {{ {STATE} return app.lastThink; }}")
    for _ in range(12):  # until the Grandmaster has searched again
        view = play_a_turn(page, engine_call)
        think = page.evaluate(f"async () => {{ {STATE} return app.lastThink; }}")
        if view["outcome"] or (think["nodes"] > 0 and think != before):
            break
    assert think != before and think["helpers"] == [], "helpers searched after they were turned off"
    # and on again: new helpers, a new table, shared with the engine worker as the first was
    page.locator("#btn-settings").click()
    page.locator("#set-helpers").check()
    page.keyboard.press("Escape")
    think = search_with_helpers(page, engine_call, 2, warnings, after=think)
    assert all(h["nodes"] > 0 for h in think["helpers"]), think
    # a helper whose worker dies is replaced: the next searches have two helpers again
    page.evaluate(f"""async () => {{ {POOL} const helper = pool.helpers[0]; helper.worker.terminate();
        helper.worker.dispatchEvent(new ErrorEvent("error", {{message: "killed by the test"}})); }}""")
    think = search_with_helpers(page, engine_call, 2, warnings, after=think)
    assert all(h["nodes"] > 0 for h in think["helpers"]), think


@pytest.mark.parametrize("cores, visit", [(2, "second"), (8, "first")])
def test_no_helpers_where_they_do_not_pay_or_the_page_cannot_share_memory(new_context, site_url, wait_for_engine,
                                                                         engine_call, cores, visit):
    context = device(new_context, cores)
    if visit == "second":
        page = second_visit(context, site_url, wait_for_engine)
        assert page.evaluate("crossOriginIsolated")
    else:  # no service worker serves a first visit: not isolated
        page = context.new_page()
        page.goto(site_url + GAME)
        wait_for_engine(page)
        assert not page.evaluate("crossOriginIsolated")
    assert page.evaluate(f"async () => {{ {POOL} return pool; }}") is None
    page.locator("#btn-settings").click()  # the setting says why, and cannot be turned on
    expect(page.locator("#set-helpers")).to_be_disabled()
    expect(page.locator("#set-helpers-note")).to_contain_text(
        "fewer than 4 cores" if cores < 4 else "from your next visit")
    page.keyboard.press("Escape")
    view = play_a_turn(page, engine_call)  # the Grandmaster plays alone, as ever
    assert view["moves"][-1]["player"] == 2, view["moves"]
