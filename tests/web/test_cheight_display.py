"""How Cheight's stacks read on screen (issue 36): the stack pop-up opens inside the board and closes
on any click, Escape, a scroll, a resize or a move; a move onto a stack leaves its pieces readable;
Black's pieces may be turned 180°; a tall stack reads on a phone; the action buttons are live on the
player's turn in Chinese."""

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect
from web_support import wait_until_idle

pytestmark = pytest.mark.web

WAIT_MS = 60_000
# stacks of 5 (a8, top row, and b2), 7 (a5 and d1) and 4 (a1); the Generals alone on c1 and d8
TALL_FEN = "[pchrA]2k/4/4/[PRHCeaP]3/4/4/1[pEAHC]2/[pRPP]1K[cherpaE] r 0 0"
VIEWPORTS = [(1280, 800), (390, 844), (360, 640)]


def cell(page, square):
    return page.locator(f'#board [data-sq="{square}"]')


def cheight_query(fen=TALL_FEN, lang="en", black="human"):
    tags = {"Variant": "cheight", "FEN": fen, "Player1Type": "human", "Player2Type": black, "Level": "Beginner"}
    record = "".join(f'[{k} "{v}"]\n' for k, v in tags.items()) + "\n *\n"
    return f"lang={lang}&record=" + quote(record)


