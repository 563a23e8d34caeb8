"""Clocks across a reload: the time the running player spent since the last save is not given back."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.web

SETTINGS = ('{"lang": "en", "mode": "two", "clock": "1+0", "variant": "hdc2", "level": "Beginner",'
            ' "first": "human", "sound": false}')


def seconds(text: str) -> float:
    minutes, _, rest = text.strip().partition(":")
    return int(minutes) * 60 + float(rest)


def clock_of(page, player: int) -> float:
    return seconds(page.locator(f'.player-card[data-player="{player}"] .clock').inner_text())


def test_a_reload_gives_no_time_back(open_app, page, wait_for_engine):
    page.emulate_media(reduced_motion="reduce")
    # the settings are there before the app first starts (a page that starts a game against the computer
    # first could save that game, and a reload would then bring it back instead of a two-player game)
    page.add_init_script(f"""if (!localStorage.getItem('hdchess.settings.v1')) {{
        localStorage.setItem('hdchess.settings.v1', '{SETTINGS}'); }}""")
    open_app("lang=en")
    page.wait_for_selector("#board.interactive", timeout=30_000)
    page.locator('#board [data-sq="c2"]').click()  # the opening flip decides the colours: player 2's clock runs
    expect(page.locator('.player-card[data-player="2"] .clock.running')).to_be_visible(timeout=30_000)
    page.wait_for_timeout(3_500)
    before = clock_of(page, 2)
    assert before <= 57, before
    page.reload()
    wait_for_engine(page)
    expect(page.locator('.player-card[data-player="2"] .clock.running')).to_be_visible(timeout=30_000)
    after = clock_of(page, 2)
    assert after <= before, f"the reload gave time back: {before} s before, {after} s after"
    assert clock_of(page, 1) == 60  # the waiting player's time is untouched
