"""A game's words (hdchess/words/): English from the variant's spec, each translation
from a file beside the loader, checked against the English so that no page shows a
half-translated game; a game with no translation is shown in English."""

import copy
import json

import pytest

from hdchess.bridge import Session
from hdchess.errors import RulesetError
from hdchess.messages import TEMPLATES
from hdchess.options import Option
from hdchess.variants import BUILT_IN, variant_spec
from hdchess.words import (
    WordsError,
    checked_templates,
    checked_words,
    english_words,
    message_templates,
    variant_words,
)

TRANSLATED = ("hdc2", "banqi", "gaiqi", "cheight")  # the games with a words/<name>.zh.json


@pytest.mark.parametrize("spec", BUILT_IN, ids=lambda spec: spec.name)
def test_every_built_in_variant_has_whole_words_in_every_language(spec):
    words = variant_words(spec)
    assert words["en"]["title"] == spec.title and words["en"]["summary"] == spec.summary
    if spec.name in TRANSLATED:
        assert set(words) == {"en", "zh"}
    for lang, found in words.items():
        assert found["title"].strip() and found["summary"].strip(), lang
        assert list(found["options"]) == [option.name for option in spec.options], lang
        for option in spec.options:
            option_words = found["options"][option.name]
            assert option_words["label"].strip() and option_words["help"].strip(), (lang, option.name)
            assert list(option_words["choices"]) == list(option.choices), (lang, option.name)


def test_english_words_come_from_the_spec():
    words = english_words(variant_spec("hdc2"))
    limit = words["options"]["no_progress_plies"]
    assert limit["label"] == "No-progress limit (plies)" and limit["choices"] == {}
    assert limit["help"] == "Plies with no flip and no capture that end the game (0 turns it off)."
    assert words["options"]["first_flip"]["choices"] == {"opponent": "the opponent", "self": "the flipper"}


def test_an_option_without_labels_reads_as_its_name_and_its_choices():
    option = Option("board_size", "BoardSize", "small", "how big the board is", choices=("small", "large"))
    assert option.player_label == "Board size"
    assert [option.choice_label(choice) for choice in option.choices] == ["small", "large"]


def test_choice_labels_must_match_the_choices():
    with pytest.raises(RulesetError, match="1 choice labels for 2 choices"):
        Option("board_size", "BoardSize", "small", "how big", choices=("small", "large"), choice_labels=("tiny",))


def test_every_message_code_has_a_template_in_every_language():
    templates = message_templates()
    assert set(templates) >= {"en", "zh"} and templates["en"] == TEMPLATES
    for lang, by_code in templates.items():
        assert set(by_code) == set(TEMPLATES), lang


def zh_words(name):
    return copy.deepcopy(variant_words(variant_spec(name))["zh"])


@pytest.mark.parametrize("change, named", [
    (lambda w: w.pop("summary"), "no summary"),
    (lambda w: w["options"]["scoring"].pop("help"), "no options.scoring.help"),
    (lambda w: w["options"]["first_flip"]["choices"].pop("self"), "no options.first_flip.choices.self"),
    (lambda w: w["options"].pop("repetition_penalty"), "no options.repetition_penalty"),
    (lambda w: w["options"]["scoring"].update(hint="?"), "unknown key options.scoring.hint"),
    (lambda w: w["options"]["scoring"].update(label=""), "options.scoring.label must be text"),
    (lambda w: w.update(title="{name}"), "title has the placeholders ['name']"),
])
def test_a_translation_that_does_not_match_the_english_names_the_key(change, named):
    words = zh_words("hdc2")
    checked_words("words/hdc2.zh.json", variant_spec("hdc2"), json.loads(json.dumps(words)))  # whole: accepted
    change(words)
    with pytest.raises(WordsError, match="words/hdc2.zh.json: .*" + named.replace("[", r"\[").replace("]", r"\]")):
        checked_words("words/hdc2.zh.json", variant_spec("hdc2"), words)


def test_a_message_template_must_keep_the_english_placeholders():
    templates = dict(message_templates()["zh"])
    templates["move.blocked"] = "{sq} 上的{kind}被挡住了"  # {blocker} lost
    with pytest.raises(WordsError, match=r"move.blocked has the placeholders \['kind', 'sq'\], the English "
                                         r"\['blocker', 'kind', 'sq'\]"):
        checked_templates("words/messages.zh.json", templates)
    del templates["move.blocked"]
    with pytest.raises(WordsError, match="no move.blocked"):
        checked_templates("words/messages.zh.json", templates)


def test_a_variant_with_no_translation_is_shown_in_english():
    spec = variant_spec("hdc2").derive(name="hdc2-test", title="A test game")
    assert variant_words(spec) == {"en": english_words(spec)}


def test_the_bridge_info_carries_each_game_s_words():
    info = Session().handle({"cmd": "info", "args": {}})["result"]
    for variant in info["variants"]:
        assert variant["words"] == variant_words(variant_spec(variant["name"]))
    banqi = next(v for v in info["variants"] if v["name"] == "banqi")
    assert banqi["words"]["zh"]["title"] == "暗棋"
