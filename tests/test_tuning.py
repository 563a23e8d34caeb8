"""Tuning the evaluation by matches (hdchess/lab/tune.py): SPSA moves every weight toward the side that won."""

from dataclasses import dataclass

import pytest

from hdchess.lab import tune
from hdchess.variants import load_ruleset


@dataclass
class Result:
    score: float
    games: int = 2


@pytest.mark.parametrize("plus_scores", [1.0, 0.0])
def test_spsa_moves_the_named_weights_toward_the_side_that_won_and_no_other(monkeypatch, plus_scores):
    start = load_ruleset("banqi").knowledge.weights
    played = []

    def match(a, b, games, **kwargs):
        played.append((a, b))
        return Result(plus_scores), []

    monkeypatch.setattr(tune, "run_match", match)
    names = ["pool", "dominance"]
    tuned = tune.spsa(start, names, iterations=1, games=2, nodes=100, step=0.3, rate=1.0, seed=4,
                      jobs=1, variant="banqi", log=lambda _: None)
    plus, minus = played[0]
    for name in names:
        plus_value = float(plus.split(f",{name}=")[1].split(",")[0])
        minus_value = float(minus.split(f",{name}=")[1].split(",")[0])
        toward = plus_value if plus_scores == 1.0 else minus_value
        before, after = getattr(start, name), getattr(tuned, name)
        assert plus_value != minus_value and after != before
        assert abs(after - toward) < abs(before - toward)  # closer to the winner's value
    for name in start.names():
        if name not in names:
            assert getattr(tuned, name) == getattr(start, name)


def test_an_even_match_leaves_the_weights_where_they_were(monkeypatch):
    start = load_ruleset("banqi").knowledge.weights
    monkeypatch.setattr(tune, "run_match", lambda *a, **k: (Result(0.5), []))
    tuned = tune.spsa(start, ["pool", "threat"], iterations=3, games=2, nodes=100, step=0.3, rate=1.0, seed=1,
                      jobs=1, variant="banqi", log=lambda _: None)
    assert tuned == start


def test_a_tuner_moves_only_live_terms_unless_told():
    weights = load_ruleset("banqi").knowledge.weights
    live = weights.live_terms()
    assert "pool" in live and "threat" in live
    assert all(getattr(weights, name) != 0 for name in live)  # a weight at 0 stays 0 under a relative step
    for shape in ("scale", "predator_top", "predator_ratio", "predator_general", "predator_cannon", "predator_pool"):
        assert getattr(weights, shape) != 0 and shape not in live


def test_the_coordinate_search_plays_no_match_for_a_switched_off_term(monkeypatch):
    start = load_ruleset("banqi").knowledge.weights
    tried = []

    def match(a, b, games, **kwargs):
        changed = [part.split("=")[0] for part in a.split(",")[1:] if part not in b.split(",")]
        tried.extend(changed)
        return Result(0.0), []

    monkeypatch.setattr(tune, "run_match", match)
    assert tune.tune(start, games=2, nodes=100, step=0.3, accept=0.55, rounds=1, seed=1, jobs=1,
                     variant="banqi", log=lambda _: None) == start
    assert sorted(tried) == sorted(2 * start.live_terms())  # each raised and lowered once, nothing else
