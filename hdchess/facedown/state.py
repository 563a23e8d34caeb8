"""The face-down family's game state: a :class:`~.position.Position` with the
protocol's text in and out (:mod:`.notation`) and its explanations (:mod:`.explain`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import GameState
from ..vocabulary import Action
from . import explain, notation
from .position import Position

if TYPE_CHECKING:
    from ..rules import Ruleset


class State(Position):
    """A face-down game state (see :class:`hdchess.rules.GameState` for the protocol)."""

    __slots__ = ()

    @classmethod
    def from_text(cls, ruleset: Ruleset, text: str) -> State:
        """A position line, checked (PositionError names what is wrong)."""
        return notation.parse_position(cls, ruleset, text)

    def position_text(self, extended: bool | None = None) -> str:
        return notation.position_text(self, extended)

    def parse_action(self, text: str) -> tuple[Action, int | None]:
        return notation.parse_action(self, text)

    def explain_illegal(self, action: Action) -> str:
        return explain.explain_illegal(self, action)


if TYPE_CHECKING:  # mypy checks that this family's state keeps the protocol
    def _state_is_a_game_state(state: State) -> GameState:
        return state
