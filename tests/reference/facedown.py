"""Banqi and gaiqi legal actions from a position line (RULES.md sections 2-4), slow and obvious."""

from __future__ import annotations

FILES = "abcdefgh"
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
BANQI_RANK = {"K": 7, "A": 6, "E": 5, "R": 4, "H": 3, "C": 2, "P": 1}


def name(square: tuple[int, int]) -> str:
    return FILES[square[0]] + str(square[1] + 1)


def parse_square(text: str) -> tuple[int, int]:
    return FILES.index(text[0]), int(text[1:]) - 1


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 4


def read_board(text: str) -> tuple[dict[tuple[int, int], str], str]:
    """The board {(file, rank): "" | "x" | letter} and the side to move (``r``, ``b`` or ``-``)."""
    fields = text.split()
    board = {}
    for row, rank_text in enumerate(fields[0].split("/")):
        rank = 3 - row
        f = 0
        for char in rank_text:
            if char.isdigit():
                for _ in range(int(char)):
                    board[f, rank] = ""
                    f += 1
            else:
                board[f, rank] = char
                f += 1
        assert f == 8, rank_text
    return board, fields[1]


def colour(content: str) -> str | None:
    """``r`` or ``b`` for a face-up piece; None for empty or face-down."""
    if content in ("", "x"):
        return None
    return "r" if content.isupper() else "b"


def banqi_actions(position: str) -> set[str]:
    board, side = read_board(position)
    actions = {name(sq) for sq, content in board.items() if content == "x"}
    if side == "-":
        return actions
    for (f, r), content in board.items():
        if colour(content) != side:
            continue
        piece = content.upper()
        for df, dr in ORTHOGONAL:
            to = (f + df, r + dr)
            if not on_board(*to):
                continue
            target = board[to]
            if target == "":
                actions.add(f"{name((f, r))}-{name(to)}")
            elif piece != "C" and colour(target) not in (None, side):
                enemy = target.upper()
                if piece == "P" and enemy == "K":
                    allowed = True
                elif piece == "K" and enemy == "P":
                    allowed = False
                else:
                    allowed = BANQI_RANK[enemy] <= BANQI_RANK[piece]
                if allowed:
                    actions.add(f"{name((f, r))}x{name(to)}")
            if piece == "C":  # jump exactly one screen, any distance, onto a revealed enemy
                screens = 0
                t = (f + df, r + dr)
                while on_board(*t):
                    if board[t] != "":
                        if screens == 1:
                            if colour(board[t]) not in (None, side):
                                actions.add(f"{name((f, r))}x{name(t)}")
                            break
                        screens = 1
                    t = (t[0] + df, t[1] + dr)
    return actions


# -- banqi's house rules (RULES.md 4.1) ----------------------------------------------

def outranks(piece: str, enemy: str) -> bool:
    """May ``piece`` (not a Cannon) take an adjacent ``enemy`` by rank (upper-case letters)?"""
    if piece == "P" and enemy == "K":
        return True
    if piece == "K" and enemy == "P":
        return False
    return BANQI_RANK[enemy] <= BANQI_RANK[piece]


def house_captures(board: dict, square: tuple[int, int], side: str, rush: bool) -> list[tuple[int, int]]:
    """The squares the piece of ``side`` on ``square`` may capture on, one capture by its own rule."""
    f, r = square
    piece = board[square].upper()
    found = []
    for df, dr in ORTHOGONAL:
        t = (f + df, r + dr)
        distance = 1
        while on_board(*t) and board[t] == "":  # the first piece along this line
            t = (t[0] + df, t[1] + dr)
            distance += 1
        if not on_board(*t):
            continue
        if piece == "C":  # past that piece (the screen), the next one
            t = (t[0] + df, t[1] + dr)
            while on_board(*t) and board[t] == "":
                t = (t[0] + df, t[1] + dr)
            if on_board(*t) and colour(board[t]) not in (None, side):
                found.append(t)
            continue
        if colour(board[t]) in (None, side):  # face-down or our own: nothing to take
            continue
        by_rank = distance == 1 and outranks(piece, board[t].upper())
        charge = distance > 1 and piece == "R" and rush  # a charge takes anything
        if by_rank or charge:
            found.append(t)
    return found


def house_moves(board: dict, square: tuple[int, int], rush: bool) -> list[tuple[int, int]]:
    """The empty squares the piece on ``square`` may move to."""
    f, r = square
    found = []
    for df, dr in ORTHOGONAL:
        t = (f + df, r + dr)
        while on_board(*t) and board[t] == "":
            found.append(t)
            if not (rush and board[square].upper() == "R"):
                break
            t = (t[0] + df, t[1] + dr)
    return found


def banqi_house_actions(position: str, chain_captures: bool, chariot_rush: bool) -> set[str]:
    """Banqi's actions with its house rules: chains name every landing square (``c2xc3xd3``)."""
    board, side = read_board(position)
    return house_actions(board, side, chain_captures, chariot_rush)


