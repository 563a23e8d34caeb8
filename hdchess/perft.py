"""perft: leaf counts of the tree of legal actions, for checking move generators.

A chance action branches once per possible outcome (a flip: once per distinct
piece in the pool); any other action branches once. The game's end is not
applied (each family's rules text says what its perft counts).
"""

from __future__ import annotations

from .bounds import MAX_PERFT_DEPTH, check
from .rules import GameState
from .vocabulary import Action


def _children(state: GameState, action: Action) -> list[int | None]:
    outcomes = state.chance_outcomes(action)
    return [outcome for outcome, _ in outcomes] if outcomes else [None]


def perft(state: GameState, depth: int) -> int:
    """The leaves at ``depth`` (0 to MAX_PERFT_DEPTH; HdchessError otherwise)."""
    return _perft(state, check("depth", depth, MAX_PERFT_DEPTH))


def _perft(state: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        for outcome in _children(state, action):
            if depth == 1:
                total += 1
                continue
            state.push(action, outcome)
            total += _perft(state, depth - 1)
            state.pop()
    return total


def divide(state: GameState, depth: int) -> list[tuple[Action, int | None, int]]:
    """(action, outcome, count) for each root branch."""
    depth = check("depth", depth, MAX_PERFT_DEPTH, 1)
    rows = []
    for action in state.legal_actions():
        for outcome in _children(state, action):
            state.push(action, outcome)
            rows.append((action, outcome, _perft(state, depth - 1)))
            state.pop()
    return rows
