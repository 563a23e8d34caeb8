"""The catalog of player-facing messages (hdchess/messages.py): codes with
parameters, English text as before, and a Chinese template for every code
(hdchess/words/messages.zh.json), which the web page reads from the bridge's info."""

import pickle
import re

import pytest

from hdchess import Game, load_ruleset
from hdchess.bridge import Session
from hdchess.errors import IllegalMoveError, InvalidSquareError
from hdchess.messages import TEMPLATES, Message, jsonable
from hdchess.words import message_templates


def test_every_code_has_a_chinese_template_with_the_same_placeholders():
    zh = message_templates()["zh"]
    for code, english in TEMPLATES.items():
        assert code in zh, f"no Chinese template for {code}"
        wanted = set(re.findall(r"(?<!\{)\{(\w+)\}(?!\})", english))
        assert set(re.findall(r"\{(\w+)\}", zh[code])) == wanted, code


def test_the_page_has_the_templates_before_python_starts():
    """The bridge's info (written into the site by the build) carries every translation."""
    info = Session().handle({"cmd": "info", "args": {}})["result"]
    assert info["messages"]["zh"] == message_templates()["zh"] and "en" not in info["messages"]


def test_an_explanation_keeps_its_english_and_gains_a_code():
    game = Game(load_ruleset(), position="2x2r2/2x5/x1R2C1x/p2xh3 r AKPPp 4 40")
    with pytest.raises(IllegalMoveError) as caught:
        game.play("c2-g2")
    error = caught.value
    assert str(error) == "c2-g2: the Chariot on c2 is blocked by f2"
    assert error.code == "move.refused"
    assert error.params["reason"].code == "move.blocked"
    assert jsonable(error.params)["reason"] == {"code": "move.blocked", "text": "the Chariot on c2 is blocked by f2",
                                                "params": {"kind": "R", "sq": "c2", "blocker": "f2"}}


def test_a_black_piece_is_named_by_its_kind_and_keeps_its_colour_for_translations():
    message = Message("banqi.ranks_lower", kind="h", sq="b2", victim_kind="R")
    assert message == "the Horse on b2 cannot capture the Chariot: it ranks lower"
    assert message.params["kind"] == "h"  # a translation draws the black Horse's own character


def test_messages_and_coded_errors_survive_pickling():
    error = InvalidSquareError(Message("square.unknown", text="z9", last_file="h", ranks=4))
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == "z9 is not a square (files a-h, ranks 1-4)" and again.code == "square.unknown"
