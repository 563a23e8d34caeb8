"""The step-through replay rebuilds earlier boards from the record alone
(web/ui/replay.js). Checked against the bridge's own view at every ply of
whole games, run in Node (the module has no DOM in it)."""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from hdchess.bridge import Session

REPLAY_JS = Path(__file__).resolve().parents[2] / "web" / "ui" / "replay.js"

SCRIPT = """
import { readFileSync } from "node:fs";
const { squaresAt, viewAt } = await import(process.argv[1]);
const view = JSON.parse(readFileSync(0, "utf8"));
const out = [];
for (let ply = 0; ply <= view.moves.length; ply++) {
  const at = viewAt(view, ply);
  out.push({ squares: squaresAt(view, ply), pool: at.pool, captured: at.captured, last: at.last_move });
}
process.stdout.write(JSON.stringify(out));
"""


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
    return views


def replayed(final_view):
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    result = subprocess.run(["node", "--input-type=module", "-e", SCRIPT, REPLAY_JS.as_uri()],
                            input=json.dumps(final_view), capture_output=True, text=True, timeout=60, check=True)
    return json.loads(result.stdout)


@pytest.mark.parametrize(("seed", "variant"), [(1, "hdc2"), (2, "hdc2"), (3, "banqi"), (4, "gaiqi"), (5, "gaiqi")])
def test_replay_rebuilds_every_earlier_board(seed, variant):
    views = game_views(seed, variant)
    steps = replayed(views[-1])
    assert len(steps) == len(views)
    for ply, (step, view) in enumerate(zip(steps, views)):
        assert step["squares"] == view["squares"], f"board after {ply} plies"
        assert {k: n for k, n in step["pool"].items() if n} == view["pool"], f"pool after {ply} plies"
        assert {c: sorted(p) for c, p in step["captured"].items()} == \
            {c: sorted(p) for c, p in view["captured"].items()}, f"captures after {ply} plies"
        if ply:
            last = view["last_move"]
            assert (step["last"]["from"], step["last"]["to"]) == (last["from"], last["to"])
