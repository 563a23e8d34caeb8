"""Remote play between two in-process peers (hdchess/remote, web/docs/remote.md): whole games of every
game with both transcripts verified, offers, resignation, canned lines, clocks and claims."""

import json
import random

import pytest
from remote_support import FakeTime

from hdchess.bridge.protocol import Session
from hdchess.remote.clocks import CLAIM_GRACE_MS
from hdchess.remote.loopback import Loopback
from hdchess.remote.session import ABANDON_AFTER_S, Unavailable

_SET_UP: dict[tuple[str, str], Loopback] = {}


def set_up(variant="hdc2", clock=None):
    """A pair just past its set-up (made once per game and clock, then copied: set-up costs modexps)."""
    key = (variant, json.dumps(clock))
    if key not in _SET_UP:
        pair = Loopback(variant, clock=clock)
        pair.deliver()
        _SET_UP[key] = pair
    return _SET_UP[key]


def fresh(variant="hdc2", clock=None, now=None):
    return set_up(variant, clock).copy(now)


def play_out(pair, seed=1, limit=2000):
    rng = random.Random(seed)
    while pair.host.phase == "playing" and limit:
        side = pair.sides[pair.side_to_act()]
        pair.act(rng.choice(side.game.legal_actions()))
        limit -= 1


def types(pair, role):
    return [e["type"] for e in pair.events[role]]


@pytest.mark.parametrize("variant", ["hdc2", "banqi", "gaiqi", "cheight"])
def test_a_whole_game_of_each_game_ends_verified_by_both(variant):
    pair = Loopback(variant, names=("Ann", "Bo"))
    pair.deliver()
    assert {pair.host.me, pair.guest.me} == {1, 2}
    assert types(pair, "host") == ["started"] and types(pair, "guest") == ["started"]
    play_out(pair, seed=len(variant))
    for role in ("host", "guest"):
        assert pair.sides[role].phase == "verified", pair.events[role][-3:]
        assert types(pair, role)[-2:] == ["game_over", "verified"]
        assert "refused" not in types(pair, role) and "cheat" not in types(pair, role)
    host_game, guest_game = pair.host.game, pair.guest.game
    assert [m.text for m in host_game.moves] == [m.text for m in guest_game.moves]
    assert host_game.outcome == guest_game.outcome
    record = host_game.record_text()
    assert record == guest_game.record_text()
    assert '[Event "hdchess remote game"]' in record
    assert f'[Player{pair.host.me} "Ann"]' in record and f'[Player{pair.guest.me} "Bo"]' in record
    flips = [m for m in host_game.moves if m.revealed is not None]
    assert (len(flips) > 0) == (variant != "cheight")


def test_no_face_down_piece_is_known_to_either_side_before_its_flip():
    pair = fresh()
    for _ in range(6):
        pair.act(random.Random(len(pair.host.game.moves)).choice(pair.sides[pair.side_to_act()].game.legal_actions()))
    for side in pair.sides.values():
        flipped = {m.squares[1] for m in side.game.moves if m.revealed is not None}
        names = side.game.state.geometry.square_names
        assert {names[slot] for slot in side.deal.opened} == flipped
        assert len(side.revealed) == len(flipped)  # no card was opened but the flipped ones


def test_a_gaiqi_blind_capture_opens_its_card_from_the_deck():
    pair = fresh("gaiqi")
    for _ in range(32):
        side = pair.sides[pair.side_to_act()]
        state = side.game.state
        blind = [a for a in side.game.legal_actions() if state.is_chance(a) and state.action_info(a).kind == "capture"]
        if blind:
            pair.act(blind[0])
            break
        pair.act(next(a for a in side.game.legal_actions() if state.action_info(a).kind == "flip"))
    moves = [side.game.moves[-1] for side in pair.sides.values()]
    assert moves[0] == moves[1] and moves[0].kind == "capture" and moves[0].revealed is not None
    assert all(len(side.revealed) == len([m for m in side.game.moves if m.revealed is not None])
               for side in pair.sides.values())


