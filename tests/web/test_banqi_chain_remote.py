"""A game against a friend (two pages in two browser contexts) of banqi with both house rules on (chain
captures and the charging Chariot, RULES.md 4.1): the invitation carries the options and both pages play by
them; each side plays through the board's clicks, a chain capture by capture; the game is played to its end
and verified on both pages (every flip, the shuffles and every move, chains included)."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_remote_connect import connect
from test_remote_page_games import play_out, two_pages, wait_started, wait_verified  # noqa: F401 (a fixture)
from web_support import cell

pytestmark = pytest.mark.web

HOUSE_RULES = {"chain_captures": "yes", "chariot_rush": "yes"}
MAX_ACTIONS = 200  # past this the side to act resigns (a game of random moves can wander; it still ends)


def pick(legal, rng):
    """An action of the board's list, by its notation: the longest chain when there is one, else a capture
    (games end sooner), else any move or flip."""
    moves = [a["move"] for options in legal["moves"].values() for a in options]
    chains = [m for m in moves if m.count("x") >= 2]
    if chains:
        return max(chains, key=lambda m: (m.count("x"), m))
    pool = [m for m in moves if "x" in m] or moves + legal["flips"]
    return rng.choice(pool) if pool else None


def click_action(page, move):
    """Play ``move`` as a player reads it: a flip by its square (``c3``); a move (``c2-c3``) or a chain
    (``c2xc3xd3``) by its piece and then each square it lands on in turn."""
    squares = re.split("[-x]", move)
    for square in squares:
        cell(page, square).click()


def act_by_clicks(played):
    """An ``act`` for play_out: the action picked, played through the board's clicks, and kept in ``played``."""
    def act(page, now, rng):
        move = pick(now["legal"], rng)
        if move is None:
            return False
        click_action(page, move)
        try:
            page.wait_for_function("(n) => window.appState.view.moves.length >= n || window.appState.view.outcome",
                                   arg=len(now["moves"]) + 1, timeout=5_000)
        except PlaywrightTimeout:  # the page was busy with a message: the clicks did nothing, try again
            page.keyboard.press("Escape")
            return False
        played.append(move)
        return True
    return act


def test_a_friend_game_with_both_house_rules_ends_verified_on_both_pages(two_pages, open_app,  # noqa: F811
                                                                          wait_for_engine):
    host, guest, _ = two_pages
    connect(host, guest, open_app, wait_for_engine, variant="banqi", options=HOUSE_RULES)
    for page in (host, guest):
        wait_started(page)
        options = page.evaluate("() => window.appState.view.options")
        assert {k: options.get(k) for k in HOUSE_RULES} == HOUSE_RULES, options  # both pages play by them
    played: list[str] = []
    play_out(host, guest, random.Random(51), MAX_ACTIONS, act_by_clicks(played))
    ends = [wait_verified(page) for page in (host, guest)]
    for end in ends:
        assert end["status"]["phase"] == "verified", end["status"]
        assert end["status"]["cheat"] is None
    assert ends[0]["moves"] == ends[1]["moves"]  # one transcript, seen alike
    assert [move.split("(")[0] for move in ends[0]["moves"]] == played  # each action as clicked (a flip: c3(R))
    assert any(move.count("x") >= 2 for move in played)  # chains among them, each one action of the transcript
