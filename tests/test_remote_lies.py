"""Lying and broken peers (hdchess/remote, web/docs/remote.md): a false partial decryption, a swapped shuffle,
doctored decks and keys, a replayed, out-of-order or malformed message, an illegal move. Each is caught with
the reason that names it, and the honest side's game stays as it was."""

import json

import pytest

from hdchess.remote import deck, group
from hdchess.remote.loopback import Loopback
from hdchess.remote.wire import MAX_MESSAGE, encode

_PAIRS: dict[str, Loopback] = {}


def fresh(variant="hdc2", first="host"):
    """A pair past its set-up, the host opening (set-up once per game, then copied)."""
    if variant not in _PAIRS:
        pair = Loopback(variant, first=first)
        pair.deliver()
        _PAIRS[variant] = pair
    return _PAIRS[variant].copy()


def forge(sender, kind, **fields):
    """A message as ``sender`` would number its next one."""
    return encode({"v": 1, "seq": len(sender.sent) + 1, "kind": kind, **fields})


def snapshot(side):
    return (side.game.position(), [m.text for m in side.game.moves], len(side.received), dict(side.deal.opened))


def caught(pair, role):
    event = pair.events[role][-1]
    assert event["type"] == "cheat", pair.events[role][-3:]
    assert event["message"]["code"] == "remote.cheat"
    return event["message"]["params"]["reason"]


def refused(pair, role):
    event = pair.events[role][-1]
    assert event["type"] == "refused", pair.events[role][-3:]
    return event["message"]["params"]["reason"]


def card_of(side, square):
    return side.deal.slots.index(side.game.state.geometry.square_names.index(square))


def test_a_flip_with_a_false_partial_decryption_is_caught_and_reveals_nothing():
    pair = fresh()
    before = snapshot(pair.guest)
    key = pair.host.keys.card_keys[card_of(pair.host, "c2")]
    reply = pair.guest.receive(forge(pair.host, "act", action="c2", clock=None, partial=group.card_value(99),
                                     key=key))
    pair.post("guest", reply)
    assert reply.messages == []  # no partial decryption of the guest's is drawn out
    reason = caught(pair, "guest")
    assert reason["code"] == "remote.partial_mismatch" and reason["params"] == {"sq": "c2"}
    assert pair.events["guest"][-1]["message"]["text"] == ("the peer was caught: its partial decryption for c2 "
                                                           "is not the card on c2 under its key")
    assert snapshot(pair.guest) == before and pair.guest.phase == "cheated"


def test_another_cards_honest_partial_decryption_is_caught():
    pair = fresh()
    host = pair.host
    other = card_of(host, "c2") + 1
    partial = deck.partial(host.decks["d3"][other], host.keys.card_keys[other])
    pair.post("guest", pair.guest.receive(forge(host, "act", action="c2", clock=None, partial=partial,
                                                key=host.keys.card_keys[other])))
    assert caught(pair, "guest")["code"] == "remote.partial_mismatch"


def test_a_false_key_with_its_partial_decryption_opens_no_card():
    pair = fresh()
    host = pair.host
    false_key = 12345
    partial = deck.partial(host.decks["d3"][card_of(host, "c2")], false_key)
    pair.post("guest", pair.guest.receive(forge(host, "act", action="c2", clock=None, partial=partial,
                                                key=false_key)))
    reason = caught(pair, "guest")
    assert reason["text"] == "its partial decryption for c2 opens no card of the deck"


def test_a_false_partial_decryption_in_the_reply_is_caught_by_the_mover():
    pair = fresh()
    reply = pair.host.act("c2")
    pair.post("guest", pair.guest.receive(reply.messages[0]))
    to_host, text = pair.wire.pop(0)
    message = json.loads(text)
    assert message["kind"] == "reveal"
    message["partial"] = group.to_hex(group.card_value(7))
    pair.post("host", pair.host.receive(json.dumps(message)))
    assert caught(pair, "host")["code"] == "remote.partial_mismatch"
    assert pair.host.game.moves == []


def test_a_swapped_shuffle_is_caught_at_the_first_flip_of_a_swapped_card(monkeypatch):
    honest = deck.host_rekey

    def swapping(global_key, cards):
        keys, d3 = honest(global_key, cards)
        d3[0], d3[1] = d3[1], d3[0]  # two cards of its pass exchanged, its keys kept
        return keys, d3

    monkeypatch.setattr(deck, "host_rekey", swapping)
    pair = Loopback("hdc2", first="host")
    pair.deliver()
    square = pair.host.game.state.geometry.square_names[pair.host.deal.slots[0]]
    pair.post("host", pair.host.act(square))
    pair.deliver()
    reason = caught(pair, "guest")
    assert reason["code"] == "remote.false_partial" and reason["params"] == {"sq": square}
    assert pair.guest.game.moves == []


