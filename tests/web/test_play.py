"""Playing in the browser, as a player does it: clicks and keys on the board,
and what the page then shows (text, ARIA labels). Engine state is never
read to decide a pass; records for set-up positions come from the bridge."""

import json
import re

import pytest
from playwright.sync_api import expect
from web_support import finished

from hdchess.bridge import Session

pytestmark = pytest.mark.web

MOVE_WAIT_MS = 30_000


# -- helpers ---------------------------------------------------------------------------

def cell(page, square):
    return page.locator(f'#board [data-sq="{square}"]')


def label(page, square):
    return cell(page, square).get_attribute("aria-label")


def shown_moves(page):
    """The moves listed, in the record's notation (the list may show them with their pieces)."""
    return page.locator(".move-list .move:not(.placeholder)").evaluate_all("els => els.map((e) => e.dataset.move)")


def wait_for_moves(page, count):
    page.wait_for_function(
        "n => document.querySelectorAll('.move-list .move:not(.placeholder)').length >= n", arg=count,
        timeout=MOVE_WAIT_MS)


def wait_for_my_turn(page):
    """The board takes clicks only when it is a human's turn and nothing is under way."""
    page.wait_for_selector("#board.interactive", timeout=MOVE_WAIT_MS)


def board_labels(page):
    return page.locator("#board [role=gridcell]").evaluate_all("cells => cells.map(c => c.getAttribute('aria-label'))")


def session_record(moves=(), seed=21, players=("human", "human")):
    """A record made by the bridge itself (as an export from the app would be)."""
    session = Session()
    reply = session.handle({"cmd": "new_game", "args": {
        "seed": seed, "players": {"1": players[0], "2": players[1]}, "level": "Beginner"}})
    assert reply["ok"], reply
    for move in moves:
        assert session.handle({"cmd": "play", "args": {"move": move}})["ok"]
    return session


def position_with_a_move(seed=21):
    """Flip until the side to move has a piece that can move; returns (record, a legal move)."""
    session = session_record(seed=seed)
    for _ in range(32):
        view = session.handle({"cmd": "view"})["result"]
        if view["legal"]["moves"]:
            options = [o for opts in view["legal"]["moves"].values() for o in opts]
            return session.handle({"cmd": "export"})["result"]["record"], options[0]["move"]
        assert session.handle({"cmd": "play", "args": {"move": view["legal"]["flips"][0]}})["ok"]
    raise AssertionError("no position with a move")


def play_any_move(page, quick=False):
    """Flip a face-down piece if one can be flipped, else select pieces until one shows destinations.

    ``quick`` sends the click events straight to the squares, without Playwright's wait for a
    steady pointer target: a whole game is a few hundred clicks.
    """
    def click(locator):
        if quick:
            locator.dispatch_event("click")
        else:
            locator.click()

    flippable = page.locator("#board .sq.actionable:has(.disc.hidden)")
    if flippable.count():
        click(flippable.first)
        return
    pieces = page.locator("#board .sq.actionable").evaluate_all("cells => cells.map(c => c.dataset.sq)")
    for square in pieces:
        click(cell(page, square))
        targets = page.locator("#board .sq.capture, #board .sq.dest")
        if targets.count():
            captures = page.locator("#board .sq.capture")
            click((captures if captures.count() else targets).first)
            return
    raise AssertionError(f"nothing to play on {board_labels(page)}")


# -- tests -----------------------------------------------------------------------------

def test_board_shows_before_python_and_an_early_flip_is_played(open_app, wait_for_engine):
    page = open_app("lang=en", ready=False)
    page.wait_for_selector("#board [role=gridcell] .disc.hidden", timeout=5_000)
    assert page.locator("#board [role=gridcell]").count() == 32
    assert label(page, "c2") == "c2, face-down"
    assert page.locator("#board .coords").count() == 0  # coordinates sit outside the grid...
    assert page.locator(".coords.files").inner_text().split() == list("abcdefgh")  # ...a-h and 1-4
    assert page.locator(".coords.ranks").inner_text().split() == ["4", "3", "2", "1"]
    cell(page, "c2").click()
    status = page.locator("#status").inner_text()
    wait_for_engine(page)
    wait_for_moves(page, 1)
    assert shown_moves(page)[0].startswith("c2(")
    assert "face-down" not in label(page, "c2")
    if "ready" in status:  # the click came before Python: it was queued, and said so
        assert "c2" in status