def open_cheight(page, open_app, size, stack=("a8", "5"), **query):
    """The app at `size` on the record's position, once its board is drawn (`stack`: a square and its height
    that show it) and the page is idle."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(cheight_query(**query))
    expect(cell(page, stack[0]).locator(".height")).to_have_text(stack[1], timeout=WAIT_MS)
    wait_until_idle(page, WAIT_MS)
    return page


def hold(page, square):
    """A touch held on a square (the pop-up shows after the hold's delay)."""
    cell(page, square).evaluate("""(cell) => {
        const at = cell.getBoundingClientRect();
        cell.dispatchEvent(new PointerEvent('pointerdown', {pointerType: 'touch', bubbles: true,
                                                            clientX: at.x + 5, clientY: at.y + 5}));
    }""")


def show_stack(page, square, size):
    """Show a square's whole stack the way the screen size invites: a held touch on a phone, else hover."""
    if size[0] < 700:
        hold(page, square)
    else:
        cell(page, square).hover()
    pop = page.locator(".stack-pop")
    expect(pop).to_be_visible()
    return pop


def inside(inner, outer, slack=0.5):
    return (inner["x"] >= outer["x"] - slack and inner["y"] >= outer["y"] - slack
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + slack
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + slack)


def overlaps(a, b):
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


# ---------------------------------------------------------------- 1. the stack pop-up
@pytest.mark.parametrize("size", VIEWPORTS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_top_row_stack_opens_inside_the_board_never_over_the_toolbar(page, open_app, size):
    open_cheight(page, open_app, size)
    pop = show_stack(page, "a8", size)
    assert pop.locator(".glyph").all_inner_texts() == ["仕", "車", "馬", "包", "卒"]
    box = pop.bounding_box()
    assert inside(box, {"x": 0, "y": 0, "width": size[0], "height": size[1]}), box  # on screen
    assert inside(box, page.locator(".board-area").bounding_box()), box  # over the board only
    assert not overlaps(box, page.locator(".toolbar").bounding_box()), box
    assert not overlaps(box, page.locator(".status-bar").bounding_box()), box


def test_the_stack_pop_up_closes_on_a_click_escape_a_scroll_and_a_resize(page, open_app):
    open_cheight(page, open_app, (1280, 800))
    pop = page.locator(".stack-pop")
    cell(page, "a8").hover()
    expect(pop).to_be_visible()
    cell(page, "a8").click()  # picks the Advisor up: the pop-up closes and stays closed over the square
    assert "selected" in cell(page, "a8").get_attribute("class")
    box = cell(page, "a8").bounding_box()
    for dx in (3, 9, 15):  # the pointer wanders over the disc, its glyph and its badge
        page.mouse.move(box["x"] + box["width"] / 2 + dx, box["y"] + box["height"] / 2 + dx)
        expect(pop).to_be_hidden()
    cell(page, "b2").hover()  # another stack: shown
    expect(pop).to_be_visible()
    page.keyboard.press("Escape")
    expect(pop).to_be_hidden()
    cell(page, "a5").hover()
    expect(pop).to_be_visible()
    page.evaluate("document.dispatchEvent(new Event('scroll'))")
    expect(pop).to_be_hidden()
    cell(page, "d1").hover()
    expect(pop).to_be_visible()
    page.set_viewport_size({"width": 1200, "height": 780})
    expect(pop).to_be_hidden()


def test_the_stack_pop_up_closes_when_a_move_is_made(page, open_app):
    # Red's Cannon on top of b2 (a stack of 5) may land on Red's lower stack on b4
    open_cheight(page, open_app, (1280, 800), stack=("b4", "2"), fen="3k/4/4/4/1[RP]2/4/1[pEAHC]2/2K1 r 0 0")
    pop = page.locator(".stack-pop")
    cell(page, "b2").focus()  # the keyboard shows a stack too
    expect(pop).to_be_visible()
    page.keyboard.press("Enter")  # picks up the Cannon
    assert "selected" in cell(page, "b2").get_attribute("class")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")  # b4: its stack of 2 shows
    expect(pop.locator(".glyph")).to_have_count(2)
    page.keyboard.press("Enter")  # the Cannon moves onto b4: the pop-up of the old stack closes
    expect(cell(page, "b4").locator(".height")).to_have_text("3", timeout=WAIT_MS)
    expect(pop).to_be_hidden()


# ---------------------------------------------------------------- 2. the move marks
def glyph_pixels(page, square):
    """The pixels of a square's top glyph and of its height badge's digits (the badge's round ends aside)."""
    glyph = cell(page, square).locator(".disc > .glyph").bounding_box()
    badge = cell(page, square).locator(".height").bounding_box()
    digits = {"x": badge["x"] + badge["width"] / 2 - 3, "y": badge["y"] + 3, "width": 6, "height": badge["height"] - 6}
    return [page.screenshot(clip=box, animations="disabled") for box in (glyph, digits)]


def test_a_move_onto_a_stack_leaves_its_pieces_readable(page, open_app):
    # Red's Advisor on b2 may step onto Red's stack on a1 (not a capture) or onto the empty c3
    fen = "3k/4/4/4/4/4/1[pEA]2/[pRPP]1K1 r 0 0"
    open_app(cheight_query(fen=fen))
    expect(cell(page, "a1")).to_have_attribute("aria-label", "a1, a stack of 4, top first: red Soldier, red "
                                               "Soldier, red Chariot, black Soldier", timeout=WAIT_MS)
    wait_until_idle(page, WAIT_MS)
    page.mouse.move(0, 0)
    before = glyph_pixels(page, "a1")
    cell(page, "b2").click()
    page.mouse.move(0, 0)
    target = cell(page, "a1")
    assert "move here" in target.get_attribute("aria-label")
    assert glyph_pixels(page, "a1") == before  # nothing drawn over the pieces
    mark = target.locator(".mark").bounding_box()
    assert mark["width"] > 0.9 * target.bounding_box()["width"]  # marked all the same: at its corners
    empty = cell(page, "c3")
    assert "move here" in empty.get_attribute("aria-label")
    dot = empty.locator(".mark").bounding_box()  # an empty target keeps its dot, in the middle
    assert 0.15 < dot["width"] / empty.bounding_box()["width"] < 0.4


# ---------------------------------------------------------------- 3. Black's pieces turned
TURNED = "matrix(-1, 0, 0, -1, 0, 0)"


def turned(locator):
    return locator.evaluate_all("glyphs => glyphs.map(g => getComputedStyle(g).transform)")


def test_black_pieces_turn_180_degrees_when_the_setting_is_on(page, open_app):
    open_cheight(page, open_app, (1280, 800))
    assert turned(cell(page, "d8").locator(".glyph")) == ["none"]
    page.locator("#btn-settings").click()
    switch = page.get_by_label("Turn Black's pieces")
    expect(switch).not_to_be_checked()
    switch.check()
    page.keyboard.press("Escape")
    assert turned(cell(page, "d8").locator(".glyph")) == [TURNED]  # Black's General
    assert turned(cell(page, "c1").locator(".glyph")) == ["none"]  # Red's stays upright
    cell(page, "d1").hover()  # the pop-up too: Red's Elephant on top, Black's six below
    pop = page.locator(".stack-pop .glyph")
    expect(pop).to_have_count(7)
    assert turned(pop) == ["none"] + [TURNED] * 6
    page.reload()  # kept with the other settings
    expect(cell(page, "d8").locator(".glyph")).to_have_css("transform", TURNED, timeout=WAIT_MS)
    assert page.evaluate("JSON.parse(localStorage.getItem('hdchess.settings.v1')).turnBlack") is True


def test_the_turn_switch_speaks_chinese(page, open_app):
    open_cheight(page, open_app, (1280, 800), lang="zh")
    page.locator("#btn-settings").click()
    label = page.locator("label[for=set-turn-black]")
    expect(label).to_contain_text("黑方棋子倒转")


# ---------------------------------------------------------------- 4. tall stacks on a phone
@pytest.mark.parametrize("size", VIEWPORTS[1:], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_tall_stack_reads_on_a_phone(page, open_app, size):
    open_cheight(page, open_app, size)
    stack = cell(page, "a5")
    badge = stack.locator(".height")
    assert badge.inner_text() == "7"
    assert float(badge.evaluate("b => parseFloat(getComputedStyle(b).fontSize)")) >= 11
    assert inside(badge.bounding_box(), stack.bounding_box(), slack=1)  # not cut by the square's edge
    glyph = stack.locator(".disc > .glyph")
    assert float(glyph.evaluate("g => parseFloat(getComputedStyle(g).fontSize)")) >= 14
    pop = show_stack(page, "a5", size)
    assert pop.locator(".glyph").all_inner_texts() == ["兵", "士", "象", "炮", "傌", "俥", "兵"]  # top first
    expect(pop.locator(".stack-count")).to_have_text("7 piecestop first")  # two lines: "7 pieces", "top first"
    sizes = pop.locator(".glyph").evaluate_all("gs => gs.map(g => parseFloat(getComputedStyle(g).fontSize))")
    assert min(sizes) >= 16  # each piece as big as the page's text
    box = pop.bounding_box()
    assert inside(box, page.locator(".board-area").bounding_box()), box
    assert not overlaps(box, page.locator(".toolbar").bounding_box()), box


# ---------------------------------------------------------------- 5. the action buttons in Chinese
def test_undo_hint_and_resign_are_live_on_the_players_turn_in_chinese(page, open_app):
    """A report said they looked greyed on the player's own turn on a desktop in Chinese: after one
    move each, in a game against the computer, all three are enabled and drawn as enabled."""
    fen = "[ae][cp][ck][ae]/[rp][hp][hp][rp]/4/4/4/4/[RP][HP][HP][RP]/[AE][CP][CK][AE] r 0 0"
    open_cheight(page, open_app, (1280, 800), stack=("a2", "2"), fen=fen, lang="zh", black="ai")
    cell(page, "a2").click()  # Red's Soldier on top of a2 steps forward
    expect(cell(page, "a3")).to_have_class(re.compile(r"\bdest\b"))
    cell(page, "a3").click()
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length >= 2", timeout=WAIT_MS)
    wait_until_idle(page, WAIT_MS)
    expect(page.locator("#status")).to_contain_text("轮到你")
    for name in ("#btn-undo", "#btn-hint", "#btn-resign"):
        button = page.locator(name)
        expect(button).to_be_enabled()
        style = button.evaluate("b => [getComputedStyle(b).borderStyle, getComputedStyle(b).color]")
        new = page.locator("#btn-new").evaluate("b => [getComputedStyle(b).borderStyle, getComputedStyle(b).color]")
        assert style == new, (name, style, new)  # drawn like the New game button, not greyed


def test_on_the_first_turn_the_greyed_buttons_say_why_in_chinese(page, open_app):
    """Before the player's first move Undo has nothing to take back, and in a face-down game Resign waits
    for the colours: greyed, with the reason on hover (the likely source of the report above)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app("lang=zh")
    wait_until_idle(page, WAIT_MS)
    expect(page.locator("#btn-undo")).to_be_disabled()
    expect(page.locator("#btn-undo")).to_have_attribute("title", re.compile("还没有可悔的棋"))
    expect(page.locator("#btn-resign")).to_be_disabled()
    expect(page.locator("#btn-resign")).to_have_attribute("title", re.compile("颜色确定后"))
    page.locator("#board .sq.actionable").first.click()  # a flip: the colours are known, a move to take back
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length >= 2", timeout=WAIT_MS)
    wait_until_idle(page, WAIT_MS)
    for name in ("#btn-undo", "#btn-resign"):
        expect(page.locator(name)).to_be_enabled()
        expect(page.locator(name)).not_to_have_attribute("title", re.compile("."))
