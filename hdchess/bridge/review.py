"""The AI's review of a game: how much each action lost, and the graph of who stood better.

The search is imported at the first review, not with the bridge: the first
screen needs none of it. The game's evaluation (its knowledge) is light.
"""

from __future__ import annotations

import math
from typing import Any

from ..core import RED
from ..game import Game
from ..knowledge import WIN_BONUS, expected_difference
from ..notation import pv_text
from ..rules import GameState
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


def analyse(game: Game, ply: int, nodes: int) -> dict[str, Any]:
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
    entry: dict[str, Any] = {"ply": game.start_ply + ply, "best": state.action_text(result.action),
             "best_from": info.frm, "best_to": info.to, "played": played.text, "score": round(best, 2),
             "drop": drop, "pv": pv_text(state, result.pv)}
    if state.ruleset.decided_by_score:
        entry |= score_words(best, value)
    missed = missed_forced_win(state, played.action, nodes)
    if missed:
        missed["drop"] = max(drop, WIN_BONUS)
    return entry | missed


LIKELY = 1.0  # an expected final difference of a point or more, for or against: a likely win or loss


def score_words(best: float, value: float) -> dict[str, Any]:
    """What an action cost in a game decided by score, as a player counts: ``points`` of the final
    score (the expected difference, not the search's utility, which counts the win itself as
    WIN_BONUS more, to the nearest point) and ``turned``, how the likely result changed: "win-loss", "win-even",
    "even-loss", or None."""
    before, after = expected_difference(best), expected_difference(value)

    def result(difference: float) -> str:
        return "win" if difference >= LIKELY else "loss" if difference <= -LIKELY else "even"

    turned = f"{result(before)}-{result(after)}"
    return {"points": math.floor(max(0.0, before - after) + 0.5),  # "about N points": a whole number
            "turned": turned if turned in ("win-loss", "win-even", "even-loss") else None}


def missed_forced_win(state: GameState, played: int, nodes: int) -> dict[str, Any]:
    """Cheight: when the mover had a forced win ("cover the General in N", found with ``nodes``) and
    the action played gives it up, the win's first action as the best, ``missed_win`` N, and a
    drop of at least a win's worth (so the review marks the move); else nothing."""
    from ..ai.mate import applies, forced_win, keeps_forced_win

    if not applies(state):
        return {}
    found = forced_win(state, nodes=nodes, losses=False)
    if found.moves is None or found.moves <= 0 or found.action is None or played == found.action:
        return {}
    if keeps_forced_win(state, played, found.moves, nodes) is not False:
        return {}  # another way to the win, or not proved to give it up
    info = state.action_info(found.action)
    return {"best": info.text, "best_from": info.frm, "best_to": info.to, "missed_win": found.moves,
            "drop": WIN_BONUS, "pv": pv_text(state, found.pv)}


def evaluations(game: Game) -> dict[str, Any]:
    """The AI's evaluation of every position of the game, from red's view, in points.

    Each position gets the AI's static estimate of the final score difference
    (no search: a fixed, small amount of work per position), so the graph of
    a whole game comes back at once even in the browser; a finished position
    gets its real final difference (in win/loss games, the result).
    """
    start = game.start_ply
    plies: list[dict[str, Any]] = [{"ply": start + i, "score_red": score_red(state)}
                                   for i, state in enumerate(states(game))]
    outcome = game.outcome
    if outcome is not None:
        plies[-1]["result"] = outcome.result()
        if not outcome.by_score:
            plies[-1]["score_red"] = 0.0 if outcome.winner is None else (
                WIN_BONUS if outcome.winner == RED else -WIN_BONUS)
    return {"plies": plies}


__all__ = ["ANALYSIS_NODES", "MAX_ANALYSIS_NODES", "analyse", "evaluations", "score_red"]
