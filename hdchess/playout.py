"""Random playouts: games played to the end by uniformly random legal actions.

Used to measure the engine's speed and by property tests. Chance results come
from the referee's own kind of deal (:class:`~hdchess.referee.KnownDeal`),
laid out once with the caller's RNG, so a playout is reproducible from it.
"""

from __future__ import annotations

import random

from .referee import KnownDeal
from .rules import GameState
from .vocabulary import Outcome


def random_playout(state: GameState, rng: random.Random, max_plies: int = 100_000) -> tuple[int, Outcome | None]:
    """Play random actions on ``state`` (in place) until the game ends.

    Every legal action is equally likely. Returns (actions played, outcome);
    the outcome is None only if ``max_plies`` ran out first.
    """
    layout = KnownDeal(state, rng=rng).layout  # slot -> outcome (popped when revealed)
    rand = rng.random
    legal_actions, outcome, push, chance_slot = state.legal_actions, state.outcome, state.push, state.chance_slot
    plies = 0
    while plies < max_plies:
        actions = legal_actions()
        result = outcome(actions)
        if result is not None:
            return plies, result
        action = actions[int(rand() * len(actions))]
        slot = chance_slot(action)
        push(action, None if slot is None else layout.pop(slot))
        plies += 1
    return plies, None
