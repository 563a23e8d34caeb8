"""The bridge's remote-play commands (web/docs/remote.md): the page carries messages, Python plays.

Every command but ``remote_save`` answers ``{messages, events, view, remote}``:
the messages to send to the peer unchanged and in order, what happened, the
board, and the session's status. A peer's message that is refused or proves a
lie is an event, not an error; a request this side cannot make now is an error
reply, and the game stays as it was. The remote game is kept apart from the
page's own game (the ``play`` or ``undo`` commands never touch it).
"""

from __future__ import annotations

import weakref
from typing import cast

from ..game import Game
from ..inputs import printable
from ..messages import Message
from ..remote.rematch import next_session
from ..remote.saves import resume, save
from ..remote.session import ANY_CLOCK, RemoteSession, Reply
from ..remote.wire import FIRST, MAX_CLOCK_MS, MAX_INCREMENT_MS, MAX_MESSAGE, MIN_CLOCK_MS
from ..variants import DEFAULT_VARIANT, load_ruleset
from . import args as read
from .args import Args, BridgeError, check_args
from .contract import Explanation, RemoteEvent, RemoteLeft, RemoteReply, RemoteSaved, RemoteStatus
from .explain import explain
from .game_session import GameSession
from .view import view

_REMOTE: weakref.WeakKeyDictionary[GameSession, RemoteSession] = weakref.WeakKeyDictionary()


def _remote(session: GameSession) -> RemoteSession:
    remote = _REMOTE.get(session)
    if remote is None:
        raise BridgeError(Message("remote.no_session"))
    return remote


def _name(a: Args) -> str:
    return printable(read.text(a, "name") or "", read.MAX_NAME_LENGTH) or "Player"


def _clock(value: object) -> dict[str, int] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"initial_ms", "increment_ms"}:
        raise BridgeError('clock must be null or look like {"initial_ms": 600000, "increment_ms": 5000}')
    return {"initial_ms": read.whole("clock.initial_ms", value["initial_ms"], MIN_CLOCK_MS, MAX_CLOCK_MS),
            "increment_ms": read.whole("clock.increment_ms", value["increment_ms"], 0, MAX_INCREMENT_MS)}


def answer(remote: RemoteSession, reply: Reply) -> RemoteReply:
    """The reply every remote command gives: messages, events, the board, the status."""
    game = remote.game
    players = {"1": "human", "2": "remote"}
    if remote.me:
        players = {str(remote.me): "human", str(remote.peer): "remote"}
    if game is None:
        game = Game(remote.ruleset or load_ruleset(remote.variant or DEFAULT_VARIANT))
    # The remote session's events and status are its own dicts (hdchess/remote knows nothing of the
    # page): the contract names their shapes, and the tests check every reply against it.
    return {"messages": reply.messages, "events": cast(list[RemoteEvent], reply.events),
            "view": view(game, players, "Club"), "remote": cast(RemoteStatus, remote.status())}


def _carry_on(session: GameSession, remote: RemoteSession, reply: Reply) -> RemoteReply:
    """The answer to a command; once both sides agreed to a rematch, the next game's session takes over
    in the same command (a hello that follows at once finds it)."""
    if remote.rematch_agreed:
        remote, more = next_session(remote)
        _REMOTE[session] = remote
        reply.messages.extend(more.messages)
        reply.events.extend(more.events)
    return answer(remote, reply)


def remote_host(session: GameSession, a: Args) -> RemoteReply:
    check_args("remote_host", a, ("variant", "options", "name", "clock", "first"))
    variant = read.text(a, "variant", DEFAULT_VARIANT) or DEFAULT_VARIANT
    options = a.get("options") or {}
    if not isinstance(options, dict):
        raise BridgeError('options must look like {"scoring": "alt"}')
    first = a.get("first", "random")
    if first not in FIRST:
        raise BridgeError(f"first must be one of {', '.join(FIRST)}, not {read.shown(first)}")
    remote, reply = RemoteSession.host(variant, options, _name(a), _clock(a.get("clock")), first)
    _REMOTE[session] = remote
    return answer(remote, reply)


