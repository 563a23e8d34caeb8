"""A remote game at the terminal (``hdchess play --host PORT`` / ``--join HOST:PORT``).

The session (:mod:`.session`) plays; this loop carries its messages over a
:class:`.tcp.LineChannel`, shows its events, and asks the person at the keyboard
(or, with ``auto``, a computer player) for this side's actions. While the peer
is to act, the loop waits for it and claims the game as soon as the peer's clock
has run out (or, with no clocks, once it has been silent for the stated wait).
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import Any

from ..errors import HdchessError
from ..inputs import printable
from ..notation import sorted_action_texts
from ..terminal import TerminalView
from .session import ANY_CLOCK, FLIP_ANSWER_S, RemoteSession, Reply, clock_text
from .tcp import CLOSED, SETUP_TIMEOUT_S, LineChannel
from .wire import LINES, Refused, decode

HELP = ("Type a square to flip it (c2) or a move (c2-c3, c2xc3). Commands: moves, board, draw (offer a draw), "
        "takeback (ask to take back your last move), accept, decline, resign, say LINE (" + ", ".join(LINES)
        + "), claim, record, help. Leaving after a flip loses: a peer that does not answer a flip within "
        f"{FLIP_ANSWER_S} s may be claimed to have abandoned.")
SHOWN_TEXT = 300  # the longest line of the peer's (or about the peer) shown
KEYS_WAIT_S = 60.0  # after the end, how long to wait for the peer's keys


class RemoteTerminal:
    """One side of a remote game at the keyboard (or played by ``auto``, a computer player's name)."""

    def __init__(self, channel: LineChannel, session: RemoteSession, view: TerminalView, auto: str | None = None,
                 out: Callable[[str], None] = print, read_line: Callable[[str], str] = input) -> None:
        self.channel, self.session, self.view, self.out, self.read_line = channel, session, view, out, read_line
        self.auto = None
        self.seed = 0
        self.setup_refused = False  # the set-up failed: this side leaves
        if auto:
            from ..players import make_player, new_player_seed

            self.auto, self.seed = make_player(auto), new_player_seed()

    # -- carrying messages ------------------------------------------------------------------
    def post(self, reply: Reply) -> None:
        for text in reply.messages:
            self.channel.send(text)
        for event in reply.events:
            self.show(event)

    def pump(self, timeout: float) -> bool:
        """Take the peer's messages that arrive within ``timeout`` s; False once the connection is gone."""
        try:
            text = self.channel.receive(timeout)
        except queue.Empty:
            return True
        while True:
            if text is CLOSED or not self.agree_to(text):
                return False
            self.post(self.session.receive(text))
            try:
                text = self.channel.receive(0)
            except queue.Empty:
                return True

    def agree_to(self, text: str) -> bool:
        """A guest asked to accept the host's clock before the game starts (its player typed no ``--clock``):
        the hello's clock shown and accepted, or declined (False: this side leaves)."""
        session = self.session
        if session.role != "guest" or session.received or session.agreed_clock != ANY_CLOCK or self.auto:
            return True
        try:
            hello = decode(text)
        except Refused:
            return True  # the session refuses it, with its reason
        if hello["kind"] != "hello" or hello["clock"] is None:
            return True
        host = printable(hello["name"], SHOWN_TEXT)
        try:
            answer = self.read_line(f"{host} invites you to {printable(hello['variant'], SHOWN_TEXT)} with the clock "
                                    f"{clock_text(hello['clock'])} (minutes + seconds a move). Accept? [y/n] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            self.out("You declined the game.")
            return False
        session.agreed_clock = hello["clock"]
        return True

    def show(self, event: dict[str, Any]) -> None:
        kind, session = event["type"], self.session
        text = printable(event.get("message", {}).get("text", ""), SHOWN_TEXT)
        peer = printable(session.names.get(session.peer_role, "the peer"), SHOWN_TEXT) or "the peer"
        if kind == "started":
            opener = "you open" if event["first"] == "me" else f"{peer} opens"
            clock = f", clock {clock_text(session.clock_setting)}" if session.clock_setting else ""
            self.out(f"{session.ruleset.spec.title if session.ruleset else ''} against {peer}{clock}: {opener}. "
                     "Type help for the commands.")
        elif kind == "opponent_moved":
            self.out(f"  {peer} plays {event['move']['text']}")
        elif kind == "flip_revealed" and event["move"]["player"] == session.me:
            self.out(f"  you play {event['move']['text']}")
        elif kind == "chat":
            who = "you" if event["from"] == "me" else peer
            self.out(f"  {who}: {text}")
        elif kind == "game_over":
            self.out(f"Game over: {event['outcome']}")
        elif kind == "took_back":
            self.out(f"  {event['count']} action(s) taken back")
        elif kind in ("verified", "cheat", "refused", "draw_offered", "takeback_asked", "offer_answered"):
            self.out(f"  {text}")
            if kind == "refused" and session.phase == "setup":
                self.setup_refused = True

    # -- the game ---------------------------------------------------------------------------
    def run(self) -> int:
        session = self.session
        waited_for_keys = 0.0
        since = time.monotonic()
        while True:
            if session.phase == "setup" and (self.setup_refused or time.monotonic() - since > SETUP_TIMEOUT_S):
                self.out("The game could not be set up.")
                self.channel.close()
                return 2
            if session.phase in ("verified", "cheated"):
                if session.game is not None:
                    self.out(session.game.record_text())
                self.channel.close()
                return 0 if session.phase == "verified" else 3
            if session.phase == "over":
                if waited_for_keys >= KEYS_WAIT_S:
                    self.out("The peer did not publish its keys: the game cannot be checked.")
                    return 0
                waited_for_keys += 1.0
                if not self.pump(1.0) and session.phase == "over":
                    self.out("The connection closed before the peer published its keys.")
                    return 0
                continue
            status = session.status()
            if status["my_turn"] or (session.offer and session.offer["from"] == "peer"):
                if not self.my_turn():
                    return 0
                self.pump(0)
                continue
            if status["claimable"]:
                self.post(session.claim())
                continue
            if not self.pump(1.0) and session.phase in ("setup", "playing"):
                self.out("The connection closed.")
                return 2

    def my_turn(self) -> bool:
        """Ask for this side's action (or an answer to the peer's offer); False when the player quits."""
        session = self.session
        game = session.game
        assert game is not None
        offer = session.offer
        if self.auto is not None:
            if offer and offer["from"] == "peer":
                self.post(session.answer(offer["kind"], False))
                return True
            from ..players import make_turn

            choice = self.auto.choose(make_turn(game, self.seed))
            if choice.action is None:
                return False
            self.post(session.act(choice.action))
            return True
        if offer and offer["from"] == "peer":
            self.out(f"{offer['kind'].capitalize()} offered: type accept or decline.")
        else:
            self.out(self.view.board(game.state))
            clocks = session.status()["clocks"]
            if clocks:
                self.out("Clocks: " + ", ".join(f"player {p} {ms // 60000}:{ms // 1000 % 60:02d}"
                                                for p, ms in clocks.items()))
        try:
            line = self.read_line(f"{session.names[session.role]}> ").strip()
        except EOFError:
            return False
        return self.command(line)

    def command(self, line: str) -> bool:
        session = self.session
        game = session.game
        assert game is not None
        word, _, rest = line.partition(" ")
        try:
            if word in ("quit", "exit"):
                return False
            if word == "help" or not word:
                self.out(HELP)
            elif word == "moves":
                self.out(" ".join(sorted_action_texts(game.state)))
            elif word == "board":
                self.out(self.view.board(game.state))
            elif word == "record":
                self.out(game.record_text())
            elif word in ("draw", "takeback"):
                self.post(session.offer_to_peer(word))
            elif word in ("accept", "decline"):
                offer = session.offer
                self.post(session.answer(offer["kind"] if offer else "", word == "accept"))
            elif word == "resign":
                self.post(session.resign())
            elif word == "say":
                self.post(session.say(rest.strip()))
            elif word == "claim":
                self.post(session.claim())
            else:
                self.post(session.act(line))
        except HdchessError as exc:
            self.out(str(exc))
        return True


def host_handshake(session: RemoteSession, timeout: float = SETUP_TIMEOUT_S) -> Callable[[LineChannel], Reply | None]:
    """The host's set-up with one client: its ``hello`` sent, the client's ``welcome`` taken within ``timeout``
    s. The reply to post (the ``start``) once it is; None for a client that stays silent or says anything
    else (a refused message changes nothing, so the next client gets the same ``hello``)."""

    def handshake(channel: LineChannel) -> Reply | None:
        for sent in session.sent:
            channel.send(sent)
        try:
            text = channel.receive(timeout)
        except queue.Empty:
            return None
        if text is CLOSED:
            return None
        reply = session.receive(text)
        return reply if session.phase == "playing" else None

    return handshake


__all__ = ["HELP", "RemoteTerminal", "host_handshake"]
