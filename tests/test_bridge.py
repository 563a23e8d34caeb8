"""The web bridge (hdchess/bridge/): the JSON commands the browser's worker sends.

Runs on CPython: the same code runs in Pyodide, where only the transport differs.
"""

import json

import pytest

from hdchess import bridge, variant_names
from hdchess.ai import choose_action
from hdchess.bridge import Session, protocol
from hdchess.game import Game


def call(session, cmd, **args):
    reply = session.handle({"cmd": cmd, "args": args})
    assert reply["ok"], reply.get("error")
    return reply["result"]


def error(session, cmd, **args):
    reply = session.handle({"cmd": cmd, "args": args})
    assert not reply["ok"], f"{cmd} {args} should have failed"
    assert set(reply) <= {"ok", "error", "code", "params"}  # a code and params when the page may translate it
    return reply["error"]


@pytest.fixture
def session():
    s = Session()
    call(s, "new_game", seed=11, players={"1": "human", "2": "human"})
    return s


def first_move(view):
    """Some legal move (not a flip) of the side to move, as the UI would offer it."""
    for options in view["legal"]["moves"].values():
        return options[0]
    return None


def play_until_move_available(session):
    view = call(session, "view")
    while first_move(view) is None:
        view = call(session, "play", move=view["legal"]["flips"][0])["view"]
    return view


def test_info_lists_variants_options_and_levels(session):
    info = call(session, "info")
    hdc2 = next(v for v in info["variants"] if v["name"] == "hdc2")
    options = {o["name"]: o for o in hdc2["options"]}
    assert options["scoring"]["choices"] == ["official", "alt"]
    assert options["no_progress_plies"]["default"] == 40 and options["no_progress_plies"]["choices"] is None
    assert info["levels"] == ["Beginner", "Casual", "Club", "Expert", "Master", "Grandmaster"]
    assert info["timed_levels"] == {"Grandmaster": 2000}
    assert info["version"]


def test_new_game_view_shows_a_full_face_down_board(session):
    view = call(session, "new_game", seed=5, options={"scoring": "alt"}, level="Expert",
                players={"1": "ai", "2": "human"}, names={"1": "Bot", "2": "Ann"})
    assert len(view["squares"]) == 32 and set(view["squares"].values()) == {"x"}
    assert len(view["legal"]["flips"]) == 32 and view["legal"]["moves"] == {}
    assert view["side"] is None and view["turn_player"] == 1 and view["ai_turn"] is True
    assert view["player_colors"] == {"1": None, "2": None}
    assert view["options"]["scoring"] == "alt" and view["level"] == "Expert"
    assert view["names"] == {"1": "Bot", "2": "Ann"}
    assert sum(view["pool"].values()) == 32 and view["outcome"] is None and view["known_deal"] is True
    assert "seed" not in view and "Seed" not in view["record"]


def test_flip_decides_colours_and_the_turn_passes(session):
    result = call(session, "play", move="c2")
    played, view = result["played"], result["view"]
    assert played["text"].startswith("c2(") and played["ply"] == 1
    letter = played["revealed"]
    assert view["squares"]["c2"] == letter
    flipped_colour = "red" if letter.isupper() else "black"
    other = "black" if flipped_colour == "red" else "red"
    # first_flip = opponent (default): player 2 takes the revealed colour
    assert view["player_colors"] == {"1": other, "2": flipped_colour}
    assert view["turn_player"] == 2 and view["side"] == flipped_colour
    assert view["last_move"] == {"from": "c2", "to": "c2", "kind": "flip"}
    assert "c2" not in view["legal"]["flips"] and len(view["legal"]["flips"]) == 31


def test_legal_moves_play_as_offered(session):
    view = play_until_move_available(session)
    option = first_move(view)
    result = call(session, "play", move=option["move"])
    assert result["played"]["text"] == option["move"]
    assert result["view"]["squares"][option["to"]] is not None
    assert result["view"]["ply"] == view["ply"] + 1


@pytest.mark.parametrize(("move", "words"), [
    ("z9", "z9 is not a square"),
    ("", "empty"),
    ("c2-", "c2-"),
])
def test_bad_moves_are_named_and_change_nothing(session, move, words):
    call(session, "play", move="a1")
    before = call(session, "export")["record"]
    assert words in error(session, "play", move=move)
    assert call(session, "export")["record"] == before


