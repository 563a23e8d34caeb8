"""A remote game's set-up and resumption: the messages that open a game, and a channel again.

The host's ``hello`` (the game, its options and clock, the first shuffled deck, a commitment to its
nonce), the guest's ``welcome`` (its nonce, the deck shuffled again), the host's ``start`` (its nonce
opened, the deck re-keyed): then the coin toss says who opens and the game begins. On a new channel,
``resume`` asks the peer for the messages sent since the last one this side holds.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Self

from ..errors import HdchessError
from ..game import Game
from ..messages import Message
from ..variants import load_ruleset
from . import coin, deck
from .clocks import Clocks
from .deal import DeckDeal
from .side import ANY_CLOCK, Reply, Side, event
from .wire import VERSION, Caught, Refused, encode


class Handshake(Side):
    """The set-up of a game and the resumption of a channel."""

    @classmethod
    def host(cls, variant: str, options: dict[str, Any], name: str, clock: dict[str, int] | None,
             first: str = "random", now: Callable[[], float] = time.time) -> tuple[Self, Reply]:
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
              clock: dict[str, int] | None | str = ANY_CLOCK) -> Self:
        """A guest's session; ``clock`` is the clock its player accepted (None: none): a ``hello`` with any
        other is refused. ``ANY_CLOCK`` takes the host's, whatever it is (within the protocol's bounds)."""
        session = cls("guest", name, now)
        session.agreed_clock = clock
        return session

    def _on_hello(self, m: dict[str, Any], reply: Reply) -> None:
        if self.role != "guest" or self.received:
            raise Refused(Message("remote.unexpected", type="hello"))
        if self.agreed_clock != ANY_CLOCK and m["clock"] != self.agreed_clock:
            raise Refused(Message("remote.clock_not_agreed", clock=clock_text(m["clock"]),
                                  agreed=clock_text(self.agreed_clock)))
        asked = {"variant": m["variant"], "options": m["options"], "first": m["first"]}
        if self.agreed_rematch is not None and asked != self.agreed_rematch:
            raise Refused(Message("remote.rematch_not_agreed", game=_rematch_text(asked),
                                  agreed=_rematch_text(self.agreed_rematch)))
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
        reply.events.append(event("started", me=self.me, first="me" if self.me == 1 else "peer",
                                   names=self.player_names()))

    def _new_game(self) -> Game:
        assert self.ruleset is not None
        self.deal = DeckDeal(self.ruleset.new_state().chance_slots())
        game = Game(self.ruleset, deal=self.deal)
        game.tags["Event"] = "hdchess remote game"
        for player, name in self.player_names().items():
            game.tags[f"Player{player}"] = name
        return game

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
        reply.events.append(event("resumed", resent=len(again)))

    def resume_message(self) -> Reply:
        """The ``resume`` to send on a new channel: how many of the peer's messages this side holds."""
        reply = Reply()
        reply.messages.append(encode({"v": VERSION, "seq": 0, "kind": "resume", "received": len(self.received)}))
        return reply


def _rematch_text(game: dict[str, Any]) -> str:
    """A rematch's game in a message: ``banqi {...}, guest opens``."""
    return f"{game['variant']} {json.dumps(game['options'], sort_keys=True)}, {game['first']} opens"


def clock_text(clock: dict[str, int] | None | str) -> str:
    """A clock in a message: ``10+5`` (minutes, seconds added a move), ``0.5+0``, or ``-`` for none."""
    if not isinstance(clock, dict):
        return "-"
    return f"{clock['initial_ms'] / 60_000:g}+{clock['increment_ms'] / 1000:g}"


__all__ = ["Handshake", "clock_text"]
