"""Both players' clocks, kept by each side and reconciled at every move.

Each side runs the clock of the player to act on its own wall clock. A move
carries its mover's reading; the receiver measured the same turn itself, from
the moment the turn passed (on its side) to the move's arrival, so the network's
time counts against the mover, and takes ``min(reading, measured + tolerance)``:
a mover may round in its own favour by at most ``CLOCK_TOLERANCE_MS``. Each move also carries
the mover's view of the other's clock, which that side adopts when lower (by at
most the tolerance): the two sides' figures never drift further apart.
Wall-clock time (not a monotonic clock) so that a saved game reloaded later
charges the running player for the time in between.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CLOCK_TOLERANCE_MS = 3000


@dataclass
class Clocks:
    """Milliseconds left for players 1 and 2; ``running`` is the player whose clock runs since ``since`` (s)."""

    initial_ms: int
    increment_ms: int
    left: dict[int, int] = field(default_factory=dict)
    running: int | None = None
    since: float = 0.0

    def __post_init__(self) -> None:
        if not self.left:
            self.left = {1: self.initial_ms, 2: self.initial_ms}

    def reading(self, player: int, now: float) -> int:
        """``player``'s time left at ``now`` (never below zero)."""
        left = self.left[player]
        if self.running == player:
            left -= round((now - self.since) * 1000)
        return max(0, left)

    def start(self, player: int | None, now: float) -> None:
        """``player``'s clock runs from ``now`` (None: no clock runs, the game is over)."""
        self.running, self.since = player, now

    def stop(self, player: int, now: float, passes: bool) -> int:
        """This side's player ends an action: its reading, the increment added when the turn passes."""
        left = self.reading(player, now) + (self.increment_ms if passes else 0)
        self.left[player] = left
        self.running = None
        return left

    def settle(self, player: int, reported: int | None, now: float, passes: bool) -> int:
        """The peer's move arrived with its reading: keep ``min(reading, measured + tolerance)``."""
        measured = self.reading(player, now) + (self.increment_ms if passes else 0)
        left = measured if reported is None else min(reported, measured + CLOCK_TOLERANCE_MS)
        self.left[player] = max(0, left)
        self.running = None
        return self.left[player]

    def adopt(self, player: int, seen: int | None) -> None:
        """The peer's view of this side's clock (sent with its move): taken when lower, but never more than
        the tolerance below this side's own figure, so both sides' figures agree within the tolerance."""
        if seen is not None:
            own = self.left[player]
            self.left[player] = min(own, max(seen, own - CLOCK_TOLERANCE_MS))

    def as_dict(self) -> dict[str, Any]:
        return {"initial_ms": self.initial_ms, "increment_ms": self.increment_ms,
                "left": {str(p): ms for p, ms in self.left.items()}, "running": self.running, "since": self.since}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clocks:
        return cls(int(data["initial_ms"]), int(data["increment_ms"]),
                   {int(p): int(ms) for p, ms in data["left"].items()},
                   None if data["running"] is None else int(data["running"]), float(data["since"]))


__all__ = ["CLOCK_TOLERANCE_MS", "Clocks"]
