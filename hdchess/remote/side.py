"""This side of a remote game: what it holds, and the steps every part of the protocol shares.

:class:`Side` is the state of one side (the set-up's nonces and decks, the game, its clocks, the
open offer, what was sent and received) and the few steps the handshake, the turns, the offers and
the claims all take: sending a message, checking that a game is in play, playing an action, ending
the game and checking the whole transcript once both sides' keys are known. Each job is a module of
its own, a mixin over this state (:mod:`.handshake`, :mod:`.turns`, :mod:`.offers`, :mod:`.claims`);
:class:`hdchess.remote.session.RemoteSession` is all of them, and receives the peer's messages.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import HdchessError
from ..game import Game, PlayedMove
from ..inputs import printable
from ..messages import Message
from ..rules import Ruleset
from ..vocabulary import Action
from . import coin, deck
from .clocks import Clocks
from .deal import DeckDeal
from .verify import check_transcript
from .wire import MAX_TEXT, VERSION, Caught, Refused, encode

ANY_CLOCK = "any"  # a guest that takes the host's clock as it comes (the bridge's remote_join without a clock)
Event = dict[str, Any]


class Unavailable(HdchessError):
    """A request of this side's player that cannot be carried out now (not its turn, no offer open, ...)."""


@dataclass
class Reply:
    """What a request or a peer's message gives: messages to send, in order, and events to show."""

    messages: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


def event(name: str, message: str | Message | None = None, **fields: Any) -> Event:
    """An event for the page: its ``type``, its fields, and a sentence to show (a message dict)."""
    out: Event = {"type": name, **fields}
    if isinstance(message, Message):
        out["message"] = message.as_dict()
    elif message is not None:
        out["message"] = {"code": None, "params": None, "text": message}
    return out


class Side:
    """This side of a remote game (``role`` "host" or "guest"). ``now`` gives wall-clock seconds."""

    def __init__(self, role: str, name: str, now: Callable[[], float] = time.time) -> None:
        self.role, self.now = role, now
        self.phase = "setup"  # setup, playing, over, verified, cheated
        self.names = {role: printable(name, MAX_TEXT)}
        self.game_id = ""
        self.variant, self.options = "", {}  # type: tuple[str, dict[str, Any]]
        self.clock_setting: dict[str, int] | None = None
        self.agreed_clock: dict[str, int] | None | str = ANY_CLOCK  # the guest's: the clock it accepted
        self.agreed_rematch: dict[str, Any] | None = None  # a rematch's guest: the game and opener it accepted
        self.rematch_agreed = False  # both want a rematch: the next game's session takes over this one
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

    def player_names(self) -> dict[str, str]:
        mine = {self.me: self.names[self.role], self.peer: self.names.get(self.peer_role, "")}
        return {str(player): mine[player] for player in (1, 2)}

    def _playing(self, kind: str) -> Game:
        if self.phase != "playing" or self.game is None or self.game.is_over():
            raise Refused(Message("remote.unexpected", type=kind))
        return self.game

    def _my_game(self) -> Game:
        if self.phase != "playing" or self.game is None:
            raise Unavailable(Message("remote.not_playing"))
        if self.game.is_over():
            raise Unavailable(Message("game.over", outcome=self.game.outcome.describe() if self.game.outcome else ""))
        if self.pending is not None:
            raise Unavailable(Message("remote.pending", move=self.pending["text"]))
        return self.game

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

    def _finish(self, reply: Reply, how: str) -> None:
        game = self.game
        assert game is not None and game.outcome is not None
        self.phase = "over"
        self.pending, self.offer = None, None
        if self.clocks:
            self.clocks.start(None, self.now())
        reply.events.append(event("game_over", game.outcome.describe(), outcome=str(game.outcome.describe()),
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
        reply.events.append(event("verified", Message("remote.verified")))


def target_square(game: Game, action: Action) -> str:
    return game.state.action_info(action).to


def said(exc: Exception) -> Any:
    message = exc.args[0] if exc.args else str(exc)
    return message if isinstance(message, Message) else str(exc)


__all__ = ["ANY_CLOCK", "Event", "Reply", "Side", "Unavailable", "event", "said", "target_square"]
