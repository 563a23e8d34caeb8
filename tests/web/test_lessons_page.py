"""Learn from your mistakes: after the review, the page steps through the player's own marked moves;
a wrong try is told wrong, the right one right, the engine's move is drawn, and the summary counts.
A tried flip shows no piece, and the finished game stays as it was."""

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_accessibility import audit
from web_support import call, cell

from hdchess.bridge import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from careless_play import careless_game  # noqa: E402  (tests/careless_play.py)

pytestmark = pytest.mark.web

REVIEW_MS = 120_000
WAIT_MS = 30_000
NODES = 1500  # the page's review budget (web/replay.js REVIEW_NODES): a 14-action game is checked in seconds


def click_action(page, frm, to):
    if frm != to:
        cell(page, frm).click()
    cell(page, to).click()


def wrong_try(session, ply):
    """An action at least 3 points worse than the mistake of action ``ply`` (CPython's judgement), a flip
    if there is one; None if none is."""
    lesson = call(session, "lesson", ply=ply)
    tries = lesson["legal"]["flips"] + [m["move"] for options in lesson["legal"]["moves"].values() for m in options]
    for text in tries:
        judged = call(session, "judge_try", ply=ply, move=text, nodes=NODES)
        far_worse = judged["loss"] >= judged["played_loss"] + 3
        if judged["verdict"] == "not_better" and not judged["same_as_played"] and far_worse:
            return judged["try"]
    return None


def own_marks(page, players=(1,)):
    """The page's review marks of the players' moves: [(ply, analysis)] in game order."""
    return page.evaluate("""async (players) => {
        const c = await import(new URL('web/controller.js', document.baseURI).href);
        const moves = c.app.view.moves;
        return [...c.app.review.marks.entries()]
          .filter(([ply, a]) => a.drop >= 3 && players.includes(moves[ply - 1].player))
          .sort((x, y) => x[0] - y[0]);
    }""", list(players))


def checked_game(open_app, record):
    """The finished game of ``record`` opened, its replay paused, and checked by the engine: (page, end panel)."""
    page = open_app({"record": record, "lang": "en"})
    if page.locator("#rp-play").get_attribute("aria-label") == "Pause":
        page.locator("#rp-play").click()
    over = page.locator("#gameover")
    over.locator("#btn-check").click()
    expect(over.locator(".review-status")).to_contain_text("Check done", timeout=REVIEW_MS)
    return page, over


def test_learn_from_your_mistakes_judges_tries_shows_the_engine_move_and_counts(open_app, engine_call, axe_source):
    session, view = careless_game()
    record = call(session, "export")["record"]
    page, over = checked_game(open_app, record)
    before = engine_call(page, "export")["record"]
    marks = own_marks(page)
    assert marks, "the careless human made no marked move"
    total = len(marks)
    learn = over.locator("#btn-learn")
    expect(learn).to_have_text(f"Learn from your mistakes ({total})")
    learn.click()

    panel = page.locator("#lesson")
    expect(panel.locator("h2")).to_have_text(f"Learn from your mistakes · Mistake 1 of {total}")
    ply, analysis = marks[0]
    intro = panel.locator(".lesson-intro")
    expect(intro).to_contain_text("Your move here")
    # what it cost in points of the score sheet (not the search's units, which add 30 for winning itself)
    points = analysis["points"]
    assert analysis["drop"] >= points
    expect(intro).to_contain_text(f"about {points} points of the final score" if points >= 1 else "mistake")
    expect(intro).to_contain_text("Find a better move")
    announcer = page.locator("#announcer")  # said to a screen reader as well
    expect(announcer).to_contain_text(f"Mistake 1 of {total}. Your move here")
    expect(page.locator("#rp-pos")).to_have_text(f"Move {ply - 1} of {len(view['moves'])}")
    expect(page.locator("#review-note")).to_be_hidden()  # the review's note would give the answer away
    assert page.locator("#moves").evaluate("list => list.inert")  # and so would the marked moves' labels
    assert page.locator(".board-area .overlay *").count() == 0  # no arrow before a try

    verdict = panel.locator(".lesson-verdict")
    arrows = page.locator(".board-area .overlay .hint-line, .board-area .overlay .hint-ring")
    flips_tried = 0
    for n, (ply, analysis) in enumerate(marks, start=1):
        if n > 1:
            panel.locator(".lesson-next").click()
            expect(panel.locator("h2")).to_contain_text(f"Mistake {n} of {total}")
        expect(panel.locator(".lesson-giveup")).to_be_enabled(timeout=WAIT_MS)
        if n == 1:  # the move that was played: told so
            played = view["moves"][ply - 1]
            click_action(page, played["from"], played["to"])
            expect(verdict).to_contain_text("is the move that was played", timeout=WAIT_MS)
            expect(announcer).to_have_text(verdict.inner_text())
        # an action the engine (on CPython) finds far worse than the mistake: told it is no better
        wrong = wrong_try(session, ply)
        if wrong:
            click_action(page, wrong["from"], wrong["to"])
            expect(verdict).to_contain_text("is no better than the move played. Try again.", timeout=WAIT_MS)
            if wrong["kind"] == "flip":  # said in words, and the square stays face-down
                expect(verdict).to_contain_text(f"A flip on {wrong['to']} is")
                assert cell(page, wrong["to"]).get_attribute("aria-label").endswith("face-down")
                flips_tried += 1
        assert arrows.count() == 0  # the engine's move is not shown yet
        if n == 1:  # the engine's own move: found
            click_action(page, analysis["best_from"], analysis["best_to"])
            expect(verdict).to_contain_text("Well found", timeout=WAIT_MS)
            audit(page, axe_source, "a lesson, its try found")
        else:  # given up
            panel.locator(".lesson-giveup").click()
            expect(verdict).to_contain_text("The engine's move:")
        assert arrows.count() == 1
        if analysis["best_from"] == analysis["best_to"]:
            assert cell(page, analysis["best_to"]).get_attribute("aria-label").endswith("face-down")
    assert flips_tried, "no flip was tried"
    # in Chinese too
    page.locator("#btn-lang").click()
    expect(panel.locator("h2")).to_contain_text("从失误中学习")
    expect(panel.locator(".lesson-next")).to_have_text("查看结果")
    words = re.sub(r"[a-h][1-8]|[A-Za-z]\b", "", panel.inner_text())  # squares and piece letters aside
    assert not re.search(r"[A-Za-z]{2,}", words), words
    page.locator("#btn-lang").click()
    panel.locator(".lesson-next").click()
    expect(panel.locator(".lesson-summary")).to_have_text(f"You found 1 of {total}.")
    results = panel.locator(".lesson-results li")  # each mistake, found or shown
    expect(results).to_have_count(total)
    expect(results.first).to_contain_text(f"Move {marks[0][0]}, ")
    expect(results.first).to_contain_text(": found.")
    for n in range(1, total):
        expect(results.nth(n)).to_contain_text(f"Move {marks[n][0]}, ")
        expect(results.nth(n)).to_contain_text(": the engine's move was ")
    panel.locator(".lesson-close").click()
    expect(panel).to_be_hidden()
    expect(over.locator("#btn-learn")).to_be_focused()  # the focus goes back where the lessons began
    expect(over).to_be_visible()
    assert not page.locator("#moves").evaluate("list => list.inert")
    # nothing of the finished game changed
    assert engine_call(page, "export")["record"] == before


