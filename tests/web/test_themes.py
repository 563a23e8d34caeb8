"""Boards and piece styles chosen in Settings and kept; nothing animates for a player who asks for reduced
motion. (The high-contrast theme's accessibility is in test_accessibility.py.)"""

import pytest
from playwright.sync_api import expect
from web_support import wait_until_idle

pytestmark = pytest.mark.web

WAIT_MS = 60_000
BOARD_LOOK = "getComputedStyle(document.querySelector('.board-area')).backgroundImage"
DISC_LOOK = "getComputedStyle(document.querySelector('#board .disc.hidden')).backgroundImage"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_boards_and_piece_styles_are_chosen_in_settings_and_kept(open_app, page, wait_for_engine, lang):
    open_app(f"lang={lang}&seed=5&first=human&level=Beginner")
    wait_until_idle(page, WAIT_MS)
    page.locator("#btn-settings").click()
    board, pieces = page.locator("#set-board"), page.locator("#set-pieces")
    assert board.locator("option").count() >= 3 and pieces.locator("option").count() >= 2
    for option in board.locator("option").all() + pieces.locator("option").all():
        assert option.inner_text().strip()  # every theme is named, in either language
    looks = {page.evaluate(BOARD_LOOK)}
    for value in ("jade", "stone", "contrast"):
        board.select_option(value)
        looks.add(page.evaluate(BOARD_LOOK))
    assert len(looks) == 4, looks  # four boards, each its own look
    classic = page.evaluate(DISC_LOOK)
    pieces.select_option("contrast")
    assert page.evaluate(DISC_LOOK) != classic
    page.keyboard.press("Escape")
    page.reload()
    wait_for_engine(page)
    assert page.evaluate("[document.documentElement.dataset.board, document.documentElement.dataset.pieces]") == [
        "contrast", "contrast"]
    page.locator("#btn-settings").click()
    expect(page.locator("#set-board")).to_have_value("contrast")
    expect(page.locator("#set-pieces")).to_have_value("contrast")


# Animations with a real duration (the reduced-motion style cuts CSS ones to 0.01 ms), seen at every frame.
WATCH_ANIMATIONS = """(() => {
  window.__animations = [];
  const frame = () => {
    for (const a of document.getAnimations()) {
      const duration = Number(a.effect?.getComputedTiming().duration) || 0;
      const name = a.animationName || a.transitionProperty || "";
      if (duration > 1) window.__animations.push([a.constructor.name, name, duration]);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();"""


@pytest.mark.parametrize("reduced", [True, False], ids=["reduce", "no-preference"])
def test_nothing_animates_under_reduced_motion(open_app, page, reduced):
    page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    page.add_init_script(WATCH_ANIMATIONS)
    open_app("lang=en&seed=5&first=human&level=Beginner")
    for _ in range(3):  # flips, the computer's replies, and a move if there is one
        wait_until_idle(page, WAIT_MS)
        page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
        page.locator("#board .sq.actionable:has(.disc.hidden)").first.click()
    wait_until_idle(page, WAIT_MS)
    page.wait_for_timeout(500)
    seen = page.evaluate("window.__animations")
    if reduced:
        assert not seen, f"animations under prefers-reduced-motion: {seen[:5]}"
    else:
        assert seen  # the probe sees the moves' animations when motion is welcome
