"""Which materials a table set covers, and which of them share one table.

A *material* is the pieces on the board, the side to move's as red (see
:mod:`.space`). In a variant whose kinds differ only in what they may capture
(banqi: every piece steps alike; ``Movement.kind_relation`` says so), two
materials whose pieces relate to the enemy's in the same way play the same
game: the Horse and the Chariot against a lone General are the same ending as
two Horses against it. Each class of such materials is solved once, on a
representative (its member with the most twins, so the fewest placements);
the others are read through an *assignment* of their pieces to the
representative's slots. Without ``kind_relation`` every material is its own class.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from math import comb

from .space import Material, material, material_key, swapped

Relation = Callable[[int, int], object]  # Movement.kind_relation: how a kind acts on an enemy kind
# what two materials with the same relations share: (sizes of the sides, repr of both relation matrices)
Fingerprint = tuple[int, int, str, str]


def materials(counts: tuple[int, ...], pieces: int, *, both_generals: bool = False) -> list[tuple[int, ...]]:
    """Every material of exactly ``pieces`` pieces, each side at least one, at most
    ``counts[kind]`` of a kind per side (``both_generals``: each side keeps its General)."""
    kinds = [k for k in range(8) if counts[k]]

    def sides(size: int) -> list[tuple[int, ...]]:
        found = []
        for combo in itertools.combinations_with_replacement(kinds, size):
            if all(combo.count(k) <= counts[k] for k in kinds) and (not both_generals or 0 in combo):
                found.append(combo)
        return found

    keys = []
    for movers in range(1, pieces):
        for mine in sides(movers):
            for theirs in sides(pieces - movers):
                keys.append(material_key(mine, theirs))
    return sorted(set(keys))


def placements_count(key: tuple[int, ...]) -> int:
    """How many placements a material has (twins counted once), before symmetry."""
    total, free = 1, 32
    for piece in sorted(set(key)):
        n = key.count(piece)
        total *= comb(free, n)
        free -= n
    return total


class MaterialClasses:
    """The classes of one variant's materials: ``locate(key)`` -> (representative, assignment)."""

    def __init__(self, relation: Relation | None = None) -> None:
        self.relation = relation
        self._classes: dict[Fingerprint, tuple[int, ...]] = {}  # fingerprint -> representative
        self._known: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def _fingerprint(self, pieces: tuple[int, ...]) -> tuple[Fingerprint, tuple[int, ...]]:
        """(the least relation matrix over orderings of each side's pieces, the
        slots of ``pieces`` in that ordering)."""
        relation = self.relation
        assert relation is not None, "only a variant with kind relations has fingerprints"
        mine = [s for s, p in enumerate(pieces) if p < 8]
        theirs = [s for s, p in enumerate(pieces) if p >= 8]
        best: tuple[Fingerprint, tuple[int, ...]] | None = None
        for order_m in itertools.permutations(mine):
            for order_t in itertools.permutations(theirs):
                rows = tuple(relation(pieces[a] & 7, pieces[b] & 7) for a in order_m for b in order_t)
                cols = tuple(relation(pieces[b] & 7, pieces[a] & 7) for a in order_m for b in order_t)
                key = (len(mine), len(theirs), repr(rows), repr(cols))
                if best is None or key < best[0]:
                    best = (key, order_m + order_t)
        assert best is not None, "every material has a piece on each side"
        return best

    def add(self, keys: list[tuple[int, ...]]) -> None:
        """Learn the classes of ``keys`` (all materials of one size): the
        representative of each is its member with the fewest placements."""
        if self.relation is None:
            return
        for key in sorted(keys, key=lambda k: (placements_count(k), k)):
            fingerprint, _ = self._fingerprint(material(key).pieces)
            self._classes.setdefault(fingerprint, key)

    def locate(self, key: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(the representative's key, for each of its slots the slot of ``key``'s
        material that goes there). Identity for a variant without relations."""
        found = self._known.get(key)
        if found is not None:
            return found
        own = material(key)
        if self.relation is None:
            found = (key, tuple(range(own.n)))
        else:
            fingerprint, order = self._fingerprint(own.pieces)
            rep = self._classes.get(fingerprint)
            if rep is None:
                raise KeyError(f"no table class for {own.name}")
            _, rep_order = self._fingerprint(material(rep).pieces)
            assignment = [0] * own.n
            for real_slot, rep_slot in zip(order, rep_order):
                assignment[rep_slot] = real_slot
            found = (rep, tuple(assignment))
        self._known[key] = found
        return found

    def representatives(self, keys: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """The distinct representatives of ``keys``, sorted."""
        return sorted({self.locate(key)[0] for key in keys})

    def mapping(self, keys: list[tuple[int, ...]]) -> dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]]:
        """Every key of ``keys`` that is not its own representative, with its class."""
        return {key: self.locate(key) for key in keys if self.locate(key)[0] != key}


def units(reps: list[tuple[int, ...]], classes: MaterialClasses) -> list[tuple[tuple[int, ...], ...]]:
    """Representatives grouped so that quiet moves stay inside a group: a material
    and the class of the same pieces with the other side to move."""
    done: set[tuple[int, ...]] = set()
    groups: list[tuple[tuple[int, ...], ...]] = []
    for rep in reps:
        if rep in done:
            continue
        other = classes.locate(swapped(rep))[0]
        group: tuple[tuple[int, ...], ...] = (rep,) if other == rep else (rep, other)
        done.update(group)
        groups.append(group)
    return groups


__all__ = ["Material", "MaterialClasses", "material", "materials", "placements_count", "units"]
