"""What players expect besides the game itself: the rules page, sound, clocks,
the review with the engine's marks, the replay's keys and scores."""

import re

import pytest
from playwright.sync_api import expect
from web_support import call, cell, finished

from hdchess.bridge import Session

pytestmark = pytest.mark.web

WAIT_MS = 30_000





def test_the_rules_page_from_the_toolbar_and_the_new_game_dialog(open_app):
    page = open_app("lang=en&variant=banqi")
    page.locator("#btn-rules").click()
    dialog = page.locator("#rules-dialog")
    expect(dialog.locator("h2")).to_have_text("Rules: Banqi (dark chess)")
    legend = dialog.locator("table.legend")
    general = legend.locator("tbody tr").first
    expect(general.locator("th")).to_have_text("General")
    assert general.locator("td").all_inner_texts()[-2:] == ["10", "1"]  # value and count from the engine's info
    expect(dialog.locator(".rules-text h3").first).to_have_text("The pieces")
    assert dialog.locator(".rules-text ul li").count() >= 3 and dialog.locator(".rules-text code").count() >= 3
    dialog.get_by_role("button", name="Close").click()
    page.locator("#btn-new").click()
    page.locator("#ng-variant").select_option("gaiqi")
    page.locator("#ng-rules").click()
    expect(dialog.locator("h2")).to_have_text("Rules: Gaiqi")
    dialog.get_by_role("button", name="Close").click()
    page.keyboard.press("Escape")  # the new-game dialog
    page.locator("#btn-lang").click()
    page.locator("#btn-rules").click()
    expect(dialog.locator("h2")).to_have_text("规则：暗棋")
    expect(dialog.locator(".rules-text h3").first).to_have_text("棋子")
    expect(dialog.locator("table.legend tbody tr").first.locator("th")).to_have_text("帥")


# Elements of the rules page wider than the page itself (a sideways scroll), by tag and first words.
RULES_TOO_WIDE = """() => { const page = document.querySelector('#rules-dialog .rules-page');
  return [page, ...page.querySelectorAll('table, .table-wrap')].filter((e) => e.scrollWidth > page.clientWidth + 1)
    .map((e) => `${e.tagName} ${e.scrollWidth}px: ${e.textContent.trim().slice(0, 30)}`); }"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_rules_page_on_a_phone_needs_no_sideways_scroll(page, open_app, lang):
    """Issue 46: at 360 x 640 the pieces' tables (the legend and the text's) scrolled sideways. The legend
    has five columns; a text's table shows each row as a card of "heading: value" lines."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(f"lang={lang}")
    dialog = page.locator("#rules-dialog")
    for variant in ("hdc2", "banqi", "gaiqi", "cheight"):
        page.locator("#btn-new").click()
        page.locator("#ng-variant").select_option(variant)
        page.locator("#ng-rules").click()
        expect(dialog.locator("table.legend")).to_be_visible()
        assert page.evaluate(RULES_TOO_WIDE) == [], variant
        general = dialog.locator("table.legend tbody tr").first  # each side's disc and record letter
        expect(general.locator("td").nth(0)).to_contain_text("K")
        expect(general.locator("td").nth(1)).to_contain_text("k")
        if variant == "hdc2":  # a card's line names its column
            head = {"en": "letter", "zh": "字母"}[lang]
            expect(dialog.locator(f".rules-text td[data-head='{head}']").first).to_have_text("K")
        dialog.locator("button.primary").click()
        page.keyboard.press("Escape")  # the new-game dialog


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_new_game_dialog_opens_on_the_game_being_played(open_app, page, phone):
    """Start in the dialog, untouched, plays the same game again: not the last choices saved in the
    settings (Club, Hidden Dragon Chess II) but this game's level, game, rule options and side."""
    if phone:
        page.set_viewport_size({"width": 390, "height": 844})
    open_app("lang=en&variant=banqi&level=Beginner&first=ai")
    page.locator("#btn-new").click()
    expect(page.locator("#ng-variant")).to_have_value("banqi")
    expect(page.locator("#ng-level")).to_have_value("Beginner")
    expect(page.locator("input[name=first][value=ai]")).to_be_checked()
    expect(page.locator("input[name=mode][value=ai]")).to_be_checked()
    page.keyboard.press("Escape")
    # a record's game: its rule options too
    record = ('[Variant "gaiqi"]\n[NoProgressPlies "50"]\n[Player1Type "human"]\n[Player2Type "ai"]\n'
              '[Level "Expert"]\n\n*\n')
    open_app({"record": record, "lang": "en"})
    page.locator("#btn-new").click()
    expect(page.locator("#ng-variant")).to_have_value("gaiqi")
    expect(page.locator("#ng-level")).to_have_value("Expert")
    expect(page.locator("#ng-opt-no_progress_plies")).to_have_value("50")
    expect(page.locator("input[name=first][value=human]")).to_be_checked()


