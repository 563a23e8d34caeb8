"""How a remote game ends besides its rules: a resignation, a win claimed on time or by abandonment,
and the keys both sides exchange at the end so each checks the whole transcript.

A claim is taken only when the claimed side's own view agrees (its own clock is out; or it owes a
move, or the answer to a flip, and has been silent that long): neither side can be robbed of a game
by the other's clock.
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..messages import Message
from ..vocabulary import Termination
from .clocks import CLAIM_GRACE_MS
from .side import Reply, Side, Unavailable
from .wire import Refused

ABANDON_AFTER_S = 120  # no clocks: the peer owing a move or a reply this long may be claimed to have abandoned
FLIP_ANSWER_S = 20  # the peer owing the answer to this side's flip this long may be claimed to have abandoned
CLAIM_SLACK_S = 10  # the network's share: a claim of abandonment this much early is still taken
ABANDONED = Termination("abandoned")


class Claims(Side):
    """Resignation, claims on time or by abandonment, and the keys' exchange at the end."""

    def _on_resign(self, m: dict[str, Any], reply: Reply) -> None:
        game = self._playing("resign")
        color = game.player_color(self.peer)
        if color is None:
            raise Refused(Message("resign.no_colour"))
        game.resign(color)
        self.history.append(["end", "resign", color])
        self._finish(reply, "resign")

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


def end_abandoned(game: Game, color: int | None) -> None:
    """The player of ``color`` abandoned the game: the other wins. Before anyone has a colour (a peer that
    walks away from the first flip, or never opens) there is no winner: the game ends drawn, abandoned."""
    if color is None:
        game.adjudicate_draw(ABANDONED)
    else:
        game.resign(color, ABANDONED)


__all__ = ["ABANDONED", "ABANDON_AFTER_S", "CLAIM_SLACK_S", "FLIP_ANSWER_S", "Claims", "end_abandoned"]
