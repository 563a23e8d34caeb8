"""Play a friend (issue 37), the transport: two pages in two browser contexts connect through the invitation
and reply links alone (read from one page, opened or pasted in the other), and nothing leaves the machine.
Bad or cut codes are refused with a reason that names the problem. Screenshots of every step, in English
and Chinese, go to test-results/screenshots/remote-*.png (web_support.note_screenshot)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from web_support import note_screenshot

# two pages on one machine need no STUN server, and the tests reach none; these tests are of the two-link
# exchange, so no relay either (one-link play, through a relay on this machine: test_one_link.py)
NO_STUN = {"stun": "none", "relays": "none"}
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


NAMES = {"en": ("Ann", "Bo"), "zh": ("安", "博")}


def shot(page, name: str) -> None:
    """A screenshot for the notes; in Chinese, first a check that no English is left on the page."""
    if name.startswith("zh-"):
        check_chinese(page, name)
    note_screenshot(page, f"remote-{name}")


def check_chinese(page, where: str) -> None:
    from test_chinese import TEXTS_JS, latin_words

    words = {(w, text) for w, text in latin_words(page.evaluate(TEXTS_JS)) if w != "STUN"}
    assert not words, f"English left in {where}: {sorted(words)[:12]}"


# Every RTCPeerConnection a page makes is kept on window.__peers (a subclass that only records itself), so a
# connection that does not open can say what ICE saw: its states, its candidates and its candidate pairs.
RECORD_PEERS = """
(() => {
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  window.__peers = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.__peers.push(this);
      const t0 = performance.now();
      this.__log = [];
      const note = (what) => this.__log.push(`${Math.round(performance.now() - t0)} ms ${what}`);
      const watch = (ch, how) => {
        note(`${how} channel ${ch.label} ${ch.readyState}`);
        for (const kind of ["open", "close", "error"]) ch.addEventListener(kind, () => note(`channel ${kind}`));
      };
      this.addEventListener("connectionstatechange", () => note(`connection ${this.connectionState}`));
      this.addEventListener("iceconnectionstatechange", () => note(`ice ${this.iceConnectionState}`));
      this.addEventListener("signalingstatechange", () => note(`signaling ${this.signalingState}`));
      this.addEventListener("datachannel", (event) => watch(event.channel, "received"));
      const create = this.createDataChannel.bind(this);
      this.createDataChannel = (...a) => { const ch = create(...a); watch(ch, "created"); return ch; };
    }
  };
})();
"""

ICE_REPORT_JS = """
async () => {
  const lines = [];
  for (const pc of window.__peers || []) {
    lines.push(`pc ${pc.connectionState}/${pc.iceConnectionState}/${pc.iceGatheringState}/${pc.signalingState}`);
    const stats = await pc.getStats();
    const byId = new Map([...stats.values()].map((s) => [s.id, s]));
    for (const s of stats.values()) {
      if (s.type === "local-candidate" || s.type === "remote-candidate")
        lines.push(`  ${s.type} ${s.candidateType} ${s.protocol} ${s.address}:${s.port}`);
      if (s.type === "candidate-pair") {
        const a = byId.get(s.localCandidateId), b = byId.get(s.remoteCandidateId);
        lines.push(`  pair ${s.state} nominated=${s.nominated} ${a?.address}:${a?.port} -> ${b?.address}:${b?.port}`
          + ` requests ${s.requestsSent}/${s.requestsReceived} responses ${s.responsesSent}/${s.responsesReceived}`);
      }
      if (s.type === "transport") lines.push(`  transport dtls=${s.dtlsState} ice=${s.iceState}`);
      if (s.type === "data-channel") lines.push(`  data-channel ${s.label} ${s.state} sent ${s.messagesSent}`);
    }
    for (const line of pc.__log || []) lines.push(`  ${line}`);
  }
  return lines.join("\\n");
}
"""


def ice_report(page) -> str:
    """What the page's peer connections saw (states, candidates, pairs), for a connection that did not open."""
    try:
        return page.evaluate(ICE_REPORT_JS)
    except Exception as exc:  # the report must never hide the failure it explains
        return f"(no ICE report: {exc})"


