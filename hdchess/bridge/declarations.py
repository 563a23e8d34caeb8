"""The page's TypeScript declarations, written from the protocol's contract (:mod:`.contract`).

``web/build.py`` writes them to ``web/protocol.d.ts``; the page's modules import its types with JSDoc
``import("./protocol.js")``. :func:`fields` is also what the tests' checker of replies reads, so
the declarations and the check see the same fields.
"""

from __future__ import annotations

import types
import typing
from typing import Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

from . import contract

HEADER = """\
// The bridge's replies, as hdchess/bridge/contract.py writes them: generated, do not edit.
// Regenerate: python3 -m hdchess.bridge.declarations > web/protocol.d.ts (web/build.py does it;
// tests/test_contract.py says when this file is out of date).
"""


def fields(typed: type) -> list[tuple[str, object, bool]]:
    """A TypedDict's keys in order: each key, its type, and whether every reply has it."""
    out = []
    for key, hint in get_type_hints(typed, include_extras=True).items():
        required = get_origin(hint) is not NotRequired
        out.append((key, hint if required else get_args(hint)[0], required))
    return out


def _aliases() -> dict[str, object]:
    return {name: value for name, value in contract.EXPORTED.items() if not is_typeddict(value)}


def render(hint: object, aliases: dict[str, object] | None = None) -> str:
    """A Python type of the contract as TypeScript."""
    aliases = _aliases() if aliases is None else aliases
    for name, value in aliases.items():  # a Literal or a union of TypedDicts by its name (not every str | None)
        if hint == value and (get_origin(hint) is Literal or all(is_typeddict(arg) for arg in get_args(hint))):
            return name
    if is_typeddict(hint):
        return typing.cast(type, hint).__name__
    simple = {str: "string", int: "number", float: "number", bool: "boolean", object: "unknown", type(None): "null"}
    if isinstance(hint, type) and hint in simple:
        return simple[hint]
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        return " | ".join("true" if a is True else "false" if a is False else f'"{a}"' for a in args)
    if origin in (Union, types.UnionType):
        return " | ".join(render(a, aliases) for a in args)
    if origin is list:
        return f"Array<{render(args[0], aliases)}>"
    if origin is dict:
        return f"Record<{render(args[0], aliases)}, {render(args[1], aliases)}>"
    raise TypeError(f"the contract has a type the page's declarations cannot say: {hint!r}")


def _named(hint: object, found: dict[str, type]) -> None:
    """Every TypedDict ``hint`` reaches, into ``found`` (by name, in the order first met)."""
    if is_typeddict(hint):
        typed = typing.cast(type, hint)
        if typed.__name__ in found:
            return
        found[typed.__name__] = typed
        for _, field, _ in fields(typed):
            _named(field, found)
        return
    for arg in get_args(hint):
        _named(arg, found)


def _doc(typed: type) -> str:
    doc = " ".join((typed.__doc__ or "").split()).replace("``", "`")
    if not doc or doc.startswith(f"{typed.__name__}("):  # a functional TypedDict's made-up docstring
        return ""
    return f"/** {doc} */\n"


def _base(typed: type, found: dict[str, type]) -> type | None:
    """The TypedDict ``typed`` extends (Python keeps no bases of a TypedDict: the one whose fields
    begin its own, the longest), so the page's interface says ``extends`` rather than repeat them."""
    mine = fields(typed)
    bases = [other for other in found.values()
             if other is not typed and len(fields(other)) < len(mine) and mine[:len(fields(other))] == fields(other)]
    return max(bases, key=lambda other: len(fields(other)), default=None)


def declarations() -> str:
    """The whole ``web/protocol.d.ts``."""
    aliases = _aliases()
    found: dict[str, type] = {}
    for value in [*contract.EXPORTED.values(), *contract.RESULTS.values()]:
        _named(value, found)
    parts = [HEADER]
    for name, value in aliases.items():
        parts.append(f"export type {name} = {render(value, {})};\n")
    for name, typed in found.items():
        base = _base(typed, found)
        own = fields(typed)[len(fields(base)):] if base else fields(typed)
        lines = [f"  {key}{'' if required else '?'}: {render(hint, aliases)};" for key, hint, required in own]
        extends = f" extends {base.__name__}" if base else ""
        parts.append(f"\n{_doc(typed)}export interface {name}{extends} {{\n" + "\n".join(lines) + "\n}\n")
    results = "\n".join(f"  {cmd}: {render(typed, aliases)};" for cmd, typed in contract.RESULTS.items())
    parts.append(f"\n/** Each command's result. */\nexport interface Results {{\n{results}\n}}\n")
    parts.append("\nexport type Command = keyof Results;\n")
    return "".join(parts)


__all__ = ["declarations", "fields", "render"]

if __name__ == "__main__":
    print(declarations(), end="")
