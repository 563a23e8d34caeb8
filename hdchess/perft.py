"""perft (RULES.md section 2): leaf counts of the tree of legal actions.

A flip branches once per distinct piece in the pool; a move branches once.
The no-progress and repetition endings are not applied.
"""

from __future__ import annotations

from .state import Action, State


def _children(state: State, action: Action) -> list[int | None]:
    outcomes = state.chance_outcomes(action)
    return [piece for piece, _ in outcomes] if outcomes else [None]


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        for revealed in _children(state, action):
            if depth == 1:
                total += 1
                continue
            state.push(action, revealed)
            total += perft(state, depth - 1)
            state.pop()
    return total


def divide(state: State, depth: int) -> list[tuple[Action, int | None, int]]:
    """(action, revealed piece, count) for each root branch."""
    rows = []
    for action in state.legal_actions():
        for revealed in _children(state, action):
            state.push(action, revealed)
            rows.append((action, revealed, perft(state, depth - 1)))
            state.pop()
    return rows
