"""Confirm moves (Settings; issue 46): against a mis-tap on a touch screen, the move is shown on the board and
then played or taken back with one tap. On by default where the pointer is coarse (a phone), off on a desktop."""

import re

import pytest
from playwright.sync_api import expect
from web_support import cell, open_set_up_game

pytestmark = pytest.mark.web

WAIT_MS = 60_000
# Red's Chariot on a1 may take the Horse on a2 (and, with chain captures, the Cannon on b2 from there)
START = "7k/pp6/hc6/R6K r - 0 20"
PLAY = {"en": "Play", "zh": "走"}
TAKE_BACK = {"en": "Take it back", "zh": "收回"}
QUESTION = {"en": "Play 俥a1×馬a2?", "zh": "走俥a1×馬a2？"}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def turn_confirm_on(page):
    page.locator("#btn-settings").click()
    page.locator("#set-confirm-moves").check()
    page.locator("#settings-dialog button.primary").click()


def moves_listed(page):
    return page.locator("#moves [data-move]").count()


def position(engine_call, page):
    return engine_call(page, "view")["position"]


def bar_buttons(page, lang):
    return (page.get_by_role("button", name=PLAY[lang], exact=True),
            page.get_by_role("button", name=TAKE_BACK[lang], exact=True))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_move_taken_back_leaves_the_game_as_it_was_and_a_confirmed_one_is_played(open_app, engine_call, lang):
    page = open_set_up_game(open_app, lang, "banqi", START)
    turn_confirm_on(page)
    before = position(engine_call, page)
    play, take_back = bar_buttons(page, lang)
    cell(page, "a1").click()
    cell(page, "a2").click()
    expect(page.locator("#confirm-move-text")).to_have_text(QUESTION[lang])
    for button in (play, take_back):  # big enough for a finger
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, box
    expect(cell(page, "a1").locator(".disc")).to_have_count(0)  # shown where it would stand, the Horse gone
    expect(cell(page, "a2")).to_have_text("俥")
    expect(page.locator("#board")).not_to_have_class("interactive")  # nothing else is clicked meanwhile
    assert position(engine_call, page) == before and moves_listed(page) == 0  # not played yet
    take_back.click()
    expect(page.locator("#confirm-move")).to_be_hidden()
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    expect(cell(page, "a1").locator(".disc")).to_have_count(1)  # the board as it was
    assert position(engine_call, page) == before and moves_listed(page) == 0
    cell(page, "a1").click()
    cell(page, "a2").click()
    play.click()
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length === 1", timeout=WAIT_MS)
    view = engine_call(page, "view")
    assert [m["text"] for m in view["moves"]] == ["a1xa2"] and view["squares"]["a2"] == "R"


def test_a_chain_of_captures_is_confirmed_as_one_move(open_app, engine_call):
    page = open_set_up_game(open_app, "en", "banqi", START, ChainCaptures="yes")
    turn_confirm_on(page)
    for square in ("a1", "a2", "b2"):
        cell(page, square).click()
    page.get_by_role("button", name="End turn").click()
    expect(page.locator("#confirm-move-text")).to_have_text("Play 俥a1×馬a2×炮b2?")
    assert moves_listed(page) == 0
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length === 1", timeout=WAIT_MS)
    assert [m["text"] for m in engine_call(page, "view")["moves"]] == ["a1xa2xb2"]


def test_on_a_desktop_moves_are_played_at_once(open_app, engine_call):
    page = open_set_up_game(open_app, "en", "banqi", START)
    cell(page, "a1").click()
    cell(page, "a2").click()
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length === 1", timeout=WAIT_MS)
    expect(page.locator("#confirm-move")).to_be_hidden()
    page.locator("#btn-settings").click()
    expect(page.locator("#set-confirm-moves")).not_to_be_checked()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_on_a_touch_phone_a_flip_waits_for_its_confirmation_by_default(new_context, site_url, wait_for_engine,
                                                                         engine_call, lang):
    page = new_context(**PHONE).new_page()
    page.goto(f"{site_url}index.html?lang={lang}&level=Beginner&seed=3&first=human")
    wait_for_engine(page)
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    cell(page, "d2").tap()
    play, take_back = bar_buttons(page, lang)
    expect(play).to_be_visible()
    expect(cell(page, "d2")).to_have_class(re.compile(r"\blast-to\b"))  # the square is marked
    assert engine_call(page, "view")["moves"] == []
    take_back.tap()
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    assert engine_call(page, "view")["moves"] == []
    cell(page, "d2").tap()
    play.tap()
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length >= 1", timeout=WAIT_MS)
    assert engine_call(page, "view")["moves"][0]["to"] == "d2"
    page.locator("#btn-more").tap()
    page.locator("#btn-settings").tap()
    expect(page.locator("#set-confirm-moves")).to_be_checked()
