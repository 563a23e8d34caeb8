"""The hdchess AI: expectiminimax over the public position.

Public API (stable; the engine protocol, the match harness and the web bridge
use only this):

- ``analyse(state, limits, seed=0, on_info=None, stop=None) -> SearchResult``:
  the best action under ``limits`` (time, depth or nodes), with its score and
  principal variation. ``on_info`` receives a SearchInfo after each completed
  depth; ``stop`` is a ``threading.Event`` that ends the search early.
- ``choose_action(state, level, seed=0) -> SearchResult``: the move a level plays.
  Deterministic for a given state, level and seed.
- ``hint(state, seed=0)``: the strongest analysis a browser can afford.
- ``LEVELS``: the six levels, Beginner to Grandmaster (the last thinks by time).

The AI only ever receives a public state (:class:`hdchess.rules.GameState`): the pool
of face-down pieces, never anything the referee keeps. Each game brings its
own evaluation and move ordering (:class:`Knowledge`); the search is shared.


The search and the levels are imported at their first use (PEP 562): a game's
knowledge (its evaluation) needs this package, and a program that only plays
moves, such as the web page's first screen, should not pay for the search.
The level table (:mod:`.level_table`) and ``SearchLimits`` (:mod:`.limits`)
import no search: naming a level or a budget costs nothing.
"""

import importlib
from typing import Any

from .knowledge import Knowledge

_LAZY = {name: ".level_table" for name in ("LEVELS", "Level", "level_by_name")}
_LAZY |= {name: ".levels" for name in ("choose_action", "hint")}
_LAZY |= {"SearchLimits": ".limits"}
_LAZY |= {name: ".search" for name in ("SearchInfo", "SearchResult", "analyse")}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "LEVELS", "Knowledge", "Level", "SearchInfo", "SearchLimits", "SearchResult", "analyse",
    "choose_action", "hint", "level_by_name",
]
