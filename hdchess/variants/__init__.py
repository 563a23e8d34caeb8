"""The registry of variants: each game is one module of this package.

Every module here with a ``SPEC`` (a :class:`~hdchess.rules.VariantSpec`,
usually derived from a relative's) is found when first asked for (by its name, or in the list of names):
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
DEFAULT_VARIANT = FIRST[0]

# Found when first asked for, not when the package is imported (a browser tab starts Python for one game:
# walking the package and making every spec costs it a tenth of a second): a variant named is its module,
# imported then, and the walk over the package runs once something needs every variant (the list of
# names). A spec is checked when it is made, so a broken variant still fails its first use, naming the key.
_REGISTRY: dict[str, VariantSpec] = {}
_found_all = False


def _built_in(name: str) -> VariantSpec | None:
    """The SPEC of this package's module ``name`` (imported now), or None if there is none."""
    if not name.isidentifier() or name.startswith("_"):
        return None
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise  # the module is there, and something it imports is not
        return None
    spec = getattr(module, "SPEC", None)
    return spec if isinstance(spec, VariantSpec) else None


def _find_all() -> None:
    """Every module of this package with a SPEC in the registry: FIRST's in its order, then the rest by
    module name, then the variants registered from elsewhere."""
    global _found_all
    if _found_all:
        return
    names = sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
    names.sort(key=lambda name: FIRST.index(name) if name in FIRST else len(FIRST))
    found = {}
    for name in names:
        spec = _REGISTRY.get(name) or _built_in(name)
        if spec is not None:
            found[spec.name] = spec
    others = {name: spec for name, spec in _REGISTRY.items() if name not in found}
    _REGISTRY.clear()
    _REGISTRY.update(found)
    _REGISTRY.update(others)
    _found_all = True


def __getattr__(name: str) -> Any:
    """``BUILT_IN``: every variant of this package, in :func:`variant_names`' order (found when asked for)."""
    if name == "BUILT_IN":
        _find_all()
        return tuple(spec for spec in _REGISTRY.values() if _built_in(spec.name) is spec)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register_variant(spec: VariantSpec) -> VariantSpec:
    """Add a variant made elsewhere (a plug-in or a test) to the registry."""
    _REGISTRY[spec.name] = spec
    return spec


def variant_names() -> list[str]:
    _find_all()
    return list(_REGISTRY)


def variant_spec(name: str) -> VariantSpec:
    key = name.strip().lower() if isinstance(name, str) else ""
    spec = _REGISTRY.get(key)
    if spec is None and key:
        found = _built_in(key)  # a module is named after its game
        if found is not None and found.name == key:
            spec = _REGISTRY.setdefault(key, found)
    if spec is None:
        _find_all()
        spec = _REGISTRY.get(key)
    if spec is None:
        raise RulesetError(f"unknown variant {excerpt(name)} (known: {', '.join(variant_names())})")
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
