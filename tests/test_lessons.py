"""Learning from the mistakes of a finished game (hdchess/bridge/lessons.py): the position before a
mistake, and the AI's judgement of another action tried there, which plays nothing and shows no
piece the game did not show."""

from __future__ import annotations

import re

import pytest
from careless_play import call, careless_game  # tests/careless_play.py

from hdchess import Game, load_ruleset
from hdchess.bridge import Session, lessons
from hdchess.bridge.lessons import BETTER_MARGIN, GOOD_MARGIN
from hdchess.bridge.view import states

NODES = 400  # a small review budget: the tests check the judgement's logic, not its strength


def refused(session: Session, cmd: str, **args) -> dict:
    reply = session.handle({"cmd": cmd, "args": args})
    assert not reply["ok"], reply
    return reply


def try_text(lesson: dict, ply: int, view: dict) -> str:
    """The action played at ``ply`` as a player would try it: a flip by its square, no result."""
    played = lesson["played"]
    return played["to"] if played["kind"] == "flip" else re.sub(r"\(.*?\)", "", view["moves"][ply - 1]["text"])


def all_tries(lesson: dict) -> list[str]:
    return lesson["legal"]["flips"] + [m["move"] for options in lesson["legal"]["moves"].values() for m in options]


def mistakes(session: Session, view: dict, player: int) -> list[tuple[int, dict]]:
    """The player's actions the review marks (3 points lost or more), with the review's analysis."""
    out = []
    for ply, move in enumerate(view["moves"], start=1):
        if move["player"] == player:
            analysis = call(session, "analyse", ply=ply, nodes=NODES)
            if analysis["drop"] >= 3:
                out.append((ply, analysis))
    return out


def test_the_lesson_is_the_position_before_the_mistake_with_its_legal_actions():
    session, view = careless_game("hdc2", 7)
    ply = 9
    lesson = call(session, "lesson", ply=ply)
    before = call(session, "position_at", ply=ply - 1)
    assert lesson["squares"] == before["squares"] and lesson["side"] == before["side"]
    assert lesson["outcome"] is None  # the game is not over yet there
    played = view["moves"][ply - 1]
    assert lesson["played"]["from"] == played["from"] and lesson["played"]["to"] == played["to"]
    assert lesson["played"]["player"] == played["player"]
    # the legal actions there: the one played among them, and every one is judged without error
    assert try_text(lesson, ply, view) in all_tries(lesson)
    for text in all_tries(lesson):
        judged = call(session, "judge_try", ply=ply, move=text, nodes=NODES)
        assert judged["verdict"] in {"best", "better", "not_better"}


@pytest.mark.parametrize("variant, seed", [("hdc2", 7), ("banqi", 8), ("gaiqi", 3), ("cheight", 1)])
def test_the_move_played_is_not_better_and_the_reviews_best_is_found(variant, seed):
    session, view = careless_game(variant, seed, plies=16)
    found = mistakes(session, view, 1) + mistakes(session, view, 2)
    assert found, f"no marked action in this {variant} game"
    for ply, analysis in found:
        lesson = call(session, "lesson", ply=ply)
        same = call(session, "judge_try", ply=ply, move=try_text(lesson, ply, view), nodes=NODES)
        assert same["verdict"] == "not_better" and same["same_as_played"], (ply, same)
        # the judgement is the review's own search: the same best action, the same loss
        assert same["played_loss"] == analysis["drop"]
        assert same["best"]["move"] == analysis["best"]
        best = call(session, "judge_try", ply=ply, move=analysis["best"], nodes=NODES)
        assert best["verdict"] == "best" and best["loss"] == 0 and not best["same_as_played"]


def test_each_verdict_follows_from_the_loss_of_the_try_and_of_the_move_played():
    session, view = careless_game("hdc2", 7)
    ply, analysis = mistakes(session, view, 1)[0]
    lesson = call(session, "lesson", ply=ply)
    verdicts = set()
    for text in all_tries(lesson):
        judged = call(session, "judge_try", ply=ply, move=text, nodes=NODES)
        loss, played_loss = judged["loss"], judged["played_loss"]
        if judged["verdict"] == "best":
            assert loss <= GOOD_MARGIN
        elif judged["verdict"] == "better":
            assert GOOD_MARGIN < loss <= played_loss - BETTER_MARGIN
        else:
            assert loss > GOOD_MARGIN and (judged["same_as_played"] or loss > played_loss - BETTER_MARGIN)
        verdicts.add(judged["verdict"])
    assert {"best", "not_better"} <= verdicts


