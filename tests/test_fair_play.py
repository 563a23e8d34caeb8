"""Fair play: nothing a player can see or send reveals or decides a face-down piece.

A *snoop* reads everything a player's program could read (every view and
reply of the web bridge, every record, every line an external engine is
sent) and tries to predict each flip before it happens: it tries every
number it has seen as a deal seed (which is how the old deal leaked), keeps
the ones consistent with every flip so far, and otherwise guesses the most
common piece in the pool. Against a fair referee it can do no better than
that last guess; the tests check its hit rate against the pool's own odds.
"""

import io
import json
import math
import random
import re
import sys
from pathlib import Path

import pytest

from hdchess import Game, load_ruleset
from hdchess.ai import SearchLimits
from hdchess.bridge import Session
from hdchess.cli import main
from hdchess.core import piece_from_letter
from hdchess.match import run_match
from hdchess.referee import KnownDeal

NUMBER = re.compile(r"(?<![0-9])[0-9]{1,20}(?![0-9])")


class Snoop:
    """Predicts flips of a game from the start, from the texts it has read."""

    def __init__(self, variant: str = "hdc2") -> None:
        self.start = load_ruleset(variant).new_state()
        self.seeds: set[int] = set()
        self.revealed: dict[int, int] = {}  # square -> piece seen there in the current game
        self.hits = 0
        self.expected = 0.0  # hits the pool's odds give the best honest guess
        self.variance = 0.0
        self.flips = 0

    def new_game(self) -> None:
        """A new deal: what was seen of the last one says nothing of this one."""
        self.revealed = {}

    def read(self, text: str) -> None:
        self.seeds.update(int(n) for n in NUMBER.findall(text)[:2000])

    def _consistent(self) -> list[dict]:
        layouts = []
        for seed in sorted(self.seeds)[:400]:
            layout = KnownDeal(self.start, seed).layout
            if all(layout.get(sq) == piece for sq, piece in self.revealed.items()):
                layouts.append(layout)
        return layouts

    def guess(self, state, action) -> None:
        """Before the referee draws: commit to a guess, remember the honest odds."""
        outcomes = state.chance_outcomes(action)
        best_piece, best = max(outcomes, key=lambda o: o[1])
        layouts = self._consistent()
        slot = state.chance_slot(action)
        self._guess = layouts[0][slot] if layouts else best_piece
        self.expected += best
        self.variance += best * (1 - best)
        self._slot = slot

    def learn(self, piece: int) -> None:
        self.flips += 1
        self.hits += self._guess == piece
        self.revealed[self._slot] = piece

    def assert_no_better_than_chance(self) -> None:
        bound = self.expected + 4 * math.sqrt(self.variance) + 2
        assert self.flips >= 60, "too few flips to judge"
        assert self.hits <= bound, (f"the snoop predicted {self.hits} of {self.flips} flips "
                                    f"(chance: {self.expected:.1f})")


def test_the_bridge_views_and_records_predict_nothing():
    """Whole games through the web bridge, every reply read by the snoop."""
    snoop = Snoop()
    for game_number in range(4):  # 128 flips: a leaked deal would show in every one of them
        session = Session()
        rng = random.Random(game_number)
        snoop.new_game()
        reply = session.handle({"cmd": "new_game", "args": {"players": {"1": "human", "2": "human"}}})
        snoop.read(json.dumps(reply))
        view = reply["result"]
        while not view["outcome"] and len(view["moves"]) < 200:
            state = session.game.state
            actions = state.legal_actions()
            action = rng.choice(actions)
            if state.is_chance(action):
                snoop.guess(state, action)
            reply = session.handle({"cmd": "play", "args": {"move": state.action_text(action)}})
            snoop.read(json.dumps(reply))
            if reply["result"]["played"]["revealed"]:
                snoop.learn(session.game.moves[-1].revealed)
            for cmd in ("export", "view", "evaluations"):
                snoop.read(json.dumps(session.handle({"cmd": cmd})))
            view = reply["result"]["view"]
        assert "Seed" not in view["record"] and "seed" not in view
    snoop.assert_no_better_than_chance()


def test_the_snoop_would_catch_a_leaked_seed():
    """The same snoop, shown a known deal's seed, predicts every flip: the test can fail."""
    snoop = Snoop()
    snoop.read("seed 4242")
    game = Game(seed=4242)
    rng = random.Random(1)
    while not game.is_over() and snoop.flips < 32:
        action = rng.choice(game.legal_actions())
        if game.state.is_chance(action):
            snoop.guess(game.state, action)
            snoop.learn(game.play(action).revealed)
        else:
            game.play(action)
    assert snoop.hits == snoop.flips == 32
    with pytest.raises(AssertionError):
        snoop.assert_no_better_than_chance()


def test_live_play_cannot_choose_a_flip_through_the_bridge_or_the_terminal(capsys, monkeypatch):
    session = Session()
    session.handle({"cmd": "new_game", "args": {"players": {"1": "human", "2": "human"}}})
    reply = session.handle({"cmd": "play", "args": {"move": "c2(K)"}})
    assert not reply["ok"] and "a flip's result is drawn, not chosen" in reply["error"]
    assert session.game.moves == []
    monkeypatch.setattr(sys, "stdin", io.StringIO("c2(K)\nquit\n"))
    main(["play", "--two-players", "--letters", "--colour", "never"])
    out = capsys.readouterr().out
    assert "a flip's result is drawn, not chosen" in out