def test_illegal_move_explains_and_keeps_the_game(session):
    call(session, "play", move="a1")
    before = call(session, "view")
    message = error(session, "play", move="a1")  # already face-up
    assert "a1" in message and "face-down" in message
    assert call(session, "view") == before


@pytest.mark.parametrize("request_text", [
    "not json", "[1, 2]", '{"cmd": "dance"}', '{"cmd": "play", "args": [1]}', '{"cmd": 3}',
    '{"cmd": "play", "args": {"move": 5}}', '{"cmd": "play", "args": {"mvoe": "c2"}}',
    '{"cmd": "new_game", "args": {"players": {"1": "robot"}}}', '{"cmd": "new_game", "args": {"seed": -1}}',
    '{"cmd": "new_game", "args": {"options": {"scoring": "weird"}}}', '{"cmd": "new_game", "args": {"variant": "go"}}',
    '{"cmd": "new_game", "args": {"level": "Champion"}}', '{"cmd": "undo", "args": {"to_player": 3}}',
])
def test_bad_requests_come_back_as_messages(request_text):
    call(protocol.SESSION, "new_game", seed=1)
    call(protocol.SESSION, "play", move="b2")
    before = call(protocol.SESSION, "export")["record"]
    reply = json.loads(bridge.handle(request_text))
    assert reply["ok"] is False and isinstance(reply["error"], str) and reply["error"]
    assert call(protocol.SESSION, "export")["record"] == before


def test_unknown_option_names_the_key(session):
    assert "colour" in error(session, "new_game", options={"colour": "red"})
    assert "weird" in error(session, "new_game", options={"scoring": "weird"})


def test_a_bug_is_reported_not_raised(session, monkeypatch):
    def broken(session, args):
        raise RuntimeError("boom")
    monkeypatch.setitem(session._commands, "view", broken)
    assert "boom" in error(session, "view")


def test_ai_move_plays_a_legal_move_with_its_analysis():
    s = Session()
    view = call(s, "new_game", seed=3, players={"1": "human", "2": "ai"}, level="Beginner")
    view = call(s, "play", move="d2")["view"]
    assert view["ai_turn"] is True
    legal = set(view["legal"]["flips"]) | {o["move"] for opts in view["legal"]["moves"].values() for o in opts}
    result = call(s, "ai_move")
    played = result["played"]["text"].split("(")[0]
    assert played in legal
    assert result["analysis"]["pv"] and result["analysis"]["pv"][0] == played
    assert result["analysis"]["level"] == "Beginner"
    assert result["view"]["ply"] == 2 and result["view"]["ai_turn"] is False


def test_ai_is_deterministic_for_a_game_and_player_seed():
    texts = []
    for _ in range(2):
        s = Session()
        call(s, "new_game", seed=21, players={"1": "ai", "2": "ai"}, level="Casual")
        s.player_seed = 5  # drawn at random for each game; fixed here to compare two runs
        texts.append([call(s, "ai_move")["played"]["text"] for _ in range(6)])
    assert texts[0] == texts[1]


def test_hint_suggests_a_legal_move(session):
    view = play_until_move_available(session)
    result = call(session, "hint")
    legal = set(view["legal"]["flips"]) | {o["move"] for opts in view["legal"]["moves"].values() for o in opts}
    assert result["move"] in legal
    assert isinstance(result["score"], (int, float))
    assert call(session, "view")["ply"] == view["ply"]  # a hint plays nothing


def test_undo_to_player_goes_back_to_that_players_turn(session):
    for square in ("a1", "b1", "c1"):
        call(session, "play", move=square)
    view = call(session, "undo", to_player=1)  # player 2 to move: undo player 2's and player 1's plies
    assert view["ply"] == 2 and view["turn_player"] == 1 and view["assisted"] is True
    view = call(session, "undo", to_player=2)  # player 1 to move: one ply back is player 2's turn
    assert view["ply"] == 1 and view["turn_player"] == 2
    view = call(session, "undo")
    assert view["ply"] == 0 and view["squares"]["a1"] == "x"
    assert "no move to undo" in error(session, "undo")
    assert '[Assisted "yes"]' in call(session, "export")["record"]