def test_judging_a_flip_shows_no_piece_and_changes_nothing():
    session, view = careless_game("hdc2", 7)
    record = call(session, "export")["record"]
    ply, _ = next((p, a) for p, a in mistakes(session, view, 1) if view["moves"][p - 1]["kind"] == "flip")
    lesson = call(session, "lesson", ply=ply)
    for square in lesson["legal"]["flips"][:6]:
        judged = call(session, "judge_try", ply=ply, move=square, nodes=NODES)
        assert judged["try"] == {"move": square, "from": square, "to": square, "kind": "flip"}
        # no piece letter anywhere in the reply but for the best action's notation (a square or a move)
        assert set(judged) == {"ply", "lesson_ply", "verdict", "try", "same_as_played", "loss", "played_loss", "best"}
        assert "(" not in judged["best"]["move"]
    assert call(session, "export")["record"] == record  # the finished game is as it was
    assert call(session, "view")["moves"] == view["moves"]
    # a try cannot choose what its flip reveals
    reply = refused(session, "judge_try", ply=ply, move=f"{lesson['legal']['flips'][0]}(K)", nodes=NODES)
    assert reply["code"] == "move.refused" and reply["params"]["reason"]["code"] == "flip.drawn"


def test_bad_tries_are_named_and_lessons_wait_for_the_end_of_the_game():
    session, view = careless_game("hdc2", 7)
    total = len(view["moves"])
    assert "z9" in refused(session, "judge_try", ply=3, move="z9")["error"]
    assert "ply" in refused(session, "judge_try", ply=total + 1, move="a1")["error"]
    assert "move" in refused(session, "judge_try", ply=3)["error"]
    assert "ply" in refused(session, "lesson", ply=0)["error"]
    lesson = call(session, "lesson", ply=3)
    taken = next(sq for sq, content in lesson["squares"].items() if content and content != "x")
    assert refused(session, "judge_try", ply=3, move=taken)["code"] == "move.refused"  # not a flip there
    live = Session()
    call(live, "new_game", variant="hdc2", seed=7)
    call(live, "play", move="a1")
    assert "finished" in refused(live, "lesson", ply=1)["error"]
    assert "finished" in refused(live, "judge_try", ply=1, move="b1")["error"]
    serious = Session()
    call(serious, "new_game", variant="hdc2", seed=7, serious=True)
    call(serious, "play", move="a1")
    assert refused(serious, "judge_try", ply=1, move="b1")["code"] == "hint.serious"


def test_the_judgement_knows_only_what_the_game_showed_before_the_mistake():
    """Two games alike up to a flip that turned up different pieces: every try at that flip is judged
    the same in both, so a judgement tells nothing of the pieces the game revealed later (nor of the
    pieces still face-down, which the referee never tells it)."""
    session, view = careless_game("hdc2", 7)
    played = session.game.moves
    ply = next(i + 1 for i, m in enumerate(played) if m.kind == "flip" and i >= 6)
    state = lessons_state_before(session.game, ply)
    pieces = sorted({piece for piece, _ in state.chance_outcomes(played[ply - 1].action)})
    assert len(pieces) >= 2
    replies = []
    for piece in pieces[:2]:
        game = Game(load_ruleset("hdc2"))
        for move in played[:ply - 1]:
            game.replay(move.action, move.revealed)
        game.replay(played[ply - 1].action, piece)
        game.resign(game.state.side)
        lesson = lessons.lesson(game, ply)
        tries = all_tries(lesson)
        replies.append(([lessons.judge_try(game, ply, text, NODES) for text in tries],
                        {k: v for k, v in lesson.items() if k != "played"}))
    assert replies[0] == replies[1]


def lessons_state_before(game, ply):
    for index, state in enumerate(states(game)):
        if index == ply - 1:
            return state.copy()
    raise AssertionError(ply)


def test_a_mistake_is_told_in_points_of_the_final_score_not_in_the_searchs_units():
    """The search counts winning itself as WIN_BONUS more, so a move that gave away a General
    (10 points) and the game showed "lost about 42 points": a player is told the score sheet's
    points, and what the move did to the likely result."""
    from hdchess.bridge.review import score_words
    from hdchess.knowledge import WIN_BONUS, expected_difference, utility

    for difference in (-25.0, -3.0, -0.4, 0.0, 0.7, 4.0, 31.0):
        assert expected_difference(utility(difference)) == pytest.approx(difference, abs=1e-6)
    gave_a_general = score_words(utility(6.0), utility(-4.0))
    assert gave_a_general == {"points": 10, "turned": "win-loss"}
    assert utility(6.0) - utility(-4.0) > 10 + WIN_BONUS  # what the old words called the loss
    assert score_words(utility(3.0), utility(0.0))["turned"] == "win-even"
    assert score_words(utility(8.0), utility(5.0)) == {"points": 3, "turned": None}
    session, view = careless_game()
    marked = mistakes(session, view, 1)
    assert marked and view["decided_by_score"]
    for _, analysis in marked:  # every marked move of a game decided by score says both
        assert 0 <= analysis["points"] <= analysis["drop"] and "turned" in analysis
