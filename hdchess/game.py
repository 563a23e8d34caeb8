"""The referee's game: the position, where chance comes from, and the record.

A :class:`Game` holds the public state (``game.state``), which is all any
player or AI ever sees, and a source of chance results (:mod:`.referee`) that
only it reads. Every input is validated here, and a rejected input leaves the
game exactly as it was.

Live play (:meth:`Game.play`) never lets a player choose what a flip reveals:
``c2(K)`` is refused, because a flip's result is drawn, not chosen. Replaying
a record or an engine's move list (:meth:`Game.replay`) takes the recorded
results as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .core import COLOR_NAMES, piece_letter
from .errors import HdchessError, IllegalMoveError, InvalidMoveError, RecordError
from .inputs import excerpt, shown
from .messages import Message, reason_of
from .record import DERIVED_TAGS, RESULTS, format_record, parse_numbered_record
from .referee import ChanceSource, FairDraw, KnownDeal, check_seed
from .rules import GameState, Ruleset, turn_player
from .variants import DEFAULT_VARIANT, load_ruleset
from .vocabulary import NO_SIDE, TERMINATIONS, Action, Outcome, Termination


@dataclass(frozen=True)
class PlayedMove:
    """One action of the record, with what a UI needs to show it."""

    action: Action
    text: str  # record notation: c2(R), c2-c3, c2xc3
    color: int | None  # colour of the side that acted (None for the opening flip)
    revealed: int | None = None  # what a chance action turned up
    captured: int | None = None  # piece removed from the board
    penalised: bool = False  # lost repetition-penalty points
    kind: str = field(default="move", compare=False)  # flip, move, capture, swap
    squares: tuple[str, str] = field(default=("", ""), compare=False)  # from, to (names)
    player: int = field(default=1, compare=False)  # who acted: player 1 (opened the game) or 2
    path: tuple[str, ...] = field(default=(), compare=False)  # a chain of captures' landings (banqi house rule)


class Game:
    """A game in progress: the public state, the referee's source of chance, the record.

    ``seed`` makes the game a *known deal*: the face-down pieces are laid out
    from it, the same seed giving the same game (practice, puzzles, tests,
    paired matches). Without it every flip is drawn fairly when it happens; ``deal``
    gives another source of chance (a remote game's deck, :mod:`hdchess.remote.deal`).
    """

    def __init__(self, ruleset: Ruleset | None = None, seed: int | None = None,
                 position: str | None = None, serious: bool = False, deal: ChanceSource | None = None) -> None:
        self.ruleset = ruleset or load_ruleset()
        self.start_position = position
        self.state: GameState = self.ruleset.read_position(position) if position else self.ruleset.new_state()
        self.start_ply = self.state.ply
        self.known_deal = seed is not None
        # Where flips come from: a known deal's layout, a given source (a remote game's deck), or a fair draw.
        self._deal: ChanceSource = (KnownDeal(self.state, check_seed(seed)) if seed is not None
                                    else deal if deal is not None else FairDraw())
        self.moves: list[PlayedMove] = []
        self.tags: dict[str, str] = {}
        self.assisted = False  # an undo or a hint was used: the record says so
        # A serious game: no undo (an undo in a fair game would let a player draw a flip again) and no hint.
        self.serious = serious is True
        # Continued from a record: flips in its history were written by the record's writer, not drawn here.
        self.continued = False
        self._written_flips = False  # loaded from a record with flips: playing on (or reopening it) continues it
        self._resigned: int | None = None  # the colour that resigned
        self._outcome: Outcome | None = self.state.outcome()

    # -- what players may ask ---------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def is_over(self) -> bool:
        return self._outcome is not None

    def legal_actions(self) -> list[Action]:
        return [] if self._outcome else self.state.legal_actions()

    def player_color(self, player: int) -> int | None:
        """The colour of player 1 (who opened) or 2; None before colours are decided."""
        return self.state.player_color(player)

    def turn_player(self) -> int:
        """The player (1 or 2) who acts now."""
        return turn_player(self.state)

    # -- input -------------------------------------------------------------------
    def parse(self, text: str) -> tuple[Action, int | None]:
        """Read an action typed by a player or found in a record; check it is legal.

        Returns (action, outcome) where outcome is what the text says a chance
        action revealed (None when not given). Raises InvalidMoveError or
        IllegalMoveError with a message naming the problem.
        """
        action, outcome = self.state.parse_action(text)
        self._check_legal(action, shown(str(text).strip()))
        if outcome is not None:
            label = shown(text.strip())
            if not self.state.is_chance(action):
                raise InvalidMoveError(Message("move.refused", move=label, reason=Message("move.reveals_nothing")))
            if outcome not in dict(self.state.chance_outcomes(action)):
                raise IllegalMoveError(Message("move.refused", move=label,
                                               reason=Message("flip.none_left", piece=piece_letter(outcome))))
        return action, outcome

    def _check_legal(self, action: Action, label: str) -> None:
        if self._outcome is not None:
            raise IllegalMoveError(Message("move.refused", move=label,
                                           reason=Message("game.over", outcome=self._outcome.describe())))
        if action not in self.state.legal_actions():
            raise IllegalMoveError(Message("move.refused", move=label, reason=self.state.explain_illegal(action)))

    def _action(self, move: str | Action) -> tuple[Action, int | None]:
        if isinstance(move, str):
            return self.parse(move)
        if isinstance(move, int) and not isinstance(move, bool):
            if not self.state.is_action(move):
                raise InvalidMoveError(f"{shown(str(move))} is not an action of {self.ruleset.variant}")
            self._check_legal(move, self.state.action_text(move))
            return move, None
        raise InvalidMoveError(f"{shown(repr(move))} is not a move (text such as c2, c2-c3, c2xc3, or an action)")

    def check_play(self, move: str | Action) -> Action:
        """The action :meth:`play` would play for ``move``, changing nothing; raises what
        :meth:`play` would raise (the page's ``explain`` asks this, so the two always agree)."""
        action, outcome = self._action(move)
        if outcome is not None:
            raise IllegalMoveError(Message("move.refused", move=shown(str(move).strip()), reason=Message("flip.drawn")))
        return action

    def play(self, move: str | Action) -> PlayedMove:
        """Play a player's action, given as text or as an action; returns the record entry.

        A chance action's result is drawn by the referee now; text that names
        one (``c2(K)``) is refused: the result of a flip is drawn, not chosen.
        """
        return self._push(self.check_play(move), None)

    def replay(self, move: str | Action, outcome: int | None = None) -> PlayedMove:
        """Play an action from a record or a move list, taking the result it says a
        chance action had (a known deal is made to agree); without one, the referee draws.

        ``outcome`` must be a piece (an ``int``, not a bool or a float) the action can
        reveal; anything else is refused before the game or its deal changes."""
        action, text_outcome = self._action(move)
        if outcome is None:
            outcome = text_outcome
        else:
            self._check_outcome(action, outcome)
            if text_outcome is not None and text_outcome != outcome:
                raise IllegalMoveError(f"{shown(str(move))} says another result than {shown(repr(outcome))}")
        return self._push(action, outcome)

    def _check_outcome(self, action: Action, outcome: object) -> None:
        """Refuse a chance result that is not a whole number (bools and floats included) or not in the pool."""
        label = self.state.action_text(action)
        if isinstance(outcome, bool) or not isinstance(outcome, int):
            raise InvalidMoveError(f"{shown(repr(outcome))} is not a piece: the result of {label} must be a "
                                   "whole number (a piece), not a bool, float or text")
        if not self.state.is_chance(action):
            raise InvalidMoveError(Message("move.refused", move=label, reason=Message("move.reveals_nothing")))
        if outcome not in dict(self.state.chance_outcomes(action)):
            raise IllegalMoveError(f"{shown(repr(outcome))} is not a possible result of {label}")

    def _push(self, action: Action, recorded: int | None) -> PlayedMove:
        state = self.state
        outcome = self._deal.reveal(state, action, recorded) if state.is_chance(action) else None
        info = state.action_info(action)
        entry = PlayedMove(
            action=action,
            text=state.action_text(action, outcome),
            color=None if state.side == NO_SIDE else state.side,
            revealed=outcome,
            captured=state.captured_by(action, outcome),
            penalised=info.penalised,
            kind=info.kind,
            squares=(info.frm, info.to),
            player=turn_player(state),
            path=info.path or (),
        )
        state.push(action, outcome)
        self.moves.append(entry)
        if self._written_flips:
            self.continued = True
        self._outcome = state.outcome()
        return entry

    def undo(self) -> PlayedMove:
        """Take back the last action; the game is marked as assisted. A piece a
        flip revealed goes back into the pool: flipping again draws afresh
        (in a known deal it lies where it was)."""
        if self.serious:
            raise IllegalMoveError(Message("undo.serious"))
        if not self.moves:
            raise IllegalMoveError(Message("undo.none"))
        if self._resigned is not None:
            self._resigned = None
        entry = self.moves.pop()
        self.state.pop()
        if entry.revealed is not None:
            self._deal.take_back(self.state, entry.action, entry.revealed)
        self.assisted = True
        self._outcome = self.state.outcome()
        if self._written_flips:
            self.continued = True  # a finished record reopened: what is played from here continues it
        return entry

    def resign(self, color: int, termination: Termination = Termination.RESIGNATION) -> Outcome:
        """The player of ``color`` gives up (or, ``Termination.TIME_FORFEIT``, ran out of time): the other
        colour wins, whatever the material; the scores stay as they were, shown as material."""
        if self._outcome is not None:
            raise IllegalMoveError(Message("game.already_over", outcome=self._outcome.describe()))
        if color not in (0, 1):
            raise IllegalMoveError(Message("resign.unknown_colour"))
        state = self.state
        self._resigned = color
        self._outcome = Outcome(termination, color ^ 1, (state.score(0), state.score(1)), by_score=False)
        return self._outcome

    def adjudicate_draw(self, termination: Termination = Termination.ADJUDICATED) -> Outcome:
        """End an unfinished game as a draw by the referee's say, not the rules' (a match's move
        limit: ``Termination.ADJUDICATED``; a draw both players agreed to); the scores stay as they
        were, shown as material."""
        if self._outcome is not None:
            raise IllegalMoveError(Message("game.already_over", outcome=self._outcome.describe()))
        state = self.state
        self._outcome = Outcome(termination, None, (state.score(0), state.score(1)), by_score=False)
        return self._outcome

    # -- views -------------------------------------------------------------------
    def position(self) -> str:
        return self.state.position_text()

    def scores(self) -> tuple[int, int]:
        return self.state.score(0), self.state.score(1)

    def describe_turn(self) -> str:
        if self._outcome:
            return f"game over: {self._outcome.describe()}"
        if self.state.side == NO_SIDE:
            return "player 1 to open with a flip"
        return f"{COLOR_NAMES[self.state.side]} to move"

    # -- records ------------------------------------------------------------------
    def record_tags(self) -> dict[str, str]:
        """What the record says besides the moves (see :mod:`.record`): never a seed or a layout."""
        tags: dict[str, str] = {"Event": "hdchess game", **self.tags}
        tags["Variant"] = self.ruleset.variant
        for option in self.ruleset.spec.options:
            tags[option.engine_name] = str(self.ruleset[option.name])
        if self.known_deal:
            tags["Deal"] = "known"
        for player in (1, 2):
            color = self.player_color(player)
            name = self.tags.get(f"Player{player}")
            if color is not None and name:
                tags["Red" if color == 0 else "Black"] = name
        if self.start_position:
            tags["FEN"] = self.start_position
        outcome = self._outcome
        tags["Result"] = outcome.result() if outcome else "*"
        if outcome:
            tags["Score" if outcome.by_score else "Material"] = f"red {outcome.scores[0]}, black {outcome.scores[1]}"
            tags["Termination"] = outcome.termination.value
        if self.assisted:
            tags["Assisted"] = "yes"
        if self.serious:
            tags["Serious"] = "yes"
        if self.continued:
            tags["Continued"] = "from a record"
        return tags

    def record_text(self) -> str:
        """The game record: replays to this game, tells nothing of what is still face-down."""
        return format_record(self.record_tags(), ((m.player, m.text) for m in self.moves), self.start_ply)

    @classmethod
    def from_record(cls, text: str, seed: int | None = None, own: bool = False) -> Game:
        """Replay a record into a Game. ``seed`` (kept apart from the record, by
        whoever started a known deal) continues that deal for the flips to come;
        without it, what is still face-down is drawn fairly. RecordError names
        the move or tag that is wrong.

        The flips a record writes were chosen by whoever wrote it, so a game that
        goes on from a record with flips is *continued*, never a fair game: it is
        marked at once when the record is unfinished, and when an undo reopens a
        finished one (a record opened to review it is not marked). ``own`` is for
        a program's own saved game (the page's restore), and a known deal resumed with
        its ``seed`` is its starter's own (and marked as a known deal anyway): these are
        marked only if their ``Continued`` tag says so."""
        tags, tokens = parse_numbered_record(text)
        variant = tags.get("Variant", DEFAULT_VARIANT)
        try:
            spec_options = load_ruleset(variant).spec.options
            rule_options = {o.engine_name: tags[o.engine_name] for o in spec_options if o.engine_name in tags}
            ruleset = load_ruleset(variant, **rule_options)
        except HdchessError as exc:
            raise RecordError(f"record tags: {exc}") from None
        try:
            game = cls(ruleset, seed=seed, position=tags.get("FEN"))
        except HdchessError as exc:
            raise RecordError(f"the FEN tag: {exc}") from None
        game.tags = {k: v for k, v in tags.items() if k not in DERIVED_TAGS and k not in rule_options}
        game.known_deal = game.known_deal or tags.get("Deal", "").strip().lower() == "known"
        for number, (written, token) in enumerate(tokens, 1):
            try:
                game.replay(token)
            except HdchessError as exc:
                label = shown(token)
                reason = reason_of(exc, label)  # most move errors already start with the move
                # named as the record writes it ("1... zz9"); a record with no move numbers, by its count
                code = "record.move_at" if written else "record.move"
                raise RecordError(Message(code, number=number, written=written, move=label, reason=reason)) from None
        game.assisted = _yes(tags.get("Assisted", ""))
        game.serious = _yes(tags.get("Serious", ""))
        said = tags.get("Continued", "").strip().lower()
        game.continued = bool(said) and said not in ("no", "false", "0")
        result = tags.get("Result", "*")
        if result not in RESULTS:
            raise RecordError(Message("record.bad_result", results=list(RESULTS), text=excerpt(result)))
        termination = TERMINATIONS.get(tags.get("Termination", "").strip())
        forfeits = (Termination.RESIGNATION, Termination.TIME_FORFEIT)
        if termination in forfeits and not game.is_over() and result in ("1-0", "0-1"):
            game.resign(1 if result == "1-0" else 0, termination)
        elif termination is Termination.ADJUDICATED and not game.is_over() and result == "1/2-1/2":
            game.adjudicate_draw()
        replayed = game.outcome.result() if game.outcome else "*"
        if result != "*" and result != replayed:
            raise RecordError(Message("record.result_mismatch", claimed=result, actual=replayed))
        if not own and seed is None and any(move.revealed is not None for move in game.moves):
            game._written_flips = True
            game.continued = game.continued or not game.is_over()
        return game


def _yes(value: str) -> bool:
    return value.strip().lower() in ("yes", "true", "1")


__all__ = ["Game", "PlayedMove"]