def test_undo_for_a_player_who_has_not_moved_is_refused(session):
    call(session, "play", move="a1")  # player 1 opened; player 2 has not moved
    assert "player 2 has no move" in error(session, "undo", to_player=2)
    assert call(session, "view")["ply"] == 1


def test_undone_flip_reveals_the_same_piece_again(session):
    first = call(session, "play", move="e3")["played"]["revealed"]
    call(session, "undo")
    assert call(session, "play", move="e3")["played"]["revealed"] == first


def test_restore_after_a_crash_continues_the_same_game():
    """A worker restart loses the session: restoring its record gives the same game,
    with the same settings and the same face-down layout."""
    s = Session()
    call(s, "new_game", seed=99, players={"1": "human", "2": "ai"}, level="Casual", names={"1": "梅", "2": "Bot"})
    call(s, "play", move="d3")
    call(s, "ai_move")
    before = call(s, "view")
    fresh = Session()
    restored = call(fresh, "restore", record=before["record"], seed=99)  # a known deal's seed is kept apart
    assert restored == before
    assert call(fresh, "play", move="h4")["played"] == call(s, "play", move="h4")["played"]


def test_load_record_replays_a_record_and_keeps_the_game_on_error(session):
    call(session, "play", move="a1")
    kept = call(session, "view")
    message = error(session, "load_record", record="[Variant \"hdc2\"]\n\n1. a1(R) a1-a2 *\n")
    assert "1... a1-a2" in message
    assert call(session, "view") == kept
    assert "empty" in error(session, "load_record", record="   ")
    view = call(session, "load_record", record='[Seed "4"]\n\n1. c2(P) d2(r) *\n', players={"1": "ai", "2": "human"})
    assert view["ply"] == 2 and view["squares"]["c2"] == "P" and view["squares"]["d2"] == "r"
    assert view["players"] == {"1": "ai", "2": "human"}


def test_names_cannot_break_the_record(session):
    view = call(session, "new_game", seed=1, names={"1": 'Ann\n[Result "1-0"]', "2": "x" * 500})
    assert "\n" not in view["names"]["1"] and len(view["names"]["2"]) == bridge.MAX_NAME_LENGTH
    assert call(Session(), "load_record", record=view["record"])["names"] == view["names"]


def test_a_whole_game_plays_to_its_end_and_exports():
    s = Session()
    call(s, "new_game", seed=8, players={"1": "ai", "2": "ai"}, level="Beginner")
    view = call(s, "view")
    for _ in range(1000):
        if view["outcome"]:
            break
        view = call(s, "ai_move")["view"]
    outcome = view["outcome"]
    assert outcome is not None and view["legal"] == {"flips": [], "moves": {}} and view["ai_turn"] is False
    assert outcome["result"] in view["record"]
    assert "game is over" in error(s, "ai_move")
    assert "game is over" in error(s, "hint")
    # the pieces are all accounted for: on the board, face-down, or captured
    on_board = [v for v in view["squares"].values() if v]
    assert len(on_board) + sum(len(c) for c in view["captured"].values()) == 32
    assert call(Session(), "load_record", record=view["record"])["outcome"] == outcome


def test_evaluations_cover_every_position_from_reds_view():
    s = Session()
    call(s, "new_game", seed=8, players={"1": "ai", "2": "ai"}, level="Beginner")
    view = call(s, "view")
    while not view["outcome"]:
        view = call(s, "ai_move")["view"]
    plies = call(s, "evaluations")["plies"]
    assert [p["ply"] for p in plies] == list(range(view["ply"] + 1))
    assert plies[0]["score_red"] == 0
    final = view["outcome"]["scores"]
    assert plies[-1]["score_red"] == final["red"] - final["black"]
    assert call(s, "evaluations")["plies"] == plies  # remembered, and unchanged


@pytest.mark.parametrize(("board", "side", "sign"), [
    ("R7/8/8/7p", "r", 1), ("R7/8/8/7p", "b", 1),  # red is a Chariot up, whoever is to move
    ("r7/8/8/7P", "r", -1), ("r7/8/8/7P", "b", -1),
])
def test_evaluations_are_from_reds_view(session, board, side, sign):
    record = f'[FEN "{board} {side} - 0 10"]\n\n*\n'
    call(session, "load_record", record=record)
    (only,) = call(session, "evaluations")["plies"]
    assert only["ply"] == 10 and only["score_red"] * sign > 0


