"""A remote game's turns: this side's actions, the peer's, and the flips both sides open together.

A flip is opened by both sides' partial decryptions of its card: this side's flip waits for the peer's
(``pending``), the peer's flip carries its own and this side answers with its half (``reveal``).
A partial decryption that is not this side's record of the card, an illegal action, or a card opened
twice is proof of a lie (``Caught``).
"""

from __future__ import annotations

from typing import Any

from ..core import piece_letter
from ..errors import HdchessError
from ..game import Game, PlayedMove
from ..messages import Message
from ..vocabulary import Action
from . import deck
from .side import Reply, Side, Unavailable, event, said, target_square
from .wire import Caught, Refused


class Turns(Side):
    """The actions of both sides, and the flips they open together."""

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
            raise Caught(Message("remote.illegal_move", reason=said(exc))) from None
        card = self.deal.card_of(game.state, action)
        if card is not None and card not in self.revealed:
            if m.get("partial") is None or m.get("key") is None:
                raise Caught(Message("remote.no_partial", sq=target_square(game, action)))
            index = self._open(card, m["partial"], m["key"], game, action)
            mine = deck.partial(self.decks["d3"][card], self.keys.card_keys[card])
            self._reveal(card, index, m["partial"], m["key"], mine)
            self._send(reply, "reveal", ply=len(game.moves), partial=mine, key=self.keys.card_keys[card])
        now = self.now()
        entry = self._apply(action)
        if self.clocks:
            self.clocks.settle(self.peer, m["clock"], now, game.turn_player() != self.peer)
        self._lapse_offer_to(self.peer)
        reply.events.append(event("opponent_moved", move=self._move_dict(entry)))
        if entry.revealed is not None:
            reply.events.append(event("flip_revealed", move=self._move_dict(entry)))
        self._after_action(reply, now)

    def _open(self, card: int, peer_partial: int, peer_key: int, game: Game, action: Action) -> int:
        """The card index both layers give. Caught: a partial decryption that is not this side's record of the
        card under the key sent with it (a false partial decryption or a doctored deck), or that opens no card,
        or one already open."""
        if deck.partial(self.decks["d3"][card], peer_key) != peer_partial:
            raise Caught(Message("remote.partial_mismatch", sq=target_square(game, action)))
        value = deck.partial(peer_partial, self.keys.card_keys[card])
        index = deck.card_values(len(self.pieces)).get(value)
        if index is None:
            raise Caught(Message("remote.false_partial", sq=target_square(game, action)))
        if index in self.revealed.values():
            raise Caught(Message("remote.card_again", sq=target_square(game, action)))
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
        reply.events.append(event("flip_revealed", move=self._move_dict(entry)))
        self._after_action(reply, None)

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

    def _move_dict(self, entry: PlayedMove) -> dict[str, Any]:
        """A played action as an event carries it (the view's ``moves`` has it in full)."""
        game = self.game
        assert game is not None
        letter = {None: None} | {p: piece_letter(p) for p in (entry.revealed, entry.captured) if p is not None}
        return {"ply": game.start_ply + len(game.moves), "text": entry.text, "player": entry.player,
                "kind": entry.kind, "from": entry.squares[0], "to": entry.squares[1],
                "revealed": letter[entry.revealed], "captured": letter[entry.captured]}


__all__ = ["Turns"]
