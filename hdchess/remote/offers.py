"""What one player asks or tells the other in a remote game: a draw or a takeback, and the chat's lines.

An offer opens only on the position it was made on and lapses when the player it was made to acts;
two that cross are both withdrawn. A rematch is offered once the game is over and checked (two
that cross agree); once agreed, the next game's session takes over (:mod:`.rematch`).
The chat has canned lines only (no free text between strangers).
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..messages import Message
from ..vocabulary import Termination
from .side import Reply, Side, Unavailable, event
from .wire import LINES, OFFERS, Refused

AGREED = Termination("draw agreed")


class Offers(Side):
    """Offers of a draw or a takeback, their answers, and the chat's lines."""

    def _on_offer(self, m: dict[str, Any], reply: Reply) -> None:
        """An offer opens only on the position it was made on. One that crossed an action of this side (sent
        before the peer saw it) has lapsed: the peer drops it too when that action reaches it (an offer lapses
        when the player it was made to acts). Two offers that crossed are both withdrawn, on both sides alike."""
        kind = m["offer"]
        if kind == "rematch":
            self._on_rematch_offer(reply)
            return
        game = self._playing("offer")
        if m["moves"] != len(game.moves) or self.pending is not None:
            reply.events.append(event("offer_lapsed", Message("remote.offer_crossed"), kind=kind))
            return
        if self.offer is not None:
            if self.offer["from"] == "me":
                self.offer = None
                reply.events.append(event("offer_lapsed", Message("remote.offers_crossed"), kind=kind))
                return
            raise Refused(Message("remote.offer_open"))
        if kind == "takeback" and not any(move.player == self.peer for move in game.moves):
            raise Refused(Message("remote.unexpected", type="offer"))
        self.offer = {"kind": kind, "from": "peer"}
        code = "remote.draw_offered" if kind == "draw" else "remote.takeback_asked"
        reply.events.append(event("draw_offered" if kind == "draw" else "takeback_asked", Message(code)))

    def _on_rematch_offer(self, reply: Reply) -> None:
        """A rematch is offered once the game is over and checked; two offers that cross agree (both want it)."""
        if self.phase != "verified":
            raise Refused(Message("remote.unexpected", type="offer"))
        if self.offer is not None and self.offer["from"] == "peer":
            raise Refused(Message("remote.offer_open"))
        if self.offer is not None:  # this side's own offer crossed the peer's: both asked, so it is agreed
            self.offer = None
            self.rematch_agreed = True
            return
        self.offer = {"kind": "rematch", "from": "peer"}
        reply.events.append(event("rematch_offered", Message("remote.rematch_offered")))

    def _on_answer(self, m: dict[str, Any], reply: Reply) -> None:
        if m["offer"] == "rematch" and self.phase != "verified":
            raise Refused(Message("remote.unexpected", type="answer"))
        game = self.game if m["offer"] == "rematch" else self._playing("answer")
        assert game is not None
        offer = self.offer
        if offer is None or offer["from"] != "me" or offer["kind"] != m["offer"]:
            raise Refused(Message("remote.unexpected", type="answer"))
        self.offer = None
        accept = m["accept"]
        reply.events.append(event("offer_answered", Message("remote.accepted" if accept else "remote.declined"),
                                   kind=m["offer"], accept=accept))
        if accept:
            self._agreed(game, m["offer"], self.me, reply)

    def _agreed(self, game: Game, kind: str, asker: int, reply: Reply) -> None:
        if kind == "rematch":
            self.rematch_agreed = True  # the next game's session takes over (hdchess/remote/rematch.py)
            return
        if kind == "draw":
            game.adjudicate_draw(AGREED)
            self.history.append(["end", "draw", None])
            self._finish(reply, "draw")
            return
        count = _takeback(game, asker)
        self.history.append(["undo", count])
        reply.events.append(event("took_back", count=count))
        now = self.now()
        if self.clocks:
            self.clocks.start(game.turn_player(), now)
        self.turn_since = now

    def offer_to_peer(self, kind: str) -> Reply:
        if kind == "rematch":
            return self._offer_rematch()
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

    def _offer_rematch(self) -> Reply:
        if self.phase != "verified" or self.game is None:
            raise Unavailable(Message("remote.rematch_not_over"))
        if self.offer is not None:
            raise Unavailable(Message("remote.offer_open"))
        self.offer = {"kind": "rematch", "from": "me"}
        reply = Reply()
        self._send(reply, "offer", offer="rematch", moves=len(self.game.moves))
        return reply

    def answer(self, kind: str, accept: bool) -> Reply:
        if kind == "rematch" and (self.phase != "verified" or self.game is None):
            raise Unavailable(Message("remote.rematch_not_over"))
        game = self.game if kind == "rematch" and self.game is not None else self._my_game()
        offer = self.offer
        if offer is None or offer["from"] != "peer" or offer["kind"] != kind:
            raise Unavailable(Message("remote.no_offer"))
        self.offer = None
        reply = Reply()
        self._send(reply, "answer", offer=kind, accept=accept)
        if accept:
            self._agreed(game, kind, self.peer, reply)
        return reply

    def _on_chat(self, m: dict[str, Any], reply: Reply) -> None:
        if self.game is None:
            raise Refused(Message("remote.unexpected", type="chat"))
        self.chat.append({"from": "peer", "line": m["line"]})
        reply.events.append(event("chat", Message(f"remote.line.{m['line']}"), line=m["line"], **{"from": "peer"}))

    def say(self, line: str) -> Reply:
        if line not in LINES:
            raise Unavailable(Message("remote.unknown_line", line=str(line)[:20]))
        if self.game is None:
            raise Unavailable(Message("remote.not_playing"))
        reply = Reply()
        self.chat.append({"from": "me", "line": line})
        self._send(reply, "chat", line=line)
        reply.events.append(event("chat", Message(f"remote.line.{line}"), line=line, **{"from": "me"}))
        return reply


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


__all__ = ["AGREED", "Offers"]
