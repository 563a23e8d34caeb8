"""A remote game's source of chance: the cards both sides opened, nothing else.

Given to ``Game(deal=DeckDeal(...))`` (see :class:`hdchess.referee.ChanceSource`),
it answers a flip with the piece the deck's card turned out to be once both
layers came off (:meth:`DeckDeal.open`), and refuses a flip whose card is not
open: a remote game has no local random source at all.
"""

from __future__ import annotations

from ..errors import IllegalMoveError
from ..rules import GameState
from ..vocabulary import Action


class DeckDeal:
    """The face-down squares (the deck's positions, in order) and the pieces opened on them."""

    known = False

    def __init__(self, slots: list[int]) -> None:
        self.slots = list(slots)
        self.position = {slot: j for j, slot in enumerate(self.slots)}
        self.opened: dict[int, int] = {}  # slot -> piece, once both layers are off

    def card_of(self, state: GameState, action: Action) -> int | None:
        """The deck position a chance action opens, or None for an action that opens none."""
        slot = state.chance_slot(action)
        return None if slot is None else self.position.get(slot)

    def open(self, slot: int, piece: int) -> None:
        self.opened[slot] = piece

    def reveal(self, state: GameState, action: Action, recorded: int | None = None) -> int:
        slot = state.chance_slot(action)
        piece = self.opened.get(slot) if slot is not None else None
        if piece is None:
            raise IllegalMoveError("this face-down piece is not opened yet: both players must take their layer off")
        if recorded is not None and recorded != piece:
            raise IllegalMoveError("the deck opened another piece on this square")
        return piece

    def take_back(self, state: GameState, action: Action, outcome: int) -> None:
        """A flip taken back stays open: both players saw it, so flipping it again shows the same piece."""


__all__ = ["DeckDeal"]
