"""Helpers shared by every variant's move generator."""

from __future__ import annotations

from .core import squares

ACTIONS_CACHE: dict[int, tuple[int, ...]] = {}


def actions_to(frm: int, targets: int) -> tuple[int, ...]:
    """The move actions from ``frm`` to each square of ``targets``, memoised in
    ACTIONS_CACHE under ``frm << 32 | targets`` (hot loops read it directly):
    a piece's target set repeats far more often than it changes."""
    key = frm << 32 | targets
    actions = ACTIONS_CACHE.get(key)
    if actions is None:
        base = frm << 5
        actions = ACTIONS_CACHE[key] = tuple(base | to for to in squares(targets))
    return actions


_FLIPS = tuple(tuple(tuple((s + 8 * k) * 33 for s in range(8) if b >> s & 1) for b in range(256)) for k in range(4))
_F0, _F1, _F2, _F3 = _FLIPS


def flip_actions(hidden: int) -> list[int]:
    """The flip actions of every face-down square."""
    return list(_F0[hidden & 255] + _F1[hidden >> 8 & 255] + _F2[hidden >> 16 & 255] + _F3[hidden >> 24])
