"""How many flips the search expands: selective chance expansion as a value.

Each flip is a chance node with one branch per piece type in the pool, so a tree
that expanded every flip square would be many times the size of one that expands
the few most promising (ordered by the game's knowledge). A :class:`FlipBudget`
says how many flip squares are kept at the root, at an inner node by the depth
it has left, and on how many flips of one line below the root: a line that has
already met ``levels`` flips below the root keeps no more (a node whose only
actions are flips still keeps one). The defaults are the search as it has
always been; a match sets another budget with ``search:...,flips_inner=1``.

>>> FlipBudget().keep(3, root=False), FlipBudget().keep(1, root=False)
(3, 1)
>>> FlipBudget(inner=(1, 1, 1)).keep(5, root=False)
1
>>> FlipBudget.from_settings({"flips_root": 6, "flip_levels": 1})
FlipBudget(root=6, inner=(1, 2, 3), levels=1)
>>> FlipBudget(root=0)
Traceback (most recent call last):
...
hdchess.errors.HdchessError: flip budget: root must be a whole number of 1 or more, not 0
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import HdchessError

UNLIMITED = 64  # more flips than any line of the search holds


@dataclass(frozen=True)
class FlipBudget:
    """Flip squares kept: ``root`` at the root; ``inner[0]``, ``inner[1]``, ``inner[2]``
    at an inner node with 1, 2, 3 or more plies left; ``levels``: flips below the root
    on one line that are expanded (0: only the root's)."""

    root: int = 4
    inner: tuple[int, int, int] = (1, 2, 3)
    levels: int = UNLIMITED

    # the names a match's player spec uses (search:flips_root=6,...)
    SETTINGS = ("flips_root", "flips_inner", "flips_one", "flips_two", "flips_deep", "flip_levels")

    def __post_init__(self) -> None:
        checks = {"root": (self.root, 1), "levels": (self.levels, 0)}
        checks.update({f"inner[{i}]": (value, 1) for i, value in enumerate(self.inner)})
        if len(self.inner) != 3:
            raise HdchessError(f"flip budget: inner needs 3 numbers (1, 2, 3+ plies left), not {len(self.inner)}")
        for name, (value, least) in checks.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise HdchessError(f"flip budget: {name} must be a whole number of {least} or more, not {value!r}")

    def keep(self, depth: int, root: bool) -> int:
        """How many flip squares to expand at a node with ``depth`` plies left."""
        if root:
            return self.root
        return self.inner[min(max(depth, 1), 3) - 1]

    @classmethod
    def from_settings(cls, settings: dict[str, float]) -> FlipBudget:
        """A budget from a player spec's numbers (``flips_inner`` sets all three inner
        counts, ``flips_one/two/deep`` one each, and wins over it); unnamed parts keep
        their defaults. An error names the setting."""
        for key, value in settings.items():
            if key not in cls.SETTINGS:
                raise HdchessError(f"flip budget: unknown setting {key!r} (settings: {', '.join(cls.SETTINGS)})")
            least = 0 if key == "flip_levels" else 1
            if value != int(value) or value < least:
                raise HdchessError(f"flip budget: {key} must be a whole number of {least} or more, not {value:g}")
        default = cls()
        every = settings.get("flips_inner")
        inner = [int(settings.get(key, default.inner[i] if every is None else every))
                 for i, key in enumerate(("flips_one", "flips_two", "flips_deep"))]
        return cls(int(settings.get("flips_root", default.root)), (inner[0], inner[1], inner[2]),
                   int(settings.get("flip_levels", default.levels)))
