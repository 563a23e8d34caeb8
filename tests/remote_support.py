"""Shared helpers for the remote-play tests: a clock the test moves by hand, and pairs past their set-up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hdchess.remote.loopback import Loopback

_PAIRS: dict[str, Loopback] = {}


class FakeTime:
    """Wall-clock seconds that pass only when the test says (``now.t += 5``)."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def fresh(variant: str = "hdc2", clock: dict[str, Any] | None = None, now: Callable[[], float] | None = None
          ) -> Loopback:
    """A pair just past its set-up, the host opening (set up once per game and clock, then copied: a set-up
    costs modexps); with ``now``, the copy's clocks and waits start at ``now()``."""
    key = f"{variant} {clock}"
    if key not in _PAIRS:
        pair = Loopback(variant, first="host", clock=clock)
        pair.deliver()
        _PAIRS[key] = pair
    return _PAIRS[key].copy(now)
