"""Accessibility: axe-core finds no serious or critical violation (WCAG 2 A and AA)
in either theme and either language, during play, in the dialogs, and at the end."""

import pytest
from playwright.sync_api import expect
from web_support import finished, wait_until_idle

pytestmark = pytest.mark.web

WAIT_MS = 30_000
RUN_AXE = """async () => {
  axe.teardown(); // no cache from the last run: the page has changed since
  const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa"] } });
  return result.violations.filter((v) => ["serious", "critical"].includes(v.impact))
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                   nodes: v.nodes.slice(0, 4).map((n) => [n.target.join(" "), n.failureSummary]) }));
}"""




def audit(page, axe_source, where):
    wait_until_idle(page, WAIT_MS)  # nothing changes under axe's feet
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    violations = page.evaluate(RUN_AXE)
    assert not violations, f"{where}: {violations}"


@pytest.mark.parametrize(("theme", "lang"), [("light", "en"), ("dark", "en"), ("light", "zh"), ("dark", "zh")])
def test_no_serious_violations(open_app, page, axe_source, theme, lang):
    page.emulate_media(reduced_motion="reduce")
    open_app(f"first=human&level=Beginner&seed=5&theme={theme}&lang={lang}")
    audit(page, axe_source, "the opening")
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    page.locator('#board [data-sq="c2"]').click()
    page.wait_for_function("document.querySelectorAll('.move-list .move').length >= 2", timeout=WAIT_MS)
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    movable = page.locator("#board .sq.actionable:not(:has(.disc.hidden))")
    if movable.count():
        movable.first.click()  # a selected piece and its marked destinations
    audit(page, axe_source, "a game in progress")
    page.locator("#btn-new").click()
    audit(page, axe_source, "the new-game dialog")
    page.keyboard.press("Escape")
    page.locator("#btn-rules").click()
    audit(page, axe_source, "the rules page")
    page.keyboard.press("Escape")
    page.locator("#btn-settings").click()
    audit(page, axe_source, "the settings")
    page.keyboard.press("Escape")
    open_app({"record": finished()[0], "lang": lang, "theme": theme})
    expect(page.locator("#gameover svg.graph")).to_be_visible(timeout=WAIT_MS)
    page.locator("#rp-next").click()
    audit(page, axe_source, "a finished game in review")


@pytest.mark.parametrize(("theme", "lang"), [("light", "en"), ("dark", "zh")])
def test_the_high_contrast_board_and_pieces(open_app, page, axe_source, theme, lang):
    """The high-contrast board and pieces (Settings), during a game, in either language."""
    page.emulate_media(reduced_motion="reduce")
    open_app(f"lang={lang}&theme={theme}")
    page.evaluate("""() => localStorage.setItem('hdchess.settings.v1',
        JSON.stringify({board: 'contrast', pieces: 'contrast', sound: false}))""")
    open_app(f"first=human&level=Beginner&seed=5&theme={theme}&lang={lang}")
    assert page.evaluate("document.documentElement.dataset.board") == "contrast"
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    page.locator('#board [data-sq="c2"]').click()
    page.wait_for_function("document.querySelectorAll('.move-list .move').length >= 2", timeout=WAIT_MS)
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    audit(page, axe_source, "a game in the high-contrast theme")
    page.locator("#btn-settings").click()
    audit(page, axe_source, "the settings in the high-contrast theme")