def test_published_keys_that_do_not_fit_the_guests_shuffle_are_caught_at_the_end():
    pair = fresh()
    pair.act("c2")
    keys = pair.guest.keys.card_keys
    keys[10], keys[11] = keys[11], keys[10]  # the guest lies about how it shuffled (cards never flipped)
    pair.post("guest", pair.guest.resign())
    pair.deliver()
    reason = caught(pair, "host")
    assert reason["code"] == "remote.shuffle"
    assert pair.host.game.outcome.termination.value == "resignation"  # the game's end stands, unverified


def test_published_keys_that_do_not_fit_the_hosts_pass_are_caught_at_the_end():
    pair = fresh()
    pair.act("c2")
    keys = pair.host.keys.card_keys
    keys[10], keys[11] = keys[11], keys[10]
    pair.post("host", pair.host.resign())
    pair.deliver()
    reason = caught(pair, "guest")
    assert reason["code"] == "remote.rekey"
    names = pair.guest.game.state.geometry.square_names
    assert reason["params"] == {"sq": names[pair.guest.deal.slots[10]]}


@pytest.mark.parametrize("doctor, code", [
    (lambda d: d.__setitem__(3, group.P - 1), "remote.deck_member"),  # a non-residue marks a card
    (lambda d: d.__setitem__(3, d[4]), "remote.deck_repeat"),
    (lambda d: d.pop(), "remote.deck_size"),
])
def test_a_doctored_deck_in_the_hello_is_caught_at_once(doctor, code):
    pair = Loopback("hdc2")
    to, text = pair.wire.pop(0)
    hello = json.loads(text)
    cards = [int(x, 16) for x in hello["deck"]]
    doctor(cards)
    hello["deck"] = [group.to_hex(x) for x in cards]
    reply = pair.guest.receive(json.dumps(hello))
    pair.post("guest", reply)
    assert reply.messages == [] and caught(pair, "guest")["code"] == code


def test_a_commitment_the_host_does_not_open_is_caught():
    pair = Loopback("cheight")
    to, hello = pair.wire.pop(0)
    pair.post("guest", pair.guest.receive(hello))
    to, welcome = pair.wire.pop(0)
    pair.post("host", pair.host.receive(welcome))
    to, start = pair.wire.pop(0)
    message = json.loads(start)
    message["nonce"] = "0" * 64
    pair.post("guest", pair.guest.receive(json.dumps(message)))
    assert caught(pair, "guest")["code"] == "remote.commit" and pair.guest.game is None


def test_a_replayed_message_is_refused_and_play_goes_on():
    pair = fresh()
    pair.act("c2")
    pair.act("d2")
    before = snapshot(pair.guest)
    old = pair.host.sent[2]
    pair.post("guest", pair.guest.receive(old))
    reason = refused(pair, "guest")
    assert reason["code"] == "remote.repeated" and reason["text"] == "message 3 was already received"
    assert snapshot(pair.guest) == before and pair.guest.phase == "playing"
    pair.act("e2")
    assert len(pair.guest.game.moves) == 3


def test_a_message_out_of_order_is_refused_then_taken_in_order():
    pair = fresh("cheight")
    first, second = pair.host.say("hello"), pair.host.say("good_luck")
    pair.post("guest", pair.guest.receive(second.messages[0]))
    reason = refused(pair, "guest")
    assert reason["code"] == "remote.out_of_order"
    n = len(pair.host.sent)
    assert reason["text"] == f"message {n} came before message {n - 1}"
    pair.post("guest", pair.guest.receive(first.messages[0]))
    pair.post("guest", pair.guest.receive(second.messages[0]))
    assert [e.get("line") for e in pair.events["guest"][-2:]] == ["hello", "good_luck"]