def test_a_flip_is_shown_only_when_the_peer_replies():
    pair = fresh()
    role = pair.side_to_act()
    mover = pair.sides[role]
    reply = mover.act("c2")
    assert mover.status()["pending"] == "c2" and not mover.game.moves
    with pytest.raises(Unavailable, match="waiting for the peer's reply to c2"):
        mover.act("d2")
    pair.post(role, reply)
    pair.deliver()
    assert mover.status()["pending"] is None and mover.game.moves[0].squares[1] == "c2"
    assert pair.events[role][-1]["type"] == "flip_revealed"
    other = "guest" if role == "host" else "host"
    assert [e["type"] for e in pair.events[other]][-2:] == ["opponent_moved", "flip_revealed"]


def test_the_opener_is_who_the_host_chose_or_the_coin():
    for first, host_number in (("host", 1), ("guest", 2)):
        pair = Loopback("cheight", first=first)
        pair.deliver()
        assert pair.host.me == host_number and pair.guest.me == 3 - host_number


def test_a_draw_offer_accepted_ends_the_game_and_both_verify():
    pair = fresh()
    pair.act("c2")
    role = pair.side_to_act()
    other = "guest" if role == "host" else "host"
    pair.post(role, pair.sides[role].offer_to_peer("draw"))
    pair.deliver()
    assert types(pair, other)[-1] == "draw_offered"
    pair.post(other, pair.sides[other].answer("draw", True))
    pair.deliver()
    for side in pair.sides.values():
        assert side.phase == "verified"
        assert side.game.outcome.winner is None and side.game.outcome.termination.value == "draw agreed"


def test_a_takeback_accepted_undoes_the_askers_turn_on_both_sides():
    pair = fresh("cheight")
    pair.act("a2-a3")
    asker = "host" if pair.host.me == 1 else "guest"
    other = "guest" if asker == "host" else "host"
    pair.act(pair.sides[other].game.legal_actions()[0])
    pair.post(asker, pair.sides[asker].offer_to_peer("takeback"))
    pair.deliver()
    assert types(pair, other)[-1] == "takeback_asked"
    pair.post(other, pair.sides[other].answer("takeback", True))
    pair.deliver()
    for role in ("host", "guest"):
        assert pair.sides[role].game.moves == [] and types(pair, role)[-1] == "took_back"
    pair.act("a2-a3")  # play goes on, and the game still verifies at the end
    play_out(pair)
    assert pair.host.phase == pair.guest.phase == "verified"


def test_a_takeback_declined_changes_nothing():
    pair = fresh("cheight")
    pair.act("a2-a3")
    asker = "host" if pair.host.me == 1 else "guest"
    other = "guest" if asker == "host" else "host"
    pair.post(asker, pair.sides[asker].offer_to_peer("takeback"))
    pair.deliver()
    pair.post(other, pair.sides[other].answer("takeback", False))
    pair.deliver()
    assert pair.events[asker][-1]["message"]["text"] == "the peer declined"
    assert len(pair.host.game.moves) == len(pair.guest.game.moves) == 1


def test_an_offer_that_crosses_the_peers_move_lapses_on_both_sides():
    """The side to move moves while the other's draw offer is on its way: the offer was made on a position
    that is gone, so neither side keeps it (and the one that moved is told), and play goes on."""
    pair = fresh("cheight")
    pair.act("a2-a3")
    mover = pair.side_to_act()
    waiting = "guest" if mover == "host" else "host"
    pair.post(waiting, pair.sides[waiting].offer_to_peer("draw"))  # both on the wire at once
    pair.post(mover, pair.sides[mover].act(pair.sides[mover].game.legal_actions()[0]))
    pair.deliver()
    assert pair.host.offer is None and pair.guest.offer is None
    assert types(pair, mover)[-1] == "offer_lapsed"
    assert pair.events[mover][-1]["message"]["code"] == "remote.offer_crossed"
    assert len(pair.host.game.moves) == len(pair.guest.game.moves) == 2
    play_out(pair)
    assert pair.host.phase == pair.guest.phase == "verified"


