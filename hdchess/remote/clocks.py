"""Both players' clocks, each side keeping both on its own wall clock: a player's time is only what it measured.

Each side runs the clock of the player to act. This side's own clock is what it
measured of its own turns, from the moment the turn reached it to the moment its
action left: nothing the peer says changes it. The peer's clock is what this side
measured of the peer's turns, from the moment the turn left (on this side) to the
move's arrival, so the network's time counts against the mover; the peer's
reading, carried by its move, can only lower that figure (``min(reading,
measured)``), never give back time this side saw pass. So this side's figure for
the peer runs ahead of the peer's own by the round trips of the peer's turns: a
claim on time waits ``CLAIM_GRACE_MS`` past the peer's zero on this side, and the
claimed side takes it only when its own clock is out (:mod:`.session`).
Wall-clock time (not a monotonic clock) so that a saved game reloaded later
charges the running player for the time in between.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CLAIM_GRACE_MS = 3000  # the network's share: a claim on time comes this long after the peer's zero on this side


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
        return max(0, -self.late_by(player, now))

    def late_by(self, player: int, now: float) -> int:
        """How many ms ago ``player``'s clock ran out at ``now`` (negative: the time it still has)."""
        left = self.left[player]
        if self.running == player:
            left -= round((now - self.since) * 1000)
        return -left

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
        """The peer's move arrived with its reading: keep what this side measured, lowered by the reading
        if the peer says it has less (a reading never gives back time this side saw pass)."""
        measured = self.reading(player, now) + (self.increment_ms if passes else 0)
        self.left[player] = measured if reported is None else max(0, min(reported, measured))
        self.running = None
        return self.left[player]

    def as_dict(self) -> dict[str, Any]:
        return {"initial_ms": self.initial_ms, "increment_ms": self.increment_ms,
                "left": {str(p): ms for p, ms in self.left.items()}, "running": self.running, "since": self.since}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clocks:
        return cls(int(data["initial_ms"]), int(data["increment_ms"]),
                   {int(p): int(ms) for p, ms in data["left"].items()},
                   None if data["running"] is None else int(data["running"]), float(data["since"]))


__all__ = ["CLAIM_GRACE_MS", "Clocks"]
