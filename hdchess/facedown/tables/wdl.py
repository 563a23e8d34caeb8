"""Win/draw/loss tables (banqi, gaiqi): retrograde analysis with the no-progress rule.

Every entry holds the side to move's result and its *distance* D: the fewest
plies of the current quiet run that the result needs. With nothing face-down
the game is deterministic and only a capture resets the no-progress count, so
a position with ``r = no_progress_plies - quiet`` plies left is

- won when the entry is a win with D <= r,
- lost when the entry is a loss with D <= r,
- drawn otherwise (the win needs more quiet plies than remain).

This is exact because the set of positions won within r plies only grows with
r (and likewise for losses): a win takes one quiet move to a child lost
within r - 1, or a capture to a position lost afresh (its count restarts, so
its table value decides it); a loss has every move going to such a win. So
D = 1 for a capture that wins (or for having no move at all: the side to act
loses, unless the count already ran out), D = 1 + D(child) through quiet
moves: the winner takes the least, the loser the greatest. Positions whose D
would exceed the limit are stored as draws, so a table is built for one limit.

Encoding, one byte per entry: 0 draw, 1-127 a win with that D, 128 + D a loss.
"""

from __future__ import annotations

from array import array

DRAW = 0
LOSS = 128
MAX_DISTANCE = 127

# what a capture (a move that restarts the count) leads to, as a bit set per position
WIN_EXIT, DRAW_EXIT, LOSS_EXIT = 1, 2, 4


def decode(byte: int) -> tuple[int, int]:
    """(result for the side to move: 1 win, 0 draw, -1 loss; D)."""
    if byte == DRAW:
        return 0, 0
    return (1, byte) if byte < LOSS else (-1, byte - LOSS)


def exit_of(byte: int) -> int:
    """What a capture into an entry (seen from the child's side to move) gives its maker."""
    if byte == DRAW:
        return DRAW_EXIT
    return LOSS_EXIT if byte < LOSS else WIN_EXIT


class Graph:
    """The positions of a group of tables, their quiet moves (edges) and their exits."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.valid = bytearray(size)
        self.exits = bytearray(size)
        self.degree = array("H", bytes(2 * size))  # quiet moves per position
        self.sources = array("l")
        self.targets = array("l")

    def add_edge(self, source: int, target: int) -> None:
        self.sources.append(source)
        self.targets.append(target)
        self.degree[source] += 1

    def predecessors(self) -> tuple[array[int], array[int]]:
        """(start, list): the positions with a quiet move to v are list[start[v]:start[v + 1]]."""
        start = array("l", bytes(8 * (self.size + 1)))
        for v in self.targets:
            start[v + 1] += 1
        for v in range(self.size):
            start[v + 1] += start[v]
        fill = array("l", start)
        preds = array("l", bytes(8 * len(self.targets)))
        for u, v in zip(self.sources, self.targets):
            preds[fill[v]] = u
            fill[v] += 1
        return start, preds


def solve(graph: Graph, limit: int) -> bytearray:
    """Every position's entry, by layers of D (1, 2, ... up to ``limit``)."""
    if not 1 <= limit <= MAX_DISTANCE:
        raise ValueError(f"win/loss tables need a no-progress limit of 1-{MAX_DISTANCE} plies, not {limit}")
    start, preds = graph.predecessors()
    value = bytearray(graph.size)
    decided = bytearray(graph.size)
    remaining = array("H", graph.degree)
    exits, valid = graph.exits, graph.valid
    won: list[int] = []
    lost: list[int] = []
    for u in range(graph.size):
        if not valid[u]:
            continue
        if exits[u] & WIN_EXIT:
            value[u], decided[u] = 1, 1
            won.append(u)
        elif not remaining[u] and not exits[u] & DRAW_EXIT:  # no move, or only losing captures
            value[u], decided[u] = LOSS + 1, 1
            lost.append(u)
    for distance in range(2, limit + 1):
        new_won: list[int] = []
        new_lost: list[int] = []
        for v in lost:  # a move into a lost position wins
            for u in preds[start[v]:start[v + 1]]:
                if not decided[u]:
                    value[u], decided[u] = distance, 1
                    new_won.append(u)
        for v in won:  # a position loses when its last quiet move turns out to lose
            for u in preds[start[v]:start[v + 1]]:
                if not decided[u]:
                    remaining[u] -= 1
                    if not remaining[u] and not exits[u] & DRAW_EXIT:
                        value[u], decided[u] = LOSS + distance, 1
                        new_lost.append(u)
        won, lost = new_won, new_lost
        if not won and not lost:
            break
    return value
