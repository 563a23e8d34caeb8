"""What the page shows of a game, as plain data: pure functions of the game.

The view holds the board's shape and every square's content, the legal
actions with what each does, the scores, the record: the page computes no
rule, for any game. Nothing here keeps state or tells where a face-down piece
lies (the referee draws each flip when it happens).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import cast

from ..core import COLOR_NAMES, piece_letter
from ..game import Game, PlayedMove
from ..messages import Message
from ..rules import GameState
from ..vocabulary import NO_SIDE, Action
from .contract import BoardShape, BoardView, Color, Frame, Frames, LastMove, LegalMove, Move, View


def color_name(color: int | None) -> Color | None:
    return None if color is None or color == NO_SIDE else cast(Color, COLOR_NAMES[color])


def _letter(piece: int | None) -> str | None:
    return None if piece is None else piece_letter(piece)


def has_penalty(game: Game) -> bool:
    """Does the game's ruleset cost points for moving straight back? Only then is a move penalised."""
    return int(game.ruleset.get("repetition_penalty", 0) or 0) > 0


def _top(content: str | None) -> str | None:
    """The top piece of a square's content (None on an empty or face-down square)."""
    return content[-1] if content and content != "x" else None


MovePieces = tuple[str | None, str | None, str | None, tuple[str | None, ...]]


def move_dict(game: Game, move: PlayedMove, index: int, pieces: MovePieces = (None, None, None, ())) -> Move:
    """One action of the game's move list (``index`` from 0) as the page lists it. ``pieces`` are what
    left the start square (a piece, or a stack's moving part bottom to top, its mover last), for a
    swap what came to it, and the piece on top of the destination before the move: the page writes
    the move in piece characters without knowing any rule. A capture names its victim, the one
    taken off the board or, where a capture covers (Cheight), the one covered, as a hint does. A chain
    of captures (banqi's house rule) adds its ``path``, the landing squares, and its ``victims`` on them."""
    covered = pieces[2] if move.kind == "capture" else None
    entry: Move = {"ply": game.start_ply + index + 1, "text": move.text, "color": color_name(move.color),
                   "player": move.player, "kind": move.kind, "from": move.squares[0], "to": move.squares[1],
                   "revealed": _letter(move.revealed), "captured": _letter(move.captured) or covered,
                   "penalised": move.penalised and has_penalty(game), "piece": pieces[0], "swapped": pieces[1]}
    if move.path:
        entry["path"] = list(move.path)
    if pieces[3]:
        entry["victims"] = list(pieces[3])
    return entry


def moving_pieces(game: Game) -> list[MovePieces]:
    """For each action of the game: the letters that left its start square (None for a flip), the
    letters that came to it (a swap's other piece; else None), and the top piece of its destination
    before it (None on an empty or face-down square), and for a chain of captures the top pieces of
    its landing squares before it."""
    out: list[MovePieces] = []
    names = None
    before: str | None = None
    target: str | None = None
    victims: tuple[str | None, ...] = ()
    for index, state in enumerate(states(game)):
        if names is None:
            names = {name: sq for sq, name in enumerate(state.geometry.square_names)}
        if index > 0:
            move = game.moves[index - 1]
            after = state.square_text(names[move.squares[0]]) or ""
            start = before or ""
            top = _top(target)
            if move.squares[0] == move.squares[1] or start == "x":
                out.append((None, None, None, ()))
            else:
                common = 0
                while common < min(len(start), len(after)) and start[common] == after[common]:
                    common += 1
                out.append((start[common:] or None, after[common:] or None, top, victims))
        if index < len(game.moves):
            frm, to = game.moves[index].squares
            before, target = state.square_text(names[frm]), state.square_text(names[to])
            victims = tuple(_top(state.square_text(names[sq])) for sq in game.moves[index].path)
    return out


def states(game: Game) -> Iterator[GameState]:
    """The game's positions from its start, one per action: the state before each action, then the last.

    One state is replayed in place: take what you need of each before asking for the next.
    """
    ruleset = game.ruleset
    state = ruleset.read_position(game.start_position) if game.start_position else ruleset.new_state()
    yield state
    for move in game.moves:
        state.push(move.action, move.revealed)
        yield state


def board_shape(state: GameState) -> BoardShape:
    """The board's files x ranks and its square names, as a view gives them."""
    geometry = state.geometry
    return {"files": geometry.files, "ranks": geometry.ranks, "names": list(geometry.square_names)}


def squares_of(state: GameState) -> dict[str, str | None]:
    """Each square's content by name, as a view gives it."""
    return {name: state.square_text(sq) for sq, name in enumerate(state.geometry.square_names)}


def last_move(move: PlayedMove) -> LastMove:
    """The move that led to a position, as the board marks and animates it."""
    marked: LastMove = {"from": move.squares[0], "to": move.squares[1], "kind": move.kind}
    if move.path:
        marked["path"] = list(move.path)  # a chain's landings
    return marked


