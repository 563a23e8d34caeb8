"""Building a variant's tables, smallest materials first (a capture leads to
fewer pieces, so every capture's result is known before its material is solved)."""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import chase, score, wdl
from .chase import Solved
from .classes import MaterialClasses, materials, units
from .files import Writable
from .moves import Mover
from .space import material

if TYPE_CHECKING:
    from ...rules import Ruleset

Key = tuple[int, ...]  # a material (see .space)


def classes_for(ruleset: Ruleset) -> MaterialClasses:
    return MaterialClasses(ruleset.movement.kind_relation)


def keys_for(ruleset: Ruleset, pieces: int) -> list[tuple[int, ...]]:
    """Every material of ``pieces`` pieces the variant's tables cover (gaiqi: both Generals on the board)."""
    counts = tuple(ruleset.initial_pool[:8])
    return materials(counts, pieces, both_generals=bool(ruleset.switch("general_loss")))


def build_wdl(ruleset: Ruleset, pieces: int, progress: Callable[[str], None] | None = None,
              classes: MaterialClasses | None = None) -> tuple[dict[tuple[int, ...], Solved], MaterialClasses]:
    """The win/loss tables of every material of 2 to ``pieces`` pieces: {representative: solved}.
    ``classes``: which materials share a table (default: the variant's own classes)."""
    limit = ruleset["no_progress_plies"]
    classes = classes_for(ruleset) if classes is None else classes
    solve_unit = chase.solve_unit if ruleset.switch("chase_rule") else _solve_unit
    known: dict[tuple[int, ...], Solved] = {}
    for n in range(2, pieces + 1):
        keys = keys_for(ruleset, n)
        classes.add(keys)
        for unit in units(classes.representatives(keys), classes):
            start = time.perf_counter()
            values = solve_unit(ruleset, unit, classes, known, limit)
            if progress is not None:
                names = " + ".join(material(key).name for key in unit)
                progress(f"{names}: {sum(material(k).size for k in unit):,} entries, "
                         f"{time.perf_counter() - start:.1f} s")
            known.update(values)
    return known, classes


def _solve_unit(ruleset: Ruleset, unit: tuple[Key, ...], classes: MaterialClasses, known: Mapping[Key, Solved],
                limit: int) -> dict[Key, Solved]:
    offsets: dict[Key, int] = {}
    size = 0
    for key in unit:
        offsets[key] = size
        size += material(key).size
    graph = wdl.Graph(size)
    for key in unit:
        mover = Mover(ruleset, key, classes)
        base = offsets[key]
        for index, squares in mover.material.placements():
            u = base + index
            graph.valid[u] = 1
            for _, _, captured, child, child_index in mover.moves(squares):
                if child.terminal:
                    graph.exits[u] |= wdl.WIN_EXIT
                elif captured < 0:
                    graph.add_edge(u, offsets[child.key] + child_index)
                else:
                    graph.exits[u] |= wdl.exit_of(known[child.key].values[child_index])
    values = wdl.solve(graph, limit)
    return {key: Solved(values[offsets[key]:offsets[key] + material(key).size]) for key in unit}


def build_score(ruleset: Ruleset, pieces: int, progress: Callable[[str], None] | None = None,
                ) -> tuple[dict[Key, score.Layered], MaterialClasses]:
    """The score tables of every material of 2 to ``pieces`` pieces: {representative: Layered}."""
    limit = ruleset["no_progress_plies"]
    if not limit:
        raise ValueError("score tables need a no-progress limit (their layers count the plies left)")
    classes = classes_for(ruleset)
    reach = score.empty_reach(ruleset)
    known: dict[Key, score.Layered] = {}
    for n in range(2, pieces + 1):
        keys = keys_for(ruleset, n)
        classes.add(keys)
        for unit in units(classes.representatives(keys), classes):
            start = time.perf_counter()
            known.update(score.solve_unit(ruleset, unit, classes, known, reach, limit))
            if progress is not None:
                names = " + ".join(material(key).name for key in unit)
                progress(f"{names}: {sum(len(known[k].keys) for k in unit):,} half-states, "
                         f"{time.perf_counter() - start:.1f} s")
    return known, classes


def write_tables(ruleset: Ruleset, pieces: int, directory: str | Path,
                 progress: Callable[[str], None] | None = None) -> tuple[Path, dict[str, Any], float]:
    """Build the tables of ``ruleset`` up to ``pieces`` pieces into ``directory``;
    returns (path, header, seconds)."""
    from .files import FORMAT, file_name, write

    start = time.perf_counter()
    by_score = ruleset.decided_by_score
    scored: dict[Key, score.Layered] = {}
    solved_tables: dict[Key, Solved] = {}
    if by_score:
        scored, classes = build_score(ruleset, pieces, progress)
    else:
        solved_tables, classes = build_wdl(ruleset, pieces, progress)
    keys = [key for n in range(2, pieces + 1) for key in keys_for(ruleset, n)]
    header: dict[str, Any] = {
        "format": FORMAT,
        "variant": ruleset.variant,
        "rules": ruleset.as_dict(),
        "kind": "score" if by_score else "wdl",
        "pieces": pieces,
        "limit": ruleset["no_progress_plies"],
        "materials": [list(key) for key in keys],
        "classes": [[list(real), list(rep), list(assignment)] for real, (rep, assignment)
                    in sorted(classes.mapping(keys).items())],
    }
    tables: dict[str, Mapping[str, Writable]] = {}
    if by_score:
        header["entries"] = sum(len(layered.keys) for layered in scored.values())
        header["breakpoints"] = sum(len(layered.rs) for layered in scored.values())
        for key, layered in sorted(scored.items()):
            tables[material(key).name] = score.packed(layered)
    else:
        header["entries"] = sum(len(solved.values) for solved in solved_tables.values())
        header["exceptions"] = sum(len(solved.exceptions) for solved in solved_tables.values())
        for key, solved in sorted(solved_tables.items()):
            arrays: dict[str, Writable] = {"entries": solved.values}
            if solved.exceptions:
                exception_keys = sorted(solved.exceptions)
                arrays["exception_keys"] = array("q", exception_keys)
                arrays["exception_values"] = bytes(solved.exceptions[k] for k in exception_keys)
            tables[material(key).name] = arrays
    seconds = time.perf_counter() - start
    header["build_seconds"] = round(seconds, 1)
    path = Path(directory) / file_name(ruleset.variant, pieces, ruleset.non_defaults())
    write(path, header, tables)
    return path, header, seconds
