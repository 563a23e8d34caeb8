"""A hostile peer (issue 47) gets nothing through: it cannot take your time or set the clock alone, cannot
claim while your clock runs, cannot put escapes on your screen, cannot make a saved game an internal error,
cannot make you resend the transcript again and again, and cannot slip a bool or a float in for a number.
Leaving after a flip loses, after a short, stated wait."""

import json

import pytest
from remote_support import FakeTime, fresh

from hdchess.bridge import Session
from hdchess.remote.loopback import Loopback
from hdchess.remote.remote_terminal import RemoteTerminal
from hdchess.remote.saves import resume, save
from hdchess.remote.session import FLIP_ANSWER_S, RemoteSession, Unavailable
from hdchess.remote.wire import Refused, decode, encode
from hdchess.terminal import TerminalView

MINUTE = {"initial_ms": 60_000, "increment_ms": 0}


def forge(sender, kind, **fields):
    return encode({"v": 1, "seq": len(sender.sent) + 1, "kind": kind, **fields})


def last(pair, role):
    return pair.events[role][-1]


# -- the clock: agreed by both, with sane bounds; a claim only when your own clock is out ----------------

def hello_with(clock):
    host, reply = RemoteSession.host("cheight", {}, "Ann", {"initial_ms": 600_000, "increment_ms": 5000})
    message = json.loads(reply.messages[0])
    message["clock"] = clock
    return json.dumps(message)


@pytest.mark.parametrize("clock", [{"initial_ms": 1, "increment_ms": 0}, {"initial_ms": 999, "increment_ms": 0}])
def test_a_hello_with_a_clock_out_of_bounds_is_refused(clock):
    with pytest.raises(Refused, match="its field clock is missing or wrong"):
        decode(hello_with(clock))


def test_the_guest_takes_only_the_clock_it_accepted():
    guest = RemoteSession.guest("Bo", clock={"initial_ms": 600_000, "increment_ms": 0})
    reply = guest.receive(hello_with({"initial_ms": 1000, "increment_ms": 0}))
    assert reply.events[-1]["message"]["text"] == ("the peer's message was refused: its clock (0.0166667+0) is not "
                                                   "the one you accepted (10+0)")
    assert guest.phase == "setup" and not guest.received and not reply.messages
    agreed = RemoteSession.guest("Bo", clock={"initial_ms": 600_000, "increment_ms": 5000})
    assert json.loads(agreed.receive(hello_with({"initial_ms": 600_000, "increment_ms": 5000})).messages[0])[
        "kind"] == "welcome"


def test_the_bridge_guest_names_the_clock_it_saw_in_the_invitation():
    host, guest = Session(), Session()
    hello = host.handle({"cmd": "remote_host", "args": {"variant": "cheight", "name": "Ann", "clock": MINUTE}})
    assert guest.handle({"cmd": "remote_join", "args": {"name": "Bo", "clock": None}})["ok"]
    out = guest.handle({"cmd": "remote_receive", "args": {"message": hello["result"]["messages"][0]}})["result"]
    assert out["events"][-1]["type"] == "refused" and "not the one you accepted (-)" in out["events"][-1][
        "message"]["text"]
    bad = guest.handle({"cmd": "remote_join", "args": {"name": "Bo", "clock": {"initial_ms": 1, "increment_ms": 0}}})
    assert not bad["ok"] and "clock.initial_ms must be a whole number from 1,000" in bad["error"]


def test_a_time_claim_is_refused_while_the_claimed_sides_own_clock_still_runs():
    now = FakeTime()
    pair = fresh("cheight", clock=MINUTE, now=now)
    mover = pair.side_to_act()
    claimer = pair.sides["guest" if mover == "host" else "host"]
    now.t += 58  # 2 s left on the mover's own clock
    pair.post(mover, pair.sides[mover].receive(forge(claimer, "claim", claim="time")))
    assert last(pair, mover)["type"] == "refused" and pair.sides[mover].phase == "playing"
    now.t += 2
    pair.post(mover, pair.sides[mover].receive(forge(claimer, "claim", claim="time")))
    assert pair.sides[mover].game.outcome.termination.value == "time forfeit"


