"""Play a friend (issue 37), whole games: two pages in two browser contexts, connected through the links alone,
play each game to its end through the page's own entry for a chosen action (the board's), and both sides
see the game verified (every flip, the shuffles and every move checked once the keys are published). A page
closed and opened again mid-game resumes the same position through a fresh invitation."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from test_remote_connect import (
    NO_STUN,
    connect,
    open_two_pages,
    shot,
    wait_connected,
)

HOOK_JS = """async () => {
  window.friendGame = await import(new URL("web/friend-game.js", document.baseURI).href);
  window.appState = (await import(new URL("web/state.js", document.baseURI).href)).app;
}"""
STATE_JS = """() => {
  const m = window.friendGame, app = window.appState;
  const s = m.friendStatus();
  return s && { status: s, busy: app.busy, legal: app.view.legal, outcome: app.view.outcome ?? null,
    moves: app.view.moves.map((x) => x.text), position: app.view.position ?? null };
}"""
ACT_JS = "(move) => window.friendGame.friendAction({ move })"
MAX_ACTIONS = 160  # past this a test resigns: a game of random moves can wander (it is still ended)


@pytest.fixture
def two_pages(launch_browser, guard):
    yield from open_two_pages(launch_browser, guard)


def state(page):
    return page.evaluate(STATE_JS)


def wait_started(page):
    page.evaluate(HOOK_JS)
    page.wait_for_function("window.friendGame.friendStatus()?.phase === 'playing'", timeout=120_000)


def choose(legal, rng):
    """A legal action: a capture when there is one (games end sooner), else any move or flip."""
    moves = [a["move"] for options in legal["moves"].values() for a in options]
    captures = [m for m in moves if "x" in m]
    pool = captures or moves + legal["flips"]
    return rng.choice(pool) if pool else None


def play_out(host, guest, rng, max_actions=MAX_ACTIONS, act=None):
    """Both pages act in turn until the game ends; returns the number of actions played. ``act(page, now,
    rng)`` plays one action on the page to act (``now``: its state) and says whether it was played; by
    default a chosen action through the page's own entry."""
    act = act or (lambda page, now, rng: (move := choose(now["legal"], rng)) is not None and try_act(page, now, move))
    played = 0
    while True:
        for page in (host, guest):
            now = state(page)
            if now["outcome"]:
                return played
            status = now["status"]
            if not status["my_turn"] or status["pending"] or now["busy"]:
                continue
            if played >= max_actions:
                page.evaluate("window.friendGame.friendResign()")
                continue
            if act(page, now, rng):
                played += 1
        host.wait_for_timeout(50)


def try_act(page, now, move):
    """Play ``move`` through the page's own entry, as a click: whether the page played it (a click while the
    page is busy with a message does nothing, as on the board)."""
    page.evaluate(ACT_JS, move)
    try:
        page.wait_for_function("(n) => window.appState.view.moves.length >= n || window.appState.view.outcome",
                               arg=len(now["moves"]) + 1, timeout=5_000)
        return True
    except PlaywrightTimeout:
        return False


def wait_verified(page):
    page.wait_for_function("['verified', 'cheated'].includes(window.friendGame.friendStatus()?.phase)",
                           timeout=120_000)
    return state(page)


@pytest.mark.parametrize("variant", ["hdc2", "gaiqi", "banqi", "cheight"])
def test_a_whole_game_with_a_friend_ends_verified_on_both_pages(two_pages, open_app, wait_for_engine, variant):
    host, guest, _ = two_pages
    connect(host, guest, open_app, wait_for_engine, variant=variant)
    for page in (host, guest):
        wait_started(page)
    played = play_out(host, guest, random.Random(variant))
    assert played > 0
    ends = [wait_verified(page) for page in (host, guest)]
    for end in ends:
        assert end["status"]["phase"] == "verified", end["status"]
        assert end["status"]["cheat"] is None
    assert ends[0]["moves"] == ends[1]["moves"]  # one transcript, seen alike
    for page in (host, guest):  # the end panel, and the record naming both players (Player1 is who opened)
        page.locator("#gameover").wait_for()
        page.locator("#btn-record").click()
        record = page.locator("#record-dialog textarea").input_value()
        names = sorted(re.findall(r'\[Player[12] "(\w+)"\]', record))
        assert names == ["Ann", "Bo"] and '[Event "hdchess remote game"]' in record, record[:300]
        page.keyboard.press("Escape")


def reinvite(inviter, invited, check=lambda: True):
    """A new invitation to a game both pages had (the inviter's dialog already open): opened in the invited
    page's tab, which finds the same game in its storage (``check`` holds of what its dialog says), and
    the reply handed back, until both are connected again."""
    inviter.locator("#fr-make").click()
    invitation = inviter.locator("#fr-join-link")
    invitation.wait_for()
    invited.goto(invitation.input_value())
    accept = invited.locator("#fr-accept")
    accept.wait_for()
    assert check()
    accept.click()
    reply = invited.locator("#fr-reply-link")
    reply.wait_for()
    inviter.locator("#fr-reply").fill(reply.input_value())
    inviter.locator("#fr-connect").click()
    for page in (inviter, invited):
        wait_connected(page)
        page.evaluate(HOOK_JS)
        page.wait_for_function("window.friendGame.friendStatus()?.connected")


