"""Why an action is illegal in a face-down game, in words a player understands.

Used only after an action has been found not to be legal, so it may be slow.
"""

from __future__ import annotations

from ..core import ADVISOR, ARCHER, CANNON, CHARIOT, COLOR_NAMES, ELEPHANT, GENERAL, HORSE, SOLDIER, piece_letter
from ..geometry import DIAGONAL, ORTHOGONAL
from ..messages import Message
from ..vocabulary import NO_SIDE, Action
from .position import EMPTY, HIDDEN, Position


def _explain_chain(state: Position, action: Action) -> Message:
    """Why a chain of captures is refused: the rules have none, or the first of its
    captures that is not legal, explained on the board as the chain left it."""
    if not state._movement.chains:
        return Message("chain.off")
    frm, landings = state.chain_squares(action)
    names = state.geometry.square_names
    if state.mailbox[landings[0]] == EMPTY:  # a move, however legal, starts no chain
        return Message("chain.capture_only", to=names[landings[0]])
    legal = set(state.legal_actions())
    first = state.make_chain(frm, landings[:1])
    if first not in legal:
        return explain_illegal(state, first)
    done = 1
    while done < len(landings) - 1 and state.make_chain(frm, landings[:done + 1]) in legal:
        done += 1
    # the board after the legal part, the same player still to act: the refused step is one capture there
    scratch = state.copy()
    scratch.push(state.make_chain(frm, landings[:done]))
    scratch.side = state.side
    at, to = landings[done - 1], landings[done]
    step = scratch.make_chain(at, [to])
    prefix = "x".join(names[sq] for sq in [frm, *landings[:done]])
    if scratch.mailbox[to] == EMPTY:
        reason: Message = Message("chain.capture_only", to=names[to])
    else:
        reason = explain_illegal(scratch, step)
    return Message("chain.step", done=prefix, reason=reason)


def explain_illegal(state: Position, action: Action) -> Message:
    """A sentence naming why ``action`` is not legal here (without the move prefix), with its code."""
    if state.is_chain(action):
        return _explain_chain(state, action)
    frm, to = state.move_squares(action)
    names = state.geometry.square_names
    mailbox = state.mailbox
    if frm == to:
        content = mailbox[to]
        if content == EMPTY:
            return Message("flip.empty", sq=names[to])
        return Message("flip.face_up", sq=names[to], piece=piece_letter(content))
    moving, target = mailbox[frm], mailbox[to]
    a, b = names[frm], names[to]
    if moving == EMPTY:
        return Message("move.no_piece", sq=a)
    if moving == HIDDEN:
        return Message("move.face_down", sq=a)
    if state.side == NO_SIDE:
        return Message("move.opening_flip")
    if moving >> 3 != state.side:
        return Message("move.not_yours", piece=piece_letter(moving), sq=a, color=COLOR_NAMES[state.side])
    kind = moving & 7
    piece = dict(kind=piece_letter(moving), sq=a)  # "the Chariot on c2" (the letter keeps its colour)
    if target != EMPTY and target != HIDDEN and target >> 3 == state.side:
        return Message("move.own_target", to=b, target_kind=piece_letter(target))
    if target == HIDDEN and not state.ruleset.switch("blind_captures"):
        return Message("capture.face_down", to=b)
    explain = state._movement.explain
    if explain is not None:  # a variant's own movement and capture rules
        reason = explain(state, frm, to)
        if reason:
            return reason
    capture = target != EMPTY
    if kind in (CHARIOT, CANNON, ELEPHANT):
        path = state.geometry.between(frm, to, DIAGONAL if kind == ELEPHANT else ORTHOGONAL)
        if path is None:
            return Message("move.only_diagonal" if kind == ELEPHANT else "move.only_line", **piece)
        blockers = [names[s] for s in path if mailbox[s] != EMPTY]
        if kind == CANNON and capture:
            if not blockers:
                return Message("cannon.no_screen", **piece, to=b)
            return Message("cannon.screens", **piece, count=len(blockers), squares=blockers)
        if blockers:
            return Message("move.blocked", **piece, blocker=blockers[0])
    if kind == GENERAL:
        return Message("piece.any_direction", **piece)
    if kind == HORSE:
        return Message("horse.l", **piece)
    if kind == ADVISOR:
        return Message("advisor.capture" if capture else "piece.any_direction", **piece)
    if kind == ARCHER:
        return Message("archer.capture" if capture else "piece.one_line", **piece)
    if kind == SOLDIER:
        return Message("piece.one_line", **piece)
    return Message("move.unreachable", **piece, to=b)