def record_requests(context, seen: list[str]) -> None:
    context.on("request", lambda request: seen.append(request.url))


def assert_all_local(seen: list[str]) -> None:
    offsite = [url for url in seen if urlsplit(url).scheme not in ("data", "blob")
               and urlsplit(url).hostname not in LOCAL_HOSTS]
    assert seen and not offsite, offsite


def make_invitation(page, name: str = "Ann", lang: str = "en", shots: bool = False, variant: str | None = None,
                    clock: str | None = None, options: dict[str, str] | None = None) -> str:
    """The host page: Play a friend → the new-game dialog (mode: a friend; a game, its rule options, a clock)
    → name → the invitation link."""
    page.click("#btn-friend")
    dialog = page.locator("#new-dialog")
    assert dialog.locator("input[name=mode][value=friend]").is_checked()
    if variant:
        dialog.locator("#ng-variant").select_option(variant)
    for option, value in (options or {}).items():
        dialog.locator(f"#ng-opt-{option}").select_option(value)
    if clock:
        dialog.locator("#ng-clock").select_option(clock)
    if shots:
        shot(page, f"{lang}-1-choose-game")
    dialog.locator("button[value=start]").click()
    friend = page.locator("#friend-dialog")
    friend.locator("#fr-name").fill(name)
    if shots:
        shot(page, f"{lang}-2-name")
    friend.locator("#fr-make").click()
    link = friend.locator("#fr-join-link")
    link.wait_for()
    assert friend.locator("svg.qr").count() == 1
    if shots:
        shot(page, f"{lang}-3-invitation")
    return link.input_value()


def answer_invitation(page, link: str, wait_for_engine, name: str = "Bo", lang: str = "en",
                      shots: bool = False) -> str:
    """The guest page: open the invitation, see who invites to what, give a name, get the reply link."""
    page.goto(link)
    wait_for_engine(page)
    friend = page.locator("#friend-dialog")
    friend.locator("#fr-accept").wait_for()
    if shots:
        shot(page, f"{lang}-4-invited")
    friend.locator("#fr-name").fill(name)
    friend.locator("#fr-accept").click()
    reply = friend.locator("#fr-reply-link")
    reply.wait_for()
    assert friend.locator("svg.qr").count() == 1
    if shots:
        shot(page, f"{lang}-5-reply")
    return reply.input_value()


def connect(host, guest, open_app, wait_for_engine, query=None, lang="en", shots=False, **game):
    """Both pages connected through the links alone (``game``: the invitation's variant and clock);
    returns (invitation link, reply link)."""
    query = {**NO_STUN, **(query or {})}
    ann, bo = NAMES[lang]

    open_app(query, target=host)
    invitation = make_invitation(host, name=ann, lang=lang, shots=shots, **game)
    reply = answer_invitation(guest, invitation, wait_for_engine, name=bo, lang=lang, shots=shots)
    host.locator("#fr-reply").fill(reply)
    if shots:
        shot(host, f"{lang}-6-paste-reply")
    host.locator("#fr-connect").click()
    try:
        for page in (host, guest):
            wait_connected(page)
    except AssertionError as exc:
        # No second invitation: a channel that does not open is a fault. (One was: the host's "open"
        # overwritten by "connecting" when the channel opened while the reply was being taken.) Say what ICE saw.
        report = "\n".join(f"{side}:\n{ice_report(page)}" for side, page in (("host", host), ("guest", guest)))
        raise AssertionError(f"{exc}\n{report}") from exc
    for page in (host, guest):
        page.locator("#friend-bar .friend-state").wait_for()
    return invitation, reply


def wait_connected(page, timeout_ms: int = 90_000) -> None:
    """The friend dialog closes once the channel is open (ICE checks on a loaded machine may take a while)."""
    try:
        page.locator("#friend-dialog").wait_for(state="hidden", timeout=timeout_ms)
    except Exception as exc:
        raise AssertionError(f"not connected: {page.locator('#friend-dialog').inner_text()!r}") from exc


# Chromium writes a page's host candidates as mDNS names (random .local names), which another context of the
# same browser resolves over multicast: on a loaded machine that can fail, and ICE then waits with no pair to
# try. The tests' browser gives plain addresses instead (two devices on the internet use STUN's anyway).
PLAIN_CANDIDATES = "--disable-features=WebRtcHideLocalIpsWithMdns"