def test_two_offers_that_cross_are_both_withdrawn():
    pair = fresh("cheight")
    pair.act("a2-a3")
    pair.post("host", pair.host.offer_to_peer("draw"))
    pair.post("guest", pair.guest.offer_to_peer("takeback" if pair.guest.me == 1 else "draw"))
    pair.deliver()
    assert pair.host.offer is None and pair.guest.offer is None
    for role in ("host", "guest"):
        assert pair.events[role][-1]["message"]["code"] == "remote.offers_crossed"
    play_out(pair)
    assert pair.host.phase == pair.guest.phase == "verified"


def test_whoever_offers_waits_for_the_answer_before_moving():
    """An action made while an answer may be on its way would cross it, and the sides would disagree
    (a takeback counted from different positions): the offerer's move waits for the answer."""
    pair = fresh("cheight")
    pair.act("a2-a3")
    pair.act(pair.sides[pair.side_to_act()].game.legal_actions()[0])
    asker = pair.side_to_act()
    other = "guest" if asker == "host" else "host"
    pair.post(asker, pair.sides[asker].offer_to_peer("takeback"))
    with pytest.raises(Unavailable) as refused:
        pair.sides[asker].act(pair.sides[asker].game.legal_actions()[0])
    assert refused.value.args[0].code == "remote.offer_waiting"
    pair.deliver()
    pair.post(other, pair.sides[other].answer("takeback", False))
    pair.deliver()
    pair.act(pair.sides[asker].game.legal_actions()[0])  # answered: the move is made
    assert len(pair.host.game.moves) == len(pair.guest.game.moves) == 3


def test_a_resignation_ends_the_game_for_both_and_both_verify():
    pair = fresh()
    pair.act("c2")
    pair.act("d2")
    role = pair.side_to_act()
    pair.post(role, pair.sides[role].resign())
    pair.deliver()
    loser_color = pair.sides[role].game.player_color(pair.sides[role].me)
    for side in pair.sides.values():
        assert side.phase == "verified"
        assert side.game.outcome.winner == 1 - loser_color
        assert side.game.outcome.termination.value == "resignation"


def test_canned_lines_only():
    pair = fresh("cheight")
    pair.post("host", pair.host.say("good_luck"))
    pair.deliver()
    event = pair.events["guest"][-1]
    assert event["type"] == "chat" and event["line"] == "good_luck" and event["message"]["text"] == "Good luck!"
    assert event["message"]["code"] == "remote.line.good_luck"
    with pytest.raises(Unavailable, match="is not a canned line"):
        pair.host.say("you are a cheat")


def test_a_movers_reading_can_lower_its_clock_but_never_give_back_time_the_receiver_saw_pass():
    now = FakeTime()
    pair = fresh("cheight", clock={"initial_ms": 60_000, "increment_ms": 0}, now=now)
    mover = pair.sides[pair.side_to_act()]
    me = mover.me
    now.t += 5
    reply = mover.act("a2-a3")
    assert mover.clocks.left[me] == 55_000
    other = "guest" if mover is pair.host else "host"
    doctored = [text.replace('"clock":55000', '"clock":59000') for text in reply.messages]
    now.t += 0.5  # the network: the receiver measured 5.5 s
    pair.post(other, pair.sides[other].receive(doctored[0]))
    assert pair.sides[other].clocks.left[me] == 54_500  # 59 s claimed, the 5.5 s measured kept
    assert pair.sides[other].status()["running"] == 3 - me


