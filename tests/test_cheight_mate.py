"""Cheight's forced wins (hdchess/ai/mate.py): the suite of tests/data/cheight_mates.txt.

Each entry was made from self-play and checked by plain minimax
(``python -m hdchess.lab.mates``): ``win N`` the side to move covers the General in
N of its moves and not fewer, ``loss N`` the other side does so whatever it plays,
``none N`` neither within N. The search must find each at its shortest N and
prove the ``none`` entries to their depth. The draw rules are checked against
plain minimax too, which counts repetitions and the no-progress rule exactly as
the game does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hdchess import load_ruleset
from hdchess.ai.decision import choose_action
from hdchess.ai.forced import mate_moves, mate_score
from hdchess.ai.mate import applies, forced_win, keeps_forced_win
from hdchess.game import Game
from hdchess.lab.mates import exhaustive, verdict

SUITE = Path(__file__).parent / "data" / "cheight_mates.txt"


def _entries() -> list[tuple[str, str, int, dict[str, str]]]:
    entries = []
    for line in SUITE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        position, _, rest = line.partition(" ; ")
        answer, _, options = rest.partition("[")
        kind, n = answer.split()
        entries.append((position.strip(), kind, int(n),
                        dict(item.split("=", 1) for item in options.removesuffix("]").split())))
    return entries


ENTRIES = _entries()


def _state(position: str, options: dict[str, str]):
    return load_ruleset("cheight", **options).read_position(position)


def test_the_suite_covers_both_boards_and_every_kind():
    boards = {len(position.split()[0].split("/")) for position, *_ in ENTRIES}
    assert boards == {4, 8}
    kinds = {(kind, n) for _, kind, n, _ in ENTRIES}
    assert {("win", 1), ("win", 2), ("win", 3), ("loss", 1), ("loss", 2)} <= kinds
    assert any(kind == "none" for kind, _ in kinds)


@pytest.mark.parametrize(("position", "kind", "n", "options"), ENTRIES,
                         ids=[f"{kind}{n}-{i}" for i, (_, kind, n, _) in enumerate(ENTRIES)])
def test_the_search_finds_each_entry_at_its_shortest(position, kind, n, options):
    state = _state(position, options)
    found = forced_win(state, max_moves=n)
    assert found.complete
    expected = {"win": n, "loss": -n, "none": None}[kind]
    assert found.moves == expected
    assert state.position_text() == position  # left as it was
    if kind == "win":
        # the first move keeps the win on its clock, and the line ends with the General covered
        assert keeps_forced_win(state, found.action, n) is True
        line = state.copy()
        for action in found.pv:
            line.push(action)
        outcome = line.outcome()
        assert outcome is not None and outcome.winner == state.side


@pytest.mark.parametrize(("position", "kind", "n", "options"),
                         [e for e in ENTRIES if e[2] <= 2][:12])
def test_entries_agree_with_plain_minimax(position, kind, n, options):
    """The data file's claims, checked again here by plain minimax for the cheap ones."""
    assert verdict(_state(position, options), n) == (kind, n)


@pytest.mark.parametrize(("position", "kind", "n", "options"),
                         [e for e in ENTRIES if e[1] == "win" and e[2] == 2][:4])
@pytest.mark.parametrize("left", [1, 2, 3])
def test_the_no_progress_rule_is_counted_as_the_game_counts_it(position, kind, n, options, left):
    """With the no-progress limit ``left`` moves away, a win that needs more quiet moves is a
    draw: the search says what plain minimax (the game's own outcome) says."""
    quiet = int(position.split()[2])
    state = _state(position, {**options, "no_progress_plies": str(quiet + left)})
    expected = verdict(state, n)
    found = forced_win(state, max_moves=n)
    assert found.complete
    got = ("none", n) if found.moves is None else ("win" if found.moves > 0 else "loss", abs(found.moves))
    assert got == expected


def _cycle(state) -> list[int] | None:
    """Four moves that bring the position back (each side steps away and back), if there are."""
    for first in state.legal_actions():
        state.push(first)
        for second in state.legal_actions():
            state.push(second)
            back = [a for a in state.legal_actions() if state.action_text(a)[3:5] == state.action_text(first)[:2]
                    and state.action_text(a)[:2] == state.action_text(first)[3:5]]
            for third in back:
                state.push(third)
                home = [a for a in state.legal_actions()
                        if state.action_text(a)[3:5] == state.action_text(second)[:2]
                        and state.action_text(a)[:2] == state.action_text(second)[3:5]]
                for fourth in home:
                    state.push(fourth)
                    key = state.hash
                    state.pop()
                    if key == _root_hash(state, 3):
                        state.pop()
                        state.pop()
                        state.pop()
                        return [first, second, third, fourth]
                state.pop()
            state.pop()
        state.pop()
    return None


def _root_hash(state, back: int) -> int:
    popped = [state.pop() for _ in range(back)]
    key = state.hash
    for action in reversed(popped):
        state.push(action)
    return key


@pytest.mark.parametrize(("position", "kind", "n", "options"),
                         [e for e in ENTRIES if e[2] <= 2 and e[1] != "none"][:6])