def test_flip_then_the_ai_answers(open_app):
    page = open_app("first=human&level=Beginner&seed=3&lang=en")
    expect(page.locator("#status")).to_have_text("Your turn: flip any piece to begin.")
    cell(page, "d2").click()
    wait_for_moves(page, 2)
    wait_for_my_turn(page)
    flipped = label(page, "d2")
    assert re.fullmatch(r"d2, (red|black) \w+", flipped), flipped
    expect(page.locator("#status")).to_have_text(re.compile(r"Your turn \((Red|Black)\)\."))
    expect(page.locator(".player-card.active .player-name")).to_have_text("You")
    # the AI's move was announced (the live region is emptied, then set 30 ms later)
    expect(page.locator("#announcer")).to_have_text(re.compile(r"\S"))
    assert page.locator(".stat.score strong").first.inner_text().lstrip("−-").isdigit()


def test_select_and_move_with_marked_destinations(open_app):
    record, move = position_with_a_move()
    page = open_app({"record": record, "lang": "en"})
    wait_for_my_turn(page)
    before = len(shown_moves(page))
    frm, to = re.findall(r"[a-h][1-4]", move)
    cell(page, frm).click()
    assert "selected" in label(page, frm)
    marked = page.locator("#board .sq.dest, #board .sq.capture")
    assert marked.count() >= 1
    assert "move here" in label(page, to) or "capture" in label(page, to)
    piece = label(page, frm).split(", ")[1]
    cell(page, to).click()
    wait_for_moves(page, before + 1)
    assert shown_moves(page)[-1] == move
    assert label(page, frm) == f"{frm}, empty"
    assert label(page, to) == f"{to}, {piece}"
    expect(cell(page, to)).to_have_class(re.compile(r"\blast-to\b"))
    expect(page.locator("#announcer")).to_contain_text(re.compile(f"{frm} (to|captures .* on) {to}"))


def test_keyboard_alone_moves_a_piece(open_app):
    record, move = position_with_a_move(seed=33)
    page = open_app({"record": record, "lang": "en"})
    wait_for_my_turn(page)
    before = len(shown_moves(page))
    for _ in range(30):  # Tab from the top of the page until the board has focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('role')") == "gridcell":
            break
    else:
        raise AssertionError("Tab never reached the board")
    assert page.locator("#board [role=gridcell][tabindex='0']").count() == 1  # one tab stop

    def go(square):
        here = page.evaluate("document.activeElement.dataset.sq")
        dx = ord(square[0]) - ord(here[0])
        dy = int(square[1]) - int(here[1])
        for _ in range(abs(dx)):
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        for _ in range(abs(dy)):
            page.keyboard.press("ArrowUp" if dy > 0 else "ArrowDown")
        assert page.evaluate("document.activeElement.dataset.sq") == square

    frm, to = re.findall(r"[a-h][1-4]", move)
    go(frm)
    page.keyboard.press("Enter")
    assert "selected" in label(page, frm)
    go(to)
    page.keyboard.press(" ")
    wait_for_moves(page, before + 1)
    assert shown_moves(page)[-1] == move
    assert label(page, frm) == f"{frm}, empty"
    expect(page.locator("#announcer")).to_contain_text(to)


