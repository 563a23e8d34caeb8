"""Cheight's forced wins on screen: where the player can cover the enemy General by force, the hint
says so in words, in English and 中文 (hdchess/ai/mate.py finds it; tests/test_cheight_mate.py checks
the search itself)."""

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.web

WAIT_MS = 60_000
WIN_IN_2 = "a[cp]ca/1hhr/r[eEp][pEe]1/pk1[pP]/2P1/PP1R/RHHK/A[CP]CA r 1 26"  # tests/data/cheight_mates.txt


def query(lang):
    tags = {"Variant": "cheight", "FEN": WIN_IN_2, "Player1Type": "human", "Player2Type": "ai", "Level": "Beginner"}
    record = "".join(f'[{k} "{v}"]\n' for k, v in tags.items()) + "\n *\n"
    return f"lang={lang}&record=" + quote(record)


@pytest.mark.parametrize(("lang", "words"), [("en", "You can win by force: cover the General in 2"),
                                             ("zh", "你可以强制取胜：2 步内压住对方的将帅")])
def test_the_hint_names_a_forced_win(open_app, page, lang, words):
    open_app(query(lang))
    page.wait_for_selector("#board.interactive", timeout=WAIT_MS)
    page.locator("#btn-hint").click()
    expect(page.locator("#hint-text")).to_contain_text(words, timeout=WAIT_MS)
