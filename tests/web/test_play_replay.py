"""The replay shows boards of earlier plies from the bridge's ``position_at``
(the page computes none itself). Checked against the view the bridge gave at
every ply of whole random games, on CPython."""

import random

import pytest

from hdchess.bridge import Session

PANEL_KEYS = ("board", "squares", "pool", "captured", "scores", "penalties", "side", "player_colors", "turn_player",
              "quiet", "quiet_limit")


def game_views(seed, variant="hdc2"):
    """Every view of a random game (captures preferred), from the opening to the end."""
    rng = random.Random(seed)
    session = Session()
    reply = session.handle({"cmd": "new_game", "args": {
        "seed": seed, "variant": variant, "players": {"1": "human", "2": "human"}}})
    assert reply["ok"], reply
    views = [reply["result"]]
    while not views[-1]["outcome"]:
        legal = views[-1]["legal"]
        moves = [o for opts in legal["moves"].values() for o in opts]
        captures = [o["move"] for o in moves if o["capture"]]
        choices = captures if captures and rng.random() < 0.7 else legal["flips"] + [o["move"] for o in moves]
        reply = session.handle({"cmd": "play", "args": {"move": rng.choice(choices)}})
        assert reply["ok"], reply
        views.append(reply["result"]["view"])
    return session, views


@pytest.mark.parametrize(("seed", "variant"), [(1, "hdc2"), (3, "banqi"), (4, "gaiqi")])
def test_position_at_gives_the_board_and_panels_of_every_ply(seed, variant):
    session, views = game_views(seed, variant)
    for ply, view in enumerate(views):
        reply = session.handle({"cmd": "position_at", "args": {"ply": ply}})
        assert reply["ok"], reply
        position = reply["result"]
        for key in PANEL_KEYS:
            assert position[key] == view[key], f"{key} after {ply} plies"
        assert position["last_move"] == view["last_move"]
        assert (position["outcome"] is None) == (view["outcome"] is None)