def remote_join(session: GameSession, a: Args) -> RemoteReply:
    """The guest's session; ``clock`` (when given) is the clock the guest accepted: a host's ``hello`` with
    another is refused."""
    check_args("remote_join", a, ("name", "clock"))
    remote = RemoteSession.guest(_name(a), clock=_clock(a["clock"]) if "clock" in a else ANY_CLOCK)
    _REMOTE[session] = remote
    return answer(remote, Reply())


def remote_receive(session: GameSession, a: Args) -> RemoteReply:
    check_args("remote_receive", a, ("message",))
    remote = _remote(session)
    message = a.get("message")
    if isinstance(message, str) and len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE + 1]
    return _carry_on(session, remote, remote.receive(message))


def remote_act(session: GameSession, a: Args) -> RemoteReply:
    check_args("remote_act", a, ("move",))
    move = read.text(a, "move")
    if not move:
        raise BridgeError('remote_act needs a move, such as {"move": "c2"}')
    remote = _remote(session)
    return answer(remote, remote.act(move))


def remote_offer(session: GameSession, a: Args) -> RemoteReply:
    check_args("remote_offer", a, ("kind",))
    remote = _remote(session)
    kind = read.text(a, "kind") or ""
    return answer(remote, remote.offer_to_peer(kind))


def remote_answer(session: GameSession, a: Args) -> RemoteReply:
    check_args("remote_answer", a, ("kind", "accept"))
    remote = _remote(session)
    return _carry_on(session, remote, remote.answer(read.text(a, "kind") or "", read.flag(a, "accept")))


def remote_resign(session: GameSession, a: Args) -> RemoteReply:
    check_args("remote_resign", a, ())
    remote = _remote(session)
    return answer(remote, remote.resign())


def remote_chat(session: GameSession, a: Args) -> RemoteReply:
    check_args("remote_chat", a, ("line",))
    remote = _remote(session)
    return answer(remote, remote.say(read.text(a, "line") or ""))


def remote_claim(session: GameSession, a: Args) -> RemoteReply:
    check_args("remote_claim", a, ())
    remote = _remote(session)
    return answer(remote, remote.claim())


def remote_explain(session: GameSession, a: Args) -> Explanation:
    """Why a click on the remote game's board does nothing (as ``explain`` does for the page's own game)."""
    check_args("remote_explain", a, ("from", "to"))
    frm, to = read.text(a, "from"), read.text(a, "to")
    if to is None:
        raise BridgeError('remote_explain needs a square, such as {"to": "c2"}')
    game = _remote(session).game
    if game is None:
        raise BridgeError(Message("remote.not_playing"))
    return explain(game, frm, to)


def remote_tick(session: GameSession, a: Args) -> RemoteReply:
    check_args("remote_tick", a, ())
    return answer(_remote(session), Reply())


def remote_save(session: GameSession, a: Args) -> RemoteSaved:
    check_args("remote_save", a, ())
    return {"saved": save(_remote(session))}


def remote_resume(session: GameSession, a: Args) -> RemoteReply:
    check_args("remote_resume", a, ("saved",))
    remote = resume(a.get("saved"))
    _REMOTE[session] = remote
    return answer(remote, remote.resume_message())


def remote_leave(session: GameSession, a: Args) -> RemoteLeft:
    check_args("remote_leave", a, ())
    _REMOTE.pop(session, None)
    return {"left": True}


COMMANDS = {
    "remote_host": remote_host,
    "remote_join": remote_join,
    "remote_receive": remote_receive,
    "remote_act": remote_act,
    "remote_offer": remote_offer,
    "remote_answer": remote_answer,
    "remote_resign": remote_resign,
    "remote_chat": remote_chat,
    "remote_claim": remote_claim,
    "remote_explain": remote_explain,
    "remote_tick": remote_tick,
    "remote_save": remote_save,
    "remote_resume": remote_resume,
    "remote_leave": remote_leave,
}

__all__ = ["COMMANDS", "answer"]
