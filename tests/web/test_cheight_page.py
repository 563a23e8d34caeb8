"""Cheight in the web app: the stacking game on both boards, an Advisor's carry and a
promotion swap chosen by clicking, and the top level that thinks by time."""

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.web

WAIT_MS = 60_000


def cell(page, square):
    return page.locator(f'#board [data-sq="{square}"]')


def record_url(tags: dict[str, str], moves: str = "") -> str:
    """A URL that opens the game a record describes (the app's share-link form)."""
    text = "".join(f'[{k} "{v}"]\n' for k, v in tags.items()) + f"\n{moves} *\n"
    return "lang=en&record=" + quote(text)


def play_one(page):
    """Click some legal action, as a player would: a piece, then a square; a choice
    menu (a carry, a swap's height) answered with its first item."""
    menu = page.get_by_role("menu")
    for square in page.locator("#board .sq.actionable").evaluate_all("cells => cells.map(c => c.dataset.sq)"):
        cell(page, square).dispatch_event("click")
        targets = page.locator("#board .sq.capture, #board .sq.dest")
        if targets.count():
            captures = page.locator("#board .sq.capture")
            (captures if captures.count() else targets).first.dispatch_event("click")
            if menu.count() and menu.is_visible():
                menu.get_by_role("menuitem").first.click()
            return
        if menu.count() and menu.is_visible():  # a swap: the Soldier's square itself offers the choices
            menu.get_by_role("menuitem").first.click()
            return
    raise AssertionError("nothing to play")


@pytest.mark.parametrize(("layout", "ranks"), [("minimal", 4), ("normal", 8)])
def test_a_whole_cheight_game_against_the_computer(open_app, layout, ranks):
    tags = {"Variant": "cheight", "Layout": layout, "Player1Type": "human", "Player2Type": "ai", "Level": "Beginner"}
    page = open_app(record_url(tags))
    # the first board drawn is the default game's opening (hdc2's 8 x 4: as many cells as
    # Cheight's 4 x 8); the record's board replaces it: wait for rows of 4 files
    expect(page.locator("#board [role=gridcell]")).to_have_count(4 * ranks, timeout=WAIT_MS)
    first_row = page.locator("#board [role=row]").first.locator("[role=gridcell]")
    expect(first_row).to_have_count(4, timeout=WAIT_MS)
    assert first_row.evaluate_all("cells => cells.map(c => c.dataset.sq)") == [f"{f}{ranks}" for f in "abcd"]
    assert "stack of 2" in cell(page, "a1").get_attribute("aria-label")  # Red's Advisor/Elephant, at the bottom
    for _ in range(300):
        if page.locator("#gameover").is_visible():
            break
        page.wait_for_selector("#board.interactive, #gameover:not([hidden])", timeout=WAIT_MS)
        if page.locator("#gameover").is_visible():
            break
        play_one(page)
    expect(page.locator("#gameover")).to_be_visible(timeout=WAIT_MS)
    headline = page.locator("#gameover").inner_text().split("\n\n")[1]
    assert headline in ("You win!", "The computer wins.", "Draw"), headline


def test_an_advisor_carries_the_pieces_chosen_in_the_menu(open_app, engine_call):
    start = "3k/4/4/4/4/e1E1/1[pRA]2/2[chrh]K r 0 0"  # the rules' carry example
    tags = {"Variant": "cheight", "FEN": start, "Player1Type": "human", "Player2Type": "human"}
    page = open_app(record_url(tags))
    cell(page, "b2").click()
    target = cell(page, "c3")
    assert "3 ways to move here" in target.get_attribute("aria-label")
    target.click()
    items = page.get_by_role("menu").get_by_role("menuitem")
    # each choice says what it does (the pieces below the Advisor on b2, nearest first), with its discs
    assert items.locator(".choice-words").all_inner_texts() == [
        "Move alone", "Carry the red Chariot", "Carry the red Chariot and the black Soldier"]
    assert items.nth(2).locator(".disc").count() == 3  # the Advisor and the two pieces it carries
    assert items.nth(1).get_attribute("title") == "b2-c3+1"  # the notation, for those who read it
    items.nth(1).click()
    page.wait_for_function("() => document.querySelector('#board [data-sq=c3]').getAttribute('aria-label')"
                           ".includes('stack of 3')", timeout=WAIT_MS)
    assert engine_call(page, "view")["position"] == "3k/4/4/4/4/e1[ERA]1/1p2/2[chrh]K b 1 1"


def test_a_promotion_swap_is_chosen_by_clicking(open_app, engine_call):
    start = "[ce]2k/P3/4/4/4/4/4/[RA]1K1 r 0 0"  # the rules' promotion example
    tags = {"Variant": "cheight", "FEN": start, "Player1Type": "human", "Player2Type": "human"}
    page = open_app(record_url(tags))
    cell(page, "a7").click()
    cell(page, "a8").click()  # a7xa8: the Soldier reaches rank 8, and Red must swap before Black moves
    page.wait_for_function("() => document.querySelector('#status').textContent.length > 0")
    view = engine_call(page, "view")
    assert sorted(o["move"] for opts in view["legal"]["moves"].values() for o in opts) == [
        "a8=a1^0", "a8=a1^1", "a8=c1^0"]
    assert "must swap" in page.locator("body").inner_text()
    cell(page, "a8").click()  # the Soldier: its swaps go to a1 (two heights) and to c1
    cell(page, "a1").click()  # two swaps on a1: the menu names the piece each brings, drawn
    items = page.get_by_role("menu").get_by_role("menuitem")
    assert items.locator(".choice-words").all_inner_texts() == ["Soldier becomes Chariot", "Soldier becomes Advisor"]
    assert items.first.locator(".disc").count() == 2
    page.keyboard.press("Escape")  # the Soldier stays selected
    cell(page, "c1").click()  # one swap only on c1: played at once, the General takes the Soldier's place
    page.wait_for_function("() => document.querySelector('#board [data-sq=c1]').getAttribute('aria-label')"
                           ".includes('Soldier')", timeout=WAIT_MS)
    assert engine_call(page, "view")["position"] == "[ceK]2k/4/4/4/4/4/4/[RA]1P1 b 0 1"


def test_the_top_level_shows_its_thinking_and_moves_now_when_asked(open_app):
    """In Cheight, which has no opening book: the top level searches its very first reply
    (in the face-down games it plays its book's reply at once)."""
    page = open_app("lang=en&variant=cheight&level=Grandmaster&first=human&seed=4")
    page.wait_for_selector("#board .sq.actionable", timeout=WAIT_MS)
    play_one(page)
    think = page.locator("#think")
    expect(think).to_be_visible(timeout=WAIT_MS)
    page.locator("#btn-move-now").click()
    page.wait_for_function("document.querySelectorAll('.move-list .move:not(.placeholder)').length >= 2",
                           timeout=WAIT_MS)
    expect(think).to_be_hidden()
