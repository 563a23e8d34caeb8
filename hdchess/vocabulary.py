"""The vocabulary of the game-state protocol: actions, what a user interface
shows of one (:class:`ActionInfo`), and how a game ends (:class:`Outcome`,
:class:`Termination`). The protocol itself, :class:`hdchess.rules.GameState`,
is beside the :class:`~hdchess.rules.Ruleset` that makes states, since each
names the other.

A *family* is a kind of state: the face-down games (:mod:`hdchess.facedown`)
keep a public pool of unknown pieces and have chance nodes; the stacking game
(:mod:`hdchess.stacks`) has stacks and no chance. A *variant* says which family
it belongs to and which board it is played on; a new game is a new variant
module, and a new kind of game is a new family package beside them, with the
same modules as theirs (``position``, ``movement``, ``notation``, ``explain``,
``state``, ``knowledge``). Its ``State`` class is what a variant names
(:class:`hdchess.rules.Family`), and mypy checks it against
:class:`~hdchess.rules.GameState` at the end of the family's ``state`` module.

Actions are ints whose encoding belongs to the family; nothing outside it
takes them apart. A chance action (a flip) is pushed with the outcome that
happened (the piece it revealed); ``chance_outcomes`` lists what may happen
with its probability.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .core import BLACK, COLOR_NAMES, RED, Color
from .messages import Message

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
    ADJUDICATED: ClassVar[Termination]

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
Termination.ADJUDICATED = Termination("move limit (adjudicated)")  # a match ended a long game as a draw

TERMINATIONS = {t.value: t for t in (Termination.NO_ACTIONS, Termination.NO_PROGRESS, Termination.REPETITION,
                                     Termination.GENERAL_LOST, Termination.ALL_CAPTURED,
                                     Termination.GENERAL_COVERED, Termination.RESIGNATION,
                                     Termination.TIME_FORFEIT, Termination.ADJUDICATED)}


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
    blind capture). ``loses`` marks an action that loses the game at once for
    the one who makes it (a Cheight move covering its own General), so that a
    page can ask first without knowing the rules. ``path`` is a chain of captures'
    landing squares in order (banqi's ``chain_captures``), so that a page can offer it
    capture by capture; None for every other action.
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
    loses: bool = False
    path: tuple[str, ...] | None = None


__all__ = ["NO_SIDE", "TERMINATIONS", "Action", "ActionInfo", "Outcome", "Termination"]
