"""A new game as a test brings it: one variant module and its Chinese words, nothing else.

``tests/test_new_variant.py`` runs the package with these files added, and
``tests/web/test_new_game_page.py`` builds the site from a copy that has them,
so both check that a new game needs no edit anywhere else (issue 34).
"""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

NAME = "mini"
TITLE_ZH = "迷你暗龙棋"

# Path inside the package -> its text: everything a new game brings.
NEW_GAME_FILES = {
    f"variants/{NAME}.py": textwrap.dedent('''\
        """Mini: hdc2 on a 4x4 board, 8 pieces a side (a test's game)."""

        from ..geometry import Geometry
        from .hdc2 import SPEC as HDC2

        SPEC = HDC2.derive(
            name="mini",
            title="Mini Hidden Dragon",
            summary="hdc2 on a 4x4 board with 8 face-down pieces a side.",
            board=Geometry.of(4, 4),
            #        K  A  E  H  R  C  P  W
            counts=(1, 1, 1, 1, 1, 1, 2, 0),
            rules_file="",
        )
        '''),
    f"words/{NAME}.zh.json": json.dumps({
        "title": TITLE_ZH,
        "summary": "在 4×4 棋盘上的暗龙棋，每方 8 枚暗子。",
        "options": {
            "scoring": {"label": "计分表", "help": "终局时按哪套分值计分。",
                        "choices": {"official": "官方", "alt": "另一套"}},
            "first_flip": {"label": "首翻的颜色归", "help": "首翻棋子的颜色归谁。",
                           "choices": {"opponent": "对手", "self": "翻子者"}},
            "repetition_penalty": {"label": "重复走子罚分", "help": "走回原格时扣的分数（0：不罚分）。"},
            "no_progress_plies": {"label": "无进展步数上限", "help": "连续这么多步没有翻子也没有吃子，对局结束。"},
        },
    }, ensure_ascii=False, indent=2) + "\n",
}


def add_new_game(package: Path) -> None:
    """Write the new game's files into a copy of the ``hdchess`` package."""
    for path, text in NEW_GAME_FILES.items():
        (package / path).parent.mkdir(parents=True, exist_ok=True)
        (package / path).write_text(text, encoding="utf-8")


def copy_package(source: Path, target: Path) -> Path:
    """``source`` (the hdchess package) copied to ``target/hdchess`` with the new game added; returns it."""
    package = target / "hdchess"
    shutil.copytree(source, package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    add_new_game(package)
    return package
