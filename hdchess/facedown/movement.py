"""How the face-down games' pieces move: one builder per rule set, made for a board.

A builder takes a :class:`~hdchess.geometry.Geometry` and returns the
:class:`Movement` of its pieces there (built once per board shape). A
face-down variant names its builder in its spec (``movement=...``):

- :func:`capture_any_revealed` (hdc2): any piece captures any revealed enemy;
  the Archer shoots two squares away, the Cannon jumps one screen.
- :func:`capture_by_rank` (banqi): one-step moves, captures by rank, the
  jumping Cannon; with banqi's house rules on, :func:`house_rules` (chain
  captures, the charging Chariot).
- :func:`xiangqi_blind_captures` (gaiqi): xiangqi movement, blind captures of
  face-down pieces, and the chase rule.

Each builder's closures are the engine's hottest loops: they bind every
table to a local once, and the move generator and the evaluation's scan
share one loop where they can.
"""

from __future__ import annotations

import functools
from typing import Any

from ..actions import ActionTables
from ..attacks import diagonal_slides, orthogonal_slides, xiangqi_elephant, xiangqi_horse
from ..core import ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER, make_piece, piece_letter
from ..geometry import DIAGONAL, KING_STEPS, KNIGHT_STEPS, ORTHOGONAL, Geometry, per_geometry
from ..messages import Message
from .position import CHASE_LIMIT, EMPTY, Movement, Position, chain_link


# -- hdc2 ---------------------------------------------------------------------------
@per_geometry
def capture_any_revealed(geometry: Geometry) -> Movement:
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
    # (Typed Any: a kind's entry is None exactly where the loops below do not read it.)
    moves_by_kind: tuple[Any, ...] = (king, king, None, knight, None, None, one_orthogonal, one_orthogonal)
    captures_by_kind: tuple[Any, ...] = (king, one_diagonal, None, knight, None, None, one_orthogonal, two_away)
    slides = (None, None, (diagonal, 1), None, (orthogonal, 1), (orthogonal, 2), None, None)
    slides_by_kind: tuple[Any, ...] = tuple(
        None if s is None else (s[0].table, s[0].mask, s[0].lookup, s[1]) for s in slides)
    all_squares, squares = geometry.all_squares, geometry.squares
    tables = ActionTables.of(geometry)
    cache, actions_to, shift = tables.cache, tables.actions_to, tables.target_shift

    def scan_moves(state: Position, color: int, out: list[int] | None) -> tuple[int, int, int]:
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

    def generate_moves(state: Position, color: int, out: list[int]) -> None:
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


# -- banqi ----------------------------------------------------------------------------
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


def capture_by_rank(geometry: Geometry, chain_captures: str = "no", chariot_rush: str = "no") -> Movement:
    """banqi's pieces on ``geometry``: every piece steps one square along a line and
    captures an adjacent enemy of equal or lower rank; the Cannon captures anything
    by jumping exactly one piece and never by stepping. Face-down pieces are not captured.
    With a house rule on (RULES.md 4.1), :func:`house_rules`; the rules of section 4
    keep their own loops, untouched by the options."""
    if chain_captures == "no" and chariot_rush == "no":
        return _by_rank(geometry)
    return house_rules(geometry, chain_captures == "yes", chariot_rush == "yes")


@per_geometry
def _by_rank(geometry: Geometry) -> Movement:
    """:func:`capture_by_rank` under the rules of section 4 (no house rule)."""
    one_orthogonal = geometry.steps(ORTHOGONAL)
    slides = orthogonal_slides(geometry)
    slide_table, slide_mask, slide_lookup = slides.table, slides.mask, slides.lookup
    squares, all_squares = geometry.squares, geometry.all_squares
    tables = ActionTables.of(geometry)
    cache, actions_to, shift = tables.cache, tables.actions_to, tables.target_shift
    names = geometry.square_names

    def scan(state: Position, color: int, out: list[int] | None) -> tuple[int, int, int]:
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

    def generate_moves(state: Position, color: int, out: list[int]) -> None:
        scan(state, color, out)

    def attackers(state: Position, sq: int, color: int, victim: int, occupied: int) -> int:
        """``color``'s pieces that could take a ``victim`` kind on ``sq``: the adjacent
        ones that outrank it and the Cannons one screen away (a Cannon's jump is the
        same line read from either end), with the board's pieces on ``occupied``."""
        mailbox, own = state.mailbox, state.colors[color]
        found = 0
        for near in squares(one_orthogonal[sq] & own):
            if VICTIM_KINDS[mailbox[near] & 7] >> victim & 1:
                found |= 1 << near
        entry = slide_table[sq].get(occupied & slide_mask[sq]) or slide_lookup(sq, occupied)
        for far in squares(entry[2] & own):
            if mailbox[far] & 7 == CANNON:
                found |= 1 << far
        return found

    def explain(state: Position, frm: int, to: int) -> Message | None:
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
                    kind_relation=kind_relation, attackers=attackers)