def test_handle_speaks_json_text():
    reply = json.loads(bridge.handle(json.dumps({"cmd": "new_game", "args": {"seed": 2, "names": {"1": "龍"}}})))
    assert reply["ok"] and reply["result"]["names"]["1"] == "龍"


@pytest.mark.parametrize("variant", [v for v in variant_names() if v != "hdc2"])
def test_every_variant_plays_to_its_end_through_the_bridge(variant):
    s = Session()
    view = call(s, "new_game", variant=variant, seed=4, players={"1": "ai", "2": "ai"}, level="Beginner")
    assert view["variant"] == variant
    while not view["outcome"]:
        view = call(s, "ai_move")["view"]
    assert len(call(s, "evaluations")["plies"]) == len(view["moves"]) + 1
    assert call(Session(), "restore", record=view["record"])["outcome"] == view["outcome"]


def test_the_top_level_plays_its_book_at_once_then_thinks_in_slices_and_moves_now_when_asked():
    s = Session()
    view = call(s, "new_game", seed=5, players={"1": "human", "2": "ai"}, level="Grandmaster")
    view = call(s, "play", move="d2")["view"]
    state = Game.from_record(view["record"]).state
    master = choose_action(state, "Master")  # the Master's move here is the book's
    book = call(s, "think", ms=60)
    assert book["done"] and book["progress"] == 1 and book["nodes"] == 0 and book["depth"] == 0
    assert book["pv"] == [state.action_text(master.action)] and master.nodes == 0
    played = call(s, "ai_move")
    assert played["analysis"]["pv"] == book["pv"] and played["played"]["ply"] == 2
    while True:  # the human flips until the top level is out of its book and must search
        call(s, "play", move=call(s, "view")["legal"]["flips"][0])
        first = call(s, "think", ms=60)
        if not first["done"]:
            break
        call(s, "ai_move")
    assert 0 < first["progress"] <= 1 and first["depth"] >= 0 and not first["done"]
    second = call(s, "think", ms=60)
    assert second["nodes"] > first["nodes"]  # the same search goes on
    result = call(s, "ai_move")  # move now: the best found so far
    assert result["played"]["ply"] == len(result["view"]["moves"]) > 2
    assert result["analysis"]["nodes"] == second["nodes"]
    assert "ms must be" in error(s, "think", ms=0)


# -- messages with codes, review, clocks, the AI loaded on demand --------------------------

def test_a_refused_move_carries_a_code_and_params_for_the_page(session):
    reply = session.handle({"cmd": "play", "args": {"move": "z9"}})
    assert reply["error"] == "z9 is not a square (files a-h, ranks 1-4)"
    assert reply["code"] == "square.unknown"
    assert reply["params"] == {"text": "z9", "last_file": "h", "ranks": 4}
    view = play_until_move_available(session)
    frm, options = next(iter(view["legal"]["moves"].items()))
    reply = session.handle({"cmd": "play", "args": {"move": "c2(R)"}})
    assert reply["code"] == "move.refused" and reply["params"]["move"] == "c2(R)"
    assert reply["params"]["reason"]["code"] and reply["params"]["reason"]["text"] in reply["error"]


def test_explain_gives_the_reason_with_its_code(session):
    view = play_until_move_available(session)
    enemy = next(sq for sq, c in view["squares"].items()
                 if c and c != "x" and c.isupper() != (view["side"] == "red"))
    reply = call(session, "explain", to=enemy)
    assert reply["code"] == "piece.not_yours" and reply["params"] == {"sq": enemy, "color": view["side"]}
    assert reply["reason"] == f"the piece on {enemy} is not yours ({view['side']} to move)"


def test_a_click_on_an_empty_cheight_square_says_there_is_no_piece_in_words_a_page_can_translate():
    """In Cheight a square alone is no action; a click on an empty one is told as such (a code the page
    words in Chinese), not as the notation's complaint with its examples."""
    session = Session()
    call(session, "new_game", variant="cheight", players={"1": "human", "2": "human"})
    reply = call(session, "explain", to="c4")
    assert (reply["code"], reply["params"]) == ("move.no_piece", {"sq": "c4"})
    assert reply["reason"] == "there is no piece on c4"
    typed = session.handle({"cmd": "play", "args": {"move": "c4"}})
    assert typed["code"] == "stack.not_an_action" and typed["params"] == {"text": "c4"}


