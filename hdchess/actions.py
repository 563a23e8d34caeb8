"""Memoised move actions for families that pack a move as ``from << bits | to``
(``bits`` is the board's square width: 5 on 32 squares), a flip as
``sq << bits | sq``: the face-down games, and Cheight's plain moves.

Each family owns its encoding and takes its actions apart itself;
:class:`ActionTables` only holds the action tuples their move generators are
made of, so that a piece's list of moves is built once per target set.
"""

from __future__ import annotations

from .geometry import Geometry, per_geometry


class ActionTables:
    """Action encoding and memoised action lists for one board (one per shape)."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.bits = bits = geometry.square_bits
        self.mask = (1 << bits) - 1
        self.flip_factor = (1 << bits) + 1  # sq * flip_factor is the flip of sq
        self.target_shift = geometry.num_squares  # cache keys: frm << target_shift | targets
        # ``cache[frm << target_shift | targets]``: the move actions from frm to each target;
        # hot loops read it directly: a piece's target set repeats far more often than it changes
        self.cache: dict[int, tuple[int, ...]] = {}
        squares = geometry.squares
        factor = self.flip_factor
        n_bytes = (geometry.num_squares + 7) // 8
        self._flips = tuple(
            tuple(tuple((s + 8 * k) * factor for s in range(8) if b >> s & 1 and s + 8 * k < geometry.num_squares)
                  for b in range(256))
            for k in range(n_bytes))
        self._squares = squares
        if n_bytes == 4:  # the 4 x 8 board of every face-down game: one expression, no loop
            f0, f1, f2, f3 = self._flips
            self.flip_actions = lambda hidden: [  # type: ignore[method-assign]
                *f0[hidden & 255], *f1[hidden >> 8 & 255], *f2[hidden >> 16 & 255], *f3[hidden >> 24]
            ] if hidden else []

    @staticmethod
    @per_geometry
    def of(geometry: Geometry) -> ActionTables:
        """The tables of ``geometry``, made once per shape and shared by every family."""
        return ActionTables(geometry)

    def make_move(self, frm: int, to: int) -> int:
        return frm << self.bits | to

    def make_flip(self, sq: int) -> int:
        return sq * self.flip_factor

    def actions_to(self, frm: int, targets: int) -> tuple[int, ...]:
        """The move actions from ``frm`` to each square of ``targets`` (memoised)."""
        key = frm << self.target_shift | targets
        actions = self.cache.get(key)
        if actions is None:
            base = frm << self.bits
            actions = self.cache[key] = tuple(base | to for to in self._squares(targets))
        return actions

    def flip_actions(self, hidden: int) -> list[int]:
        """The flip actions of every face-down square."""
        out: list[int] = []
        for table in self._flips:
            out += table[hidden & 255]
            hidden >>= 8
        return out