def board_view(game: Game, state: GameState, moves: list[PlayedMove], final: bool) -> BoardView:
    """What the board and its panels show of one position after ``moves`` (``final``: the game's
    last, whose outcome may be a resignation). ``note``, when the game has one to tell, is a
    message ``{code, params, text}``: a pending promotion."""
    last = moves[-1] if moves else None
    outcome = game.outcome if final else state.outcome()
    # The family's public facts (pool, captures, quiet count, a note) are its own dict: the contract's
    # BoardView names them, and the tests check every view given against it.
    return cast(BoardView, {
        "board": board_shape(state),
        "squares": squares_of(state),
        "ply": state.ply,
        "side": color_name(state.side),
        "turn_player": 1 if state.side == NO_SIDE or state.side == state.player_color(1) else 2,
        "player_colors": {p: color_name(state.player_color(int(p))) for p in ("1", "2")},
        "scores": {"red": state.score(0), "black": state.score(1)},
        "last_move": None if last is None else last_move(last),
        "outcome": None if outcome is None else {
            "termination": outcome.termination.value,
            "winner": color_name(outcome.winner),
            "scores": {"red": outcome.scores[0], "black": outcome.scores[1]},
            "penalties": {"red": outcome.penalties[0], "black": outcome.penalties[1]},
            "by_score": outcome.by_score,
            "result": outcome.result(),
            "text": outcome.describe(),
        },
        **{key: value.as_dict() if isinstance(value, Message) else value
           for key, value in state.public_info().items()},  # a note, worded by the page from its code
    })


def position_at(game: Game, ply: int) -> BoardView:
    """The board and panels after ``ply`` actions of the game (0: its start), for replay."""
    for index, state in enumerate(states(game)):
        if index == ply:
            return board_view(game, state, game.moves[:ply], final=ply == len(game.moves))
    raise ValueError(f"the game has no ply {ply}")


def frames(game: Game) -> Frames:
    """Each position of the game from its start (one per action, then the last): its squares and the move
    that led there, in one pass (``position_at`` for each ply would replay the game once per ply)."""
    out: list[Frame] = [{"squares": squares_of(state), "last_move": last_move(game.moves[index - 1]) if index else None}
                        for index, state in enumerate(states(game))]
    return {"board": board_shape(game.state), "frames": out}


MovesByStart = dict[str, list[LegalMove]]


def legal_entries(game: Game, state: GameState, actions: Iterable[Action]) -> tuple[list[str], MovesByStart]:
    """``actions`` of ``state`` as the page offers them: the squares to flip, and the moves by their start
    square (each with its details; ``penalised`` only where the game's rules have a repetition penalty)."""
    flips: list[str] = []
    moves: MovesByStart = {}
    penalty = has_penalty(game)
    for action in actions:
        info = state.action_info(action)
        if info.kind == "flip":
            flips.append(info.to)
        else:
            entry: LegalMove = {"move": info.text, "from": info.frm, "to": info.to, "kind": info.kind,
                                "capture": info.kind == "capture", "penalised": info.penalised and penalty}
            if info.choice is not None:
                entry["choice"] = info.choice
            if info.carry is not None:
                entry["carry"] = info.carry
            if info.height is not None:
                entry["height"] = info.height
            if info.loses:
                entry["loses"] = True
            if info.path is not None:
                entry["path"] = list(info.path)
            moves.setdefault(info.frm, []).append(entry)
    return flips, moves


def view(game: Game, players: dict[str, str], level: str) -> View:
    """Everything the page shows of ``game``, played by ``players`` (an AI at ``level``)."""
    state, ruleset = game.state, game.ruleset
    flips, moves = legal_entries(game, state, game.legal_actions())
    turn_player = game.turn_player()
    pieces = moving_pieces(game)
    return {
        **board_view(game, state, game.moves, final=True),
        "variant": ruleset.variant,
        "title": ruleset.spec.title,
        "options": dict(ruleset.settings),
        "decided_by_score": ruleset.decided_by_score,
        "position": state.position_text(),
        "start_ply": game.start_ply,
        "turn_player": turn_player,
        "players": dict(players),
        "names": {p: game.tags.get(f"Player{p}", f"Player {p}") for p in ("1", "2")},
        "level": level,
        "ai_turn": game.outcome is None and players[str(turn_player)] == "ai",
        "legal": {"flips": flips, "moves": moves},
        "moves": [move_dict(game, m, i, pieces[i]) for i, m in enumerate(game.moves)],
        "assisted": game.assisted,
        "known_deal": game.known_deal,
        "serious": game.serious,
        "continued": game.continued,
        "record": game.record_text(),
    }


__all__ = ["board_view", "color_name", "frames", "has_penalty", "last_move", "move_dict", "moving_pieces",
           "position_at", "states", "view"]