@functools.cache
def house_rules(geometry: Geometry, chains: bool, rush: bool) -> Movement:
    """banqi's pieces with its house rules (RULES.md 4.1). ``rush``: the Chariot slides
    any distance along empty squares, and captures the first piece it meets when that
    is a revealed enemy, adjacent by rank, farther whatever its rank. ``chains``: a
    piece that captured may capture again from where it landed, each capture by its
    own rule on the board as the chain left it; every chain and each of its prefixes
    is one action (:func:`~.position.chain_link`)."""
    standard = _by_rank(geometry)
    one_orthogonal = geometry.steps(ORTHOGONAL)
    slides = orthogonal_slides(geometry)
    slide_table, slide_mask, slide_lookup = slides.table, slides.mask, slides.lookup
    squares, all_squares = geometry.squares, geometry.all_squares
    tables = ActionTables.of(geometry)
    actions_to = tables.actions_to
    bits = tables.bits
    names = geometry.square_names

    def line(sq: int, occupied: int) -> tuple[int, int, int]:
        """The slides from ``sq``: (empty squares reached, first pieces met, pieces beyond one screen)."""
        entry: tuple[int, int, int] = slide_table[sq].get(occupied & slide_mask[sq]) or slide_lookup(sq, occupied)
        return entry

    def capture_targets(mailbox: list[int], sq: int, kind: int, enemy: int, occupied: int) -> int:
        """The enemy squares the piece of ``kind`` on ``sq`` may capture, the board's pieces on
        ``occupied`` and the enemy's on ``enemy`` (the mailbox is read for their kinds only)."""
        if kind == CANNON:
            return line(sq, occupied)[2] & enemy
        step = one_orthogonal[sq]
        targets = 0
        near = step & enemy
        if near:
            victims = VICTIM_KINDS[kind]
            for square in squares(near):
                if victims >> (mailbox[square] & 7) & 1:
                    targets |= 1 << square
        if rush and kind == CHARIOT:  # a charge over at least one empty square takes anything
            targets |= line(sq, occupied)[1] & enemy & ~step
        return targets

    def extend(out: list[int], mailbox: list[int], kind: int, at: int, occupied: int, enemy: int,
               action: int, depth: int) -> None:
        """Append every longer chain of ``action`` (its piece of ``kind`` now on ``at``, the
        board's pieces on ``occupied``, the enemy's on ``enemy``): each further capture, then its own."""
        for to in squares(capture_targets(mailbox, at, kind, enemy, occupied)):
            chained = action | chain_link(bits, depth, to)
            out.append(chained)
            extend(out, mailbox, kind, to, occupied & ~(1 << at), enemy & ~(1 << to), chained, depth + 1)

    def scan(state: Position, color: int, out: list[int] | None) -> tuple[int, int, int]:
        """As banqi's scan (moves and single captures counted, their summary), appending to ``out``
        unless it is None every action, the chains included."""
        mailbox, occupied, hidden = state.mailbox, state.occupied, state.hidden
        empty = all_squares ^ occupied
        enemy = state.colors[color ^ 1]
        count = captured = exposed = 0
        for sq in squares(state.colors[color]):
            kind = mailbox[sq] & 7
            if rush and kind == CHARIOT:
                reach = line(sq, occupied)
                quiet = reach[0]
                exposed |= reach[1] & hidden  # a Chariot takes an adjacent Soldier, and anything by charging
            else:
                quiet = one_orthogonal[sq] & empty
                if kind == CANNON:
                    exposed |= line(sq, occupied)[2] & hidden
                elif kind != GENERAL:  # the General cannot take a Soldier
                    exposed |= one_orthogonal[sq] & hidden
            takes = capture_targets(mailbox, sq, kind, enemy, occupied)
            targets = quiet | takes
            if targets:
                count += targets.bit_count()
                captured |= takes
                if out is not None:
                    out += actions_to(sq, targets)
                    if chains and takes:
                        for to in squares(takes):
                            extend(out, mailbox, kind, to, occupied & ~(1 << sq), enemy & ~(1 << to),
                                   sq << bits | to, 0)
        return count, captured, exposed

    def generate_moves(state: Position, color: int, out: list[int]) -> None:
        scan(state, color, out)

    def attackers(state: Position, sq: int, color: int, victim: int, occupied: int) -> int:
        """As banqi's, and (``rush``) the Chariots that would charge ``sq`` from afar."""
        found = standard.attackers(state, sq, color, victim, occupied)  # type: ignore[misc]  # banqi gives it
        if rush:
            mailbox = state.mailbox
            for far in squares(line(sq, occupied)[1] & state.colors[color] & ~one_orthogonal[sq]):
                if mailbox[far] & 7 == CHARIOT:
                    found |= 1 << far
        return found

    def explain(state: Position, frm: int, to: int) -> Message | None:
        """Why the single step ``frm-to`` is illegal: a charge that meets a piece on its way
        (``rush``), else as in banqi (the generic explainer has dealt with whose piece it is)."""
        mailbox = state.mailbox
        if rush and mailbox[frm] & 7 == CHARIOT and not one_orthogonal[frm] >> to & 1:
            path = geometry.between(frm, to, ORTHOGONAL)
            if path is None:
                return Message("move.only_line", kind=piece_letter(mailbox[frm]), sq=names[frm])
            blockers = [names[s] for s in path if mailbox[s] != EMPTY]
            if blockers:
                return Message("banqi.charge_blocked", kind=piece_letter(mailbox[frm]), sq=names[frm],
                               blocker=blockers[0])
            return None
        return standard.explain(state, frm, to)  # type: ignore[misc]  # banqi gives it

    victims = tuple(0b1111111 if rush and kind == CHARIOT else CAPTURABLE_KINDS[kind] for kind in range(8))
    # the tables treat kinds with the same relations as one: a charging Chariot moves unlike any other
    return Movement(movegen=generate_moves, scan=scan, explain=explain, victims=victims,
                    kind_relation=None if rush else kind_relation, attackers=attackers, chains=chains,
                    charges=rush)


