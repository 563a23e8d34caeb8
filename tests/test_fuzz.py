"""Fuzzing every entry point with hypothesis (a bounded budget in the normal suite).

Whatever arrives (bridge JSON, engine protocol lines, command-line arguments,
position lines, game records), the answer is the program working or a clear
one-line error of bounded length naming the problem, and the game in
progress stays exactly as it was.
"""

import io
import json
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import game_snapshot

from hdchess import Game, HdchessError, load_ruleset, variant_names
from hdchess import bridge as bridge_module
from hdchess.bridge import Session
from hdchess.cli import main
from hdchess.engine import Engine

# Cases per entry point in the normal suite (the closing note quotes them).
CASES = {"bridge text": 300, "bridge commands": 300, "engine lines": 300, "command line": 300,
         "positions": 300, "records": 120, "moves": 300, "explain": 150, "outcomes": 60}


def budget(name: str):
    return settings(max_examples=CASES[name], deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_MESSAGE = 400


def one_clean_line(message: str) -> None:
    assert isinstance(message, str) and message
    assert "\n" not in message and "\r" not in message and "\x1b" not in message, repr(message[:80])
    assert len(message) <= MAX_MESSAGE, f"{len(message)} characters: {message[:80]!r}..."


# text that breaks naive readers: other scripts' digits, control codes, long runs, brackets
nasty_text = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="0123456789²³¹١٢٣０１２٤-+ .", max_size=12),
    st.sampled_from(["\x1b[31mred", "c2\nc3", "9" * 5000, "x" * 100_000, "[" * 2000, "c2(K)", "a8=c1^0",
                     "b2-c3+9", "\udcff", "NaN", "-1", "4300" * 2000]),
)
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False), nasty_text),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(nasty_text, inner, max_size=4),
    max_leaves=12,
)
COMMANDS = ["info", "new_game", "load_record", "restore", "play", "ai_move", "hint", "undo", "resign", "explain",
            "export", "view", "position_at", "frames", "evaluations"]
ARG_KEYS = ["move", "seed", "variant", "options", "players", "level", "names", "record", "to_player", "ply",
            "player", "from", "to"]


def fresh_session() -> Session:
    session = Session()
    session.handle({"cmd": "new_game", "args": {"level": "Beginner", "players": {"1": "human", "2": "human"}}})
    session.handle({"cmd": "play", "args": {"move": "d2"}})
    return session


@budget("bridge text")
@given(st.one_of(nasty_text, json_values.map(json.dumps)))
def test_bridge_handle_answers_any_text_with_json(text):
    before = worker_record()
    reply = json.loads(bridge_module.handle(text))
    assert isinstance(reply, dict) and isinstance(reply["ok"], bool)
    if not reply["ok"]:
        one_clean_line(reply["error"])
        assert worker_record() == before


def worker_record() -> str:
    """The game record of the worker's one session, asked through the protocol itself (not its internals)."""
    return json.loads(bridge_module.handle(json.dumps({"cmd": "export"})))["result"]["record"]


def test_bridge_handle_survives_deep_nesting_and_huge_input():
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000, "x" * 3_000_000):
        reply = json.loads(bridge_module.handle(text))
        assert reply["ok"] is False
        one_clean_line(reply["error"])


@budget("bridge commands")
@given(st.sampled_from(COMMANDS), st.dictionaries(st.sampled_from(ARG_KEYS), json_values, max_size=3))
def test_bridge_commands_with_any_arguments(command, args):
    session = fresh_session()
    if command in ("ai_move", "hint") and "level" not in args:
        args = {**args, "level": "Beginner"} if command == "ai_move" else args
    before = session.game.record_text()
    reply = session.handle({"cmd": command, "args": args})
    assert set(reply) in ({"ok", "result"}, {"ok", "error"}, {"ok", "error", "code", "params"})
    if not reply["ok"]:
        one_clean_line(reply["error"])
        assert session.game.record_text() == before, f"{command} {args} failed but changed the game"
    json.dumps(reply)  # every reply can go back to the page


ENGINE_WORDS = ["uci", "isready", "setoption", "name", "value", "Variant", "Level", "Seed", "NoProgressPlies",
                "position", "startpos", "fen", "moves", "go", "depth", "nodes", "movetime", "wtime", "d", "stop",
                "ucinewgame", "c2", "c2(R)", "b3(p)", "c2-c3", "xxxxxxxx/8/8/8", "r", "-", "1", "0", "999999999999"]


@budget("engine lines")
@given(st.lists(st.one_of(st.sampled_from(ENGINE_WORDS), nasty_text), min_size=1, max_size=8))
def test_engine_lines_get_an_answer_or_a_clean_error(words):
    out: list[str] = []
    engine = Engine(out.append)
    line = " ".join(words)
    if words[0] == "go":
        line = "go depth 1"  # a search of any length is not the point here
    engine.handle(line)
    engine.wait(10)
    for answer in out:
        one_clean_line(answer)
    engine.handle("isready")
    assert out[-1] == "readyok"  # the session goes on


