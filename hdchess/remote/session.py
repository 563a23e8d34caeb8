"""One side of a remote game: the protocol's state machine, one job a module.

A :class:`RemoteSession` turns this side's requests (:meth:`act`, :meth:`offer_to_peer`,
...) and the peer's messages (:meth:`receive`) into messages to send and events
to show (:class:`Reply`). Every peer message is checked before anything changes:
one that is malformed, out of order, repeated or unexpected is refused (a
``refused`` event, the game as it was); one that proves a lie (a false partial
decryption, a doctored deck, an illegal move) stops the game (a ``cheat`` event,
the board as it was before the lie). A local request that cannot be done now
raises :class:`Unavailable`. The whole state saves to a JSON object
(:mod:`.saves`) and resumes from it on either side.

Its parts: :mod:`.side` (the state, and the steps all parts share), :mod:`.handshake` (set-up,
resumption), :mod:`.turns` (actions and flips), :mod:`.offers` (draw, takeback, chat) and
:mod:`.claims` (resignation, claims, the keys at the end); here, the dispatch of the peer's
messages by kind and the status the page shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import COLOR_NAMES
from ..errors import HdchessError
from ..messages import Message
from .claims import ABANDON_AFTER_S, ABANDONED, FLIP_ANSWER_S, Claims, end_abandoned
from .clocks import CLAIM_GRACE_MS
from .handshake import Handshake, clock_text
from .offers import AGREED, Offers
from .side import ANY_CLOCK, Reply, Unavailable, event, said
from .turns import Turns
from .wire import LINES, Caught, Refused, decode

Handler = Callable[[dict[str, Any], Reply], None]


class RemoteSession(Handshake, Turns, Offers, Claims):
    """This side of a remote game (``role`` "host" or "guest"). ``now`` gives wall-clock seconds."""

    def _handlers(self) -> dict[str, Handler]:
        """Each kind of the peer's messages (hdchess/remote/wire.py checks its fields) and what takes it."""
        return {"hello": self._on_hello, "welcome": self._on_welcome, "start": self._on_start,
                "act": self._on_act, "reveal": self._on_reveal, "offer": self._on_offer,
                "answer": self._on_answer, "resign": self._on_resign, "chat": self._on_chat,
                "claim": self._on_claim, "keys": self._on_keys}

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
            handler = self._handlers()[message["kind"]]
            handler(message, reply)
            self.received.append(text)
            self.last_heard = self.now()
        except Refused as exc:
            reply.events.append(event("refused", Message("remote.refused", reason=said(exc))))
        except Caught as exc:
            self.phase = "cheated"
            self.cheat = Message("remote.cheat", reason=said(exc))
            if self.clocks:
                self.clocks.start(None, self.now())
            reply.events.append(event("cheat", self.cheat))
        except HdchessError as exc:  # checked before any change, like a refusal: say so, keep the game
            reply.events.append(event("refused", Message("remote.refused", reason=said(exc))))
        return reply

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


__all__ = ["ABANDONED", "ABANDON_AFTER_S", "AGREED", "ANY_CLOCK", "FLIP_ANSWER_S", "RemoteSession", "Reply",
           "Unavailable", "clock_text", "end_abandoned"]