def test_a_side_whose_own_clock_is_out_cannot_move():
    now = FakeTime()
    pair = fresh("cheight", clock=MINUTE, now=now)
    mover = pair.sides[pair.side_to_act()]
    now.t += 60
    with pytest.raises(Unavailable, match="your time is up"):
        mover.act("a2-a3")
    assert not mover.status()["my_turn"]  # the terminal and the page wait for the claim


# -- leaving after a flip loses --------------------------------------------------------------------------

@pytest.mark.parametrize("clock", [None, MINUTE])
def test_a_flip_left_unanswered_may_be_claimed_after_the_flip_wait(clock):
    now = FakeTime()
    pair = fresh("hdc2", clock=clock and {"initial_ms": 600_000, "increment_ms": 0}, now=now)
    pair.act("c2")  # the colours are given
    pair.act("d2")
    flipper = pair.sides[pair.side_to_act()]
    flipper.act("e2")  # the peer learns the piece first, and walks away: its answer never comes
    assert flipper.status()["flip_answer_s"] == FLIP_ANSWER_S
    now.t += FLIP_ANSWER_S - 1
    with pytest.raises(Unavailable, match="abandoned after 1 more seconds"):
        flipper.claim()
    now.t += 1
    reply = flipper.claim()
    assert flipper.game.outcome.termination.value == "abandoned"
    assert flipper.game.outcome.winner == flipper.game.player_color(flipper.me)
    assert json.loads(reply.messages[0])["claim"] == "abandon"
    # the side that did answer (at once, as every side does) refuses the same claim: it knows it did not leave
    answered = fresh("hdc2", clock=clock and {"initial_ms": 600_000, "increment_ms": 0}, now=now)
    flipper_role = answered.side_to_act()
    answerer_role = "guest" if flipper_role == "host" else "host"
    answered.act("c2")
    now.t += FLIP_ANSWER_S
    answerer = answered.sides[answerer_role]
    answered.post(answerer_role, answerer.receive(forge(answered.sides[flipper_role], "claim", claim="abandon")))
    assert last(answered, answerer_role)["type"] == "refused" and answerer.phase == "playing"


def test_walking_away_from_the_first_flip_ends_the_game_drawn_abandoned():
    """Nobody has a colour before the first flip's piece is shown: no winner, and no game for the walker."""
    now = FakeTime()
    pair = fresh("hdc2", now=now)
    flipper = pair.sides[pair.side_to_act()]
    flipper.act("c2")
    now.t += FLIP_ANSWER_S
    flipper.claim()
    assert flipper.game.outcome.termination.value == "abandoned" and flipper.game.outcome.winner is None
    assert resume(save(flipper)).game.outcome == flipper.game.outcome


# -- the peer's words, printable only ----------------------------------------------------------------------

ESCAPES = "\x1b[2J\x1b]0;owned\x07Bo\u202e"


def test_a_peers_name_with_terminal_escapes_reaches_the_screen_as_printable_text():
    pair = Loopback("cheight", first="host", names=("Ann", "Ann"))
    hello = json.loads(pair.wire[0][1])
    guest = RemoteSession.guest("Bo")
    welcome = json.loads(guest.receive(json.dumps(hello | {"name": ESCAPES})).messages[0])
    assert guest.names["host"] == "[2J]0;ownedBo"
    pair.host.receive(json.dumps(welcome | {"name": ESCAPES}))
    assert pair.host.names["guest"] == "[2J]0;ownedBo" and pair.host.game.tags["Player2"] == "[2J]0;ownedBo"
    lines = []
    terminal = RemoteTerminal(None, pair.host, TerminalView(letters=True), out=lines.append)
    terminal.show({"type": "started", "first": "me"})
    terminal.show({"type": "refused", "message": {"text": "it plays \x1b[31mx"}})
    assert lines and all(line.isprintable() for line in lines), lines


