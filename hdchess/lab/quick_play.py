"""Quick self-play for Cheight's offline tools: many games in little time.

A player looks one move ahead with the AI's evaluation and chooses by chance
among the moves that look about as good (softmax, ``temperature`` in points).
It covers the enemy General when it can, and the evaluation keeps it from
leaving its own General to be covered next move when another move exists.
Weak, but fast (a game in well under a second) and varied.
"""

from __future__ import annotations

import math
import random

from ..stacks.knowledge import difference
from ..stacks.state import State

WIN = 1000.0


def choose(state: State, rng: random.Random, temperature: float = 1.0) -> int:
    """The quick player's action in ``state`` (left unchanged)."""
    me = state.side
    scored: list[tuple[float, int]] = []
    for action in state.legal_actions():
        state.push(action)
        outcome = state.outcome()
        if outcome is not None:
            value = WIN if outcome.winner == me else -WIN if outcome.winner is not None else 0.0
        else:
            value = difference(state)
            value = value if state.side == me else -value
        state.pop()
        if value >= WIN:
            return action
        scored.append((value, action))
    best = max(value for value, _ in scored)
    weights = [math.exp((value - best) / temperature) for value, _ in scored]
    return rng.choices([action for _, action in scored], weights)[0]


def game(start: State, seed: int, max_plies: int = 300, temperature: float = 1.0) -> list[State]:
    """Every position of one quick self-play game from ``start`` (a copy each), the last one its end."""
    rng = random.Random(seed)
    state = start.copy()
    positions = [state.copy()]
    while state.outcome() is None and state.ply - start.ply < max_plies:
        state.push(choose(state, rng, temperature))
        positions.append(state.copy())
    return positions


__all__ = ["choose", "game"]
