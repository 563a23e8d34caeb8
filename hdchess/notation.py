"""Position and action notation, for every game: each family reads and writes
its own (``hdchess rules VARIANT`` describes it); this module is the one place
the rest of hdchess turns text into states and actions and back.

>>> state = parse_position("8/8/8/R6r r - 0 9")
>>> sorted(move_text(a, state) for a in state.legal_actions())[-2:]
['a1-g1', 'a1xh1']
"""

from __future__ import annotations

from collections.abc import Iterable

from .rules import GameState, Ruleset
from .variants import load_ruleset
from .vocabulary import Action


def parse_position(text: str, ruleset: Ruleset | None = None) -> GameState:
    """Read a position line of ``ruleset``'s game (hdc2 by default), checking that it could occur."""
    return (ruleset or load_ruleset()).read_position(text)


def position_text(state: GameState, extended: bool | None = None) -> str:
    """The position line; ``extended`` asks for the optional history fields too."""
    return state.position_text(extended)


def move_text(action: Action, state: GameState, outcome: int | None = None) -> str:
    """An action as text in ``state``; with ``outcome``, as a record writes it (``c2(R)``)."""
    return state.action_text(action, outcome)


def pv_text(state: GameState, pv: Iterable[Action]) -> list[str]:
    """A line of play (a principal variation) as text, each action written in the
    position it is played in. A line ends at its first chance action, whose
    result nobody knows."""
    probe, texts = state.copy(), []
    for action in pv:
        if action not in probe.legal_actions():
            break
        texts.append(probe.action_text(action))
        if probe.is_chance(action):
            break
        probe.push(action)
    return texts


def sorted_action_texts(state: GameState) -> list[str]:
    """Every legal action as text, in plain character order (as ``hdchess moves`` prints them)."""
    return sorted(state.action_text(a) for a in state.legal_actions())


__all__ = ["move_text", "parse_position", "position_text", "pv_text", "sorted_action_texts"]
