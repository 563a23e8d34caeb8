"""A finished game with mistakes in it, for the tests of learning from them (tests/test_lessons.py on the
bridge, tests/web/test_lessons_page.py in the page)."""

from __future__ import annotations

from typing import Any

from hdchess.bridge import Session


def call(session: Session, cmd: str, **args: Any) -> Any:
    """A bridge command that must succeed: its result."""
    reply = session.handle({"cmd": cmd, "args": args})
    assert reply["ok"], reply
    return reply["result"]


def careless_game(variant: str = "hdc2", seed: int = 7, plies: int = 14, second: str = "ai",
                  serious: bool = False) -> tuple[Session, dict]:
    """A known deal against the Beginner (or, ``second="human"``, two players at one screen) in which
    player 1 plays carelessly (the first face-down square, now and then the first move; the other side is
    played the same way), then resigns if the game has not ended: (the session, the final view)."""
    session = Session()
    view = call(session, "new_game", variant=variant, seed=seed, players={"1": "human", "2": second},
                level="Beginner", serious=serious)
    turn = 0
    while not view["outcome"] and len(view["moves"]) < plies:
        legal = view["legal"]
        moves = [m["move"] for options in legal["moves"].values() for m in options]
        act = moves[0] if moves and (turn % 3 == 2 or not legal["flips"]) else legal["flips"][0]
        turn += 1
        view = call(session, "play", move=act)["view"]
    if not view["outcome"]:
        view = call(session, "resign", player=1)
    return session, view
