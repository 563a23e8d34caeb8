"""中文: every string a player sees is translated. The test walks the interface in
Chinese (play, an illegal click, every variant in the new-game dialog, the
rules pages, settings, a refused record, resigning, a finished game of each
variant with its review; each game's options, choices and rules page; a Cheight
game) and checks that no visible text or label holds a
Latin word, except notation (squares, moves, records), names, and code."""

import re

import pytest
from playwright.sync_api import expect
from web_support import finished

pytestmark = pytest.mark.web

WAIT_MS = 30_000

# Visible text of open parts of the page, and the labels screen readers read, outside code and notation.
TEXTS_JS = """() => {
  const skip = 'code, .move-list, textarea, .coords, .glyph, script, style, [hidden], [aria-hidden="true"], '
    + '[lang="en"]';
  const out = [];
  const visible = (node) => node.getClientRects().length > 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(skip) || !visible(parent) || !node.textContent.trim()) continue;
    out.push(node.textContent.trim());
  }
  for (const el of document.querySelectorAll('[aria-label], [title]')) {
    if (el.closest(skip) || !visible(el)) continue;
    for (const attr of ['aria-label', 'title']) if (el.getAttribute(attr)) out.push(el.getAttribute(attr));
  }
  return out;
}"""

# a square or move, also right after a piece's character (俥c2–c5), and a move number
NOTATION = re.compile(r"(?<![A-Za-z0-9])[a-z]\d{1,2}(?:[-–x][a-z]\d{1,2})?(?:x[a-z]\d{1,2})*(?:\([A-Za-z]\))?|\b\d+\.")
# names: the program, a language, the runtime, a title's numeral, the games' short names
ALLOWED = {"hdchess", "English", "Python", "Pyodide", "II", "hdc2", "banqi", "gaiqi", "cheight"}


def latin_words(texts):
    found = set()
    for text in texts:
        for word in re.findall(r"[A-Za-z][A-Za-z0-9']+", NOTATION.sub(" ", text)):
            if word not in ALLOWED:
                found.add((word, text[:80]))
    return found


# Chinese punctuation in Chinese text: a colon after a Chinese word is full-width (计分表：官方, not 计分表: 官方)
ASCII_COLON_AFTER_HAN = re.compile(r"[\u3400-\u9fff][:;,]")


def check(page, where):
    texts = page.evaluate(TEXTS_JS)
    words = latin_words(texts)
    assert not words, f"English left in {where}: {sorted(words)[:12]}"
    mixed = sorted({text[:80] for text in texts if ASCII_COLON_AFTER_HAN.search(text)})
    assert not mixed, f"ASCII punctuation after Chinese in {where}: {mixed[:12]}"




def test_the_whole_interface_in_chinese(open_app, page):
    page.emulate_media(reduced_motion="reduce")
    open_app("lang=zh&first=human&level=Beginner&seed=5")
    check(page, "the first screen")
    page.locator('#board [data-sq="c2"]').click()
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    check(page, "a game in progress")
    view = page.evaluate("""async () => {
        const c = await import(new URL('web/controller.js', document.baseURI).href);
        return c.app.view;
    }""")
    mine = "red" if view["player_colors"]["1"] == "red" else "black"
    enemy = next((sq for sq, c in view["squares"].items()
                  if c and c != "x" and (c.isupper() != (mine == "red"))), None)
    empty_or_enemy = enemy or next(sq for sq, c in view["squares"].items() if c is None or c == "x")
    page.locator(f'#board [data-sq="{empty_or_enemy}"]').click()
    if enemy:
        expect(page.locator("#status")).to_contain_text("不是你的")
    check(page, "an explained click")

    page.locator("#btn-new").click()
    for variant in ("hdc2", "banqi", "gaiqi", "cheight"):  # each game's words come from hdchess/words/
        page.locator("#ng-variant").select_option(variant)
        check(page, f"the new-game dialog ({variant})")
        page.locator("#ng-rules").click()
        expect(page.locator("#rules-dialog")).to_be_visible()
        check(page, f"the rules of {variant}")
        page.locator("#rules-dialog button.primary").click()
    page.keyboard.press("Escape")
    page.locator("#btn-settings").click()
    check(page, "the settings")
    page.keyboard.press("Escape")
    page.locator("#btn-record").click()
    page.locator("#record-text").fill("1. c2(R) d2-d9 *")
    page.locator("#record-import").click()
    expect(page.locator("#record-dialog .form-error")).to_contain_text("棋谱中的 1... d2-d9")
    check(page, "a refused record")
    page.keyboard.press("Escape")
    page.locator("#btn-resign").click()
    check(page, "the resign question")
    page.locator("#confirm-yes").click()
    expect(page.locator("#gameover")).to_be_visible()
    check(page, "a resigned game")


