"""The browser's pool of search workers, its Python side (hdchess/bridge/pool.py, ai.parallel.CallTable).

In the browser the shared table is a SharedArrayBuffer that web/shared-table.js reaches; here a
module of the same name and the same three calls, over Python lists, stands in for it, so the
bridge's commands and a helper's search run as they do in the page's workers.
"""

import io
import json
import sys
import threading
import types

import pytest

from hdchess.ai.sharing import CallTable, public_record, rebuild
from hdchess.bridge import Session
from hdchess.bridge.pool import JS_MODULE, helper_search
from hdchess.cli import main
from hdchess.game import Game

SLOTS = 1 << 12


class SharedBuffer:
    """web/shared-table.js's accessor, in Python: a slot keeps (check ^ data) in 31 bits, data, value."""

    def __init__(self, slots: int = SLOTS) -> None:
        self.checks, self.data, self.values = [0] * slots, [0.0] * slots, [0.0] * slots
        self.stop = False
        self.stores = self.hits = 0

    def probe(self, slot, check):
        data = self.data[slot]
        if self.checks[slot] != (check ^ int(data)) & 0x7FFFFFFF:
            return None
        self.hits += 1
        return [data, self.values[slot]]

    def store(self, slot, check, data, value):
        self.stores += 1
        self.checks[slot] = (check ^ data) & 0x7FFFFFFF
        self.data[slot], self.values[slot] = float(data), value

    def stopped(self):
        return self.stop


@pytest.fixture
def shared(monkeypatch):
    buffer = SharedBuffer()
    module = types.ModuleType(JS_MODULE)
    module.probe, module.store, module.stopped = buffer.probe, buffer.store, buffer.stopped
    monkeypatch.setitem(sys.modules, JS_MODULE, module)
    return buffer


def call(session, cmd, **args):
    reply = session.handle({"cmd": cmd, "args": args})
    assert reply["ok"], reply.get("error")
    return reply["result"]


def test_a_call_table_gives_back_what_it_kept_and_refuses_torn_or_stale_entries():
    buffer = SharedBuffer()
    table = CallTable(buffer.probe, buffer.store, SLOTS)
    entry = (6, 1, 2.5, 1234, True)
    table[0xABCDEF12345] = entry
    assert table.get(0xABCDEF12345) == entry
    assert table.get(0xABCDEF12345 + SLOTS) is None  # the same slot, another key
    slot = 0xABCDEF12345 & (SLOTS - 1)
    buffer.data[slot] += 1 << 11  # another worker's data half-written over this entry
    assert table.get(0xABCDEF12345) is None
    table[0xABCDEF12345] = entry
    table.salt = 99  # the next search: the last one's entries are not its own
    assert table.get(0xABCDEF12345) is None
    table[-5] = entry  # a key outside 64 bits (rule state above them) is folded, as SharedTable does
    assert table.get(-5) == entry
    with pytest.raises(ValueError, match="power of two"):
        CallTable(buffer.probe, buffer.store, 1000)


def test_without_a_shared_table_the_pool_commands_say_why():
    s = Session()
    call(s, "new_game", seed=3, players={"1": "human", "2": "ai"}, level="Grandmaster")
    reply = s.handle({"cmd": "share_table", "args": {"slots": SLOTS}})
    assert not reply["ok"] and "no shared search table here" in reply["error"]
    reply = s.handle({"cmd": "pool_job", "args": {}})
    assert not reply["ok"] and "share_table first" in reply["error"]


def test_bad_pool_arguments_are_refused_by_name(shared):
    s = Session()
    for args, words in (({"slots": 1000}, "power of two"), ({"slots": "big"}, "slots must be a whole number"),
                        ({}, "slots must be a whole number"), ({"slots": SLOTS, "x": 1}, "x")):
        reply = s.handle({"cmd": "share_table", "args": args})
        assert not reply["ok"] and words in reply["error"], reply
    call(s, "share_table", slots=SLOTS)
    reply = s.handle({"cmd": "pool_job", "args": {"ms": 0}})
    assert not reply["ok"] and "ms must be a number of milliseconds" in reply["error"]


def _out_of_book(s):
    """A banqi game against the top level, played on until its search has work (out of its book)."""
    call(s, "new_game", variant="banqi", seed=8, players={"1": "human", "2": "ai"}, level="Grandmaster")
    call(s, "share_table", slots=SLOTS)
    for _ in range(40):
        view = call(s, "view")
        if view["ai_turn"]:
            job = call(s, "pool_job")["job"]
            if job is not None:
                return job
            call(s, "ai_move")
        else:
            call(s, "play", move=view["legal"]["flips"][0])
    raise AssertionError("the top level never searched")


def test_helpers_get_the_public_record_only_and_fill_the_table_the_bridge_searches_with(shared):
    s = Session()
    job = _out_of_book(s)
    game = s.game
    assert set(job) == {"record", "options", "salt", "max_ms"} and set(job["options"]) == {"seed", "contempt"}
    rebuilt = rebuild(job["record"])
    assert rebuilt.search_key() == game.state.search_key()
    assert json.dumps(job["record"]) == json.dumps(public_record(game.state))  # what a CLI worker is sent
    # a helper searches until the page sets the stop word
    timer = threading.Timer(0.4, lambda: setattr(shared, "stop", True))
    timer.start()
    found = json.loads(helper_search(json.dumps(job), 1, SLOTS))
    timer.join()
    assert found["nodes"] > 0
    helper_stores = shared.stores
    assert helper_stores > 0
    # the bridge's own search (the first worker) reads what the helper stored, and plays a legal move; it
    # thinks in slices as the page's does, until it has read the table (a busy machine's slice is short of nodes)
    for _ in range(100):
        if call(s, "think", ms=150).get("done") or (shared.hits > 0 and shared.stores > helper_stores):
            break
    assert shared.hits > 0 and shared.stores > helper_stores
    assert call(s, "pool_job")["job"] is None  # a second job for the same move: the search is under way
    legal = {game.state.action_text(a) for a in game.state.legal_actions()}
    played = call(s, "ai_move")
    assert played["played"]["text"] in legal


def test_a_game_at_the_command_line_leaves_the_bridge_searching_with_the_shared_table(shared, monkeypatch, capsys):
    # `hdchess play --threads 2` once set the process's workers: the bridge's next search then ran
    # on two processes beside the page's table and stored nothing in it
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--two-players", "--threads", "2", "--seed", "5", "--colour", "never"]) == 0
    capsys.readouterr()
    s = Session()
    _out_of_book(s)
    call(s, "think", ms=100)
    assert shared.stores > 0


def test_a_helper_stops_by_itself_when_its_time_runs_out(shared):
    s = Session()
    job = _out_of_book(s)
    job["max_ms"] = 200
    found = json.loads(helper_search(json.dumps(job), 2, SLOTS))
    assert found["nodes"] > 0 and found["depth"] >= 1


def test_a_level_that_thinks_by_nodes_gives_the_helpers_nothing(shared):
    s = Session()
    call(s, "new_game", variant="banqi", seed=8, players={"1": "ai", "2": "human"}, level="Master")
    call(s, "share_table", slots=SLOTS)
    assert call(s, "pool_job", level="Master")["job"] is None
    assert Game.from_record(call(s, "ai_move")["view"]["record"]).moves  # the Master moves as ever
