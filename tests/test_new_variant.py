"""A new game is one new module in hdchess/variants/ and no edit elsewhere (issue 34).

The package is copied into a temporary directory, one variant module is added
there (a face-down game on a 4x4 board with 8 pieces a side, derived from
hdc2), and every way in (the registry, the command line, the engine protocol,
the web bridge, the AI) is checked to take it, each in a fresh interpreter
whose ``PYTHONPATH`` points at the copy.

The new game's files are in ``tests/new_game.py`` (its module and its Chinese
words); ``tests/web/test_new_game_page.py`` builds a site with them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from new_game import NAME, TITLE_ZH, copy_package

import hdchess


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding a copy of the package with the new game's files added."""
    root = tmp_path_factory.mktemp("newgame")
    copy_package(Path(hdchess.__file__).parent, root)
    return root


def run(copy: Path, args: list[str], stdin: str = "") -> str:
    """Run ``python args`` against the copy (never the installed package); its stdout."""
    env = {**os.environ, "PYTHONPATH": str(copy), "HDCHESS_TABLES": ""}
    done = subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True, cwd=copy,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def python(copy: Path, code: str) -> str:
    return run(copy, ["-c", textwrap.dedent(code)])


def test_the_copy_is_the_package_that_runs(copy: Path) -> None:
    assert python(copy, "import hdchess; print(hdchess.__file__)").strip() == str(copy / "hdchess" / "__init__.py")


def test_the_registry_lists_it_after_the_original_games(copy: Path) -> None:
    names = json.loads(python(copy, "import json, hdchess; print(json.dumps(hdchess.variant_names()))"))
    assert names[:4] == ["hdc2", "banqi", "gaiqi", "cheight"]
    assert NAME in names[4:]
    assert NAME not in hdchess.variant_names()  # the copy's game: the installed package is untouched


def test_its_board_and_set_are_its_own(copy: Path) -> None:
    facts = json.loads(python(copy, f"""
        import json
        from hdchess import load_ruleset
        ruleset = load_ruleset({NAME!r})
        state = ruleset.new_state()
        print(json.dumps([ruleset.geometry.files, ruleset.geometry.ranks, sum(ruleset.initial_pool),
                          len(state.legal_actions()), state.position_text(), ruleset.spec.parent]))
        """))
    assert facts[:4] == [4, 4, 16, 16]
    assert facts[4].startswith("xxxx/xxxx/xxxx/xxxx ")
    assert facts[5] == "hdc2"


def test_the_command_line_lists_its_moves_and_rules(copy: Path) -> None:
    assert run(copy, ["-m", "hdchess", "moves", "--variant", NAME, "startpos"]).split() == [
        f"{f}{r}" for f in "abcd" for r in "1234"]  # the 16 flips, sorted
    assert "Mini Hidden Dragon" in run(copy, ["-m", "hdchess", "rules", NAME])
    assert NAME in run(copy, ["-m", "hdchess", "variants"])


def test_the_command_line_plays_it(copy: Path) -> None:
    out = run(copy, ["-m", "hdchess", "play", "--variant", NAME, "--seed", "3", "--level", "Beginner", "--letters",
                     "--colour", "never"], stdin="a1\nquit\n")
    assert "a1(" in out and "Beginner plays" in out


def test_the_engine_protocol_plays_it(copy: Path) -> None:
    out = run(copy, ["-m", "hdchess", "engine"], stdin=(
        f"uci\nsetoption name Variant value {NAME}\nisready\nposition startpos moves a1(R)\n"
        "d\ngo nodes 200\nquit\n"))
    assert f"var {NAME}" in out
    assert "info string position xxxx/xxxx/xxxx/Rxxx " in out
    assert "error" not in out
    best = [line.split()[1] for line in out.splitlines() if line.startswith("bestmove")]
    assert len(best) == 1 and len(best[0]) in (2, 5)


def test_the_web_bridge_plays_it(copy: Path) -> None:
    replies = json.loads(python(copy, f"""
        import json
        from hdchess.bridge import handle
        def call(cmd, **args):
            return json.loads(handle(json.dumps({{"cmd": cmd, "args": args}})))
        print(json.dumps([call("new_game", variant={NAME!r}, seed=1), call("play", move="a1"),
                          call("ai_move", level="Beginner")]))
        """))
    new_game, played, ai_move = replies
    assert all(reply["ok"] for reply in replies), replies
    assert new_game["result"]["variant"] == NAME
    assert len(new_game["result"]["legal"]["flips"]) == 16
    assert played["result"]["played"]["text"].startswith("a1(")
    assert ai_move["result"]["played"]["ply"] == 2


def test_the_ai_plays_it_with_its_parents_knowledge(copy: Path) -> None:
    facts = json.loads(python(copy, f"""
        import json
        from hdchess import load_ruleset
        from hdchess.ai import choose_action
        ruleset = load_ruleset({NAME!r})
        state = ruleset.new_state()
        first = choose_action(state, "Beginner").action
        state.push(first, state.chance_outcomes(first)[0][0])
        second = choose_action(state, "Casual", seed=1).action
        print(json.dumps([first in ruleset.new_state().legal_actions(), second in state.legal_actions(),
                          ruleset.knowledge is load_ruleset("hdc2").knowledge, ruleset.knowledge.book(state)]))
        """))
    assert facts == [True, True, True, None]  # hdc2's evaluation; no opening book of its own


def test_the_bridge_gives_the_page_its_words_in_both_languages(copy: Path) -> None:
    words = json.loads(python(copy, f"""
        import json
        from hdchess.bridge import handle
        info = json.loads(handle(json.dumps({{"cmd": "info", "args": {{}}}})))["result"]
        print(json.dumps(next(v["words"] for v in info["variants"] if v["name"] == {NAME!r})))
        """))
    assert words["en"]["title"] == "Mini Hidden Dragon"
    assert words["zh"]["title"] == TITLE_ZH
    assert words["zh"]["options"]["scoring"]["choices"]["alt"] == "另一套"