def test_undo_goes_back_to_my_turn_and_marks_the_record(open_app):
    page = open_app("first=human&level=Beginner&seed=5&lang=en")
    expect(page.locator("#btn-undo")).to_be_disabled()
    cell(page, "e3").click()
    wait_for_moves(page, 2)
    wait_for_my_turn(page)
    page.locator("#btn-undo").click()
    expect(page.locator("#moves")).to_contain_text("No moves yet.")
    expect(page.locator("#moves")).to_contain_text("assisted")
    assert all(text.endswith("face-down") for text in board_labels(page))
    wait_for_my_turn(page)
    page.locator("#btn-record").click()
    expect(page.locator("#record-text")).to_have_value(re.compile(r'\[Assisted "yes"\]'))


def test_reload_keeps_the_game(open_app, wait_for_engine):
    page = open_app("lang=en")
    wait_for_my_turn(page)
    cell(page, "f2").click()
    wait_for_moves(page, 2)
    wait_for_my_turn(page)
    moves, labels = shown_moves(page), board_labels(page)
    page.reload()
    page.wait_for_selector("#board [role=gridcell] .disc", timeout=5_000)
    wait_for_engine(page)
    wait_for_my_turn(page)
    assert shown_moves(page) == moves
    assert board_labels(page) == labels
    play_any_move(page)  # and it goes on
    wait_for_moves(page, len(moves) + 1)


def test_a_whole_game_against_the_beginner(page, open_app):
    page.emulate_media(reduced_motion="reduce")  # a player who turned animations off: no pauses to wait out
    open_app("first=human&level=Beginner&seed=11&lang=en")
    gameover = page.locator("#gameover")
    for _ in range(200):
        page.wait_for_function(
            "document.querySelector('#board.interactive') || !document.querySelector('#gameover').hidden",
            timeout=MOVE_WAIT_MS)
        if gameover.is_visible():
            break
        play_any_move(page, quick=True)
    else:
        raise AssertionError("the game did not end within 200 moves of mine")
    expect(gameover.locator(".headline")).to_have_text(re.compile(r"^(You win!|The computer wins\.|Draw)$"))
    assert gameover.locator(".reason").inner_text().strip()
    assert gameover.locator(".breakdown li").count() == 2
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect(gameover.locator("svg.graph")).to_be_visible(timeout=MOVE_WAIT_MS)  # the evaluation graph
    expect(page.locator("#btn-hint")).to_be_disabled()