def test_a_peer_cannot_drain_your_clock_by_reporting_it_low():
    """Issue 47: a peer that says, with every move, that your clock is at zero and its own full took 3 s a move
    of yours and gave itself 3 s back; your clock is only what your side measured."""
    now = FakeTime()
    pair = fresh("cheight", clock={"initial_ms": 60_000, "increment_ms": 0}, now=now)
    liar = pair.side_to_act()
    honest = "guest" if liar == "host" else "host"
    for _ in range(10):
        now.t += 1  # the liar thinks 1 s a move, the honest side none
        reply = pair.sides[liar].act(pair.sides[liar].game.legal_actions()[0])
        lie = json.loads(reply.messages[0]) | {"clock": 60_000, "peer_clock": 0}
        pair.post(honest, pair.sides[honest].receive(json.dumps(lie)))
        assert pair.events[honest][-1]["type"] == "opponent_moved"
        pair.wire.clear()
        pair.post(honest, pair.sides[honest].act(pair.sides[honest].game.legal_actions()[0]))
        pair.deliver()
    side = pair.sides[honest]
    assert side.clocks.left[side.me] == 60_000  # thought for 0 s: all its time left
    assert side.clocks.left[side.peer] == 50_000  # the liar used 10 s


def test_a_peer_that_stops_answering_loses_on_time_when_clocks_run():
    now = FakeTime()
    pair = fresh("cheight", clock={"initial_ms": 10_000, "increment_ms": 0}, now=now)
    pair.act("a2-a3")
    waiting = pair.sides["host" if pair.side_to_act() == "guest" else "guest"]
    now.t += 5
    with pytest.raises(Unavailable, match="the peer still has 5 s on its clock"):
        waiting.claim()
    now.t += 6  # out on this side's clock: the claim waits for the network's share
    with pytest.raises(Unavailable, match="the claim comes in 2 s"):
        waiting.claim()
    now.t += CLAIM_GRACE_MS / 1000
    assert waiting.status()["claimable"]
    reply = waiting.claim()
    assert waiting.game.outcome.termination.value == "time forfeit"
    assert waiting.game.outcome.winner == waiting.game.player_color(waiting.me)
    assert "claim" in reply.messages[0]


def test_with_no_clocks_a_silent_peer_can_be_claimed_to_have_abandoned_after_the_wait():
    now = FakeTime()
    pair = fresh("cheight", now=now)
    pair.act("a2-a3")
    waiting = pair.sides["host" if pair.side_to_act() == "guest" else "guest"]
    now.t += ABANDON_AFTER_S - 10
    with pytest.raises(Unavailable, match="abandoned after 10 more seconds"):
        waiting.claim()
    now.t += 10
    waiting.claim()
    assert waiting.game.outcome.termination.value == "abandoned"
    mover = pair.sides[pair.side_to_act()]
    with pytest.raises(Unavailable, match="the peer owes no move or reply"):
        mover.claim()  # the side to act cannot claim against a peer that owes nothing


def test_the_bridge_commands_play_a_remote_game_through_json():
    host, guest = Session(), Session()

    def call(session, cmd, **args):
        reply = session.handle({"cmd": cmd, "args": args})
        assert reply["ok"], reply
        return json.loads(json.dumps(reply["result"]))  # what the page gets

    out = call(host, "remote_host", variant="cheight", name="Ann", first="host", clock=None)
    assert out["remote"]["phase"] == "setup" and len(out["messages"]) == 1
    call(guest, "remote_join", name="Bo")
    to_guest, to_host = list(out["messages"]), []
    while to_guest or to_host:
        for text in to_guest:
            to_host += call(guest, "remote_receive", message=text)["messages"]
        to_guest = []
        for text in to_host:
            to_guest += call(host, "remote_receive", message=text)["messages"]
        to_host = []
    out = call(host, "remote_act", move="a2-a3")
    assert out["view"]["moves"][0]["text"] == "a2-a3" and out["view"]["players"] == {"1": "human", "2": "remote"}
    seen = call(guest, "remote_receive", message=out["messages"][0])
    assert seen["events"][0]["type"] == "opponent_moved" and seen["remote"]["my_turn"]
    refused = host.handle({"cmd": "remote_act", "args": {"move": "b2-b3"}})
    assert not refused["ok"] and refused["error"] == "it is the peer's turn"
    garbage = call(host, "remote_receive", message="{not json")
    assert garbage["events"][0]["type"] == "refused"
    assert garbage["events"][0]["message"]["text"] == "the peer's message was refused: it is not valid JSON"
    why = call(host, "remote_explain", **{"from": "a3", "to": "a5"})
    assert why["reason"]
    saved = call(guest, "remote_save")["saved"]
    back = call(Session(), "remote_resume", saved=saved)
    assert back["view"]["moves"] == seen["view"]["moves"] and json.loads(back["messages"][0])["kind"] == "resume"