def open_two_pages(launch_browser, guard):
    """Two pages in two browser contexts (no storage shared) of a browser of their own, every request of both
    recorded and guarded; at the end, every one was to this machine. (A fixture's body: test_remote_page_games.py
    uses it too.)"""
    from conftest import CHROMIUM_ARGS

    browser = launch_browser(args=[*CHROMIUM_ARGS, PLAIN_CANDIDATES])
    seen: list[str] = []
    contexts = [browser.new_context(), browser.new_context()]
    for context in contexts:
        context.set_default_timeout(30_000)
        context.add_init_script(RECORD_PEERS)
        guard(context)
        record_requests(context, seen)
    pages = [context.new_page() for context in contexts]
    yield pages[0], pages[1], seen
    browser.close()
    assert_all_local(seen)


@pytest.fixture
def two_pages(launch_browser, guard):
    yield from open_two_pages(launch_browser, guard)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_two_pages_connect_through_the_invitation_and_the_reply_alone(two_pages, open_app, wait_for_engine, lang):
    host, guest, seen = two_pages
    connect(host, guest, open_app, wait_for_engine, query={"lang": lang}, lang=lang, shots=True)
    expect = {"en": "Connected to", "zh": "已连接到"}[lang]
    host.wait_for_function("(text) => document.querySelector('#friend-bar .friend-state')?.textContent"
                           ".includes(text)", arg=expect)
    ann, bo = NAMES[lang]
    assert bo in host.locator("#friend-bar .friend-state").inner_text()
    assert ann in guest.locator("#friend-bar .friend-state").inner_text()
    shot(host, f"{lang}-7-connected-host")
    for page in (host, guest):
        page.wait_for_function("document.querySelector('#friend-bar #fr-say') && !document.querySelector("
                               "'#friend-bar .friend-note')", timeout=120_000)
    shot(guest, f"{lang}-8-playing-guest")


def test_a_guest_sees_who_invites_to_what(two_pages, open_app, wait_for_engine):
    host, guest, _ = two_pages
    open_app(NO_STUN, target=host)
    invitation = make_invitation(host, name="Ann", variant="banqi", clock="5+0")
    guest.goto(invitation)
    wait_for_engine(guest)
    text = guest.locator("#friend-dialog").inner_text()
    assert "Ann invites you to play" in text
    assert "Banqi" in text and "Clock: 5 min" in text


def test_a_name_with_terminal_escapes_is_shown_as_printable_text_and_the_flip_rule_is_said(
        two_pages, open_app, wait_for_engine):
    host, guest, _ = two_pages
    open_app(NO_STUN, target=host)
    invitation = make_invitation(host, name="\x1b[2J\x1b]0;owned\x07Ann\u202e")
    guest.goto(invitation)
    wait_for_engine(guest)
    text = guest.locator("#friend-dialog").inner_text()
    assert "[2J]0;ownedAnn invites you to play" in text
    assert not any(ch in text for ch in "\x1b\x07\u202e"), repr(text)
    assert "Leaving a game after a flip loses it." in text


