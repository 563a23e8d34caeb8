"""Rulesets as data: defaults, validation, dicts and repr (issue 2, item 1)."""

import dataclasses

import pytest

from hdchess import RED, Ruleset, RulesetError, load_ruleset, ruleset_from_dict, variant_names
from hdchess.core import make_piece
from hdchess.game import Game
from hdchess.geometry import Geometry
from hdchess.options import Option
from hdchess.rules import make_ruleset
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


# -- a variant is checked when it is made (issue 34) ------------------------------------------------------------

def test_a_face_down_variant_whose_pieces_do_not_fill_its_board_is_refused_when_made():
    with pytest.raises(RulesetError) as caught:
        variant_spec("hdc2").derive(name="wide", board=Geometry.of(6, 6))
    message = str(caught.value)
    assert message.startswith("wide: ")
    assert "counts 1 2 2 2 2 2 4 1" in message and "32 pieces" in message
    assert "36 squares of a 6x6 board" in message
    assert "wide" not in variant_names()


def test_a_face_down_variant_whose_pieces_fill_its_board_is_made_and_plays():
    spec = variant_spec("banqi").derive(name="wide", board=Geometry.of(6, 6), counts=(1, 2, 2, 2, 2, 3, 6, 0))
    ruleset = make_ruleset(spec, {})
    game = Game(ruleset, seed=5)  # the deal lays 36 pieces on 36 squares
    assert len(game.state.legal_actions()) == 36
    game.play("a1")
    assert game.state.square_text(0) in "KAEHRCPkaehrcp"


def test_a_face_down_variant_with_a_piece_its_movement_does_not_move_is_refused():
    with pytest.raises(RulesetError, match=r"gaiqi2: counts has 2 Archer\(s\), a piece its movement does not move"):
        variant_spec("gaiqi").derive(name="gaiqi2", board=Geometry.of(6, 6), counts=(1, 2, 2, 2, 2, 2, 5, 2))


def test_a_stacking_variant_whose_layout_does_not_hold_its_set_is_refused():
    with pytest.raises(RulesetError, match=r"few: layout 'normal' has 5 red Soldiers, but its counts say 4"):
        variant_spec("cheight").derive(name="few", counts=(1, 2, 2, 2, 2, 2, 4, 0))


def test_a_stacking_layout_that_does_not_fit_its_board_is_refused_when_the_ruleset_is_made():
    cheight = variant_spec("cheight")
    wide = "[ae][cp][ck][ae]/[rp][hp][hp][rp]p/[RP][HP][HP][RP]/[AE][CP][CK][AE]"  # a fifth file on rank 3
    layouts = {**cheight.fixed["layouts"], "wide": wide}
    options = tuple(dataclasses.replace(o, choices=(*o.choices, "wide"), choice_labels=(*o.choice_labels, "wide"))
                    if o.name == "layout" else o for o in cheight.options)
    spec = cheight.derive(name="wider", fixed={**cheight.fixed, "layouts": layouts}, options=options)
    assert make_ruleset(spec, {}).geometry.ranks == 8  # the default layout is fine
    with pytest.raises(RulesetError, match=r"wider: layout 'wide' does not fit its 4x4 board: rank 3 covers 5 files"):
        make_ruleset(spec, {"layout": "wide"})


@pytest.mark.parametrize(("changes", "message"), [
    ({"score_tables": {"official": (10, 2, 2), "alt": (10, 4, 5, 7, 12, 8, 3, 6)}},
     "bad: score table 'official' must be 8 whole numbers, one per kind (K A E H R C P W), not (10, 2, 2)"),
    ({"score_tables": {"official": (10, 2, 2, 4, 9, 5, 1, 3)}}, "bad: no score table 'alt'"),
    ({"counts": (1, 2, 2, 2, 2, 2, 4)}, "bad: counts must be 8 whole numbers"),
    ({"glyphs": ("帥仕相", "將士象馬車包卒弓")}, "bad: glyphs must be two strings of 8 characters"),
    ({"options": (Option("no_progress_plies", "NoProgressPlies", -3, "a limit"),)},
     "bad: the default of option 'no_progress_plies' fails its own check"),
    ({"options": (Option("first_flip", "FirstFlip", "nobody", "who", choices=("opponent", "self")),)},
     "bad: the default of option 'first_flip' fails its own check"),
    ({"rules_file": "bad.md"}, "bad: no rules file 'bad.md'"),
    ({"switches": {"fog": True}}, "bad: unknown switch 'fog'"),
])
def test_a_spec_with_a_bad_table_glyphs_option_or_file_is_refused_naming_the_key(changes, message):
    with pytest.raises(RulesetError) as caught:
        variant_spec("hdc2").derive(name="bad", **changes)
    assert message in str(caught.value)


@pytest.mark.parametrize("value", [10**5000, -10**5000], ids=["huge", "huge-negative"])
def test_a_huge_option_value_from_python_is_refused_in_one_line(value: int) -> None:
    """Python will not write out an int of over 4,300 digits: the error must not try to."""
    with pytest.raises(RulesetError, match=r"^no_progress_plies must be at (most 100000|least 0), "
                                           r"not a number of over 38 digits$"):
        load_ruleset("hdc2", no_progress_plies=value)
