"""The game-state protocol: what every family of games implements, and what
everything above the rules (notation, records, the referee, the AI, perft,
playouts, the engine, the match harness, the CLI and the web bridge) may use.

A *family* is a kind of state: the face-down games (:mod:`hdchess.facedown`)
keep a public pool of unknown pieces and have chance nodes; the stacking game
(:mod:`hdchess.stacks`) has stacks and no chance. A *variant* says which family
it belongs to and which board it is played on; a new game is a new variant
module, and a new kind of game is a new family package beside them, with the
same modules as theirs (``position``, ``movement``, ``notation``, ``explain``,
``state``, ``knowledge``). Its ``State`` class is what a variant names
(:class:`hdchess.rules.Family`), and mypy checks it against :class:`GameState`
at the end of this module.

Actions are ints whose encoding belongs to the family; nothing outside it
takes them apart. A chance action (a flip) is pushed with the outcome that
happened (the piece it revealed); ``chance_outcomes`` lists what may happen
with its probability.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .core import BLACK, COLOR_NAMES, RED, Color
from .messages import Message

if TYPE_CHECKING:
    from .geometry import Geometry
    from .rules import Ruleset

Action = int
NO_SIDE = 2  # the colour "to act" before any colour is decided (a face-down game's opening flip)


@dataclass(frozen=True)
class Termination:
    """Why a game ended. Families add their own reasons as module constants;
    ``value`` is the short English phrase records and views carry."""

    value: str

    NO_ACTIONS: ClassVar[Termination]
    NO_PROGRESS: ClassVar[Termination]
    REPETITION: ClassVar[Termination]
    GENERAL_LOST: ClassVar[Termination]
    ALL_CAPTURED: ClassVar[Termination]
    GENERAL_COVERED: ClassVar[Termination]
    RESIGNATION: ClassVar[Termination]
    TIME_FORFEIT: ClassVar[Termination]

    def __repr__(self) -> str:
        return f"Termination({self.value!r})"


Termination.NO_ACTIONS = Termination("no actions")  # the side to act has no legal action
Termination.NO_PROGRESS = Termination("no progress")  # the quiet count reached the variant's limit
Termination.REPETITION = Termination("threefold repetition")
Termination.GENERAL_LOST = Termination("general lost")  # gaiqi: a General left the board
Termination.ALL_CAPTURED = Termination("all pieces captured")  # banqi
Termination.GENERAL_COVERED = Termination("general covered")  # cheight: a General under another piece
Termination.RESIGNATION = Termination("resignation")  # a player gave up (the referee's, not the rules')
Termination.TIME_FORFEIT = Termination("time forfeit")  # a player's clock ran out (the referee's too)

TERMINATIONS = {t.value: t for t in (Termination.NO_ACTIONS, Termination.NO_PROGRESS, Termination.REPETITION,
                                     Termination.GENERAL_LOST, Termination.ALL_CAPTURED,
                                     Termination.GENERAL_COVERED, Termination.RESIGNATION,
                                     Termination.TIME_FORFEIT)}


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the reason, the winner (None for a draw), the scores.

    ``scores`` are (red, black) final scores, penalties already taken off, in
    games decided by score; in win/loss games they are the material left by
    the variant's piece values, shown beside the result and never deciding it
    (``by_score`` says which). ``penalties`` are the points each side lost to
    the repetition penalty.
    """

    termination: Termination
    winner: Color | None
    scores: tuple[int, int] = (0, 0)
    penalties: tuple[int, int] = (0, 0)
    by_score: bool = False

    def result(self) -> str:
        """``1-0`` red wins, ``0-1`` black wins, ``1/2-1/2`` a draw."""
        return {RED: "1-0", BLACK: "0-1", None: "1/2-1/2"}[self.winner]

    def describe(self) -> str:
        """``red wins 12-0 (no actions)``, ``draw (no progress)``: a Message (code and params)."""
        params: dict[str, Any] = {"termination": self.termination.value}
        if self.by_score:
            params |= {"red": self.scores[0], "black": self.scores[1]}
        if self.winner is None:
            return Message("outcome.draw_score" if self.by_score else "outcome.draw", **params)
        return Message("outcome.wins_score" if self.by_score else "outcome.wins", color=COLOR_NAMES[self.winner],
                       **params)


