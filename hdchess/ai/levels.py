"""The AI levels: five with a node budget and a softmax temperature over root
moves, and a top level that thinks by time.

A node budget (not a time budget) makes a level deterministic for a given
position and seed, on any machine, in CPython or in the browser. Weak levels
pick among the root moves with probabilities softmax(score / T), the scores
and T in points of material: a move a little worse than the best is often
played, a blunder rarely, which is how people err, and a found win is played
in a won position as surely as a free piece is taken in an even one; once
nothing is left to chance and a level is clearly ahead, it plays its best
move and walks the ending home (:func:`converting`). The top
level (Grandmaster) searches for a time instead, as deep as the machine
allows: about 2 s a move (the web app shows its progress and can make it move
at once).

The table of levels (:mod:`.level_table`) is kept apart from the search, so
naming or listing the levels costs no search; this module holds how a level
weighs the search's values (its temperature and contempt in the evaluation's
units, when it converts a won ending, the budget of a move by time), and
:mod:`.decision` plays them.
"""

from __future__ import annotations

import math
import random

from ..rules import GameState, Ruleset
from .level_table import LEVELS, TIMED_LEVELS, TOP_LEVEL, Level, level_by_name
from .limits import SearchLimits
from .timing import TimeManager


def softmax_choice(scores: dict[int, float], temperature: float, rng: random.Random) -> int:
    """Pick a root action with probability proportional to exp(score / T) (scores and T in points)."""
    best = max(scores.values())
    actions = sorted(scores)  # a fixed order, so the draw depends only on the seed
    weights = [math.exp((scores[a] - best) / temperature) for a in actions]
    return rng.choices(actions, weights)[0]


def point_units(ruleset: Ruleset) -> float:
    """One point in the units of the game's evaluation."""
    units = ruleset.knowledge.point_units
    return units(ruleset) if units is not None else 1.0


def in_points(ruleset: Ruleset, value: float) -> float:
    """A search value (the evaluation's units) in points of material."""
    convert = ruleset.knowledge.in_points
    return convert(ruleset, value) if convert is not None else value / point_units(ruleset)


def temperature_in_units(level: Level, ruleset: Ruleset) -> float:
    """The level's temperature (in points) in the units of the game's evaluation."""
    return level.temperature * point_units(ruleset)


def contempt_in_units(level: Level, ruleset: Ruleset) -> float:
    """What a draw costs the level (in points) in the units of the game's evaluation."""
    return level.contempt * point_units(ruleset)


def converting(state: GameState) -> bool:
    """Is the side to act clearly winning a win/loss game with nothing left to chance?
    A level then plays its best move: its temperature makes it err like a person in
    the open game, but drawn out to the no-progress rule it wandered away the won
    endings a person walks home (banqi's Expert, 8,000 nodes, drew 42 of 200 games
    against the Club 10 or more points up with nothing face-down)."""
    ruleset = state.ruleset
    knowledge = ruleset.knowledge
    lead = knowledge.converting_lead
    if lead is None or ruleset.decided_by_score or state.has_chance():
        return False
    return knowledge.estimate(state, knowledge.weights) >= lead


def time_manager(level: Level, ruleset: Ruleset, limits: SearchLimits | None = None,
                 spent_ms: float = 0.0) -> TimeManager | None:
    """The budget of a move of a level that thinks by time, following the search (timing.py), less
    the ``spent_ms`` the move spent before it (the forced-win search); None for a level with a node
    budget or a search given its own ``limits``."""
    if limits is not None or level.movetime_ms is None:
        return None
    return TimeManager(max(1.0, level.movetime_ms - spent_ms), point_units(ruleset))


def level_options(state: GameState, level: str | int | Level, seed: int) -> dict[str, float | int]:
    """What a helper's search of ``state`` at the level is made with beyond its limits, as plain
    data (the browser's pool sends it as JSON; each helper adds its index to the seed)."""
    level = level if isinstance(level, Level) else level_by_name(level)
    return {"seed": seed, "contempt": contempt_in_units(level, state.ruleset)}


__all__ = ["LEVELS", "TIMED_LEVELS", "TOP_LEVEL", "Level", "contempt_in_units", "converting", "in_points",
           "level_by_name", "level_options", "point_units", "softmax_choice", "temperature_in_units", "time_manager"]
