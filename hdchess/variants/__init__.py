"""The registry of variants: each game is one module here, listed below in
the order ``variant_names()`` gives them (the default game first).

A new game is a new module with a ``SPEC`` (usually derived from a relative's)
added to :data:`BUILT_IN`; nothing else needs to know about it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import RulesetError
from ..inputs import excerpt
from ..rules import Ruleset, VariantSpec, make_ruleset
from . import banqi, cheight, gaiqi, hdc2

BUILT_IN: tuple[VariantSpec, ...] = (hdc2.SPEC, banqi.SPEC, gaiqi.SPEC, cheight.SPEC)
_REGISTRY: dict[str, VariantSpec] = {spec.name: spec for spec in BUILT_IN}
DEFAULT_VARIANT = BUILT_IN[0].name


def register_variant(spec: VariantSpec) -> VariantSpec:
    """Add a variant made elsewhere (a plug-in or a test) to the registry."""
    _REGISTRY[spec.name] = spec
    return spec


def variant_names() -> list[str]:
    return list(_REGISTRY)


def variant_spec(name: str) -> VariantSpec:
    spec = _REGISTRY.get(name.strip().lower()) if isinstance(name, str) else None
    if spec is None:
        raise RulesetError(f"unknown variant {excerpt(name)} (known: {', '.join(_REGISTRY)})")
    return spec


def load_ruleset(variant: str = DEFAULT_VARIANT, /, **options: Any) -> Ruleset:
    """The ruleset of ``variant`` with ``options`` over the defaults.

    Keys may be option names (``no_progress_plies``) or engine names
    (``NoProgressPlies``); values may be text (``"40"``). Errors name the key.
    """
    return make_ruleset(variant_spec(variant), options)


def ruleset_from_dict(data: Mapping[str, Any]) -> Ruleset:
    """``{"variant": "hdc2", "scoring": "alt"}`` -> Ruleset."""
    if not isinstance(data, Mapping):
        raise RulesetError(f"a ruleset must be a mapping of options, not {type(data).__name__}")
    options = dict(data)
    variant = options.pop("variant", DEFAULT_VARIANT)
    return load_ruleset(variant, **options)


__all__ = ["BUILT_IN", "DEFAULT_VARIANT", "load_ruleset", "register_variant", "ruleset_from_dict",
           "variant_names", "variant_spec"]
