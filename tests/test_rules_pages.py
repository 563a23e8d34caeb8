"""The rules pages (hdchess/rules_text/*.md, the web app's rules dialog) speak to players: they name an
option as the new-game dialog does, never by its identifier, and leave engine material (positions, perft,
the command line) to the developer documentation (web/docs/notation.md, web/docs/games.md)."""

import re

import pytest

from hdchess.variants import BUILT_IN

CODE_SPAN = re.compile(r"`([^`]+)`")
POSITION = re.compile(r"[\w\[\]]*/[\w\[\]]*/[\w\[\]]*/")  # three slashes in a row of squares: a board's ranks
PLACEHOLDER = re.compile(r"<[^<>\s]+>")  # `<board> <side>`: the fields of a position line
ENGINE_WORDS = re.compile(r"\bperft\b|\bhdchess (?:rules|perft|show|play)\b|--\w", re.IGNORECASE)
LANGS = ("en", "zh")  # the app's languages
PAGES = [(spec, lang, spec.rules_text(lang)) for spec in BUILT_IN for lang in LANGS]


def page_text(text):
    """What the rules dialog shows: the text without its first "# " line (the dialog's own title
    stands for it, and names the game in the player's words)."""
    return re.sub(r"\A#\s[^\n]*\n", "", text)


def identifiers(spec):
    """The words a player never reads: each option's name and engine name of more than one word
    (``first_flip``, ``NoProgressPlies``; ``layout`` and ``Scoring`` are English words too), and each
    choice whose label is another word (``alt`` shows as "alternative", ``self`` as "the flipper")."""
    words = set()
    for option in spec.options:
        words |= {name for name in (option.name, option.engine_name) if not (name.isalpha() and name[1:].islower())}
        labels = " ".join(option.choice_label(choice) for choice in option.choices)
        words |= {choice for choice in option.choices if not re.search(rf"(?<![\w-]){re.escape(choice)}(?![\w-])",
                                                                           labels)}
    return words


def raw_words(spec, text):
    """The identifiers of ``spec``'s options in ``text``: anywhere as a word, or anywhere inside code."""
    found = set()
    for word in identifiers(spec):
        if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
            found.add(word)
    every_name = {name for option in spec.options for name in (option.name, *option.choices)}
    for span in CODE_SPAN.findall(text):
        found |= {name for name in every_name if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", span)}
    return found


def engine_material(text):
    """Position lines, their fields' placeholders, perft and commands, in ``text``."""
    code_blocks = [line.strip() for line in text.splitlines() if line.startswith("    ")]
    return POSITION.findall(text) + PLACEHOLDER.findall(text) + ENGINE_WORDS.findall(text) + code_blocks


def test_the_checks_find_what_a_page_of_today_s_main_showed():
    hdc2 = next(spec for spec in BUILT_IN if spec.name == "hdc2")
    assert raw_words(hdc2, "The last two columns are the score tables (option `scoring`).") == {"scoring"}
    assert raw_words(hdc2, "| piece | official | alt |") == {"alt"}
    assert raw_words(hdc2, "With `first_flip = self` player 1 takes it.") >= {"first_flip", "self"}
    assert raw_words(hdc2, "With **First flip gives its colour to**: *the flipper*, scoring as usual.") == set()
    assert raw_words(hdc2, "a draw after NoProgressPlies or no_progress_plies") == {"NoProgressPlies",
                                                                                  "no_progress_plies"}
    assert engine_material("The start: `xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx - AACC 0 0`.")
    assert engine_material("A position is `<board> <side> <quiet> <ply>`:")
    assert engine_material("\n    [ae][cp][ck][ae]/[rp][hp][hp][rp]/4/4/4/4 r 0 0\n")
    assert engine_material("**perft** counts the leaves: 4, 16, 104.")
    assert engine_material("As in hdc2 (`hdchess rules hdc2`).")
    assert not engine_material("A move is `c2-c5`, a capture `c2xc5`, a swap `a8=c1^0`; Cannon/General.")


@pytest.mark.parametrize(("spec", "lang", "text"), PAGES, ids=[f"{s.name}-{lang}" for s, lang, _ in PAGES])
def test_a_rules_page_names_no_option_by_its_identifier(spec, lang, text):
    assert not raw_words(spec, page_text(text)), f"{spec.rules_file} ({lang}) shows option identifiers"


@pytest.mark.parametrize(("spec", "lang", "text"), PAGES, ids=[f"{s.name}-{lang}" for s, lang, _ in PAGES])
def test_a_rules_page_holds_no_engine_material(spec, lang, text):
    assert not engine_material(page_text(text)), f"{spec.rules_file} ({lang}): move it to web/docs/notation.md"


def test_every_game_has_rules_pages_in_the_app_s_languages():
    assert {spec.name for spec in BUILT_IN} >= {"hdc2", "banqi", "gaiqi", "cheight"}
    for spec in BUILT_IN:
        assert set(spec.rules_texts()) == set(LANGS), spec.name  # each language once, and nothing that is none
