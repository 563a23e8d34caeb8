"""A rematch between two remote sides (hdchess/remote/rematch.py, through the bridge's commands as the page
calls them): offered once a game is over and checked, declined or accepted by the other side; accepted, the
next game is set up afresh over the same channel (a new shuffle and commitment), the side that replied
last time opens, both names stay, and a host that tries to open again is refused."""

from __future__ import annotations

import json
from typing import Any

from hdchess.bridge.protocol import Session
from hdchess.bridge.remote import _REMOTE
from hdchess.remote.wire import decode, encode


class Pair:
    """A host's and a guest's bridge sessions and the messages between them, carried in order."""

    def __init__(self, variant: str = "hdc2") -> None:
        self.sessions = {"host": Session(), "guest": Session()}
        self.events: dict[str, list[dict[str, Any]]] = {"host": [], "guest": []}
        self.wire: list[tuple[str, str]] = []
        self.call("host", "remote_host", variant=variant, name="Ann", first="random", clock=None)
        self.call("guest", "remote_join", name="Bo")
        self.deliver()

    def call(self, role: str, cmd: str, **args: Any) -> dict[str, Any]:
        reply = self.sessions[role].handle({"cmd": cmd, "args": args})
        assert reply["ok"], reply
        out = json.loads(json.dumps(reply["result"]))  # what the page gets
        self.events[role] += out.get("events", [])
        to = "guest" if role == "host" else "host"
        self.wire += [(to, text) for text in out.get("messages", [])]
        return out

    def deliver(self) -> None:
        while self.wire:
            to, text = self.wire.pop(0)
            self.call(to, "remote_receive", message=text)

    def status(self, role: str) -> dict[str, Any]:
        return self.call(role, "remote_tick")["remote"]

    def finish(self) -> None:
        """A draw offered by the side to move and accepted; both sides verify the game."""
        mover = "host" if self.status("host")["my_turn"] else "guest"
        self.call(mover, "remote_offer", kind="draw")
        self.deliver()
        self.call("guest" if mover == "host" else "host", "remote_answer", kind="draw", accept=True)
        self.deliver()
        assert [self.status(r)["phase"] for r in ("host", "guest")] == ["verified", "verified"]

    def types(self, role: str) -> list[str]:
        return [e["type"] for e in self.events[role]]


def test_a_rematch_accepted_starts_a_fresh_fair_game_with_the_other_side_opening():
    pair = Pair()
    before = {role: pair.status(role) for role in ("host", "guest")}
    old_deck = _REMOTE[pair.sessions["host"]].decks["d3"]
    pair.finish()
    pair.call("guest", "remote_offer", kind="rematch")
    pair.deliver()
    assert "rematch_offered" in pair.types("host")
    assert pair.status("host")["offer"] == {"kind": "rematch", "from": "peer"}
    pair.call("host", "remote_answer", kind="rematch", accept=True)
    pair.deliver()
    for role in ("host", "guest"):
        now = pair.status(role)
        assert now["phase"] == "playing" and now["role"] == role
        assert now["me"] == 3 - before[role]["me"]  # who replied last time opens now
        assert now["names"][str(now["me"])] == before[role]["names"][str(before[role]["me"])]
        assert sorted(now["names"].values()) == ["Ann", "Bo"]
        assert [e for e in pair.events[role] if e["type"] == "rematch"][0]["first"] == (
            "me" if now["me"] == 1 else "peer")
        record = now["record"]
        assert f'[Player1 "{now["names"]["1"]}"]' in record and f'[Player2 "{now["names"]["2"]}"]' in record
    host = _REMOTE[pair.sessions["host"]]
    assert host.decks["d3"] != old_deck and host.first in ("host", "guest")  # a fresh shuffle, the opener fixed
    pair.finish()  # and the rematch is checked like any game


def test_a_rematch_declined_leaves_both_sides_on_the_finished_game():
    pair = Pair("cheight")
    pair.finish()
    record = pair.status("host")["record"]
    pair.call("host", "remote_offer", kind="rematch")
    pair.deliver()
    pair.call("guest", "remote_answer", kind="rematch", accept=False)
    pair.deliver()
    answered = [e for e in pair.events["host"] if e["type"] == "offer_answered"]
    assert answered[-1]["kind"] == "rematch" and answered[-1]["accept"] is False
    for role in ("host", "guest"):
        assert pair.status(role)["phase"] == "verified" and pair.status(role)["offer"] is None
        assert pair.status(role)["record"] == record
    assert "rematch" not in pair.types("host") + pair.types("guest")


def test_two_rematch_offers_that_cross_agree():
    pair = Pair("cheight")
    pair.finish()
    pair.call("host", "remote_offer", kind="rematch")
    pair.call("guest", "remote_offer", kind="rematch")
    pair.deliver()
    assert [pair.status(r)["phase"] for r in ("host", "guest")] == ["playing", "playing"]


def test_a_rematch_is_offered_only_once_the_game_is_over():
    pair = Pair("cheight")
    refused = pair.sessions["host"].handle({"cmd": "remote_offer", "args": {"kind": "rematch"}})
    assert not refused["ok"] and "once the game is over" in refused["error"]
    host = _REMOTE[pair.sessions["host"]]
    forged = encode({"v": 1, "seq": len(host.received) + 1, "kind": "offer", "offer": "rematch", "moves": 0})
    out = pair.call("host", "remote_receive", message=forged)
    assert out["events"][0]["type"] == "refused" and out["remote"]["phase"] == "playing"


def test_a_host_whose_rematch_does_not_swap_the_opener_is_refused():
    pair = Pair("cheight")
    pair.finish()
    pair.call("guest", "remote_offer", kind="rematch")
    pair.deliver()
    pair.call("host", "remote_answer", kind="rematch", accept=True)
    to_guest = [text for to, text in pair.wire if to == "guest"]
    pair.wire.clear()
    answer, hello = (decode(text) for text in to_guest)
    hello["first"] = "host" if hello["first"] == "guest" else "guest"  # the host opens again
    pair.call("guest", "remote_receive", message=encode(answer))
    out = pair.call("guest", "remote_receive", message=encode(hello))
    assert out["events"][0]["type"] == "refused"
    assert "not the rematch you accepted" in out["events"][0]["message"]["text"]
    assert out["remote"]["phase"] == "setup"