@pytest.mark.parametrize("variant", ["hdc2", "banqi", "gaiqi", "cheight"])
def test_a_finished_game_and_its_review_in_chinese(open_app, page, variant):
    page.emulate_media(reduced_motion="reduce")
    open_app({"record": finished(variant)[0], "lang": "zh"})
    over = page.locator("#gameover")
    expect(over.locator("svg.graph")).to_be_visible(timeout=WAIT_MS)
    check(page, f"the end of a {variant} game")
    over.locator("#btn-check").click()
    expect(over.locator(".review-status")).to_contain_text("检查完毕", timeout=180_000)
    page.locator("#rp-next").click()  # a shared finished game opens at its start (no autoplay here)
    check(page, f"the review of a {variant} game")


def test_a_game_s_words_come_from_the_engine_and_an_untranslated_game_shows_its_english(open_app, page):
    """The dialog words a game from the bridge's info alone (hdchess/words/): a game whose info
    has Chinese words shows them, one with none shows its English, marked as English."""
    open_app("lang=zh")
    page.evaluate("""async () => {
        const { STATIC } = await import(new URL('web/static-info.js', document.baseURI).href);
        const [hdc2, banqi] = ['hdc2', 'banqi'].map((name) => STATIC.info.variants.find((v) => v.name === name));
        hdc2.words.zh.title = '新棋';  // as a words/hdc2.zh.json would give it
        delete banqi.words.zh;  // as for a game with no words/banqi.zh.json
    }""")
    page.locator("#btn-new").click()
    dialog = page.locator("#new-dialog")
    expect(dialog.locator('#ng-variant option[value="hdc2"]')).to_have_text("新棋")
    banqi = dialog.locator('#ng-variant option[value="banqi"]')
    expect(banqi).to_have_text("Banqi (dark chess)")
    expect(banqi).to_have_attribute("lang", "en")
    page.locator("#ng-variant").select_option("banqi")
    expect(dialog.locator(".summary")).to_have_attribute("lang", "en")
    expect(dialog.locator(".summary")).to_contain_text("The xiangqi set face-down")
    expect(dialog.locator('label[for="ng-opt-no_progress_plies"]')).to_have_text("No-progress limit (plies)")
    check(page, "the new-game dialog with an untranslated game")  # its English is marked as such


# Every word of the new-game dialog, a closed list's choices included (they have no box until it opens).
DIALOG_WORDS_JS = """() => [...document.querySelectorAll(
    '#new-dialog option, #new-dialog label, #new-dialog legend, #new-dialog .help, #new-dialog .summary')]
  .filter((el) => !el.closest('[lang="en"]')).map((el) => el.textContent.trim()).filter(Boolean)"""
GAMES = ("hdc2", "banqi", "gaiqi", "cheight")


@pytest.mark.parametrize("variant", GAMES)
def test_each_game_s_options_and_rules_page_in_chinese(open_app, page, variant):
    """A game's name, summary, options and choices, and its rules page (title, legend and text), all
    in Chinese: no option identifier, no English word outside notation."""
    open_app("lang=zh")
    page.locator("#btn-new").click()
    page.locator("#ng-variant").select_option(variant)
    words = latin_words(page.evaluate(DIALOG_WORDS_JS))
    assert not words, f"English in the new-game dialog of {variant}: {sorted(words)[:12]}"
    check(page, f"the new-game dialog of {variant}")
    page.locator("#ng-rules").click()
    rules = page.locator("#rules-dialog .rules-page")
    expect(rules).to_be_visible()
    expect(rules).to_have_attribute("lang", "zh-Hans")  # written in Chinese, not the English shown as such
    assert not latin_words([page.locator("#rules-title").text_content()])
    check(page, f"the rules of {variant}")
    code = [text for text in rules.locator(".rules-text code").all_text_contents()
            if not NOTATION_ONLY.fullmatch(text)]
    assert not code, f"the rules of {variant} show code that is no notation: {code[:8]}"


# What a rules page may write as code: a game record's squares and moves (c2, c2(R), c2-c5, a1xa5, b2-c3+1,
# a8=c1^0, d3xc3(P), a chain c2xc3xd3, several in a row), nothing else (no option names, positions or commands).
MOVE = r"[a-h]\d(?:\([A-Za-z]\))?(?:[-x][a-h]\d(?:\([A-Za-z]\))?(?:x[a-h]\d)*(?:\+\d|\+k)?|=[a-h]\d\^\d)?"
NOTATION_ONLY = re.compile(rf"{MOVE}(?: {MOVE})*|\+k")


def test_a_cheight_game_in_chinese(open_app, page):
    """Cheight's board, status lines and stack notes in Chinese, a move played."""
    page.emulate_media(reduced_motion="reduce")
    open_app("lang=zh&variant=cheight&first=human&level=Beginner&seed=3")
    check(page, "a Cheight game's first screen")
    page.locator('#board [data-sq="a2"]').click()
    check(page, "a Cheight piece picked")
    page.locator('#board [data-sq="a3"]').click()
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length >= 2", timeout=WAIT_MS)
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    check(page, "a Cheight game in progress")
    page.locator('#board [data-sq="b4"]').click()  # an empty square: told in Chinese that there is no piece
    expect(page.locator("#status")).to_contain_text("b4 上没有棋子")
    check(page, "a click on an empty Cheight square")
