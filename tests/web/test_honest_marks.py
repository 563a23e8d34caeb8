"""What a game is, said on the page (issue 35): a game continued from a record (its writer chose its
flips), a serious game (no undo, no hints), an assisted one (an undo or a hint was used)."""

import re

import pytest
from playwright.sync_api import expect
from web_support import cell, finished

pytestmark = pytest.mark.web

WAIT_MS = 30_000
CHOSEN = "1. c2(K) b3(k) *"  # flips written by whoever wrote the record


def test_a_game_continued_from_a_record_is_marked_through_a_reload(open_app, page, wait_for_engine):
    open_app({"record": CHOSEN, "lang": "en"})
    mark = page.locator("#continued-mark")
    expect(mark).to_be_visible()
    expect(mark).to_have_text("Continued from a record")
    expect(mark).to_have_attribute("title", re.compile("chose what its flips revealed"))
    page.locator("#btn-record").click()
    expect(page.locator("#record-text")).to_have_value(re.compile(r'\[Continued "from a record"\]'))
    page.keyboard.press("Escape")
    page.reload()  # the saved game comes back with its mark (the record's tag)
    wait_for_engine(page)
    expect(page.locator("#continued-mark")).to_be_visible()
    page.locator("#btn-lang").click()
    expect(mark).to_have_text("续自棋谱")
    expect(mark).to_have_attribute("title", re.compile("写棋谱的人"))


def test_a_fresh_game_and_a_finished_record_under_review_are_not_marked(open_app, page):
    open_app("lang=en&level=Beginner")
    expect(page.locator("#continued-mark")).to_be_hidden()
    record, _, _ = finished()
    open_app({"record": record, "lang": "en"})
    expect(page.locator("#gameover")).to_be_visible()
    expect(page.locator("#continued-mark")).to_be_hidden()


def test_a_serious_game_has_no_undo_and_no_hint_and_says_why(open_app, page, wait_for_engine):
    open_app("lang=en&level=Beginner&first=human")
    page.locator("#btn-new").click()
    page.locator("#ng-serious").check()
    page.locator("#new-dialog [type=submit]").click()
    expect(page.locator("#new-dialog")).to_be_hidden()
    expect(page.locator("#serious-mark")).to_be_visible()
    cell(page, "d2").click()
    page.wait_for_function("document.querySelectorAll('.move-list .move').length >= 2", timeout=WAIT_MS)
    undo, hint = page.locator("#btn-undo"), page.locator("#btn-hint")
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", re.compile("Undo is off in a serious game"))
    expect(hint).to_be_disabled()
    expect(hint).to_have_attribute("title", re.compile("Hints are off"))
    page.locator("#btn-record").click()
    expect(page.locator("#record-text")).to_have_value(re.compile(r'\[Serious "yes"\]'))
    page.keyboard.press("Escape")
    page.reload()  # kept with the saved game
    wait_for_engine(page)
    expect(page.locator("#btn-undo")).to_be_disabled()
    expect(page.locator("#serious-mark")).to_be_visible()
    page.locator("#btn-lang").click()
    expect(page.locator("#btn-undo")).to_have_attribute("title", re.compile("正式对局不能悔棋"))
    page.locator("#btn-new").click()
    expect(page.locator("label[for=ng-serious]")).to_contain_text("正式对局")


def test_an_ordinary_game_still_undoes(open_app, page):
    open_app("lang=en&level=Beginner&first=human")
    cell(page, "d2").click()
    page.wait_for_function("document.querySelectorAll('.move-list .move').length >= 2", timeout=WAIT_MS)
    expect(page.locator("#btn-undo")).to_be_enabled()
    expect(page.locator("#serious-mark")).to_be_hidden()


def test_an_assisted_game_says_so_on_its_end_screen_and_record_title(open_app, page):
    record, _, _ = finished()
    record = record.replace('[Result "', '[Assisted "yes"]\n[Result "', 1)
    open_app({"record": record, "lang": "en"})
    over = page.locator("#gameover")
    expect(over).to_be_visible()
    expect(over.locator(".over-mark")).to_have_text("assisted (undo or hint used)")
    page.locator("#btn-record").click()
    expect(page.locator("#record-dialog h2")).to_have_text("Game record · assisted (undo or hint used)")
    page.keyboard.press("Escape")
    page.locator("#btn-lang").click()
    expect(over.locator(".over-mark")).to_have_text("有辅助（用过悔棋或提示）")
