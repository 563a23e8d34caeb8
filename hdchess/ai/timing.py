"""How long the top level thinks about a move: more where it matters.

A level that thinks by time has a target (the Grandmaster: 2 s a move). After each
completed iteration of the deepening, :class:`TimeManager` sets the move's budget
from what the search has seen so far:

- the best move changed between iterations (recently: the count fades): spend
  more, the search has not settled;
- the value swung from one iteration to the one after next (a search's values
  alternate a little between odd and even depths): spend more, a deeper look
  changes the verdict;
- one move stands out (its value beats every other move's bound by
  ``STANDOUT_POINTS``, it has stayed best for ``SETTLED_ITERATIONS`` and its value
  has stopped swinging): spend less, more depth will not change the choice.

The budget stays between ``MIN_SHARE`` and ``MAX_SHARE`` of the target; the search
stops as soon as its time passes the budget (an iteration cut short still counts,
as always). A forced move (one legal action), a book move and a table move cost no
thinking at all: the search knows them before it starts. The policy sees only the
search's own figures (depth, best move, values, time), so it is the same in every
process and in the browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..vocabulary import Action

BASE_SHARE = 0.75  # a move with nothing to say for more or less: the changes of mind pay for the rest
MIN_SHARE = 0.35  # the least of the target a move gets once one move stands out
MAX_SHARE = 2.5  # the most: the hard limit of a move whose best keeps changing
STANDOUT_POINTS = 2.0  # the best move beats every other by this much (points): it stands out
SETTLED_ITERATIONS = 3  # ...and has been the best this many iterations in a row
SWING_POINTS = 1.0  # a change of value between iterations this big counts fully
CALM_SWING = 0.5  # a move stands out only while its value changes less than this (in SWING_POINTS)
FIRST_JUDGED_DEPTH = 3  # shallower iterations are too rough to judge by (and nearly free)
INSTABILITY_FADE = 0.5  # how much of the earlier changes of mind still counts after an iteration


@dataclass
class TimeManager:
    """The budget of one move (make one per move): ``target_ms`` on average,
    ``point`` the evaluation's units in a point of material."""

    target_ms: float
    point: float = 1.0
    instability: float = 0.0  # changes of the best move, the older ones faded
    swing: float = 0.0  # the last change of value, in points (faded like the changes of mind)
    settled: int = 0  # iterations in a row with the same best move
    _best: Action | None = field(default=None, repr=False)
    _scores: list[float] = field(default_factory=list, repr=False)  # the best value of each iteration
    standout: bool = False

    def hard_ms(self) -> float:
        """The most a move may take, whatever the search sees."""
        return self.target_ms * MAX_SHARE

    def budget_ms(self) -> float:
        """The move's budget as things stand (``BASE_SHARE`` of the target before any
        iteration is judged: on average a move then takes about its target)."""
        share = BASE_SHARE * (1.0 + self.instability) * (1.0 + min(self.swing, 2.0) / 4.0)
        if self.standout:
            share *= 0.4
        return self.target_ms * max(MIN_SHARE, min(MAX_SHARE, share))

    def after_iteration(self, depth: int, best: Action, score: float, scores: dict[Action, float]) -> float:
        """Learn from a completed iteration (its best action, its value and what it knows
        of every root action, in the evaluation's units); returns the new budget in ms."""
        if depth >= FIRST_JUDGED_DEPTH and self._best is not None and len(self._scores) >= 2:
            changed = best != self._best
            self.instability = self.instability * INSTABILITY_FADE + (1.0 if changed else 0.0)
            # against the iteration before the last: values that alternate between odd and even
            # depths, as a search's do, are not a swing
            swing = abs(score - self._scores[-2]) / self.point / SWING_POINTS
            self.swing = max(swing, self.swing * INSTABILITY_FADE)
            self.settled = 1 if changed else self.settled + 1
        elif self._best is None or best != self._best:
            self.settled = 1
        else:
            self.settled += 1
        self._best = best
        self._scores.append(score)
        others = [value for action, value in scores.items() if action != best]
        gap = (score - max(others)) / self.point if others else float("inf")
        self.standout = gap >= STANDOUT_POINTS and self.settled >= SETTLED_ITERATIONS and self.swing < CALM_SWING
        return self.budget_ms()


__all__ = ["BASE_SHARE", "MAX_SHARE", "MIN_SHARE", "STANDOUT_POINTS", "TimeManager"]
