"""What the page says in words (issue 36): the player cards agree with the result, no penalty where the
rules have none, Cheight's move list keeps its numbers after a swap, status lines as sentences, the
review opens before a mistake with both arrows, the embed answers a command sent as text, plain words
before numbers, and moves written with their pieces (or in notation, as a setting)."""

import random
import re

import pytest
from playwright.sync_api import expect
from web_support import call, cell

from hdchess.bridge import Session

pytestmark = pytest.mark.web

WAIT_MS = 30_000


def played(variant, seed, until, players=None, rng_seed=None):
    """A game of ``variant`` played at random until ``until(view)``: (session, view)."""
    rng = random.Random(seed if rng_seed is None else rng_seed)
    session = Session()
    view = call(session, "new_game", variant=variant, seed=seed,
                players=players or {"1": "human", "2": "human"})
    while not view["outcome"]:
        if until(view):
            return session, view
        legal = view["legal"]
        moves = [o["move"] for options in legal["moves"].values() for o in options]
        flip = legal["flips"] and (not moves or rng.random() >= 0.85)
        pick = rng.choice(legal["flips"]) if flip else rng.choice(moves)
        view = call(session, "play", move=pick)["view"]
    return None, view


def with_glyph(letter):
    from hdchess.bridge import info as bridge_info
    for variant in bridge_info.info()["variants"]:
        if letter in variant["pieces"]:
            return variant["pieces"][letter]["glyph"]
    raise AssertionError(letter)


def test_a_resigned_game_decided_by_score_claims_no_score_on_the_cards(open_app):
    # the side to move ahead on the board resigns: "Score 4 / Score 1" above "Black wins" contradicts it
    def ahead(view):
        side = view["side"]
        return side and view["scores"][side] > view["scores"]["black" if side == "red" else "red"] + 1
    session, view = played("hdc2", 4, ahead)
    assert session is not None
    loser = view["side"]
    winner = "black" if loser == "red" else "red"
    view = call(session, "resign")
    assert view["outcome"]["winner"] == winner and view["outcome"]["by_score"] is False
    record = call(session, "export")["record"]
    page = open_app({"record": record, "lang": "en"})
    expect(page.locator("#gameover .headline")).to_have_text(f"{winner.capitalize()} wins")
    cards = page.locator(".player-card")
    expect(cards.first.locator(".stat.score")).to_contain_text("Pieces worth")
    expect(cards).to_have_count(2)
    for n in range(2):  # both cards, once the loaded game is drawn (the first board drawn is the opening's)
        expect(cards.nth(n).locator(".stat.score")).not_to_contain_text("Score", timeout=WAIT_MS)
    expect(page.locator(f".player-card.{winner} .player-result")).to_have_text("Won")
    expect(page.locator(f".player-card.{loser} .player-result")).to_have_text("Lost")
    expect(page.locator("#gameover .material")).to_have_text(re.compile(r"^Pieces left, by their values: Red \d+"))
    assert page.locator("#gameover .final-score").count() == 0


def test_banqi_moving_back_costs_nothing_on_screen(open_app):
    def move_back(view):
        moves = view["moves"]
        if len(moves) < 2 or moves[-2]["kind"] != "move" or moves[-1]["kind"] != "move":
            return False
        last = moves[-2]
        return view["squares"][last["from"]] is None and any(
            o["to"] == last["from"] for o in view["legal"]["moves"].get(last["to"], []))
    for seed in range(1, 20):
        session, view = played("banqi", seed, move_back)
        if session:
            break
    assert session is not None
    record = call(session, "export")["record"]
    back = view["moves"][-2]
    page = open_app({"record": record, "lang": "en"})
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    cell(page, back["to"]).click()
    expect(cell(page, back["from"])).to_have_class(re.compile(r"\bdest\b"))
    assert page.locator("#board .penalised").count() == 0  # no "!" on the square
    assert "penalty" not in page.locator("#status").inner_text()
    cell(page, back["from"]).click()
    expect(page.locator(".move-list .move")).to_have_count(len(view["moves"]) + 1)
    last = page.locator(".move-list .move").last
    assert "−" not in last.inner_text() and "penalised" not in (last.get_attribute("class") or "")


