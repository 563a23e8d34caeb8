"""A bridge reply checked against the written contract (hdchess/bridge/contract.py), for the tests.

:func:`check_reply` takes a request and the reply :meth:`Session.handle` gave it, sends the reply
through JSON as the page receives it, and raises :class:`ContractError` naming the first field
that is missing, unknown or of the wrong type. ``tests/conftest.py`` runs it on every reply the
suite's sessions give. Test-only: the engine neither needs nor imports it.
"""

from __future__ import annotations

import json
import types
from typing import Literal, Union, get_args, get_origin, is_typeddict

from hdchess.bridge.contract import RESULTS, Answer, Refusal
from hdchess.bridge.declarations import fields


class ContractError(AssertionError):
    """A reply that is not what the contract says the page receives."""


def problem(value: object, hint: object, where: str) -> str | None:
    """What is wrong with ``value`` as a ``hint`` (None: nothing), the place named as ``where``."""
    if hint is object:
        return None
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return f"{where} should be an object, not {type(value).__name__}"
        known = {key for key, _, _ in fields(hint)}
        for key, field, required in fields(hint):
            if key not in value:
                if required:
                    return f"{where}.{key} is missing ({hint.__name__})"
                continue
            found = problem(value[key], field, f"{where}.{key}")
            if found:
                return found
        extra = sorted(set(value) - known)
        return f"{where}.{extra[0]} is not in the contract ({hint.__name__})" if extra else None
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        ok = any(type(value) is type(arg) and value == arg for arg in args)
        return None if ok else f"{where} should be one of {list(args)}, not {value!r}"
    if origin in (Union, types.UnionType):
        found = [problem(value, arg, where) for arg in args]
        return None if None in found else " / ".join(p for p in found if p)
    if origin is list:
        if not isinstance(value, list):
            return f"{where} should be a list, not {type(value).__name__}"
        return next((p for i, item in enumerate(value) if (p := problem(item, args[0], f"{where}[{i}]"))), None)
    if origin is dict:
        if not isinstance(value, dict):
            return f"{where} should be an object, not {type(value).__name__}"
        for key, item in value.items():
            found = problem(key, args[0], f"{where} key") or problem(item, args[1], f"{where}[{key!r}]")
            if found:
                return found
        return None
    if hint is type(None):
        return None if value is None else f"{where} should be null, not {value!r}"
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(hint, type):
        ok = isinstance(value, hint)
    else:
        raise TypeError(f"the checker cannot read the contract's type {hint!r}")
    return None if ok else f"{where} should be {getattr(hint, '__name__', hint)}, not {value!r}"


def check_reply(request: object, reply: object) -> None:
    """Raise ContractError unless ``reply`` (to ``request``) is what the contract promises, as JSON has it."""
    sent = json.loads(json.dumps(reply, ensure_ascii=False))
    ok = isinstance(sent, dict) and sent.get("ok") is True
    found = problem(sent, Answer if ok else Refusal, "reply")
    if found is None and ok:
        cmd = request.get("cmd") if isinstance(request, dict) else None
        if cmd not in RESULTS:
            found = f"the contract has no result for the command {cmd!r}"
        else:
            found = problem(sent["result"], RESULTS[cmd], "result")
    if found:
        raise ContractError(f"{_name(request)}: {found}")


def _name(request: object) -> str:
    return str(request.get("cmd")) if isinstance(request, dict) else "a request"
