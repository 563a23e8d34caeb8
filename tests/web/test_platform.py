"""The web platform in Chromium: the engine worker, crash recovery, offline revisit,
embedding, bad URL parameters. (Gameplay flows are in the other test files.)"""

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect
from web_support import finished, note_screenshot

import hdchess
from hdchess.bridge import Session

pytestmark = pytest.mark.web


def wait_until(page, predicate, timeout_ms=30_000, step_ms=100):
    """Poll ``predicate()`` (which may talk to the page) until it is truthy."""
    waited = 0
    while waited < timeout_ms:
        value = predicate()
        if value:
            return value
        page.wait_for_timeout(step_ms)
        waited += step_ms
    raise AssertionError(f"not true after {timeout_ms} ms: {predicate.__doc__ or predicate}")


def legal_texts(view):
    return set(view["legal"]["flips"]) | {o["move"] for opts in view["legal"]["moves"].values() for o in opts}


def click_move(frame, text):
    """Play ``c2`` / ``c2-c3`` / ``c2xc3`` (a record's ``c2(R)`` too) by clicking squares."""
    squares = re.findall(r"[a-h][1-4]", text)
    for square in squares:
        frame.locator(f'[data-sq="{square}"]').click()


# -- the engine client and worker, on a test page without the app --------------------

def test_engine_boots_in_a_worker_with_progress_and_answers(page, site_url):
    page.goto(site_url + "_test/engine.html")
    expect(page.locator("#status")).to_have_text(f"ready {hdchess.__version__}", timeout=120_000)
    progress = page.evaluate("window.progress")
    fractions = [p["fraction"] for p in progress]
    assert fractions == sorted(fractions) and fractions[-1] == 1 and len(progress) >= 3
    view = page.evaluate("engine.call('new_game', {seed: 4})")
    assert view["ply"] == 0 and len(view["legal"]["flips"]) == 32
    played = page.evaluate("engine.call('play', {move: 'c2'})")
    assert played["view"]["ply"] == 1
    error = page.evaluate("engine.call('play', {move: 'c2'}).then(() => null, (e) => [e.message, e.crashed])")
    assert error is not None and "c2" in error[0] and error[1] is False
    assert page.evaluate("engine.call('view')")["ply"] == 1  # the bad move changed nothing


def test_restart_interrupts_pending_calls_and_restores_the_game(page, site_url):
    page.goto(site_url + "_test/engine.html")
    page.evaluate("engine.ready")
    page.evaluate("engine.call('new_game', {seed: 12, players: {1: 'human', 2: 'ai'}, level: 'Beginner'})")
    page.evaluate("engine.call('play', {move: 'e2'}).then(() => engine.call('ai_move'))")
    before = page.evaluate("engine.call('view')")
    outcome = page.evaluate("""async () => {
        const pending = engine.call('hint');
        engine.restart('test restart');
        return pending.then(() => 'answered', (e) => ({message: e.message, crashed: e.crashed}));
    }""")
    assert outcome["crashed"] is True and "test restart" in outcome["message"]
    assert page.evaluate("window.crashes.length") == 1
    after = page.evaluate("engine.call('view')")
    assert after == before
    restored = page.evaluate("window.crashes[0].restored")
    assert restored["record"] == before["record"]


def test_a_failed_start_is_reported_not_hung(page, site_url):
    page.route("**/pyodide/python_stdlib.zip", lambda route: route.abort())
    page.goto(site_url + "_test/engine.html")
    message = page.evaluate("engine.ready.then(() => 'ready', (e) => e.message)")
    assert message.startswith("Python could not start")
    failure = page.evaluate("engine.call('view').then(() => 'answered', (e) => e.message)")
    assert failure.startswith("Python could not start")
    assert page.evaluate("window.progress.at(-1).stage") == "failed"


def test_the_offsite_guard_sees_page_and_worker_requests(page, site_url, offsite_requests):
    page.goto(site_url + "_test/engine.html")
    page.evaluate("engine.ready")
    page.evaluate("fetch('https://cdn.example.org/page.js').catch(() => null)")
    page.workers[0].evaluate("fetch('https://cdn.example.org/worker.js').catch(() => null)")
    assert offsite_requests == ["https://cdn.example.org/page.js", "https://cdn.example.org/worker.js"]
    offsite_requests.clear()  # seen and blocked: this test wanted them


