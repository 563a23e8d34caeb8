"""A remote game at the terminal (``hdchess play --host PORT`` / ``--join HOST:PORT``).

The session (:mod:`.session`) plays; this loop carries its messages over a
:class:`.tcp.LineChannel`, shows its events, and asks the person at the keyboard
(or, with ``auto``, a computer player) for this side's actions. While the peer
is to act, the loop waits for it and claims the game as soon as the peer's clock
has run out (or, with no clocks, once it has been silent for the stated wait).
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from typing import Any

from ..errors import HdchessError
from ..notation import sorted_action_texts
from ..terminal import TerminalView
from .session import RemoteSession, Reply
from .tcp import CLOSED, LineChannel
from .wire import LINES

HELP = ("Type a square to flip it (c2) or a move (c2-c3, c2xc3). Commands: moves, board, draw (offer a draw), "
        "takeback (ask to take back your last move), accept, decline, resign, say LINE (" + ", ".join(LINES)
        + "), claim, record, help.")
KEYS_WAIT_S = 60.0  # after the end, how long to wait for the peer's keys


class RemoteTerminal:
    """One side of a remote game at the keyboard (or played by ``auto``, a computer player's name)."""

    def __init__(self, channel: LineChannel, session: RemoteSession, view: TerminalView, auto: str | None = None,
                 out: Callable[[str], None] = print, read_line: Callable[[str], str] = input) -> None:
        self.channel, self.session, self.view, self.out, self.read_line = channel, session, view, out, read_line
        self.auto = None
        self.seed = 0
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
            if text is CLOSED:
                return False
            self.post(self.session.receive(text))
            try:
                text = self.channel.receive(0)
            except queue.Empty:
                return True

    def show(self, event: dict[str, Any]) -> None:
        kind, session = event["type"], self.session
        text = event.get("message", {}).get("text", "")
        peer = session.names.get(session.peer_role, "the peer")
        if kind == "started":
            opener = "you open" if event["first"] == "me" else f"{peer} opens"
            self.out(f"{session.ruleset.spec.title if session.ruleset else ''} against {peer}: {opener}. "
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

    # -- the game ---------------------------------------------------------------------------
    def run(self) -> int:
        session = self.session
        waited_for_keys = 0.0
        while True:
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


__all__ = ["HELP", "RemoteTerminal"]
