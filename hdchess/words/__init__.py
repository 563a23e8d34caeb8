"""A game's words in every language the package has them in, for a user interface.

English is where the game is defined: a variant's title, summary and option
docs in its :class:`~hdchess.rules.VariantSpec`, the message templates in
:mod:`hdchess.messages`. Each translation is a file beside this module:
``<variant>.<lang>.json`` (that variant's title, summary, and each option's
label, help and choice labels) and ``messages.<lang>.json`` (a template for
every message code). A variant without a file in some language is shown in
English there; a file that is there must be whole, and is checked against the
English: a missing or unknown key, or a template whose ``{placeholders}``
differ from the English one, is a :class:`WordsError` naming the file and key.

>>> from hdchess.variants import variant_spec
>>> words = variant_words(variant_spec("hdc2"))
>>> words["en"]["options"]["scoring"]["choices"], words["zh"]["title"]
({'official': 'official', 'alt': 'alternative'}, '暗龙棋 II')
>>> message_templates()["zh"]["undo.none"]
'没有可以悔的棋'
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any, TypedDict

from ..errors import HdchessError
from ..messages import TEMPLATES
from ..options import Option
from ..rules import VariantSpec

MESSAGES = "messages"  # the stem of the message templates' files: no variant may be named so
_PLACEHOLDER = re.compile(r"(?<!\{)\{(\w+)\}(?!\})")  # {name}, not a literal {{ }} of a Python template


class OptionWords(TypedDict):
    label: str  # what the option is called beside its field
    help: str  # one or two sentences for players
    choices: dict[str, str]  # each choice's label, by the choice's value (empty for a number)


class VariantWords(TypedDict):
    title: str
    summary: str
    options: dict[str, OptionWords]  # by option name


class WordsError(HdchessError):
    """A translation file that does not match the English it translates."""


def _sentence(text: str) -> str:
    """An option's doc (a lower-case phrase for ``--help``) as a sentence for players."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _option_english(option: Option) -> OptionWords:
    return {"label": option.player_label, "help": _sentence(option.doc),
            "choices": {choice: option.choice_label(choice) for choice in option.choices}}


def english_words(spec: VariantSpec) -> VariantWords:
    """A variant's words in English, all from its spec."""
    return {"title": spec.title, "summary": spec.summary,
            "options": {option.name: _option_english(option) for option in spec.options}}


def _translations(stem: str) -> dict[str, Any]:
    """Every ``<stem>.<lang>.json`` beside this module, read: ``{lang: data}``."""
    found = {}
    for entry in resources.files(__name__).iterdir():
        lang = entry.name.removeprefix(f"{stem}.").removesuffix(".json")
        if entry.name.startswith(f"{stem}.") and entry.name.endswith(".json") and lang and "." not in lang:
            try:
                found[lang] = json.loads(entry.read_text(encoding="utf-8"))
            except ValueError as exc:
                raise WordsError(f"words/{entry.name} is not valid JSON: {exc}") from exc
    return dict(sorted(found.items()))


def _check_text(where: str, key: str, value: Any, english: str) -> str:
    """``value`` if it is text with the same placeholders as ``english``; else a WordsError naming ``key``."""
    if not isinstance(value, str) or not value.strip():
        raise WordsError(f"{where}: {key} must be text, not {json.dumps(value, ensure_ascii=False)[:40]}")
    wanted, found = set(_PLACEHOLDER.findall(english)), set(_PLACEHOLDER.findall(value))
    if wanted != found:
        raise WordsError(f"{where}: {key} has the placeholders {sorted(found)}, the English {sorted(wanted)}")
    return value


def _check_keys(where: str, prefix: str, data: Any, wanted: set[str],
                optional: set[str] | None = None) -> dict[str, Any]:
    """``data`` if it is an object with the keys ``wanted`` and no others (but ``optional``); else a
    WordsError naming the key."""
    if not isinstance(data, dict):
        raise WordsError(f"{where}: {prefix or 'the file'} must be an object")
    missing, unknown = sorted(wanted - set(data)), sorted(set(data) - wanted - (optional or set()))
    if missing:
        raise WordsError(f"{where}: no {prefix}{missing[0]}")
    if unknown:
        raise WordsError(f"{where}: unknown key {prefix}{unknown[0]}")
    return data


def _check_option(where: str, option: Option, data: Any, english: OptionWords) -> OptionWords:
    prefix = f"options.{option.name}."
    keys = {"label", "help", "choices"} if option.choices else {"label", "help"}
    data = _check_keys(where, prefix, data, keys, {"choices"})  # a number's choices: none, or {}
    choices = _check_keys(where, f"{prefix}choices.", data.get("choices", {}), set(option.choices))
    return {"label": _check_text(where, f"{prefix}label", data["label"], english["label"]),
            "help": _check_text(where, f"{prefix}help", data["help"], english["help"]),
            "choices": {choice: _check_text(where, f"{prefix}choices.{choice}", choices[choice], choice)
                        for choice in option.choices}}


def checked_words(where: str, spec: VariantSpec, data: Any) -> VariantWords:
    """A translation of a variant's words (``data``, read from ``where``) checked against its English."""
    english = english_words(spec)
    data = _check_keys(where, "", data, {"title", "summary", "options"})
    options = _check_keys(where, "options.", data["options"], {option.name for option in spec.options})
    return {"title": _check_text(where, "title", data["title"], english["title"]),
            "summary": _check_text(where, "summary", data["summary"], english["summary"]),
            "options": {option.name: _check_option(where, option, options[option.name],
                                                   english["options"][option.name])
                        for option in spec.options}}


def variant_words(spec: VariantSpec) -> dict[str, VariantWords]:
    """A variant's words by language: English from its spec, the others from its files (checked)."""
    words = {"en": english_words(spec)}
    for lang, data in _translations(spec.name).items():
        words[lang] = checked_words(f"words/{spec.name}.{lang}.json", spec, data)
    return words


@cache
def message_templates() -> dict[str, dict[str, str]]:
    """Every message code's template by language: English from :mod:`hdchess.messages`, the others
    from their files (checked: a template for every code, with the English one's placeholders)."""
    templates = {"en": dict(TEMPLATES)}
    for lang, data in _translations(MESSAGES).items():
        templates[lang] = checked_templates(f"words/{MESSAGES}.{lang}.json", data)
    return templates


def checked_templates(where: str, data: Any) -> dict[str, str]:
    """A translation of the message templates (``data``, read from ``where``) checked against the English."""
    data = _check_keys(where, "", data, set(TEMPLATES))
    return {code: _check_text(where, code, data[code], english) for code, english in TEMPLATES.items()}


__all__ = ["OptionWords", "VariantWords", "WordsError", "checked_templates", "checked_words", "english_words",
           "message_templates", "variant_words"]