@pytest.mark.parametrize(("mangle", "reason"), [
    (lambda code: code[: len(code) // 2], "cut short"),
    (lambda code: code[:40] + "!!" + code[42:], "characters a code never has"),
    (lambda code: "", "empty"),
])
def test_a_bad_invitation_is_refused_with_a_reason(two_pages, open_app, wait_for_engine, site_url, mangle, reason):
    host, guest, _ = two_pages
    open_app(NO_STUN, target=host)
    invitation = make_invitation(host)
    base, code = invitation.split("#join=")
    guest.goto(f"{base}#join={mangle(code)}")
    wait_for_engine(guest)
    alert = guest.locator("#friend-dialog .form-error")
    alert.wait_for()
    assert reason in alert.inner_text()


def test_a_pasted_invitation_instead_of_a_reply_is_named(two_pages, open_app):
    host, _, _ = two_pages
    open_app(NO_STUN, target=host)
    invitation = make_invitation(host)
    host.locator("#fr-reply").fill(invitation)
    host.locator("#fr-connect").click()
    alert = host.locator("#friend-dialog .form-error")
    alert.wait_for()
    assert "this is an invitation, not a reply" in alert.inner_text()


def audit(page, axe_source, where):
    from test_accessibility import RUN_AXE

    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    violations = page.evaluate(RUN_AXE)
    assert not violations, f"{where}: {violations}"


def test_the_friend_dialogs_and_bar_pass_axe_and_work_from_the_keyboard(two_pages, open_app, wait_for_engine,
                                                                         axe_source):
    host, guest, _ = two_pages
    open_app(NO_STUN, target=host)
    host.click("#btn-friend")
    host.keyboard.press("Enter")  # the new-game dialog's focus is on its first choice; Enter starts
    host.locator("#fr-name").wait_for()
    assert host.evaluate("document.activeElement.id") == "fr-name"  # the name field has the focus
    audit(host, axe_source, "the host's name")
    host.keyboard.type("Ann")
    host.keyboard.press("Enter")
    host.locator("#fr-join-link").wait_for()
    assert host.evaluate("document.activeElement.id") == "fr-join-link"  # the link, selected, ready to copy
    audit(host, axe_source, "the invitation")
    reply = answer_invitation(guest, host.locator("#fr-join-link").input_value(), wait_for_engine)
    audit(guest, axe_source, "the reply")
    host.locator("#fr-reply").focus()
    host.keyboard.insert_text(reply)
    host.keyboard.press("Tab")
    host.keyboard.press("Enter")  # the Connect button, after the reply field
    host.locator("#friend-dialog").wait_for(state="hidden", timeout=90_000)
    host.locator("#fr-say").wait_for(timeout=120_000)
    audit(host, axe_source, "the friend bar")


def test_a_reply_opened_in_another_tab_is_handed_to_the_tab_that_invited(two_pages, open_app, wait_for_engine):
    host, guest, _ = two_pages
    open_app(NO_STUN, target=host)
    reply = answer_invitation(guest, make_invitation(host), wait_for_engine)
    second = host.context.new_page()  # the host opens the reply link in a new tab of the same browser
    second.goto(reply)
    wait_for_engine(second)
    second.locator("#friend-dialog [role=status]").wait_for()
    assert "passed to the tab that made the invitation" in second.locator("#friend-dialog").inner_text()
    host.locator("#friend-dialog").wait_for(state="hidden", timeout=90_000)
    assert "Connected to Bo" in host.locator("#friend-bar .friend-state").inner_text()


# A stand-in RTCPeerConnection for web/remote/peer.js alone: its channel opens while the answer is being set
# ("during", what a slow device does when the guest's ICE, DTLS and SCTP were up before the host took the
# reply) or once it is set ("after", the usual order).
PEER_ORDER_JS = """
async (when) => {
  class Channel extends EventTarget {
    readyState = "connecting";
    label = "hdchess";
    open() { this.readyState = "open"; this.dispatchEvent(new Event("open")); }
    close() {}
  }
  class StandInPeerConnection extends EventTarget {
    connectionState = "new";
    iceGatheringState = "complete";
    localDescription = null;
    createDataChannel() { return (this.channel = new Channel()); }
    async createOffer() { return { type: "offer", sdp: "v=0 offer" }; }
    async setLocalDescription(description) { this.localDescription = description; }
    async setRemoteDescription() {
      if (when === "during") this.channel.open();
      else setTimeout(() => this.channel.open(), 20);
    }
    close() {}
  }
  window.RTCPeerConnection = StandInPeerConnection;
  const { createPeer } = await import(new URL("web/remote/peer.js", document.baseURI).href);
  const states = [];
  const peer = createPeer([], { onMessage() {}, onState: (state) => states.push(state) });
  await peer.offer();
  await peer.accept("v=0 answer");
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { state: peer.state(), states };
}
"""


@pytest.mark.parametrize("when, states", [("during", ["open"]), ("after", ["connecting", "open"])])
def test_the_host_sees_the_channel_open_even_when_it_opens_while_the_reply_is_taken(page, site_url, when, states):
    page.goto(site_url + "_test/module.html")
    seen = page.evaluate(PEER_ORDER_JS, when)
    assert seen == {"state": "open", "states": states}
