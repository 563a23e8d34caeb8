"""The page's game and its settings, through the game's life: a new game or a loaded
record, actions played and taken back, a resignation or a clock's fall.

The game record carries the settings as tags, so loading the record rebuilds
the same session (after a reload or a worker restart); a known deal's seed is
not in the record and is passed beside it by whoever started the deal. Each
change is computed first and only then installed, so a refused one leaves the
game as it was.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from ..game import Game, PlayedMove
from ..messages import Message
from ..rules import Ruleset
from ..vocabulary import Action, Termination
from .args import BridgeError

if TYPE_CHECKING:
    from ..ai.decision import Decision
    from ..ai.sharing import CallTable

DEFAULT_LEVEL = "Club"
DEFAULT_PLAYERS = {"1": "human", "2": "ai"}
# Record tags the bridge adds so that a record alone restores the whole session:
# who plays each side, and the AI level.
PLAYER_TYPE_TAGS = {"1": "Player1Type", "2": "Player2Type"}
LEVEL_TAG = "Level"


def new_player_seed() -> int:
    """hdchess.players.new_player_seed, without importing the AI with the players."""
    return secrets.randbits(32)


def default_names(players: dict[str, str], level: str) -> dict[str, str]:
    """The players' names when none are given: "You" and the AI's level, or two numbered players."""
    if players["1"] == players["2"] == "human":
        return {"1": "Player 1", "2": "Player 2"}
    return {p: ("You" if kind == "human" else f"hdchess {level}") for p, kind in players.items()}


class GameSession:
    """One game and its settings: who plays each side, the AI level, the AI's seed for this game.

    ``thinking`` is the AI's search under way for the position (see :mod:`.computer`);
    ``shared_table``, the table the browser's search workers share, once the page gave one (:mod:`.pool`).
    """

    def __init__(self) -> None:
        self.players = dict(DEFAULT_PLAYERS)
        self.level = DEFAULT_LEVEL
        self.player_seed = new_player_seed()
        self.thinking: tuple[int, str, Decision] | None = None  # (actions played, level name, the move under way)
        self.shared_table: CallTable | None = None
        self.game: Game
        self.install(Game(), self.players, self.level, default_names(self.players, self.level))

    def install(self, game: Game, players: dict[str, str], level: str, names: dict[str, str]) -> None:
        """Make ``game`` the session's game; record the settings as tags."""
        for player in ("1", "2"):
            game.tags[PLAYER_TYPE_TAGS[player]] = players[player]
            game.tags[f"Player{player}"] = names[player]
        game.tags[LEVEL_TAG] = level
        self.game, self.players, self.level = game, players, level
        self.player_seed = new_player_seed()

    def new_game(self, ruleset: Ruleset, seed: int | None, players: dict[str, str], level: str,
                 names: dict[str, str], serious: bool = False) -> None:
        """A new game; ``seed`` makes it a known deal (the same seed, the same game); ``serious``: no
        undo and no hint."""
        self.install(Game(ruleset, seed=seed, serious=serious), players, level, names)

    def recorded(self, game: Game) -> tuple[dict[str, str], str, dict[str, str]]:
        """What a loaded game's tags say of its players, level and names (the session's own for any missing)."""
        players = {p: game.tags.get(PLAYER_TYPE_TAGS[p], self.players[p]) for p in ("1", "2")}
        level = game.tags.get(LEVEL_TAG, self.level)
        names = {p: game.tags[f"Player{p}"] for p in ("1", "2") if game.tags.get(f"Player{p}")}
        return players, level, names

    def play(self, move: str | Action) -> PlayedMove:
        """A player's action (text or an action). Its result, if it has one, is drawn now."""
        return self.game.play(move)

    def require_playing(self) -> None:
        outcome = self.game.outcome
        if outcome is not None:
            raise BridgeError(Message("game.over", outcome=outcome.describe()))

    def refuse_help(self, for_ai: bool = False) -> None:
        """In a serious game a player gets no help from the AI: no hint, no AI thinking or move on a
        human's turn (``for_ai``: the AI's own turn is fine), no analysis before the game ends."""
        game = self.game
        if not game.serious or game.outcome is not None:
            return
        if not for_ai or self.players[str(game.turn_player())] != "ai":
            raise BridgeError(Message("hint.serious"))

    def undo(self, to_player: int | None) -> None:
        """Take back one action, or (``to_player``) every action back to that player's last turn."""
        game = self.game
        if game.serious:
            raise BridgeError(Message("undo.serious"))
        if not game.moves:
            raise BridgeError(Message("undo.none"))
        if to_player is None:
            game.undo()
            return
        if not any(move.player == to_player for move in game.moves):
            raise BridgeError(Message("undo.player_none", player=to_player))
        game.undo()  # at least one action; then back to the start of that player's turn
        while game.moves and (game.turn_player() != to_player or game.moves[-1].player == to_player):
            game.undo()

    def forfeit(self, player: int | None, termination: Termination) -> None:
        """``player`` (the one to act when None) gives up, or lost on time: the other wins."""
        color = self.game.player_color(self.game.turn_player() if player is None else player)
        if color is None:
            raise BridgeError(Message("resign.no_colour"))
        self.game.resign(color, termination)


__all__ = ["DEFAULT_LEVEL", "DEFAULT_PLAYERS", "LEVEL_TAG", "PLAYER_TYPE_TAGS", "GameSession", "default_names",
           "new_player_seed"]