def test_sound_is_on_by_default_off_when_toggled_and_off_in_embeds(open_app, page, site_url, wait_for_engine):
    open_app("first=human&level=Beginner&seed=3&lang=en")
    button = page.locator("#btn-sound")
    expect(button).to_have_attribute("aria-pressed", "true")
    played = "import(new URL('web/ui/sound.js', document.baseURI)).then(m => [...m.played])"
    cell(page, "d2").click()
    page.wait_for_function("document.querySelectorAll('.move-list .move').length >= 2", timeout=WAIT_MS)
    sounds = page.evaluate(played)
    assert sounds[0] == "flip" and len(sounds) >= 2
    button.click()
    expect(button).to_have_attribute("aria-pressed", "false")
    page.reload()
    wait_for_engine(page)
    expect(page.locator("#btn-sound")).to_have_attribute("aria-pressed", "false")  # remembered
    page.goto(site_url + "index.html?embed=1&lang=en")
    expect(page.locator("#btn-sound")).to_have_attribute("aria-pressed", "false")


def test_clocks_run_for_the_player_to_move_and_a_flag_fall_loses(open_app, page):
    open_app("lang=en")
    page.locator("#btn-new").click()
    dialog = page.locator("#new-dialog")
    dialog.get_by_label("Two players on this screen").check()
    dialog.locator("#ng-clock").select_option("1+0")
    dialog.get_by_role("button", name="Start game").click()
    clocks = page.locator(".player-card .clock")
    expect(clocks).to_have_count(2)
    assert clocks.all_inner_texts() == ["1:00", "1:00"]  # nothing runs before the opening flip
    cell(page, "b3").click()
    page.wait_for_selector(".player-card[data-player='2'] .clock.running", timeout=WAIT_MS)
    page.wait_for_timeout(1500)
    assert page.locator(".player-card[data-player='2'] .clock").inner_text() < "1:00"
    assert page.locator(".player-card[data-player='1'] .clock").inner_text() == "1:00"
    # run player 2's clock out: the page's clock state is moved on, as a minute passing would
    page.evaluate("""async () => {
        const c = await import(new URL('web/controller.js', document.baseURI).href);
        c.app.clock.since -= 61_000;
    }""")
    over = page.locator("#gameover")
    expect(over.locator(".headline")).to_have_text(re.compile(r"^(Red|Black) wins$"), timeout=WAIT_MS)
    winner = over.locator(".headline").inner_text().split()[0]
    loser = {"Red": "Black", "Black": "Red"}[winner]
    expect(over.locator(".reason")).to_have_text(f"{loser} ran out of time.")  # who, not "a player"
    page.locator("#btn-record").click()
    expect(page.locator("#record-text")).to_have_value(re.compile(r'\[Termination "time forfeit"\]'))


def test_review_marks_moves_that_lost_much_and_shows_the_engine_choice(open_app):
    record, view, session = finished()
    total = len(view["moves"])
    page = open_app({"record": record, "lang": "en"})
    page.emulate_media(reduced_motion="reduce")
    over = page.locator("#gameover")
    over.locator("#btn-check").click()
    expect(over.locator(".review-progress")).to_be_visible()
    expect(over.locator(".review-status")).to_contain_text("Check done", timeout=180_000)
    marked = page.locator(".move-list .move.mistake, .move-list .move.blunder")
    # the marks are the worker's analysis: every move that lost 3 points or more, and no other
    worker = dict(page.evaluate("""async () => {
        const c = await import(new URL('web/controller.js', document.baseURI).href);
        return [...c.app.review.marks.entries()].map(([ply, analysis]) => [ply, analysis.drop]);
    }"""))
    assert sorted(worker) == list(range(1, total + 1))
    expected = sorted(ply for ply, drop in worker.items() if drop >= 3)
    assert marked.count() == len(expected) and expected, worker
    # and that analysis is the engine's: CPython's agrees on nearly every move (a 1,500-node search may
    # break a near tie the other way where the browser's libm rounds the last bit of tanh differently)
    drops = {ply: call(session, "analyse", ply=ply, nodes=1500)["drop"] for ply in range(1, total + 1)}
    agree = sum((drops[ply] >= 3) == (worker[ply] >= 3) for ply in drops)
    assert agree >= 0.9 * total, (agree, total)
    first = expected[0]
    page.locator(".move-list button.move").nth(first - 2).click() if first > 1 else page.locator("#rp-first").click()
    note = page.locator("#review-note")
    expect(note).to_contain_text(f"Move {first},")
    expect(note).to_contain_text("the engine's choice")
    assert page.locator(".board-area .overlay *").count() >= 1  # the arrow (or ring) of the engine's move


