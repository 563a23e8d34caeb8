"""Hidden Dragon Chess II: movement and the variant spec (rules text: ``hdchess rules hdc2``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import ActionTables
from ..attacks import diagonal_slides, orthogonal_slides
from ..facedown import FACE_DOWN_BOARD, Movement, State, make_knowledge
from ..geometry import DIAGONAL, KING_STEPS, KNIGHT_STEPS, ORTHOGONAL, Geometry
from ..rules import Option, VariantSpec

if TYPE_CHECKING:
    from ..facedown.position import Position as FaceDownState


def movement(geometry: Geometry) -> Movement:
    """hdc2's pieces on ``geometry``: any piece captures any revealed enemy; the
    Advisor captures diagonally only, the Archer shoots two squares away, the
    Cannon jumps one screen."""
    king, knight = geometry.steps(KING_STEPS), geometry.steps(KNIGHT_STEPS)
    one_orthogonal, one_diagonal = geometry.steps(ORTHOGONAL), geometry.steps(DIAGONAL)
    two_away = geometry.steps(tuple((2 * df, 2 * dr) for df, dr in KING_STEPS))
    orthogonal, diagonal = orthogonal_slides(geometry), diagonal_slides(geometry)
    # Per kind (K A E H R C P W): the leaper tables for moves to empty squares and
    # for captures, or for sliders (None there) the slider table and which entry
    # of its look-up holds the capturable pieces (1: first piece met, 2: beyond a screen).
    moves_by_kind = (king, king, None, knight, None, None, one_orthogonal, one_orthogonal)
    captures_by_kind = (king, one_diagonal, None, knight, None, None, one_orthogonal, two_away)
    slides = (None, None, (diagonal, 1), None, (orthogonal, 1), (orthogonal, 2), None, None)
    slides_by_kind = tuple(None if s is None else (s[0].table, s[0].mask, s[0].lookup, s[1]) for s in slides)
    all_squares, squares = geometry.all_squares, geometry.squares
    tables = ActionTables.of(geometry)
    cache, actions_to, shift = tables.cache, tables.actions_to, tables.target_shift

    def scan_moves(state: FaceDownState, color: int, out: list[int] | None) -> tuple[int, int, int]:
        """Append every move of ``color``'s revealed pieces to ``out`` (unless it
        is None), and return (number of moves, bitboard of the enemy pieces they
        capture, bitboard of the face-down squares they would capture an enemy
        on): the move generator and the evaluation's summary share this one loop,
        the engine's hottest. Both bitboards are the union of every piece's
        capture reach, met with the enemy or the face-down squares once at the end."""
        mailbox, occupied = state.mailbox, state.occupied
        empty = all_squares ^ occupied
        enemy = state.colors[color ^ 1]
        cached = cache.get
        count = reached = 0
        for sq in squares(state.colors[color]):
            kind = mailbox[sq] & 7
            moves = moves_by_kind[kind]
            if moves is not None:
                reach = captures_by_kind[kind][sq]
                targets = (moves[sq] & empty) | (reach & enemy)
            else:
                table, mask, lookup, which = slides_by_kind[kind]
                entry = table[sq].get(occupied & mask[sq]) or lookup(sq, occupied)
                reach = entry[which]
                targets = entry[0] | (reach & enemy)
            reached |= reach
            if targets:
                count += targets.bit_count()
                if out is not None:
                    out += cached(sq << shift | targets) or actions_to(sq, targets)
        return count, reached & enemy, reached & state.hidden

    def generate_moves(state: FaceDownState, color: int, out: list[int]) -> None:
        """Append every move of ``color``'s revealed pieces to ``out``: :func:`scan_moves`
        without the summary, for move generation alone (perft, playouts, the referee)."""
        mailbox, occupied = state.mailbox, state.occupied
        empty = all_squares ^ occupied
        enemy = state.colors[color ^ 1]
        cached = cache.get
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
                out += cached(sq << shift | targets) or actions_to(sq, targets)

    return Movement(movegen=generate_moves, scan=scan_moves)


SPEC = VariantSpec(
    name="hdc2",
    title="Hidden Dragon Chess II",
    summary=(
        "32 face-down pieces fill a 4x8 board; flip a piece or move one of yours. "
        "Any piece captures any revealed enemy; the Archer shoots two squares away. "
        "When the side to move has no action, the higher score on the board wins."
    ),
    family=State,
    board=FACE_DOWN_BOARD,
    #        K  A  E  H  R  C  P  W
    counts=(1, 2, 2, 2, 2, 2, 4, 1),
    score_tables={
        "official": (10, 2, 2, 4, 9, 5, 1, 3),
        "alt": (10, 4, 5, 7, 12, 8, 3, 6),
    },
    options=(
        Option("scoring", "Scoring", "official",
               "which piece values score the game: the official rulebook's or the older alternative table",
               choices=("official", "alt")),
        Option("first_flip", "FirstFlip", "opponent",
               "who takes the colour of the first flipped piece: the opponent "
               "(official rulebook) or the player who flipped it",
               choices=("opponent", "self")),
        Option("repetition_penalty", "RepetitionPenalty", 1,
               "points lost for moving a piece straight back to the square it left "
               "on your previous turn (0 turns it off)"),
        Option("no_progress_plies", "NoProgressPlies", 40,
               "plies with no flip and no capture that end the game (0 turns it off)"),
    ),
    movement=movement,
    switches={"ending": "score"},
    knowledge=make_knowledge("hdc2"),
    rules_file="hdc2.md",
)