CLI_WORDS = ["moves", "perft", "show", "variants", "rules", "--variant", "--set", "--letters", "--stacks", "--divide",
             "scoring=alt", "hdc2", "banqi", "gaiqi", "8/8/8/R6r r - 0 9", "1", "2", "-1", "--colour", "never"]


@budget("command line")
@given(st.lists(st.one_of(st.sampled_from(CLI_WORDS + variant_names()), nasty_text), min_size=1, max_size=6),
       nasty_text)
def test_the_command_line_ends_cleanly_on_any_arguments(argv, stdin):
    if argv[0] == "perft":  # a deep perft of the opening is work, not a failure
        argv = [w if not (w.isascii() and w.isdigit() and len(w) < 12) else str(min(int(w), 2)) for w in argv]
    old_stdin, old_out, old_err = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), io.StringIO(), io.StringIO()
    try:
        try:
            status = main(argv)
        except SystemExit as exc:  # usage errors
            status = exc.code
        err = sys.stderr.getvalue()
    finally:
        sys.stdin, sys.stdout, sys.stderr = old_stdin, old_out, old_err
    assert status in (0, 1, 2)
    if status == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("hdchess: error: "), err[:200]
        assert "\x1b" not in err and len(err) <= MAX_MESSAGE + 100


def mutations(text: str, rng: random.Random, count: int = 3) -> str:
    chars = list(text)
    for _ in range(count):
        where = rng.randrange(len(chars) + 1)
        kind = rng.randrange(3)
        if kind == 0 and chars:
            del chars[min(where, len(chars) - 1)]
        elif kind == 1:
            chars.insert(where, rng.choice("x123456789/[]-rbKkPpAaZ ²\n"))
        elif chars:
            chars[min(where, len(chars) - 1)] = rng.choice("x123456789/[]-rbKkPpZ ")
    return "".join(chars)


def sample_positions(variant: str) -> list[str]:
    game = Game(load_ruleset(variant), seed=3)
    rng = random.Random(3)
    lines = [game.state.position_text(extended=True)]
    while not game.is_over() and len(game.moves) < 60:
        game.play(rng.choice(game.legal_actions()))
        lines.append(game.state.position_text(extended=True))
    return lines


@pytest.mark.parametrize("variant", variant_names())
@budget("positions")
@given(seed=st.integers(0, 2**32), extra=nasty_text)
def test_position_lines_read_or_fail_cleanly(variant, seed, extra):
    rng = random.Random(seed)
    ruleset = load_ruleset(variant)
    base = rng.choice(sample_positions(variant))
    for text in (mutations(base, rng, rng.randrange(1, 5)), extra, base + " " + extra):
        try:
            state = ruleset.read_position(text)
        except HdchessError as exc:
            one_clean_line(str(exc))
            continue
        again = ruleset.read_position(state.position_text(extended=True))
        assert again.position_text(extended=True) == state.position_text(extended=True)


@pytest.mark.parametrize("variant", variant_names())
@budget("records")
@given(seed=st.integers(0, 2**32))
def test_records_replay_or_fail_cleanly(variant, seed):
    rng = random.Random(seed)
    game = Game(load_ruleset(variant), seed=seed % 1000)
    while not game.is_over() and len(game.moves) < rng.randrange(1, 80):
        game.play(rng.choice(game.legal_actions()))
    text = mutations(game.record_text(), rng, rng.randrange(1, 6))
    try:
        copy = Game.from_record(text)
    except HdchessError as exc:
        one_clean_line(str(exc))
        return
    assert Game.from_record(copy.record_text()).moves == copy.moves


@budget("moves")
@given(st.one_of(nasty_text, st.integers(-2**70, 2**70), st.none(), st.floats(allow_nan=False)))
def test_moves_of_any_kind_are_refused_cleanly(move):
    game = Game(seed=1)
    game.play("d2")
    before = game.record_text()
    try:
        game.play(move)
    except HdchessError as exc:
        one_clean_line(str(exc))
        assert game.record_text() == before


# -- explain and play agree (issue 35) -----------------------------------------------------------------------------

PIECE_LETTERS = "KAEHRCPkaehrcpGgSsBbNn?"


