"""The web app's one entry into Python: JSON commands over a Game.

The browser's worker calls :func:`handle` with a JSON request
``{"cmd": "play", "args": {"move": "c2"}}`` and posts back the JSON reply
``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": "<message>"}``;
an error a player may meet adds its ``code`` and ``params`` (:mod:`.messages`),
so the page can word it in its own language.
Everything the page shows comes back as a *view* (a plain dict): the board's
shape and every square's content, the legal actions with what each does, the
scores, the record. The page computes no rule, for any game.

Bad input never raises out of :func:`handle` and never changes the game: each
command validates and computes first, and only then swaps in the new state.
Nothing here knows about the browser (no ``js`` or ``pyodide`` import), so the
whole bridge is tested on CPython.

Nothing in a view, a reply or a record tells where a face-down piece lies: the
referee draws each flip when it happens (a known deal's seed is kept here and
never sent back).

The AI is imported at its first use (an AI move, a hint, an evaluation), not
with the bridge: the first screen needs none of it.

>>> import json
>>> reply = json.loads(handle('{"cmd": "new_game", "args": {}}'))
>>> reply["ok"], reply["result"]["ply"], len(reply["result"]["legal"]["flips"])
(True, 0, 32)
>>> json.loads(handle('{"cmd": "play", "args": {"move": "z9"}}'))["error"]
'z9 is not a square (files a-h, ranks 1-4)'
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable
from typing import Any

from . import __version__
from .core import COLOR_NAMES, RED, piece_letter
from .errors import HdchessError
from .game import Game, PlayedMove
from .gamestate import NO_SIDE, GameState, Termination
from .inputs import excerpt
from .messages import Message, jsonable
from .notation import pv_text
from .referee import check_seed
from .rules import SWITCHES
from .variants import DEFAULT_VARIANT, load_ruleset, variant_names, variant_spec

PLAYER_KINDS = ("human", "ai")
DEFAULT_LEVEL = "Club"
LEVEL_NAMES = ("Beginner", "Casual", "Club", "Expert", "Master", "Grandmaster")  # hdchess.ai.LEVELS (a test checks)
TIMED_LEVELS = {"Grandmaster": 2000}  # the levels that think by time, and their ms (a test checks)
WIN_BONUS = 30.0  # hdchess.ai.knowledge.WIN_BONUS (checked by a test): a won game's value in the graph
ANALYSIS_NODES = 4000  # the review's default search per ply
MAX_ANALYSIS_NODES = 50_000
MAX_NAME_LENGTH = 40
MAX_REQUEST = 2_000_000  # characters of JSON: a record of the longest game is far shorter

# Record tags the bridge adds so that a record alone restores the whole session
# (after a reload or a worker restart): who plays each side, and the AI level.
PLAYER_TYPE_TAGS = {"1": "Player1Type", "2": "Player2Type"}
LEVEL_TAG = "Level"


class BridgeError(HdchessError):
    """A request the bridge cannot carry out (bad JSON, unknown command or argument)."""


def _color_name(color: int | None) -> str | None:
    return None if color is None or color == NO_SIDE else COLOR_NAMES[color]


def _letter(piece: int | None) -> str | None:
    return None if piece is None else piece_letter(piece)


def _text(args: dict, key: str, default: str | None = None) -> str | None:
    value = args.get(key, default)
    if value is not None and not isinstance(value, str):
        raise BridgeError(f"{key} must be text, not {excerpt(json.dumps(value))}")
    return value


def _seed(value: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise BridgeError(f"seed must be a whole number 0 or more, not {excerpt(json.dumps(value))}")
    return check_seed(value)


def _players(value: Any, default: dict[str, str]) -> dict[str, str]:
    if value is None:
        return dict(default)
    if not isinstance(value, dict):
        raise BridgeError('players must look like {"1": "human", "2": "ai"}')
    players = dict(default)
    for key, kind in value.items():
        if str(key) not in ("1", "2"):
            raise BridgeError(f"players: {excerpt(json.dumps(key))} is not a player (1 or 2)")
        if kind not in PLAYER_KINDS:
            raise BridgeError(f"player {key} must be human or ai, not {excerpt(json.dumps(kind))}")
        players[str(key)] = kind
    return players


def _level_name(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise BridgeError(f"level must be a level name or number, not {excerpt(json.dumps(value))}")
    text = str(value).strip().lower()
    for number, name in enumerate(LEVEL_NAMES, 1):  # as hdchess.ai.level_by_name reads it, without the AI
        if text in (name.lower(), str(number)):
            return name
    raise BridgeError(f"unknown level {excerpt(value)} (levels: {', '.join(LEVEL_NAMES)} or 1-{len(LEVEL_NAMES)})")


def _new_player_seed() -> int:
    """hdchess.players.new_player_seed, without importing the AI with the players."""
    return secrets.randbits(32)


def _default_names(players: dict[str, str], level: str) -> dict[str, str]:
    if players["1"] == players["2"] == "human":
        return {"1": "Player 1", "2": "Player 2"}
    return {p: ("You" if kind == "human" else f"hdchess {level}") for p, kind in players.items()}


def _names(value: Any, base: dict[str, str]) -> dict[str, str]:
    """``base`` with the names given in ``value`` (trimmed to one short line)."""
    names = dict(base)
    if value is None:
        return names
    if not isinstance(value, dict):
        raise BridgeError('names must look like {"1": "Ann", "2": "Bo"}')
    for key, name in value.items():
        if str(key) not in ("1", "2"):
            raise BridgeError(f"names: {excerpt(json.dumps(key))} is not a player (1 or 2)")
        if not isinstance(name, str):
            raise BridgeError(f"the name of player {key} must be text")
        name = " ".join(name.split())[:MAX_NAME_LENGTH]
        if name:
            names[str(key)] = name
    return names


def _score_red(state: GameState) -> float:
    """A position's value for red, in points: the final score difference once over
    (in win/loss games the result: +-WIN_BONUS, 0 for a draw), else the AI's estimate."""
    outcome = state.outcome()
    if outcome is not None:
        if outcome.by_score:
            return float(outcome.scores[0] - outcome.scores[1])
        return 0.0 if outcome.winner is None else (WIN_BONUS if outcome.winner == RED else -WIN_BONUS)
    knowledge = state.ruleset.knowledge
    estimate = knowledge.estimate(state, knowledge.weights)  # side to act's view; 0 before colours exist
    return round(estimate if state.side == RED else -estimate, 2)


