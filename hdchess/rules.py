"""Rulesets as data.

A *variant* (``hdc2``, later ``banqi``, ``gaiqi``...) is a :class:`VariantSpec`:
its piece set, score tables, movement, and the options a player may set, each
documented once with its type and default. A :class:`Ruleset` is a variant
with every option resolved and validated: a frozen value, hashable, that
round-trips through a dict (``ruleset.as_dict()``). Derived tables (the value of
each piece, the starting pool) are computed once when it is made.

>>> load_ruleset("hdc2", scoring="alt").piece_value(make_piece(RED, CHARIOT))
12
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .core import ARCHER, CHARIOT, RED, SOLDIER, make_piece  # noqa: F401  (doctest)
from .errors import RulesetError


@dataclass(frozen=True)
class Option:
    """One documented rule option."""

    name: str  # key in dicts, records and the CLI: ``no_progress_plies``
    engine_name: str  # name in the engine protocol and record tags: ``NoProgressPlies``
    default: Any
    doc: str
    choices: tuple[str, ...] = ()  # a choice option when non-empty, else an integer
    minimum: int = 0

    def parse(self, value: Any) -> Any:
        """Check (and, from text, convert) a value; RulesetError names the key."""
        if self.choices:
            text = str(value).strip().lower()
            if text not in self.choices:
                raise RulesetError(
                    f"{self.name} must be one of {', '.join(self.choices)}, not {value!r}"
                )
            return text
        if isinstance(value, bool):
            raise RulesetError(f"{self.name} must be a whole number, not {value!r}")
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise RulesetError(f"{self.name} must be a whole number, not {value!r}") from None
        if not isinstance(value, int):
            raise RulesetError(f"{self.name} must be a whole number, not {value!r}")
        if value < self.minimum:
            raise RulesetError(f"{self.name} must be at least {self.minimum}, not {value}")
        return value

    def describe(self) -> str:
        kind = "|".join(self.choices) if self.choices else f"integer >= {self.minimum}"
        return f"{self.name} ({kind}, default {self.default}): {self.doc}"


@dataclass(frozen=True)
class VariantSpec:
    """Everything that makes one game of the family what it is.

    ``counts`` and score tables are indexed by piece kind (K A E H R C P W).
    ``fixed`` holds rule parameters that are not options in this variant
    (for example ``first_flip`` is always ``self`` in banqi).
    """

    name: str
    title: str
    summary: str
    counts: tuple[int, ...]
    score_tables: Mapping[str, tuple[int, ...]]
    options: tuple[Option, ...]
    movegen: Callable[..., object]  # movegen(state, colour, out): appends the colour's moves to out
    # scan(state, colour, None) -> (number of moves, bitboard of capturable enemies), when the
    # variant has a fast one; the evaluation falls back to movegen otherwise.
    scan: Callable[..., tuple[int, int]] | None = None
    fixed: Mapping[str, Any] = field(default_factory=dict)
    blind_captures: bool = False  # gaiqi: a piece may capture a face-down piece
    general_loss: bool = False  # gaiqi: losing your General loses the game
    chase_rule: bool = False  # gaiqi: the three-checks rule
    decided_by_score: bool = True  # hdc2: the higher score wins; others win/lose
    # With chase_rule: does the piece on this square attack the enemy General?
    # ``gives_check(state, square) -> bool``; State keeps the chase counts with it.
    gives_check: Callable[..., bool] | None = None
    # Why ``frm-to`` is illegal in this variant's own terms, or None to fall back
    # to the generic reasons: ``explain(state, frm, to) -> str | None``.
    explain: Callable[..., str | None] | None = None

    def option(self, key: str) -> Option:
        for opt in self.options:
            if key in (opt.name, opt.engine_name) or key.lower() == opt.engine_name.lower():
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise RulesetError(f"unknown option {key!r} for {self.name} (options: {known})")


@dataclass(frozen=True)
class Ruleset:
    """A variant with all its options resolved. Build it with :func:`load_ruleset`."""

    variant: str
    settings: tuple[tuple[str, Any], ...]
    spec: VariantSpec = field(compare=False, repr=False)
    piece_values: tuple[int, ...] = field(compare=False, repr=False)  # by piece code 0..15
    initial_pool: tuple[int, ...] = field(compare=False, repr=False)  # by piece code 0..15

    def __getitem__(self, key: str) -> Any:
        for name, value in self.settings:
            if name == key:
                return value
        if key in self.spec.fixed:
            return self.spec.fixed[key]
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def piece_value(self, piece: int) -> int:
        return self.piece_values[piece]

    def as_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, **dict(self.settings)}

    def non_defaults(self) -> dict[str, Any]:
        return {o.name: self[o.name] for o in self.spec.options if self[o.name] != o.default}

    def with_options(self, **changes: Any) -> Ruleset:
        return load_ruleset(self.variant, **{**dict(self.settings), **changes})

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.non_defaults().items())
        return f"load_ruleset({self.variant!r}{args})"


_REGISTRY: dict[str, VariantSpec] = {}


def register_variant(spec: VariantSpec) -> VariantSpec:
    _REGISTRY[spec.name] = spec
    return spec


def variant_names() -> list[str]:
    _load_builtin_variants()
    return list(_REGISTRY)


def variant_spec(name: str) -> VariantSpec:
    _load_builtin_variants()
    spec = _REGISTRY.get(str(name).strip().lower())
    if spec is None:
        raise RulesetError(f"unknown variant {name!r} (known: {', '.join(_REGISTRY)})")
    return spec


def load_ruleset(variant: str = "hdc2", **options: Any) -> Ruleset:
    """The ruleset of ``variant`` with ``options`` over the defaults.

    Keys may be option names (``no_progress_plies``) or engine names
    (``NoProgressPlies``); values may be text (``"40"``). Errors name the key.
    """
    spec = variant_spec(variant)
    chosen = {opt.name: opt.default for opt in spec.options}
    for key, value in options.items():
        opt = spec.option(key)
        chosen[opt.name] = opt.parse(value)
    scores = spec.score_tables[chosen.get("scoring", "official")]
    values = tuple(scores[code & 7] for code in range(16))
    pool = tuple(spec.counts[code & 7] for code in range(16))
    return Ruleset(spec.name, tuple(chosen.items()), spec, values, pool)


def ruleset_from_dict(data: Mapping[str, Any]) -> Ruleset:
    """``{"variant": "hdc2", "scoring": "alt"}`` -> Ruleset."""
    if not isinstance(data, Mapping):
        raise RulesetError(f"a ruleset must be a mapping of options, not {type(data).__name__}")
    options = dict(data)
    variant = options.pop("variant", "hdc2")
    return load_ruleset(variant, **options)


def _load_builtin_variants() -> None:
    if not _REGISTRY:
        from . import variants  # noqa: F401  (registers on import)