def test_the_bridge_keeps_only_printable_names():
    session = Session()
    out = session.handle({"cmd": "remote_join", "args": {"name": ESCAPES}})
    assert out["ok"] and out["result"]["remote"]["role"] == "guest"
    saved = session.handle({"cmd": "remote_save", "args": {}})["result"]["saved"]
    assert saved["names"]["guest"] == "[2J]0;ownedBo"


# -- a saved game: every field checked, named ---------------------------------------------------------------

CORRUPTIONS = [
    ("variant", ""), ("offer", "x"), ("offer", {"kind": "draw", "from": "nobody"}), ("me", True), ("me", 1.0),
    ("clocks", {"initial_ms": 1}), ("pending", {"text": "c2", "card": 99, "ply": 0, "partial": "2"}),
    ("history", [["act", 1, "z9"]]), ("names", []), ("chat", [{"from": "peer", "line": "\x1b[2J"}]),
    ("revealed", {"0": 99}), ("sent", ["{not json"]), ("keys_sent", 1), ("phase", "won"), ("decks", {"d4": []}),
]


@pytest.mark.parametrize("field, value", CORRUPTIONS)
def test_a_corrupted_saved_game_is_refused_with_the_field_it_names(field, value):
    saved = save(fresh().guest)
    saved[field] = value
    reply = Session().handle({"cmd": "remote_resume", "args": {"saved": saved}})
    assert not reply["ok"]
    assert reply["error"] == f"the saved remote game cannot be resumed: its field {field} is missing or wrong"
    assert reply["code"] == "remote.bad_save"


def test_a_missing_field_is_named_too():
    saved = save(fresh().guest)
    del saved["turn_since"]
    reply = Session().handle({"cmd": "remote_resume", "args": {"saved": saved}})
    assert not reply["ok"] and "its field turn_since is missing" in reply["error"]


# -- resume: answered once a connection ------------------------------------------------------------------

def test_a_second_resume_on_the_same_connection_is_refused():
    pair = fresh()
    pair.act("c2")
    resume_text = encode({"v": 1, "seq": 0, "kind": "resume", "received": 0})
    first = pair.host.receive(resume_text)
    assert len(first.messages) == len(pair.host.sent) and first.events[-1]["type"] == "resumed"
    again = pair.host.receive(resume_text)
    assert not again.messages and again.events[-1]["message"]["text"] == (
        "the peer's message was refused: this connection's resume was already answered")
    back = resume(save(pair.host))  # a new connection resumes a session of its own: answered again
    assert len(back.receive(resume_text).messages) == len(pair.host.sent)


# -- types, strictly ------------------------------------------------------------------------------------

@pytest.mark.parametrize("version", ["true", "1.0"])
def test_a_version_that_only_equals_one_in_python_is_refused(version):
    text = '{"v": ' + version + ', "seq": 1, "kind": "resign"}'
    with pytest.raises(Refused, match="it speaks protocol version"):
        decode(text)


@pytest.mark.parametrize("to_player", [True, 1.0, "1"])
def test_undo_to_player_takes_only_the_whole_number_1_or_2(to_player):
    session = Session()
    assert session.handle({"cmd": "new_game", "args": {"variant": "cheight"}})["ok"]
    session.handle({"cmd": "play", "args": {"move": "a2-a3"}})
    reply = session.handle({"cmd": "undo", "args": {"to_player": to_player}})
    assert not reply["ok"] and "to_player must be 1 or 2" in reply["error"]
    assert session.handle({"cmd": "view", "args": {}})["result"]["ply"] == 1


def test_resign_takes_only_the_whole_number_1_or_2():
    session = Session()
    session.handle({"cmd": "new_game", "args": {"variant": "cheight"}})
    reply = session.handle({"cmd": "resign", "args": {"player": True}})
    assert not reply["ok"] and "resign: player must be 1 or 2" in reply["error"]