@dataclass(frozen=True)
class ActionInfo:
    """What a user interface shows of an action, before it is played.

    ``kind`` is ``flip``, ``move``, ``capture`` or ``swap``; squares are names.
    ``choice`` tells apart actions with the same squares (an Advisor's carry
    count, a swap's height); ``captured`` is the letter of the enemy piece a
    capture takes or covers (None when it is not known before the action: a
    blind capture).
    """

    text: str
    frm: str
    to: str
    kind: str
    penalised: bool = False
    captured: str | None = None
    choice: str | None = None
    carry: int | None = None
    height: int | None = None

    def as_dict(self) -> dict[str, Any]:
        data = {"move": self.text, "from": self.frm, "to": self.to, "kind": self.kind,
                "capture": self.kind == "capture", "penalised": self.penalised}
        for key in ("choice", "carry", "height"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data


class GameState(Protocol):
    """The interface of a game position with its history (for the rules that need one).

    Construction: ``ruleset.new_state()`` (the variant's start) and
    ``ruleset.read_position(text)`` (a position line, checked).
    """

    ruleset: Ruleset
    geometry: Geometry
    side: int  # the colour that acts now (NO_SIDE before colours exist); a pending swap's owner in Cheight
    ply: int  # moves played so far (a family may leave some actions, like swaps, uncounted)
    quiet: int  # the no-progress count
    hash: int  # a Zobrist hash of the public position (repetitions compare it)

    # -- whose turn ----------------------------------------------------------------------
    @property
    def actor(self) -> int:
        """The colour that acts now (NO_SIDE while no colour is decided)."""

    def player_color(self, player: int) -> Color | None:
        """The colour of player 1 (who opened the game) or 2; None while undecided."""

    # -- rules ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the actor may take (whether or not the game has ended)."""

    def outcome(self, actions: Sequence[Action] | None = None) -> Outcome | None:
        """The game's end if it has ended, else None (``actions``: the legal actions, if known)."""

    def push(self, action: Action, outcome: int | None = None) -> None:
        """Play a legal action; ``outcome`` is what a chance action turned out to be."""

    def pop(self) -> Action:
        """Undo the last push exactly; returns its action."""

    def copy(self) -> GameState:
        """An independent copy with the same history."""

    def is_action(self, action: int) -> bool:
        """Does the int encode an action of this game (legal here or not)?"""

    def is_chance(self, action: Action) -> bool:
        """Is the action's result drawn by chance (a flip)?"""

    def chance_outcomes(self, action: Action) -> list[tuple[int, float]]:
        """(outcome, probability) of each result a chance action may have; [] for others."""

    def has_chance(self) -> bool:
        """May any action from here on still be a chance action?"""

    def chance_slots(self) -> list[int]:
        """Where the unknown outcomes lie (face-down squares); [] in a game without chance."""

    def pool_pieces(self) -> list[int]:
        """The unknown outcomes, one per slot (the referee deals them onto the slots)."""

    def chance_slot(self, action: Action) -> int | None:
        """The slot a chance action reveals; None for an action that reveals nothing."""

    def search_key(self) -> int:
        """A hash of everything that decides the game's future (hash plus rule state)."""

    def repetitions(self) -> int:
        """How often the current position has occurred (1 = first time)."""

    def score(self, color: Color) -> int:
        """The colour's score or material by the variant's values (what the view shows)."""

    # -- text ------------------------------------------------------------------------------
    def position_text(self, extended: bool | None = None) -> str:
        """The position line (``extended``: with the optional history fields)."""

    def action_text(self, action: Action, outcome: int | None = None) -> str:
        """An action in the notation; with ``outcome``, as a record writes it (``c2(R)``)."""

    def parse_action(self, text: str) -> tuple[Action, int | None]:
        """(action, outcome written with it or None); raises InvalidMoveError, or
        IllegalMoveError for text that names an action the position cannot have."""

    def explain_illegal(self, action: Action) -> str:
        """Why a well-formed action that is not legal here is refused, in a player's words."""

    def action_info(self, action: Action) -> ActionInfo:
        """What a user interface shows of a legal action (call before pushing it)."""

    def captured_by(self, action: Action, outcome: int | None) -> int | None:
        """The piece the action removes from the board (call before pushing it)."""

    # -- what players see --------------------------------------------------------------------
    def square_text(self, sq: int) -> str | None:
        """A square's content: None when empty, ``x`` face-down, else its piece
        letters from the bottom of the stack to the top (``R``, ``pRA``)."""

    def public_info(self) -> dict[str, Any]:
        """The family's own public facts for a view (the face-down pool, captures, the
        quiet count and its limit, ...); ``note``, when present, is a short sentence a
        player must know about the position (a pending promotion)."""

    def is_capture(self, action: Action) -> bool:
        """Does the action take (or cover) an enemy piece?"""

    @property
    def move_stack(self) -> list[Action]:
        """Every action pushed so far, oldest first."""


def turn_player(state: GameState) -> int:
    """The player (1 or 2) who acts now: player 1 opens, before any colour exists."""
    actor = state.actor
    return 1 if actor == NO_SIDE or actor == state.player_color(1) else 2


__all__ = ["NO_SIDE", "TERMINATIONS", "Action", "ActionInfo", "GameState", "Outcome", "Termination", "turn_player"]
