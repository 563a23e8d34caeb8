"""The hdchess AI: expectiminimax over the public position.

Public API (stable; the engine protocol, the match harness and the web bridge
use only this):

- ``analyse(state, limits, seed=0, on_info=None, stop=None) -> SearchResult``:
  the best action under ``limits`` (time, depth or nodes), with its score and
  principal variation. ``on_info`` receives a SearchInfo after each completed
  depth; ``stop`` is a ``threading.Event`` that ends the search early.
- ``decide(state, level, seed=0, limits=None) -> SearchResult``: the move a level plays
  (within its own budget, or within ``limits`` at full strength), through a ``Decision``
  that also runs in slices (``begin``, ``advance``, ``result``); ``choose_action(state,
  level, seed=0)``, the same within the level's own budget. Deterministic for a given
  state, level and seed under a node budget.
- ``hint(state, seed=0)``: the strongest analysis a browser can afford.
- ``LEVELS``: the six levels, Beginner to Grandmaster (the last thinks by time).

The AI only ever receives a public state (:class:`hdchess.rules.GameState`): the pool
of face-down pieces, never anything the referee keeps. Each game brings its
own evaluation and move ordering (:class:`hdchess.knowledge.Knowledge`, beside
the rules, below this package); the search is shared.

The names above are imported at their first use (PEP 562) because the web
page's first screen imports :mod:`.level_table` and :mod:`.limits` (the levels'
names and budgets, which import no search), and importing them runs this file:
an eager import here would load the search into a page that has not asked for
a computer move (``tests/test_bridge.py`` checks that it does not).
"""

import importlib
from typing import Any

_LAZY = {name: ".level_table" for name in ("LEVELS", "Level", "level_by_name")}
_LAZY |= {name: ".decision" for name in ("Decision", "choose_action", "decide", "hint")}
_LAZY |= {"SearchLimits": ".limits"}
_LAZY |= {name: ".search" for name in ("SearchInfo", "SearchResult", "analyse")}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "LEVELS", "Decision", "Level", "SearchInfo", "SearchLimits", "SearchResult", "analyse",
    "choose_action", "decide", "hint", "level_by_name",
]
