"""Shared helpers for the engine tests: build a position from a few pieces,
ask where a piece may go, and an independent reference move generator
written straight from the hdc2 rules text (slow and obvious on purpose)."""

from __future__ import annotations

from collections import Counter

from hdchess import load_ruleset, parse_position
from hdchess.core import piece_from_letter, piece_letter
from hdchess.facedown import EMPTY, FACE_DOWN_BOARD, HIDDEN, State
from hdchess.facedown.notation import board_text as _board_text
from hdchess.notation import move_text
from hdchess.vocabulary import NO_SIDE

# The face-down games' board, and its actions, for tests that build them by hand.
BOARD = FACE_DOWN_BOARD
SQUARE_NAMES = BOARD.square_names
parse_square = BOARD.parse_square


def board_text(mailbox) -> str:
    return _board_text(mailbox, BOARD)


def flip(square: str) -> int:
    """The flip of a square, as an action of the face-down games."""
    return parse_square(square) * ((1 << BOARD.square_bits) + 1)


def move(frm: str, to: str) -> int:
    """The move frm-to, as an action of the face-down games."""
    return parse_square(frm) << BOARD.square_bits | parse_square(to)


def is_flip(action: int) -> bool:
    return action >> BOARD.square_bits == action & ((1 << BOARD.square_bits) - 1)


def parse_move_text(text: str, state=None):
    """(action, revealed, separator) of a face-down action's text."""
    state = state or load_ruleset().new_state()
    action, revealed = state.parse_action(text)
    return action, revealed, "x" if "x" in text.strip()[1:] else "-"

# The order in which face-down squares get their pool pieces by default:
# soldiers first, so the pool never decides a test by accident.
_POOL_ORDER = "PpPpPpPpAaAaEeEeHhHhCcCcRrRrWwKk"


def position(pieces: dict[str, str], side: str = "r", pool: str | None = None,
             quiet: int = 0, ply: int = 20, **options) -> State:
    """A position with ``pieces`` (``{"c2": "R", "c3": "x"}``) on an otherwise
    empty board, read through the real parser (so it is checked too).

    ``pool`` defaults to pieces not on the board, soldiers first, one per ``x``.
    """
    mailbox = [EMPTY] * 32
    for name, letter in pieces.items():
        mailbox[parse_square(name)] = HIDDEN if letter == "x" else piece_from_letter(letter)
    ruleset = load_ruleset("hdc2", **options)
    if pool is None:
        left = Counter({piece_letter(p): n for p, n in enumerate(ruleset.initial_pool)})
        left.subtract(piece_letter(c) for c in mailbox if c < HIDDEN)
        chosen = []
        for letter in _POOL_ORDER:
            if len(chosen) < mailbox.count(HIDDEN) and left[letter] > 0:
                chosen.append(letter)
                left[letter] -= 1
        pool = "".join(sorted(chosen)) or "-"
    return parse_position(f"{board_text(mailbox)} {side} {pool} {quiet} {ply}", ruleset)


def destinations(state: State, frm: str) -> set[str]:
    """The squares the piece on ``frm`` may move to or capture on."""
    sq = parse_square(frm)
    return {SQUARE_NAMES[a & 31] for a in state.legal_actions() if a >> 5 == sq and a & 31 != sq}


def captures(state: State, frm: str) -> set[str]:
    """The squares the piece on ``frm`` may capture on."""
    return {to for to in destinations(state, frm) if state.mailbox[parse_square(to)] != EMPTY}


def action_texts(state: State) -> set[str]:
    return {move_text(a, state) for a in state.legal_actions()}


# -- reference move generator -----------------------------------------------------

_ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def reference_actions(state: State) -> set[str]:
    """Every legal action of the side to move as text, straight from the hdc2 rules text."""
    board = {(sq % 8, sq // 8): content for sq, content in enumerate(state.mailbox)}
    actions = {SQUARE_NAMES[sq] for sq, content in enumerate(state.mailbox) if content == HIDDEN}
    if state.side == NO_SIDE:
        return actions
    me = state.side

    def name(f, r):
        return "abcdefgh"[f] + str(r + 1)

    def on_board(f, r):
        return 0 <= f < 8 and 0 <= r < 4

    def empty(f, r):
        return board[f, r] == EMPTY

    def enemy(f, r):  # a revealed piece of the other colour
        return board[f, r] < HIDDEN and board[f, r] // 8 != me

    for (f, r), content in board.items():
        if content >= HIDDEN or content // 8 != me:
            continue
        letter = "KAEHRCPW"[content % 8]
        here = name(f, r)

        def add(tf, tr, capture, here=here):
            actions.add(f"{here}{'x' if capture else '-'}{name(tf, tr)}")

        if letter in "KA":
            for df, dr in _ORTHOGONAL + _DIAGONAL:
                t = (f + df, r + dr)
                if on_board(*t) and empty(*t):
                    add(*t, False)
                elif on_board(*t) and enemy(*t) and (letter == "K" or (df, dr) in _DIAGONAL):
                    add(*t, True)
        elif letter == "H":
            for df, dr in _KNIGHT:
                t = (f + df, r + dr)
                if on_board(*t) and (empty(*t) or enemy(*t)):
                    add(*t, not empty(*t))
        elif letter in "PW":
            for df, dr in _ORTHOGONAL:
                t = (f + df, r + dr)
                if on_board(*t) and empty(*t):
                    add(*t, False)
                elif on_board(*t) and enemy(*t) and letter == "P":
                    add(*t, True)
            if letter == "W":
                for df, dr in _ORTHOGONAL + _DIAGONAL:
                    t = (f + 2 * df, r + 2 * dr)
                    if on_board(*t) and enemy(*t):
                        add(*t, True)
        else:  # sliders: Elephant diagonally, Chariot and Cannon orthogonally
            for df, dr in _DIAGONAL if letter == "E" else _ORTHOGONAL:
                t = (f + df, r + dr)
                while on_board(*t) and empty(*t):
                    add(*t, False)
                    t = (t[0] + df, t[1] + dr)
                if letter == "C" and on_board(*t):  # t is the screen: look beyond it
                    t = (t[0] + df, t[1] + dr)
                    while on_board(*t) and empty(*t):
                        t = (t[0] + df, t[1] + dr)
                if on_board(*t) and enemy(*t):
                    add(*t, True)
    return actions


def counts_consistent(state: State) -> list[str]:
    """Every way the state's fields disagree with each other (empty when sound)."""
    problems = []
    mailbox = state.mailbox
    hidden = sum(1 << sq for sq, c in enumerate(mailbox) if c == HIDDEN)
    red = sum(1 << sq for sq, c in enumerate(mailbox) if c < 8)
    black = sum(1 << sq for sq, c in enumerate(mailbox) if 8 <= c < 16)
    if (state.hidden, state.colors[0], state.colors[1]) != (hidden, red, black):
        problems.append("bitboards disagree with the mailbox")
    if state.occupied != hidden | red | black:
        problems.append("occupied is not hidden | red | black")
    if sum(state.pool) != hidden.bit_count():
        problems.append(f"pool has {sum(state.pool)} pieces, board {hidden.bit_count()} face-down")
    on_board = Counter(c for c in mailbox if c < HIDDEN)
    for piece, count in enumerate(state.ruleset.initial_pool):
        if state.pool[piece] < 0 or on_board[piece] + state.pool[piece] > count:
            problems.append(f"too many {piece_letter(piece)}")
    return problems


def game_snapshot(game, last: bool = False) -> tuple:
    """What a refused input must leave as it was: the position, the history, the record, and what the
    deal turns up next (up to 40 flips played, the first or ``last`` flip each time, then taken back: a
    known deal puts each piece back where it lay)."""
    marks = game.assisted, game.continued
    flips = []
    while not game.is_over() and len(flips) < 40:
        chance = [a for a in game.legal_actions() if game.state.is_chance(a)]
        if not chance:
            break
        flips.append(game.play(chance[-1] if last else chance[0]).text)
    for _ in flips:
        game.undo()
    game.assisted, game.continued = marks
    return game.state.position_text(extended=True), [m.text for m in game.moves], game.record_text(), flips
