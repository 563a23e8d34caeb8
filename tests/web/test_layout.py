"""The game's screen: nothing moves the board during a game (no layout shift at all, a Grandmaster's
progress bar and "Move now" included), and a phone shows the board and both players without scrolling."""

import pytest
from playwright.sync_api import expect
from web_support import note_screenshot, wait_until_idle

pytestmark = pytest.mark.web

WAIT_MS = 60_000

# Every layout shift from the first board on (Layout Instability API), and the board's box at each frame.
WATCH_SHIFTS = """(() => {
  window.__shifts = [];
  window.__boardBoxes = new Set();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (window.__boardAt === undefined || entry.startTime < window.__boardAt || entry.hadRecentInput) continue;
      window.__shifts.push({ value: entry.value, at: entry.startTime,
        sources: (entry.sources || []).map((s) => [s.node?.id || s.node?.className || s.node?.nodeName || "?",
          JSON.stringify(s.previousRect), JSON.stringify(s.currentRect)]) });
    }
  }).observe({ type: "layout-shift", buffered: true });
  const frame = () => {
    const board = document.querySelector("#board");
    if (board && board.querySelector(".sq")) {
      // counted from the frame after the first board (that frame draws the whole page at once)
      if (window.__boardSeen && window.__boardAt === undefined) window.__boardAt = performance.now();
      window.__boardSeen = true;
      const r = board.getBoundingClientRect();
      window.__boardBoxes.add([r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10).join(","));
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();"""


# How often the Grandmaster's progress bar ("#think") came into view: counted by the page as it happens, so a
# test on a busy machine, whose polls may fall before and after a short think, still sees it.
COUNT_THINKS = """(() => {
  window.__thinks = 0;
  const watch = () => {
    const think = document.querySelector("#think");
    if (!think) return void requestAnimationFrame(watch);
    new MutationObserver(() => { if (!think.hidden) window.__thinks += 1; })
      .observe(think, { attributes: true, attributeFilter: ["hidden"] });
  };
  document.addEventListener("DOMContentLoaded", watch);
})();"""


def idle(page):
    wait_until_idle(page, WAIT_MS)


def flip_something(page, confirm=False):
    """Flip a face-down piece; ``confirm``: on a touch screen, where Confirm moves is on by default, play it."""
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    page.locator("#board .sq.actionable:has(.disc.hidden)").first.click()
    if confirm:
        page.locator("#btn-confirm-move").click(timeout=WAIT_MS)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_nothing_moves_during_a_game_with_a_grandmaster_turn(new_context, site_url, wait_for_engine, size):
    context = new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.add_init_script(WATCH_SHIFTS)
    page.add_init_script(COUNT_THINKS)
    page.goto(site_url + "index.html?first=human&level=Grandmaster&seed=5&lang=en")
    wait_for_engine(page)
    idle(page)
    flip_something(page)  # the Grandmaster thinks its whole time: its progress bar and "Move now" come and go
    page.wait_for_function("window.__thinks >= 1", timeout=WAIT_MS)
    idle(page)
    expect(page.locator("#think")).to_be_hidden()
    flip_something(page)
    page.wait_for_function("window.__thinks >= 2", timeout=WAIT_MS)
    move_now = page.locator("#btn-move-now")
    if move_now.is_visible():  # this time the player tells it to move now (on a busy machine it may be done)
        move_now.click(timeout=WAIT_MS)
    idle(page)
    page.locator("#btn-hint").click()
    expect(page.locator("#hint-text")).to_be_visible()
    idle(page)
    page.wait_for_timeout(600)
    flip_something(page)  # the hint goes as the player moves
    idle(page)
    page.wait_for_timeout(600)
    page.locator("#board .sq:not(.actionable)").first.click()  # a click that does nothing: the status says why
    page.wait_for_timeout(600)
    resign = page.locator("#btn-resign")
    if not resign.is_visible():
        page.locator("#btn-more").click()
    resign.click()
    page.locator("#confirm-dialog button.primary").click()
    expect(page.locator("#gameover")).to_be_visible(timeout=WAIT_MS)
    page.wait_for_timeout(1_000)  # shifts are reported a frame or more after they happen
    shifts = page.evaluate("window.__shifts")
    total = sum(s["value"] for s in shifts)
    assert total == 0, f"cumulative layout shift {total}: {shifts}"
    boxes = page.evaluate("[...window.__boardBoxes]")
    assert len(boxes) == 1, f"the board moved during the game: {boxes}"


