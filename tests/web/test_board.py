"""The board module alone (web/board.js on a test page), fed made-up views: it
draws any shape the view gives, stacks with their height and whole contents,
a choice menu for actions that share a from/to square, and reports clicks that
do nothing. The board knows no rules: these views need not be real positions."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.web


def names(files, ranks):
    return [f"{'abcdefgh'[f]}{r + 1}" for r in range(ranks) for f in range(files)]


@pytest.fixture
def board_page(page, site_url):
    page.goto(site_url + "_test/board.html")
    page.wait_for_function("window.ready === true")
    return page


def show(page, view):
    page.evaluate("(view) => window.board.set(view)", view)


def cell(page, square):
    return page.locator(f'#board [data-sq="{square}"]')


def stacked_view(legal=None):
    squares = dict.fromkeys(names(4, 8))
    squares.update({"a1": "R", "b2": "pRA", "c3": "x", "d8": "k"})
    return {"board": {"files": 4, "ranks": 8, "names": names(4, 8)}, "squares": squares,
            "legal": legal or {"flips": [], "moves": {}}, "interactive": True}


def test_a_four_by_eight_board_with_red_at_the_bottom(board_page):
    show(board_page, stacked_view())
    assert board_page.locator("#board [role=gridcell]").count() == 32
    assert board_page.locator(".coords.files").inner_text().split() == list("abcd")
    assert board_page.locator(".coords.ranks").inner_text().split() == [str(r) for r in range(8, 0, -1)]
    first_row = board_page.locator("#board [role=row]").first.locator("[role=gridcell]")
    assert first_row.evaluate_all("cells => cells.map(c => c.dataset.sq)") == ["a8", "b8", "c8", "d8"]
    box = board_page.locator(".board-area").bounding_box()
    assert box["height"] > 1.8 * box["width"]  # twice as tall as wide, like the board itself


def test_the_shape_follows_the_view(board_page):
    show(board_page, stacked_view())
    square4 = dict.fromkeys(names(4, 4))
    show(board_page, {"board": {"files": 4, "ranks": 4, "names": names(4, 4)}, "squares": square4})
    assert board_page.locator("#board [role=gridcell]").count() == 16
    box = board_page.locator(".board-area").bounding_box()
    assert abs(box["height"] - box["width"]) < 2


def test_a_stack_shows_its_top_piece_height_and_whole_contents(board_page):
    show(board_page, stacked_view())
    stack = cell(board_page, "b2")
    assert stack.locator(".disc .glyph").inner_text() == "仕"  # the top piece: red Advisor
    assert stack.locator(".height").inner_text() == "3"
    assert stack.get_attribute("aria-label") == \
        "b2, a stack of 3, top first: red Advisor, red Chariot, black Soldier"
    assert cell(board_page, "a1").locator(".height").count() == 0
    pop = board_page.locator(".stack-pop")
    expect(pop).to_be_hidden()
    stack.hover()
    expect(pop).to_be_visible()
    assert pop.locator(".glyph").all_inner_texts() == ["仕", "俥", "卒"]
    cell(board_page, "a1").hover()
    expect(pop).to_be_hidden()
    cell(board_page, "b2").focus()  # the keyboard shows it too
    expect(pop).to_be_visible()


def test_a_held_touch_shows_the_stack_without_clicking(page, site_url, browser):
    context = browser.new_context(has_touch=True)
    touch = context.new_page()
    touch.goto(site_url + "_test/board.html")
    touch.wait_for_function("window.ready === true")
    view = stacked_view({"flips": [], "moves": {"b2": [{"move": "b2-b3", "from": "b2", "to": "b3", "kind": "move",
                                                        "capture": False, "penalised": False}]}})
    show(touch, view)
    touch.evaluate("""() => {
        const cell = document.querySelector('[data-sq="b2"]');
        const at = cell.getBoundingClientRect();
        const init = {pointerType: 'touch', bubbles: true, clientX: at.x + 5, clientY: at.y + 5};
        cell.dispatchEvent(new PointerEvent('pointerdown', init));
    }""")
    expect(touch.locator(".stack-pop")).to_be_visible()
    touch.evaluate("""() => {
        const cell = document.querySelector('[data-sq="b2"]');
        cell.dispatchEvent(new PointerEvent('pointerup', {pointerType: 'touch', bubbles: true}));
        cell.click();
    }""")
    assert touch.evaluate("window.selections") == []  # the hold was not a click
    context.close()


def test_a_carry_of_many_pieces_names_them_by_colour_and_counts_alike_ones(board_page):
    """Not "Carry the Elephant and the Elephant and the Soldier and the Soldier and the Horse"."""
    view = stacked_view({"flips": [], "moves": {"b2": [
        {"move": f"b2-b4/{n}", "from": "b2", "to": "b4", "kind": "move", "capture": False, "penalised": False,
         "choice": f"carry {n}", "carry": n} for n in (3, 5)]}})
    view["squares"]["b2"] = "HppEEA"  # bottom first: a red Horse, two black Soldiers, two red Elephants, the Advisor
    show(board_page, view)
    cell(board_page, "b2").click()
    cell(board_page, "b4").click()
    menu = board_page.get_by_role("menu")
    assert menu.locator(".choice-words").all_inner_texts() == [
        "Carry 2 red Elephants and the black Soldier",
        "Carry 2 red Elephants, 2 black Soldiers and the red Horse"]


def choice_view():
    options = [{"move": "b2-b4/1", "from": "b2", "to": "b4", "kind": "move", "capture": False,
                "penalised": False, "choice": "carry 1", "carry": 1},
               {"move": "b2-b4/2", "from": "b2", "to": "b4", "kind": "move", "capture": False,
                "penalised": True, "choice": "carry 2", "carry": 2},
               {"move": "b2-c2", "from": "b2", "to": "c2", "kind": "move", "capture": False, "penalised": False}]
    return stacked_view({"flips": ["c3"], "moves": {"b2": options}})


def test_several_actions_to_one_square_open_a_choice_menu(board_page):
    show(board_page, choice_view())
    cell(board_page, "b2").click()
    target = cell(board_page, "b4")
    assert "2 ways to move here" in target.get_attribute("aria-label")
    assert "repetition penalty" in target.get_attribute("aria-label")
    target.click()
    menu = board_page.get_by_role("menu")
    expect(menu).to_be_visible()
    items = menu.get_by_role("menuitem")
    # b2 holds a Soldier, a Chariot and the Advisor on top (bottom first): what each carry takes, in words
    assert menu.locator(".choice-words").all_inner_texts() == [
        "Carry the red Chariot", "Carry the red Chariot and the black Soldier · repetition penalty"]
    assert items.first.get_attribute("title") == "b2-b4/1"  # the notation stays one hover away
    expect(items.first).to_be_focused()
    assert board_page.evaluate("window.actions") == []
    items.nth(1).click()
    assert [a["move"] for a in board_page.evaluate("window.actions")] == ["b2-b4/2"]
    expect(menu).to_be_hidden()


def test_the_choice_menu_works_from_the_keyboard(board_page):
    show(board_page, choice_view())
    cell(board_page, "b2").focus()
    board_page.keyboard.press("Enter")
    for _ in range(2):
        board_page.keyboard.press("ArrowUp")
    board_page.keyboard.press("Enter")  # on b4
    expect(board_page.get_by_role("menuitem").first).to_be_focused()
    board_page.keyboard.press("Escape")  # closed, nothing played, focus back on the square
    expect(board_page.get_by_role("menu")).to_be_hidden()
    expect(cell(board_page, "b4")).to_be_focused()
    board_page.keyboard.press("Enter")
    board_page.keyboard.press("ArrowDown")
    board_page.keyboard.press("Enter")
    assert [a["move"] for a in board_page.evaluate("window.actions")] == ["b2-b4/2"]


def test_a_single_action_plays_at_once_and_a_flip_too(board_page):
    show(board_page, choice_view())
    cell(board_page, "b2").click()
    cell(board_page, "c2").click()
    cell(board_page, "c3").click()
    assert [a["move"] for a in board_page.evaluate("window.actions")] == ["b2-c2", "c3"]


def test_clicks_that_do_nothing_are_reported(board_page):
    show(board_page, choice_view())
    cell(board_page, "d8").click()  # not a piece that can move
    cell(board_page, "b2").click()
    cell(board_page, "a4").click()  # not a destination of the selected piece
    assert board_page.evaluate("window.nothing") == [{"from": None, "to": "d8"}, {"from": "b2", "to": "a4"}]


def test_a_stack_taller_than_the_board_opens_in_rows_inside_it(board_page):
    board_page.set_viewport_size({"width": 400, "height": 500})
    board_page.evaluate("document.getElementById('board-root').style.width = '220px'")
    squares = dict.fromkeys(names(4, 4))
    squares["b3"] = "pRAHCEPPRRHp"  # twelve pieces on a board about 190 px high
    show(board_page, {"board": {"files": 4, "ranks": 4, "names": names(4, 4)}, "squares": squares})
    cell(board_page, "b3").hover()
    pop = board_page.locator(".stack-pop")
    expect(pop).to_be_visible()
    assert pop.locator(".disc").count() == 12
    box, area = pop.bounding_box(), board_page.locator(".board-area").bounding_box()
    assert area["x"] <= box["x"] and box["x"] + box["width"] <= area["x"] + area["width"] + 0.5
    assert area["y"] <= box["y"] and box["y"] + box["height"] <= area["y"] + area["height"] + 0.5
