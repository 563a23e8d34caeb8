"""A hostile peer, fuzzed (issue 47): hypothesis sends an honest session the remote messages of every phase
(the set-up's hello, welcome and start; a flip and its answer; moves, offers and answers, claims, resume,
the keys at the end), each a real message as it is, with a field changed (to any JSON, or to a number of
the group that lies), dropped or swapped, its number or kind changed, or any JSON at all. Whatever
arrives: no crash, no internal error, nothing changed by a refused message (the whole saved state is the
same), a lie stops the game with the board as it was, and a flip shows only the piece the deck holds,
never one the fuzzer chose."""

import json
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hdchess.remote.group import P, to_hex
from hdchess.remote.loopback import Loopback
from hdchess.remote.saves import resume, save
from hdchess.remote.wire import FIELDS, encode

CASES = 400  # in the normal (derandomized) suite: 14 s on a busy 2-core machine
T0 = 1_000_000.0


def now() -> float:
    return T0 + 300  # every wait is long past: a claim is judged by the rules, not by the time


@dataclass
class Case:
    """One phase: the receiving side's saved state, the real message the peer sends there, and for a flip
    the piece the deck gives it."""

    name: str
    role: str
    saved: str
    base: dict
    square: str | None = None
    piece: str | None = None


def _saved(side) -> str:
    return json.dumps(save(side))


def _cases() -> list[Case]:
    at = [T0]
    clock = lambda: at[0]  # noqa: E731
    cases = []
    pair = Loopback("cheight", first="host", clock={"initial_ms": 60_000, "increment_ms": 0}, now=clock)

    def step(name: str) -> None:
        """The next message on the wire: a case of its receiver, then delivered."""
        to, text = pair.wire.pop(0)
        cases.append(Case(name, to, _saved(pair.sides[to]), json.loads(text)))
        pair.post(to, pair.sides[to].receive(text))

    step("hello")
    step("welcome")
    step("start")
    pair.post("host", pair.host.act("a2-a3"))
    step("act")
    pair.post("guest", pair.guest.offer_to_peer("draw"))
    step("offer")
    pair.post("host", pair.host.answer("draw", False))
    step("answer")
    pair.post("guest", pair.guest.say("good_luck"))
    step("chat")
    cases.append(Case("resume", "host", _saved(pair.host), {"v": 1, "seq": 0, "kind": "resume", "received": 0}))
    claim = {"v": 1, "seq": len(pair.host.sent) + 1, "kind": "claim", "claim": "time"}
    cases.append(Case("claim", "guest", _saved(pair.guest), claim))
    pair.post("host", pair.host.resign())
    step("resign")
    step("keys")  # the host's keys, to the guest that has just seen the resignation
    cases += _flip_cases()
    return cases


def _flip_cases() -> list[Case]:
    """hdc2: the peer's flip (its partial decryption and key) and the answer to this side's flip."""
    deal = Loopback("hdc2", first="host")
    deal.deliver()
    reply = deal.host.act("c2")
    act = reply.messages[0]
    cases = [Case("flip", "guest", _saved(deal.guest), json.loads(act), "c2")]
    answer = deal.guest.receive(act)
    piece = _piece(deal.guest, "c2")
    cases[0].piece = piece
    cases.append(Case("reveal", "host", _saved(deal.host), json.loads(answer.messages[0]), "c2", piece))
    return cases


def _piece(side, square: str) -> int | None:
    """The piece the deal opened on ``square`` (None: still face down)."""
    return side.deal.opened.get(side.game.state.geometry.square_names.index(square))


CASES_BY_PHASE = _cases()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=24)
    | st.sampled_from(["0", "1", "2", to_hex(P - 1), to_hex(P + 1), "ff" * 300, "c2", "a2-a3", "draw", "time",
                       "abandon", "host", "\x1b[2J", 1.0, True, -1, 10**6, 2**63]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=8)


@st.composite
def hostile(draw) -> tuple[Case, str]:
    """A case and the text the fuzzer sends there."""
    case = draw(st.sampled_from(CASES_BY_PHASE))
    message = dict(case.base)
    op = draw(st.sampled_from(["same", "set", "set", "element", "drop", "swap", "seq", "kind", "any"]))
    fields = sorted(message)
    hexes = [name for name in ("partial", "key", "nonce", "deck", "keys") if name in message]
    if op == "element" and hexes:  # a number of the group, well formed and false: a lie to catch
        name = draw(st.sampled_from(hexes))
        element = to_hex(draw(st.integers(2, 2**256)))
        value = message[name]
        message[name] = ([element] + value[1:] if isinstance(value, list)
                         else {**value, "cards": [element] + value["cards"][1:]} if isinstance(value, dict)
                         else element)
    elif op == "set":
        message[draw(st.sampled_from(fields + ["extra"]))] = draw(json_values)
    elif op == "drop":
        message.pop(draw(st.sampled_from(fields)))
    elif op == "swap":
        a, b = draw(st.sampled_from(fields)), draw(st.sampled_from(fields))
        message[a], message[b] = message[b], message[a]
    elif op == "seq":
        message["seq"] = message["seq"] + draw(st.integers(-3, 3))
    elif op == "kind":
        message["kind"] = draw(st.sampled_from(sorted(FIELDS)))
    else:
        return case, draw(st.one_of(st.text(max_size=200), json_values.map(json.dumps)))
    return case, encode(message) if draw(st.booleans()) else json.dumps(message)


@settings(max_examples=CASES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile())
def test_a_hostile_peer_changes_nothing_it_should_not_and_never_crashes_a_session(sent):
    case, text = sent
    side = resume(json.loads(case.saved), now)
    before = save(side)
    moves = [m.text for m in side.game.moves] if side.game else None
    reply = side.receive(text)  # raises on a crash: only HdchessError is an answer
    kinds = [event["type"] for event in reply.events]
    for event in reply.events:
        assert "internal" not in json.dumps(event.get("message", {})), event
    if kinds and all(kind == "refused" for kind in kinds):
        assert not reply.messages and save(side) == before, (case.name, text[:200])
    if "cheat" in kinds:
        assert side.phase == "cheated" and [m.text for m in side.game.moves] == moves
    if case.square and _piece(side, case.square) is not None:
        assert _piece(side, case.square) == case.piece, (case.name, text[:200])  # the deck's piece, never another
    json.dumps(side.status())  # the page can still show it
