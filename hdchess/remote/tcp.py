"""The protocol over TCP for the terminal: one message per line (newline-delimited JSON, UTF-8).

TCP is ordered and reliable, all the protocol asks of a transport. A reader
thread turns the socket's lines into a queue, so the terminal can wait for the
peer and for its own clock at once. A line is read in bounded pieces: past
``MAX_LINE_BYTES`` without a newline, what came is passed on cut short (the
session refuses it, naming the limit) and the rest of that line is dropped as it
arrives, so a peer that never sends a newline costs no memory. The host listens
on loopback unless told an address, and keeps listening until a peer has
completed the set-up within ``SETUP_TIMEOUT_S``: a silent or broken client is
dropped and the next may join.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
from collections.abc import Callable
from typing import TypeVar

from .wire import MAX_MESSAGE

CLOSED = None  # what the queue yields once the connection is gone
MAX_LINE_BYTES = MAX_MESSAGE + 2  # a longest message (ASCII JSON) and its line end; longer is refused
CHUNK = 65_536
SETUP_TIMEOUT_S = 60.0  # connecting, and a joining peer's set-up (its welcome takes a few seconds of modexps)
LOOPBACK = "127.0.0.1"
T = TypeVar("T")


class LineChannel:
    """A connected socket: :meth:`send` one message, :meth:`receive` the next (or CLOSED, or raise queue.Empty)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.incoming: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        line = bytearray()
        dropping = False  # inside a line already passed on cut short
        try:
            while chunk := self.sock.recv(CHUNK):
                while chunk:
                    end = chunk.find(b"\n")
                    piece, chunk = (chunk, b"") if end < 0 else (chunk[:end], chunk[end + 1:])
                    if not dropping:
                        line += piece[:MAX_LINE_BYTES + 1 - len(line)]
                        if len(line) > MAX_LINE_BYTES:  # too long: passed on cut short, the rest dropped
                            self._put(line)
                            line, dropping = bytearray(), True
                    if end >= 0:
                        if not dropping:
                            self._put(line)
                        line, dropping = bytearray(), False
        except OSError:
            pass
        self.incoming.put(CLOSED)

    def _put(self, raw: bytes | bytearray) -> None:
        self.incoming.put(bytes(raw).decode("utf-8", errors="replace").rstrip("\r"))

    def send(self, text: str) -> None:
        self.sock.sendall(text.encode("utf-8") + b"\n")

    def receive(self, timeout: float) -> str | None:
        return self.incoming.get(timeout=timeout)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def serve(port: int, handshake: Callable[[LineChannel], T | None], address: str = LOOPBACK,
          announce: object = print) -> tuple[LineChannel, T]:
    """Listen on ``address``:``port`` (port 0: a free one, announced) until a client's ``handshake`` succeeds
    (it returns what it made, or None for a client to drop); the channel and what the handshake made."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.create_server((address.strip("[]"), port), family=family) as server:
        if callable(announce):
            announce(f"Waiting for a player on {address} port {server.getsockname()[1]} ...")
        while True:
            conn, _ = server.accept()
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            channel = LineChannel(conn)
            made = handshake(channel)
            if made is not None:
                return channel, made
            channel.close()


def connect(address: str, timeout: float = SETUP_TIMEOUT_S) -> LineChannel:
    """Connect to ``HOST:PORT``."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"{address!r} is not HOST:PORT")
    sock = socket.create_connection((host.strip("[]"), int(port)), timeout=timeout)
    sock.settimeout(None)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return LineChannel(sock)


__all__ = ["CLOSED", "LOOPBACK", "MAX_LINE_BYTES", "SETUP_TIMEOUT_S", "LineChannel", "connect", "serve"]