def test_importing_a_bad_record_shows_why_and_keeps_the_game(open_app):
    page = open_app("first=human&level=Beginner&seed=9&lang=en")
    cell(page, "a1").click()
    wait_for_moves(page, 2)
    wait_for_my_turn(page)
    moves = shown_moves(page)
    page.locator("#btn-record").click()
    page.locator("#record-text").fill('[Variant "hdc2"]\n\n1. z9 <img src=x id=injected onerror=alert(1)>')
    page.locator("#record-import").click()
    error = page.locator("#record-dialog .form-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("could not be loaded")
    expect(error).to_contain_text("z9")
    assert page.locator("#injected").count() == 0
    page.keyboard.press("Escape")
    assert shown_moves(page) == moves
    play_any_move(page)
    wait_for_moves(page, len(moves) + 1)


def test_malformed_saved_game_gives_a_message_and_a_fresh_game(open_app, wait_for_engine):
    page = open_app("lang=en")
    wait_for_my_turn(page)  # the first game is saved: now spoil what was saved
    page.evaluate("""() => {
        localStorage.setItem('hdchess.game.v1', '{"record": 5, "players": "<b>x</b>"');
        localStorage.setItem('hdchess.settings.v1', '[1, 2, 3]');
    }""")
    page.reload()
    wait_for_engine(page)
    message = page.locator("#message")
    expect(message).to_be_visible()
    expect(message).to_contain_text("could not be restored")
    expect(message).to_contain_text("settings")
    wait_for_my_turn(page)
    assert all(text.endswith("face-down") for text in board_labels(page))
    play_any_move(page)
    wait_for_moves(page, 1)
    stored = page.evaluate("localStorage.getItem('hdchess.game.v1')")
    assert json.loads(stored)["record"]  # saved again, well-formed


def test_hint_shows_a_move_on_the_board(open_app):
    page = open_app("first=human&level=Beginner&seed=4&lang=en")
    wait_for_my_turn(page)
    page.locator("#btn-hint").click()
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text(re.compile(r"Hint: \S"))
    expect(hint).to_have_attribute("title", re.compile("evaluation"))  # the numbers one tap away
    assert page.locator("#board .sq.hint-sq").count() >= 1


def test_two_players_at_one_screen(open_app):
    page = open_app("lang=en")
    expect(page.locator("#btn-new")).to_be_enabled()
    page.locator("#btn-new").click()
    dialog = page.locator("#new-dialog")
    expect(dialog.locator(".summary")).to_contain_text("face-down")  # the variant's summary
    assert dialog.locator(".rule-options select, .rule-options input").count() >= 4  # from the bridge's info
    dialog.get_by_label("Two players on this screen").check()
    expect(dialog.get_by_label("Computer level")).to_be_hidden()
    dialog.get_by_role("button", name="Start game").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#status")).to_have_text("Player 1: flip any piece to begin.")
    cell(page, "b3").click()
    wait_for_moves(page, 1)
    expect(page.locator("#status")).to_have_text(re.compile(r"Player 2 to move \((Red|Black)\)\."))
    cell(page, "g2").click()
    wait_for_moves(page, 2)
    expect(page.locator("#status")).to_have_text(re.compile(r"Player 1 to move"))


def test_review_a_finished_game_step_by_step(open_app):
    record, view, _ = finished()
    total = len(view["moves"])
    page = open_app({"record": record, "lang": "en"})
    over = page.locator("#gameover")
    expect(over).to_be_visible()
    expect(over.locator(".final-score")).to_contain_text(str(view["outcome"]["scores"]["red"]))
    expect(page.locator("#status")).to_contain_text("Reviewing the game.")  # a shared finished game replays
    if page.locator("#rp-play").get_attribute("aria-label") == "Pause":
        page.locator("#rp-play").click()
    if page.locator("#rp-first").is_enabled():
        page.locator("#rp-first").click()
    expect(page.locator("#rp-pos")).to_have_text("Start of the game")
    # the board follows once the engine answers (it may be busy adding the bigger tables)
    page.wait_for_function("() => [...document.querySelectorAll('#board [role=gridcell]')]"
                           ".every(c => (c.getAttribute('aria-label') || '').endsWith('face-down'))")
    assert all(text.endswith("face-down") for text in board_labels(page))
    page.locator("#rp-next").click()
    expect(page.locator("#rp-pos")).to_have_text(f"Move 1 of {total}")
    first = re.findall(r"[a-h][1-4]", view["moves"][0]["text"])[0]
    assert "face-down" not in label(page, first)
    page.locator("#rp-last").click()
    expect(page.locator("#rp-pos")).to_have_text(f"Move {total} of {total}")
    expect(over.locator("svg.graph")).to_be_visible(timeout=MOVE_WAIT_MS)


def test_chinese_interface_and_western_letters(open_app):
    page = open_app("first=human&level=Beginner&seed=6&lang=en")
    page.locator("#btn-lang").click()
    expect(page.locator("h1")).to_have_text("暗龙棋")
    assert label(page, "c2") == "c2，暗子"
    wait_for_my_turn(page)
    cell(page, "c2").click()
    wait_for_moves(page, 2)
    glyph = cell(page, "c2").locator(".glyph").inner_text()
    assert glyph in "帥仕相傌俥砲兵弩將士象馬車炮卒弓"
    page.locator("#btn-settings").click()
    page.locator("#set-letters").check()
    letter = cell(page, "c2").locator(".glyph").inner_text()
    assert letter in "KAEHRCPWkaehrcpw"
    assert (letter.isupper()) == ("红" in label(page, "c2"))  # red upper case, black lower, as in records