def variant_info(name: str) -> dict:
    """What the page needs to know of a variant: names, options, switches, board, pieces, rules."""
    spec = variant_spec(name)
    ruleset = load_ruleset(name)
    geometry = ruleset.geometry
    return {
        "name": spec.name, "title": spec.title, "summary": spec.summary, "parent": spec.parent,
        "options": [{"name": o.name, "engine_name": o.engine_name, "default": o.default, "doc": o.doc,
                     "choices": list(o.choices) or None, "minimum": o.minimum} for o in spec.options],
        "switches": {s.name: spec.switch(s.name) for s in SWITCHES},
        "board": {"files": geometry.files, "ranks": geometry.ranks},
        "pieces": {letter: {"glyph": spec.glyphs[letter.islower()]["KAEHRCPW".index(letter.upper())],
                            "value": ruleset.piece_values["KAEHRCPW".index(letter.upper())],
                            "count": spec.counts["KAEHRCPW".index(letter.upper())]}
                   for letter in spec.letters()},
        "rules": spec.rules_text(),
        "rules_by_lang": spec.rules_texts(),
    }


class Session:
    """One game and its settings (who plays each side, the AI level).

    The game record carries the settings as tags, so ``restore`` of the
    record rebuilds the same session; a known deal's seed is not in the record
    and is passed to ``restore`` beside it by whoever started the deal.
    """

    def __init__(self) -> None:
        self.players = {"1": "human", "2": "ai"}
        self.level = DEFAULT_LEVEL
        self.player_seed = _new_player_seed()
        self._thinking: tuple | None = None  # (actions played, level name, search) of a 'think'
        self._commands: dict[str, Callable[[dict], dict]] = {
            "info": self.info,
            "new_game": self.new_game,
            "load_record": self.load_record,
            "restore": self.restore,
            "play": self.play,
            "ai_move": self.ai_move,
            "think": self.think,
            "hint": self.hint,
            "undo": self.undo,
            "resign": self.resign,
            "timeout": self.timeout,
            "explain": self.explain,
            "analyse": self.analyse,
            "export": self.export,
            "view": self.view_command,
            "position_at": self.position_at,
            "evaluations": self.evaluations,
            "add_tables": self.add_tables,
        }
        self._install(Game(), self.players, self.level, _default_names(self.players, self.level))

    # -- dispatch ------------------------------------------------------------------
    def handle(self, request: Any) -> dict:
        """Run one request ``{"cmd", "args"}``; always returns ``{"ok", "result"|"error"}``."""
        try:
            if not isinstance(request, dict):
                raise BridgeError('a request must be an object {"cmd": ..., "args": {...}}')
            cmd = request.get("cmd")
            command = self._commands.get(cmd) if isinstance(cmd, str) else None
            if command is None:
                raise BridgeError(f"unknown command {excerpt(json.dumps(cmd))} "
                                  f"(commands: {', '.join(self._commands)})")
            args = request.get("args")
            args = {} if args is None else args
            if not isinstance(args, dict):
                raise BridgeError(f"{cmd}: args must be an object")
            return {"ok": True, "result": command(args)}
        except HdchessError as exc:
            reply = {"ok": False, "error": str(exc)}
            if exc.code:
                reply |= {"code": exc.code, "params": jsonable(exc.params)}
            return reply
        except Exception as exc:  # a bug: report it, keep the worker alive and the game intact
            return {"ok": False, "error": f"internal error: {type(exc).__name__}: {excerpt(str(exc), 200)}"}

    @staticmethod
    def _check_args(cmd: str, args: dict, allowed: tuple[str, ...]) -> None:
        for key in args:
            if key not in allowed:
                known = ", ".join(allowed) or "none"
                raise BridgeError(f"{cmd}: unknown argument {excerpt(json.dumps(key))} (arguments: {known})")

    def _install(self, game: Game, players: dict[str, str], level: str, names: dict[str, str]) -> None:
        """Make ``game`` the session's game; record the settings as tags."""
        for player in ("1", "2"):
            game.tags[PLAYER_TYPE_TAGS[player]] = players[player]
            game.tags[f"Player{player}"] = names[player]
        game.tags[LEVEL_TAG] = level
        self.game, self.players, self.level = game, players, level
        self.player_seed = _new_player_seed()

    # -- commands ------------------------------------------------------------------
    def info(self, args: dict) -> dict:
        self._check_args("info", args, ())
        return {"version": __version__, "variants": [variant_info(name) for name in variant_names()],
                "levels": list(LEVEL_NAMES), "timed_levels": dict(TIMED_LEVELS)}

    def new_game(self, args: dict) -> dict:
        """A new game; ``seed`` makes it a known deal (the same seed, the same game)."""
        self._check_args("new_game", args, ("variant", "options", "seed", "players", "level", "names"))
        variant = _text(args, "variant", DEFAULT_VARIANT)
        options = args.get("options") or {}
        if not isinstance(options, dict):
            raise BridgeError('options must look like {"scoring": "alt"}')
        ruleset = load_ruleset(variant, **options)
        players = _players(args.get("players"), {"1": "human", "2": "ai"})
        level = _level_name(args.get("level", self.level))
        names = _names(args.get("names"), _default_names(players, level))
        game = Game(ruleset, seed=_seed(args.get("seed")))
        self._install(game, players, level, names)
        return self.view()

    def load_record(self, args: dict) -> dict:
        """Replay a record; its tags give the players and level unless args override them."""
        return self._load("load_record", args)

    def restore(self, args: dict) -> dict:
        """Rebuild the session from its record (and a known deal's seed, kept apart from it)."""
        return self._load("restore", args)

    def _load(self, cmd: str, args: dict) -> dict:
        self._check_args(cmd, args, ("record", "players", "level", "names", "seed"))
        record = _text(args, "record")
        if not record or not record.strip():
            raise BridgeError(Message("record.empty"))
        game = Game.from_record(record, seed=_seed(args.get("seed")))
        players = {p: game.tags.get(PLAYER_TYPE_TAGS[p], self.players[p]) for p in ("1", "2")}
        players = _players(args.get("players"), _players(players, self.players))
        level = _level_name(args.get("level", game.tags.get(LEVEL_TAG, self.level)))
        recorded = {p: game.tags[f"Player{p}"] for p in ("1", "2") if game.tags.get(f"Player{p}")}
        names = _names(args.get("names"), _default_names(players, level) | recorded)
        self._install(game, players, level, names)
        return self.view()

    def play(self, args: dict) -> dict:
        """A player's action. Its result, if it has one, is drawn now: ``c2(K)`` is refused."""
        self._check_args("play", args, ("move",))
        move = _text(args, "move")
        if move is None:
            raise BridgeError('play needs a move, such as {"move": "c2"}')
        played = self.game.play(move)
        return {"played": self._move_dict(played, len(self.game.moves) - 1), "view": self.view()}

    def _require_playing(self) -> None:
        if self.game.is_over():
            raise BridgeError(Message("game.over", outcome=self.game.outcome.describe()))

    def think(self, args: dict) -> dict:
        """Think for up to ``ms`` milliseconds more about the AI's move (a level that
        thinks by time, searched in slices so the page can show progress and move at
        once when asked); ``ai_move`` then plays the best move found."""
        self._check_args("think", args, ("level", "ms"))
        self._require_playing()
        level = _level_name(args.get("level", self.level))
        ms = args.get("ms", 250)
        if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not 1 <= ms <= 60_000:
            raise BridgeError(f"ms must be a number of milliseconds from 1 to 60000, not {excerpt(json.dumps(ms))}")
        search = self._search_for(level)
        done = search.advance(ms / 1000)
        result = search.result()
        total = TIMED_LEVELS.get(level)
        progress = 1.0 if done or not total else min(1.0, search.elapsed_ms() / total)
        return {"done": done, "progress": round(progress, 3), "depth": result.depth, "nodes": result.nodes,
                "score": result.score, "pv": pv_text(self.game.state, result.pv)}

    def _search_for(self, level: str):
        """The search under way for this position and level, or a new one."""
        from .ai.levels import level_searcher
        from .players import make_turn

        key = (len(self.game.moves), level)
        if self._thinking is None or self._thinking[:2] != key:
            turn = make_turn(self.game, self.player_seed)
            search = level_searcher(turn.state, level, turn.seed)
            search.begin()
            self._thinking = (*key, search)
        return self._thinking[2]

    def ai_move(self, args: dict) -> dict:
        """The AI plays the side to act, through the same player interface as everywhere
        (after ``think``, the best move that thinking found: move now)."""
        self._check_args("ai_move", args, ("level",))
        self._require_playing()
        level = _level_name(args.get("level", self.level))
        from .players import Choice, LevelPlayer, make_turn

        state = self.game.state.copy()
        thinking = self._thinking
        if thinking is not None and thinking[:2] == (len(self.game.moves), level):
            result = thinking[2].result()
            choice = Choice(result.action)
        else:
            player = LevelPlayer(level)
            choice = player.choose(make_turn(self.game, self.player_seed))
            result = player.last_result
        self._thinking = None
        analysis = {"score": result.score, "depth": result.depth, "nodes": result.nodes,
                    "time_ms": round(result.time_ms, 1), "pv": pv_text(state, result.pv), "level": level,
                    "table": result.table}
        played = self.game.play(choice.action)
        return {"played": self._move_dict(played, len(self.game.moves) - 1), "analysis": analysis,
                "view": self.view()}

    def hint(self, args: dict) -> dict:
        """The Master's suggestion; the game is marked as assisted."""
        self._check_args("hint", args, ())
        self._require_playing()
        from .ai import hint
        from .players import make_turn

        turn = make_turn(self.game, self.player_seed)
        result = hint(turn.state, turn.seed)
        self.game.assisted = True
        pv = pv_text(self.game.state, result.pv)
        return {"move": pv[0] if pv else self.game.state.action_text(result.action), "score": result.score,
                "depth": result.depth, "pv": pv, "table": result.table}

    def add_tables(self, args: dict) -> dict:
        """Read the endgame table files in ``directory`` too (the worker puts the site's bigger
        tables there once it has fetched them); returns each game's coverage, in pieces."""
        self._check_args("add_tables", args, ("directory",))
        directory = _text(args, "directory")
        if not directory or not os.path.isdir(directory):
            raise BridgeError(f"add_tables: {excerpt(json.dumps(directory))} is not a folder")
        from .ai.tables import add_directory

        return {"tables": add_directory(directory)}

    def undo(self, args: dict) -> dict:
        """Take back one action, or (``to_player``) every action back to that player's last turn."""
        self._check_args("undo", args, ("to_player",))
        game = self.game
        to_player = args.get("to_player")
        if not game.moves:
            raise BridgeError(Message("undo.none"))
        if to_player is None:
            game.undo()
            return self.view()
        if to_player not in (1, 2, "1", "2"):
            raise BridgeError(f"to_player must be 1 or 2, not {excerpt(json.dumps(to_player))}")
        wanted = int(to_player)
        if not any(move.player == wanted for move in game.moves):
            raise BridgeError(Message("undo.player_none", player=wanted))
        game.undo()  # at least one action; then back to the start of that player's turn
        while game.moves and (game.turn_player() != wanted or game.moves[-1].player == wanted):
            game.undo()
        return self.view()

    def resign(self, args: dict) -> dict:
        """``player`` (1 or 2) gives up; the other wins."""
        self._check_args("resign", args, ("player",))
        return self._forfeit("resign", args, Termination.RESIGNATION)

    def timeout(self, args: dict) -> dict:
        """``player``'s clock ran out (the page keeps the clocks): the other wins, as on resigning."""
        self._check_args("timeout", args, ("player",))
        return self._forfeit("timeout", args, Termination.TIME_FORFEIT)

    def _forfeit(self, cmd: str, args: dict, termination: Termination) -> dict:
        player = args.get("player", self.game.turn_player())
        if player not in (1, 2, "1", "2"):
            raise BridgeError(f"{cmd}: player must be 1 or 2, not {excerpt(json.dumps(player))}")
        color = self.game.player_color(int(player))
        if color is None:
            raise BridgeError(Message("resign.no_colour"))
        self.game.resign(color, termination)
        return self.view()

    def explain(self, args: dict) -> dict:
        """Why a click does nothing: ``{from, to}`` squares (``to`` alone: a flip or a piece)."""
        self._check_args("explain", args, ("from", "to"))
        state, game = self.game.state, self.game
        names = state.geometry.square_names
        frm, to = _text(args, "from"), _text(args, "to")
        if to is None:
            raise BridgeError('explain needs a square, such as {"to": "c2"}')
        if game.is_over():
            return self._reason(Message("game.over", outcome=game.outcome.describe()))
        text = to if frm is None or frm == to else f"{frm}-{to}"
        try:
            action, _ = state.parse_action(text)
        except HdchessError as exc:
            return self._reason(exc.args[0] if exc.args and isinstance(exc.args[0], Message) else str(exc))
        if action in state.legal_actions():
            return {"reason": None}
        reason = state.explain_illegal(action)
        if frm is None and state.square_text(names.index(to.strip().lower())) not in (None, "x"):
            reason = self._piece_reason(names.index(to.strip().lower()))
        return self._reason(reason)

    @staticmethod
    def _reason(reason: str) -> dict:
        """An explanation for the page: its text, and its code and params when it has them."""
        if isinstance(reason, Message):
            return {"reason": str(reason), "code": reason.code, "params": jsonable(reason.params)}
        return {"reason": reason}

    def _piece_reason(self, sq: int) -> Message:
        """Why a click on a piece selects nothing: not yours, or nowhere to go."""
        state = self.game.state
        name = state.geometry.square_names[sq]
        text = state.square_text(sq) or ""
        letter = text[-1:]
        if state.side == NO_SIDE:
            return Message("move.opening_flip")
        if letter and (letter.isupper() != (state.side == RED)):
            return Message("piece.not_yours", sq=name, color=COLOR_NAMES[state.side])
        return Message("piece.no_move", sq=name)

    def export(self, args: dict) -> dict:
        self._check_args("export", args, ())
        return {"record": self.game.record_text()}

    def view_command(self, args: dict) -> dict:
        self._check_args("view", args, ())
        return self.view()

    def _replayed(self):
        """The game's states from its start, one per action: (state before each action, ...)."""
        game = self.game
        state = game.ruleset.read_position(game.start_position) if game.start_position else game.ruleset.new_state()
        yield state
        for move in game.moves:
            state.push(move.action, move.revealed)
            yield state

    def position_at(self, args: dict) -> dict:
        """The board and panels after ``ply`` actions of the game (0: its start), for replay."""
        self._check_args("position_at", args, ("ply",))
        total = len(self.game.moves)
        ply = args.get("ply")
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= total:
            raise BridgeError(f"ply must be a whole number from 0 to {total}, not {excerpt(json.dumps(ply))}")
        for index, state in enumerate(self._replayed()):
            if index == ply:
                return self._board_view(state, self.game.moves[:ply], final=ply == total)
        raise BridgeError("no such ply")  # not reached

    def analyse(self, args: dict) -> dict:
        """Review of one action of the game: the best action in the position before it, found with a
        ``nodes`` search, and how much the action played lost against it (``drop``, in points, from the
        mover's view; a flip is valued by its odds, not by the piece it happened to reveal)."""
        self._check_args("analyse", args, ("ply", "nodes"))
        total = len(self.game.moves)
        ply, nodes = args.get("ply"), args.get("nodes", ANALYSIS_NODES)
        if isinstance(ply, bool) or not isinstance(ply, int) or not 1 <= ply <= total:
            raise BridgeError(f"ply must be a whole number from 1 to {total}, not {excerpt(json.dumps(ply))}")
        if isinstance(nodes, bool) or not isinstance(nodes, int) or not 100 <= nodes <= MAX_ANALYSIS_NODES:
            raise BridgeError(f"nodes must be a whole number from 100 to {MAX_ANALYSIS_NODES:,}")
        from .ai import SearchLimits, analyse

        state = next(s for index, s in enumerate(self._replayed()) if index == ply - 1)
        played = self.game.moves[ply - 1]
        legal = state.legal_actions()
        if len(legal) == 1:  # nothing to choose: nothing lost
            text, info = state.action_text(played.action), state.action_info(played.action)
            return {"ply": self.game.start_ply + ply, "best": text, "best_from": info.frm, "best_to": info.to,
                    "played": played.text, "drop": 0.0, "score": None, "pv": [text]}
        # every root action within a wide margin of the best gets an exact value
        result = analyse(state, SearchLimits(nodes=nodes), seed=ply, root_margin=2 * WIN_BONUS)
        best = result.score
        value = result.root_scores.get(played.action, best)
        info = state.action_info(result.action)
        return {"ply": self.game.start_ply + ply, "best": state.action_text(result.action),
                "best_from": info.frm, "best_to": info.to, "played": played.text, "score": round(best, 2),
                "drop": round(max(0.0, best - value), 2), "pv": pv_text(state, result.pv)}

    def evaluations(self, args: dict) -> dict:
        """The AI's evaluation of every position of the game, from red's view, in points.

        Each position gets the AI's static estimate of the final score difference
        (no search: a fixed, small amount of work per position), so the graph of
        a whole game comes back at once even in the browser; a finished position
        gets its real final difference (in win/loss games, the result).
        """
        self._check_args("evaluations", args, ())
        start = self.game.start_ply
        plies = [{"ply": start + i, "score_red": _score_red(state)} for i, state in enumerate(self._replayed())]
        if self.game.outcome is not None:
            outcome = self.game.outcome
            plies[-1]["result"] = outcome.result()
            if not outcome.by_score:
                plies[-1]["score_red"] = 0.0 if outcome.winner is None else (
                    WIN_BONUS if outcome.winner == RED else -WIN_BONUS)
        return {"plies": plies}

    # -- the view ------------------------------------------------------------------
    def _move_dict(self, move: PlayedMove, index: int) -> dict:
        return {"ply": self.game.start_ply + index + 1, "text": move.text, "color": _color_name(move.color),
                "player": move.player, "kind": move.kind, "from": move.squares[0], "to": move.squares[1],
                "revealed": _letter(move.revealed), "captured": _letter(move.captured),
                "penalised": move.penalised}

    def _board_view(self, state: GameState, moves: list[PlayedMove], final: bool) -> dict:
        """What the board and its panels show of one position (``note``, when the game has one
        to tell, is a message ``{code, params, text}``: a pending promotion)."""
        geometry = state.geometry
        last = moves[-1] if moves else None
        outcome = self.game.outcome if final else state.outcome()
        return {
            "board": {"files": geometry.files, "ranks": geometry.ranks,
                      "names": list(geometry.square_names)},
            "squares": {name: state.square_text(sq) for sq, name in enumerate(geometry.square_names)},
            "ply": state.ply,
            "side": _color_name(state.side),
            "turn_player": 1 if state.side == NO_SIDE or state.side == state.player_color(1) else 2,
            "player_colors": {p: _color_name(state.player_color(int(p))) for p in ("1", "2")},
            "scores": {"red": state.score(0), "black": state.score(1)},
            "last_move": None if last is None else {"from": last.squares[0], "to": last.squares[1],
                                                    "kind": last.kind},
            "outcome": None if outcome is None else {
                "termination": outcome.termination.value,
                "winner": _color_name(outcome.winner),
                "scores": {"red": outcome.scores[0], "black": outcome.scores[1]},
                "penalties": {"red": outcome.penalties[0], "black": outcome.penalties[1]},
                "by_score": outcome.by_score,
                "result": outcome.result(),
                "text": outcome.describe(),
            },
            **{key: value.as_dict() if isinstance(value, Message) else value
               for key, value in state.public_info().items()},  # a note, worded by the page from its code
        }

    def view(self) -> dict:
        """Everything the page shows, as plain data."""
        game, state = self.game, self.game.state
        ruleset = game.ruleset
        flips, moves = [], {}
        for action in game.legal_actions():
            info = state.action_info(action)
            if info.kind == "flip":
                flips.append(info.to)
            else:
                moves.setdefault(info.frm, []).append(info.as_dict())
        turn_player = game.turn_player()
        return {
            **self._board_view(state, game.moves, final=True),
            "variant": ruleset.variant,
            "title": ruleset.spec.title,
            "options": dict(ruleset.settings),
            "decided_by_score": ruleset.decided_by_score,
            "position": state.position_text(),
            "start_ply": game.start_ply,
            "turn_player": turn_player,
            "players": dict(self.players),
            "names": {p: game.tags.get(f"Player{p}", f"Player {p}") for p in ("1", "2")},
            "level": self.level,
            "ai_turn": game.outcome is None and self.players[str(turn_player)] == "ai",
            "legal": {"flips": flips, "moves": moves},
            "moves": [self._move_dict(m, i) for i, m in enumerate(game.moves)],
            "assisted": game.assisted,
            "known_deal": game.known_deal,
            "record": game.record_text(),
        }


_SESSION = Session()


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
        return json.dumps(_SESSION.handle(request), ensure_ascii=False)
    except (RecursionError, ValueError) as exc:  # a reply that cannot be written: say so, never raise
        return json.dumps({"ok": False, "error": f"internal error: {type(exc).__name__}"})