@pytest.mark.parametrize("text, said", [
    ("{not json", "it is not valid JSON"),
    ("[1, 2]", "it is not a message object"),
    ('{"v": 2, "seq": 1, "kind": "chat", "line": "hello"}', "it speaks protocol version 2, this side speaks 1"),
    ('{"v": 1, "seq": 1, "kind": "gossip"}', "gossip is not a kind of message"),
    ('{"v": 1, "seq": 1, "kind": "chat"}', "its field line is missing or wrong"),
    ('{"v": 1, "seq": 1, "kind": "chat", "line": "you cheat"}', "its field line is missing or wrong"),
    ('{"v": 1, "seq": -1, "kind": "chat", "line": "hello"}', "its field seq is missing or wrong"),
    ('{"v": 1, "seq": 1, "kind": "act", "action": 5, "clock": null}', "its field action is missing or wrong"),
    ('{"v": 1, "seq": 1, "kind": "act", "action": "c2", "clock": null, "partial": "0xzz"}',
     "its field partial is missing or wrong"),
    ('{"v": 1, "seq": 1, "kind": "chat", "line": "hello", "extra": 1}', "its field extra is missing or wrong"),
    ("x" * (MAX_MESSAGE + 1), f"it is longer than {MAX_MESSAGE} characters"),
    ('{"v": 1, "seq": 1, "kind": "act", "action": "c2", "clock": null, "partial": "' + "1" * 5000 + '"}',
     "its field partial is missing or wrong"),
])
def test_a_malformed_message_is_refused_with_its_reason_and_changes_nothing(text, said):
    pair = fresh()
    before = snapshot(pair.guest)
    text = text.replace('"seq": 1,', f'"seq": {len(pair.host.sent) + 1},')
    pair.post("guest", pair.guest.receive(text))
    assert refused(pair, "guest")["text"] == said
    assert snapshot(pair.guest) == before and pair.guest.phase == "playing"


@pytest.mark.parametrize("action, said", [
    ("c2-c3", "it played an illegal move: "),
    ("c2(K)", "it played an illegal move: c2(K): a flip's result is drawn, not chosen"),
    ("z9", "it played an illegal move: z9 is not a square"),
])
def test_an_illegal_move_is_caught_and_changes_nothing(action, said):
    pair = fresh()
    before = snapshot(pair.guest)
    pair.post("guest", pair.guest.receive(forge(pair.host, "act", action=action, clock=None, partial=None)))
    assert caught(pair, "guest")["code"] == "remote.illegal_move"
    assert pair.events["guest"][-1]["message"]["text"].startswith("the peer was caught: " + said)
    assert snapshot(pair.guest) == before


def test_a_flip_without_a_partial_decryption_is_caught():
    pair = fresh()
    pair.post("guest", pair.guest.receive(forge(pair.host, "act", action="c2", clock=None)))
    assert caught(pair, "guest")["code"] == "remote.no_partial"


def test_a_move_out_of_turn_is_refused():
    pair = fresh()
    before = snapshot(pair.host)
    pair.post("host", pair.host.receive(forge(pair.guest, "act", action="c2", clock=None, partial=1234)))
    assert refused(pair, "host")["code"] == "remote.out_of_turn"
    assert snapshot(pair.host) == before


def test_a_reveal_that_answers_no_flip_reveals_nothing():
    pair = fresh()
    guest = pair.guest
    honest = deck.partial(guest.decks["d3"][0], guest.keys.card_keys[0])
    before = snapshot(pair.host)
    pair.post("host", pair.host.receive(forge(guest, "reveal", ply=0, partial=honest, key=guest.keys.card_keys[0])))
    assert refused(pair, "host")["text"] == "a reveal message is not expected now"
    assert snapshot(pair.host) == before and pair.host.deal.opened == {}


def test_lies_made_by_doctoring_frames_in_flight_as_a_browser_test_can():
    """What a test that only sees the transport's text can do (web/docs/remote.md, Testing a lie)."""
    pair = Loopback("hdc2", first="host")
    for _ in range(2):  # hello, welcome
        to, text = pair.wire.pop(0)
        pair.post(to, pair.sides[to].receive(text))
    to, start = pair.wire.pop(0)
    message = json.loads(start)
    message["deck"][0], message["deck"][1] = message["deck"][1], message["deck"][0]  # a1's and b1's cards swapped
    pair.post("guest", pair.guest.receive(json.dumps(message)))
    act = pair.host.act("a1").messages[0]
    pair.post("guest", pair.guest.receive(act))
    reason = caught(pair, "guest")
    assert reason["text"] == "its partial decryption for a1 is not the card on a1 under its key"

    pair = fresh()
    act = json.loads(pair.host.act("c2").messages[0])
    act["partial"] = act["partial"][:-1] + ("0" if act["partial"][-1] != "0" else "1")  # one hex digit changed
    pair.post("guest", pair.guest.receive(json.dumps(act)))
    assert caught(pair, "guest")["text"] == "its partial decryption for c2 is not the card on c2 under its key"