# -- gaiqi ----------------------------------------------------------------------------
def _general_square(mailbox: list[int], color: int) -> int:
    """The square of ``color``'s face-up General, or -1."""
    try:
        return mailbox.index(make_piece(color, GENERAL))
    except ValueError:
        return -1


@per_geometry
def xiangqi_blind_captures(geometry: Geometry) -> Movement:
    """gaiqi's pieces on ``geometry``: xiangqi movement (blockable Horse and Elephant,
    no palace or river; Soldiers step four ways, the General eight); any piece may
    capture a face-down piece blind, and the chase rule leaves out a fourth check in a row."""
    horse, elephant = xiangqi_horse(geometry), xiangqi_elephant(geometry)
    # Per kind (K A E H R C P W): one-step leapers, blockable leapers, or sliders with
    # the entry of the slider look-up that holds capturable pieces (1: first met, 2: beyond a screen).
    steps_by_kind = (geometry.steps(KING_STEPS), geometry.steps(DIAGONAL), None, None, None, None,
                     geometry.steps(ORTHOGONAL), None)
    legged_by_kind = (None, None, elephant.lookup, horse.lookup, None, None, None, None)
    slide_entry: tuple[Any, ...] = (None, None, None, None, 1, 2, None, None)  # None where not read
    slides = orthogonal_slides(geometry)
    slide_table, slide_mask, slide_lookup = slides.table, slides.mask, slides.lookup
    squares, names = geometry.squares, geometry.square_names
    tables = ActionTables.of(geometry)
    cache, actions_to, shift = tables.cache, tables.actions_to, tables.target_shift

    def target_squares(kind: int, sq: int, occupied: int, capturable: int) -> int:
        """Bitboard of the squares a piece of ``kind`` on ``sq`` reaches: empty squares
        plus the ``capturable`` pieces (revealed enemies and face-down pieces) it attacks."""
        steps = steps_by_kind[kind]
        if steps is not None:
            return steps[sq] & (capturable | ~occupied)
        legged = legged_by_kind[kind]
        if legged is not None:
            return legged(sq, occupied) & (capturable | ~occupied)
        entry = slide_table[sq].get(occupied & slide_mask[sq]) or slide_lookup(sq, occupied)
        return entry[0] | (entry[slide_entry[kind]] & capturable)

    def gives_check(state: Position, sq: int) -> bool:
        """Does the face-up piece on ``sq`` attack the enemy's face-up General?"""
        piece = state.mailbox[sq]
        general = _general_square(state.mailbox, (piece >> 3) ^ 1)
        return general >= 0 and bool(target_squares(piece & 7, sq, state.occupied, 1 << general) >> general & 1)

    def checking_targets(state: Position, color: int, sq: int, targets: int) -> int:
        """The squares among ``targets`` where the piece on ``sq`` would check the
        enemy General (capturing the General itself is not a check)."""
        general = _general_square(state.mailbox, color ^ 1)
        if general < 0:
            return 0
        kind, rest = state.mailbox[sq] & 7, state.occupied & ~(1 << sq)
        checking = 0
        for to in squares(targets & ~(1 << general)):
            if target_squares(kind, to, rest | 1 << to, 1 << general) >> general & 1:
                checking |= 1 << to
        return checking

    def generate_moves(state: Position, color: int, out: list[int]) -> None:
        """Append every move of ``color``'s revealed pieces."""
        mailbox, occupied = state.mailbox, state.occupied
        capturable = state.colors[color ^ 1] | state.hidden
        count, chaser = state.chase[color]
        cached = cache.get
        for sq in squares(state.colors[color]):
            targets = target_squares(mailbox[sq] & 7, sq, occupied, capturable)
            if sq == chaser and count >= CHASE_LIMIT:
                targets &= ~checking_targets(state, color, sq, targets)
            if targets:
                out += cached(sq << shift | targets) or actions_to(sq, targets)

    def scan(state: Position, color: int, out: list[int] | None) -> tuple[int, int, int]:
        """(number of moves, face-up enemies they capture, face-down squares they
        capture blind), appending the moves to ``out`` unless it is None."""
        mailbox, occupied, hidden = state.mailbox, state.occupied, state.hidden
        enemy = state.colors[color ^ 1]
        capturable = enemy | hidden
        count, chaser = state.chase[color]
        cached = cache.get
        moves = reached = 0
        for sq in squares(state.colors[color]):
            targets = target_squares(mailbox[sq] & 7, sq, occupied, capturable)
            if sq == chaser and count >= CHASE_LIMIT:
                targets &= ~checking_targets(state, color, sq, targets)
            if targets:
                moves += targets.bit_count()
                reached |= targets
                if out is not None:
                    out += cached(sq << shift | targets) or actions_to(sq, targets)
        return moves, reached & enemy, reached & hidden

    def explain(state: Position, frm: int, to: int) -> Message | None:
        """Why the move of the player's own piece ``frm-to`` is illegal in gaiqi.

        The Chariot and the Cannon move as in hdc2, so for them (after the chase
        rule) None falls back to the generic explainer.
        """
        mailbox, occupied = state.mailbox, state.occupied
        kind = mailbox[frm] & 7
        piece = dict(kind=piece_letter(mailbox[frm]), sq=names[frm])
        capturable = state.colors[state.side ^ 1] | state.hidden
        count, chaser = state.chase[state.side]
        if frm == chaser and count >= CHASE_LIMIT and target_squares(kind, frm, occupied, capturable) >> to & 1:
            return Message("gaiqi.chase", **piece, count=count)
        if kind in (HORSE, ELEPHANT):
            pairs = (horse if kind == HORSE else elephant).pairs[frm]
            for leg, bit in pairs:
                if bit == 1 << to and occupied >> leg & 1:
                    code = "gaiqi.leg_blocked" if kind == HORSE else "gaiqi.eye_blocked"
                    return Message(code, **piece, to=names[to], leg=names[leg])
            return Message("gaiqi.horse" if kind == HORSE else "gaiqi.elephant", **piece)
        simple = {GENERAL: "piece.any_direction", ADVISOR: "piece.one_diagonal", SOLDIER: "piece.one_line"}.get(kind)
        return None if simple is None else Message(simple, **piece)

    # no Archer: xiangqi has none
    return Movement(movegen=generate_moves, scan=scan, gives_check=gives_check, explain=explain, kinds=0b01111111)


__all__ = ["CAPTURABLE_KINDS", "RANKS", "VICTIM_KINDS", "Movement", "can_capture", "capture_any_revealed",
           "capture_by_rank", "house_rules", "kind_relation", "xiangqi_blind_captures"]
