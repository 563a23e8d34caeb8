"""The stacking family's game state: a :class:`~.position.Position` with the
protocol's text in and out (:mod:`.notation`), its explanations (:mod:`.explain`),
and the start of each layout, which is written as a position line's board field."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..core import RED
from ..rules import GameState
from ..vocabulary import Action
from . import explain, notation
from .position import Position

if TYPE_CHECKING:
    from ..rules import Ruleset


@functools.cache
def _start(ruleset: Ruleset, spec_id: int) -> Position:
    """The start of ``ruleset`` (``spec_id`` tells apart equal rulesets of two specs of one name:
    the cached start keeps its spec alive, so the id is not reused)."""
    return Position.from_parts(ruleset, notation.start_stacks(ruleset), RED)


class State(Position):
    """A stacking game state (see :class:`hdchess.rules.GameState` for the protocol)."""

    __slots__ = ()

    def __init__(self, ruleset: Ruleset) -> None:
        """The starting position of the ruleset's layout; Red moves first (made once per ruleset, then copied)."""
        _start(ruleset, id(ruleset.spec)).copy_into(self)

    @classmethod
    def from_text(cls, ruleset: Ruleset, text: str) -> State:
        """A position line, checked (PositionError names what is wrong)."""
        return notation.parse_position(cls, ruleset, text)

    @classmethod
    def validate(cls, ruleset: Ruleset) -> None:
        """Refuse a variant whose chosen start layout does not fit its board or its piece counts."""
        notation.check_layout(ruleset)

    def position_text(self, extended: bool | None = None) -> str:
        return notation.position_text(self)

    def parse_action(self, text: str) -> tuple[Action, int | None]:
        return notation.parse_action(self, text)

    def explain_illegal(self, action: Action) -> str:
        return explain.explain_illegal(self, action)


if TYPE_CHECKING:  # mypy checks that this family's state keeps the protocol
    def _state_is_a_game_state(state: State) -> GameState:
        return state
