"""Banqi's house rules on the page (RULES.md 4.1), in English and in Chinese: a chain of captures is
picked capture by capture (after each capture that may go on, the next ones are marked and an End turn
button shows beside the piece; clicking the piece again ends the turn too), it is played as ONE action,
the move list shows it as one move with each piece it took, and Undo takes back the whole chain. With
the charging Chariot on too, a charge takes a higher-ranked piece, and a chain may be made of charges.
The positions are set up as shared records (the FEN tag and the options as tags)."""

import re

import pytest
from playwright.sync_api import expect
from web_support import cell, open_set_up_game

pytestmark = pytest.mark.web

WAIT_MS = 60_000
# Red's Chariot on a1 against a Horse (a2), a Cannon (b2) and two Soldiers (a3, b3): it may take all four
# in a row, by two ways round. The Generals stand apart in the h file.
CHAIN_START = "7k/pp6/hc6/R6K r - 0 20"
# Red's Chariot on a1 charges up the a file onto the Advisor on a4, then along rank 4 onto the General.
CHARGE_START = "a2k4/8/7c/R6K r - 0 20"
END_TURN = {"en": "End turn", "zh": "结束回合"}
CAPTURE = re.compile(r"\bcapture\b")


def open_game(open_app, lang, fen, **options):
    """A two-player game from ``fen`` with ``options`` (rule options as record tags), opened as a record."""
    return open_set_up_game(open_app, lang, "banqi", fen, **options)


def captures_marked(page):
    return sorted(page.eval_on_selector_all("#board .sq.capture", "cells => cells.map(c => c.dataset.sq)"))


def moves_listed(page):
    return page.eval_on_selector_all("#moves [data-move]", "cells => cells.map(c => [c.dataset.move, c.textContent])")