def move_texts(session: Session, rng: random.Random) -> st.SearchStrategy[tuple[str | None, str]]:
    """Moves as a page, an embed or a script might send them: legal ones, legal ones with a result written,
    captures with a result, Cheight swaps and carries on any squares, and garbage; (from, to) or (None, text)."""
    state = session.game.state
    names = list(state.geometry.square_names)
    legal = [state.action_text(a) for a in session.game.legal_actions()] or ["a1"]
    square = st.sampled_from(names + ["z9", "a0", ""])
    letter = st.sampled_from(list(PIECE_LETTERS))
    with_result = st.tuples(st.sampled_from(legal), letter).map(lambda t: f"{t[0]}({t[1]})")
    capture = st.tuples(square, square, letter).map(lambda t: f"{t[0]}x{t[1]}({t[2]})")
    swap = st.tuples(square, square, st.integers(-1, 9)).map(lambda t: f"{t[0]}={t[1]}^{t[2]}")
    carry = st.tuples(square, st.sampled_from("-x"), square, st.integers(-1, 9)).map(
        lambda t: f"{t[0]}{t[1]}{t[2]}+{t[3]}")
    plain = st.tuples(square, st.sampled_from(["-", "x", "", " - "]), square).map(lambda t: "".join(t))
    text = st.one_of(st.sampled_from(legal), with_result, capture, swap, carry, plain, square, nasty_text)
    return st.one_of(text.map(lambda t: (None, t)), st.tuples(square, square))


def session_of(variant: str, seed: int, plies: int) -> Session:
    session = Session()
    session.handle({"cmd": "new_game", "args": {"variant": variant, "seed": seed % 1000,
                                                "players": {"1": "human", "2": "human"}}})
    rng = random.Random(seed)
    game = session.game
    while not game.is_over() and len(game.moves) < plies:
        game.play(rng.choice(game.legal_actions()))
    return session


@pytest.mark.parametrize("variant", variant_names())
@budget("explain")
@given(data=st.data(), seed=st.integers(0, 2**32), plies=st.integers(0, 120))
def test_explain_and_play_agree_on_every_input(variant, data, seed, plies):
    """Whatever play refuses, explain gives as not legal with play's reason; whatever play accepts is legal."""
    session = session_of(variant, seed, plies)
    frm, to = data.draw(move_texts(session, random.Random(seed)))
    before = session.game.record_text()
    args = {"to": to} if frm is None else {"from": frm, "to": to}
    explained = session.handle({"cmd": "explain", "args": args})
    assert explained["ok"], explained["error"]  # explain never fails, whatever the move
    assert session.game.record_text() == before
    move = to if frm is None or frm == to else f"{frm}-{to}"
    played = session.handle({"cmd": "play", "args": {"move": move}})
    reason = explained["result"]["reason"]
    assert (reason is None) == played["ok"], (move, explained, played)
    if played["ok"]:
        return
    one_clean_line(played["error"])
    assert session.game.record_text() == before
    names = session.game.state.geometry.square_names
    square = to.strip().lower()
    if frm is None and square in names and session.game.state.square_text(names.index(square)) not in (None, "x") \
            and not session.game.is_over():
        return  # a click on a piece that cannot act: explain says why the piece cannot (not yours, no move)
    if frm is None and square in names and session.game.state.square_text(names.index(square)) is None \
            and not session.game.is_over() and explained["result"].get("code") == "move.no_piece":
        # a click on an empty square where a square alone is no action (Cheight): explain says it is empty
        assert explained["result"]["params"] == {"sq": square} and played["code"] == "stack.not_an_action"
        return
    expected = played["params"]["reason"] if played.get("code") == "move.refused" else {
        "code": played.get("code"), "text": played["error"]}
    assert explained["result"].get("code") == expected["code"] and reason == expected["text"], (move, explained, played)


# -- Game.replay with results that are not pieces (issue 35) -----------------------------------------------------

not_pieces = st.one_of(st.floats(allow_nan=True), st.booleans(), st.text(max_size=8), st.integers(2**40, 2**80),
                       st.integers(-2**80, -1), st.integers(17, 2**40), st.binary(max_size=3),
                       st.lists(st.integers(0, 15), max_size=2), st.complex_numbers(max_magnitude=20))


@pytest.mark.parametrize("variant", variant_names())
@budget("outcomes")
@given(seed=st.integers(0, 2**32), outcome=not_pieces, plies=st.integers(0, 40))
def test_replay_refuses_results_that_are_not_pieces_and_changes_nothing(variant, seed, outcome, plies):
    game = session_of(variant, seed, plies).game
    actions = game.legal_actions()
    if not actions:
        return
    action = random.Random(seed).choice(actions)
    before = game_snapshot(game, last=True)
    with pytest.raises(HdchessError) as refused:
        game.replay(action, outcome)
    one_clean_line(str(refused.value))
    assert game_snapshot(game, last=True) == before


@budget("outcomes")
@given(outcome=st.one_of(st.none(), st.integers(-5, 20)))
def test_replay_takes_a_whole_number_result_only_when_the_pool_has_it(outcome):
    game = Game(seed=1)
    pool = dict(game.state.chance_outcomes(game.state.parse_action("c2")[0]))
    before = game_snapshot(game, last=True)
    try:
        played = game.replay("c2", outcome)
    except HdchessError:
        assert outcome is not None and outcome not in pool
        assert game_snapshot(game, last=True) == before
        return
    assert outcome is None or played.revealed == outcome
