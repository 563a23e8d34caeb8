"""The next game between the same two sides: a rematch, sides swapped.

Once both sides agreed to a rematch (:mod:`.offers`), each side's finished session gives way to a fresh one
over the same channel: the same game, options, clock and roles (the host hosts again), a new set-up (a fresh
shuffle both sides encrypt, a new coin), and the opener fixed to the side that did not open the last game.
The guest takes only the hello of that game: one with another game, options or opener is refused.
"""

from __future__ import annotations

from .session import RemoteSession, Reply
from .side import event


def next_opener(old: RemoteSession) -> str:
    """Who opens the rematch ("host" or "guest"): the side that replied in the last game."""
    host_opened = (old.me == 1) == (old.role == "host")
    return "guest" if host_opened else "host"


def next_session(old: RemoteSession) -> tuple[RemoteSession, Reply]:
    """The rematch's session for this side, and what it sends (the host's hello; the guest sends nothing)."""
    first = next_opener(old)
    names = old.names
    if old.role == "host":
        new, reply = RemoteSession.host(old.variant, dict(old.options), names["host"], old.clock_setting, first,
                                        now=old.now)
    else:
        new, reply = RemoteSession.guest(names["guest"], now=old.now, clock=old.clock_setting), Reply()
        new.agreed_rematch = {"variant": old.variant, "options": dict(old.options), "first": first}
    reply.events.append(event("rematch", first="me" if first == old.role else "peer"))
    return new, reply


__all__ = ["next_opener", "next_session"]
