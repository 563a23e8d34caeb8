"""What the search needs to know about a game, and the value scale it plays by.

The search (:mod:`.search`) is the same for every game; each family (or a
variant) supplies a :class:`Knowledge`: its static evaluation, the scan that
gives a leaf its actions and the evaluation's summary in one pass, the
captures quiescence resolves, and its move ordering. A new game brings its
own knowledge; the search does not change.

Values are in points from the view of the side to act. In games decided by
score, a finished game is worth its exact final score difference plus
WIN_BONUS for a win (minus it for a loss), and an estimate is mapped through
:func:`utility` so that a sure win counts for more than a gamble with the
same expected margin. In win/loss games a win is worth DECISIVE minus the
plies it takes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from typing import ClassVar

WIN_BONUS = 30.0  # utility of winning, in points, on top of the score difference
DECISIVE = 1000.0  # win/loss games: the value of a win (minus the plies to reach it)
_SPREAD = 3.0  # score difference at which an estimate is treated as about three-quarters won


def utility(difference: float) -> float:
    """Utility of an (expected) final score difference for the side it favours."""
    return difference + WIN_BONUS * math.tanh(difference / _SPREAD)


def expected_difference(value: float) -> float:
    """The final score difference a utility stands for: :func:`utility`'s inverse (it rises
    everywhere, so bisection finds it), so that a player is told points of the score sheet,
    not the search's units, which count winning itself as WIN_BONUS more."""
    low, high = -abs(value), abs(value)
    for _ in range(60):
        middle = (low + high) / 2
        if utility(middle) < value:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def terminal_utility(difference: float) -> float:
    """Utility of an exact final difference: winning is worth WIN_BONUS more."""
    if difference > 0:
        return difference + WIN_BONUS
    if difference < 0:
        return difference - WIN_BONUS
    return 0.0


def two_largest(board: list[int], values: tuple[int, ...], squares: tuple[int, ...]) -> tuple[int, int]:
    """The values of the two most valuable pieces ``board`` holds on ``squares`` (0 if absent):
    what the best and second-best capture are worth."""
    first = second = 0
    for sq in squares:
        value = values[board[sq]]
        if value > first:
            first, second = value, first
        elif value > second:
            second = value
    return first, second


@dataclass(frozen=True)
class Weights:
    """Base of a family's evaluation weights: a frozen dataclass of floats (a family's subclass
    names them)."""

    # weights that shape a term (a scale, a table's parameters) rather than weigh one: a tuner
    # leaves them unless told to move them
    SHAPES: ClassVar[tuple[str, ...]] = ()

    def as_dict(self) -> dict[str, float]:
        return asdict(self)

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    def live_terms(self) -> list[str]:
        """The weights that weigh a term the evaluation sums now (nonzero, not a shape): what a
        tuner moves by default. A weight at 0 switches its term off, and a relative step keeps it 0."""
        return [name for name in self.names() if name not in self.SHAPES and getattr(self, name)]


@dataclass(frozen=True)
class Knowledge:
    """A game's evaluation and move ordering, as plain functions (the search
    binds them once; calling them costs no more than any function call).

    - ``evaluate(state, weights, summary=None, siblings=None) -> float``: utility of
      a position that has not ended, for its side to act; ``summary`` is what
      ``leaf_scan`` returned for it, when the caller has it; ``siblings`` is a dict
      the search passes to the evaluations of the outcomes of one chance action
      (they differ only in what it revealed), where work they share may be kept.
    - ``estimate(state, weights) -> float``: the expected final score difference
      (points, for the side to act): what a player is shown as an evaluation.
    - ``leaf_scan(state) -> (actions, summary)``: the actions ``state.outcome`` and
      quiescence need (face-down: the moves, without flips) and the summary, in one pass.
    - ``captures(state, actions) -> list``: the actions quiescence resolves, best first.
    - ``order(state, actions, tt_move, killers, history, chance_keep, rng) -> list``:
      the actions to search, best first; at most ``chance_keep`` chance actions
      (None: all of them) are kept, the most promising.
    - ``eval_key(state) -> int``: a hash of everything ``evaluate`` reads, so the
      search can remember evaluations (None: the state's ``search_key``).
    - ``book(state) -> (action, score) | None``: an opening book's answer, which the
      levels that always play their best move take without searching (None: no book).
    - ``point_units(ruleset) -> float``: how many of the evaluation's units one point
      of material is worth near an even position, so that the levels' temperatures,
      given in points, weaken a level alike in every game (None: 1, the evaluation
      counts points).
    - ``in_points(ruleset, value) -> float``: a search value in points of material, where
      the evaluation is not linear in them (a chance of winning flattens out as a lead
      grows), so a level's temperature weakens it alike in an even position and a won
      one (None: the value divided by ``point_units``).
    - ``draw_share(state) -> float``: win/loss games, the share (0 to 1) of an advantage the
      evaluation has faded towards 0 because a draw by the no-progress rule nears; the
      search adds that share of what a draw is worth to the side (its contempt), so the
      evaluation meets the draw's value at the limit (None: the evaluation fades nothing).
    - ``converting_lead``: win/loss games, the lead (in points, by ``estimate``) at which a
      level with a temperature plays its best move once nothing is left to chance, so
      that it converts a won ending rather than wander into the no-progress draw
      (None: levels keep their temperature throughout).
    - ``tables``: exact endgame tables, or None. ``tables.prober(ruleset)`` is None
      when there are none for these rules, else an object with ``probe(state)``
      (the exact value for the side to act, as if the state were the root: the
      search shifts decisive values by the ply like its own game ends; None when
      the tables do not cover the state) and ``root(state)`` (the value of every
      legal action seen from the root, the best of them being perfect play; None
      when not covered) and ``plies_away(state)`` (no position fewer plies from
      ``state`` is covered: the search skips the probe there).
    """

    name: str
    weights: Weights
    evaluate: Callable[..., float]
    estimate: Callable[..., float]
    leaf_scan: Callable[..., tuple[list[int], object]]
    captures: Callable[..., list[int]]
    order: Callable[..., list[int]]
    eval_key: Callable[..., int] | None = None
    book: Callable[..., tuple[int, float] | None] | None = None
    point_units: Callable[..., float] | None = None
    in_points: Callable[..., float] | None = None
    draw_share: Callable[..., float] | None = None
    converting_lead: float | None = None
    tables: object = None  # an EndgameTables (hdchess/table_protocol.py, above the rules it names)


__all__ = ["DECISIVE", "WIN_BONUS", "Knowledge", "Weights", "terminal_utility", "utility"]
