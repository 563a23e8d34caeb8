"""Two sessions joined in one process: the transport reduced to a queue (tests, benchmarks, demos).

:meth:`Loopback.deliver` carries every message in order until none is left,
collecting each side's events; a test can hold messages back (a cut) or put its
own text on the wire (a lying or broken peer).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .session import RemoteSession, Reply


class Loopback:
    """A host and a guest; ``wire`` holds (receiver role, text) still to be delivered."""

    def __init__(self, variant: str = "hdc2", options: dict[str, Any] | None = None,
                 clock: dict[str, int] | None = None, first: str = "random", names: tuple[str, str] = ("Ann", "Bo"),
                 now: Callable[[], float] = time.time) -> None:
        host, reply = RemoteSession.host(variant, options or {}, names[0], clock, first, now)
        self.sides = {"host": host, "guest": RemoteSession.guest(names[1], now)}
        self.wire: list[tuple[str, str]] = []
        self.events: dict[str, list[dict[str, Any]]] = {"host": [], "guest": []}
        self.post("host", reply)

    @classmethod
    def of(cls, host: RemoteSession, guest: RemoteSession) -> Loopback:
        """Two sessions already made (resumed from saved states, say), joined by an empty wire."""
        pair = cls.__new__(cls)
        pair.sides, pair.wire, pair.events = {"host": host, "guest": guest}, [], {"host": [], "guest": []}
        return pair

    def copy(self, now: Callable[[], float] | None = None) -> Loopback:
        """Both sessions saved and resumed (what is on the wire is not copied): a set-up made once, played many
        times. With ``now``, the copy's clocks and waits start afresh at ``now()``."""
        from .saves import resume, save

        clock = now or time.time
        pair = Loopback.of(resume(save(self.host), clock), resume(save(self.guest), clock))
        if now is not None:
            for side in pair.sides.values():
                side.last_heard = side.turn_since = now()
                if side.clocks and side.game is not None:
                    side.clocks.start(side.game.turn_player(), now())
        return pair

    @property
    def host(self) -> RemoteSession:
        return self.sides["host"]

    @property
    def guest(self) -> RemoteSession:
        return self.sides["guest"]

    def post(self, sender: str, reply: Reply) -> None:
        """Put a reply's messages on the wire to the other side, and keep its events."""
        self.events[sender] += reply.events
        to = "guest" if sender == "host" else "host"
        self.wire += [(to, text) for text in reply.messages]

    def deliver(self) -> None:
        while self.wire:
            to, text = self.wire.pop(0)
            self.post(to, self.sides[to].receive(text))

    def side_to_act(self) -> str:
        """The role of the side whose turn it is."""
        game = self.host.game
        assert game is not None
        return "host" if game.turn_player() == self.host.me else "guest"

    def act(self, move: Any) -> None:
        role = self.side_to_act()
        self.post(role, self.sides[role].act(move))
        self.deliver()


__all__ = ["Loopback"]
