"""Hidden Dragon Chess II (RULES.md section 1): movement and the variant spec."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..attacks import DIAGONAL_SLIDES, KING, KNIGHT, ONE_DIAGONAL, ONE_ORTHOGONAL, ORTHOGONAL_SLIDES, TWO_AWAY
from ..core import ALL_SQUARES, squares
from ..movegen import ACTIONS_CACHE, actions_to
from ..rules import Option, VariantSpec, register_variant

if TYPE_CHECKING:
    from ..state import State

# Per kind (K A E H R C P W): the leaper tables for moves to empty squares and
# for captures, or for sliders (None there) the slider family and which entry
# of its look-up holds the capturable pieces (1: first piece met, 2: beyond a screen).
_MOVES = (KING, KING, None, KNIGHT, None, None, ONE_ORTHOGONAL, ONE_ORTHOGONAL)
_CAPTURES = (KING, ONE_DIAGONAL, None, KNIGHT, None, None, ONE_ORTHOGONAL, TWO_AWAY)
_SLIDES = (None, None, (DIAGONAL_SLIDES, 1), None, (ORTHOGONAL_SLIDES, 1), (ORTHOGONAL_SLIDES, 2), None, None)
_SLIDE_PARTS = tuple(
    None if s is None else (s[0].table, s[0].mask, s[0].lookup, s[1]) for s in _SLIDES
)


def target_squares(kind: int, sq: int, occupied: int, enemy: int) -> int:
    """Bitboard of the squares a piece of ``kind`` on ``sq`` may move to:
    empty squares it reaches plus revealed enemies it captures."""
    moves = _MOVES[kind]
    if moves is not None:
        return (moves[sq] & ~occupied) | (_CAPTURES[kind][sq] & enemy)
    table, mask, lookup, which = _SLIDE_PARTS[kind]
    entry = table[sq].get(occupied & mask[sq]) or lookup(sq, occupied)
    return entry[0] | (entry[which] & enemy)


def scan_moves(state: State, color: int, out: list[int] | None) -> tuple[int, int]:
    """Append every move (``from << 5 | to``) of ``color``'s revealed pieces to
    ``out`` (unless it is None), and return (number of moves, bitboard of the
    enemy pieces they capture): the move generator and the evaluation's
    mobility and threat count share this one loop.

    The body is :func:`target_squares` inlined: this is the engine's hot loop.
    """
    mailbox, occupied = state.mailbox, state.occupied
    empty = ALL_SQUARES ^ occupied
    enemy = state.colors[color ^ 1]
    moves_by_kind, captures_by_kind, slides_by_kind = _MOVES, _CAPTURES, _SLIDE_PARTS
    cached = ACTIONS_CACHE.get
    count = captured = 0
    for sq in squares(state.colors[color]):
        kind = mailbox[sq] & 7
        moves = moves_by_kind[kind]
        if moves is not None:
            targets = (moves[sq] & empty) | (captures_by_kind[kind][sq] & enemy)
        else:
            table, mask, lookup, which = slides_by_kind[kind]
            entry = table[sq].get(occupied & mask[sq]) or lookup(sq, occupied)
            targets = entry[0] | (entry[which] & enemy)
        if targets:
            count += targets.bit_count()
            captured |= targets & enemy
            if out is not None:
                out += cached(sq << 32 | targets) or actions_to(sq, targets)
    return count, captured


SPEC = register_variant(
    VariantSpec(
        name="hdc2",
        title="Hidden Dragon Chess II",
        summary=(
            "32 face-down pieces fill a 4x8 board; flip a piece or move one of yours. "
            "Any piece captures any revealed enemy; the Archer shoots two squares away. "
            "When the side to move has no action, the higher score on the board wins."
        ),
        #        K  A  E  H  R  C  P  W
        counts=(1, 2, 2, 2, 2, 2, 4, 1),
        score_tables={
            "official": (10, 2, 2, 4, 9, 5, 1, 3),
            "alt": (10, 4, 5, 7, 12, 8, 3, 6),
        },
        options=(
            Option("scoring", "Scoring", "official",
                   "score table: official (seed 002) or alt (older README, seed 000)",
                   choices=("official", "alt")),
            Option("first_flip", "FirstFlip", "opponent",
                   "who takes the colour of the first flipped piece: the opponent "
                   "(official rulebook) or the flipper (the READMEs)",
                   choices=("opponent", "self")),
            Option("repetition_penalty", "RepetitionPenalty", 1,
                   "points lost for moving a piece straight back to the square it left "
                   "on your previous turn (0 turns it off)"),
            Option("no_progress_plies", "NoProgressPlies", 40,
                   "plies with no flip and no capture that end the game (0 turns it off)"),
        ),
        movegen=scan_moves,
        scan=scan_moves,
    )
)
