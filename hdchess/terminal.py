"""Playing a game at a terminal: the person at the keyboard, the AI that announces its
moves, and the loop that plays them (``hdchess play``)."""

from __future__ import annotations

from dataclasses import dataclass

from .core import COLOR_NAMES, piece_name
from .display import render_board
from .errors import HdchessError
from .game import Game, PlayedMove
from .notation import pv_text, sorted_action_texts
from .players import Choice, Player, Turn, new_player_seed, play_turns
from .rules import GameState
from .vocabulary import NO_SIDE, Action


@dataclass(frozen=True)
class TerminalView:
    """How the board is drawn: Chinese characters or ``letters``, in ``colour`` or not."""

    letters: bool = False
    colour: bool = False

    def board(self, state: GameState, marks: frozenset[int] = frozenset()) -> str:
        return render_board(state, letters=self.letters, colour=self.colour, marks=marks)


_PLAY_COMMANDS = "Commands: moves (list legal actions), hint, undo, resign, record, help, quit."


def play_help(game: Game) -> str:
    """How to type an action: one example of each kind the position has, and where the notation is told."""
    examples: dict[str, str] = {}
    for text in sorted_action_texts(game.state):
        examples.setdefault(game.state.action_info(game.state.parse_action(text)[0]).kind, text)
    chains = [text for text in sorted_action_texts(game.state) if game.state.action_info(
        game.state.parse_action(text)[0]).path]
    if chains:  # banqi's chain captures: one example, and how a chain is typed
        examples["chain of captures: each landing in turn; you may stop after any capture"] = max(chains, key=len)
    shown = ", ".join(f"{text} (a {kind})" for kind, text in examples.items())
    return (f"Type an action in the game's notation{', such as ' + shown if shown else ''}; "
            f"'hdchess rules {game.ruleset.variant}' explains it.\n{_PLAY_COMMANDS}")


def describe_move(entry: PlayedMove) -> str:
    note = " (repetition penalty)" if entry.penalised else ""
    shown = f" revealed {piece_name(entry.revealed)}" if entry.revealed is not None else ""
    return f"{entry.text}{shown}{note}"


def further_captures(state: GameState, action: Action) -> dict[str, Action]:
    """The captures that carry on a chain of captures after ``action`` (banqi's ``chain_captures``), by
    the square each lands on: the legal actions of the same piece one landing longer. Empty when the
    action is no capture or its piece can take nothing more."""
    info = state.action_info(action)
    if info.kind != "capture":
        return {}
    steps = info.path or (info.to,)
    further: dict[str, Action] = {}
    for other in state.legal_actions():
        path = state.action_info(other).path
        if path and len(path) == len(steps) + 1 and path[:-1] == steps and state.action_info(other).frm == info.frm:
            further[path[-1]] = other
    return further


class TerminalPlayer(Player):
    """A person at the keyboard: shown the board, answers with an action or a command."""

    def __init__(self, game: Game, number: int, label: str, view: TerminalView, opponent_is_ai: bool,
                 player_seed: int) -> None:
        self.game, self.number, self.label, self.view = game, number, label, view
        self.opponent_is_ai = opponent_is_ai
        self.player_seed = player_seed
        self.name = label

    def choose(self, turn: Turn) -> Choice:
        game = self.game
        last = game.moves[-1] if game.moves else None
        marks = frozenset() if last is None else frozenset(
            game.state.geometry.square_names.index(name) for name in last.squares if name)
        print()
        print(self.view.board(game.state, marks))
        red, black = game.scores()
        limit = game.ruleset.get("no_progress_plies", 0)
        label = "score" if game.ruleset.decided_by_score else "material"
        note = game.state.public_info().get("note")
        print(f"{label} red {red}, black {black}; quiet {game.state.quiet}/{limit}" + (f"; {note}" if note else ""))
        try:
            line = input(f"{self.label} ({game.describe_turn()})> ").strip()
        except EOFError:
            print()
            return Choice(None, quit=True)
        return self._answer(line)

    def _answer(self, line: str) -> Choice:
        game = self.game
        if not line:
            return Choice(None)
        if line in ("quit", "exit", "q"):
            return Choice(None, quit=True)
        if line in ("help", "?"):
            print(play_help(game))
        elif line == "moves":
            print(" ".join(sorted_action_texts(game.state)))
        elif line == "record":
            print(game.record_text())
        elif line == "hint":
            show_hint(game, self.player_seed)
        elif line == "resign":
            ended = game.resign(game.state.side) if game.state.side != NO_SIDE else None
            print("  you cannot resign before the colours are known" if ended is None else f"  {ended.describe()}")
        elif line == "undo":
            self._undo()
        else:
            try:
                action, outcome = game.parse(line)
                if outcome is not None:
                    raise HdchessError(f"{line}: a flip's result is drawn, not chosen (type the square alone)")
            except HdchessError as exc:
                print(f"  {exc}")
                return Choice(None)
            return Choice(self._carry_on(action))
        return Choice(None)

    def _carry_on(self, action: Action) -> Action:
        """After a capture that may go on (a chain of captures), say where and ask: a square to capture
        next, or Enter to end the turn there. Returns the whole chain chosen, played as one action."""
        state = self.game.state
        while further := further_captures(state, action):
            print(f"  {state.action_text(action)} may capture again on {', '.join(further)}: "
                  "type that square, or press Enter to end the turn here")
            try:
                line = input(f"{self.label} (chain {state.action_text(action)})> ").strip()
            except EOFError:
                print()
                break
            if not line:
                break
            if line in further:
                action = further[line]
            else:
                print(f"  {line}: the piece cannot capture there next; type one of {', '.join(further)}, or Enter")
        return action

    def _undo(self) -> None:
        """Take back the last action; against the AI, back to this player's turn."""
        game = self.game
        try:
            game.undo()
            while self.opponent_is_ai and game.moves and game.turn_player() != self.number:
                game.undo()
        except HdchessError as exc:
            print(f"  {exc}")


