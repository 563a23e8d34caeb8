"""The web app's one entry into Python: JSON commands over a Game.

The browser's worker calls :func:`handle` with a JSON request
``{"cmd": "play", "args": {"move": "c2"}}`` and posts back the JSON reply
``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": "<message>"}``.
Everything the page shows comes back as a *view* (a plain dict), so the page
never computes a rule. The binding description of the commands and of the
view is the web protocol (README "Embedding" and ``web/`` docs).

Bad input never raises out of :func:`handle` and never changes the game: each
command validates and computes first, and only then swaps in the new state.
Nothing here knows about the browser (no ``js`` or ``pyodide`` import), so the
whole bridge is tested on CPython.

>>> import json
>>> reply = json.loads(handle('{"cmd": "new_game", "args": {"seed": 7}}'))
>>> reply["ok"], reply["result"]["ply"], len(reply["result"]["legal"]["flips"])
(True, 0, 32)
>>> json.loads(handle('{"cmd": "play", "args": {"move": "z9"}}'))["error"]
'z9 is not a square (files a-h, ranks 1-4)'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import __version__
from .ai import LEVELS, choose_action, hint, level_by_name
from .ai.evaluate import difference
from .core import COLOR_NAMES, EMPTY, HIDDEN, NUM_SQUARES, RED, SQUARE_NAMES, piece_letter
from .errors import HdchessError
from .game import Game, PlayedMove
from .notation import move_text, parse_position, position_text
from .record import read_record
from .rules import load_ruleset, variant_names, variant_spec
from .state import NO_SIDE, State, is_flip

PLAYER_KINDS = ("human", "ai")
DEFAULT_LEVEL = "Club"
MAX_NAME_LENGTH = 40

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


def _score_red(state: State) -> float:
    """A position's value for red: the final score difference once over, else the AI's estimate of it."""
    outcome = state.outcome()
    if outcome is not None:
        return float(outcome.scores[0] - outcome.scores[1])
    estimate = difference(state)  # side to move's view; 0 before the first flip
    return round(estimate if state.side == RED else -estimate, 2)


def _square_content(content: int) -> str | None:
    return None if content == EMPTY else "x" if content == HIDDEN else piece_letter(content)


def _text(args: dict, key: str, default: str | None = None) -> str | None:
    value = args.get(key, default)
    if value is not None and not isinstance(value, str):
        raise BridgeError(f"{key} must be text, not {json.dumps(value)}")
    return value


def _seed(value: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).strip().isdigit():
        raise BridgeError(f"seed must be a whole number 0 or more, not {json.dumps(value)}")
    return int(value)


def _players(value: Any, default: dict[str, str]) -> dict[str, str]:
    if value is None:
        return dict(default)
    if not isinstance(value, dict):
        raise BridgeError('players must look like {"1": "human", "2": "ai"}')
    players = dict(default)
    for key, kind in value.items():
        if str(key) not in ("1", "2"):
            raise BridgeError(f"players: {json.dumps(key)} is not a player (1 or 2)")
        if kind not in PLAYER_KINDS:
            raise BridgeError(f"player {key} must be human or ai, not {json.dumps(kind)}")
        players[str(key)] = kind
    return players


def _level_name(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise BridgeError(f"level must be a level name or 1-5, not {json.dumps(value)}")
    return level_by_name(value).name


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
            raise BridgeError(f"names: {json.dumps(key)} is not a player (1 or 2)")
        if not isinstance(name, str):
            raise BridgeError(f"the name of player {key} must be text")
        name = " ".join(name.split())[:MAX_NAME_LENGTH]
        if name:
            names[str(key)] = name
    return names


class Session:
    """One game and its settings (who plays each side, the AI level).

    The game record carries the settings as tags, so ``restore`` of the
    record rebuilds the same session.
    """

    def __init__(self) -> None:
        self.game = Game(seed=0)
        self.players = {"1": "human", "2": "ai"}
        self.level = DEFAULT_LEVEL
        self._commands: dict[str, Callable[[dict], dict]] = {
            "info": self.info,
            "new_game": self.new_game,
            "load_record": self.load_record,
            "restore": self.load_record,
            "play": self.play,
            "ai_move": self.ai_move,
            "hint": self.hint,
            "undo": self.undo,
            "export": self.export,
            "view": self.view_command,
            "evaluations": self.evaluations,
        }
        self._install(self.game, self.players, self.level, _default_names(self.players, self.level))

    # -- dispatch ------------------------------------------------------------------
    def handle(self, request: Any) -> dict:
        """Run one request ``{"cmd", "args"}``; always returns ``{"ok", "result"|"error"}``."""
        try:
            if not isinstance(request, dict):
                raise BridgeError('a request must be an object {"cmd": ..., "args": {...}}')
            cmd = request.get("cmd")
            command = self._commands.get(cmd) if isinstance(cmd, str) else None
            if command is None:
                raise BridgeError(f"unknown command {json.dumps(cmd)} (commands: {', '.join(self._commands)})")
            args = request.get("args")
            args = {} if args is None else args
            if not isinstance(args, dict):
                raise BridgeError(f"{cmd}: args must be an object")
            return {"ok": True, "result": command(args)}
        except HdchessError as exc:
            return {"ok": False, "error": str(exc)}
        except Exception as exc:  # a bug: report it, keep the worker alive and the game intact
            return {"ok": False, "error": f"internal error: {type(exc).__name__}: {exc}"}

    @staticmethod
    def _check_args(cmd: str, args: dict, allowed: tuple[str, ...]) -> None:
        for key in args:
            if key not in allowed:
                known = ", ".join(allowed) or "none"
                raise BridgeError(f"{cmd}: unknown argument {json.dumps(key)} (arguments: {known})")

    def _install(self, game: Game, players: dict[str, str], level: str, names: dict[str, str]) -> None:
        """Make ``game`` the session's game; record the settings as tags."""
        for player in ("1", "2"):
            game.tags[PLAYER_TYPE_TAGS[player]] = players[player]
            game.tags[f"Player{player}"] = names[player]
        game.tags[LEVEL_TAG] = level
        self.game, self.players, self.level = game, players, level

    # -- commands ------------------------------------------------------------------
    def info(self, args: dict) -> dict:
        self._check_args("info", args, ())
        variants = []
        for name in variant_names():
            spec = variant_spec(name)
            variants.append({
                "name": spec.name, "title": spec.title, "summary": spec.summary,
                "options": [{"name": o.name, "engine_name": o.engine_name, "default": o.default, "doc": o.doc,
                             "choices": list(o.choices) or None, "minimum": o.minimum} for o in spec.options],
            })
        return {"version": __version__, "variants": variants, "levels": [level.name for level in LEVELS]}

    def new_game(self, args: dict) -> dict:
        self._check_args("new_game", args, ("variant", "options", "seed", "players", "level", "names"))
        variant = _text(args, "variant", "hdc2")
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
        self._check_args("load_record", args, ("record", "players", "level", "names"))
        record = _text(args, "record")
        if not record or not record.strip():
            raise BridgeError("the game record is empty")
        game = read_record(record)
        players = {p: game.tags.get(PLAYER_TYPE_TAGS[p], self.players[p]) for p in ("1", "2")}
        players = _players(args.get("players"), _players(players, self.players))
        level = _level_name(args.get("level", game.tags.get(LEVEL_TAG, self.level)))
        recorded = {p: game.tags[f"Player{p}"] for p in ("1", "2") if game.tags.get(f"Player{p}")}
        names = _names(args.get("names"), _default_names(players, level) | recorded)
        self._install(game, players, level, names)
        return self.view()

    def play(self, args: dict) -> dict:
        self._check_args("play", args, ("move",))
        move = _text(args, "move")
        if move is None:
            raise BridgeError('play needs a move, such as {"move": "c2"}')
        played = self.game.play(move)
        return {"played": self._move_dict(played, self.game.state.ply - 1), "view": self.view()}

    def _search_seed(self, args: dict) -> int:
        seed = _seed(args.get("seed"))
        return (self.game.seed + self.game.state.ply) & 0xFFFFFFFF if seed is None else seed

    def _require_playing(self) -> None:
        if self.game.is_over():
            raise BridgeError(f"the game is over ({self.game.outcome.describe()})")

    def ai_move(self, args: dict) -> dict:
        self._check_args("ai_move", args, ("level", "seed"))
        self._require_playing()
        level = _level_name(args.get("level", self.level))
        state = self.game.state
        result = choose_action(state.copy(), level, self._search_seed(args))
        analysis = {"score": result.score, "depth": result.depth, "nodes": result.nodes,
                    "time_ms": round(result.time_ms, 1), "pv": self._pv_texts(state, result.pv), "level": level}
        played = self.game.play(result.action)
        return {"played": self._move_dict(played, self.game.state.ply - 1), "analysis": analysis,
                "view": self.view()}

    def hint(self, args: dict) -> dict:
        self._check_args("hint", args, ("seed",))
        self._require_playing()
        state = self.game.state
        result = hint(state.copy(), self._search_seed(args))
        pv = self._pv_texts(state, result.pv)
        return {"move": pv[0] if pv else move_text(result.action, state), "score": result.score,
                "depth": result.depth, "pv": pv}

    def undo(self, args: dict) -> dict:
        """Take back one ply, or (``to_player``) every ply back to that player's last turn."""
        self._check_args("undo", args, ("to_player",))
        game = self.game
        to_player = args.get("to_player")
        if not game.moves:
            raise BridgeError("there is no move to undo")
        count = 1
        if to_player is not None:
            if to_player not in (1, 2, "1", "2"):
                raise BridgeError(f"to_player must be 1 or 2, not {json.dumps(to_player)}")
            wanted = int(to_player)
            count = 1 if self._turn_player(game.state.ply - 1) == wanted else 2
            if count > len(game.moves):
                raise BridgeError(f"player {wanted} has no move to undo")
        for _ in range(count):
            game.undo()
        return self.view()

    def export(self, args: dict) -> dict:
        self._check_args("export", args, ())
        return {"record": self.game.record_text()}

    def view_command(self, args: dict) -> dict:
        self._check_args("view", args, ())
        return self.view()

    def evaluations(self, args: dict) -> dict:
        """The AI's evaluation of every position of the game, from red's view, in points.

        Each position gets the AI's static estimate of the final score difference
        (no search: a fixed, small amount of work per position), so the graph of
        a whole game comes back at once even in the browser; a finished position
        gets its real final difference.
        """
        self._check_args("evaluations", args, ())
        game = self.game
        ruleset = game.ruleset
        state = parse_position(game.start_position, ruleset) if game.start_position else State(ruleset)
        plies = [{"ply": state.ply, "score_red": _score_red(state)}]
        for move in game.moves:
            state.push(move.action, move.revealed)
            plies.append({"ply": state.ply, "score_red": _score_red(state)})
        return {"plies": plies}

    # -- the view ------------------------------------------------------------------
    @staticmethod
    def _turn_player(ply: int) -> int:
        return 1 if ply % 2 == 0 else 2  # player 1 opened, at ply 0

    def _move_dict(self, move: PlayedMove, ply: int) -> dict:
        return {"ply": ply + 1, "text": move.text, "color": _color_name(move.color),
                "revealed": _letter(move.revealed), "captured": _letter(move.captured),
                "penalised": move.penalised}

    @staticmethod
    def _pv_texts(state: State, pv) -> list[str]:
        """The principal variation as move text: captures marked while the position is known
        (a flip's piece is chance, so after one the rest is written without the board)."""
        texts, probe = [], state.copy()
        for action in pv:
            if probe is None:
                texts.append(move_text(action))
                continue
            if action not in probe.legal_actions():
                break
            texts.append(move_text(action, probe))
            if is_flip(action) or probe.mailbox[action & 31] == HIDDEN:  # a blind capture reveals by chance too
                probe = None
            else:
                probe.push(action)
        return texts

    def view(self) -> dict:
        """Everything the page shows, as plain data."""
        game, state = self.game, self.game.state
        ruleset = game.ruleset
        squares = {SQUARE_NAMES[sq]: _square_content(state.mailbox[sq]) for sq in range(NUM_SQUARES)}
        flips, moves = [], {}
        for action in game.legal_actions():
            frm, to = action >> 5, action & 31
            if frm == to:
                flips.append(SQUARE_NAMES[to])
            else:
                moves.setdefault(SQUARE_NAMES[frm], []).append({
                    "to": SQUARE_NAMES[to], "capture": state.is_capture(action),
                    "move": move_text(action, state), "penalised": state.is_penalised(action)})
        on_board = [0] * 16
        for content in state.mailbox:
            if content < HIDDEN:
                on_board[content] += 1
        captured = {"red": [], "black": []}
        for piece in range(16):
            gone = ruleset.initial_pool[piece] - state.pool[piece] - on_board[piece]
            captured[COLOR_NAMES[piece >> 3]] += [piece_letter(piece)] * max(gone, 0)
        points = ruleset.get("repetition_penalty", 0)
        start_ply = state.ply - len(game.moves)
        last = game.moves[-1] if game.moves else None
        last_move = None
        if last is not None:
            frm, to = SQUARE_NAMES[last.action >> 5], SQUARE_NAMES[last.action & 31]
            kind = "flip" if frm == to else "capture" if last.captured is not None else "move"
            last_move = {"from": frm, "to": to, "kind": kind}
        outcome = game.outcome
        turn_player = self._turn_player(state.ply)
        return {
            "variant": ruleset.variant,
            "title": ruleset.spec.title,
            "options": dict(ruleset.settings),
            "position": position_text(state),
            "ply": state.ply,
            "side": _color_name(state.side),
            "turn_player": turn_player,
            "player_colors": {p: _color_name(game.player_color(int(p))) for p in ("1", "2")},
            "players": dict(self.players),
            "names": {p: game.tags.get(f"Player{p}", f"Player {p}") for p in ("1", "2")},
            "level": self.level,
            "ai_turn": outcome is None and self.players[str(turn_player)] == "ai",
            "squares": squares,
            "legal": {"flips": flips, "moves": moves},
            "scores": {"red": state.score(0), "black": state.score(1)},
            "penalties": {"red": state.penalties[0] * points, "black": state.penalties[1] * points},
            "quiet": state.quiet,
            "quiet_limit": ruleset.get("no_progress_plies", 0),
            "pool": {piece_letter(p): n for p, n in enumerate(state.pool) if n},
            "captured": captured,
            "moves": [self._move_dict(m, start_ply + i) for i, m in enumerate(game.moves)],
            "last_move": last_move,
            "outcome": None if outcome is None else {
                "termination": outcome.termination.value,
                "winner": _color_name(outcome.winner),
                "scores": {"red": outcome.scores[0], "black": outcome.scores[1]},
                "penalties": {"red": outcome.penalties[0], "black": outcome.penalties[1]},
                "result": outcome.result(),
                "text": outcome.describe(),
            },
            "assisted": game.assisted,
            "seed": game.seed,
            "record": game.record_text(),
        }


_SESSION = Session()


def handle(request_json: str) -> str:
    """The worker's entry point: a JSON request in, a JSON reply out; never raises."""
    try:
        request = json.loads(request_json)
    except (TypeError, ValueError) as exc:
        return json.dumps({"ok": False, "error": f"the request is not valid JSON: {exc}"})
    return json.dumps(_SESSION.handle(request), ensure_ascii=False)