def test_a_move_picked_in_the_list_stops_the_replay_playing_on(open_app):
    record, view, _ = finished()
    total = len(view["moves"])
    page = open_app({"record": record, "lang": "en"})  # a shared finished game plays itself through
    play, where = page.locator("#rp-play"), page.locator("#rp-pos")
    expect(play).to_have_attribute("aria-label", "Pause", timeout=WAIT_MS)
    page.locator(".move-list button.move").nth(2).click()
    expect(where).to_have_text(f"Move 3 of {total}")
    expect(play).to_have_attribute("aria-label", "Play through")
    page.wait_for_timeout(2500)  # more than two of the replay's steps
    expect(where).to_have_text(f"Move 3 of {total}")


def test_arrow_keys_step_the_replay_and_every_ply_shows_scores(open_app):
    record, view, session = finished()
    total = len(view["moves"])
    page = open_app({"record": record, "lang": "en"})
    if page.locator("#rp-play").get_attribute("aria-label") == "Pause":
        page.locator("#rp-play").click()
    page.locator("h1").click()  # focus outside the board and the fields
    page.keyboard.press("Home")
    expect(page.locator("#rp-pos")).to_have_text("Start of the game")
    for n in range(1, 8):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#rp-pos")).to_have_text(f"Move {n} of {total}")
        scores = call(session, "position_at", ply=n)["scores"]
        shown = page.locator(".player-card .stat.score strong").all_inner_texts()
        colors = page.locator(".player-card").evaluate_all(
            "cards => cards.map(c => ['red', 'black'].find(k => c.classList.contains(k)) ?? null)")
        for color, text in zip(colors, shown):
            if color:
                assert text.replace("−", "-") == str(scores[color]), (n, color)
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#rp-pos")).to_have_text(f"Move 6 of {total}")
    page.keyboard.press("End")
    expect(page.locator("#rp-pos")).to_have_text(f"Move {total} of {total}")


def test_a_known_deal_is_marked_and_its_seed_kept_beside_the_saved_game(open_app, page, wait_for_engine):
    open_app("first=human&level=Beginner&seed=42&lang=en")
    badge = page.locator("#known-deal")
    expect(badge).to_be_visible()
    expect(badge).to_have_text("Known deal")
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    cell(page, "a1").click()
    page.wait_for_function("document.querySelectorAll('.move-list .move').length >= 2", timeout=WAIT_MS)
    saved = page.evaluate("JSON.parse(localStorage.getItem('hdchess.game.v1'))")
    assert saved["seed"] == "42" and "Seed" not in saved["record"] and "42" not in saved["record"].split("\n\n")[1]
    page.reload()
    wait_for_engine(page)
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    expect(page.locator("#known-deal")).to_be_visible()
    # the deal goes on after the reload: the next flip shows what the seed dealt there
    session = Session()
    call(session, "restore", record=saved["record"], seed=42)
    square = next(sq for sq, c in call(session, "view")["squares"].items() if c == "x")
    expected = call(session, "play", move=square)["played"]["revealed"]
    cell(page, square).click()
    page.wait_for_function("document.querySelectorAll('.move-list .move').length >= 3", timeout=WAIT_MS)
    assert page.locator(".move-list .move").nth(2).get_attribute("data-move").startswith(f"{square}({expected})")
    open_app("first=human&level=Beginner&lang=en")  # a fair deal: no mark
    expect(page.locator("#known-deal")).to_be_hidden()
