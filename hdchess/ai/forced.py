"""The forced-win search (:mod:`.mate`) as the levels, the hint and the engine use it.

In a game without chance (Cheight) a level first spends a share of its budget
looking for a forced win, "cover the General in N", and plays it when found; the
search's result then says so (:func:`mate_moves` reads N back from its value).
After its ordinary search a level checks that the other side has no forced win
against the action chosen, and plays another where one is proved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..knowledge import DECISIVE
from ..rules import GameState
from . import mate
from .limits import SearchLimits
from .search import SearchInfo, SearchResult

MATE_NODES = 50_000  # the forced-win search's nodes when the limits name neither nodes nor time
_LONGEST = 256  # plies: a search value closer than this to DECISIVE is a game's end


def mate_score(moves: int) -> float:
    """The search value of a forced win in ``moves`` of the side to act's moves (negative: the
    other side's), valued as the search values a game's end: a win at ply p is DECISIVE - p."""
    return DECISIVE - (2 * moves - 1) if moves > 0 else -(DECISIVE + 2 * moves)


def mate_moves(score: float) -> int | None:
    """The N of "cover the General in N" a search value stands for (negative: the side to act's
    General is covered in -N); None for a value that is no game's end. Exact for the values of
    :func:`mate_score`; for a win the ordinary search found, N counts a promotion swap as a move."""
    plies = DECISIVE - abs(score)
    if not 0 <= plies < _LONGEST or plies != int(plies):
        return None
    return (int(plies) + 1) // 2 if score > 0 else -(int(plies) // 2)


def mate_budget(limits: SearchLimits) -> tuple[int | None, float | None]:
    """(nodes, seconds) of the forced-win search ahead of a search under ``limits``: a quarter of
    its nodes, a fifth of its time, or :data:`MATE_NODES` when the limits name neither."""
    nodes = None if limits.nodes is None else max(1, limits.nodes // 4)
    seconds = None if limits.movetime_ms is None else limits.movetime_ms / 5000
    return (MATE_NODES if nodes is None and seconds is None else nodes), seconds


def time_left(limits: SearchLimits, spent_ms: float) -> SearchLimits:
    """``limits`` less the time the forced-win search spent ahead of the search, so that the whole move
    keeps to its time (at least 1 ms is left); a node budget is the search's own, as the levels have it."""
    if limits.movetime_ms is None or spent_ms <= 0:
        return limits
    return replace(limits, movetime_ms=max(1.0, limits.movetime_ms - spent_ms))


def forced_result(state: GameState, limits: SearchLimits,
                  on_info: Callable[[SearchInfo], None] | None = None) -> SearchResult | None:
    """A forced win of the side to act proved within the budget :func:`mate_budget` gives
    ``limits`` (or, when the other side has one whatever it does, the longest defence), as a
    search result; None when neither was proved or the game has chance."""
    if not mate.applies(state):
        return None
    nodes, seconds = mate_budget(limits)
    found = mate.forced_win(state, nodes=nodes, seconds=seconds)
    if found.moves is None or found.action is None:
        return None
    score = mate_score(found.moves)
    if on_info is not None:
        on_info(SearchInfo(len(found.pv), score, found.nodes, found.time_ms, found.pv, True))
    return SearchResult(found.action, score, len(found.pv), found.nodes, found.time_ms, found.pv,
                        {found.action: score}, solved=True)


def avoid_proven_loss(state: GameState, result: SearchResult, nodes: int) -> SearchResult:
    """When the other side is proved (with ``nodes`` for each action tried) to win by force after
    the chosen action, the best of the next three actions by the search's scores after which no
    such proof was found; else ``result`` unchanged (also in a game with chance, or solved)."""
    if not mate.applies(state) or result.solved or mate_moves(result.score) is not None:
        return result
    ranked = sorted(result.root_scores, key=lambda a: -result.root_scores[a])
    candidates = [result.action] + [a for a in ranked if a != result.action][:3]
    safe = mate.avoid_forced_loss(state, candidates, mate.DEFAULT_MAX_MOVES, nodes)
    if safe is None or safe == result.action:
        return result
    return replace(result, action=safe, score=result.root_scores.get(safe, result.score), pv=(safe,))


__all__ = ["MATE_NODES", "avoid_proven_loss", "forced_result", "mate_budget", "mate_moves", "mate_score",
           "time_left"]
