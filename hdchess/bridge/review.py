"""The AI's review of a game: how much each action lost, and the graph of who stood better.

The search is imported at the first review, not with the bridge: the first
screen needs none of it. The game's evaluation (its knowledge) is light.
"""

from __future__ import annotations

import math
from typing import Literal, TypedDict

from ..core import RED
from ..game import Game
from ..knowledge import WIN_BONUS, expected_difference
from ..notation import pv_text
from ..rules import GameState
from .contract import Evaluation, Evaluations, Review
from .view import states

ANALYSIS_NODES = 4000  # the review's default search per ply
MAX_ANALYSIS_NODES = 50_000


def score_red(state: GameState) -> float:
    """A position's value for red, in points: the final score difference once over
    (in win/loss games the result: +-WIN_BONUS, 0 for a draw), else the AI's estimate."""
    outcome = state.outcome()
    if outcome is not None:
        if outcome.by_score:
            return float(outcome.scores[0] - outcome.scores[1])
        return 0.0 if outcome.winner is None else (WIN_BONUS if outcome.winner == RED else -WIN_BONUS)
    knowledge = state.ruleset.knowledge
    estimate: float = knowledge.estimate(state, knowledge.weights)  # side to act's view; 0 before colours exist
    return round(estimate if state.side == RED else -estimate, 2)


def analyse(game: Game, ply: int, nodes: int) -> Review:
    """Review of the game's action ``ply`` (from 1): the best action in the position before it, found
    with a ``nodes`` search, and how much the action played lost against it (``drop``, in points, from
    the mover's view; a flip is valued by its odds, not by the piece it happened to reveal)."""
    from ..ai.limits import SearchLimits
    from ..ai.search import analyse as search

    state = next(s for index, s in enumerate(states(game)) if index == ply - 1)
    played = game.moves[ply - 1]
    legal = state.legal_actions()
    if len(legal) == 1:  # nothing to choose: nothing lost
        text, info = state.action_text(played.action), state.action_info(played.action)
        return {"ply": game.start_ply + ply, "best": text, "best_from": info.frm, "best_to": info.to,
                "played": played.text, "drop": 0.0, "score": None, "pv": [text]}
    # every root action within a wide margin of the best gets an exact value
    result = search(state, SearchLimits(nodes=nodes), seed=ply, root_margin=2 * WIN_BONUS)
    best = result.score
    value = result.root_scores.get(played.action, best)
    info = state.action_info(result.action)
    drop = round(max(0.0, best - value), 2)
    entry: Review = {"ply": game.start_ply + ply, "best": state.action_text(result.action),
             "best_from": info.frm, "best_to": info.to, "played": played.text, "score": round(best, 2),
             "drop": drop, "pv": pv_text(state, result.pv)}
    if state.ruleset.decided_by_score:
        words = score_words(best, value)
        entry["points"], entry["turned"] = words["points"], words["turned"]
    missed = missed_forced_win(state, played.action, nodes)
    if missed:
        entry |= {"best": missed["best"], "best_from": missed["best_from"], "best_to": missed["best_to"],
                  "missed_win": missed["missed_win"], "pv": missed["pv"], "drop": max(drop, WIN_BONUS)}
    return entry


LIKELY = 1.0  # an expected final difference of a point or more, for or against: a likely win or loss
Turned = Literal["win-loss", "win-even", "even-loss"]


class ScoreWords(TypedDict):
    points: int
    turned: Turned | None


def score_words(best: float, value: float) -> ScoreWords:
    """What an action cost in a game decided by score, as a player counts: ``points`` of the final
    score (the expected difference, not the search's utility, which counts the win itself as
    WIN_BONUS more; to the nearest point) and ``turned``, how the likely result changed."""
    before, after = expected_difference(best), expected_difference(value)

    def result(difference: float) -> str:
        return "win" if difference >= LIKELY else "loss" if difference <= -LIKELY else "even"

    changes: dict[str, Turned] = {"win-loss": "win-loss", "win-even": "win-even", "even-loss": "even-loss"}
    return {"points": math.floor(max(0.0, before - after) + 0.5),  # "about N points": a whole number
            "turned": changes.get(f"{result(before)}-{result(after)}")}


class MissedWin(TypedDict):
    best: str
    best_from: str
    best_to: str
    missed_win: int
    pv: list[str]


def missed_forced_win(state: GameState, played: int, nodes: int) -> MissedWin | None:
    """Cheight: when the mover had a forced win ("cover the General in N", found with ``nodes``) and
    the action played gives it up, the win's first action as the best and ``missed_win`` N (the review
    gives it a drop of at least a win's worth, so it marks the move); else None."""
    from ..ai.mate import applies, forced_win, keeps_forced_win

    if not applies(state):
        return None
    found = forced_win(state, nodes=nodes, losses=False)
    if found.moves is None or found.moves <= 0 or found.action is None or played == found.action:
        return None
    if keeps_forced_win(state, played, found.moves, nodes) is not False:
        return None  # another way to the win, or not proved to give it up
    info = state.action_info(found.action)
    return {"best": info.text, "best_from": info.frm, "best_to": info.to, "missed_win": found.moves,
            "pv": pv_text(state, found.pv)}


def evaluations(game: Game) -> Evaluations:
    """The AI's evaluation of every position of the game, from red's view, in points.

    Each position gets the AI's static estimate of the final score difference
    (no search: a fixed, small amount of work per position), so the graph of
    a whole game comes back at once even in the browser; a finished position
    gets its real final difference (in win/loss games, the result).
    """
    start = game.start_ply
    plies: list[Evaluation] = [{"ply": start + i, "score_red": score_red(state)}
                                   for i, state in enumerate(states(game))]
    outcome = game.outcome
    if outcome is not None:
        plies[-1]["result"] = outcome.result()
        if not outcome.by_score:
            plies[-1]["score_red"] = 0.0 if outcome.winner is None else (
                WIN_BONUS if outcome.winner == RED else -WIN_BONUS)
    return {"plies": plies}


__all__ = ["ANALYSIS_NODES", "MAX_ANALYSIS_NODES", "analyse", "evaluations", "score_red"]
