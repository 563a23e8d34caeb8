"""Play a friend from one link (issue 50): the host's page makes one link, the guest opens it, and the two
pages find each other through a relay (a WebTorrent tracker, npm bittorrent-tracker's server, started here
on 127.0.0.1) and play, with no reply sent back. The pages are told to use only that relay (?relays=) and no
STUN server, every request and WebSocket of every page is recorded, and any to another host is blocked and
fails the test. A relay that is down gives the plain-words fallback to two links; a third page that opens
the same link is refused with a message; the set-up says its steps and the board takes no click meanwhile;
Hint and undo are off with a reason. A hostile relay (tests/web/hostile_relay.mjs: the same tracker behind a
proxy that replays, drops or alters the set-up messages, and logs all it sees) lets no third page in, reads
nothing of the game, and makes the pages connect or fail with words that say which part failed; so does a
network with no route between the two pages (no ICE candidates), with the TURN setting named."""

from __future__ import annotations

import json
import random
import re
import socket
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from test_remote_connect import (
    LOCAL_HOSTS,
    NAMES,
    PLAIN_CANDIDATES,
    RECORD_PEERS,
    assert_all_local,
    ice_report,
    record_requests,
)
from test_remote_page_games import play_out, state, wait_started, wait_verified

ROOT = Path(__file__).resolve().parents[2]
TRACKER_SERVER = ROOT / "web" / "node_modules" / "bittorrent-tracker" / "server.js"
HOSTILE_RELAY = ROOT / "tests" / "web" / "hostile_relay.mjs"
RELAY_WAIT_S = 8  # web/remote/relays.js RELAY_WAIT_MS
FIND_WAIT_S = 20  # web/ui/friend-one-link.js FIND_WAIT_MS
ANSWER_TTL_S = 24  # Trystero's answeringTtlMs/offerPostAnswerTtlMs: a connection not made by then has failed

# No ICE candidate at all (relayed ones only, and no TURN server answers): no route between the two pages.
NO_CANDIDATES = """
(() => {
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config, ...rest) { super({ ...(config ?? {}), iceTransportPolicy: "relay" }, ...rest); }
  };
})();
"""

# Every text the status line shows, with whether the board took clicks then (for the set-up's checks).
WATCH_STATUS = """
(() => {
  window.__statuses = [];
  const start = () => {
    const status = document.querySelector("#status");
    if (!status) return setTimeout(start, 50);
    const note = () => {
      const board = document.querySelector("#board .interactive");
      const last = window.__statuses.at(-1);
      const now = { text: status.textContent, interactive: Boolean(board) };
      if (!last || last.text !== now.text || last.interactive !== now.interactive) window.__statuses.push(now);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true,
      attributes: true, attributeFilter: ["class"] });
    note();
  };
  document.addEventListener("DOMContentLoaded", start);
})();
"""