# -- the app --------------------------------------------------------------------------

def test_worker_crash_restarts_and_the_game_goes_on(open_app, engine_call):
    page = open_app("first=human&level=Beginner&seed=31&lang=en")
    click_move(page, "c2")  # the human opens; the AI replies
    before = wait_until(page, lambda: (v := engine_call(page, "view"))["ply"] >= 2 and not v["ai_turn"] and v)
    with page.expect_worker() as new_worker:
        page.workers[0].evaluate("setTimeout(() => { throw new Error('simulated crash'); })")
    assert new_worker.value is not None
    after = engine_call(page, "view")  # waits for the new worker, which restored the game first
    assert after["record"] == before["record"] and after["position"] == before["position"]
    click_move(page, sorted(legal_texts(after))[0])
    wait_until(page, lambda: engine_call(page, "view")["ply"] >= after["ply"] + 1)


def test_bad_url_parameters_give_a_message_and_a_fresh_game(open_app, engine_call):
    page = open_app("level=Champion&seed=12x&first=maybe&lang=en")
    message = page.locator("#message")
    expect(message).to_be_visible()
    text = message.inner_text()
    for name in ("level", "seed", "first"):
        assert name in text
    assert "Champion" in text and "12x" in text and "maybe" in text and "undefined" not in text
    view = engine_call(page, "view")
    assert view["outcome"] is None and view["ply"] <= 1  # a fresh game (the AI may have opened)
    assert len(view["legal"]["flips"]) >= 31


def test_an_over_long_seed_is_called_too_long(open_app):
    page = open_app("seed=" + "9" * 25 + "&variant=nosuchgame&lang=en")
    message = page.locator("#message")
    expect(message).to_contain_text("the seed is too long (at most 18 digits)")
    expect(message).to_contain_text("no game is called “nosuchgame”")
    assert "whole number" not in message.inner_text()


def cached_paths(page) -> list[str]:
    """What the service worker has cached (the paths of the site's files)."""
    return page.evaluate("""async () => {
        const name = (await caches.keys()).find((n) => n.startsWith('hdchess-'));
        if (!name) return [];
        return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    }""")