BOXES_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return { board: box(document.querySelector('#board-root')),
           cards: [...document.querySelectorAll('.player-card')].map(box),
           scroll: document.scrollingElement.scrollHeight, width: innerWidth, height: innerHeight };
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=["390x844", "360x640"])
def test_a_phone_shows_the_board_and_both_players_without_scrolling(new_context, site_url, wait_for_engine, size, lang):
    context = new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    page.goto(site_url + f"index.html?first=human&level=Beginner&seed=5&lang={lang}")
    wait_for_engine(page)
    for _ in range(3):
        idle(page)
        flip_something(page, confirm=True)
    idle(page)
    m = page.evaluate(BOXES_JS)
    assert m["scroll"] <= m["height"], f"the page scrolls during a game: {m}"
    for name, (left, top, right, bottom) in [("board", m["board"]), *(("card", c) for c in m["cards"])]:
        assert left >= 0 and top >= 0 and right <= m["width"] + 0.5 and bottom <= m["height"] + 0.5, (name, m)
    note_screenshot(page, f"phone-{lang}-{size[0]}x{size[1]}")
    assert len(m["cards"]) == 2
    me, them = m["cards"][0], m["cards"][1]  # the human plays first: player 1
    assert them[3] <= m["board"][1] + 0.5 and me[1] >= m["board"][3] - 0.5, "the opponent above the board, you below"
    bar = page.locator(".toolbar").bounding_box()
    assert bar["y"] + bar["height"] <= m["height"] + 0.5 and bar["y"] >= m["board"][3]
    for selector in ("#btn-new", "#btn-undo", "#btn-hint", "#btn-resign", "#btn-more"):
        expect(page.locator(selector)).to_be_visible()
    expect(page.locator("#btn-settings")).to_be_hidden()
    page.locator("#btn-more").click()  # the less used actions are behind "More"
    expect(page.locator("#btn-more")).to_have_attribute("aria-expanded", "true")
    heights = page.locator("#more-items button:visible").evaluate_all(
        "items => items.map((b) => b.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44, f"a finger's height (44 px) for every item of More: {heights}"
    page.locator("#btn-rules").click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#btn-more")).to_have_attribute("aria-expanded", "false")


# Whether an element is inside the window and not covered: the point at its centre is its own.
IN_VIEW = """(selector) => { const e = document.querySelector(selector); if (!e) return false;
  const r = e.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight || r.height === 0) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return Boolean(hit && e.contains(hit)); }"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_at_1280_by_800_the_new_game_buttons_and_the_result_are_in_view(page, open_app, lang):
    """Issue 46, item 6: the New game dialog scrolls, its Start and Cancel stay at its foot; and when a
    game ends, the end panel's headline, reason and score are brought into the window."""
    from urllib.parse import quote

    from web_support import finished

    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(f"lang={lang}")
    for variant in ("hdc2", "banqi", "gaiqi", "cheight"):
        page.locator("#btn-new").click()
        page.locator("#ng-variant").select_option(variant)
        assert page.evaluate("() => { const d = document.querySelector('#new-dialog'); "
                             "return d.scrollHeight > d.clientHeight; }"), "the dialog no longer scrolls here"
        for button in ("#new-dialog button[type=submit]", "#new-dialog .button-row button:not([type=submit])"):
            assert page.evaluate(IN_VIEW, button), f"{variant}: {button} is out of view"
        page.keyboard.press("Escape")
    record, _, _ = finished("cheight")  # its end panel starts below the fold on this screen
    open_app(f"lang={lang}&variant=cheight&record={quote(record)}")
    expect(page.locator("#gameover .reason")).to_be_visible()
    page.wait_for_function(IN_VIEW, arg="#gameover .reason + *", timeout=10_000)  # after a smooth scroll
    assert page.evaluate(IN_VIEW, "#gameover .headline")