@pytest.fixture
def relay():
    """A WebTorrent tracker on 127.0.0.1: its ws:// URL."""
    if not TRACKER_SERVER.exists():
        pytest.fail("web/node_modules/bittorrent-tracker is missing: run python3 web/build.py (npm ci in web/)")
    proc = subprocess.Popen(["node", str(ROOT / "tests" / "web" / "tracker.mjs"), str(TRACKER_SERVER)],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line, "the test relay did not start"
    yield f"ws://127.0.0.1:{json.loads(line)['port']}"
    proc.terminate()
    proc.wait(timeout=10)


@dataclass
class Hostile:
    """A hostile relay's ws:// URL and what it has logged so far (tests/web/hostile_relay.mjs)."""

    url: str
    log: list[dict] = field(default_factory=list)

    def fates(self) -> set[str]:
        return {entry["fate"] for entry in self.log}


@pytest.fixture
def hostile_relay():
    """``hostile_relay(mode, drop="2")``: the test tracker behind a proxy that replays, drops or alters the
    set-up messages (tests/web/hostile_relay.mjs), and logs every message both ways."""
    procs = []

    def start(mode: str, drop: str = "2") -> Hostile:
        proc = subprocess.Popen(["node", str(HOSTILE_RELAY), str(TRACKER_SERVER), mode, drop],
                                stdout=subprocess.PIPE, text=True)
        procs.append(proc)
        line = proc.stdout.readline()
        assert line, "the hostile relay did not start"
        relay = Hostile(f"ws://127.0.0.1:{json.loads(line)['port']}")

        def read():
            for text in proc.stdout:
                relay.log.append(json.loads(text))

        threading.Thread(target=read, daemon=True).start()
        return relay

    yield start
    for proc in procs:
        proc.terminate()
        proc.wait(timeout=10)


def carries_setup(text: str) -> bool:
    """Does a relay's message carry an offer or an answer (as tests/web/hostile_relay.mjs judges)?"""
    data = json.loads(text)
    return bool(data.get("offer") or data.get("answer") or data.get("offers"))


def connected(page) -> bool:
    return page.evaluate("() => Boolean(window.friendGame?.friendStatus()?.connected)")


@pytest.fixture
def pages(launch_browser, guard):
    """``pages(n)``: n pages in n browser contexts (no storage shared) of one browser, each guarded: any HTTP
    request or WebSocket to a host other than this machine is blocked and recorded; at the end none was."""
    from conftest import CHROMIUM_ARGS

    browser = launch_browser(args=[*CHROMIUM_ARGS, PLAIN_CANDIDATES])
    seen: list[str] = []
    offsite: list[str] = []

    def block_socket(ws):
        offsite.append(ws.url)
        ws.close()

    def make(n: int, scripts: tuple[str, ...] = ()):
        made = []
        for _ in range(n):
            context = browser.new_context()
            context.set_default_timeout(30_000)
            for script in (*scripts, RECORD_PEERS, WATCH_STATUS):
                context.add_init_script(script)
            guard(context)
            record_requests(context, seen)
            context.route_web_socket(lambda url: urlsplit(url).hostname not in LOCAL_HOSTS, block_socket)
            page = context.new_page()
            page.on("websocket", lambda ws: seen.append(ws.url))
            made.append(page)
        return made

    yield make
    browser.close()
    assert not offsite, f"a page opened a WebSocket off this machine: {offsite}"
    assert_all_local(seen)


def host_link(page, open_app, query: dict, variant: str | None = None, name: str = "Ann") -> str:
    """The host: Play a friend → the game → name → the one link (and its QR code)."""
    open_app(query, target=page)
    page.click("#btn-friend")
    dialog = page.locator("#new-dialog")
    if variant:
        dialog.locator("#ng-variant").select_option(variant)
    dialog.locator("button[value=start]").click()
    friend = page.locator("#friend-dialog")
    friend.locator("#fr-name").fill(name)
    friend.locator("#fr-make").click()
    link = friend.locator("#fr-play-link")
    link.wait_for()
    assert friend.locator("svg.qr").count() == 1
    url = link.input_value()
    assert re.search(r"#play=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}\.", url), url  # room and key in the fragment
    return url


def open_link(page, url: str, wait_for_engine, name: str | None = "Bo"):
    """The guest: open the link, and (with a name) accept."""
    page.goto(url)
    wait_for_engine(page)
    friend = page.locator("#friend-dialog")
    friend.locator("#fr-accept").wait_for()
    if name is not None:
        friend.locator("#fr-name").fill(name)
        friend.locator("#fr-accept").click()


def wait_connected(*pair) -> None:
    """Both dialogs close once the seat is taken; if not, what each page said and what ICE saw."""
    try:
        for page in pair:
            page.locator("#friend-dialog").wait_for(state="hidden", timeout=90_000)
    except Exception as exc:
        said = "\n".join(f"{page.locator('#friend-dialog').inner_text()}\n{ice_report(page)}" for page in pair)
        raise AssertionError(f"not connected:\n{said}") from exc


def wait_said(page, text: str, timeout_s: float, where: str = "[role=alert]"):
    """The dialog's line that holds `text`, once shown; if not in time, what the dialog said and ICE saw."""
    line = page.locator(f"#friend-dialog {where}", has_text=text)
    try:
        line.wait_for(timeout=timeout_s * 1000)
    except Exception as exc:
        said = f"{page.locator('#friend-dialog').inner_text()}\n{ice_report(page)}"
        raise AssertionError(f"never said {text!r}:\n{said}") from exc
    return line


def local(relay_url: str) -> dict:
    return {"stun": "none", "relays": relay_url}


@pytest.mark.parametrize("variant", ["hdc2", "banqi", "gaiqi", "cheight"])
def test_one_link_connects_two_pages_that_play_a_whole_game(pages, relay, open_app, wait_for_engine, engine_call,
                                                            variant):
    host, guest = pages(2)
    url = host_link(host, open_app, local(relay), variant=variant)
    open_link(guest, url, wait_for_engine)
    wait_connected(host, guest)
    for page in (host, guest):
        wait_started(page)
    # the set-up said its steps, and no board took a click while it ran; then who moves first
    for page in (host, guest):
        seen = page.evaluate("window.__statuses")
        steps = [i for i, s in enumerate(seen) if "Setting up fairly" in s["text"]]
        assert steps, seen
        during = seen[steps[0]:steps[-1] + 1]  # from the first step's words to the last's
        assert not any(s["interactive"] or "Your turn" in s["text"] for s in during), during
        page.locator("#friend-bar .friend-log", has_text=re.compile(r"moves? first \(drawn fairly\)")).wait_for()
        assert page.locator("#btn-hint").is_disabled()
        assert "friend" in (page.locator("#btn-hint").get_attribute("title") or "")
        assert page.locator("#btn-undo").is_disabled()
    played = play_out(host, guest, random.Random(variant))
    assert played > 0
    ends = [wait_verified(page) for page in (host, guest)]
    for end in ends:
        assert end["status"]["phase"] == "verified", end["status"]
    assert ends[0]["moves"] == ends[1]["moves"]
    assert state(host)["status"]["names"] == state(guest)["status"]["names"]
    assert sorted(state(host)["status"]["names"].values()) == sorted(NAMES["en"])
    for page in (host, guest):  # the record names both players as each gave their name, and reads back so
        page.locator("#gameover").wait_for()
        page.locator("#btn-record").click()
        record = page.locator("#record-dialog textarea").input_value()
        page.keyboard.press("Escape")
        tags = dict(re.findall(r'\[(Player[12]) "([^"]*)"\]', record))
        assert tags == {"Player1": state(page)["status"]["names"]["1"], "Player2": state(page)["status"]["names"]["2"]}
        assert engine_call(page, "load_record", {"record": record})["names"] == state(page)["status"]["names"]


def test_a_relay_that_is_down_gives_the_two_link_exchange_in_plain_words(pages, open_app):
    (host,) = pages(1)
    with socket.socket() as probe:  # a port nothing listens on: the relay is down
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    host_link(host, open_app, local(f"ws://127.0.0.1:{port}"))
    friend = host.locator("#friend-dialog")
    friend.locator("[role=alert]", has_text=f"No relay answered within {RELAY_WAIT_S} s").wait_for(
        timeout=(RELAY_WAIT_S + 15) * 1000)
    friend.locator("#fr-two-links").click()
    friend.locator("#fr-join-link").wait_for()  # today's invitation, whose reply comes back by hand
    assert "#join=" in friend.locator("#fr-join-link").input_value()


def test_relays_none_turns_one_link_play_off(pages, relay, open_app):
    (host,) = pages(1)
    host_link(host, open_app, local(relay))  # one link with a relay set
    open_app({"stun": "none", "relays": "none"}, target=host)
    host.click("#btn-friend")
    host.locator("#new-dialog button[value=start]").click()
    friend = host.locator("#friend-dialog")
    friend.locator("#fr-name").fill("Ann")
    friend.locator("#fr-make").click()
    friend.locator("#fr-join-link").wait_for()
    assert friend.locator("#fr-play-link").count() == 0


def test_a_third_page_opening_the_same_link_is_refused_with_a_message(pages, relay, open_app, wait_for_engine):
    host, guest, third = pages(3)
    url = host_link(host, open_app, local(relay))
    open_link(guest, url, wait_for_engine)
    wait_connected(host, guest)
    for page in (host, guest):
        wait_started(page)
    open_link(third, url, wait_for_engine, name=None)
    third.locator("#friend-dialog [role=alert]", has_text="already has its two players").wait_for(timeout=60_000)
    assert third.locator("#fr-accept").is_disabled()
    for page in (host, guest):  # the game goes on between the two
        assert state(page)["status"]["connected"]
        assert state(page)["status"]["phase"] == "playing"


def test_a_replaying_relay_lets_no_third_page_in_and_sees_nothing_of_the_game(
        pages, hostile_relay, open_app, wait_for_engine):
    relay = hostile_relay("replay")
    host, guest, third = pages(3)
    url = host_link(host, open_app, local(relay.url), name="Annabel Quill")
    open_link(guest, url, wait_for_engine, name="Bartholomew Plume")
    wait_connected(host, guest)
    for page in (host, guest):
        wait_started(page)
    open_link(third, url, wait_for_engine, name=None)  # old offers and answers keep coming to it too
    wait_said(third, "already has its two players", 60)
    assert third.locator("#fr-accept").is_disabled()
    assert not connected(third)
    play_out(host, guest, random.Random(50), max_actions=6)
    ends = [wait_verified(page) for page in (host, guest)]
    assert ends[0]["moves"] == ends[1]["moves"] and ends[0]["moves"]
    assert "replayed" in relay.fates(), relay.fates()  # the relay did replay offers and answers
    # what travelled through the relay: no room, key, name, game, SDP in clear, nor any frame of the game
    room, key, about = url.split("#play=")[1].split(".")
    seen = "\n".join(entry["text"] for entry in relay.log)
    assert "offer" in seen and "answer" in seen
    for secret in (room, key, about, "Annabel Quill", "Bartholomew Plume", "v=0", "a=fingerprint",
                   "ice-ufrag", "candidate:", '"t":"p"', '"t":"hello"', '"t":"full"'):
        assert secret not in seen, secret


@pytest.mark.parametrize("drop", ["3", "all"])
def test_a_dropping_relay_connects_both_pages_or_says_so_never_half(
        pages, hostile_relay, open_app, wait_for_engine, drop):
    relay = hostile_relay("drop", drop)
    host, guest = pages(2)
    url = host_link(host, open_app, local(relay.url))
    open_link(guest, url, wait_for_engine)
    if drop != "all":  # the first offers lost: later ones pass, and the two pages start one game
        wait_connected(host, guest)
        for page in (host, guest):
            wait_started(page)
        assert state(host)["status"]["names"] == state(guest)["status"]["names"]
        assert "dropped" in relay.fates()
        return
    # every offer lost: the guest says in the stated time that the host's page does not answer; no game starts
    wait_said(guest, "does not answer", FIND_WAIT_S + 15)
    wait_said(host, "Waiting for your friend", 5, where=".friend-status")
    assert "dropped" in relay.fates()
    assert not [e for e in relay.log if e["fate"] == "passed" and carries_setup(e["text"])]
    for page in (host, guest):
        assert page.locator("#friend-dialog").is_visible()
        assert not connected(page)


def test_an_altering_relay_fails_cleanly_with_a_plain_message(pages, hostile_relay, open_app, wait_for_engine):
    relay = hostile_relay("alter")
    host, guest = pages(2)
    url = host_link(host, open_app, local(relay.url))
    open_link(guest, url, wait_for_engine)
    # the host said that the guest's set-up message did not open with the link's key, and refused that page
    assert "that page was refused" in wait_said(host, "a relay altered the message", 60).inner_text()
    # the guest either reads the host's altered offer (once the host, hearing the guest, starts offering) and
    # says so, or its own offer goes unanswered and it says the host's page does not answer, with the reasons
    # it cannot tell apart (the page closed, a damaged link, an altering relay); both say what to do
    alert = wait_said(guest, "a relay altered the message", FIND_WAIT_S + 40).inner_text()
    assert "ask for the whole link again" in alert.lower()
    assert "altered" in relay.fates()
    for page in (host, guest):
        assert page.locator("#friend-dialog").is_visible()
        assert not connected(page)


@pytest.mark.parametrize("turn", ["", "turn:127.0.0.1:9 ann secret"])
def test_no_route_between_the_pages_says_so_and_names_the_turn_setting(
        pages, relay, open_app, wait_for_engine, turn):
    host, guest = pages(2, scripts=(NO_CANDIDATES,))
    query = {**local(relay), **({"turn": turn} if turn else {})}
    open_link(guest, host_link(host, open_app, query), wait_for_engine)  # the link keeps the host's ?turn=
    words = "Check that server’s address" if turn else "Set a TURN server in Settings"
    for page in (host, guest):  # the relay worked; the route did not (ICE): said, with what to try
        alert = wait_said(page, "no route between the two devices", ANSWER_TTL_S + 40)
        assert "ICE" in alert.inner_text() and words in alert.inner_text()
        assert not connected(page)
    if turn:  # the TURN server set was given to the connection
        servers = host.evaluate("window.__peers.map((pc) => pc.getConfiguration().iceServers)")
        assert any({"urls": ["turn:127.0.0.1:9"], "username": "ann", "credential": "secret"} in s
                   for s in servers), servers


def test_the_turn_setting_names_a_bad_line_and_keeps_the_good(open_app, page):
    open_app({"stun": "none"})
    page.locator("#btn-settings").click()
    field = page.locator("#set-turn")
    assert field.input_value() == ""  # none by default
    field.fill("turn:example.org:3478\nturns:turn.example.org:5349?transport=tcp ann s3cret\nstun:x.org:1 a b")
    field.dispatch_event("change")
    error = page.locator("#set-turn-error")
    assert error.is_visible()
    assert error.inner_text() == ("Not a TURN server with its user name and password: turn:example.org:3478,"
                                  " stun:x.org:1 a b")
    servers = page.evaluate("""async () => {
      const { loadPrefs } = await import("./web/remote/store.js");
      const { iceServers } = await import("./web/remote/stun.js");
      return { saved: loadPrefs().turn, ice: iceServers(loadPrefs(), "") };
    }""")
    assert servers["saved"] == ["turns:turn.example.org:5349?transport=tcp ann s3cret"]
    assert {"urls": "turns:turn.example.org:5349?transport=tcp", "username": "ann",
            "credential": "s3cret"} in servers["ice"]
