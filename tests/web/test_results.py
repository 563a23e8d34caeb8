"""What the page says about the game: the result panel of every variant, why a
click does nothing, the repetition-penalty warning, resigning."""

import random
import re

import pytest
from playwright.sync_api import expect
from web_support import call, cell, finished

from hdchess.bridge import Session

pytestmark = pytest.mark.web

WAIT_MS = 30_000





@pytest.mark.parametrize("variant", ["hdc2", "banqi", "gaiqi"])
def test_the_result_panel_of_each_variant(open_app, variant):
    record, view, _ = finished(variant)
    page = open_app({"record": record, "lang": "en"})
    over = page.locator("#gameover")
    expect(over).to_be_visible()
    outcome = view["outcome"]
    winner = outcome["winner"]
    headline = "Draw" if winner is None else f"{winner.capitalize()} wins"
    expect(over.locator(".headline")).to_have_text(headline)
    assert over.locator(".reason").inner_text().strip()
    scores = outcome["scores"]
    if view["decided_by_score"]:
        expect(over.locator(".final-score")).to_have_text(f"Red {scores['red']} – {scores['black']} Black")
        assert over.locator(".material").count() == 0
    else:  # a win/loss game: the result, and material that says it is material, never a score
        assert over.locator(".final-score, .breakdown").count() == 0
        expect(over.locator(".material")).to_have_text(
            f"Pieces left, by their values: Red {scores['red']}, Black {scores['black']}.")
        expect(page.locator(".player-card .stat.score").first).to_contain_text("Pieces worth")
    expect(over.locator("svg.graph")).to_be_visible(timeout=WAIT_MS)
    if winner:  # the graph ends on the result
        expect(over.locator("svg.graph")).to_have_attribute("aria-label", re.compile(f"Result: {outcome['result']}$"))
        assert over.locator("svg.graph .graph-result").count() == 1


def a_position(predicate, seed=3, variant="hdc2"):
    """A human-vs-human record whose current view satisfies predicate(view); returns (record, view, session)."""
    rng = random.Random(seed)
    session = Session()
    view = call(session, "new_game", variant=variant, seed=seed, players={"1": "human", "2": "human"})
    for _ in range(400):
        if view["outcome"]:
            break
        if predicate(view):
            return call(session, "export")["record"], view, session
        legal = view["legal"]
        moves = [o["move"] for options in legal["moves"].values() for o in options]
        pick = rng.choice(moves) if moves and rng.random() < 0.8 else rng.choice(legal["flips"] or moves)
        view = call(session, "play", move=pick)["view"]
    raise AssertionError("no such position")


def mine(view, square):
    content = view["squares"][square]
    return content and content != "x" and (content[-1].isupper() == (view["side"] == "red"))


def test_clicks_that_do_nothing_are_explained(open_app):
    def suitable(view):
        movers = view["legal"]["moves"]
        enemies = [s for s, c in view["squares"].items() if c and c != "x" and not mine(view, s)]
        empties = [s for s, c in view["squares"].items() if c is None]
        return movers and enemies and empties
    record, view, session = a_position(suitable)
    page = open_app({"record": record, "lang": "en"})
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    status, announcer = page.locator("#status"), page.locator("#announcer")
    enemy = next(s for s, c in view["squares"].items() if c and c != "x" and not mine(view, s))
    cell(page, enemy).click()
    # one sentence with a capital, the turn said once (by the reason)
    expect(status).to_have_text(re.compile(f"^The piece on {enemy} is not yours \\(red to move\\)\\.$|"
                                           f"^The piece on {enemy} is not yours \\(black to move\\)\\.$"))
    expect(announcer).to_contain_text("is not yours")
    frm = next(iter(view["legal"]["moves"]))
    reachable = {o["to"] for o in view["legal"]["moves"][frm]}
    target = next(s for s, c in view["squares"].items()
                  if s not in reachable and s != frm and (c is None or not mine(view, s)) and c != "x")
    reason = call(session, "explain", **{"from": frm, "to": target})["reason"]
    assert reason
    cell(page, frm).click()
    cell(page, target).click()
    expect(status).to_contain_text(reason[0].upper() + reason[1:])
    assert session.handle({"cmd": "view"})["result"]["ply"] == view["ply"]


def test_a_move_that_costs_a_penalty_is_marked_and_announced(open_app):
    def penalised(view):
        return any(o["penalised"] for options in view["legal"]["moves"].values() for o in options)
    record, view, _ = a_position(penalised, seed=5)
    frm, option = next((f, o) for f, options in view["legal"]["moves"].items() for o in options if o["penalised"])
    page = open_app({"record": record, "lang": "en"})
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    cell(page, frm).click()
    target = cell(page, option["to"])
    expect(target).to_have_class(re.compile(r"\bpenalised\b"))
    assert "repetition penalty" in target.get_attribute("aria-label")
    expect(page.locator("#status")).to_contain_text(f"Moving back to {option['to']} costs a repetition penalty")


def test_resigning_ends_the_game(open_app):
    page = open_app("first=human&level=Beginner&seed=3&lang=en")
    expect(page.locator("#btn-resign")).to_be_disabled()  # nobody has a colour before the first flip
    cell(page, "d2").click()
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    page.locator("#btn-resign").click()
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_contain_text("Resign this game?")
    dialog.locator("#confirm-no").click()
    expect(page.locator("#gameover")).to_be_hidden()
    page.locator("#btn-resign").click()
    dialog.locator("#confirm-yes").click()
    over = page.locator("#gameover")
    expect(over.locator(".headline")).to_have_text("The computer wins.")
    mine = page.locator(".player-card[data-player='1'] .player-color").inner_text()  # the human's colour
    expect(over.locator(".reason")).to_have_text(f"{mine} resigned.")  # who resigned, not "a player"
    expect(page.locator("#btn-resign")).to_be_disabled()
    page.locator("#btn-lang").click()
    zh = {"Red": "红方", "Black": "黑方"}[mine]
    expect(over.locator(".reason")).to_have_text(f"{zh}认输。")