def test_remote_commands_without_a_remote_game_are_refused_with_a_reason():
    session = Session()
    for cmd in ("remote_act", "remote_receive", "remote_save", "remote_claim"):
        reply = session.handle({"cmd": cmd, "args": {"move": "c2"} if cmd == "remote_act" else {}})
        assert not reply["ok"] and reply["error"] == "there is no remote game: host or join one first", cmd
    bad = session.handle({"cmd": "remote_host", "args": {"variant": "chess"}})
    assert not bad["ok"] and "chess" in bad["error"]
    bad = session.handle({"cmd": "remote_host", "args": {"clock": {"initial_ms": -1, "increment_ms": 0}}})
    assert not bad["ok"] and "clock.initial_ms" in bad["error"]


def test_a_claim_is_taken_only_when_the_claimed_sides_own_view_agrees():
    now = FakeTime()
    pair = fresh("cheight", now=now)
    pair.act("a2-a3")
    idle = pair.side_to_act()
    claimer = "host" if idle == "guest" else "guest"
    early = pair.sides[claimer]
    forged = json.dumps({"v": 1, "seq": len(early.sent) + 1, "kind": "claim", "claim": "abandon"})
    pair.post(idle, pair.sides[idle].receive(forged))  # a peer claiming at once is refused
    assert pair.events[idle][-1]["type"] == "refused" and pair.sides[idle].phase == "playing"
    now.t += ABANDON_AFTER_S
    pair.post(claimer, early.claim())
    pair.deliver()
    for side in pair.sides.values():  # the idle side, back, agrees it abandoned: both verify the game
        assert side.phase == "verified" and side.game.outcome.termination.value == "abandoned"
    assert pair.sides[claimer].game.outcome.winner == pair.sides[claimer].game.player_color(pair.sides[claimer].me)


def test_each_side_charges_the_network_to_the_mover_and_no_figure_runs_behind_its_players_own():
    now = FakeTime()
    pair = fresh("cheight", clock={"initial_ms": 60_000, "increment_ms": 1000}, now=now)
    rng = random.Random(4)
    delays = 0.0
    for _ in range(12):
        now.t += rng.uniform(0.1, 4)  # thinking
        role = pair.side_to_act()
        reply = pair.sides[role].act(rng.choice(pair.sides[role].game.legal_actions()))
        delay = rng.uniform(0, 1.5)  # one way
        delays += delay
        now.t += delay
        pair.post(role, reply)
        pair.deliver()
        mover, other = pair.sides[role], pair.sides["guest" if role == "host" else "host"]
        own, seen = mover.clocks.left[mover.me], other.clocks.left[mover.me]
        assert 0 <= own - seen <= round(delays * 1000) + 12  # the other's figure: the mover's and the network's


def test_a_flip_taken_back_stays_known_and_shows_the_same_piece_again():
    pair = fresh()
    pair.act("c2")
    asker = "host" if pair.host.me == 1 else "guest"
    other = "guest" if asker == "host" else "host"
    shown = pair.host.game.moves[0].revealed
    pair.post(asker, pair.sides[asker].offer_to_peer("takeback"))
    pair.deliver()
    pair.post(other, pair.sides[other].answer("takeback", True))
    pair.deliver()
    assert pair.host.game.moves == [] == pair.guest.game.moves
    reply = pair.sides[asker].act("c2")  # no partial decryption needed: both already know this card
    assert "partial" not in json.loads(reply.messages[0])
    pair.post(asker, reply)
    pair.deliver()
    assert [side.game.moves[0].revealed for side in pair.sides.values()] == [shown, shown]
    play_out(pair)
    assert pair.host.phase == pair.guest.phase == "verified"
