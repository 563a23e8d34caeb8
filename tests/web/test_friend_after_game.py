"""Play a friend, after the game (issue 50, item 3): a rematch with the sides swapped, offered from either
page over one link (the local test relay of test_one_link.py), declined in plain words, then accepted: a
fresh fair set-up, the other side opens, both names in the record; a friend whose page left is shown as
gone. And a game resumed in another tab of the same browser: the old tab says the game went on elsewhere
and takes no move."""

from __future__ import annotations

import random
import re

from test_one_link import host_link, local, open_link, pages, relay, wait_connected  # noqa: F401 (fixtures)
from test_remote_connect import NO_STUN
from test_remote_page_games import (
    ACT_JS,
    HOOK_JS,
    play_some,
    reinvite,
    state,
    two_pages,  # noqa: F401 (a fixture)
    under_way,
    wait_started,
    wait_verified,
)


def bar_says(page, text: str, timeout: int = 30_000) -> None:
    page.wait_for_function("(text) => document.querySelector('#friend-bar')?.textContent.includes(text)",
                           arg=text, timeout=timeout)


def agree_a_draw(host, guest) -> None:
    """The side to move offers a draw, the other accepts: the game ends, checked on both pages."""
    mover, other = (host, guest) if state(host)["status"]["my_turn"] else (guest, host)
    mover.locator("#fr-draw").click()
    other.locator("#fr-accept-request").click()
    for page in (host, guest):
        assert wait_verified(page)["status"]["phase"] == "verified"


def record_of(page) -> str:
    page.locator("#btn-record").click()
    text = page.locator("#record-dialog textarea").input_value()
    page.keyboard.press("Escape")
    return text


def players(record: str) -> dict[str, str]:
    return dict(re.findall(r'\[(Player[12]) "([^"]*)"\]', record))


def test_a_rematch_is_declined_then_accepted_with_the_sides_swapped(pages, relay, open_app,  # noqa: F811
                                                                   wait_for_engine):
    host, guest = pages(2)
    url = host_link(host, open_app, local(relay), variant="hdc2")  # Ann
    open_link(guest, url, wait_for_engine)  # Bo
    wait_connected(host, guest)
    for page in (host, guest):
        wait_started(page)
    before = {page: state(page)["status"]["me"] for page in (host, guest)}
    agree_a_draw(host, guest)
    first = players(record_of(host))
    assert sorted(first.values()) == ["Ann", "Bo"]

    guest.locator("#fr-rematch").click()  # from the guest's page: declined
    request = host.locator("#friend-bar .friend-request")
    request.wait_for()
    assert "Bo offers a rematch with the sides swapped" in request.inner_text()
    host.locator("#fr-decline-request").click()
    bar_says(guest, "Ann declined the rematch.")
    for page in (host, guest):
        assert state(page)["status"]["phase"] == "verified"
    guest.wait_for_function("() => !document.querySelector('#fr-rematch')?.disabled")

    host.locator("#fr-rematch").click()  # from the host's page: accepted
    request = guest.locator("#friend-bar .friend-request")
    request.wait_for()
    opener = "you would move first" if before[guest] == 2 else "Ann would move first"
    assert "Ann offers a rematch with the sides swapped" in request.inner_text() and opener in request.inner_text()
    guest.locator("#fr-accept-request").click()
    for page in (host, guest):  # the same pages, a new fair set-up, the other side opening
        page.wait_for_function("(me) => { const s = window.friendGame.friendStatus();"
                               " return s?.phase === 'playing' && s.me === me; }", arg=3 - before[page],
                               timeout=120_000)
        assert state(page)["moves"] == []
        assert page.locator("#gameover").is_hidden()
        page.locator("#friend-bar .friend-log", has_text="sides swapped for the rematch").wait_for()
        seen = [s["text"] for s in page.evaluate("window.__statuses")]
        last_end = max(i for i, text in enumerate(seen) if "draw" in text.lower())
        assert any("Setting up fairly" in text for text in seen[last_end:]), seen[last_end:]
    assert state(host)["status"]["names"] == state(guest)["status"]["names"]

    play_some(host, guest, random.Random(1), 2)
    agree_a_draw(host, guest)
    for page in (host, guest):  # the rematch's record: both names, the players' places swapped
        second = players(record_of(page))
        assert second == {"Player1": first["Player2"], "Player2": first["Player1"]}, second

    guest.locator("#fr-leave").click()  # the friend's page leaves: said, and no rematch offered to it
    bar_says(host, "Bo has left")
    assert host.locator("#fr-rematch").is_disabled()


def test_a_game_resumed_in_another_tab_stops_the_old_tab(two_pages, open_app, wait_for_engine):  # noqa: F811
    host, guest, _ = two_pages
    before = under_way(host, guest, open_app, wait_for_engine, 7, 3)
    again = host.context.new_page()  # the host opens the game in a second tab of the same browser
    open_app(NO_STUN, target=again)
    again.evaluate(HOOK_JS)
    again.wait_for_function("(n) => window.appState.view.moves.length === n", arg=len(before))
    again.locator("#fr-reinvite").click()
    reinvite(again, guest)  # and resumes it there with the friend
    moved = "This game went on in another tab"
    bar_says(host, moved)
    host.wait_for_function("(text) => document.querySelector('#status').textContent.includes(text)", arg=moved)
    assert host.locator("#board .interactive").count() == 0
    assert host.locator("#fr-reinvite").count() == 0
    legal = state(host)["legal"]
    host.evaluate(ACT_JS, (legal["flips"] or [m["move"] for ms in legal["moves"].values() for m in ms])[0])
    play_some(again, guest, random.Random(8), 2)  # the game goes on in the new tab
    for page in (again, guest):
        page.wait_for_function("(n) => window.appState.view.moves.length === n", arg=len(before) + 2)
    assert state(again)["moves"] == state(guest)["moves"]
    assert state(host)["moves"] == before  # the old tab played nothing
