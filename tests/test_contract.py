"""The page<->Python contract (hdchess/bridge/contract.py): every command has one, the page's
declarations are written from it, and a reply that breaks it fails the suite."""

from pathlib import Path

import pytest
from contract_check import ContractError, check_reply

from hdchess.bridge import Session, protocol
from hdchess.bridge.contract import RESULTS
from hdchess.bridge.declarations import declarations

DECLARATIONS = Path(__file__).resolve().parent.parent / "web" / "protocol.d.ts"


def test_every_command_has_a_result_in_the_contract():
    assert set(RESULTS) == set(protocol.COMMANDS)


def test_the_pages_declarations_are_written_from_the_contract():
    """web/protocol.d.ts is the generator's output for today's contract (python3 web/build.py rewrites it)."""
    assert DECLARATIONS.read_text(encoding="utf-8") == declarations(), (
        "web/protocol.d.ts is out of date: python3 -m hdchess.bridge.declarations > web/protocol.d.ts")


def test_the_declarations_name_every_commands_result():
    text = declarations()
    for cmd, typed in RESULTS.items():
        assert f"  {cmd}: {typed.__name__};" in text
        assert f"export interface {typed.__name__} " in text


@pytest.fixture
def reply():
    request = {"cmd": "new_game", "args": {"seed": 3}}
    return request, Session().handle(request)


def test_a_real_reply_keeps_the_contract(reply):
    check_reply(*reply)  # raises if not


@pytest.mark.parametrize(("change", "named"), [
    (lambda view: view.pop("ply"), "result.ply is missing"),
    (lambda view: view.update(ply="3"), "result.ply should be int"),
    (lambda view: view.update(ply=True), "result.ply should be int"),
    (lambda view: view.update(side="green"), "result.side should be one of"),
    (lambda view: view["moves"].append({"ply": 1}), "result.moves[0].text is missing"),
    (lambda view: view["legal"]["moves"].setdefault("a1", [{"move": "a1-a2"}]), "result.legal.moves['a1'][0].from"),
    (lambda view: view.update(colour="red"), "result.colour is not in the contract"),
    (lambda view: view["board"].update(files=None), "result.board.files should be int"),
])
def test_a_reply_missing_a_field_or_of_a_wrong_type_fails(reply, change, named):
    request, answer = reply
    change(answer["result"])
    with pytest.raises(ContractError, match=named.replace("[", r"\[").replace("]", r"\]")):
        check_reply(request, answer)


def test_an_error_reply_is_checked_too():
    check_reply({"cmd": "play"}, {"ok": False, "error": "no", "code": "move.refused", "params": {}})
    with pytest.raises(ContractError, match="reply.error is missing"):
        check_reply({"cmd": "play"}, {"ok": False, "message": "no"})


def test_the_suites_sessions_check_every_reply(monkeypatch):
    """The suite-wide hook (tests/conftest.py): a command whose reply breaks the contract fails the test
    that sends it, whichever test that is."""
    monkeypatch.setitem(protocol.COMMANDS, "export", lambda session, a: {"record": 7})
    with pytest.raises(ContractError, match="export: result.record should be str"):
        Session().handle({"cmd": "export", "args": {}})
