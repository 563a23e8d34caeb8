"""Checking tables against the rules engine: positions drawn at random, and
the one-ply consistency every exact value must have.

A table value must equal the best of its actions' values, each found by the
engine itself (``push``, ``outcome``, the chase counts and penalties as the
game keeps them) and the tables for the child. Together with the rules'
own ends this is what the retrograde analysis solved, computed another way.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..position import EMPTY, Position
from ..state import State

if TYPE_CHECKING:
    from ...rules import Ruleset
    from .probe import WdlProber


def sample_state(ruleset: Ruleset, keys: list[tuple[int, ...]], rng: random.Random, walk: int = 8) -> Position | None:
    """A random position of one of the materials ``keys``: pieces placed at random,
    then up to ``walk`` random quiet moves (so that last moves, penalties and chase
    counts are those of play), with a random no-progress count. None if it ended."""
    limit = ruleset["no_progress_plies"]
    key = rng.choice(keys)
    mailbox = [EMPTY] * 32
    for piece, sq in zip(key, rng.sample(range(32), len(key))):
        mailbox[sq] = piece
    state = State.from_parts(ruleset, mailbox, [0] * 16, rng.randrange(2))
    for _ in range(rng.randrange(walk + 1)):
        if state.outcome() is not None:
            return None
        quiet = [a for a in state.legal_actions() if not state.is_capture(a)]
        if not quiet:
            break
        state.push(rng.choice(quiet))
    state = State.from_parts(ruleset, state.mailbox, [0] * 16, state.side, quiet=rng.randrange(max(limit, 1)),
                             penalties=state.penalties, last_moves=state.last_moves, chase=state.chase)
    return None if state.outcome() is not None else state


def consistent(prober: WdlProber, state: Position) -> bool | None:
    """Does the value of ``state`` equal the best of its actions' (None: not covered)?"""
    value = prober.probe(state)
    values = prober.root(state)
    if value is None or values is None:
        return None
    return abs(max(values.values()) - value) < 0.5  # values are whole; a capture's tie-break is a fraction


def verify(ruleset: Ruleset, prober: WdlProber, keys: list[tuple[int, ...]], samples: int,
           seed: int = 0) -> dict[str, int]:
    """Check ``samples`` random positions; counts of checked, skipped and failed ones."""
    rng = random.Random(seed)
    report = {"checked": 0, "not covered": 0, "failed": 0}
    while report["checked"] + report["not covered"] < samples:
        state = sample_state(ruleset, keys, rng)
        if state is None:
            continue
        result = consistent(prober, state)
        if result is None:
            report["not covered"] += 1
        else:
            report["checked"] += 1
            report["failed"] += not result
    return report