def disc_on(page, square):
    """The piece drawn on ``square`` (its accessible words), '' on an empty square."""
    return cell(page, square).locator(".disc").count()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_chain_of_three_captures_is_picked_step_by_step_and_played_as_one_move(open_app, engine_call, lang):
    page = open_game(open_app, lang, CHAIN_START, ChainCaptures="yes")
    end_turn = page.get_by_role("button", name=END_TURN[lang])
    cell(page, "a1").click()
    assert captures_marked(page) == ["a2"]  # only the first capture: the chains' later landings wait
    cell(page, "a2").click()
    expect(end_turn).to_be_visible()
    assert captures_marked(page) == ["a3", "b2"]  # from where the Chariot landed
    assert disc_on(page, "a1") == 0 and disc_on(page, "a2") == 1  # drawn where it stands, the Horse gone
    assert engine_call(page, "view")["position"].startswith(CHAIN_START.split(" ")[0])  # nothing played yet
    expect(page.locator("#status")).to_contain_text("a1xa2")
    cell(page, "b2").click()
    assert captures_marked(page) == ["b3"]
    cell(page, "b3").click()
    assert captures_marked(page) == ["a3"]  # it could go on, but the player stops after three captures
    end_turn.click()
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length === 1", timeout=WAIT_MS)
    expect(end_turn).to_be_hidden()
    view = engine_call(page, "view")
    assert [m["text"] for m in view["moves"]] == ["a1xa2xb2xb3"] and view["side"] == "black"  # one turn
    assert view["squares"]["b3"] == "R" and view["squares"]["a3"] == "p"
    assert [view["squares"][sq] for sq in ("a1", "a2", "b2")] == [None, None, None]
    [(notation, words)] = moves_listed(page)
    assert notation == "a1xa2xb2xb3"
    assert words == "俥a1×馬a2×炮b2×卒b3"  # each piece taken, in the pieces' characters
    page.locator("#btn-undo").click()  # the whole chain is taken back, in one step
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length === 0", timeout=WAIT_MS)
    view = engine_call(page, "view")
    assert view["position"].startswith(CHAIN_START.split(" ")[0]) and view["side"] == "red"
    expect(cell(page, "a2").locator(".disc")).to_have_count(1)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_clicking_the_piece_again_ends_the_chain_and_escape_puts_it_back(open_app, engine_call, lang):
    page = open_game(open_app, lang, CHAIN_START, ChainCaptures="yes")
    end_turn = page.get_by_role("button", name=END_TURN[lang])
    cell(page, "a1").click()
    cell(page, "a2").click()
    expect(end_turn).to_be_visible()
    page.keyboard.press("Escape")  # nothing was played: the Chariot is back on a1, still picked up
    expect(end_turn).to_be_hidden()
    assert disc_on(page, "a1") == 1 and disc_on(page, "a2") == 1
    assert captures_marked(page) == ["a2"]
    cell(page, "a2").click()
    cell(page, "a3").click()
    cell(page, "a3").click()  # the piece again: the turn ends there
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length === 1", timeout=WAIT_MS)
    assert [m["text"] for m in engine_call(page, "view")["moves"]] == ["a1xa2xa3"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_charge_takes_a_higher_piece_and_charges_chain(open_app, engine_call, lang):
    page = open_game(open_app, lang, CHARGE_START, ChainCaptures="yes", ChariotRush="yes")
    end_turn = page.get_by_role("button", name=END_TURN[lang])
    cell(page, "a1").click()
    assert captures_marked(page) == ["a4"]  # over two empty squares, onto the Advisor (above the Chariot)
    expect(cell(page, "a2")).to_have_class(re.compile(r"\bdest\b"))  # and it slides any distance
    cell(page, "a4").click()
    expect(end_turn).to_be_visible()
    assert captures_marked(page) == ["d4"]  # a second charge, onto the General
    cell(page, "d4").click()  # nothing to take from there: the chain is played at once
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length === 1", timeout=WAIT_MS)
    expect(end_turn).to_be_hidden()
    view = engine_call(page, "view")
    assert [m["text"] for m in view["moves"]] == ["a1xa4xd4"]
    assert view["squares"]["d4"] == "R" and view["squares"]["a4"] is None and view["side"] == "black"
    [(_, words)] = moves_listed(page)
    assert words == "俥a1×士a4×將d4"


# Black's Chariot on a1 against Red's Horse (a2), Cannon (b2) and Soldiers (a3, b3); the computer plays Black.
AI_CHAIN_START = "7K/PP6/HC6/r6k b - 0 20"
# Every slide of a piece's disc, by its keyframes: a chain slides through each landing in turn.
SLIDES_JS = """
window.slides = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  if (this.classList?.contains("disc") && !this.classList.contains("ghost")) window.slides.push(frames);
  return animate.call(this, frames, options);
};
"""
TOLD = {"en": re.compile(r"^Black Chariot on a1 captures (red [A-Za-z]+ on [a-h][1-4], )+"
                         r"red [A-Za-z]+ on [a-h][1-4]\.$"),
        "zh": re.compile(r"^黑方車 a1 连吃([a-h][1-4] 的红[^，。]+，)+[a-h][1-4] 的红[^，。]+。$")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_computers_chain_slides_capture_by_capture_and_is_told_as_one_move(page, open_app, lang):
    page.add_init_script(SLIDES_JS)
    page = open_set_up_game(open_app, lang, "banqi", AI_CHAIN_START, ChainCaptures="yes", Player1Type="ai")
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length === 1", timeout=WAIT_MS)
    [(notation, words)] = moves_listed(page)
    landings = notation.split("x")[1:]
    assert notation.startswith("a1x") and len(landings) >= 2, notation  # a chain, as one move
    assert words.startswith("車a1×") and words.count("×") == len(landings)
    page.wait_for_function("() => window.slides.length > 0", timeout=WAIT_MS)  # the slide starts a frame later
    slide = page.evaluate("() => window.slides.at(-1)")
    assert len(slide) == len(landings) + 1  # from a1 through each landing
    expect(page.locator("#announcer")).to_have_text(TOLD[lang])
