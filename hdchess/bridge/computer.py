"""The computer's turn: its move, its thinking in slices, the hint it gives a player,
and the endgame tables it reads.

The AI is imported here at its first use, not with the bridge: the first screen
needs none of it. A move is a :class:`~hdchess.ai.decision.Decision`, as everywhere
(the engine, a match, the terminal), with the session's seed for this game; the page
runs it in slices.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..notation import pv_text
from ..rules import GameState
from .args import BridgeError, shown
from .contract import Analysis, ComputerMove, Hint, Tables, Thinking
from .game_session import GameSession
from .view import move_dict, view

if TYPE_CHECKING:
    from ..ai.decision import Decision
    from ..ai.search import Table


def search_for(session: GameSession, level: str, tt: Table | None = None) -> Decision:
    """The AI's move under way for this position and level, or a new one begun (in a game without
    chance its forced-win search first, a fifth of the level's time, as every entry runs it:
    :mod:`hdchess.ai.decision`); ``tt``: a new one's table (the one the browser's search workers
    share, :mod:`.pool`)."""
    from ..ai.decision import Decision
    from ..players import make_turn

    key = (len(session.game.moves), level)
    if session.thinking is None or session.thinking[:2] != key:
        turn = make_turn(session.game, session.player_seed)
        decision = Decision(turn.state, level, turn.seed, tt=tt)
        decision.begin()
        session.thinking = (*key, decision)
    return session.thinking[2]


def mate_of(state: GameState, score: float) -> int | None:
    """Cheight: the N of "cover the General in N" a result's score stands for (negative: the side to
    act is covered in -N); None in other games or when no forced win is known."""
    from ..ai.forced import mate_moves
    from ..ai.mate import applies

    return mate_moves(score) if applies(state) else None


def think(session: GameSession, level: str, ms: float) -> Thinking:
    """Think for up to ``ms`` milliseconds more about the AI's move (a level that thinks
    by time, searched in slices so the page can show progress and move at once when
    asked); :func:`ai_move` then plays the best move found."""
    session.require_playing()
    session.refuse_help(for_ai=True)
    decision = search_for(session, level)
    done = decision.advance(ms / 1000)
    result = decision.searched()
    total = decision.budget_ms()  # the top level's budget follows its search (hdchess/ai/timing.py)
    progress = 1.0 if done or not total else min(1.0, decision.elapsed_ms() / total)
    return {"done": done, "progress": round(progress, 3), "depth": result.depth, "nodes": result.nodes,
            "score": result.score, "pv": pv_text(session.game.state, result.pv),
            "mate": mate_of(session.game.state, result.score)}


def ai_move(session: GameSession, level: str) -> ComputerMove:
    """The AI plays the side to act (after :func:`think`, the best move that thinking found)."""
    session.require_playing()
    session.refuse_help(for_ai=True)
    game = session.game
    state = game.state.copy()
    thinking = session.thinking
    if thinking is not None and thinking[:2] == (len(game.moves), level):
        decision = thinking[2]  # after think: the best move its thinking found
    else:
        decision = search_for(session, level)
        decision.advance()
    result = decision.result()
    session.thinking = None
    analysis: Analysis = {"score": result.score, "depth": result.depth, "nodes": result.nodes,
                "time_ms": round(result.time_ms, 1), "pv": pv_text(state, result.pv), "level": level,
                "table": result.table, "mate": mate_of(state, result.score)}
    played = session.play(result.action)
    return {"played": move_dict(game, played, len(game.moves) - 1), "analysis": analysis,
            "view": view(game, session.players, session.level)}


def hint(session: GameSession) -> Hint:
    """The Master's suggestion; the game is marked as assisted."""
    session.require_playing()
    session.refuse_help()
    from ..ai.decision import hint as master_hint
    from ..players import make_turn

    game = session.game
    turn = make_turn(game, session.player_seed)
    result = master_hint(turn.state, turn.seed)
    game.assisted = True
    pv = pv_text(game.state, result.pv)
    return {"move": pv[0] if pv else game.state.action_text(result.action), "score": result.score,
            "depth": result.depth, "pv": pv, "table": result.table, "mate": mate_of(game.state, result.score)}


def add_tables(directory: str | None) -> Tables:
    """Read the endgame table files in ``directory`` too (the worker puts the site's bigger
    tables there once it has fetched them); returns each game's coverage, in pieces."""
    if not directory or not os.path.isdir(directory):
        raise BridgeError(f"add_tables: {shown(directory)} is not a folder")
    from ..ai.tables import add_directory

    return {"tables": add_directory(directory)}


__all__ = ["add_tables", "ai_move", "hint", "mate_of", "search_for", "think"]
