"""The statistics of a match: Elo from a score, its 95% interval, and the SPRT that
stops a match once a gain is established or ruled out."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

MIN_SPRT_PAIRS = 8  # no verdict on fewer pairs: too few to estimate the spread


class PairedResult(Protocol):
    """A finished game as the SPRT counts it (:class:`hdchess.match.GameResult` is one)."""

    @property
    def index(self) -> int: ...  # games 2k and 2k+1 are one pair

    @property
    def points_a(self) -> float: ...  # PLAYER_A's points: 1, 0.5 or 0


def elo_from_score(score: float) -> float:
    """The Elo difference that predicts ``score`` (0..1); infinite at 0 and 1."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1) + 0.0  # + 0.0: no "-0"


def elo_interval(wins: int, draws: int, losses: int, z: float = 1.959964) -> tuple[float, float, float]:
    """(Elo, low, high): the 95% interval maps score +- z standard errors to Elo,
    with the standard error from the spread of the per-game results.

    When every game had the same result there is no spread to measure (10 wins
    out of 10 would give an interval of one point), so the interval is then the
    Wilson score interval of that proportion: 10 wins give at least +166.
    """
    n = wins + draws + losses
    if n == 0:
        return 0.0, -math.inf, math.inf
    score = (wins + draws / 2) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    if variance > 0:
        error = z * math.sqrt(variance / n)
        low, high = score - error, score + error
    else:
        centre = (score + z * z / (2 * n)) / (1 + z * z / n)
        error = z / (1 + z * z / n) * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n))
        low = 0.0 if score == 0 else centre - error
        high = 1.0 if score == 1 else centre + error
    return elo_from_score(score), elo_from_score(low), elo_from_score(high)


def elo_text(value: float) -> str:
    """An Elo difference as a match summary prints it: ``+61``, ``-inf``."""
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{value:+.0f}"


@dataclass
class Sprt:
    """A sequential probability ratio test on game pairs: is PLAYER_A at least
    ``elo1`` stronger than PLAYER_B (H1), or at most ``elo0`` (H0)?

    Each finished pair (games 2k and 2k+1: both seats, the same deal when paired) is one sample, its score
    (0, 0.25, ..., 1); the log-likelihood ratio uses the normal approximation
    of the mean score (the generalised SPRT of chess engine testing), and the
    match stops once it leaves [log(beta/(1-alpha)), log((1-beta)/alpha)].
    """

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    pairs: dict[int, list[float]] = field(default_factory=dict)

    @staticmethod
    def expected(elo: float) -> float:
        return 1 / (1 + 10 ** (-elo / 400))

    def add(self, result: PairedResult) -> None:
        self.pairs.setdefault(result.index // 2, []).append(result.points_a)

    def samples(self) -> list[float]:
        return [sum(points) / 2 for points in self.pairs.values() if len(points) == 2]

    def llr(self) -> float:
        xs = self.samples()
        n = len(xs)
        if n < 2:
            return 0.0
        mean = sum(xs) / n
        variance = max(sum((x - mean) ** 2 for x in xs) / (n - 1), 0.04)  # a floor: a run of equal pairs
        s0, s1 = self.expected(self.elo0), self.expected(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def verdict(self) -> str | None:
        """"H1" (the gain is established), "H0" (it is not there), or None (play on)."""
        if len(self.samples()) < MIN_SPRT_PAIRS:
            return None
        low, high = self.bounds()
        llr = self.llr()
        return "H1" if llr >= high else "H0" if llr <= low else None

    def lines(self, names: tuple[str, str]) -> list[str]:
        low, high = self.bounds()
        verdict = self.verdict()
        what = {"H1": f"H1 accepted: {names[0]} is at least {self.elo1:+g} Elo stronger",
                "H0": f"H0 accepted: {names[0]} is not {self.elo1:+g} Elo stronger (at most {self.elo0:+g})",
                None: "no verdict yet (the game limit came first)"}[verdict]
        return [f"  SPRT [{self.elo0:g}, {self.elo1:g}], alpha {self.alpha:g}, beta {self.beta:g}: "
                f"LLR {self.llr():+.2f} (bounds {low:+.2f}, {high:+.2f}) after {len(self.samples())} pairs; {what}"]