def play_some(host, guest, rng, count):
    """`count` actions, each side in turn, through the page's own entry (which, as a click, does nothing
    while the page is busy with a message: then the side to act tries again)."""
    for _ in range(count):
        for _ in range(12):
            page = side_to_act(host, guest)
            now = state(page)
            if try_act(page, now, choose(now["legal"], rng)):
                break
        else:
            raise AssertionError(f"no action was played: host {state(host)['status']}, guest {state(guest)['status']}")


def under_way(host, guest, open_app, wait_for_engine, seed, count):
    """Both pages connected and ``count`` actions played, both idle: the moves so far."""
    connect(host, guest, open_app, wait_for_engine)
    for page in (host, guest):
        wait_started(page)
    play_some(host, guest, random.Random(seed), count)
    for page in (host, guest):
        page.wait_for_function("() => window.appState.busy === 0")
    return state(host)["moves"]


def side_to_act(host, guest):
    """The page whose turn it is, once it is free to act (no flip waiting for its key, no message in hand)."""
    for _ in range(600):
        pages = [p for p in (host, guest) if (s := state(p))["status"].get("my_turn")
                 and not s["status"].get("pending") and not s["busy"]]
        if pages:
            return pages[0]
        host.wait_for_timeout(50)
    raise AssertionError(f"neither side can act: host {state(host)['status']}, guest {state(guest)['status']}")


def test_a_page_closed_mid_game_resumes_the_same_position_through_a_fresh_invitation(
        two_pages, open_app, wait_for_engine, site_url):
    host, guest, _ = two_pages
    connect(host, guest, open_app, wait_for_engine)
    for page in (host, guest):
        wait_started(page)
    play_some(host, guest, random.Random(5), 6)
    host.wait_for_function("() => window.appState.busy === 0")
    before = state(host)["moves"]
    assert len(before) >= 6
    context = guest.context
    guest.close()  # the guest's tab is gone; the host sees the friend leave
    host.locator("#fr-reinvite").wait_for()
    assert "Bo disconnected" in host.locator("#friend-bar .friend-state").inner_text()
    guest = context.new_page()
    open_app(NO_STUN, target=guest)  # the guest comes back: the same game, not connected
    guest.evaluate(HOOK_JS)
    guest.wait_for_function("(n) => window.appState.view.moves.length === n", arg=len(before))
    assert state(guest)["moves"] == before
    guest.locator("#fr-reinvite").click()  # either page may invite again: here the guest
    friend = guest.locator("#friend-dialog")
    assert friend.locator("#fr-name").input_value() == "Bo"
    reinvite(guest, host, lambda: "go on with your game" in host.locator("#friend-dialog").inner_text())
    assert state(host)["moves"] == before and state(guest)["moves"] == before
    play_some(host, guest, random.Random(6), 2)  # and the game goes on
    for page in (host, guest):
        page.wait_for_function("(n) => window.appState.view.moves.length === n", arg=len(before) + 2)
    assert state(host)["moves"] == state(guest)["moves"]


LIE_JS = """() => {
  // this page lies from now on: every partial decryption it sends for a flip is another number
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    const frame = JSON.parse(data);
    if (frame.t === "p") {
      const message = JSON.parse(frame.m);
      if (message.kind === "reveal" || (message.kind === "act" && message.partial)) {
        const hex = message.partial;
        message.partial = hex.slice(0, -1) + (hex.at(-1) === "1" ? "2" : "1");
        frame.m = JSON.stringify(message);
      }
    }
    return send.call(this, JSON.stringify(frame));
  };
}"""


def test_a_peer_that_lies_about_a_flip_is_caught_and_named(two_pages, open_app, wait_for_engine):
    host, guest, _ = two_pages
    connect(host, guest, open_app, wait_for_engine)
    for page in (host, guest):
        wait_started(page)
    liar, honest = (guest, host) if state(guest)["status"]["my_turn"] else (host, guest)
    liar.evaluate(LIE_JS)
    liar.evaluate(ACT_JS, state(liar)["legal"]["flips"][0])
    caught = honest.locator("#friend-bar .friend-caught")
    caught.wait_for()
    assert caught.inner_text().lower().startswith("the peer was caught")
    assert state(honest)["moves"] == []  # nothing was revealed by the lie


def bar_says(page, text):
    page.wait_for_function("(text) => document.querySelector('#friend-bar')?.textContent.includes(text)", arg=text)


def wait_settled(host, guest):
    """Both pages agree on the moves, one of them is to act, and nothing is in flight: no flip waiting for
    its key, no offer open, no message in hand (an offer made before this could lapse, and rightly)."""
    for _ in range(600):
        now = [state(page) for page in (host, guest)]
        if (now[0]["moves"] == now[1]["moves"] and any(s["status"].get("my_turn") for s in now)
                and not any(s["busy"] or s["status"].get("pending") or s["status"].get("offer") for s in now)):
            return
        host.wait_for_timeout(50)
    raise AssertionError(f"the two pages never settled: host {now[0]['status']}, guest {now[1]['status']}")


