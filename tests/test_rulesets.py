"""Rulesets as data: defaults, validation, dicts and repr (issue 2, item 1)."""

import pytest

from hdchess import RED, Ruleset, RulesetError, load_ruleset, ruleset_from_dict, variant_names
from hdchess.core import make_piece
from hdchess.variants import variant_spec


def test_hdc2_is_the_default_game_with_the_documented_defaults():
    ruleset = load_ruleset()
    assert ruleset.variant == "hdc2"
    assert ruleset.as_dict() == {"variant": "hdc2", "scoring": "official", "first_flip": "opponent",
                                 "repetition_penalty": 1, "no_progress_plies": 40}
    assert ruleset == load_ruleset("hdc2")


def test_hdc2_is_registered_and_every_option_is_documented():
    assert "hdc2" in variant_names()
    spec = variant_spec("hdc2")
    assert {o.name for o in spec.options} == {"scoring", "first_flip", "repetition_penalty", "no_progress_plies"}
    for option in spec.options:
        assert option.doc and str(option.default) in option.describe()


def test_the_set_and_both_score_tables():
    assert sum(load_ruleset().initial_pool) == 32
    official, alt = load_ruleset(scoring="official"), load_ruleset(scoring="alt")
    assert [official.piece_value(make_piece(RED, k)) for k in range(8)] == [10, 2, 2, 4, 9, 5, 1, 3]
    assert [alt.piece_value(make_piece(RED, k)) for k in range(8)] == [10, 4, 5, 7, 12, 8, 3, 6]
    assert official.piece_values[8:] == official.piece_values[:8]  # black scores the same


def test_options_accept_engine_names_and_text_values():
    ruleset = load_ruleset("hdc2", NoProgressPlies="12", Scoring="ALT", firstflip=" self ")
    assert ruleset["no_progress_plies"] == 12
    assert ruleset["scoring"] == "alt"
    assert ruleset["first_flip"] == "self"


@pytest.mark.parametrize(("options", "message"), [
    ({"scoring": "bogus"}, "scoring must be one of official, alt, not 'bogus'"),
    ({"first_flip": 3}, "first_flip must be one of opponent, self, not 3"),
    ({"no_progress_plies": "١٢"}, "no_progress_plies must be a whole number, not '١٢'"),
    ({"no_progress_plies": "²"}, "no_progress_plies must be a whole number, not '²'"),
    ({"no_progress_plies": "9" * 5000}, "no_progress_plies must be a whole number, not '9999"),
    ({"repetition_penalty": -1}, "repetition_penalty must be at least 0, not -1"),
    ({"no_progress_plies": "ten"}, "no_progress_plies must be a whole number, not 'ten'"),
    ({"no_progress_plies": 2.5}, "no_progress_plies must be a whole number, not 2.5"),
    ({"no_progress_plies": True}, "no_progress_plies must be a whole number, not True"),
    ({"colour": "red"}, "unknown option 'colour' for hdc2"),
])
def test_bad_options_are_rejected_naming_the_key_and_value(options, message):
    with pytest.raises(RulesetError) as caught:
        load_ruleset("hdc2", **options)
    assert message in str(caught.value)


def test_an_unknown_variant_is_rejected_naming_it_and_the_known_ones():
    with pytest.raises(RulesetError, match=r"unknown variant 'chess' \(known: hdc2"):
        load_ruleset("chess")


def test_variant_names_are_case_insensitive():
    assert load_ruleset(" HDC2 ") == load_ruleset()


def test_from_dict_round_trips_as_dict():
    ruleset = load_ruleset(scoring="alt", repetition_penalty=0)
    assert ruleset_from_dict(ruleset.as_dict()) == ruleset
    assert ruleset_from_dict({"no_progress_plies": 60})["no_progress_plies"] == 60  # variant defaults to hdc2


@pytest.mark.parametrize(("data", "message"), [
    (["hdc2"], "a ruleset must be a mapping of options, not list"),
    ({"variant": "xiangqi"}, "unknown variant 'xiangqi'"),
    ({"variant": "hdc2", "speed": 3}, "unknown option 'speed'"),
    ({"scoring": None}, "scoring must be one of"),
])
def test_from_dict_errors_name_the_problem(data, message):
    with pytest.raises(RulesetError, match=message):
        ruleset_from_dict(data)


@pytest.mark.parametrize("options", [{}, {"scoring": "alt"}, {"first_flip": "self", "no_progress_plies": 0},
                                     {"repetition_penalty": 3, "scoring": "alt", "first_flip": "self"}])
def test_repr_is_the_call_that_makes_it(options):
    ruleset = load_ruleset("hdc2", **options)
    assert eval(repr(ruleset), {"load_ruleset": load_ruleset}) == ruleset
    assert repr(load_ruleset()) == "load_ruleset('hdc2')"


def test_rulesets_are_frozen_hashable_values():
    a, b = load_ruleset(scoring="alt"), load_ruleset(scoring="alt")
    assert a == b and hash(a) == hash(b) and a != load_ruleset()
    assert len({a, b, load_ruleset()}) == 2
    with pytest.raises(AttributeError):
        a.variant = "banqi"
    assert isinstance(a, Ruleset)


def test_with_options_changes_only_what_it_names():
    ruleset = load_ruleset(scoring="alt").with_options(no_progress_plies=10)
    assert ruleset.non_defaults() == {"scoring": "alt", "no_progress_plies": 10}
