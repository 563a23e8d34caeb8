"""The computer's turn: its move, its thinking in slices, the hint it gives a player,
and the endgame tables it reads.

The AI is imported here at its first use, not with the bridge: the first screen
needs none of it. It plays through the same player interface as everywhere
(:mod:`hdchess.players`), with the session's seed for this game.
"""

from __future__ import annotations

import os
from typing import Any

from ..ai.level_table import TIMED_LEVELS
from ..notation import pv_text
from .args import BridgeError, shown
from .session import GameSession
from .view import move_dict, view


class _Solved:
    """A search with nothing left to do: the forced win (or proved loss) found before it (Cheight)."""

    def __init__(self, result: Any) -> None:
        self._result = result

    def advance(self, seconds: float | None = None) -> bool:
        return True

    def result(self) -> Any:
        return self._result

    def elapsed_ms(self) -> float:
        return float(self._result.time_ms)


def search_for(session: GameSession, level: str, ms: float | None = None, tt: Any = None) -> Any:
    """The search under way for this position and level, or a new one (in a game without
    chance, first a forced-win search of up to ``ms``, at most a fifth of the level's time);
    ``tt``: a new one's table (the one the browser's search workers share, :mod:`.pool`)."""
    from ..ai.forced import forced_result
    from ..ai.levels import level_searcher
    from ..ai.limits import SearchLimits
    from ..players import make_turn

    key = (len(session.game.moves), level)
    if session.thinking is None or session.thinking[:2] != key:
        turn = make_turn(session.game, session.player_seed)
        total = TIMED_LEVELS.get(level, 2000)
        slice_ms = total / 5 if ms is None else min(ms, total / 5)
        forced = forced_result(turn.state, SearchLimits(movetime_ms=5 * slice_ms))
        if forced is not None:
            session.thinking = (*key, _Solved(forced))
            return session.thinking[2]
        search = level_searcher(turn.state, level, turn.seed, tt=tt)
        search.begin()
        session.thinking = (*key, search)
    return session.thinking[2]


def mate_of(state: Any, score: float) -> int | None:
    """Cheight: the N of "cover the General in N" a result's score stands for (negative: the side to
    act is covered in -N); None in other games or when no forced win is known."""
    from ..ai.forced import mate_moves
    from ..ai.mate import applies

    return mate_moves(score) if applies(state) else None


def think(session: GameSession, level: str, ms: float) -> dict[str, Any]:
    """Think for up to ``ms`` milliseconds more about the AI's move (a level that thinks
    by time, searched in slices so the page can show progress and move at once when
    asked); :func:`ai_move` then plays the best move found."""
    session.require_playing()
    session.refuse_help(for_ai=True)
    search = search_for(session, level, ms)
    done = search.advance(ms / 1000)
    result = search.result()
    timing = search.timing  # the top level's budget follows its search (hdchess/ai/timing.py)
    total = timing.budget_ms() if timing is not None else TIMED_LEVELS.get(level)
    progress = 1.0 if done or not total else min(1.0, search.elapsed_ms() / total)
    return {"done": done, "progress": round(progress, 3), "depth": result.depth, "nodes": result.nodes,
            "score": result.score, "pv": pv_text(session.game.state, result.pv),
            "mate": mate_of(session.game.state, result.score)}


def ai_move(session: GameSession, level: str) -> dict[str, Any]:
    """The AI plays the side to act (after :func:`think`, the best move that thinking found)."""
    session.require_playing()
    session.refuse_help(for_ai=True)
    from ..players import Choice, LevelPlayer, make_turn

    game = session.game
    state = game.state.copy()
    thinking = session.thinking
    if thinking is not None and thinking[:2] == (len(game.moves), level):
        result = thinking[2].result()
        choice = Choice(result.action)
    else:
        player = LevelPlayer(level)
        choice = player.choose(make_turn(game, session.player_seed))
        result = player.last_result
    session.thinking = None
    if choice.action is None:  # a level always plays; a bug if not
        raise RuntimeError(f"the {level} level chose no action")
    analysis = {"score": result.score, "depth": result.depth, "nodes": result.nodes,
                "time_ms": round(result.time_ms, 1), "pv": pv_text(state, result.pv), "level": level,
                "table": result.table, "mate": mate_of(state, result.score)}
    played = session.play(choice.action)
    return {"played": move_dict(game, played, len(game.moves) - 1), "analysis": analysis,
            "view": view(game, session.players, session.level)}


def hint(session: GameSession) -> dict[str, Any]:
    """The Master's suggestion; the game is marked as assisted."""
    session.require_playing()
    session.refuse_help()
    from ..ai.levels import hint as master_hint
    from ..players import make_turn

    game = session.game
    turn = make_turn(game, session.player_seed)
    result = master_hint(turn.state, turn.seed)
    game.assisted = True
    pv = pv_text(game.state, result.pv)
    return {"move": pv[0] if pv else game.state.action_text(result.action), "score": result.score,
            "depth": result.depth, "pv": pv, "table": result.table, "mate": mate_of(game.state, result.score)}


def add_tables(directory: str | None) -> dict[str, Any]:
    """Read the endgame table files in ``directory`` too (the worker puts the site's bigger
    tables there once it has fetched them); returns each game's coverage, in pieces."""
    if not directory or not os.path.isdir(directory):
        raise BridgeError(f"add_tables: {shown(directory)} is not a folder")
    from ..ai.tables import add_directory

    return {"tables": add_directory(directory)}


__all__ = ["add_tables", "ai_move", "hint", "mate_of", "search_for", "think"]
