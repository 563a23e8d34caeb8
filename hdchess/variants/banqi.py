"""Classic banqi: one-step moves, rank-based captures, the jumping Cannon
(rules text: ``hdchess rules banqi``).

Every piece steps one square along a rank or file to an empty square. A piece
other than the Cannon captures an orthogonally adjacent revealed enemy of equal
or lower rank (General 7 > Advisor 6 > Elephant 5 > Chariot 4 > Horse 3 >
Cannon 2 > Soldier 1), except that the General cannot take a Soldier and a
Soldier can take the General. The Cannon captures any revealed enemy by jumping
exactly one piece along a rank or file, at any distance, and never captures by
stepping. Face-down pieces cannot be captured.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import ActionTables
from ..attacks import orthogonal_slides
from ..core import CANNON, GENERAL, SOLDIER, piece_letter
from ..facedown import EMPTY, Movement, make_knowledge
from ..geometry import ORTHOGONAL, Geometry
from ..messages import Message
from ..rules import Option
from .hdc2 import SPEC as HDC2

if TYPE_CHECKING:
    from ..facedown.position import Position as State

# Rank of each kind (K A E H R C P W); the Archer is not in banqi.
RANKS = (7, 6, 5, 3, 4, 2, 1, 0)


def can_capture(attacker: int, victim: int) -> bool:
    """May a piece of kind ``attacker`` (not a Cannon) take an adjacent ``victim`` kind?"""
    if attacker == SOLDIER and victim == GENERAL:
        return True
    if attacker == GENERAL and victim == SOLDIER:
        return False
    return RANKS[attacker] >= RANKS[victim]


# Per attacking kind, a bit per victim kind it may take by stepping (the Cannon: none).
VICTIM_KINDS = tuple(
    0 if attacker == CANNON else sum(1 << victim for victim in range(7) if can_capture(attacker, victim))
    for attacker in range(8)
)


# Per attacking kind, every victim kind it may take by stepping or (the Cannon) by jumping.
CAPTURABLE_KINDS = tuple(0b1111111 if attacker == CANNON else VICTIM_KINDS[attacker] for attacker in range(8))


def kind_relation(attacker: int, victim: int) -> object:
    """How a piece of kind ``attacker`` acts on an enemy of kind ``victim``: the
    Cannon jumps to take anything, the others take by stepping or cannot. Every
    kind moves alike, so these relations are all that tells kinds apart."""
    return "jump" if attacker == CANNON else can_capture(attacker, victim)


def movement(geometry: Geometry) -> Movement:
    one_orthogonal = geometry.steps(ORTHOGONAL)
    slides = orthogonal_slides(geometry)
    slide_table, slide_mask, slide_lookup = slides.table, slides.mask, slides.lookup
    squares, all_squares = geometry.squares, geometry.all_squares
    tables = ActionTables.of(geometry)
    cache, actions_to, shift = tables.cache, tables.actions_to, tables.target_shift
    names = geometry.square_names

    def scan(state: State, color: int, out: list[int] | None) -> tuple[int, int, int]:
        """(number of moves, enemy pieces they capture, face-down squares they would
        capture an enemy Soldier on), appending the moves to ``out`` unless it is None:
        the move generator and the evaluation's summary in one loop, the hottest."""
        mailbox, occupied, hidden = state.mailbox, state.occupied, state.hidden
        empty = all_squares ^ occupied
        enemy = state.colors[color ^ 1]
        cached = cache.get
        count = captured = exposed = 0
        for sq in squares(state.colors[color]):
            kind = mailbox[sq] & 7
            step = one_orthogonal[sq]
            targets = step & empty
            if kind == CANNON:
                entry = slide_table[sq].get(occupied & slide_mask[sq]) or slide_lookup(sq, occupied)
                jumps = entry[2]
                targets |= jumps & enemy
                exposed |= jumps & hidden
            else:
                near = step & enemy
                if near:
                    victims = VICTIM_KINDS[kind]
                    for square in squares(near):
                        if victims >> (mailbox[square] & 7) & 1:
                            targets |= 1 << square
                if kind != GENERAL:  # the General cannot take a Soldier
                    exposed |= step & hidden
            if targets:
                count += targets.bit_count()
                captured |= targets & enemy
                if out is not None:
                    out += cached(sq << shift | targets) or actions_to(sq, targets)
        return count, captured, exposed

    def generate_moves(state: State, color: int, out: list[int]) -> None:
        scan(state, color, out)

    def explain(state: State, frm: int, to: int) -> Message | None:
        """Why the move of the player's own piece ``frm-to`` is illegal in banqi.

        The generic explainer has already dealt with whose piece it is, own and
        face-down targets; it also explains a Cannon capture that does not jump
        exactly one piece (None here falls back to it).
        """
        mailbox = state.mailbox
        kind, target = mailbox[frm] & 7, mailbox[to]
        piece = dict(kind=piece_letter(mailbox[frm]), sq=names[frm])
        adjacent = one_orthogonal[frm] >> to & 1
        if kind == CANNON:
            if target == EMPTY:
                return None if adjacent else Message("banqi.cannon_move", **piece)
            if adjacent:
                return Message("banqi.cannon_adjacent", **piece)
            return None
        if not adjacent:
            return Message("banqi.captures_one" if target != EMPTY else "banqi.moves_one", **piece)
        if target != EMPTY:
            victim = target & 7
            if kind == GENERAL and victim == SOLDIER:
                return Message("banqi.general_soldier", **piece)
            if not can_capture(kind, victim):
                return Message("banqi.ranks_lower", **piece, victim_kind=piece_letter(target))
        return None

    return Movement(movegen=generate_moves, scan=scan, explain=explain, victims=CAPTURABLE_KINDS,
                    kind_relation=kind_relation)


SPEC = HDC2.derive(
    name="banqi",
    title="Banqi (dark chess)",
    summary=(
        "The xiangqi set face-down on a 4x8 board; flip a piece or move one of yours one square "
        "along a rank or file. A piece captures an adjacent enemy of equal or lower rank "
        "(General > Advisor > Elephant > Chariot > Horse > Cannon > Soldier), but the General cannot "
        "take a Soldier and a Soldier can take the General; the Cannon captures anything by jumping "
        "one piece. Capture every enemy or leave them without a move to win."
    ),
    #        K  A  E  H  R  C  P  W
    counts=(1, 2, 2, 2, 2, 2, 5, 0),
    # Not a score that decides the game: the material the AI weighs and the
    # table shown to players. Rank order, with the Cannon (it takes anything)
    # above the Chariot and the Soldier (it takes the General) above nothing.
    score_tables={"official": (10, 8, 6, 3, 4, 5, 2, 0)},
    options=(
        Option("no_progress_plies", "NoProgressPlies", 60,
               "plies with no flip and no capture that end the game in a draw (0 turns it off)"),
    ),
    movement=movement,
    fixed={"first_flip": "self"},
    switches={"ending": "win-loss"},
    knowledge=make_knowledge("banqi"),
    rules_file="banqi.md",
)