class AnnouncedPlayer(Player):
    """The AI in a terminal game: says it is thinking, then plays."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = f"hdchess {inner.name}"

    def choose(self, turn: Turn) -> Choice:
        print(f"{self.name} is thinking...", flush=True)
        return self.inner.choose(turn)


def show_hint(game: Game, player_seed: int) -> None:
    from .ai.decision import hint
    from .players import make_turn

    game.assisted = True
    turn = make_turn(game, player_seed)
    result = hint(turn.state, seed=turn.seed)
    line = " ".join(pv_text(game.state, result.pv))
    print(f"  hint: {game.state.action_text(result.action)} (eval {round(result.score, 2) + 0.0:+.2f}; line {line})")


def play_in_terminal(game: Game, view: TerminalView, ai_level: str | None, ai_opens: bool = False,
                     threads: int = 1) -> int:
    """Play ``game`` at the keyboard: against the AI at ``ai_level`` (it opens with ``ai_opens``,
    a level that thinks by time searches with ``threads`` processes), or, with no level, two
    people taking turns. Returns the exit status."""
    player_seed = new_player_seed()
    players: dict[int, Player] = {}
    if ai_level is None:
        for number in (1, 2):
            players[number] = TerminalPlayer(game, number, f"player {number}", view, False, player_seed)
            game.tags[f"Player{number}"] = f"Player {number}"
    else:
        from .players import LevelPlayer

        ai_number = 1 if ai_opens else 2
        players[ai_number] = AnnouncedPlayer(LevelPlayer(ai_level, threads=threads))
        players[3 - ai_number] = TerminalPlayer(game, 3 - ai_number, "you", view, True, player_seed)
        game.tags.update({f"Player{ai_number}": players[ai_number].name, f"Player{3 - ai_number}": "You"})
    print(f"{game.ruleset.spec.title}. {play_help(game)}")
    if ai_level is not None:
        ai = players[1 if ai_opens else 2]
        print(f"You play {'second' if ai_opens else 'first'} against {ai.name}."
              + (" This is a known deal (--seed): its flips can be predicted." if game.known_deal else ""))

    def announce(entry: PlayedMove, choice: Choice, number: int) -> None:
        if isinstance(players[number], TerminalPlayer):
            print(f"  {describe_move(entry)}")
        else:
            detail = f"  [{choice.detail}]" if choice.detail else ""
            print(f"  {players[number].name} plays {describe_move(entry)}{detail}")

    if not play_turns(game, players, {1: player_seed, 2: player_seed}, on_move=announce):
        return 0
    print()
    print(view.board(game.state))
    outcome = game.outcome
    assert outcome is not None, "the turns ended without a player quitting: the game is over"
    print(f"Game over: {outcome.describe()}")
    for color in (0, 1):
        player = 1 if game.player_color(1) == color else 2
        name = game.tags.get(f"Player{player}", f"player {player}")
        penalty = f" (penalties -{outcome.penalties[color]})" if outcome.by_score else ""
        label = "score" if outcome.by_score else "material left"
        print(f"  {name} ({COLOR_NAMES[color]}): {label} {outcome.scores[color]}{penalty}")
    return 0
