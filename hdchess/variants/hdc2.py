"""Hidden Dragon Chess II (RULES.md section 1): movement and the variant spec."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..attacks import DIAGONAL_SLIDES, KING, KNIGHT, ONE_DIAGONAL, ONE_ORTHOGONAL, ORTHOGONAL_SLIDES, TWO_AWAY
from ..core import ADVISOR, ALL_SQUARES, ARCHER, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, squares
from ..rules import Option, VariantSpec, register_variant

if TYPE_CHECKING:
    from ..state import State

_ORTHO_TABLE, _ORTHO_MASK, _ortho_lookup = (
    ORTHOGONAL_SLIDES.table, ORTHOGONAL_SLIDES.mask, ORTHOGONAL_SLIDES.lookup)
_DIAG_TABLE, _DIAG_MASK, _diag_lookup = (
    DIAGONAL_SLIDES.table, DIAGONAL_SLIDES.mask, DIAGONAL_SLIDES.lookup)


def target_squares(kind: int, sq: int, occupied: int, enemy: int) -> int:
    """Bitboard of the squares a piece of ``kind`` on ``sq`` may move to:
    empty squares it reaches plus revealed enemies it captures."""
    empty = ALL_SQUARES ^ occupied
    if kind in (CHARIOT, CANNON):
        entry = _ORTHO_TABLE[sq].get(occupied & _ORTHO_MASK[sq]) or _ortho_lookup(sq, occupied)
        return entry[0] | (entry[1 if kind == CHARIOT else 2] & enemy)
    if kind == ELEPHANT:
        entry = _DIAG_TABLE[sq].get(occupied & _DIAG_MASK[sq]) or _diag_lookup(sq, occupied)
        return entry[0] | (entry[1] & enemy)
    if kind == HORSE:
        return KNIGHT[sq] & (empty | enemy)
    if kind == GENERAL:
        return KING[sq] & (empty | enemy)
    if kind == ADVISOR:
        return (KING[sq] & empty) | (ONE_DIAGONAL[sq] & enemy)
    if kind == ARCHER:
        return (ONE_ORTHOGONAL[sq] & empty) | (TWO_AWAY[sq] & enemy)
    return ONE_ORTHOGONAL[sq] & (empty | enemy)  # Soldier


def generate_moves(state: State, color: int, out: list[int]) -> None:
    """Append every move (``from << 5 | to``) of ``color``'s revealed pieces."""
    mailbox, occupied = state.mailbox, state.occupied
    enemy = state.colors[color ^ 1]
    append = out.append
    for sq in squares(state.colors[color]):
        targets = target_squares(mailbox[sq] & 7, sq, occupied, enemy)
        if targets:
            base = sq << 5
            for to in squares(targets):
                append(base | to)


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
        movegen=generate_moves,
    )
)
