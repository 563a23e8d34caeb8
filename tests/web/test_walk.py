"""The walk (issue 46): every screen a player sees, in English and 中文, light and dark, for all four games, at
the embed sizes, two phones and a desktop; it fails on text cut off (an element that hides part of its content,
or cuts it with an ellipsis) and on words left untranslated (in Chinese: a word of the English table; in either
language: an i18n key shown raw). One page is booted per (game, language); the size and the colour scheme change
in place, and each look waits for two frames of layout, never for a time. A screenshot of each embed size goes
where the tests write theirs (web_support.note_screenshot)."""

import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect
from web_support import call, finished, note_screenshot, wait_until_idle

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from careless_play import careless_game  # noqa: E402  (tests/careless_play.py)

pytestmark = pytest.mark.web

GAMES = ["hdc2", "banqi", "gaiqi", "cheight"]
EMBED_SIZES = [(300, 400), (360, 560), (480, 560), (600, 520), (720, 560)]
PHONE_SIZES = [(390, 844), (360, 640)]
SIZES = EMBED_SIZES + PHONE_SIZES + [(1280, 800)]
SCHEMES = ["light", "dark"]
WAIT_MS = 120_000

# What is wrong under `root` (a selector; the page's body when none is open), after two frames of layout:
# [{kind, where, text}]. Only elements a player sees count (shown, with a box, not the screen readers' own).
# Text cut off: an element with text whose overflow hides or clips and whose content is wider or taller than
# its box, or whose text-overflow is an ellipsis and is in effect; elements that scroll (auto, scroll) scroll on
# purpose. Untranslated (Chinese): a visible word of three letters or more that the English table has and the
# Chinese one does not (hdchess, STUN, Elo: the Chinese table writes them too), outside a part marked lang="en"
# and what one types (code, a field's value: a relay's URL);
# raw keys: visible text that is a key of the table.
LOOK_JS = """async ([rootSelector, lang]) => {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await document.fonts.ready;
  const i18n = await import(new URL('web/i18n.js', document.baseURI).href);
  const words = (table) => new Set(Object.values(table).flatMap((text) =>
    text.replace(/\\{\\w+\\}/g, ' ').toLowerCase().match(/[a-z]{3,}/g) ?? []));
  const english = i18n.wordsOf('en');
  const keys = new Set(Object.keys(english));
  const zhWords = words(i18n.wordsOf('zh'));
  const enWords = [...words(english)].filter((w) => !zhWords.has(w));
  const foreign = new Set(enWords);
  const root = document.querySelector(rootSelector) ?? document.body;
  // a box of 1 px or less is the screen readers' (.sr-only, the rules table's head on a phone)
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    && !el.closest('.sr-only') && [...el.getClientRects()].some((r) => r.width > 1 && r.height > 1);
  const where = (el) => {
    const id = el.id ? '#' + el.id : '';
    const names = typeof el.className === 'string' ? el.className.trim() : '';
    const cls = names ? '.' + names.split(/\\s+/).join('.') : '';
    return el.tagName.toLowerCase() + id + cls;
  };
  const problems = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (!(el instanceof HTMLElement) || !el.textContent.trim() || !shown(el)) continue;
    const style = getComputedStyle(el);
    const hides = (value) => value === 'hidden' || value === 'clip';
    const wide = el.scrollWidth > el.clientWidth + 1;
    const tall = el.scrollHeight > el.clientHeight + 1;
    const cut = (hides(style.overflowX) && wide) || (hides(style.overflowY) && tall)
      || (style.textOverflow === 'ellipsis' && wide);
    if (cut) {
      problems.push({ kind: 'cut', where: where(el), text: el.textContent.trim().slice(0, 60),
        size: `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}` });
    }
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && node.textContent.trim() && shown(parent) && !parent.closest('script, style')) texts.push(node);
  }
  for (const input of root.querySelectorAll('input[placeholder], textarea[placeholder]')) {
    if (shown(input)) texts.push({ textContent: input.placeholder, parentElement: input });
  }
  for (const node of texts) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (keys.has(text)) problems.push({ kind: 'raw key', where: where(parent), text });
    if (lang !== 'zh' || parent.closest('[lang^="en"], code, kbd, textarea, input')) continue;  // what one types
    const left = (text.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => foreign.has(w));
    if (left.length) problems.push({ kind: 'english', where: where(parent), text: text.slice(0, 80) });
  }
  return problems;
}"""

OPEN_JS = """([button, target]) => {
  document.querySelector(button).click();
  return Boolean(document.querySelector(target));
}"""
CLOSE_JS = """() => { for (const d of document.querySelectorAll('dialog[open]')) d.close();
  document.querySelector('#more-items')?.classList.remove('open');
  document.querySelector('#btn-more')?.setAttribute('aria-expanded', 'false'); }"""

# screen -> (the button that opens it, what shows once it is open: the look's root)
SCREENS = {
    "new game": ("#btn-new", "#new-dialog[open]"),
    "rules": ("#btn-rules", "#rules-dialog[open]"),
    "settings": ("#btn-settings", "#settings-dialog[open]"),
    "friend": ("#btn-friend", "#new-dialog[open]"),  # the New game dialog, set for a friend
}