def house_actions(board: dict, side: str, chain_captures: bool, chariot_rush: bool) -> set[str]:
    actions = {name(sq) for sq, content in board.items() if content == "x"}
    if side == "-":
        return actions

    def chains(board: dict, at: tuple[int, int], text: str) -> None:
        for to in house_captures(board, at, side, chariot_rush):
            actions.add(f"{text}x{name(to)}")
            if chain_captures:
                chains(after(board, at, to), to, f"{text}x{name(to)}")

    for square, content in board.items():
        if colour(content) != side:
            continue
        for to in house_moves(board, square, chariot_rush):
            actions.add(f"{name(square)}-{name(to)}")
        chains(board, square, name(square))
    return actions


def house_perft(position: str, depth: int, chain_captures: bool, chariot_rush: bool) -> int:
    """RULES.md section 2's perft under the house rules, from a position with a side to move:
    a flip branches once per distinct letter in the pool, any other action once."""
    board, side = read_board(position)
    pool = position.split()[2].replace("-", "")

    def count(board: dict, side: str, pool: str, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        other = "b" if side == "r" else "r"
        for action in house_actions(board, side, chain_captures, chariot_rush):
            squares = [parse_square(part) for part in action.replace("-", "x").split("x")]
            if len(squares) == 1:
                for letter in sorted(set(pool)):
                    flipped = dict(board)
                    flipped[squares[0]] = letter
                    total += count(flipped, other, pool.replace(letter, "", 1), depth - 1)
                continue
            moved = board
            for frm, to in zip(squares, squares[1:]):
                moved = after(moved, frm, to)
            total += count(moved, other, pool, depth - 1)
        return total

    return count(board, side, pool, depth)


# -- gaiqi ---------------------------------------------------------------------------

def gaiqi_targets(board: dict, square: tuple[int, int], side: str) -> list[tuple[tuple[int, int], bool]]:
    """(destination, is capture) for the piece of ``side`` on ``square``: xiangqi moves on
    4x8, no palace and no river; a capture takes a revealed enemy or any face-down piece."""
    f, r = square
    piece = board[square].upper()
    found = []

    def capturable(t):
        return board[t] == "x" or colour(board[t]) not in (None, side)

    def step(t):  # a move ending on t: empty, or a capture
        if on_board(*t):
            if board[t] == "":
                found.append((t, False))
            elif capturable(t):
                found.append((t, True))

    if piece == "K":
        for df, dr in ORTHOGONAL + DIAGONAL:
            step((f + df, r + dr))
    elif piece == "A":
        for df, dr in DIAGONAL:
            step((f + df, r + dr))
    elif piece == "P":
        for df, dr in ORTHOGONAL:
            step((f + df, r + dr))
    elif piece == "E":
        for df, dr in DIAGONAL:
            eye = (f + df, r + dr)
            if on_board(*eye) and board[eye] == "":
                step((f + 2 * df, r + 2 * dr))
    elif piece == "H":
        for df, dr in ORTHOGONAL:
            leg = (f + df, r + dr)
            if not on_board(*leg) or board[leg] != "":
                continue
            for side_step in (-1, 1):
                if df:
                    step((f + 2 * df, r + side_step))
                else:
                    step((f + side_step, r + 2 * dr))
    elif piece in "RC":
        for df, dr in ORTHOGONAL:
            t = (f + df, r + dr)
            while on_board(*t) and board[t] == "":
                found.append((t, False))
                t = (t[0] + df, t[1] + dr)
            if not on_board(*t):
                continue
            if piece == "R":
                if capturable(t):
                    found.append((t, True))
                continue
            t = (t[0] + df, t[1] + dr)  # t was the Cannon's screen
            while on_board(*t) and board[t] == "":
                t = (t[0] + df, t[1] + dr)
            if on_board(*t) and capturable(t):
                found.append((t, True))
    return found


def attacks_general(board: dict, square: tuple[int, int], side: str) -> bool:
    """Whether the piece of ``side`` on ``square`` could capture the enemy's (revealed) General."""
    general = "k" if side == "r" else "K"
    return any(board[t] == general for t, capture in gaiqi_targets(board, square, side) if capture)


def after(board: dict, frm: tuple[int, int], to: tuple[int, int]) -> dict:
    moved = dict(board)
    moved[to], moved[frm] = board[frm], ""
    return moved


def gaiqi_actions(position: str, history: list[tuple[str, str]]) -> set[str]:
    """``history``: (action text, position line after it) of every ply so far, for the chase rule."""
    board, side = read_board(position)
    actions = {name(sq) for sq, content in board.items() if content == "x"}
    if side == "-":
        return actions
    chaser = None  # the square of a piece whose last three moves, on its owner's last three turns, attacked the General
    own_turns = history[-2::-2][:3]  # this player's last three turns, latest first
    if len(own_turns) == 3 and all(len(text) > 2 for text, _ in own_turns):
        squares = [(parse_square(text[:2]), parse_square(text[3:5])) for text, _ in own_turns]
        same_piece = all(squares[i][0] == squares[i + 1][1] for i in range(2))
        attacking = all(attacks_general(read_board(line)[0], to, side)
                        for (_, to), (_, line) in zip(squares, own_turns))
        if same_piece and attacking:
            chaser = squares[0][1]
    for square, content in board.items():
        if colour(content) != side:
            continue
        for to, capture in gaiqi_targets(board, square, side):
            if square == chaser and attacks_general(after(board, square, to), to, side):
                continue
            actions.add(f"{name(square)}{'x' if capture else '-'}{name(to)}")
    return actions