def swap_game():
    """A Cheight game (two players) whose last action is a promotion swap: (session, view)."""
    for seed in range(200):
        session, view = played("cheight", seed, lambda v: v["moves"] and v["moves"][-1]["kind"] == "swap")
        if session:
            return session, view
    raise AssertionError("no swap found")


def test_cheight_numbers_moves_by_plies_and_a_swap_keeps_the_columns(open_app):
    session, view = swap_game()
    record = call(session, "export")["record"]
    page = open_app({"record": record, "lang": "en", "letters": "1"})
    rows = page.locator(".move-list .move-row")
    plies = sum(1 for m in view["moves"] if m["kind"] != "swap")
    expect(rows).to_have_count((plies + 1) // 2)
    numbers = [n.strip() for n in page.locator(".move-list .move-no").all_inner_texts()]
    assert numbers == [f"{n}." for n in range(1, (plies + 1) // 2 + 1)]
    for n in range(rows.count()):  # red in the first column, black in the second, whatever came between
        row = rows.nth(n)
        cells = row.locator(":scope > .move, :scope > .move-cell")
        assert "red" in (cells.nth(0).get_attribute("class") or "") or cells.nth(0).locator(".move.red").count()
        if cells.count() > 1:
            second = cells.nth(1)
            assert "black" in (second.get_attribute("class") or "") or second.locator(".move.black").count()
    swap = view["moves"][-1]
    joined = page.locator(".move-list .move-cell .move.joined")
    expect(joined).to_have_count(1)
    expect(joined).to_have_text(f"{swap['piece'][-1]}{swap['from']} ⇄ {swap['swapped']}{swap['to']}")


def test_a_pending_promotion_is_one_sentence_with_a_capital(open_app):
    session, view = swap_game()
    # the same game one action earlier: the swap is pending
    record = call(session, "export")["record"]
    before = re.sub(r"\s+\S+\s+\*\s*$", " *", record)
    assert before != record
    page = open_app({"record": before, "lang": "en"})
    status = page.locator("#status")
    expect(status).to_contain_text("must swap", timeout=WAIT_MS)
    text = status.inner_text().strip()
    assert text[0].isupper(), text
    assert "to move" not in text and "Your turn" not in text, text  # the turn is said once, by the note


def test_clicking_a_marked_move_shows_the_position_before_it_with_both_arrows(open_app, engine_call):
    session, view = played("hdc2", 8, lambda v: len(v["moves"]) >= 12 and v["moves"][-1]["kind"] == "move")
    assert session is not None
    view = call(session, "resign")
    record = call(session, "export")["record"]
    page = open_app({"record": record, "lang": "en"})
    page.emulate_media(reduced_motion="reduce")
    expect(page.locator("#gameover")).to_be_visible()
    mistake = next(i + 1 for i, m in enumerate(view["moves"]) if m["kind"] == "move" and i > 4)
    entry = view["moves"][mistake - 1]
    # a finished review whose only mark is that move (the engine's analysis is tested elsewhere)
    page.evaluate("""async ([ply, from, to, text]) => {
        const c = await import(new URL('web/controller.js', document.baseURI).href);
        const r = await import(new URL('web/render.js', document.baseURI).href);
        c.app.review = { running: false, done: ply, total: ply, marks: new Map([[ply,
          { ply, best: 'x', best_from: to, best_to: from, played: text, drop: 9, score: 0 }]]) };
        r.renderAll();
    }""", [mistake, entry["from"], entry["to"], entry["text"]])
    page.locator(".move-list button.move.blunder").click()
    note = page.locator("#review-note")
    expect(note).to_contain_text(f"Move {mistake},")
    expect(page.locator("#rp-pos")).to_have_text(f"Move {mistake - 1} of {len(view['moves'])}")
    assert page.locator(".board-area .overlay .hint-line, .board-area .overlay .hint-ring").count() == 1
    assert page.locator(".board-area .overlay .played-line").count() == 1  # the move that was played


def test_the_embed_answers_a_command_sent_as_text(page, site_url, wait_for_engine):
    page.goto(site_url + "_test/embed.html?embed=1&first=human&level=Beginner&seed=5&lang=en")
    page.wait_for_function("window.events.some((e) => e.type === 'ready')", timeout=120_000)
    wait_for_engine(page.main_frame.child_frames[0])
    page.evaluate("send(JSON.stringify({source: 'hdchess', type: 'new_game'}))")
    page.wait_for_function("window.events.some((e) => e.type === 'error')", timeout=WAIT_MS)
    error = page.evaluate("window.events.find((e) => e.type === 'error')")
    assert error["command"] is None and "object" in error["message"]
    page.evaluate("send('hello from another script')")  # not ours: no answer
    page.evaluate("send(42)")
    page.wait_for_timeout(500)
    assert page.evaluate("window.events.filter((e) => e.type === 'error').length") == 1


def test_moves_are_written_with_their_pieces_or_in_notation(open_app):
    session, view = played("hdc2", 3, lambda v: any(m["kind"] == "capture" for m in v["moves"]))
    assert session is not None
    view = call(session, "resign")  # a finished game, to review
    record = call(session, "export")["record"]
    flip = view["moves"][0]
    capture = next(m for m in view["moves"] if m["kind"] == "capture")
    page = open_app({"record": record, "lang": "zh"})
    items = page.locator(".move-list .move:not(.placeholder)")
    expect(items.first).to_have_text(f"翻 {flip['to']} → {with_glyph(flip['revealed'])}")
    index = view["moves"].index(capture)
    expect(items.nth(index)).to_have_text(
        f"{with_glyph(capture['piece'])}{capture['from']}×{with_glyph(capture['captured'])}{capture['to']}")
    page.locator("#rp-last").click()  # the review's status line names the move shown, with its pieces
    expect(page.locator("#status")).to_contain_text(items.last.inner_text().strip())
    page.locator("#btn-lang").click()  # English: the same pieces, English words
    expect(items.first).to_have_text(f"Flip {flip['to']} → {with_glyph(flip['revealed'])}")
    page.locator("#btn-settings").click()
    page.locator("#set-moves").select_option("notation")
    expect(items.first).to_have_text(flip["text"])
    expect(items.nth(index)).to_have_text(capture["text"])
    page.locator("#set-moves").select_option("pieces")
    page.locator("#set-letters").check()
    expect(items.first).to_have_text(f"Flip {flip['to']} → {flip['revealed']}")


def test_a_hint_speaks_plain_words_and_keeps_the_numbers_one_tap_away(open_app, page):
    open_app({"lang": "en", "seed": "3", "first": "human", "level": "Beginner"})
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    cell(page, "d2").click()  # the opening flip; the computer replies
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    page.locator("#btn-hint").click()
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text("Hint:", timeout=WAIT_MS)
    expect(hint).not_to_contain_text("Looking", timeout=WAIT_MS)
    text = hint.inner_text()
    assert "evaluation" not in text and "depth" not in text, text
    assert re.search(r"(ahead|behind|even)", text), text
    assert "evaluation" in (hint.get_attribute("title") or "")
    page.locator("#btn-settings").click()
    page.locator("#set-details").check()
    expect(hint).to_contain_text("evaluation")


def finished_swap_game():
    """A finished Cheight game (two players, random moves) with a promotion swap in it: (session, view)."""
    for seed in range(300):
        rng, session = random.Random(seed), Session()
        view = call(session, "new_game", variant="cheight", players={"1": "human", "2": "human"})
        while not view["outcome"] and len(view["moves"]) < 400:
            moves = [o["move"] for options in view["legal"]["moves"].values() for o in options]
            view = call(session, "play", move=rng.choice(moves))["view"]
        if view["outcome"] and any(m["kind"] == "swap" for m in view["moves"]):
            return session, view
    raise AssertionError("no finished game with a swap found")


def test_the_review_counts_the_actions_shown_past_a_swap(open_app):
    """The replay's counter and the position agree past a Cheight swap (a swap is an action, not a ply)."""
    session, view = finished_swap_game()
    page = open_app({"record": call(session, "export")["record"], "lang": "en"})
    total = len(view["moves"])
    swap_at = next(i for i, m in enumerate(view["moves"]) if m["kind"] == "swap") + 1  # actions up to the swap
    page.locator("#rp-first").click()
    position = page.locator("#rp-pos")
    for n in range(1, min(swap_at + 2, total) + 1):
        page.locator("#rp-next").click()
        expect(position).to_have_text(f"Move {n} of {total}", timeout=WAIT_MS)
