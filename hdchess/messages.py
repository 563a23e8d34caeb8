"""The catalog of messages a player meets: each is a *code* and its parameters.

A :class:`Message` is the English text (a ``str``, so it goes wherever text
goes) that also carries its ``code`` and ``params``, so a user interface in
another language can word it from its own template for the code (the web
page has one per code; an unknown code falls back to the English text).

Parameters are plain values a translation can render in its own words:
square names, numbers, piece letters (a name ending in ``kind`` is shown as
the kind, "Chariot"; one ending in ``piece`` as the piece, "red Chariot"; a
number named ``...pieces`` as "2 pieces";
upper case red, lower case black), colour names (``color``; one ending in ``side`` is the side that
acts, "Black"), a termination
(``termination``), lists (joined with commas) and other Messages.

>>> reason = Message("move.blocked", kind="R", sq="c2", blocker="f2")
>>> reason
'the Chariot on c2 is blocked by f2'
>>> reason.code, reason.params
('move.blocked', {'kind': 'R', 'sq': 'c2', 'blocker': 'f2'})
>>> Message("move.refused", move="c2-g2", reason=reason)
'c2-g2: the Chariot on c2 is blocked by f2'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .core import COLOR_NAMES, KIND_LETTERS, KIND_NAMES, piece_from_letter, piece_name

TEMPLATES: dict[str, str] = {
    # an action that is refused, and why ({reason} is another message)
    "move.refused": "{move}: {reason}",
    "record.move": "move {number} ({move}): {reason}",
    "record.move_at": "at {written} {move} in the record: {reason}",
    # reading moves
    "square.unknown": "{text} is not a square (files a-{last_file}, ranks 1-{ranks})",
    "move.empty": "an empty string is not a move (c2 flips, c2-c3 moves, c2xc3 captures)",
    "move.not_a_move": "{text} is not a move (c2 flips, c2-c3 moves, c2xc3 captures)",
    "move.two_squares": "a move needs two squares, such as c2-c3 or c2xc3",
    "move.same_square": "a move must go to another square",
    "piece.not_a_letter": "{letter} is not a piece letter",
    "capture.nothing": "there is nothing to capture on {sq}",
    "move.reveals_nothing": "only a flip or a blind capture reveals a piece",
    "flip.none_left": "no {piece} is left face-down",
    "flip.drawn": "a flip's result is drawn, not chosen (play the square alone; results are given only when "
                  "replaying a record)",
    # the game's state
    "game.over": "the game is over ({outcome})",
    "game.already_over": "the game is already over ({outcome})",
    "outcome.wins_score": "{color} wins {red}-{black} ({termination})",
    "outcome.draw_score": "draw {red}-{black} ({termination})",
    "outcome.wins": "{color} wins ({termination})",
    "outcome.draw": "draw ({termination})",
    "undo.none": "there is no move to undo",
    "undo.player_none": "player {player} has no move to undo",
    "undo.serious": "this is a serious game: undo is off (an undo would let a flip be drawn again)",
    "hint.serious": "this is a serious game: no hint or analysis from the AI before it ends",
    "resign.no_colour": "nobody has a colour yet: a game can be resigned once the first piece is flipped",
    "resign.unknown_colour": "only a player whose colour is known can resign",
    # why an action is illegal (face-down games)
    "flip.empty": "only a face-down piece can be flipped; {sq} is empty",
    "flip.face_up": "only a face-down piece can be flipped; {sq} holds a face-up {piece}",
    "move.no_piece": "there is no piece on {sq}",
    "move.face_down": "the piece on {sq} is face-down; flip it first",
    "move.opening_flip": "the game opens with a flip",
    "move.not_yours": "the {piece} on {sq} is not yours ({color} to move)",
    "piece.not_yours": "the piece on {sq} is not yours ({color} to move)",
    "piece.no_move": "the piece on {sq} has no legal move",
    "move.own_target": "{to} holds your own {target_kind}",
    "capture.face_down": "the piece on {to} is face-down, and face-down pieces cannot be captured",
    "move.only_line": "the {kind} on {sq} moves only along a rank or file",
    "move.only_diagonal": "the {kind} on {sq} moves only diagonally",
    "cannon.no_screen": "the {kind} on {sq} captures by jumping exactly one piece, and there is none between "
                        "{sq} and {to}",
    "cannon.screens": "the {kind} on {sq} captures by jumping exactly one piece, not {count} ({squares})",
    "move.blocked": "the {kind} on {sq} is blocked by {blocker}",
    "piece.any_direction": "the {kind} on {sq} moves one square in any direction",
    "piece.one_line": "the {kind} on {sq} moves one square along a rank or file",
    "piece.one_diagonal": "the {kind} on {sq} moves one square diagonally",
    "horse.l": "the {kind} on {sq} moves in an L: two squares one way and one to the side",
    "advisor.capture": "the {kind} on {sq} captures only one square diagonally",
    "archer.capture": "the {kind} on {sq} captures only by shooting exactly two squares away",
    "move.unreachable": "the {kind} on {sq} cannot reach {to}",
    # banqi
    "banqi.cannon_move": "the {kind} on {sq} moves one square along a rank or file (it jumps only to capture)",
    "banqi.cannon_adjacent": "the {kind} on {sq} captures only by jumping exactly one piece, never the piece "
                             "next to it",
    "banqi.moves_one": "the {kind} on {sq} moves only one square along a rank or file",
    "banqi.captures_one": "the {kind} on {sq} captures only one square along a rank or file",
    "banqi.general_soldier": "the {kind} on {sq} cannot capture a Soldier: the exception to the rank order",
    "banqi.ranks_lower": "the {kind} on {sq} cannot capture the {victim_kind}: it ranks lower",
    "banqi.charge_blocked": "the {kind} on {sq} cannot charge past {blocker}: a charge crosses only empty squares",
    # a chain of captures (banqi's house rule chain_captures)
    "chain.off": "one capture a turn: a chain of captures is played only with the house rule Chain captures",
    "chain.step": "after {done}, {reason}",
    "chain.capture_only": "a chain goes on only by capturing, and there is nothing to capture on {to}",
    # gaiqi
    "gaiqi.chase": "the {kind} on {sq} has checked the General on each of your last {count} turns: the chase rule "
                   "forbids it a fourth check in a row",
    "gaiqi.leg_blocked": "the {kind} on {sq} cannot reach {to}: its leg at {leg} is blocked",
    "gaiqi.eye_blocked": "the {kind} on {sq} cannot reach {to}: its eye at {leg} is blocked",
    "gaiqi.horse": "the {kind} on {sq} moves one square along a rank or file, then one diagonally outward",
    "gaiqi.elephant": "the {kind} on {sq} moves exactly two squares diagonally",
    # cheight (stacks)
    "stack.empty_action": "an empty string is not an action (a2-a3 moves, a1xa5 captures, b2-c3+1 carries one piece, "
                          "a8=c1^0 swaps)",
    "stack.not_an_action": "{text} is not an action (a2-a3 moves, a1xa5 captures, b2-c3+1 carries one piece, "
                           "a8=c1^0 swaps)",
    "swap.needs_height": "a swap names the square and the height of the chosen piece, such as a8=c1^0",
    "stack.nothing_to_capture": "{sq} has no enemy piece on top to capture (write a move as a2-a3)",
    "stack.general_covered": "the game is over: the {color} General is covered",
    "stack.promotion_pending": "{side} must swap the Soldier on {sq} with one of its pieces, then {next_side} moves",
    "stack.swap_first": "{color} must first swap the Soldier on {sq} (a promotion), before any move",
    "swap.none_pending": "no promotion is pending: a swap follows a Soldier reaching its end rank",
    "swap.wrong_soldier": "the Soldier to swap is the one on {sq}, not a piece on {other}",
    "swap.no_height": "{sq} holds {pieces}, so there is no piece at height {height} "
                      "(heights count from 0 at the bottom)",
    "swap.not_own": "the piece at {sq}^{height} is the {piece}: a Soldier swaps only with a piece of its own side",
    "swap.soldier": "the piece at {sq}^{height} is a Soldier: a Soldier swaps with a piece that is not a Soldier",
    "swap.end_rank_top": "the {piece} on {sq} is the top of a stack on {color}'s end rank (rank {rank}), which "
                         "cannot take part in a swap",
    "swap.cannot": "{sq}^{height} cannot take part in this swap",
    "stack.not_yours": "the {piece} on top of {sq} is not yours ({color} to move)",
    "carry.not_advisor": "only an Advisor carries pieces; the {kind} on {sq} cannot carry {count}",
    "carry.too_many": "the {kind} on {sq} has {below_pieces} below it, so it cannot carry {count}",
    "stack.own_high": "{to} holds {pieces} topped by your own {target_kind}; the {kind} on {sq} stands on "
                      "a stack of {height} and may stop on its own piece only on a lower stack",
    "stack.king_takes_king": "the {kind} on {sq} may not move onto the other General (king_takes_king is no "
                             "on this board)",
    "stack.covers_own_general": "that would cover your own General: the {kind} on {sq} may not move onto {to} "
                                "(suicide is prevented in this game)",
    "stack.soldier_forward": "the {kind} on {sq} moves one square straight forward (toward rank {rank})",
    "stack.leg_blocked": "the {kind} on {sq} is blocked at its leg {leg}, which holds {pieces}: as high "
                         "as the Horse's own stack of {height}",
    "stack.blocked": "the {kind} on {sq} is blocked by {blocker}, which holds {pieces}: as high as its "
                     "own stack of {height}",
    "stack.cannon_screen": "the {kind} on {sq} cannot stop on {to}: the first stack as high as the Cannon is its "
                           "screen, and it never ends on its screen",
    "stack.cannon_flies": "the {kind} on {sq} cannot stop on the lower enemy stack {to}: before a screen it flies "
                          "over enemy pieces, and it captures only beyond a screen",
    "stack.cannon_beyond": "the {kind} on {sq} is blocked by {blocker}: beyond its screen {screen} it reaches only "
                           "up to the next stack as high as itself",
    "stack.cannon_no_enemy": "beyond its screen {screen}, the {kind} on {sq} only captures, and {to} has no enemy "
                             "on top",
    # records
    "record.empty": "the game record is empty",
    "record.result_mismatch": "the record says {claimed} but its moves give {actual}",
    "record.unclosed_comment": "a comment {{ ... }} is not closed",
    "record.bad_tag": "line {line}: a tag must look like [Name \"value\"], not {text}",
    "record.bad_result": "the Result tag must be one of {results}, not {text}",
    # numbers (rule options, seeds)
    "number.not_whole": "{name} must be a whole number, not {text}",
    "number.too_small": "{name} must be at least {minimum}, not {number}",
    "number.too_large": "{name} must be at most {maximum}, not {number}",
    "option.not_a_choice": "{name} must be one of {choices}, not {text}",
    # remote play (hdchess/remote): a peer's message refused, a peer caught lying, the canned lines
    "remote.refused": "the peer's message was refused: {reason}",
    "remote.cheat": "the peer was caught: {reason}",
    "remote.not_json": "it is not valid JSON",
    "remote.too_long": "it is longer than {limit} characters",
    "remote.not_object": "it is not a message object",
    "remote.bad_version": "it speaks protocol version {version}, this side speaks {expected}",
    "remote.bad_field": "its field {field} is missing or wrong",
    "remote.unknown_type": "{type} is not a kind of message",
    "remote.repeated": "message {seq} was already received",
    "remote.out_of_order": "message {seq} came before message {expected}",
    "remote.unexpected": "a {type} message is not expected now",
    "remote.other_game": "it belongs to another game",
    "remote.out_of_turn": "it plays {move} when it is not its turn",
    "remote.illegal_move": "it played an illegal move: {reason}",
    "remote.no_partial": "it flipped {sq} without its partial decryption",
    "remote.false_partial": "its partial decryption for {sq} opens no card of the deck",
    "remote.card_again": "its partial decryption for {sq} opens a card already revealed",
    "remote.deck_size": "its deck holds {count} cards, not {cards}",
    "remote.deck_repeat": "two cards of its deck are the same",
    "remote.deck_member": "a card of its deck is not a quadratic residue of the group (it could mark a card)",
    "remote.shuffle": "its shuffle is not the deck it was given: a card was swapped or changed",
    "remote.host_deck": "its first deck is not the game's pieces under its key",
    "remote.rekey": "its key for the card on {sq} does not fit the deck it sent",
    "remote.partial_mismatch": "its partial decryption for {sq} is not the card on {sq} under its key",
    "remote.bad_keys": "its published keys are not keys of the group",
    "remote.commit": "its nonce does not open its commitment",
    "remote.replay": "move {number} ({move}) does not replay: {reason}",
    "remote.ending": "it claims an ending the game does not have: {reason}",
    "remote.bad_settings": "the game it asks for cannot be played: {reason}",
    "remote.verified": "the whole game checks out: every shuffle, flip and move",
    "remote.peer_clock": "the peer still has {seconds} s on its clock",
    "remote.abandon_wait": "the game can be claimed as abandoned after {seconds} more seconds with no answer",
    "remote.nothing_owed": "the peer owes no move or reply",
    "remote.not_my_turn": "it is the peer's turn",
    "remote.pending": "waiting for the peer's reply to {move}",
    "remote.no_offer": "there is no offer to answer",
    "remote.offer_open": "an offer is already open",
    "remote.offer_waiting": "your offer waits for its answer: no move until it comes",
    "remote.offer_crossed": "the peer's offer crossed your move, and has lapsed",
    "remote.offers_crossed": "your offer and the peer's crossed: both are withdrawn",
    "remote.no_takeback": "there is no move of yours to take back",
    "remote.unknown_line": "{line} is not a canned line",
    "remote.not_playing": "the game is not being played now",
    "remote.resume_behind": "it holds {received} messages of this side, which has only {sent}: this side's saved "
                            "state is older than what it sent (a page must save before it sends)",
    "remote.resume_again": "this connection's resume was already answered",
    "remote.clock_not_agreed": "its clock ({clock}) is not the one you accepted ({agreed})",
    "remote.time_grace": "the peer's clock has run out here; the claim comes in {seconds} s, once it is out on "
                         "the peer's side too",
    "remote.my_time_up": "your time is up: the peer may claim the game",
    "remote.bad_save": "the saved remote game cannot be resumed: its field {field} is missing or wrong",
    "remote.no_session": "there is no remote game: host or join one first",
    "remote.draw_offered": "the peer offers a draw",
    "remote.takeback_asked": "the peer asks to take back its last move",
    "remote.rematch_offered": "the peer offers a rematch, sides swapped",
    "remote.rematch_not_over": "a rematch is offered once the game is over and checked",
    "remote.rematch_not_agreed": "its new game ({game}) is not the rematch you accepted ({agreed})",
    "remote.accepted": "the peer accepted",
    "remote.declined": "the peer declined",
    "remote.line.hello": "Hello!",
    "remote.line.good_luck": "Good luck!",
    "remote.line.your_move": "Your move.",
    "remote.line.wait": "One moment, please.",
    "remote.line.thanks": "Thanks!",
    "remote.line.sorry": "Sorry!",
    "remote.line.well_played": "Well played!",
    "remote.line.good_game": "Good game!",
}


def _render(name: str, value: Any) -> str:
    """One parameter in English."""
    if isinstance(value, (list, tuple)):
        return ", ".join(_render(name, v) for v in value)
    if name.endswith("side") and value in COLOR_NAMES:  # a side that acts: "Black moves", not "black moves"
        return str(value).capitalize()
    if name.endswith("pieces") and isinstance(value, int):
        return f"{value} piece" if value == 1 else f"{value} pieces"
    if isinstance(value, str) and not isinstance(value, Message) and len(value) == 1:
        if name.endswith("kind") and value.upper() in KIND_LETTERS:
            return KIND_NAMES[KIND_LETTERS.index(value.upper())]
        if name.endswith("piece"):
            try:
                return piece_name(piece_from_letter(value))
            except ValueError:
                pass
    return str(value)


def _rebuild(code: str, params: dict[str, Any]) -> Message:
    return Message(code, **params)


class Message(str):
    """A player-facing message: the English text, with its ``code`` and ``params``."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, **params: Any) -> Message:
        template = TEMPLATES[code]
        text = template.format(**{name: _render(name, value) for name, value in params.items()})
        message = super().__new__(cls, text)
        message.code, message.params = code, params
        return message

    def __reduce__(self) -> tuple[Callable[[str, dict[str, Any]], Message], tuple[str, dict[str, Any]]]:
        # pickled (to match workers) as its code and params
        return _rebuild, (self.code, self.params)

    def as_dict(self) -> dict[str, Any]:
        """``{code, params, text}`` as JSON can carry it."""
        return {"code": self.code, "params": jsonable(self.params), "text": str(self)}


def jsonable(params: dict[str, Any] | None) -> dict[str, Any] | None:
    """Parameters for JSON: nested messages become ``{code, params, text}``."""
    if params is None:
        return None

    def convert(value: Any) -> Any:
        if isinstance(value, Message):
            return value.as_dict()
        if isinstance(value, (list, tuple)):
            return [convert(v) for v in value]
        if value is None or isinstance(value, (bool, int, float)):
            return value
        return str(value)

    return {name: convert(value) for name, value in params.items()}


def reason_of(error: Exception, move: str) -> Any:
    """The reason of an error about ``move``, without the move in front (a Message when it has a code)."""
    code, params = getattr(error, "code", None), getattr(error, "params", None) or {}
    if code == "move.refused" and params.get("move") == move:
        return params["reason"]
    text = str(error)
    if text.startswith(f"{move}: "):
        return text.removeprefix(f"{move}: ")
    message = error.args[0] if error.args else text
    return message if isinstance(message, Message) else text


__all__ = ["TEMPLATES", "Message", "jsonable", "reason_of"]
