"""Time management of the top level (hdchess/ai/timing.py): more time when the best move keeps
changing or the value swings, less when one move stands out, within fixed bounds; the
search obeys the budget after each iteration."""

from __future__ import annotations

from hdchess import load_ruleset
from hdchess.ai import SearchLimits, choose_action
from hdchess.ai.decision import Decision
from hdchess.ai.level_table import LEVELS, level_by_name
from hdchess.ai.levels import time_manager
from hdchess.ai.search import Searcher
from hdchess.ai.timing import BASE_SHARE, MAX_SHARE, MIN_SHARE, TimeManager
from hdchess.game import Game

TARGET = 2000.0


def feed(manager: TimeManager, iterations: list[tuple[int, float, dict[int, float]]]) -> float:
    """Give the manager completed iterations (best action, value, root values); the last budget."""
    budget = manager.budget_ms()
    for depth, (best, score, scores) in enumerate(iterations, 1):
        budget = manager.after_iteration(depth, best, score, scores)
    return budget


def test_before_any_iteration_the_budget_is_a_share_of_the_target():
    assert TimeManager(TARGET).budget_ms() == BASE_SHARE * TARGET


def test_a_move_that_stands_out_and_stays_best_gets_less_time():
    standing_out = [(7, 5.0, {7: 5.0, 8: 1.0, 9: 0.5})] * 6
    assert feed(TimeManager(TARGET), standing_out) < 0.6 * TARGET


def test_a_move_best_by_a_hair_gets_its_share_not_less():
    close = [(7, 1.0, {7: 1.0, 8: 0.9})] * 6
    assert feed(TimeManager(TARGET), close) == BASE_SHARE * TARGET


def test_a_best_move_that_keeps_changing_gets_more_time():
    changing = [(7 + depth % 2, 1.0, {7: 1.0, 8: 1.0}) for depth in range(6)]
    assert feed(TimeManager(TARGET), changing) > 1.5 * TARGET


def test_a_value_that_keeps_moving_between_iterations_gets_more_time():
    moving = [(7, 2.0 * depth, {7: 2.0 * depth, 8: -5.0}) for depth in range(6)]
    assert feed(TimeManager(TARGET), moving) > TARGET


def test_values_alternating_between_odd_and_even_depths_are_no_swing():
    alternating = [(7, 3.0 * (depth % 2), {7: 3.0 * (depth % 2), 8: -5.0}) for depth in range(6)]
    assert feed(TimeManager(TARGET), alternating) < TARGET


def test_a_settled_search_after_a_change_of_mind_gets_its_time_back_down():
    manager = TimeManager(TARGET)
    unsettled = feed(manager, [(7 + depth % 2, 1.0, {7: 1.0, 8: 1.0}) for depth in range(5)])
    settled = feed(manager, [(7, 1.0, {7: 1.0, 8: 0.9})] * 6)
    assert settled < unsettled


def test_swings_are_counted_in_points_of_the_game():
    """The same values mean little in a game whose evaluation counts ten units a point."""
    moving = [(7, 2.0 * depth, {7: 2.0 * depth, 8: -50.0}) for depth in range(6)]
    assert feed(TimeManager(TARGET, point=10.0), moving) < feed(TimeManager(TARGET), moving)


def test_the_budget_stays_within_its_bounds_whatever_happens():
    wild = [(depth % 5, 40.0 * (-1) ** depth, {0: 1.0, 1: 2.0, 2: 3.0, 3: 4.0, 4: 5.0}) for depth in range(20)]
    calm = [(3, 100.0, {3: 100.0, 4: -100.0})] * 20
    for iterations in (wild, calm):
        manager = TimeManager(TARGET)
        for depth, (best, score, scores) in enumerate(iterations, 1):
            budget = manager.after_iteration(depth, best, score, scores)
            assert MIN_SHARE * TARGET <= budget <= MAX_SHARE * TARGET == manager.hard_ms()


def test_only_a_level_that_thinks_by_time_and_is_given_no_budget_is_managed():
    ruleset = load_ruleset("banqi")
    top = level_by_name("Grandmaster")
    assert time_manager(top, ruleset) is not None and time_manager(top, ruleset).target_ms == top.movetime_ms
    assert time_manager(top, ruleset, SearchLimits(movetime_ms=700)) is None  # a match's or engine's own time
    assert all(time_manager(level, ruleset) is None for level in LEVELS if level.nodes is not None)
    for level, managed in (("Grandmaster", True), ("Master", False)):
        decision = Decision(ruleset.new_state(), level)
        decision.begin()
        assert (decision.timing is not None) == managed


class Scripted(TimeManager):
    """A manager whose budget runs out after a given depth, whatever the clock says."""

    def __init__(self, last_depth: int) -> None:
        super().__init__(60_000.0)
        self.last_depth = last_depth
        self.seen: list[int] = []

    def after_iteration(self, depth: int, best: int, score: float, scores: dict[int, float]) -> float:
        self.seen.append(depth)
        return 0.0 if depth >= self.last_depth else 60_000.0


def test_the_search_stops_once_an_iteration_ends_past_the_budget():
    game = Game(load_ruleset("hdc2"), seed=11)
    for ply in range(12):
        game.play(choose_action(game.state.copy(), "Club", ply).action)
    timing = Scripted(3)
    result = Searcher(game.state.copy(), SearchLimits(movetime_ms=60_000), timing=timing).run()
    assert timing.seen == [1, 2, 3] and result.depth == 3