def test_a_record_error_names_the_move_as_the_record_writes_it_and_carries_the_reason_code(session):
    reply = session.handle({"cmd": "load_record", "args": {"record": "1. c2(R) d2-d9 *"}})
    assert reply["error"] == "at 1... d2-d9 in the record: d9 is not a square (files a-h, ranks 1-4)"
    assert reply["code"] == "record.move_at"
    assert reply["params"]["number"] == 2 and reply["params"]["written"] == "1..."
    assert reply["params"]["reason"]["code"] == "square.unknown"
    reply = session.handle({"cmd": "load_record", "args": {"record": "1. c2(R) d2(p) 2. d2-d9 *"}})
    assert reply["error"].startswith("at 2. d2-d9 in the record: ")
    # a record with no move numbers: the move by its count
    reply = session.handle({"cmd": "load_record", "args": {"record": "c2(R) d2-d9"}})
    assert reply["error"] == "move 2 (d2-d9): d9 is not a square (files a-h, ranks 1-4)"
    assert reply["code"] == "record.move"


def test_a_new_game_does_not_import_the_ai():
    """The first screen (info, a new game, a flip, a bad level) costs no search: the levels
    are read from their table, which imports none."""
    import subprocess
    import sys

    code = ("import sys, json; from hdchess.bridge import handle; "
            "replies = [json.loads(handle(json.dumps(r))) for r in ({'cmd': 'info'}, "
            "{'cmd': 'new_game', 'args': {'seed': 1, 'level': 'expert'}}, {'cmd': 'play', 'args': {'move': 'c2'}})]; "
            "bad = json.loads(handle(json.dumps({'cmd': 'new_game', 'args': {'level': 'Champion'}}))); "
            "print(json.dumps([[r['ok'] for r in replies], replies[1]['result']['level'], bad['error'], "
            "sorted(m for m in ('hdchess.ai.search', 'hdchess.ai.decision', 'hdchess.players') if m in sys.modules)]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    oks, level, refused, imported = json.loads(out)
    assert oks == [True, True, True] and level == "Expert" and imported == []
    assert refused == ("unknown level 'Champion' (levels: Beginner, Casual, Club, Expert, Master, Grandmaster "
                       "or 1-6)")


def test_analyse_finds_the_best_move_and_what_the_played_one_lost():
    s = Session()
    call(s, "new_game", seed=4, players={"1": "ai", "2": "ai"}, level="Beginner")
    for _ in range(12):
        call(s, "ai_move")
    review = call(s, "analyse", ply=12, nodes=800)
    assert review["ply"] == 12 and review["played"] == call(s, "view")["moves"][11]["text"]
    assert review["drop"] >= 0 and review["best"] and review["pv"][0] == review["best"]
    assert "ply must be" in error(s, "analyse", ply=13)
    assert call(s, "view")["ply"] == 12  # nothing changed


def test_a_flag_fall_loses_like_a_resignation_and_replays(session):
    call(session, "play", move="c2")
    assert "nobody has a colour" in error(Session(), "timeout", player=1)
    view = call(session, "timeout", player=2)
    assert view["outcome"]["termination"] == "time forfeit" and view["outcome"]["by_score"] is False
    assert view["outcome"]["winner"] == view["player_colors"]["1"]
    again = Session()
    assert call(again, "load_record", record=view["record"])["outcome"] == view["outcome"]


def test_info_has_the_rules_in_every_language_written():
    info = call(Session(), "info")
    for variant in info["variants"]:
        assert variant["rules_by_lang"]["en"] == variant["rules"]
        assert "zh" in variant["rules_by_lang"]


def test_added_tables_are_read_and_a_bad_folder_changes_nothing(session, tmp_path, monkeypatch):
    """The worker adds the site's bigger endgame tables once fetched: the next search reads them."""
    from hdchess import load_ruleset
    from hdchess.facedown.tables import TABLES, files

    monkeypatch.setattr(files, "_added", [])  # this test's folder is forgotten afterwards
    other_rules = load_ruleset("banqi", no_progress_plies=8)  # no shipped tables for these rules
    assert TABLES.prober(other_rules) is None
    TABLES.build(other_rules, 2, tmp_path)
    before = call(session, "view")
    assert "not a folder" in error(session, "add_tables", directory=str(tmp_path / "missing"))
    assert "must be text" in error(session, "add_tables", directory=3)
    assert TABLES.prober(other_rules) is None and call(session, "view") == before
    coverage = call(session, "add_tables", directory=str(tmp_path))["tables"]
    assert coverage["banqi"] >= 3 and coverage["gaiqi"] >= 3 and coverage["hdc2"] >= 2  # the shipped ones
    assert "cheight" not in coverage  # no tables in the stacking game
    assert TABLES.prober(other_rules).max_pieces == 2


def test_hint_and_ai_move_say_when_the_tables_chose(session):
    record = '[Variant "banqi"]\n[FEN "8/4A3/8/ra6 r - 0 100"]\n\n*\n'
    call(session, "load_record", record=record, players={"1": "human", "2": "ai"})
    assert call(session, "hint")["table"] is True  # three pieces: the shipped tables know
    call(session, "new_game", seed=4, players={"1": "human", "2": "ai"})
    call(session, "play", move="d2")
    assert call(session, "hint")["table"] is False
    assert call(session, "ai_move")["analysis"]["table"] is False


# -- issue 35 ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("move", ["c2(R)", "c2xc3(p)", "a2=c1^0", "d3(R)", "c2-c3", "c2-c3+1", "c2", "", "zz"])
def test_explain_and_play_agree_on_moves_with_results_swaps_and_carries(session, move):
    reply = session.handle({"cmd": "explain", "args": {"to": move}})
    assert reply["ok"], reply["error"]  # never an internal error
    played = Session()
    played.handle({"cmd": "new_game", "args": {"seed": 11, "players": {"1": "human", "2": "human"}}})
    outcome = played.handle({"cmd": "play", "args": {"move": move}})
    assert (reply["result"]["reason"] is None) == outcome["ok"]
    if not outcome["ok"]:
        expected = outcome["params"]["reason"] if outcome.get("code") == "move.refused" else {
            "code": outcome.get("code"), "text": outcome["error"]}
        assert reply["result"].get("code") == expected["code"] and reply["result"]["reason"] == expected["text"]


def test_explain_refuses_a_flip_with_its_result_as_play_does(session):
    reply = call(session, "explain", to="d3(R)")
    assert reply["code"] == "flip.drawn"


def test_a_record_continued_against_the_ai_is_marked_and_stays_marked(session):
    view = call(session, "load_record", record="1. c2(K) b3(k) *")
    assert view["continued"] and 'Continued "from a record"' in view["record"]
    restored = call(Session(), "restore", record=view["record"])
    assert restored["continued"]
    own = call(session, "new_game", players={"1": "human", "2": "human"})
    assert not own["continued"]
    call(session, "play", move="c2")
    assert not call(Session(), "restore", record=call(session, "export")["record"])["continued"]


def test_a_serious_game_refuses_undo_and_hints_on_the_bridge():
    s = Session()
    view = call(s, "new_game", serious=True, players={"1": "human", "2": "ai"}, level="Beginner")
    assert view["serious"] and '[Serious "yes"]' in view["record"]
    call(s, "play", move="c2")
    call(s, "ai_move")
    before = call(s, "view")
    reply = s.handle({"cmd": "undo", "args": {"to_player": 1}})
    assert not reply["ok"] and reply["code"] == "undo.serious" and "serious game" in reply["error"]
    for cmd, args in (("hint", {}), ("ai_move", {"level": "Beginner"}), ("think", {"ms": 5}), ("analyse", {"ply": 1}),
                      ("evaluations", {})):
        reply = s.handle({"cmd": cmd, "args": args})
        assert not reply["ok"] and reply["code"] == "hint.serious", cmd  # the human's turn: no help from the AI
    assert call(s, "view") == before and not before["assisted"]
    restored = call(Session(), "restore", record=before["record"])
    assert restored["serious"]
    assert "true or false" in error(Session(), "new_game", serious="yes")


def test_a_game_that_is_not_serious_still_undoes(session):
    call(session, "play", move="c2")
    assert not call(session, "view")["serious"]
    assert call(session, "undo")["moves"] == []


def a_move_back(variant, options=None):
    """A human-vs-human game of ``variant`` played until the side to move can move straight back
    (its last move, reversed, onto an empty square, after a plain reply): the session and that move's
    legal entry."""
    import random
    for seed in range(1, 30):
        rng = random.Random(seed)
        session = Session()
        view = call(session, "new_game", variant=variant, seed=seed, options=options or {},
                    players={"1": "human", "2": "human"})
        while not view["outcome"]:
            last = view["moves"][-2] if len(view["moves"]) >= 2 else None  # this side's move, then a plain reply
            if last and last["kind"] == "move" and view["moves"][-1]["kind"] == "move":
                back = [o for o in view["legal"]["moves"].get(last["to"], []) if o["to"] == last["from"]]
                if back and view["squares"][last["from"]] is None:
                    return session, back[0]
            legal = view["legal"]
            moves = [o["move"] for options_ in legal["moves"].values() for o in options_]
            pick = rng.choice(moves) if moves and rng.random() < 0.85 else rng.choice(legal["flips"] or moves)
            view = call(session, "play", move=pick)["view"]
    raise AssertionError("no move back found")


@pytest.mark.parametrize(("variant", "options", "flagged"), [
    ("hdc2", {}, True), ("hdc2", {"repetition_penalty": 0}, False), ("banqi", {}, False), ("gaiqi", {}, False),
])
def test_only_a_ruleset_with_a_repetition_penalty_flags_a_move_back(variant, options, flagged):
    session, back = a_move_back(variant, options)
    assert back["penalised"] is flagged
    view = call(session, "play", move=back["move"])["view"]
    assert view["moves"][-1]["penalised"] is flagged
    assert all(o["penalised"] is False for opts in view["legal"]["moves"].values() for o in opts) or flagged


def test_moves_carry_the_pieces_that_moved(session):
    view = play_until_move_available(session)
    entry = first_move(view)
    piece = view["squares"][entry["from"]]
    view = call(session, "play", move=entry["move"])["view"]
    last = view["moves"][-1]
    assert last["piece"] == piece and last["swapped"] is None
    assert all(m["piece"] is None for m in view["moves"] if m["kind"] == "flip")


def test_a_cheight_capture_in_the_move_list_names_the_piece_it_covers(session):
    """The move list writes 相a4×卒b5 as the hint does: in Cheight nothing leaves the board, so the
    victim is the destination's top piece before the move."""
    record = '[Variant "cheight"]\n[FEN "3k/4/4/4/4/e1E1/1[pRA]2/2[chrh]K r 0 0"]\n\n*'
    call(session, "load_record", record=record)
    call(session, "play", move="d1xc1")  # the red General takes the black Horse on top of c1
    entry = call(session, "view")["moves"][-1]
    assert (entry["kind"], entry["piece"], entry["captured"]) == ("capture", "K", "h")


def test_a_chain_of_captures_is_offered_by_its_path_and_listed_with_each_victim(session):
    """Banqi's chain captures: the page offers a chain capture by capture (its ``path``), animates the
    last one through its landings and writes it in the move list with each piece it took."""
    record = ('[Variant "banqi"]\n[FEN "7k/pp6/hc6/R6K r - 0 20"]\n[ChainCaptures "yes"]\n'
              '[Player1Type "human"]\n[Player2Type "human"]\n\n*\n')
    call(session, "load_record", record=record)
    offered = {entry["move"]: entry for entry in call(session, "view")["legal"]["moves"]["a1"]}
    assert offered["a1xa2xb2xb3"]["path"] == ["a2", "b2", "b3"] and offered["a1xa2xb2xb3"]["to"] == "b3"
    assert "path" not in offered["a1xa2"] and "path" not in offered["a1-b1"]
    view = call(session, "play", move="a1xa2xb2xb3")["view"]
    assert view["last_move"] == {"from": "a1", "to": "b3", "kind": "capture", "path": ["a2", "b2", "b3"]}
    [entry] = view["moves"]
    assert (entry["text"], entry["path"], entry["victims"], entry["captured"]) == (
        "a1xa2xb2xb3", ["a2", "b2", "b3"], ["h", "c", "p"], "h")
