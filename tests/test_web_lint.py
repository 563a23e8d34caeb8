"""The page's JavaScript under eslint (web/eslint.config.js), with our own rule that a field of the page's
state is written only by the module web/state-owners.js names (web/eslint-rules/store-owners.js).
tests/run-all.sh runs eslint over web/ too; here the rule is shown to catch a foreign write."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
ESLINT = WEB / "node_modules" / "eslint" / "bin" / "eslint.js"

pytestmark = pytest.mark.skipif(shutil.which("node") is None or not ESLINT.exists(),
                                reason="eslint is not installed (python3 web/build.py installs web/'s npm packages)")


# Lints each {filename, source} of the JSON on stdin as if it were that file of web/ (one process for all).
LINT_SOURCES = """
import { ESLint } from "eslint";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint();
const out = [];
for (const { filename, source } of JSON.parse(input)) {
  const [result] = await eslint.lintText(source, { filePath: filename });
  out.push(result.messages);
}
console.log(JSON.stringify(out));
"""


def owner_messages(*sources: tuple[str, str]) -> list[list[dict]]:
    """For each (web/ filename, source): the messages of the rule hdchess/store-owners."""
    cases = [{"filename": str(WEB / name), "source": source} for name, source in sources]
    done = subprocess.run(["node", "--input-type=module", "-e", LINT_SOURCES], input=json.dumps(cases),
                          capture_output=True, text=True, cwd=WEB, timeout=120, check=True)
    return [[m for m in messages if m["ruleId"] == "hdchess/store-owners"] for messages in json.loads(done.stdout)]


def texts(messages: list[dict]) -> list[str]:
    return [m["message"] for m in messages]


def test_web_passes_eslint() -> None:
    done = subprocess.run(["node", str(ESLINT), "."], capture_output=True, text=True, cwd=WEB, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr


FOREIGN_WRITES = [
    'app.note = "hello";',
    "app.busy += 1;",
    "app.busy++;",
    'app.setup.level = "Casual";',
    "app.positions.set(1, null);",
    "app.flashes.red = 0;",
    "[app.hint] = [null];",
    "delete app.hintPending;",
    "Object.assign(app.review, {});",
]


def test_a_write_by_a_module_that_does_not_own_the_field_fails() -> None:
    source = 'import { app } from "./state.js";\n' + "\n".join(FOREIGN_WRITES) + "\n"
    [found] = owner_messages(("lessons.js", source))
    assert sorted(m["line"] for m in found) == list(range(2, 2 + len(FOREIGN_WRITES))), found
    assert all("not from web/lessons.js" in m["message"] for m in found)


def test_the_owner_may_write_and_anyone_may_read() -> None:
    owner = 'import { app } from "./state.js";\napp.note = app.view ? "x" : null;\napp.hint = null;\n'
    reader = 'import { app } from "../state.js";\nconsole.log(app.note, app.positions.get(1));\n'
    assert owner_messages(("human-turns.js", owner), ("friend-game.js", reader)) == [[], []]


def test_a_field_without_an_owner_and_a_renamed_import_are_caught() -> None:
    unknown, renamed = owner_messages(
        ("app.js", 'import { app } from "./state.js";\napp.shiny = 1;\n'),
        ("ui/friend.js", 'import { app as state } from "../state.js";\nstate.record = "";\n'))
    assert texts(unknown) == [
        "app.shiny is not a field of web/state-owners.js's table (a new field needs an owner there)"]
    assert texts(renamed) == ["app.record is owned by web/game-events.js: change it through a named change of that "
                              "module, not from web/ui/friend.js"]