def wait_request(page, other):
    """The friend's request on `page`, once shown; if not in time, what both bars and statuses said."""
    button = page.locator("#fr-accept-request")
    try:
        button.wait_for(timeout=60_000)
    except PlaywrightTimeout as exc:
        said = "\n".join(f"{p.locator('#friend-bar').inner_text()}\n{state(p)['status']}" for p in (page, other))
        raise AssertionError(f"no request shown:\n{said}") from exc
    return button


def test_canned_lines_a_takeback_and_a_draw_are_offered_and_answered(two_pages, open_app, wait_for_engine):
    host, guest, _ = two_pages
    connect(host, guest, open_app, wait_for_engine)
    for page in (host, guest):
        wait_started(page)
    host.locator("#fr-line").select_option("good_luck")
    host.locator("#fr-say").click()
    bar_says(guest, "Ann: Good luck!")
    bar_says(host, "You: Good luck!")
    play_some(host, guest, random.Random(3), 3)
    wait_settled(host, guest)  # the last action reached both pages (a flip's key too)
    asker = host if not state(host)["status"]["my_turn"] else guest  # who moved last asks to take it back
    other = guest if asker is host else host
    before = state(asker)["moves"]
    # against a friend Undo and Hint are off, and say why; a takeback is asked for in the friend bar
    expect(asker.locator("#btn-undo")).to_be_disabled()
    expect(asker.locator("#btn-undo")).to_have_attribute("title", re.compile("friend"))
    expect(asker.locator("#btn-hint")).to_be_disabled()
    asker.locator("#fr-takeback").click()
    wait_request(other, asker)
    other.locator("#fr-decline-request").click()
    bar_says(asker, "declined")
    wait_settled(host, guest)  # the answer reached the asker: no offer open on either side
    asker.locator("#fr-takeback").click()
    wait_request(other, asker).click()
    for page in (host, guest):
        page.wait_for_function("(n) => window.appState.view.moves.length < n", arg=len(before))
    wait_settled(host, guest)
    assert state(host)["moves"] == state(guest)["moves"]
    host.locator("#fr-draw").click()
    wait_request(guest, host)
    assert "Ann offers a draw" in guest.locator("#friend-bar .friend-request").inner_text()
    shot(guest, "en-9-draw-offered")
    guest.locator("#fr-accept-request").click()
    ends = [wait_verified(page) for page in (host, guest)]
    host.locator("#gameover").wait_for()
    shot(host, "en-10-game-over")
    for end in ends:
        assert end["status"]["phase"] == "verified" and end["outcome"]["result"] == "1/2-1/2", end["outcome"]


def test_a_timed_game_keeps_both_clocks_on_both_pages(two_pages, open_app, wait_for_engine):
    host, guest, _ = two_pages
    connect(host, guest, open_app, wait_for_engine, variant="cheight", clock="3+2")
    for page in (host, guest):
        wait_started(page)
    play_some(host, guest, random.Random(8), 4)
    for page in (host, guest):
        page.wait_for_function("() => window.appState.busy === 0")
        status = state(page)["status"]
        assert status["clock"] == {"initial_ms": 180_000, "increment_ms": 2000}
        shown = page.locator(".player-card .clock").all_inner_texts()
        assert len(shown) == 2 and all(text.startswith(("3:", "2:")) for text in shown), shown
        for player in ("1", "2"):  # each side's reading: under the start plus the increments earned
            assert 0 < status["clocks"][player] <= 180_000 + 2 * 2000


def test_the_host_reloads_mid_game_and_invites_again_from_its_saved_state(two_pages, open_app, wait_for_engine):
    host, guest, _ = two_pages
    before = under_way(host, guest, open_app, wait_for_engine, 11, 5)
    host.reload()  # the inviting page reloads: its saved state brings the game back, not connected
    wait_for_engine(host)
    host.evaluate(HOOK_JS)
    host.wait_for_function("(n) => window.appState.view.moves.length === n", arg=len(before))
    guest.locator("#fr-reinvite").wait_for(timeout=60_000)  # the guest saw the channel go
    host.locator("#fr-reinvite").click()
    reinvite(host, guest)
    assert state(host)["moves"] == before == state(guest)["moves"]
    play_some(host, guest, random.Random(12), 2)
    for page in (host, guest):
        page.wait_for_function("(n) => window.appState.view.moves.length === n", arg=len(before) + 2)
    assert state(host)["moves"] == state(guest)["moves"]


def test_a_click_that_does_nothing_is_explained_by_the_remote_game(two_pages, open_app, wait_for_engine):
    host, guest, _ = two_pages
    connect(host, guest, open_app, wait_for_engine)
    for page in (host, guest):
        wait_started(page)
    mover = host if state(host)["status"]["my_turn"] else guest
    before = mover.locator("#status").inner_text()
    mover.evaluate("window.friendGame.friendExplain({ from: 'a1', to: 'a2' })")  # a face-down piece cannot move
    mover.wait_for_function("(before) => document.querySelector('#status').textContent !== before", arg=before)
    assert state(mover)["moves"] == []
