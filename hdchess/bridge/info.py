"""What the page knows of the package before any game: its games and their words, the AI levels.

The build writes this ``info`` into the site (``web/static-info.js``), so the
page shows every game's name, options and rules in its language before Python
has started; a game added to the package appears there with no change to the page.
"""

from __future__ import annotations

from .. import __version__
from ..ai.level_table import LEVELS, TIMED_LEVELS
from ..core import KIND_LETTERS
from ..options import SWITCHES
from ..variants import load_ruleset, variant_names, variant_spec
from ..words import message_templates, variant_words
from .contract import Info, VariantInfo


def variant_info(name: str) -> VariantInfo:
    """What the page needs to know of a variant: names, options, switches, board, pieces, rules, words."""
    spec = variant_spec(name)
    ruleset = load_ruleset(name)
    geometry = ruleset.geometry

    def kind(letter: str) -> int:
        return KIND_LETTERS.index(letter.upper())

    return {
        "name": spec.name, "title": spec.title, "summary": spec.summary, "parent": spec.parent,
        "options": [{"name": o.name, "engine_name": o.engine_name, "default": o.default, "doc": o.doc,
                     "choices": list(o.choices) or None, "minimum": o.minimum} for o in spec.options],
        "switches": {s.name: spec.switch(s.name) for s in SWITCHES},
        "board": {"files": geometry.files, "ranks": geometry.ranks},
        "pieces": {letter: {"glyph": spec.glyphs[letter.islower()][kind(letter)],
                            "value": ruleset.piece_values[kind(letter)],
                            "count": spec.counts[kind(letter)]}
                   for letter in spec.letters()},
        "rules": spec.rules_text(),
        "rules_by_lang": spec.rules_texts(),
        "words": variant_words(spec),
    }


def info() -> Info:
    """Every game, the AI levels (and which think by time, how many ms), and the message
    templates in each language but English (the engine's English text comes with every message)."""
    templates = message_templates()
    return {"version": __version__, "variants": [variant_info(name) for name in variant_names()],
            "levels": [level.name for level in LEVELS], "timed_levels": dict(TIMED_LEVELS),
            "messages": {lang: by_code for lang, by_code in templates.items() if lang != "en"}}


__all__ = ["info", "variant_info"]
