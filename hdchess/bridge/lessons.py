"""Learning from the mistakes of a finished game: the position before an action, and the AI's
judgement of another action the player tries there.

The try is never played: a flip is valued by its odds (the search's chance node over the
face-down pool), so judging it shows no piece the game did not show. The judgement uses the
review's own search (the same seed and budget as :func:`.review.analyse`), so the best action
and the loss of the action played are the ones the review reported.
"""

from __future__ import annotations

from typing import Literal

from ..errors import IllegalMoveError, InvalidMoveError
from ..game import Game
from ..inputs import shown
from ..knowledge import WIN_BONUS
from ..messages import Message
from ..rules import GameState
from ..vocabulary import Action
from .args import BridgeError
from .contract import ActionPlayed, Judgement, Lesson
from .view import board_view, legal_entries, states

GOOD_MARGIN = 1.0  # a try within this many points of the best action finds it
BETTER_MARGIN = 0.5  # a try that loses this much less than the action played is better than it

Values = tuple[Action, dict[Action, float]]  # the best root action, and every root action's value

_cache: dict[tuple[str, int, int], Values] = {}  # the last judged position: retries cost no search


def _state_before(game: Game, ply: int) -> GameState:
    """A copy of the position before the game's action ``ply`` (from 1)."""
    for index, state in enumerate(states(game)):
        if index == ply - 1:
            return state.copy()
    raise BridgeError(f"the game has no action {ply}")


def _check_finished(game: Game) -> None:
    if game.outcome is None:
        raise BridgeError("lessons are for a finished game: the game is not over")


def _action_dict(state: GameState, action: Action) -> ActionPlayed:
    info = state.action_info(action)
    return {"move": info.text, "from": info.frm, "to": info.to, "kind": info.kind}


def lesson(game: Game, ply: int) -> Lesson:
    """The position before the game's action ``ply`` as the board shows it, with its legal actions
    (in the view's shape: flips, and moves by their start square), the side to act, and the action
    that was played there."""
    _check_finished(game)
    state = _state_before(game, ply)
    flips, moves = legal_entries(game, state, state.legal_actions())
    played = game.moves[ply - 1]
    return {
        **board_view(game, state, game.moves[:ply - 1], final=False),
        "lesson_ply": ply,
        "legal": {"flips": flips, "moves": moves},
        "played": {"move": played.text, "from": played.squares[0], "to": played.squares[1], "kind": played.kind,
                   "player": played.player},
    }


def _values(game: Game, ply: int, state: GameState, nodes: int) -> Values:
    """What the review's search says of every action in the position before action ``ply``."""
    key = (game.record_text(), ply, nodes)
    known = _cache.get(key)
    if known is not None:
        return known
    legal = state.legal_actions()
    if len(legal) == 1:  # nothing to choose: the review searched nothing either
        values: Values = (legal[0], {legal[0]: 0.0})
    else:
        from ..ai.limits import SearchLimits
        from ..ai.search import analyse as search

        result = search(state, SearchLimits(nodes=nodes), seed=ply, root_margin=2 * WIN_BONUS)
        values = (result.action, dict(result.root_scores) | {result.action: result.score})
    _cache.clear()
    _cache[key] = values
    return values


def _parse_try(state: GameState, text: str) -> Action:
    """The legal action ``text`` names in ``state``; a flip is named by its square alone."""
    label = shown(text.strip())
    action, outcome = state.parse_action(text)
    if outcome is not None:
        raise InvalidMoveError(Message("move.refused", move=label, reason=Message("flip.drawn")))
    if action not in state.legal_actions():
        raise IllegalMoveError(Message("move.refused", move=label, reason=state.explain_illegal(action)))
    return action


def judge_try(game: Game, ply: int, move: str, nodes: int) -> Judgement:
    """The AI's judgement of ``move`` tried instead of the game's action ``ply``: ``verdict`` is
    ``best`` (within GOOD_MARGIN of the best action), ``better`` (better than the action played, by
    BETTER_MARGIN or more) or ``not_better``; ``loss`` and ``played_loss`` are what the try and the
    action played lose against the best, in points from the mover's view. The try is not played."""
    _check_finished(game)
    state = _state_before(game, ply)
    action = _parse_try(state, move)
    best, values = _values(game, ply, state, nodes)
    played = game.moves[ply - 1].action
    top = values[best]
    value = values.get(action, min(values.values()))  # a value outside the search's margin: the least known
    loss = max(0.0, top - value)
    played_loss = max(0.0, top - values.get(played, top))
    verdict: Literal["best", "better", "not_better"]
    if action == best or loss <= GOOD_MARGIN:
        verdict = "best"
    elif action != played and loss <= played_loss - BETTER_MARGIN:
        verdict = "better"
    else:
        verdict = "not_better"
    return {"ply": game.start_ply + ply, "lesson_ply": ply, "verdict": verdict, "try": _action_dict(state, action),
            "same_as_played": action == played, "loss": round(loss, 2), "played_loss": round(played_loss, 2),
            "best": _action_dict(state, best)}


__all__ = ["BETTER_MARGIN", "GOOD_MARGIN", "judge_try", "lesson"]