def test_undo_and_flip_again_draws_afresh_through_the_bridge():
    session = Session()
    session.handle({"cmd": "new_game", "args": {"players": {"1": "human", "2": "human"}}})
    seen = set()
    for _ in range(80):
        seen.add(session.handle({"cmd": "play", "args": {"move": "d3"}})["result"]["played"]["revealed"])
        session.handle({"cmd": "undo"})
    assert len(seen) >= 8  # 16 kinds in the pool: undo does not peek
    assert session.handle({"cmd": "view"})["result"]["assisted"] is True


def test_a_hint_marks_the_game_as_assisted():
    session = Session()
    session.handle({"cmd": "new_game", "args": {"players": {"1": "human", "2": "human"}}})
    session.handle({"cmd": "play", "args": {"move": "d3"}})
    assert session.handle({"cmd": "hint"})["ok"]
    view = session.handle({"cmd": "view"})["result"]
    assert view["assisted"] and '[Assisted "yes"]' in view["record"]


SPY = Path(__file__).with_name("spy_engine.py")


def test_an_engine_in_a_match_learns_nothing_of_the_deal(tmp_path):
    """An external engine logs every line the match harness sends it (its Seed option
    included); the snoop reads the whole log, then predicts each flip of the games.

    What the engine is sent does not depend on how long it thinks, so a tiny node
    budget keeps the test fast; four games (two deals) give the snoop over 100 flips."""
    log = tmp_path / "engine.log"
    _, results = run_match(f"engine:{sys.executable} {SPY} {log}", "random", 4, seed=0, jobs=1,
                           budget=SearchLimits(nodes=200))
    lines = log.read_text(encoding="utf-8").splitlines()
    assert any(line.startswith("setoption name Seed") for line in lines)
    assert "go nodes 200" in lines  # the engine searched, within the budget
    snoop = Snoop()
    for line in lines:
        snoop.read(line)
    for result in results:
        game = Game.from_record(result.record)
        snoop.new_game()
        state = load_ruleset().new_state()
        for move in game.moves:
            if move.revealed is not None:
                snoop.guess(state, move.action)
                snoop.learn(move.revealed)
            state.push(move.action, move.revealed)
    snoop.assert_no_better_than_chance()


CHEATER = Path(__file__).with_name("cheating_engine.py")


def cheating_match(tmp_path: Path, *options: str, games: int = 6) -> tuple[int, int, float, float, str]:
    """A match (the real command, in its own process) between the cheating engine and
    ``random``; (flips the cheater bet on, hits, the pool's expected hits, their
    variance, stderr), the odds and results recomputed here from the match's records."""
    import os
    import subprocess

    from hdchess.match import split_records

    home = tmp_path / "cheat"
    home.mkdir()
    records = tmp_path / "records.txt"
    env = {**os.environ, "HDCHESS_CHEAT_DIR": str(home)}
    run = subprocess.run([sys.executable, "-m", "hdchess", "match", f"engine:{sys.executable} {CHEATER}", "random",
                          "--games", str(games), "--nodes", "50", "--jobs", "1", "--quiet", "--records", str(records),
                          *options], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    games_played = [Game.from_record(text) for text in split_records(records.read_text(encoding="utf-8"))]
    flips = {}  # (the game's number, the moves before a flip) -> (the game, the flip's ply)
    for number, game in enumerate(games_played):  # one game at a time: the engine numbers them in order
        texts = [move.text for move in game.moves]
        for ply, move in enumerate(game.moves):
            if move.revealed is not None:
                flips[number, tuple(texts[:ply])] = (game, ply)
    bets = hits = 0
    expected = variance = 0.0
    for line in (home / "cheat.log").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if "moves" not in entry:
            continue
        game, ply = flips[entry["game"], tuple(entry["moves"])]
        replay = Game(game.ruleset)
        for move in game.moves[:ply]:
            replay.replay(move.action, move.revealed)
        flip = game.moves[ply]
        assert replay.state.action_text(flip.action) == entry["square"]
        odds = dict(replay.state.chance_outcomes(flip.action))
        p = odds.get(piece_from_letter(entry["guess"]), 0.0)
        bets += 1
        hits += piece_from_letter(entry["guess"]) == flip.revealed
        expected += p
        variance += p * (1 - p)
    return bets, hits, expected, variance, run.stderr


@pytest.mark.parametrize("options", [(), ("--seed", "3141592653")], ids=["secret seed", "seed given"])
def test_a_cheating_engine_in_a_match_does_no_better_than_the_pool(tmp_path, options):
    """The cheating engine replays the match's deal functions from seeds 0-20 and any
    seed in its parent's or grandparent's command line or environment, and keeps
    notes on disk between games: its bets on the flips are no better than the pool's odds."""
    bets, hits, expected, variance, _ = cheating_match(tmp_path, *options)
    assert bets >= 30, "too few flips to judge"
    bound = expected + 4 * math.sqrt(variance) + 2
    assert hits <= bound, f"the cheating engine predicted {hits} of {bets} flips (the pool's odds: {expected:.1f})"


def test_paired_deals_with_an_engine_are_a_choice_that_warns(tmp_path):
    """With an engine, games have a fresh deal each unless asked for pairs, which warns
    (an engine that keeps notes remembers the second game's deal)."""
    *_, stderr = cheating_match(tmp_path, "--pairs", games=2)
    assert "hdchess: warning: paired deals" in stderr
