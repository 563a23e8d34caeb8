"""Random playouts: games played to the end by uniformly random legal actions.

Used to measure the engine's speed and by property tests. Like the referee,
a playout deals the face-down pieces once, with the caller's RNG, so a flip
reveals the piece dealt to its square.
"""

from __future__ import annotations

import random

from .core import HIDDEN, squares
from .state import Outcome, State


def deal(state: State, rng: random.Random) -> list[int]:
    """A layout for the face-down squares of ``state``: mailbox-sized, HIDDEN elsewhere."""
    pieces = [p for p, n in enumerate(state.pool) for _ in range(n)]
    rng.shuffle(pieces)
    layout = [HIDDEN] * len(state.mailbox)
    for sq, piece in zip(squares(state.hidden), pieces):
        layout[sq] = piece
    return layout


def random_playout(state: State, rng: random.Random, max_plies: int = 100_000) -> tuple[int, Outcome | None]:
    """Play random actions on ``state`` (in place) until the game ends.

    Returns (plies played, outcome); the outcome is None only if ``max_plies``
    ran out first.
    """
    layout = deal(state, rng)
    mailbox = state.mailbox
    rand = rng.random
    legal_actions, outcome, push = state.legal_actions, state.outcome, state.push
    plies = 0
    while plies < max_plies:
        actions = legal_actions()
        result = outcome(actions)
        if result is not None:
            return plies, result
        action = actions[int(rand() * len(actions))]
        to = action & 31
        push(action, layout[to] if mailbox[to] == HIDDEN else None)
        plies += 1
    return plies, None