def test_second_visit_works_with_the_network_off(new_context, wait_for_engine, engine_call):
    """The service worker caches the whole site on the first visit; the second one needs no server."""
    import build
    import serve

    server = serve.make_server(build.SITE, port=0)
    serve.serve_in_thread(server)
    url = serve.url_of(server) + "index.html"
    context = new_context()
    page = context.new_page()
    try:
        page.goto(url)
        wait_for_engine(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        cached = cached_paths(page)
        for path in ("/index.html", "/web/worker.js", "/pyodide/pyodide.asm.wasm.gz", "/wheels/manifest.json"):
            assert path in cached
        assert any(path.startswith("/pyodide/snapshot-") for path in cached)
    finally:
        server.shutdown()
        server.server_close()
    context.set_offline(True)
    revisit = context.new_page()
    revisit.goto(url + "?lang=en")
    wait_for_engine(revisit)
    view = engine_call(revisit, "view")
    legal = sorted(legal_texts(view))
    assert legal
    click_move(revisit, legal[0])
    wait_until(revisit, lambda: engine_call(revisit, "view")["ply"] > view["ply"])
    # a finished game's animated image is drawn offline too: its modules were cached with the rest
    ended = context.new_page()
    ended.goto(url + "?lang=en&record=" + quote(finished()[0]))
    wait_for_engine(ended)
    ended.locator("#btn-animation").click()
    expect(ended.locator("#gameover img.game-animation")).to_be_visible(timeout=60_000)


def test_the_site_works_under_a_project_path(page, site_url, wait_for_engine, engine_call):
    """GitHub Pages serves a project under /<repo>/: every URL must be relative."""
    requested = []
    page.context.on("request", lambda request: requested.append(request.url))
    page.goto(site_url + "hdchess/index.html?lang=en")
    wait_for_engine(page)
    scope = page.evaluate("navigator.serviceWorker.ready.then((registration) => registration.scope)")
    assert scope == site_url + "hdchess/"
    view = engine_call(page, "view")
    click_move(page, sorted(legal_texts(view))[0])
    wait_until(page, lambda: engine_call(page, "view")["ply"] > view["ply"])
    outside = [url for url in requested if not url.startswith(site_url + "hdchess/")]
    assert not outside, f"requests outside the project path: {outside}"
    assert any(url.endswith("/pyodide/pyodide.asm.wasm.gz") for url in requested)


# Which start the worker made: its "ready" event says whether Python came from the build's snapshot.
READY_PROBE = """
window.__ready = null;
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      if (event.data && event.data.event === "ready") window.__ready = event.data;
    });
  }
};
"""


@pytest.mark.parametrize("snapshot", ["as built", "broken", "missing"])
def test_python_starts_from_the_snapshot_or_without_it_when_it_is_broken_or_missing(
        new_context, site_url, wait_for_engine, engine_call, snapshot):
    """The snapshot saves the start of Python and the import of the bridge; a broken one (or none) must
    still give a working engine, started plainly, and a fresh game each time (no state from the build)."""
    context = new_context()
    context.add_init_script(READY_PROBE)
    if snapshot == "broken":
        context.route("**/pyodide/snapshot-*", lambda route: route.fulfill(status=200, body=b"\x1f\x8b not a snapshot"))
    elif snapshot == "missing":
        context.route("**/pyodide/snapshot-*", lambda route: route.fulfill(status=404, body=b""))
    page = context.new_page()
    page.goto(site_url + "index.html?lang=en")
    wait_for_engine(page)
    page.wait_for_function("window.__ready !== null")
    assert page.evaluate("window.__ready.snapshot") is (snapshot == "as built")
    view = engine_call(page, "view")
    assert view["ply"] == 0
    click_move(page, sorted(legal_texts(view))[0])
    wait_until(page, lambda: engine_call(page, "view")["ply"] > view["ply"])
    context.close()


# -- embedding ---------------------------------------------------------------------------

def finished_game_minus_last_move(seed=8):
    """A record one ply before the end of an AI game, and the move that ends it."""
    _, view, _ = finished(seed=seed)
    humans = Session()
    humans.handle({"cmd": "new_game", "args": {"seed": seed, "players": {"1": "human", "2": "human"}}})
    for move in view["moves"][:-1]:  # the same known deal: a flip reveals the same piece again
        assert humans.handle({"cmd": "play", "args": {"move": move["text"].split("(")[0]}})["ok"]
    return humans.handle({"cmd": "export"})["result"]["record"], view["moves"][-1]["text"], view["outcome"]


# Two starts from the build's snapshot, in node, as web/python-boot.js makes them (its AFTER_SNAPSHOT): what
# the AI's seed was in the snapshot, and after, with the module random's next number and the first view.
RESTORE_TWICE = """
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
const [site, modules] = process.argv.slice(1);
const { loadPyodide } = await import(`${modules}/pyodide/pyodide.mjs`);
const manifest = JSON.parse(readFileSync(`${site}/wheels/manifest.json`, "utf8"));
const snapshot = gunzipSync(readFileSync(`${site}/pyodide/${manifest.snapshot.file}.gz`));
const worker = readFileSync(`${site}/web/python-boot.js`, "utf8");
const start = worker.indexOf("const AFTER_SNAPSHOT = `") + "const AFTER_SNAPSHOT = `".length;
const after = worker.slice(start, worker.indexOf("`;", start));
const starts = [];
for (let i = 0; i < 2; i++) {
  const py = await loadPyodide({ indexURL: `${modules}/pyodide/`, stdLibURL: `${site}/pyodide/python_stdlib.zip`,
    _loadSnapshot: new Uint8Array(snapshot) });
  py.FS.writeFile(`/lib/${manifest.wheel}`, readFileSync(`${site}/wheels/${manifest.wheel}`));
  const built = py.runPython("import hdchess.bridge.protocol as p; p.SESSION.player_seed");
  py.runPython(after);
  starts.push({ built, seed: py.runPython("import hdchess.bridge.protocol as p; p.SESSION.player_seed"),
    random: py.runPython("import random; random.random()"),
    ply: JSON.parse(py.runPython("import hdchess.bridge as b; b.handle('{\\"cmd\\": \\"view\\"}')")).result.ply });
}
console.log(JSON.stringify(starts));
"""


def test_two_starts_from_the_snapshot_share_no_seed():
    """The AI-fairness rule: the snapshot is made once at build time, so whatever the import seeded (the
    bridge's session with the AI's seed, the module random) is made anew by the worker after restoring."""
    import json
    import shutil
    import subprocess

    import build

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    site = build.build()
    result = subprocess.run([node, "--input-type=module", "-e", RESTORE_TWICE, "--", str(site),
                             str(build.WEB / "node_modules")], capture_output=True, text=True, timeout=120, check=True)
    first, second = json.loads(result.stdout.strip().splitlines()[-1])
    assert first["built"] == second["built"]  # the snapshot's own seed: the same for every start
    assert first["seed"] != first["built"] and second["seed"] != second["built"]
    assert first["seed"] != second["seed"] and first["random"] != second["random"]
    assert first["ply"] == second["ply"] == 0


def test_embed_mode_posts_events_and_takes_commands(page, site_url, wait_for_engine):
    page.goto(site_url + "_test/embed.html?embed=1&first=human&level=Beginner&seed=5&lang=en")
    events = lambda kind: page.evaluate(f"window.events.filter((e) => e.type === '{kind}')")  # noqa: E731
    page.wait_for_function("window.events.some((e) => e.type === 'ready')", timeout=120_000)
    frame = page.frame_locator("#hdchess")
    frame_obj = page.main_frame.child_frames[0]
    wait_for_engine(frame_obj)

    click_move(frame, "d2")  # the human opens; the AI replies
    page.wait_for_function("window.events.filter((e) => e.type === 'move').length >= 2", timeout=30_000)
    moves = events("move")
    assert moves[0]["move"].startswith("d2(") and moves[0]["ply"] == 1 and moves[1]["ply"] == 2

    page.evaluate("send({source: 'hdchess', type: 'new_game', first: 'ai', level: 'Casual', seed: 9})")
    page.wait_for_function("window.events.filter((e) => e.type === 'ready').length >= 2", timeout=30_000)
    page.wait_for_function("window.events.filter((e) => e.type === 'move' && e.ply === 1).length >= 2",
                           timeout=30_000)  # the AI went first in the new game

    record, last_move, outcome = finished_game_minus_last_move()
    ready_count = len(events("ready"))
    page.evaluate("(record) => send({source: 'hdchess', type: 'load_record', record})", record)
    page.wait_for_function(f"window.events.filter((e) => e.type === 'ready').length > {ready_count}",
                           timeout=30_000)
    click_move(frame, last_move)
    page.wait_for_function("window.events.some((e) => e.type === 'gameover')", timeout=30_000)
    over = events("gameover")[0]
    assert over["result"] == outcome["result"] and over["scores"] == outcome["scores"]
    assert events("move")[-1]["move"] == last_move
    assert not events("error")

    page.evaluate("send({source: 'hdchess', type: 'make_coffee'})")  # the README promises an error event
    page.wait_for_function("window.events.some((e) => e.type === 'error')", timeout=30_000)
    error = events("error")[0]
    assert error["command"] == "make_coffee" and "unknown command" in error["message"]
    page.evaluate("send({source: 'hdchess', type: 'new_game', seed: '1234567890123456789012'})")
    page.wait_for_function("window.events.filter((e) => e.type === 'error').length >= 2", timeout=30_000)
    assert "too long" in events("error")[1]["message"]


LAST_MOVE_IN_VIEW = """() => {
  const list = document.querySelector('#moves').getBoundingClientRect();
  const moves = document.querySelectorAll('.move-list .move');
  const last = moves[moves.length - 1].getBoundingClientRect();
  return list.top <= last.top && last.bottom <= list.bottom + 1;
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_embed_fits_the_documented_frame(page, site_url, wait_for_engine, lang):
    """README: 720 x 560. Nothing scrolls but the move list, which stays in view with its last move."""
    page.emulate_media(reduced_motion="reduce")
    page.goto(site_url + f"_test/embed.html?embed=1&first=human&level=Beginner&seed=5&lang={lang}")
    frame = page.main_frame.child_frames[0]
    wait_for_engine(frame)
    frame_box = page.locator("#hdchess").bounding_box()  # boxes below are in the page's coordinates
    assert (frame_box["width"], frame_box["height"]) == (720, 560)
    bottom, right = frame_box["y"] + 560 + 1, frame_box["x"] + 720 + 1
    for _ in range(12):  # some moves, so the list is longer than its box
        frame.wait_for_selector("#board.interactive", timeout=30_000)
        flip = frame.locator("#board .sq.actionable:has(.disc.hidden)").first
        flip.click()
    frame.wait_for_selector("#board.interactive", timeout=30_000)
    size = frame.evaluate("[document.documentElement.scrollHeight, document.documentElement.clientHeight,"
                          " document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert size[0] <= size[1] and size[2] <= size[3], f"the embed scrolls: {size}"
    box = frame.locator("#moves").bounding_box()
    assert box["height"] >= 60 and box["y"] + box["height"] <= bottom
    frame.wait_for_function(LAST_MOVE_IN_VIEW, timeout=10_000)  # the list scrolls after the move is drawn
    for selector in ("#board", ".player-card", "#btn-new"):
        item = frame.locator(selector).first.bounding_box()
        assert item["y"] + item["height"] <= bottom and item["x"] + item["width"] <= right


def test_the_bigger_endgame_tables_arrive_after_start_up(page, open_app, engine_call):
    """The worker fetches a game's 4-piece tables once that game is played (start-up does not
    wait for them, and no other game's are downloaded) and adds them: then the AI plays a
    4-piece banqi ending from them (the wheel's own tables stop at 3 pieces)."""
    requested = []
    page.context.on("request", lambda request: requested.append(request.url.rpartition("/")[2]))
    record = ('[Variant "banqi"]\n[FEN "8/1K6/5p2/5a1r r - 0 100"]\n[Player1Type "human"]\n'
              '[Player2Type "human"]\n\n*\n')
    open_app({"record": record, "lang": "en"})
    wait_until(page, lambda: engine_call(page, "hint")["table"], timeout_ms=60_000, step_ms=250)
    page.locator("#btn-hint").click()  # and the player is told where the hint comes from
    expect(page.locator("#hint-text")).to_contain_text("the endgame tables know this position")
    assert "banqi-4.hdt" in requested and "gaiqi-4.hdt" not in requested
    # fetched before the service worker ran (a first visit), yet cached for the next visit
    wait_until(page, lambda: "/tables/banqi-4.hdt" in cached_paths(page), timeout_ms=60_000, step_ms=500)
    assert "/tables/gaiqi-4.hdt" not in cached_paths(page)


# The whole board in the frame and not covered: the centre of every square is the board's own.
BOARD_UNCOVERED = """() => [...document.querySelectorAll('#board .sq')].filter((sq) => {
  const r = sq.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(hit && sq.contains(hit));
}).map((sq) => sq.dataset.sq)"""

FRAME_FITS = """() => {
  const d = document.documentElement;
  const out = (e) => { const r = e.getBoundingClientRect();
    return r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5; };
  return { scroll: [d.scrollWidth, d.clientWidth, d.scrollHeight, d.clientHeight],
           outside: ['#board-root', '.player-card', '#btn-new', '#btn-more', '#btn-hint']
             .flatMap((s) => [...document.querySelectorAll(s)]).filter((e) => e.offsetParent && out(e))
             .map((e) => e.id || e.className) };
}"""

EMBED_SIZES = [(300, 400), (360, 560), (480, 560), (600, 520), (720, 560)]


# Moves of the move list whose words take more than one line (a text range has a rectangle per line).
WRAPPED_MOVES = """() => [...document.querySelectorAll('.move-list .move')].filter((move) => {
  const range = document.createRange();
  range.selectNodeContents(move);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
}).map((move) => move.textContent)"""
FLIPS_AND_CAPTURES = "1. a1(K) b1(C) 2. c1(r) d1(A) 3. c1xb1 a1xb1 4. e1(H) b1-a1 5. f1(A) g1(c) 6. g1xe1 a1-b1 *"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(720, 560), (360, 560)], ids=["720x560", "360x560"])
def test_the_embeds_move_list_writes_each_move_on_one_line(page, site_url, wait_for_engine, size, lang):
    """Issue 46: in the 720 x 560 embed the list broke a flip after its arrow ("翻 f1 → / 仕")."""
    width, height = size
    page.goto(site_url + f"_test/embed.html?frame={width}x{height}&embed=1&lang={lang}"
              f"&record={quote(FLIPS_AND_CAPTURES)}")
    frame = page.main_frame.child_frames[0]
    wait_for_engine(frame)
    moves = frame.locator(".move-list .move:not(.placeholder)")
    expect(moves).to_have_count(12)
    assert frame.evaluate(WRAPPED_MOVES) == []
    assert frame.evaluate(FRAME_FITS)["scroll"][0] <= width  # and the list does not widen the frame


