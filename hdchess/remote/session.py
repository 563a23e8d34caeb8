"""One side of a remote game: the protocol's state machine.

A :class:`RemoteSession` turns this side's requests (:meth:`act`, :meth:`offer`,
...) and the peer's messages (:meth:`receive`) into messages to send and events
to show (:class:`Reply`). Every peer message is checked before anything changes:
one that is malformed, out of order, repeated or unexpected is refused (a
``refused`` event, the game as it was); one that proves a lie (a false partial
decryption, a doctored deck, an illegal move) stops the game (a ``cheat`` event,
the board as it was before the lie). A local request that cannot be done now
raises :class:`Unavailable`. The whole state saves to a JSON object
(:mod:`.store`) and resumes from it on either side.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core import COLOR_NAMES, piece_letter
from ..errors import HdchessError
from ..game import Game, PlayedMove
from ..gamestate import Action, Termination
from ..inputs import printable
from ..messages import Message
from ..rules import Ruleset
from ..variants import load_ruleset
from . import coin, deck
from .clocks import CLAIM_GRACE_MS, Clocks
from .deal import DeckDeal
from .verify import check_transcript
from .wire import LINES, MAX_TEXT, OFFERS, VERSION, Caught, Refused, decode, encode

ABANDON_AFTER_S = 120  # no clocks: the peer owing a move or a reply this long may be claimed to have abandoned
FLIP_ANSWER_S = 20  # the peer owing the answer to this side's flip this long may be claimed to have abandoned
CLAIM_SLACK_S = 10  # the network's share: a claim of abandonment this much early is still taken
ANY_CLOCK = "any"  # a guest that takes the host's clock as it comes (the bridge's remote_join without a clock)
AGREED = Termination("draw agreed")
ABANDONED = Termination("abandoned")
Event = dict[str, Any]


class Unavailable(HdchessError):
    """A request of this side's player that cannot be carried out now (not its turn, no offer open, ...)."""


@dataclass
class Reply:
    """What a request or a peer's message gives: messages to send, in order, and events to show."""

    messages: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


def _event(name: str, message: str | None = None, **fields: Any) -> Event:
    """An event for the page: its ``type``, its fields, and a sentence to show (a message dict)."""
    event: Event = {"type": name, **fields}
    if isinstance(message, Message):
        event["message"] = message.as_dict()
    elif message is not None:
        event["message"] = {"code": None, "params": None, "text": message}
    return event


