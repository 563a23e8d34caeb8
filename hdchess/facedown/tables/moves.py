"""The moves of a table's placements, made by the variant's own move generator.

A scratch :class:`~hdchess.facedown.position.Position` is set to each
placement (nothing face-down, red to move) and asked for red's moves; each
move is then described by where it leads: the child's material (the same
pieces with the other side to move, less a captured one) and the child's
entry. Using the engine's generator keeps the tables exact by construction;
the price is speed (tens of microseconds per placement).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ..position import EMPTY, NO_CHASE, Position
from .classes import MaterialClasses
from .space import SQUARES, Material, material, material_key

if TYPE_CHECKING:
    from ...rules import Ruleset


def _reordered(child_pieces: tuple[int, ...], parent_pieces: tuple[int, ...], skip: int) -> list[int]:
    """For each slot of the child material, the parent slot whose piece (colours
    swapped) fills it; ``skip`` is the captured slot (-1 for none)."""
    used, order = {skip}, []
    for piece in child_pieces:
        slot = next(s for s, p in enumerate(parent_pieces) if s not in used and p == piece ^ 8)
        used.add(slot)
        order.append(slot)
    return order


class Child:
    """Where the moves of one kind (quiet, or capturing one slot) lead: the
    child's table (a class representative) and which parent slot fills each of its slots."""

    __slots__ = ("key", "material", "order", "terminal")

    def __init__(self, parent_pieces: tuple[int, ...], captured: int, classes: MaterialClasses,
                 general_loss: bool) -> None:
        rest = [p for s, p in enumerate(parent_pieces) if s != captured]
        real = material_key([p for p in rest if p >= 8], [p for p in rest if p < 8])  # the other side moves
        # the game is over when the side to move has no piece left, or (gaiqi) lost its General
        self.terminal = not any(p < 8 for p in real) or (general_loss and 0 not in real)
        self.material: Material | None  # None when the game is over (no entries)
        self.order: list[int]
        if self.terminal:
            self.key, self.material, self.order = real, None, []
            return
        rep, assignment = classes.locate(real)
        real_order = _reordered(material(real).pieces, parent_pieces, captured)
        self.key = rep
        self.material = material(rep)
        self.order = [real_order[slot] for slot in assignment]

    def index(self, squares: list[int]) -> int:
        order, child = self.order, self.material
        assert child is not None, "a terminal child has no entries"
        return child.index([squares[s] for s in order])

    def symmetry(self, squares: list[int]) -> int:
        """The symmetry that takes the parent's squares to the child's stored image."""
        child = self.material
        assert child is not None, "a terminal child has no entries"
        return child.symmetry([squares[self.order[0]]])


class Mover:
    """Red's moves in every placement of one material."""

    def __init__(self, ruleset: Ruleset, key: tuple[int, ...], classes: MaterialClasses) -> None:
        self.material = material(key)
        pieces = self.material.pieces
        general_loss = bool(ruleset.switch("general_loss"))
        self.quiet = Child(pieces, -1, classes, general_loss)
        # the other side's pieces are the ones red may capture
        self.captures: list[Child | None] = [Child(pieces, slot, classes, general_loss) if piece >= 8 else None
                                             for slot, piece in enumerate(pieces)]
        # a face-down ruleset (the only kind with these tables) starts a Position
        state = cast(Position, ruleset.new_state())
        state.hidden, state.pool, state.side, state.chase = 0, [0] * 16, 0, NO_CHASE
        self.state = state
        self.movegen: Callable[[Position, int, list[int]], None] = ruleset.movement.movegen

    def setup(self, squares: tuple[int, ...]) -> dict[int, int]:
        """Put the scratch position on ``squares``; returns square -> slot."""
        state, pieces = self.state, self.material.pieces
        mailbox = [EMPTY] * SQUARES
        red = black = 0
        slots: dict[int, int] = {}
        for slot, sq in enumerate(squares):
            piece = pieces[slot]
            mailbox[sq] = piece
            slots[sq] = slot
            if piece < 8:
                red |= 1 << sq
            else:
                black |= 1 << sq
        state.mailbox, state.colors, state.occupied = mailbox, [red, black], red | black
        return slots

    def moves(self, squares: tuple[int, ...]) -> list[tuple[int, int, int, Child, int]]:
        """(moving slot, target square, captured slot or -1, child, child's entry or -1 if terminal)."""
        slots = self.setup(squares)
        out: list[int] = []
        self.movegen(self.state, 0, out)
        found: list[tuple[int, int, int, Child, int]] = []
        for action in out:
            frm, to = action >> 5, action & 31
            slot = slots[frm]
            captured = slots.get(to, -1)
            child = self.quiet if captured < 0 else self.captures[captured]
            assert child is not None, "a capture takes one of the other side's pieces"
            if child.terminal:
                found.append((slot, to, captured, child, -1))
                continue
            after = list(squares)
            after[slot] = to
            found.append((slot, to, captured, child, child.index(after)))
        return found
