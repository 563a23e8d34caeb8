"""A remote game after a dropped connection or a reload (web/docs/remote.md, Resume): either side's saved
state and the resume handshake bring back the same game, which then plays to a verified end."""

import json
import random

import pytest
from remote_support import fresh

from hdchess.bridge.protocol import Session
from hdchess.remote.loopback import Loopback
from hdchess.remote.saves import SaveError, resume, save


def reconnect(pair):
    """A new channel: each side sends its resume, and what the other lacks is sent again."""
    pair.wire.clear()
    for role, side in pair.sides.items():
        pair.post(role, side.resume_message())
    pair.deliver()


def play_out(pair, seed=5):
    rng = random.Random(seed)
    while pair.host.phase == "playing":
        pair.act(rng.choice(pair.sides[pair.side_to_act()].game.legal_actions()))


def test_a_flip_lost_in_a_cut_is_sent_again_and_the_game_goes_on_to_a_verified_end():
    pair = fresh()
    pair.act("c2")
    pair.post("guest", pair.guest.act("d2"))
    pair.wire.clear()  # the connection drops with the guest's flip on the wire
    assert pair.guest.status()["pending"] == "d2" and len(pair.host.game.moves) == 1
    reconnect(pair)
    assert [m.text for m in pair.host.game.moves] == [m.text for m in pair.guest.game.moves]
    assert len(pair.host.game.moves) == 2 and pair.guest.status()["pending"] is None
    assert {"type": "resumed", "resent": 1} in pair.events["guest"]
    play_out(pair)
    assert pair.host.phase == pair.guest.phase == "verified"


def test_a_reload_resumes_from_the_saved_state_and_gets_what_it_missed():
    pair = fresh()
    pair.act("c2")
    reply = pair.guest.act("d2")
    saved_guest = json.loads(json.dumps(save(pair.guest)))  # saved before sending, as the page must; via JSON
    pair.post("guest", reply)
    pair.deliver()  # the host's answer to d2 reaches the guest's page, which closes before saving again
    pair.post("host", pair.host.act("e2"))
    pair.wire.clear()
    reloaded = Loopback.of(pair.host, resume(saved_guest))
    assert len(reloaded.guest.game.moves) == 1 and reloaded.guest.status()["pending"] == "d2"
    reconnect(reloaded)
    assert {"type": "resumed", "resent": 2} in reloaded.events["host"]
    assert reloaded.guest.game.position() == pair.host.game.position()
    assert [m.text for m in reloaded.guest.game.moves] == [m.text for m in pair.host.game.moves]
    assert len(pair.host.game.moves) == 3
    play_out(reloaded)
    assert reloaded.host.phase == reloaded.guest.phase == "verified"


def test_both_sides_reloaded_from_their_saved_states_finish_the_same_game():
    pair = fresh("gaiqi")
    for move in ("c2", "d2", "e2", "f2"):
        pair.act(move)
    saved = {role: json.loads(json.dumps(save(side))) for role, side in pair.sides.items()}
    again = Loopback.of(resume(saved["host"]), resume(saved["guest"]))
    reconnect(again)
    assert again.host.game.position() == pair.host.game.position() == again.guest.game.position()
    play_out(again)
    assert again.host.phase == again.guest.phase == "verified"


def test_a_reload_charges_the_running_clock_for_the_time_in_between():
    now = [1000.0]
    pair = fresh("cheight", clock={"initial_ms": 60_000, "increment_ms": 0}, now=lambda: now[0])
    mover = pair.sides[pair.side_to_act()]
    saved = save(mover)
    now[0] += 30
    back = resume(saved, lambda: now[0])
    assert back.status()["clocks"][str(back.me)] == 30_000


def test_a_resume_that_claims_more_than_was_sent_is_refused():
    pair = fresh("cheight")
    text = json.dumps({"v": 1, "seq": 0, "kind": "resume", "received": 99})
    pair.post("host", pair.host.receive(text))
    assert pair.events["host"][-1]["type"] == "refused"
    n = len(pair.host.sent)
    assert pair.events["host"][-1]["message"]["params"]["reason"]["text"] == (
        f"it holds 99 messages of this side, which has only {n}: this side's saved state is older than what it "
        "sent (a page must save before it sends)")


@pytest.mark.parametrize("saved", [None, {"v": 1}, {"v": 9}, "saved"])
def test_a_broken_saved_state_is_refused_with_a_reason(saved):
    with pytest.raises(SaveError):
        resume(saved)
    reply = Session().handle({"cmd": "remote_resume", "args": {"saved": saved}})
    assert not reply["ok"] and "saved remote game" in reply["error"]


def test_a_saved_state_with_a_doctored_number_is_refused():
    saved = save(fresh().guest)
    saved["decks"]["d3"][0] = "not hex"
    with pytest.raises(SaveError, match="its field decks is missing or wrong"):
        resume(saved)
