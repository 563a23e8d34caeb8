"""Cheight legal actions from a position line (RULES.md section 5), slow and obvious.

The board is {(file, rank): [pieces bottom to top]}; a piece is its letter
(upper case Red, lower case Black).
"""

from __future__ import annotations

FILES = "abcd"
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))


def read_board(position: str) -> tuple[dict[tuple[int, int], list[str]], int, str]:
    """The stacks, the number of ranks (8 or 4) and the side to move."""
    fields = position.split()
    rows = fields[0].split("/")
    ranks = len(rows)
    board = {}
    for row, text in enumerate(rows):
        rank = ranks - 1 - row
        f = 0
        i = 0
        while i < len(text):
            char = text[i]
            if char.isdigit():
                for _ in range(int(char)):
                    board[f, rank] = []
                    f += 1
            elif char == "[":
                end = text.index("]", i)
                board[f, rank] = list(text[i + 1:end])
                f += 1
                i = end
            else:
                board[f, rank] = [char]
                f += 1
            i += 1
        assert f == 4, text
    return board, ranks, fields[1]


def name(square: tuple[int, int]) -> str:
    return FILES[square[0]] + str(square[1] + 1)


def owner(piece: str) -> str:
    return "r" if piece.isupper() else "b"


def pending_promotion(board, ranks) -> tuple[tuple[int, int], list[str]] | None:
    """The Soldier that must swap now and the names of its swaps, or None."""
    candidates = []
    for (f, r), stack in board.items():
        if not stack or stack[-1].upper() != "P":
            continue
        side = owner(stack[-1])
        end_rank = ranks - 1 if side == "r" else 0
        if r != end_rank:
            continue
        swaps = []
        for (sf, sr), other in board.items():
            for height, piece in enumerate(other):
                if owner(piece) != side or piece.upper() == "P":
                    continue
                if sr == end_rank and height == len(other) - 1:
                    continue  # a top piece on the promoting side's end rank
                swaps.append(f"{name((f, r))}={name((sf, sr))}^{height}")
        if swaps:  # with no eligible piece, nothing happens (house rule)
            candidates.append(((r, -f), (f, r), swaps))
    if not candidates:
        return None
    _, square, swaps = min(candidates)  # lowest rank first, then the rightmost file
    return square, swaps


def cheight_actions(position: str, king_takes_king: str = "auto", suicide: str = "allowed") -> set[str]:
    """Every legal action. With ``suicide = prevented`` an action after which the actor's own General
    is no longer the top piece of its stack is not legal: played on a copy of the board and checked."""
    actions = _actions(position, king_takes_king)
    if suicide == "prevented":
        board, ranks, side = read_board(position)
        actor = side
        pending = pending_promotion(board, ranks)
        if pending is not None:
            square = pending[0]
            actor = owner(board[square][-1])
        actions = {action for action in actions if not covers_own_general(board, action, actor)}
    return actions


def square(text: str) -> tuple[int, int]:
    return FILES.index(text[0]), int(text[1:]) - 1


def covers_own_general(board, action: str, actor: str) -> bool:
    """Is ``actor``'s General, after ``action`` is played on a copy of ``board``, under another piece?"""
    after = {sq: list(stack) for sq, stack in board.items()}
    if "=" in action:  # a swap: the Soldier and the chosen piece change places
        soldier_text, rest = action.split("=")
        chosen_text, height = rest.split("^")
        soldier, chosen = square(soldier_text), square(chosen_text)
        h = int(height)
        after[soldier][-1], after[chosen][h] = after[chosen][h], after[soldier][-1]
    else:
        move, _, carry = action.partition("+")
        frm, to = square(move[:2]), square(move[3:])
        k = int(carry or 0)
        moving = after[frm][-(k + 1):]
        del after[frm][-(k + 1):]
        after[to].extend(moving)
    general = "K" if actor == "r" else "k"
    return any(general in stack[:-1] for stack in after.values())


def _actions(position: str, king_takes_king: str) -> set[str]:
    board, ranks, side = read_board(position)
    for stack in board.values():
        if any(piece.upper() == "K" for piece in stack[:-1]):
            return set()  # a covered General has lost: no actions
    pending = pending_promotion(board, ranks)
    if pending is not None:
        return set(pending[1])
    kings_meet = king_takes_king == "yes" or (king_takes_king == "auto" and ranks == 8)
    actions = set()

    def on_board(t):
        return 0 <= t[0] < 4 and 0 <= t[1] < ranks

    for (f, r), stack in board.items():
        if not stack or owner(stack[-1]) != side:
            continue
        piece = stack[-1].upper()
        n = len(stack)
        here = name((f, r))

        def blocks(t, n=n):
            return not on_board(t) or len(board[t]) >= n

        def enemy_top(t):
            return bool(board[t]) and owner(board[t][-1]) != side

        def may_end(t, n=n):
            """The common end rule: empty, an enemy top at any height, or a lower own stack."""
            return not board[t] or enemy_top(t) or len(board[t]) < n

        def add(t, suffix="", here=here):
            actions.add(f"{here}{'x' if enemy_top(t) else '-'}{name(t)}{suffix}")

        reached = []
        if piece == "K":
            for df, dr in ORTHOGONAL + DIAGONAL:
                t = (f + df, r + dr)
                if on_board(t) and not (not kings_meet and board[t] and board[t][-1].upper() == "K"):
                    reached.append(t)
        elif piece == "P":
            t = (f, r + (1 if side == "r" else -1))
            if on_board(t):
                reached.append(t)
        elif piece == "H":
            for df, dr in KNIGHT:
                t = (f + df, r + dr)
                leg = (f + df // 2, r) if abs(df) == 2 else (f, r + dr // 2)
                if on_board(t) and not blocks(leg):
                    reached.append(t)
        elif piece in "RE":
            for df, dr in ORTHOGONAL if piece == "R" else DIAGONAL:
                t = (f + df, r + dr)
                while on_board(t):
                    reached.append(t)
                    if blocks(t):
                        break
                    t = (t[0] + df, t[1] + dr)
        for t in reached:
            if may_end(t):
                add(t)
        if piece == "C":
            for df, dr in ORTHOGONAL:
                t = (f + df, r + dr)
                while on_board(t) and not blocks(t):
                    if not enemy_top(t):
                        add(t)  # empty or own-topped, before the screen
                    t = (t[0] + df, t[1] + dr)
                if not on_board(t):
                    continue
                t = (t[0] + df, t[1] + dr)  # t was the screen
                while on_board(t):
                    if enemy_top(t):
                        add(t)
                    if blocks(t):
                        break
                    t = (t[0] + df, t[1] + dr)
        elif piece == "A":
            for df, dr in DIAGONAL:
                t = (f + df, r + dr)
                if on_board(t):
                    for k in range(n):
                        add(t, f"+{k}" if k else "")
    return actions
