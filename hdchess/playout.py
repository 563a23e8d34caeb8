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

    Every legal action is equally likely: an index is drawn over the face-down
    squares and the moves together, so the flips need no list of their own.
    Returns (plies played, outcome); the outcome is None only if ``max_plies``
    ran out first.
    """
    layout = deal(state, rng)
    mailbox = state.mailbox
    rand = rng.random
    legal_moves, outcome, push = state.legal_moves, state.outcome, state.push
    spec = state.spec
    # hdc2 ends only by no action, no progress or repetition (which needs 4 quiet plies)
    always_check = spec.general_loss or not spec.decided_by_score
    limit = state.ruleset.get("no_progress_plies", 0)
    quiet_check = min(limit, 4) if limit else 4
    plies = 0
    while plies < max_plies:
        moves = legal_moves()
        hidden = state.hidden
        flips = hidden.bit_count()
        if always_check or state.quiet >= quiet_check or not (flips or moves):
            result = outcome(moves)
            if result is not None:
                return plies, result
        index = int(rand() * (flips + len(moves)))
        if index < flips:
            sq = squares(hidden)[index]
            push(sq * 33, layout[sq])
        else:
            action = moves[index - flips]
            to = action & 31
            push(action, layout[to] if mailbox[to] == HIDDEN else None)
        plies += 1
    return plies, None