def test_repetitions_in_the_history_are_counted_as_the_game_counts_them(position, kind, n, options):
    """After the position has come back once or twice in the game (so the game's own history holds
    repetitions), the search and plain minimax, which counts every occurrence as the game does, agree."""
    state = _state(position, options)
    cycle = _cycle(state)
    if cycle is None:
        pytest.skip("no four-move cycle from this position")
    for times in (1, 2):
        game_state = state.copy()
        for _ in range(times):
            for action in cycle:
                game_state.push(action)
        if game_state.outcome() is not None:
            continue  # the third occurrence: drawn already
        found = forced_win(game_state, max_moves=n)
        me = game_state.side
        expected = next((d for d in range(1, n + 1) if exhaustive(game_state, me, d)), None)
        if expected is None:
            expected = next((-d for d in range(1, n + 1) if exhaustive(game_state, me ^ 1, d)), None)
        assert found.complete and found.moves == expected


def test_only_games_without_chance_use_it():
    assert applies(load_ruleset("cheight").new_state())
    for variant in ("hdc2", "banqi", "gaiqi"):
        assert not applies(load_ruleset(variant).new_state())


def test_a_mate_value_reads_back_as_its_moves():
    for moves in (1, 2, 3, 7, -1, -2, -5):
        assert mate_moves(mate_score(moves)) == moves
    assert mate_moves(3.5) is None and mate_moves(-12.0) is None


def test_the_levels_play_a_forced_win_and_report_it():
    position, _, n, options = next(e for e in ENTRIES if e[1] == "win" and e[2] == 2)
    state = _state(position, options)
    for level in ("Club", "Master"):
        result = choose_action(state, level)
        assert mate_moves(result.score) == n
        assert keeps_forced_win(state, result.action, n) is True


def test_a_level_avoids_a_move_into_a_proved_forced_loss():
    """Even the Beginner, who picks among its moves by chance, never plays a move after which the
    other side covers its General at once, where another move exists (in every ``none`` entry
    the side to move has one)."""
    for position, kind, _, options in ENTRIES:
        if kind != "none":
            continue
        state = _state(position, options)
        for seed in range(3):
            after = state.copy()
            after.push(choose_action(state, "Beginner", seed=seed).action)
            assert forced_win(after, max_moves=1, losses=False).moves is None


def test_the_engine_reports_score_mate():
    from hdchess.engine import Engine

    position, _, n, _ = next(e for e in ENTRIES if e[1] == "win" and e[2] == 2 and "[" not in e[3])
    lines: list[str] = []
    engine = Engine(lines.append)
    for command in ("setoption name Variant value cheight", f"position fen {position}", "go nodes 4000"):
        engine.handle(command)
    engine.wait()
    assert any(f"score mate {n} " in line for line in lines)
    assert lines[-1].startswith("bestmove ")


def test_the_review_marks_a_missed_forced_win():
    from hdchess.bridge.review import analyse

    position, _, n, options = next(e for e in ENTRIES if e[1] == "win" and e[2] == 2)
    state = _state(position, options)
    found = forced_win(state, n)
    other = next(a for a in state.legal_actions() if keeps_forced_win(state, a, n) is False)
    game = Game(load_ruleset("cheight", **options), position=position)
    game.play(other)
    review = analyse(game, 1, 4000)
    assert review["missed_win"] == n and review["drop"] >= 30
    assert review["best"] == state.action_text(found.action)
    game = Game(load_ruleset("cheight", **options), position=position)
    game.play(found.action)
    assert "missed_win" not in analyse(game, 1, 4000)


def test_a_move_with_a_time_limit_keeps_to_it_forced_win_search_included(monkeypatch):
    """The engine's ``go movetime`` and a match's ``Grandmaster@700ms``: the forced-win search comes first
    and its time comes out of the search's, so the whole move keeps to the limit (a node budget stays the
    search's own). Measured before: 811 ms a move for ``go movetime 700`` in Cheight."""
    from types import SimpleNamespace

    from hdchess.ai import decision
    from hdchess.ai.limits import SearchLimits

    clock = [100.0]
    given: list[SearchLimits] = []

    def forced_search_that_takes_250_ms(state, limits, on_info=None):
        clock[0] += 0.25
        return None

    class Searcher:
        def __init__(self, state, limits, **options):
            given.append(limits)

        def begin(self):
            pass

    monkeypatch.setattr(decision, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    monkeypatch.setattr(decision, "forced_result", forced_search_that_takes_250_ms)
    monkeypatch.setattr(decision, "Searcher", Searcher)
    state = load_ruleset("cheight").new_state()
    for limits in (SearchLimits(movetime_ms=700), SearchLimits(movetime_ms=150), SearchLimits(nodes=4000)):
        decision.Decision(state, "Grandmaster", 0, limits).begin()
    assert [(g.movetime_ms, g.nodes) for g in given] == [(450, None), (1, None), (None, 4000)]
    top = decision.Decision(state, "Grandmaster")  # the level's own time: its manager gets what is left
    top.begin()
    assert top.timing is not None and top.timing.target_ms == 2000 - 250


def test_a_level_with_its_own_budget_plays_a_forced_win_found_first():
    """``Master@4000n`` in a match, like the level itself and the engine: a forced win first."""
    from hdchess.players import Turn, make_player

    position, _, n, options = next(e for e in ENTRIES if e[1] == "win" and e[2] == 2)
    state = _state(position, options)
    player = make_player("Master@4000n")
    choice = player.choose(Turn(state.copy(), position, (), 0))
    assert player.last_result.solved and mate_moves(player.last_result.score) == n
    assert keeps_forced_win(state, choice.action, n) is True
