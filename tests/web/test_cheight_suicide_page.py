"""Cheight's option ``suicide`` in the web app, in English and in Chinese: with ``allowed`` the page
asks before a move that covers the player's own General (play it or take it back), unless Settings turn
the question off; with ``prevented`` the move is refused and the status line says why. The bridge marks
the losing moves (``loses``): the page knows no rule. The URL's ``set=`` chooses the option."""

import re

import pytest
from playwright.sync_api import expect
from web_support import cell, open_set_up_game

pytestmark = pytest.mark.web

WAIT_MS = 60_000
# The Chariot on b1 stands high: b1-a1 covers Red's own General on a1, which is walled in (with moves of
# its own, a click on it would pick it up rather than ask why the Chariot may not go there).
START = "3k/4/4/4/4/4/HE2/K[PR]1E r 0 0"
QUESTION = {"en": "This loses the game at once: b1-a1 covers your own General. Play it anyway?",
            "zh": "这一步会立即输掉对局：b1-a1 压住你自己的将帅。仍然要走吗？"}
BUTTONS = {"en": ("Play it", "Take it back"), "zh": ("仍然走", "收回")}
REFUSED = {"en": "That would cover your own General", "zh": "这会压住你自己的将帅"}
MARK = {"en": "loses the game at once", "zh": "会立即输棋"}


def open_game(open_app, lang, **tags):
    """A two-player game from START, opened as a shared record, with ``tags`` (rule options) added."""
    return open_set_up_game(open_app, lang, "cheight", START, **tags)


def try_suicide(page):
    cell(page, "b1").click()
    cell(page, "a1").click()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_page_asks_before_a_move_that_loses_at_once(open_app, engine_call, lang):
    page = open_game(open_app, lang)
    dialog = page.locator("#confirm-dialog")
    play, take_back = BUTTONS[lang]
    cell(page, "b1").click()  # the square where the Chariot would lose is marked before any question
    expect(cell(page, "a1")).to_have_class(re.compile(r"\bloses\b"))
    assert MARK[lang] in cell(page, "a1").get_attribute("aria-label")
    assert MARK[lang] not in cell(page, "b2").get_attribute("aria-label")
    cell(page, "a1").click()
    expect(dialog).to_be_visible()
    expect(dialog.locator(".question")).to_have_text(QUESTION[lang])
    dialog.get_by_role("button", name=take_back).click()
    expect(dialog).to_be_hidden()
    assert engine_call(page, "view")["position"] == START  # taken back: nothing was played
    cell(page, "d1").click()  # a move that loses nothing is played without a question
    cell(page, "c2").click()
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length >= 1", timeout=WAIT_MS)
    assert not dialog.is_visible()
    cell(page, "d8").click()
    cell(page, "d7").click()
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length >= 2", timeout=WAIT_MS)
    try_suicide(page)
    dialog.get_by_role("button", name=play).click()
    expect(page.locator("#gameover")).to_be_visible(timeout=WAIT_MS)
    outcome = engine_call(page, "view")["outcome"]
    assert outcome["termination"] == "general covered" and outcome["winner"] == "black"


def test_settings_turn_the_question_off_and_keep_it_off(open_app, engine_call):
    page = open_game(open_app, "en")
    page.locator("#btn-settings").click()
    box = page.locator("#set-ask-losing")
    expect(box).to_be_checked()
    expect(page.locator('label[for="set-ask-losing"]')).to_have_text("Ask before a move that loses the game at once")
    box.uncheck()
    page.locator("#settings-dialog button.primary").click()
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('hdchess.settings.v1'))")
    assert saved["askLosing"] is False
    try_suicide(page)  # played at once
    expect(page.locator("#gameover")).to_be_visible(timeout=WAIT_MS)
    assert not page.locator("#confirm-dialog").is_visible()
    page.reload()
    page.locator("#btn-settings").click()
    expect(page.locator("#set-ask-losing")).not_to_be_checked()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_with_suicide_prevented_the_move_is_refused_and_explained(open_app, engine_call, lang):
    page = open_game(open_app, lang, Suicide="prevented")
    assert engine_call(page, "view")["options"]["suicide"] == "prevented"
    cell(page, "b1").click()
    expect(cell(page, "a1")).not_to_have_class(re.compile(r"\b(dest|loses)\b"))
    cell(page, "a1").click()
    expect(page.locator("#status")).to_contain_text(REFUSED[lang])
    assert not page.locator("#confirm-dialog").is_visible()
    assert engine_call(page, "view")["position"] == START


def test_the_url_sets_the_option_and_names_an_option_the_game_lacks(open_app, engine_call):
    page = open_app("lang=en&variant=cheight&first=human&set=suicide=prevented")
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    assert engine_call(page, "view")["options"]["suicide"] == "prevented"
    page = open_app("lang=en&variant=cheight&first=human&set=suicid=prevented")
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    expect(page.locator("body")).to_contain_text("the game cheight has no option called “suicid”")
    assert engine_call(page, "view")["options"]["suicide"] == "allowed"


@pytest.mark.parametrize(("lang", "label", "choice"), [("en", "Covering your own General", "prevented"),
                                                        ("zh", "压住自己的将帅", "禁止")])
def test_the_new_game_dialog_offers_the_option_in_plain_words(open_app, engine_call, lang, label, choice):
    page = open_app(f"lang={lang}&variant=cheight&first=human")
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    page.locator("#btn-new").click()
    page.locator("#ng-variant").select_option("cheight")
    expect(page.locator('label[for="ng-opt-suicide"]')).to_have_text(label)
    page.locator("#ng-opt-suicide").select_option(label=choice)
    page.locator('#new-game-dialog button[type="submit"], dialog[open] button[type="submit"]').first.click()
    page.wait_for_function("() => !document.querySelector('dialog[open]')", timeout=WAIT_MS)
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    assert engine_call(page, "view")["options"]["suicide"] == "prevented"