# The largest share of a stack's top glyph that its height badge covers, over the board's stacks.
BADGE_COVER = """() => Math.max(...[...document.querySelectorAll('#board .disc.stacked')].map((disc) => {
  const g = disc.querySelector('.glyph').getBoundingClientRect();
  const h = disc.querySelector('.height').getBoundingClientRect();
  const w = Math.max(0, Math.min(g.right, h.right) - Math.max(g.left, h.left));
  const t = Math.max(0, Math.min(g.bottom, h.bottom) - Math.max(g.top, h.top));
  return (w * t) / (g.width * g.height); }))"""


@pytest.mark.parametrize("size", [(300, 400), (360, 560)], ids=["300x400", "360x560"])
def test_a_stacks_height_badge_leaves_its_piece_readable_on_small_squares(page, site_url, wait_for_engine, size):
    """Issue 46: in a narrow embed Cheight's squares are some 25 px and the 11 px badge covered the glyph."""
    width, height = size
    page.goto(site_url + f"_test/embed.html?frame={width}x{height}&embed=1&variant=cheight&lang=en")
    frame = page.main_frame.child_frames[0]
    wait_for_engine(frame)
    expect(frame.locator("#board .disc.stacked .height").first).to_be_visible()
    assert frame.evaluate(BADGE_COVER) < 0.35


