"""Why an action is illegal in a stacking game, in words a player understands.

Used only after an action has been found not to be legal, so it walks the
board plainly rather than fast. Heights are told as a player counts them:
a mover on a stack of ``n`` pieces is blocked by stacks of ``n`` or more.
"""

from __future__ import annotations

from ..core import (
    ADVISOR,
    CANNON,
    CHARIOT,
    COLOR_NAMES,
    ELEPHANT,
    GENERAL,
    HORSE,
    KIND_NAMES,
    SOLDIER,
    piece_name,
)
from ..gamestate import Action
from ..geometry import DIAGONAL, KING_STEPS, KNIGHT_STEPS, ORTHOGONAL
from .state import State


def _pieces(n: int) -> str:
    return f"{n} piece" if n == 1 else f"{n} pieces"


def explain_illegal(state: State, action: Action) -> str:
    """A sentence naming why ``action`` is not legal here (without the action itself)."""
    swap, frm, to, count = state.decode(action)
    if state.covered >= 0:
        return f"the game is over: the {COLOR_NAMES[state.covered]} General is covered"
    if swap:
        return _explain_swap(state, frm, to, count)
    if state.promo >= 0:
        square = state.geometry.square_names[state.promo]
        return f"{COLOR_NAMES[state.side]} must first swap the Soldier on {square} (a promotion), before any move"
    return _explain_move(state, frm, to, count)


def _explain_swap(state: State, soldier: int, sq: int, height: int) -> str:
    names = state.geometry.square_names
    if state.promo < 0:
        return "no promotion is pending: a swap follows a Soldier reaching its end rank"
    if soldier != state.promo:
        return f"the Soldier to swap is the one on {names[state.promo]}, not a piece on {names[soldier]}"
    stack = state.stacks[sq]
    if height >= len(stack):
        return (f"{names[sq]} holds {_pieces(len(stack))}, so there is no piece at height {height} "
                "(heights count from 0 at the bottom)")
    piece, color = stack[height], state.side
    where = f"{names[sq]}^{height}"
    if piece >> 3 != color:
        return f"the piece at {where} is the {piece_name(piece)}: a Soldier swaps only with a piece of its own side"
    if piece & 7 == SOLDIER:
        return f"the piece at {where} is a Soldier: a Soldier swaps with a piece that is not a Soldier"
    if height == len(stack) - 1 and state._end_ranks[color] >> sq & 1:
        end_rank = state.geometry.ranks if color == 0 else 1
        return (f"the {piece_name(piece)} on {names[sq]} is the top of a stack on {COLOR_NAMES[color]}'s end rank "
                f"(rank {end_rank}), which cannot take part in a swap")
    return f"{where} cannot take part in this swap"


def _explain_move(state: State, frm: int, to: int, carry: int) -> str:
    names = state.geometry.square_names
    a, b = names[frm], names[to]
    stack = state.stacks[frm]
    if not stack:
        return f"there is no piece on {a}"
    mover = stack[-1]
    if mover >> 3 != state.side:
        return f"the {piece_name(mover)} on top of {a} is not yours ({COLOR_NAMES[state.side]} to move)"
    kind, n = mover & 7, len(stack)
    name = f"the {KIND_NAMES[kind]} on {a}"
    if carry and kind != ADVISOR:
        return f"only an Advisor carries pieces; {name} cannot carry {carry}"
    if carry >= n:
        return f"the Advisor on {a} has {_pieces(n - 1)} below it, so it cannot carry {carry}"
    reason = _reach(state, kind, frm, to, n, name)
    if reason:
        return reason
    target = state.stacks[to]
    if kind not in (ADVISOR, CANNON) and target and target[-1] >> 3 == state.side and len(target) >= n:
        return (f"{b} holds {_pieces(len(target))} topped by your own {KIND_NAMES[target[-1] & 7]}; {name} "
                f"stands on a stack of {n} and may stop on its own piece only on a lower stack")
    if kind == GENERAL and target and target[-1] & 7 == GENERAL and not state.king_takes_king:
        return f"{name} may not move onto the other General (king_takes_king is no on this board)"
    return f"{name} cannot go to {b}"


def _reach(state: State, kind: int, frm: int, to: int, n: int, name: str) -> str | None:
    """Why the piece cannot reach ``to`` at all, or None when it can (the end rule decides)."""
    geometry, heights = state.geometry, state.heights
    names = geometry.square_names
    df = geometry.file_of(to) - geometry.file_of(frm)
    dr = geometry.rank_of(to) - geometry.rank_of(frm)
    if kind == GENERAL and (df, dr) not in KING_STEPS:
        return f"{name} moves one square in any direction"
    if kind == ADVISOR and (df, dr) not in DIAGONAL:
        return f"{name} moves one square diagonally"
    if kind == SOLDIER and (df, dr) != (0, 1 if state.side == 0 else -1):
        return f"{name} moves one square straight forward (toward rank {geometry.ranks if state.side == 0 else 1})"
    if kind == HORSE:
        if (df, dr) not in KNIGHT_STEPS:
            return f"{name} moves in an L: two squares one way and one to the side"
        leg = geometry.offset(frm, df // 2 if abs(df) == 2 else 0, dr // 2 if abs(dr) == 2 else 0)
        if heights[leg] >= n:
            return (f"{name} is blocked at its leg {names[leg]}, which holds {_pieces(heights[leg])}: "
                    f"as high as the Horse's own stack of {n}")
    if kind in (CHARIOT, ELEPHANT, CANNON):
        path = geometry.between(frm, to, DIAGONAL if kind == ELEPHANT else ORTHOGONAL)
        if path is None:
            return f"{name} moves only {'diagonally' if kind == ELEPHANT else 'along a rank or file'}"
        blockers = [sq for sq in path if heights[sq] >= n]
        if kind != CANNON:
            if blockers:
                return (f"{name} is blocked by {names[blockers[0]]}, which holds {_pieces(heights[blockers[0]])}: "
                        f"as high as its own stack of {n}")
            return None
        return _cannon(state, frm, to, n, name, blockers)
    return None


def _cannon(state: State, frm: int, to: int, n: int, name: str, blockers: list[int]) -> str | None:
    names = state.geometry.square_names
    target = state.stacks[to]
    enemy_top = bool(target) and target[-1] >> 3 != state.side
    if not blockers:
        if len(target) >= n:
            return (f"{name} cannot stop on {names[to]}: the first stack as high as the Cannon is its screen, "
                    "and it never ends on its screen")
        if enemy_top:
            return (f"{name} cannot stop on the lower enemy stack {names[to]}: before a screen it flies over "
                    "enemy pieces, and it captures only beyond a screen")
        return None
    if len(blockers) > 1:
        return (f"{name} is blocked by {names[blockers[1]]}: beyond its screen {names[blockers[0]]} it reaches "
                "only up to the next stack as high as itself")
    if not enemy_top:
        return f"beyond its screen {names[blockers[0]]}, {name} only captures, and {names[to]} has no enemy on top"
    return None
