"""The registry of variants: each game is one module of this package.

Every module here with a ``SPEC`` (a :class:`~hdchess.rules.VariantSpec`,
usually derived from a relative's) is found when the package is imported:
a new game is one new module in ``hdchess/variants/`` and no edit elsewhere.
``variant_names()`` gives the original games first, in :data:`FIRST`'s order
(the default game first), then any other by name. Plug-ins and tests add
variants made elsewhere with :func:`register_variant`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any

from ..errors import RulesetError
from ..inputs import excerpt
from ..rules import Ruleset, VariantSpec, make_ruleset

FIRST = ("hdc2", "banqi", "gaiqi", "cheight")  # the original games, in the order players meet them


def _discover() -> tuple[VariantSpec, ...]:
    """The SPEC of every module of this package: FIRST's in its order, then the rest by module name."""
    names = sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
    names.sort(key=lambda name: FIRST.index(name) if name in FIRST else len(FIRST))
    specs = []
    for name in names:
        spec = getattr(importlib.import_module(f"{__name__}.{name}"), "SPEC", None)
        if isinstance(spec, VariantSpec):
            specs.append(spec)
    return tuple(specs)


BUILT_IN: tuple[VariantSpec, ...] = _discover()
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


__all__ = ["BUILT_IN", "DEFAULT_VARIANT", "FIRST", "load_ruleset", "register_variant", "ruleset_from_dict",
           "variant_names", "variant_spec"]