@pytest.mark.parametrize("variant", ["hdc2", "cheight"])
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", EMBED_SIZES, ids=[f"{w}x{h}" for w, h in EMBED_SIZES])
def test_the_embed_shows_the_whole_board_at_any_frame_size(page, site_url, wait_for_engine, size, lang, variant):
    """web.md: from 300 x 400 up the frame never scrolls, the board is whole and uncovered, the players'
    cards and the actions are inside the frame, and a move is played by clicking."""
    width, height = size
    page.emulate_media(reduced_motion="reduce")
    page.goto(site_url + f"_test/embed.html?frame={width}x{height}&embed=1&first=human&level=Beginner"
              f"&seed=5&lang={lang}&variant={variant}")
    frame = page.main_frame.child_frames[0]
    wait_for_engine(frame)
    frame.wait_for_selector("#board.interactive", timeout=30_000)
    box = page.locator("#hdchess").bounding_box()
    assert (box["width"], box["height"]) == (width, height)
    fits = frame.evaluate(FRAME_FITS)
    sw, cw, sh, ch = fits["scroll"]
    assert sw <= cw and sh <= ch, f"the frame scrolls: {fits}"
    assert not fits["outside"], f"outside the frame: {fits}"
    assert frame.evaluate(BOARD_UNCOVERED) == [], "squares of the board are hidden or covered"
    note_screenshot(page, f"embed-{variant}-{lang}-{width}x{height}")
    plies = len(frame.locator(".move-list .move").all())
    if variant == "cheight":
        click_move(frame, "a2-a3")  # Red's Soldier on a2 steps forward
    else:
        frame.locator("#board .sq.actionable:has(.disc.hidden)").first.click()
    frame.wait_for_function(f"document.querySelectorAll('.move-list .move').length > {plies}", timeout=30_000)
