"""The bridge's ``frames``: every position of the game from its start (one per action, then the last), as
``position_at`` gives each, in one reply: what the page's animated image of a game is drawn from."""

import random

import pytest

from hdchess.bridge import Session


def call(session, cmd, **args):
    reply = session.handle({"cmd": cmd, "args": args})
    assert reply["ok"], reply.get("error")
    return reply["result"]


def random_game(variant, options, plies, seed):
    rng = random.Random(seed)
    session = Session()
    view = call(session, "new_game", variant=variant, seed=seed, players={"1": "human", "2": "human"},
                **({"options": options} if options else {}))
    while len(view["moves"]) < plies and not view["outcome"]:
        legal = view["legal"]
        view = call(session, "play", move=rng.choice(
            legal["flips"] + [m["move"] for moves in legal["moves"].values() for m in moves]))["view"]
    return session, view


@pytest.mark.parametrize(("variant", "options"), [
    ("hdc2", None), ("banqi", None), ("gaiqi", None), ("cheight", None), ("cheight", {"layout": "minimal"})])
def test_frames_are_the_positions_of_every_ply(variant, options):
    session, view = random_game(variant, options, 30, seed=3)
    got = call(session, "frames")
    assert got["board"] == view["board"]
    assert len(got["frames"]) == len(view["moves"]) + 1
    for ply, frame in enumerate(got["frames"]):
        position = call(session, "position_at", ply=ply)
        assert frame == {"squares": position["squares"], "last_move": position["last_move"]}, f"ply {ply}"


def test_frames_of_a_new_game_is_its_opening_alone():
    session = Session()
    view = call(session, "new_game", variant="hdc2", players={"1": "human", "2": "human"})
    assert call(session, "frames")["frames"] == [{"squares": view["squares"], "last_move": None}]


def test_frames_takes_no_argument():
    session = Session()
    call(session, "new_game", variant="hdc2", players={"1": "human", "2": "human"})
    reply = session.handle({"cmd": "frames", "args": {"ply": 3}})
    assert not reply["ok"] and "ply" in reply["error"]