class RemoteSession:
    """This side of a remote game (``role`` "host" or "guest"). ``now`` gives wall-clock seconds."""

    def __init__(self, role: str, name: str, now: Callable[[], float] = time.time) -> None:
        self.role, self.now = role, now
        self.phase = "setup"  # setup, playing, over, verified, cheated
        self.names = {role: printable(name, MAX_TEXT)}
        self.game_id = ""
        self.variant, self.options = "", {}  # type: tuple[str, dict[str, Any]]
        self.clock_setting: dict[str, int] | None = None
        self.agreed_clock: dict[str, int] | None | str = ANY_CLOCK  # the guest's: the clock it accepted
        self.resume_answered = False  # a session serves one connection: one resume answered
        self.first = "random"
        self.me = 0  # this side's player number (1 opens), once set up
        self.nonce = coin.new_nonce()
        self.commit = ""  # the host's commitment
        self.peer_nonce = ""
        self.pieces: list[int] = []  # card index -> piece
        self.keys = deck.DeckKeys(None, [])
        self.decks: dict[str, list[int]] = {}  # "d1", "d2", "d3"
        self.partials: dict[int, dict[str, int]] = {}  # card -> {"mine", "peer", "peer_key"}
        self.revealed: dict[int, int] = {}  # card -> card index it opened to
        # ["act", player, text, text with what it revealed], ["undo", n], ["end", how, colour or None]
        self.history: list[list[Any]] = []
        self.pending: dict[str, Any] | None = None  # this side's flip waiting for the peer's partial decryption
        self.offer: dict[str, str] | None = None
        self.clocks: Clocks | None = None
        self.last_heard = now()
        self.turn_since = now()  # when the peer last began to owe a move or a reply
        self.sent: list[str] = []
        self.received: list[str] = []
        self.peer_keys: dict[str, Any] | None = None
        self.keys_sent = False
        self.cheat: Message | None = None
        self.chat: list[dict[str, str]] = []
        self.ruleset: Ruleset | None = None
        self.deal = DeckDeal([])
        self.game: Game | None = None

    # -- set-up ------------------------------------------------------------------------
    @classmethod
    def host(cls, variant: str, options: dict[str, Any], name: str, clock: dict[str, int] | None,
             first: str = "random", now: Callable[[], float] = time.time) -> tuple[RemoteSession, Reply]:
        """A host's session and its ``hello`` (raises RulesetError for a game that cannot be played)."""
        session = cls("host", name, now)
        session.ruleset = load_ruleset(variant, **options)
        session.variant, session.options, session.clock_setting, session.first = variant, options, clock, first
        session.game_id = coin.new_nonce()
        session.commit = coin.commitment(session.nonce)
        session.pieces = sorted(session.ruleset.new_state().pool_pieces())
        d1 = None
        if session.pieces:
            global_key, d1 = deck.host_encrypt(len(session.pieces))
            session.keys.global_key = global_key
            session.decks["d1"] = d1
        reply = Reply()
        session._send(reply, "hello", game=session.game_id, variant=variant, options=options, clock=clock,
                      first=first, name=name, commit=session.commit, deck=d1)
        return session, reply

    @classmethod
    def guest(cls, name: str, now: Callable[[], float] = time.time,
              clock: dict[str, int] | None | str = ANY_CLOCK) -> RemoteSession:
        """A guest's session; ``clock`` is the clock its player accepted (None: none): a ``hello`` with any
        other is refused. ``ANY_CLOCK`` takes the host's, whatever it is (within the protocol's bounds)."""
        session = cls("guest", name, now)
        session.agreed_clock = clock
        return session

    @property
    def peer_role(self) -> str:
        return "guest" if self.role == "host" else "host"

    @property
    def peer(self) -> int:
        return 3 - self.me

    def _send(self, reply: Reply, kind: str, **fields: Any) -> None:
        message = {"v": VERSION, "seq": len(self.sent) + 1, "kind": kind, **fields}
        text = encode(message)
        self.sent.append(text)
        reply.messages.append(text)

    def _on_hello(self, m: dict[str, Any], reply: Reply) -> None:
        if self.role != "guest" or self.received:
            raise Refused(Message("remote.unexpected", type="hello"))
        if self.agreed_clock != ANY_CLOCK and m["clock"] != self.agreed_clock:
            raise Refused(Message("remote.clock_not_agreed", clock=clock_text(m["clock"]),
                                  agreed=clock_text(self.agreed_clock)))
        try:
            ruleset = load_ruleset(m["variant"], **m["options"])
        except HdchessError as exc:
            raise Refused(Message("remote.bad_settings", reason=str(exc))) from None
        pieces = sorted(ruleset.new_state().pool_pieces())
        self._check_deck(m["deck"], len(pieces))
        keys, d2 = deck.guest_encrypt(m["deck"]) if pieces else ([], None)
        self.ruleset, self.pieces = ruleset, pieces
        self.game_id, self.variant, self.options = m["game"], m["variant"], m["options"]
        self.clock_setting, self.first, self.commit = m["clock"], m["first"], m["commit"]
        self.names["host"] = m["name"]
        self.keys.card_keys = keys
        if pieces and d2 is not None:
            self.decks |= {"d1": m["deck"], "d2": d2}
        self._send(reply, "welcome", game=self.game_id, name=self.names["guest"], nonce=self.nonce, deck=d2)

    def _on_welcome(self, m: dict[str, Any], reply: Reply) -> None:
        if self.role != "host" or self.received:
            raise Refused(Message("remote.unexpected", type="welcome"))
        if m["game"] != self.game_id:
            raise Refused(Message("remote.other_game"))
        self._check_deck(m["deck"], len(self.pieces))
        d3 = None
        if self.pieces:
            assert self.keys.global_key is not None
            self.keys.card_keys, d3 = deck.host_rekey(self.keys.global_key, m["deck"])
            self.decks |= {"d2": m["deck"], "d3": d3}
        self.peer_nonce = m["nonce"]
        self.names["guest"] = m["name"]
        self._send(reply, "start", nonce=self.nonce, deck=d3)
        self._begin(reply)

    def _on_start(self, m: dict[str, Any], reply: Reply) -> None:
        if self.role != "guest" or len(self.received) != 1:
            raise Refused(Message("remote.unexpected", type="start"))
        if not coin.opens(m["nonce"], self.commit):
            raise Caught(Message("remote.commit"))
        self._check_deck(m["deck"], len(self.pieces))
        if self.pieces:
            self.decks["d3"] = m["deck"]
        self.peer_nonce = m["nonce"]
        self._begin(reply)

    def _check_deck(self, cards: list[int] | None, count: int) -> None:
        if cards is None and count == 0:
            return
        if cards is None or len(cards) != count:
            raise Caught(Message("remote.deck_size", count=0 if cards is None else len(cards), cards=count))
        problem = deck.deck_problem(cards, count)
        if problem is not None:
            raise Caught(Message("remote.deck_repeat" if "same" in problem else "remote.deck_member"))

    def _host_nonce(self) -> tuple[str, str]:
        return (self.nonce, self.peer_nonce) if self.role == "host" else (self.peer_nonce, self.nonce)

    def _begin(self, reply: Reply) -> None:
        host_first = coin.host_opens(*self._host_nonce(), self.first)
        self.me = 1 if host_first == (self.role == "host") else 2
        self.game = self._new_game()
        self.phase = "playing"
        now = self.now()
        if self.clock_setting:
            self.clocks = Clocks(self.clock_setting["initial_ms"], self.clock_setting["increment_ms"])
            self.clocks.start(1, now)
        self.turn_since = self.last_heard = now
        reply.events.append(_event("started", me=self.me, first="me" if self.me == 1 else "peer",
                                   names=self.player_names()))

    def player_names(self) -> dict[str, str]:
        mine = {self.me: self.names[self.role], self.peer: self.names.get(self.peer_role, "")}
        return {str(player): mine[player] for player in (1, 2)}

    def _new_game(self) -> Game:
        assert self.ruleset is not None
        self.deal = DeckDeal(self.ruleset.new_state().chance_slots())
        game = Game(self.ruleset, deal=self.deal)
        game.tags["Event"] = "hdchess remote game"
        for player, name in self.player_names().items():
            game.tags[f"Player{player}"] = name
        return game

    # -- the peer's messages -------------------------------------------------------------
    def receive(self, text: Any) -> Reply:
        """One message from the peer: taken, refused (``refused``) or proof of a lie (``cheat``)."""
        reply = Reply()
        try:
            message = decode(text)
            if message["kind"] == "resume":
                self._on_resume(message, reply)
                return reply
            expected = len(self.received) + 1
            if message["seq"] < expected:
                raise Refused(Message("remote.repeated", seq=message["seq"]))
            if message["seq"] > expected:
                raise Refused(Message("remote.out_of_order", seq=message["seq"], expected=expected))
            if self.phase == "cheated":
                raise Refused(Message("remote.not_playing"))
            handler = getattr(self, f"_on_{message['kind']}")
            handler(message, reply)
            self.received.append(text)
            self.last_heard = self.now()
        except Refused as exc:
            reply.events.append(_event("refused", Message("remote.refused", reason=_said(exc))))
        except Caught as exc:
            self.phase = "cheated"
            self.cheat = Message("remote.cheat", reason=_said(exc))
            if self.clocks:
                self.clocks.start(None, self.now())
            reply.events.append(_event("cheat", self.cheat))
        except HdchessError as exc:  # checked before any change, like a refusal: say so, keep the game
            reply.events.append(_event("refused", Message("remote.refused", reason=_said(exc))))
        return reply

    def _playing(self, kind: str) -> Game:
        if self.phase != "playing" or self.game is None or self.game.is_over():
            raise Refused(Message("remote.unexpected", type=kind))
        return self.game

    def _on_act(self, m: dict[str, Any], reply: Reply) -> None:
        game = self._playing("act")
        if self.pending is not None:
            raise Refused(Message("remote.unexpected", type="act"))
        text = m["action"]
        if game.turn_player() != self.peer:
            raise Refused(Message("remote.out_of_turn", move=text))
        try:
            action = game.check_play(text)
        except HdchessError as exc:
            raise Caught(Message("remote.illegal_move", reason=_said(exc))) from None
        card = self.deal.card_of(game.state, action)
        if card is not None and card not in self.revealed:
            if m.get("partial") is None or m.get("key") is None:
                raise Caught(Message("remote.no_partial", sq=_square(game, action)))
            index = self._open(card, m["partial"], m["key"], game, action)
            mine = deck.partial(self.decks["d3"][card], self.keys.card_keys[card])
            self._reveal(card, index, m["partial"], m["key"], mine)
            self._send(reply, "reveal", ply=len(game.moves), partial=mine, key=self.keys.card_keys[card])
        now = self.now()
        entry = self._apply(action)
        if self.clocks:
            self.clocks.settle(self.peer, m["clock"], now, game.turn_player() != self.peer)
        self._lapse_offer_to(self.peer)
        reply.events.append(_event("opponent_moved", move=self._move_dict(entry)))
        if entry.revealed is not None:
            reply.events.append(_event("flip_revealed", move=self._move_dict(entry)))
        self._after_action(reply, now)

    def _open(self, card: int, peer_partial: int, peer_key: int, game: Game, action: Action) -> int:
        """The card index both layers give. Caught: a partial decryption that is not this side's record of the
        card under the key sent with it (a false partial decryption or a doctored deck), or that opens no card,
        or one already open."""
        if deck.partial(self.decks["d3"][card], peer_key) != peer_partial:
            raise Caught(Message("remote.partial_mismatch", sq=_square(game, action)))
        value = deck.partial(peer_partial, self.keys.card_keys[card])
        index = deck.card_values(len(self.pieces)).get(value)
        if index is None:
            raise Caught(Message("remote.false_partial", sq=_square(game, action)))
        if index in self.revealed.values():
            raise Caught(Message("remote.card_again", sq=_square(game, action)))
        return index

    def _reveal(self, card: int, index: int, peer_partial: int, peer_key: int, mine: int) -> None:
        self.partials[card] = {"mine": mine, "peer": peer_partial, "peer_key": peer_key}
        self.revealed[card] = index
        self.deal.open(self.deal.slots[card], self.pieces[index])

    def _on_reveal(self, m: dict[str, Any], reply: Reply) -> None:
        game = self._playing("reveal")
        pending = self.pending
        if pending is None or m["ply"] != pending["ply"]:
            raise Refused(Message("remote.unexpected", type="reveal"))
        action = game.check_play(pending["text"])
        card = pending["card"]
        index = self._open(card, m["partial"], m["key"], game, action)
        self._reveal(card, index, m["partial"], m["key"], pending["partial"])
        self.pending = None
        entry = self._apply(action)
        reply.events.append(_event("flip_revealed", move=self._move_dict(entry)))
        self._after_action(reply, None)

    def _apply(self, action: Action) -> PlayedMove:
        assert self.game is not None
        player = self.game.turn_player()
        plain = self.game.state.action_text(action)
        entry = self.game.play(action)
        self.history.append(["act", player, plain, entry.text])
        return entry

    def _after_action(self, reply: Reply, now: float | None) -> None:
        """After an action: whose clock runs, who owes what, and the end of the game."""
        game = self.game
        assert game is not None
        if game.is_over():
            self._finish(reply, "rules")
            return
        if now is not None and self.clocks:
            self.clocks.start(game.turn_player(), now)
        if game.turn_player() == self.peer:
            self.turn_since = now if now is not None else self.now()

    def _lapse_offer_to(self, player: int) -> None:
        """An offer lapses when the player it was made to acts instead of answering."""
        if self.offer and (self.offer["from"] == "me") == (player == self.peer):
            self.offer = None

    def _on_offer(self, m: dict[str, Any], reply: Reply) -> None:
        """An offer opens only on the position it was made on. One that crossed an action of this side (sent
        before the peer saw it) has lapsed: the peer drops it too when that action reaches it (an offer lapses
        when the player it was made to acts). Two offers that crossed are both withdrawn, on both sides alike."""
        game = self._playing("offer")
        kind = m["offer"]
        if m["moves"] != len(game.moves) or self.pending is not None:
            reply.events.append(_event("offer_lapsed", Message("remote.offer_crossed"), kind=kind))
            return
        if self.offer is not None:
            if self.offer["from"] == "me":
                self.offer = None
                reply.events.append(_event("offer_lapsed", Message("remote.offers_crossed"), kind=kind))
                return
            raise Refused(Message("remote.offer_open"))
        if kind == "takeback" and not any(move.player == self.peer for move in game.moves):
            raise Refused(Message("remote.unexpected", type="offer"))
        self.offer = {"kind": kind, "from": "peer"}
        code = "remote.draw_offered" if kind == "draw" else "remote.takeback_asked"
        reply.events.append(_event("draw_offered" if kind == "draw" else "takeback_asked", Message(code)))

    def _on_answer(self, m: dict[str, Any], reply: Reply) -> None:
        game = self._playing("answer")
        offer = self.offer
        if offer is None or offer["from"] != "me" or offer["kind"] != m["offer"]:
            raise Refused(Message("remote.unexpected", type="answer"))
        self.offer = None
        accept = m["accept"]
        reply.events.append(_event("offer_answered", Message("remote.accepted" if accept else "remote.declined"),
                                   kind=m["offer"], accept=accept))
        if accept:
            self._agreed(game, m["offer"], self.me, reply)

    def _agreed(self, game: Game, kind: str, asker: int, reply: Reply) -> None:
        if kind == "draw":
            game.adjudicate_draw(AGREED)
            self.history.append(["end", "draw", None])
            self._finish(reply, "draw")
            return
        count = _takeback(game, asker)
        self.history.append(["undo", count])
        reply.events.append(_event("took_back", count=count))
        now = self.now()
        if self.clocks:
            self.clocks.start(game.turn_player(), now)
        self.turn_since = now

    def _on_resign(self, m: dict[str, Any], reply: Reply) -> None:
        game = self._playing("resign")
        color = game.player_color(self.peer)
        if color is None:
            raise Refused(Message("resign.no_colour"))
        game.resign(color)
        self.history.append(["end", "resign", color])
        self._finish(reply, "resign")

    def _on_chat(self, m: dict[str, Any], reply: Reply) -> None:
        if self.game is None:
            raise Refused(Message("remote.unexpected", type="chat"))
        self.chat.append({"from": "peer", "line": m["line"]})
        reply.events.append(_event("chat", Message(f"remote.line.{m['line']}"), line=m["line"], **{"from": "peer"}))

    def _on_claim(self, m: dict[str, Any], reply: Reply) -> None:
        """The peer says this side lost on time or abandoned: taken only if this side's own view agrees
        (its own clock, as it measured it, is out; or, with no clocks, it owes a move and the peer's last word
        is that old)."""
        game = self._playing("claim")
        color = game.player_color(self.me)
        now = self.now()
        if m["claim"] == "time":  # this side's own clock, measured by itself, must be out
            if color is None:
                raise Refused(Message("resign.no_colour"))
            if self.clocks is None or self.clocks.reading(self.me, now) > 0:
                raise Refused(Message("remote.unexpected", type="claim"))
            game.resign(color, Termination.TIME_FORFEIT)
        else:  # never after a flip: this side answers every flip at once, so it knows it did not walk away
            i_owe = self.pending is None and game.turn_player() == self.me
            if self.clocks is not None or not i_owe or now - self.last_heard < ABANDON_AFTER_S - CLAIM_SLACK_S:
                raise Refused(Message("remote.unexpected", type="claim"))
            end_abandoned(game, color)
        self.history.append(["end", m["claim"], color])
        self._finish(reply, m["claim"])

    def _on_keys(self, m: dict[str, Any], reply: Reply) -> None:
        if self.phase != "over" or self.peer_keys is not None:
            raise Refused(Message("remote.unexpected", type="keys"))
        self.peer_keys = m["keys"]
        self._verify(reply)

    def _on_resume(self, m: dict[str, Any], reply: Reply) -> None:
        """The peer's messages after its ``received``, sent again: once per session, that is once per
        connection (each new channel resumes a session of its own), so resumes cannot ask for it all again."""
        if m["seq"] != 0:
            raise Refused(Message("remote.unexpected", type="resume"))
        if self.resume_answered:
            raise Refused(Message("remote.resume_again"))
        if m["received"] > len(self.sent):  # this side resumed from a state saved before it sent them
            raise Refused(Message("remote.resume_behind", received=m["received"], sent=len(self.sent)))
        again = self.sent[m["received"]:]
        self.resume_answered = True
        reply.messages.extend(again)
        reply.events.append(_event("resumed", resent=len(again)))

    # -- the end -----------------------------------------------------------------------
    def _finish(self, reply: Reply, how: str) -> None:
        game = self.game
        assert game is not None and game.outcome is not None
        self.phase = "over"
        self.pending, self.offer = None, None
        if self.clocks:
            self.clocks.start(None, self.now())
        reply.events.append(_event("game_over", game.outcome.describe(), outcome=str(game.outcome.describe()),
                                   how=how, record=game.record_text()))
        if not self.keys_sent:
            self.keys_sent = True
            self._send(reply, "keys", keys={"global": self.keys.global_key, "cards": self.keys.card_keys})
        self._verify(reply)

    def _verify(self, reply: Reply) -> None:
        if not (self.keys_sent and self.peer_keys is not None and self.phase == "over"):
            return
        problem = check_transcript(self)
        if problem is not None:
            raise Caught(problem)
        self.phase = "verified"
        reply.events.append(_event("verified", Message("remote.verified")))

    # -- this side's requests ----------------------------------------------------------------
    def _my_game(self) -> Game:
        if self.phase != "playing" or self.game is None:
            raise Unavailable(Message("remote.not_playing"))
        if self.game.is_over():
            raise Unavailable(Message("game.over", outcome=self.game.outcome.describe() if self.game.outcome else ""))
        if self.pending is not None:
            raise Unavailable(Message("remote.pending", move=self.pending["text"]))
        return self.game

    def act(self, move: str | Action) -> Reply:
        """Play this side's action. A flip waits for the peer's partial decryption (``pending``)."""
        game = self._my_game()
        if game.turn_player() != self.me:
            raise Unavailable(Message("remote.not_my_turn"))
        if self.clocks and self.clocks.reading(self.me, self.now()) <= 0:
            raise Unavailable(Message("remote.my_time_up"))
        if self.offer is not None and self.offer["from"] == "me":
            # an answer may be on its way: an action now would cross it, and the two sides would disagree
            raise Unavailable(Message("remote.offer_waiting"))
        action = game.check_play(move)
        text = game.state.action_text(action)
        reply = Reply()
        now = self.now()
        card = self.deal.card_of(game.state, action)
        self._lapse_offer_to(self.me)
        if card is not None and card not in self.revealed:
            mine = deck.partial(self.decks["d3"][card], self.keys.card_keys[card])
            self.pending = {"text": text, "card": card, "ply": len(game.moves), "partial": mine}
            reading = self.clocks.stop(self.me, now, True) if self.clocks else None
            if self.clocks:
                self.clocks.start(self.peer, now)
            self.turn_since = now
            self._send(reply, "act", action=text, clock=reading, partial=mine, key=self.keys.card_keys[card])
            return reply
        self._apply(action)
        reading = self.clocks.stop(self.me, now, game.turn_player() != self.me) if self.clocks else None
        self._send(reply, "act", action=text, clock=reading)
        self._after_action(reply, now)
        return reply

    def offer_to_peer(self, kind: str) -> Reply:
        game = self._my_game()
        if kind not in OFFERS:
            raise Unavailable(f"{kind!r} is not an offer (draw, takeback)")
        if self.offer is not None:
            raise Unavailable(Message("remote.offer_open"))
        if kind == "takeback" and not any(move.player == self.me for move in game.moves):
            raise Unavailable(Message("remote.no_takeback"))
        self.offer = {"kind": kind, "from": "me"}
        reply = Reply()
        self._send(reply, "offer", offer=kind, moves=len(game.moves))
        return reply

    def answer(self, kind: str, accept: bool) -> Reply:
        game = self._my_game()
        offer = self.offer
        if offer is None or offer["from"] != "peer" or offer["kind"] != kind:
            raise Unavailable(Message("remote.no_offer"))
        self.offer = None
        reply = Reply()
        self._send(reply, "answer", offer=kind, accept=accept)
        if accept:
            self._agreed(game, kind, self.peer, reply)
        return reply

    def resign(self) -> Reply:
        game = self._my_game()
        color = game.player_color(self.me)
        if color is None:
            raise Unavailable(Message("resign.no_colour"))
        game.resign(color)
        reply = Reply()
        self.history.append(["end", "resign", color])
        self._send(reply, "resign")
        self._finish(reply, "resign")
        return reply

    def say(self, line: str) -> Reply:
        if line not in LINES:
            raise Unavailable(Message("remote.unknown_line", line=str(line)[:20]))
        if self.game is None:
            raise Unavailable(Message("remote.not_playing"))
        reply = Reply()
        self.chat.append({"from": "me", "line": line})
        self._send(reply, "chat", line=line)
        reply.events.append(_event("chat", Message(f"remote.line.{line}"), line=line, **{"from": "me"}))
        return reply

    def peer_owes(self) -> bool:
        """Does the peer owe a move (its turn) or a reply (this side's flip)?"""
        game = self.game
        if self.phase != "playing" or game is None or game.is_over():
            return False
        return self.pending is not None or game.turn_player() == self.peer

    def claim_wait(self) -> Message | None:
        """Why this side cannot claim the game now (None: it can)."""
        return self._claimable()[1]

    def _claimable(self) -> tuple[str, Message | None]:
        """The claim this side could make (``time`` or ``abandon``) and why it cannot make it yet (None: it
        can). On time: once the peer's clock, as this side measured it, has been out for ``CLAIM_GRACE_MS``
        (this side's figure runs ahead of the peer's own by the network's share). Abandoned: once the peer has
        owed the answer to this side's flip for ``FLIP_ANSWER_S`` (clocks or not: leaving after a flip
        loses), or, with no clocks, a move for ``ABANDON_AFTER_S``."""
        now = self.now()
        if not self.peer_owes():
            return "abandon", Message("remote.nothing_owed")
        waited = now - max(self.turn_since, self.last_heard)
        flip_left = FLIP_ANSWER_S - waited if self.pending is not None else None
        if flip_left is not None and flip_left <= 0:
            return "abandon", None
        if self.clocks:
            late = self.clocks.late_by(self.peer, now)
            if late >= CLAIM_GRACE_MS:
                return "time", None
            if flip_left is not None and flip_left * 1000 < CLAIM_GRACE_MS - late:  # the flip's wait ends first
                return "abandon", Message("remote.abandon_wait", seconds=int(flip_left + 0.999))
            if late < 0:
                return "time", Message("remote.peer_clock", seconds=-(late // 1000))
            return "time", Message("remote.time_grace", seconds=-(-(CLAIM_GRACE_MS - late) // 1000))
        wait = FLIP_ANSWER_S if self.pending is not None else ABANDON_AFTER_S
        return "abandon", None if waited >= wait else Message("remote.abandon_wait",
                                                               seconds=int(wait - waited + 0.999))

    def claim(self) -> Reply:
        """Win on time (the peer's clock ran out) or by abandonment (no answer to a flip for FLIP_ANSWER_S, or
        with no clocks no move for ABANDON_AFTER_S)."""
        if self.phase != "playing" or self.game is None or self.game.is_over():
            raise Unavailable(Message("remote.not_playing"))
        kind, why = self._claimable()
        if why is not None:
            raise Unavailable(why)
        game = self.game
        color = game.player_color(self.peer)
        if kind == "time" and color is None:
            raise Unavailable(Message("resign.no_colour"))
        if kind == "time" and color is not None:
            game.resign(color, Termination.TIME_FORFEIT)
        else:
            end_abandoned(game, color)
        self.pending = None
        reply = Reply()
        self.history.append(["end", kind, color])
        self._send(reply, "claim", claim=kind)
        self._finish(reply, kind)
        return reply

    def resume_message(self) -> Reply:
        """The ``resume`` to send on a new channel: how many of the peer's messages this side holds."""
        reply = Reply()
        reply.messages.append(encode({"v": VERSION, "seq": 0, "kind": "resume", "received": len(self.received)}))
        return reply

    # -- what the page shows ----------------------------------------------------------------
    def _move_dict(self, entry: PlayedMove) -> dict[str, Any]:
        """A played action as an event carries it (the view's ``moves`` has it in full)."""
        game = self.game
        assert game is not None
        letter = {None: None} | {p: piece_letter(p) for p in (entry.revealed, entry.captured) if p is not None}
        return {"ply": game.start_ply + len(game.moves), "text": entry.text, "player": entry.player,
                "kind": entry.kind, "from": entry.squares[0], "to": entry.squares[1],
                "revealed": letter[entry.revealed], "captured": letter[entry.captured]}

    def status(self) -> dict[str, Any]:
        now = self.now()
        game = self.game
        clocks = self.clocks
        return {
            "role": self.role, "me": self.me or None, "phase": self.phase, "names": self.player_names()
            if self.me else {}, "my_turn": bool(game and self.phase == "playing" and not game.is_over()
                                                and not self.pending and game.turn_player() == self.me
                                                and not (clocks and clocks.reading(self.me, now) <= 0)),
            "pending": self.pending["text"] if self.pending else None, "offer": self.offer,
            "clock": self.clock_setting,
            "clocks": {str(p): clocks.reading(p, now) for p in (1, 2)} if clocks else None,
            "running": clocks.running if clocks else None, "abandon_after_s": ABANDON_AFTER_S,
            "flip_answer_s": FLIP_ANSWER_S, "claim_grace_ms": CLAIM_GRACE_MS,
            "claimable": self.phase == "playing" and self.claim_wait() is None, "lines": list(LINES),
            "chat": list(self.chat), "verified": True if self.phase == "verified" else None,
            "cheat": self.cheat.as_dict() if self.cheat else None,
            "colors": {str(p): COLOR_NAMES[c] for p in (1, 2)
                       if game and (c := game.player_color(p)) is not None and c in (0, 1)},
            "record": game.record_text() if game else None,
        }


def end_abandoned(game: Game, color: int | None) -> None:
    """The player of ``color`` abandoned the game: the other wins. Before anyone has a colour (a peer that
    walks away from the first flip, or never opens) there is no winner: the game ends drawn, abandoned."""
    if color is None:
        game.adjudicate_draw(ABANDONED)
    else:
        game.resign(color, ABANDONED)


def clock_text(clock: dict[str, int] | None | str) -> str:
    """A clock in a message: ``10+5`` (minutes, seconds added a move), ``0.5+0``, or ``-`` for none."""
    if not isinstance(clock, dict):
        return "-"
    return f"{clock['initial_ms'] / 60_000:g}+{clock['increment_ms'] / 1000:g}"


def _takeback(game: Game, asker: int) -> int:
    """Undo the asker's last turn and whatever the peer played after it; the number of actions undone."""
    count = 0
    while game.moves:
        last = game.moves[-1]
        game.undo()
        count += 1
        if last.player == asker and (not game.moves or game.moves[-1].player != asker):
            break
    game.assisted = False  # a takeback both agreed to is no help from the AI
    return count


def _square(game: Game, action: Action) -> str:
    return game.state.action_info(action).to


def _said(exc: Exception) -> Any:
    message = exc.args[0] if exc.args else str(exc)
    return message if isinstance(message, Message) else str(exc)


__all__ = ["ABANDONED", "ABANDON_AFTER_S", "AGREED", "ANY_CLOCK", "FLIP_ANSWER_S", "RemoteSession", "Reply",
           "Unavailable", "clock_text", "end_abandoned"]