def look(page, found, screen, size, scheme, root, lang):
    """One look at the page as it is now; its problems are added to `found` (problem -> where it was seen)."""
    for problem in page.evaluate(LOOK_JS, [root, lang]):
        key = (screen, problem["kind"], problem["where"], problem["text"])
        found.setdefault(key, []).append(f"{size[0]}x{size[1]} {scheme} {problem.get('size', '')}".strip())


def walk_sizes(page, found, screen, root, lang, sizes=SIZES, shot=None):
    for size in sizes:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            look(page, found, screen, size, scheme, root, lang)
            if shot and scheme == SCHEMES[0]:
                note_screenshot(page, f"{shot}-{size[0]}x{size[1]}")


def report(found):
    return "\n".join(f"{screen}: {kind} {where} {text!r} at {', '.join(seen[:4])}"
                     + (f" (+{len(seen) - 4} more)" if len(seen) > 4 else "")
                     for (screen, kind, where, text), seen in sorted(found.items()))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", GAMES)
def test_every_screen_at_every_size_shows_its_words_whole_and_translated(page, site_url, wait_for_engine, game, lang):
    found: dict = {}
    page.goto(f"{site_url}index.html?lang={lang}&variant={game}&level=Beginner&first=human")
    wait_for_engine(page)
    wait_until_idle(page, WAIT_MS)
    walk_sizes(page, found, "first screen", "body", lang)
    for screen, (button, root) in SCREENS.items():
        for size in SIZES:  # the screen opened at each size (a dialog lays itself out as it opens)
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.evaluate(OPEN_JS, [button, root])
            page.wait_for_selector(root, timeout=30_000)
            if screen == "rules":
                page.wait_for_selector(f"{root} h2, {root} h3", timeout=WAIT_MS)
            for scheme in SCHEMES:
                page.emulate_media(color_scheme=scheme)
                look(page, found, screen, size, scheme, root, lang)
            page.evaluate(CLOSE_JS)
    for size in SIZES:  # the phone's More menu (wide screens show its buttons in the toolbar)
        page.set_viewport_size({"width": size[0], "height": size[1]})
        if page.locator("#btn-more").is_visible():
            page.locator("#btn-more").click()
            page.wait_for_selector("#more-items.open")
            for scheme in SCHEMES:
                page.emulate_media(color_scheme=scheme)
                look(page, found, "more menu", size, scheme, "#more-items", lang)
            page.evaluate(CLOSE_JS)
    record, _, _ = finished(game)
    page.goto(f"{site_url}index.html?lang={lang}&record={quote(record)}")
    page.wait_for_selector("#gameover:not([hidden])", timeout=WAIT_MS)
    wait_until_idle(page, WAIT_MS)
    walk_sizes(page, found, "end screen", "body", lang)
    page.goto(f"{site_url}index.html?embed=1&lang={lang}&variant={game}&level=Beginner&first=human")
    wait_for_engine(page)
    wait_until_idle(page, WAIT_MS)
    walk_sizes(page, found, "embed", "body", lang, EMBED_SIZES, shot=f"walk-embed-{game}-{lang}")
    assert not found, "the walk found:\n" + report(found)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", GAMES)
def test_learning_from_mistakes_shows_its_words_whole_and_translated(page, site_url, game, lang):
    """The lessons after a checked game: a mistake to find a better move for, the engine's move once given up,
    and the summary, each looked at at every size and in both schemes."""
    found: dict = {}
    session, _ = careless_game(game)
    page.goto(f"{site_url}index.html?lang={lang}&record={quote(call(session, 'export')['record'])}")
    over = page.locator("#gameover")
    expect(over).to_be_visible(timeout=WAIT_MS)
    if page.locator("#rp-play").inner_text() == "❚❚":  # a record opens replaying its moves: paused
        page.locator("#rp-play").click()
    over.locator("#btn-check").click()
    learn = over.locator("#btn-learn")
    expect(learn).to_be_visible(timeout=WAIT_MS)
    learn.click()
    panel = page.locator("#lesson")
    expect(panel.locator(".lesson-intro")).to_be_visible(timeout=WAIT_MS)
    expect(panel.locator(".lesson-giveup")).to_be_enabled(timeout=WAIT_MS)
    walk_sizes(page, found, "lesson", "body", lang)
    shown = 0
    while not panel.locator(".lesson-summary").count():
        panel.locator(".lesson-giveup").click()
        expect(panel.locator(".lesson-next")).to_be_enabled(timeout=WAIT_MS)
        if not shown:  # the first mistake's answer: the engine's move in words, and the arrow
            walk_sizes(page, found, "lesson, the engine's move", "body", lang)
        shown += 1
        panel.locator(".lesson-next").click()
        expect(panel.locator(".lesson-intro, .lesson-summary").first).to_be_visible(timeout=WAIT_MS)
    walk_sizes(page, found, "lesson summary", "body", lang)
    assert not found, "the walk found:\n" + report(found)
