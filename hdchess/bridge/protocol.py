"""The JSON protocol: each command's arguments read and checked, its answer, and error replies.

A request is ``{"cmd": "play", "args": {"move": "c2"}}``; the reply is
``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": "<message>"}``,
with the error's ``code`` and ``params`` when a player may meet it
(:mod:`hdchess.messages`), so the page can word it in its own language.
Bad input never raises out of :func:`handle` and never changes the game: each
command reads all its arguments first, and the session changes only once
nothing can be refused.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Collection, Mapping

from ..errors import HdchessError
from ..game import Game
from ..inputs import excerpt
from ..messages import Message, jsonable
from ..variants import DEFAULT_VARIANT, load_ruleset
from ..vocabulary import Termination
from . import args as read
from . import computer, explain, info, lessons, pool, remote, review
from .args import Args, BridgeError, check_args
from .contract import Refusal, Reply, View
from .game_session import DEFAULT_PLAYERS, GameSession, default_names
from .view import frames, move_dict, position_at, view

MAX_REQUEST = 2_000_000  # characters of JSON: a record of the longest game is far shorter

Result = Mapping[str, object]  # a command's result: hdchess/bridge/contract.py names each one's type
Command = Callable[["Session", Args], Result]


def _view(session: GameSession) -> View:
    return view(session.game, session.players, session.level)


def info_command(session: Session, a: Args) -> Result:
    check_args("info", a, ())
    return info.info()


def new_game(session: Session, a: Args) -> Result:
    """A new game; ``seed`` makes it a known deal (the same seed, the same game); ``serious``
    (true or false) turns undo and hints off for the game."""
    check_args("new_game", a, ("variant", "options", "seed", "players", "level", "names", "serious"))
    variant = read.text(a, "variant", DEFAULT_VARIANT) or DEFAULT_VARIANT
    options = a.get("options") or {}
    if not isinstance(options, dict):
        raise BridgeError('options must look like {"scoring": "alt"}')
    ruleset = load_ruleset(variant, **options)
    players = read.players(a.get("players"), DEFAULT_PLAYERS)
    level = read.level_name(a.get("level", session.level))
    names = read.names(a.get("names"), default_names(players, level))
    serious = read.flag(a, "serious")
    session.new_game(ruleset, read.seed(a.get("seed")), players, level, names, serious)
    return _view(session)


def load(cmd: str) -> Command:
    """``load_record`` (replay a record) and ``restore`` (rebuild the session from its record and a
    known deal's seed, kept apart from it): the record's tags give the players and level unless
    the arguments say otherwise. A loaded record with flips that can be played on is marked as
    continued (its writer chose its flips); a restore is the page's own saved game, marked only
    if its tags say so."""

    def command(session: Session, a: Args) -> Result:
        check_args(cmd, a, ("record", "players", "level", "names", "seed"))
        record = read.text(a, "record")
        if not record or not record.strip():
            raise BridgeError(Message("record.empty"))
        game = Game.from_record(record, seed=read.seed(a.get("seed")), own=cmd == "restore")
        recorded_players, recorded_level, recorded_names = session.recorded(game)
        players = read.players(a.get("players"), read.players(recorded_players, session.players))
        level = read.level_name(a.get("level", recorded_level))
        names = read.names(a.get("names"), default_names(players, level) | recorded_names)
        session.install(game, players, level, names)
        return _view(session)

    return command


def play(session: Session, a: Args) -> Result:
    """A player's action. Its result, if it has one, is drawn now: ``c2(K)`` is refused."""
    check_args("play", a, ("move",))
    move = read.text(a, "move")
    if move is None:
        raise BridgeError('play needs a move, such as {"move": "c2"}')
    played = session.play(move)
    game = session.game
    return {"played": move_dict(game, played, len(game.moves) - 1), "view": _view(session)}


def _slice_ms(a: Args) -> float:
    """A slice of thinking, ``ms`` (250 unless given)."""
    ms = a.get("ms", 250)
    if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not 1 <= ms <= 60_000:
        raise BridgeError(f"ms must be a number of milliseconds from 1 to 60000, not {read.shown(ms)}")
    return ms


def think(session: Session, a: Args) -> Result:
    check_args("think", a, ("level", "ms"))
    level = read.level_name(a.get("level", session.level))
    return computer.think(session, level, _slice_ms(a))


def ai_move(session: Session, a: Args) -> Result:
    check_args("ai_move", a, ("level",))
    return computer.ai_move(session, read.level_name(a.get("level", session.level)))


def hint(session: Session, a: Args) -> Result:
    check_args("hint", a, ())
    return computer.hint(session)


def add_tables(session: Session, a: Args) -> Result:
    check_args("add_tables", a, ("directory",))
    return computer.add_tables(read.text(a, "directory"))


def undo(session: Session, a: Args) -> Result:
    """Take back one action, or (``to_player``) every action back to that player's last turn."""
    check_args("undo", a, ("to_player",))
    to_player = a.get("to_player")
    session.undo(None if to_player is None else read.player("to_player", to_player))
    return _view(session)


def forfeit(cmd: str, termination: Termination) -> Command:
    """``resign``: ``player`` (1 or 2, the one to act if not given) gives up; ``timeout``: that
    player's clock ran out (the page keeps the clocks). Either way the other wins."""

    def command(session: Session, a: Args) -> Result:
        check_args(cmd, a, ("player",))
        player = a.get("player")
        session.forfeit(None if player is None else read.player(f"{cmd}: player", player), termination)
        return _view(session)

    return command


def explain_command(session: Session, a: Args) -> Result:
    """Why a click does nothing: ``{from, to}`` squares (``to`` alone: a flip or a piece)."""
    check_args("explain", a, ("from", "to"))
    frm, to = read.text(a, "from"), read.text(a, "to")
    if to is None:
        raise BridgeError('explain needs a square, such as {"to": "c2"}')
    return explain.explain(session.game, frm, to)


def export(session: Session, a: Args) -> Result:
    check_args("export", a, ())
    return {"record": session.game.record_text()}


def view_command(session: Session, a: Args) -> Result:
    check_args("view", a, ())
    return _view(session)


def position_at_command(session: Session, a: Args) -> Result:
    """The board and panels after ``ply`` actions of the game (0: its start), for replay."""
    check_args("position_at", a, ("ply",))
    ply = read.whole("ply", a.get("ply"), 0, len(session.game.moves))
    return position_at(session.game, ply)


def frames_command(session: Session, a: Args) -> Result:
    """Every position of the game, for an animated image of its moves."""
    check_args("frames", a, ())
    return frames(session.game)


def analyse(session: Session, a: Args) -> Result:
    check_args("analyse", a, ("ply", "nodes"))
    session.refuse_help()
    ply = read.whole("ply", a.get("ply"), 1, len(session.game.moves))
    nodes = read.whole("nodes", a.get("nodes", review.ANALYSIS_NODES), 100, review.MAX_ANALYSIS_NODES)
    return review.analyse(session.game, ply, nodes)


def lesson(session: Session, a: Args) -> Result:
    """The position before a finished game's action ``ply``, with its legal actions, to try another there."""
    check_args("lesson", a, ("ply",))
    session.refuse_help()
    return lessons.lesson(session.game, read.whole("ply", a.get("ply"), 1, len(session.game.moves)))


def judge_try(session: Session, a: Args) -> Result:
    """The AI's judgement of ``move`` tried instead of a finished game's action ``ply`` (not played)."""
    check_args("judge_try", a, ("ply", "move", "nodes"))
    session.refuse_help()
    ply = read.whole("ply", a.get("ply"), 1, len(session.game.moves))
    move = read.text(a, "move")
    if not move:
        raise BridgeError('judge_try needs a move, such as {"ply": 5, "move": "c2"}')
    nodes = read.whole("nodes", a.get("nodes", review.ANALYSIS_NODES), 100, review.MAX_ANALYSIS_NODES)
    return lessons.judge_try(session.game, ply, move, nodes)


def share_table(session: Session, a: Args) -> Result:
    """Search the top level's moves with the table the page shares with its search workers (web/worker.js
    registers it before it passes this on; ``slots``: its size, a power of two)."""
    check_args("share_table", a, ("slots",))
    return pool.share_table(session, read.whole("slots", a.get("slots"), 2, 1 << 26))


def pool_job(session: Session, a: Args) -> Result:
    """Begin the AI's search with the shared table; what the page's helpers search (or ``{"job": null}``).
    ``ms``: the page's slice of thinking, checked as ``think`` checks it; the search begun does not
    depend on it (its forced-win search takes a fifth of the level's time, as every move's does)."""
    check_args("pool_job", a, ("level", "ms"))
    _slice_ms(a)
    return pool.pool_job(session, read.level_name(a.get("level", session.level)))


def evaluations(session: Session, a: Args) -> Result:
    check_args("evaluations", a, ())
    session.refuse_help()
    return review.evaluations(session.game)


COMMANDS: dict[str, Command] = {
    "info": info_command,
    "new_game": new_game,
    "load_record": load("load_record"),
    "restore": load("restore"),
    "play": play,
    "ai_move": ai_move,
    "think": think,
    "hint": hint,
    "undo": undo,
    "resign": forfeit("resign", Termination.RESIGNATION),
    "timeout": forfeit("timeout", Termination.TIME_FORFEIT),
    "explain": explain_command,
    "analyse": analyse,
    "export": export,
    "view": view_command,
    "position_at": position_at_command,
    "frames": frames_command,
    "evaluations": evaluations,
    "lesson": lesson,
    "judge_try": judge_try,
    "add_tables": add_tables,
    "share_table": share_table,
    "pool_job": pool_job,
    **remote.COMMANDS,  # remote play (web/docs/remote.md)
}


def error_reply(exc: HdchessError) -> Refusal:
    """A refused request: the message, and its code and params when the page may word it itself."""
    reply: Refusal = {"ok": False, "error": str(exc)}
    if exc.code:
        reply |= {"code": exc.code, "params": jsonable(exc.params)}
    return reply


def command_list(commands: Collection[str]) -> str:
    """The commands, for an unknown one's message: a family of three or more sharing a prefix (``remote_*``)
    as one entry, so the message stays one short line."""
    families = Counter(name.partition("_")[0] for name in commands if "_" in name)
    names: list[str] = []
    for name in commands:
        family = name.partition("_")[0]
        shown_name = f"{family}_*" if "_" in name and families[family] >= 3 else name
        if shown_name not in names:
            names.append(shown_name)
    return ", ".join(names)


class Session(GameSession):
    """A game session that answers the page's requests (``handle``), one command at a time."""

    def __init__(self) -> None:
        super().__init__()
        self._commands = dict(COMMANDS)

    def handle(self, request: object) -> Reply:
        """Run one request ``{"cmd", "args"}``; always returns ``{"ok", "result"|"error"}``."""
        try:
            if not isinstance(request, dict):
                raise BridgeError('a request must be an object {"cmd": ..., "args": {...}}')
            cmd = request.get("cmd")
            command = self._commands.get(cmd) if isinstance(cmd, str) else None
            if command is None:
                raise BridgeError(f"unknown command {read.shown(cmd)} (commands: {command_list(self._commands)})")
            a = request.get("args")
            a = {} if a is None else a
            if not isinstance(a, dict):
                raise BridgeError(f"{cmd}: args must be an object")
            return {"ok": True, "result": command(self, a)}
        except HdchessError as exc:
            return error_reply(exc)
        except Exception as exc:  # a bug: report it, keep the worker alive and the game intact
            return {"ok": False, "error": f"internal error: {type(exc).__name__}: {excerpt(str(exc), 200)}"}


SESSION = Session()  # the worker's one session


def handle(request_json: str) -> str:
    """The worker's entry point: a JSON request in, a JSON reply out; never raises."""
    try:
        if not isinstance(request_json, str):
            raise TypeError("the request must be text")
        if len(request_json) > MAX_REQUEST:
            raise ValueError(f"it is longer than {MAX_REQUEST:,} characters")
        request = json.loads(request_json)
    except RecursionError:
        return json.dumps({"ok": False, "error": "the request is not valid JSON: it is nested too deeply"})
    except (TypeError, ValueError) as exc:
        return json.dumps({"ok": False, "error": f"the request is not valid JSON: {excerpt(str(exc), 100)}"})
    try:
        return json.dumps(SESSION.handle(request), ensure_ascii=False)
    except (RecursionError, ValueError) as exc:  # a reply that cannot be written: say so, never raise
        return json.dumps({"ok": False, "error": f"internal error: {type(exc).__name__}"})


__all__ = ["COMMANDS", "MAX_REQUEST", "SESSION", "Session", "error_reply", "handle"]
