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
- ``LEVELS``: the five levels, Beginner to Master.

The AI only ever receives a public state (:mod:`hdchess.gamestate`): the pool
of face-down pieces, never anything the referee keeps. Each game brings its
own evaluation and move ordering (:class:`Knowledge`); the search is shared.
"""

from .knowledge import Knowledge
from .levels import LEVELS, Level, choose_action, hint, level_by_name
from .search import SearchInfo, SearchLimits, SearchResult, analyse

__all__ = [
    "LEVELS", "Knowledge", "Level", "SearchInfo", "SearchLimits", "SearchResult", "analyse",
    "choose_action", "hint", "level_by_name",
]