def test_a_cheight_lesson_takes_its_tries_through_the_choice_menu_and_the_keyboard(open_app):
    """The rules' carry example: the human's Advisor carries both pieces to c3 (a big loss); the AI's
    reply is marked too, but only the human's move is a lesson."""
    start = "3k/4/4/4/4/e1E1/1[pRA]2/2[chrh]K r 0 0"
    session = Session()
    call(session, "load_record", record=f'[Variant "cheight"]\n[FEN "{start}"]\n[Player1Type "human"]\n'
                                        '[Player2Type "ai"]\n[Level "Beginner"]\n\n *\n')
    call(session, "play", move="b2-c3+2")
    call(session, "play", move="d8-d7")
    call(session, "resign", player=1)
    record = call(session, "export")["record"]
    page, over = checked_game(open_app, record)
    marks = own_marks(page)
    assert [ply for ply, _ in marks] == [1]
    analysis = marks[0][1]
    over.locator("#btn-learn").click()
    panel = page.locator("#lesson")
    # Cheight is won or lost, not scored: the loss in words; no flips in it, so none is offered
    expect(panel.locator(".lesson-intro")).to_contain_text("was a serious mistake. Find a better move on the board.")
    assert analysis["drop"] >= 8
    verdict = panel.locator(".lesson-verdict")
    menu = page.get_by_role("menu")
    # carrying the Chariot alone, chosen in the menu: judged as the engine on CPython judges it
    expected = call(session, "judge_try", ply=1, move="b2-c3+1", nodes=NODES)["verdict"]
    assert expected != "best"  # the scenario: a wrong try first
    cell(page, "b2").click()
    cell(page, "c3").click()
    menu.get_by_role("menuitem").filter(has_text="Carry the red Chariot").first.click()
    words = {"better": "is better than the move played", "not_better": "is no better than the move played"}[expected]
    expect(verdict).to_contain_text(words, timeout=WAIT_MS)
    # the engine's move, from the keyboard: b2 is picked up, the arrows reach c1, Enter (and the menu)
    cell(page, "b2").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    expect(cell(page, "c1")).to_be_focused()
    page.keyboard.press("Enter")
    if menu.is_visible():
        titles = menu.get_by_role("menuitem").evaluate_all("items => items.map(i => i.title)")
        for _ in range(titles.index(analysis["best"])):
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
    expect(verdict).to_contain_text("Well found", timeout=WAIT_MS)
    expect(panel.locator(".lesson-next")).to_be_focused()
    page.keyboard.press("Enter")
    expect(panel.locator(".lesson-summary")).to_have_text("You found 1 of 1.")


def test_two_players_at_one_screen_learn_from_both_sides_mistakes(open_app):
    session, view = careless_game(second="human")
    record = call(session, "export")["record"]
    page, over = checked_game(open_app, record)
    marked = page.locator(".move-list .move.mistake, .move-list .move.blunder").count()
    players = {view["moves"][ply - 1]["player"] for ply, _ in own_marks(page, players=(1, 2))}
    assert marked and players == {1, 2}, "the scenario: both players made a marked move"
    learn = over.locator("#btn-learn")
    expect(learn).to_have_text(f"Learn from your mistakes ({marked})")  # every marked move, either side's
    learn.click()
    ply = own_marks(page, players=(1, 2))[0][0]
    color = view["moves"][ply - 1]["color"].capitalize()
    panel = page.locator("#lesson")
    expect(panel.locator(".lesson-intro")).to_contain_text(f"{color}'s move here")  # not "your move"
    panel.locator(".lesson-stop").click()
    expect(panel).to_be_hidden()
    expect(learn).to_be_focused()
