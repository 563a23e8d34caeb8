"""The protocol over TCP for the terminal: one message per line (newline-delimited JSON, UTF-8).

TCP is ordered and reliable, all the protocol asks of a transport. A reader
thread turns the socket's lines into a queue, so the terminal can wait for the
peer and for its own clock at once.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import threading

from .wire import MAX_MESSAGE

CLOSED = None  # what the queue yields once the connection is gone


class LineChannel:
    """A connected socket: :meth:`send` one message, :meth:`receive` the next (or CLOSED, or raise queue.Empty)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.incoming: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        try:
            with self.sock.makefile("rb") as stream:
                for raw in stream:
                    # an over-long line is passed on cut short: the session refuses it with a reason
                    self.incoming.put(raw[:MAX_MESSAGE + 2].decode("utf-8", errors="replace").rstrip("\r\n"))
        except OSError:
            pass
        self.incoming.put(CLOSED)

    def send(self, text: str) -> None:
        self.sock.sendall(text.encode("utf-8") + b"\n")

    def receive(self, timeout: float) -> str | None:
        return self.incoming.get(timeout=timeout)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def serve(port: int, announce: object = print) -> LineChannel:
    """Wait on ``port`` (all interfaces) for one peer; port 0 takes a free one (announced)."""
    with socket.create_server(("", port)) as server:
        if callable(announce):
            announce(f"Waiting for a player on port {server.getsockname()[1]} ...")
        conn, _ = server.accept()
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return LineChannel(conn)


def connect(address: str, timeout: float = 30.0) -> LineChannel:
    """Connect to ``HOST:PORT``."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"{address!r} is not HOST:PORT")
    sock = socket.create_connection((host.strip("[]"), int(port)), timeout=timeout)
    sock.settimeout(None)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return LineChannel(sock)


__all__ = ["CLOSED", "LineChannel", "connect", "serve"]
