"""A test suite of Cheight's forced wins, from self-play: ``python -m hdchess.lab.mates``.

Plays quick self-play games (:mod:`.quick_play`) on both Cheight boards (8 x 4
and 4 x 4), asks the forced-win search (:mod:`hdchess.ai.mate`) about the positions
of each game's last moves, and keeps a mix: wins in 1 to N, proven losses, and
positions with neither within the depth asked. Every kept entry is checked
again by plain minimax (:func:`exhaustive`: every action at every node, no
table, no move ordering, the rules' own end of the game with repetitions
counted as they happen), so the file states what an independent search
proved. One line per entry, in the position notation::

    <position line> ; win 3 [layout=minimal]

``win N``: the side to move covers the General in N of its moves against any
defence, and not in fewer; ``loss N``: the other side does so whatever the
side to move plays, and not in fewer; ``none N``: neither side can force it
within N moves.

    python -m hdchess.lab.mates --games 200 --out tests/data/cheight_mates.txt
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator

from ..ai.mate import forced_win
from ..rules import GameState
from ..stacks.state import State
from ..variants import load_ruleset
from .quick_play import game

BOARDS = {"normal": {}, "minimal": {"layout": "minimal"}}  # 8 x 4 and 4 x 4: the rule options of each


def exhaustive(state: GameState, attacker: int, depth: int) -> bool:
    """Does ``attacker`` win within ``depth`` of its moves? Plain minimax over every action (a swap
    uses no move), the game's end exactly as ``outcome`` says, repetitions included."""
    actions = state.legal_actions()
    outcome = state.outcome(actions)
    if outcome is not None:
        return outcome.winner == attacker
    if depth <= 0:
        return False
    attacking = state.side == attacker
    for action in actions:
        ply = state.ply
        state.push(action)
        moved = state.ply != ply
        won = exhaustive(state, attacker, depth - 1 if moved and attacking else depth)
        state.pop()
        if won == attacking:
            return attacking
    return not attacking


def verdict(state: GameState, depth: int) -> tuple[str, int]:
    """``("win", N)``, ``("loss", N)`` with the shortest N up to ``depth``, or ``("none", depth)``, by
    :func:`exhaustive` alone. Each depth asks both sides (one that wins by force cannot also lose by
    force), so a loss is found without first proving that no win exists to the full depth."""
    me = state.side
    for n in range(1, depth + 1):
        if exhaustive(state, me, n):
            return "win", n
        if exhaustive(state, me ^ 1, n):
            return "loss", n
    return "none", depth


def game_positions(board: str, seed: int, last: int) -> Iterator[GameState]:
    """The positions before one quick self-play game's last ``last`` moves (:mod:`.quick_play`;
    the game's end is where forced wins are)."""
    start = load_ruleset("cheight", **BOARDS[board]).new_state()
    assert isinstance(start, State)
    positions = game(start, seed)
    yield from positions[-last - 1:-1]


def line(state: GameState, kind: str, n: int, board: str) -> str:
    options = " ".join(f"{key}={value}" for key, value in BOARDS[board].items())
    return f"{state.position_text()} ; {kind} {n}" + (f" [{options}]" if options else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hdchess.lab.mates", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="self-play games per board")
    parser.add_argument("--depth", type=int, default=3, help="the longest win asked for, in moves")
    parser.add_argument("--last", type=int, default=8, help="positions from the end of each game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boards", nargs="+", choices=list(BOARDS), default=list(BOARDS))
    parser.add_argument("--nodes", type=int, default=400_000, help="the search's budget per position")
    parser.add_argument("--seconds", type=float, default=150.0, help="stop looking after this long")
    parser.add_argument("--out", default="-")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rng = random.Random(args.seed)
    kept: list[str] = []
    seen: set[str] = set()
    for number, board in enumerate(args.boards):
        per_kind: dict[str, int] = {}
        board_ends = started + args.seconds * (number + 1) / len(args.boards)  # each board its share of the time
        for number_of_game in range(args.games):
            if time.perf_counter() > board_ends:
                break
            for state in game_positions(board, args.seed * 1000 + number_of_game, args.last):
                if time.perf_counter() > board_ends:
                    break
                text = state.position_text()
                if text in seen:
                    continue
                seen.add(text)
                found = forced_win(state, args.depth, nodes=args.nodes)
                if not found.complete and found.moves is None:
                    continue
                kind = "none" if found.moves is None else "win" if found.moves > 0 else "loss"
                key = f"{kind}{abs(found.moves or args.depth)}"
                if per_kind.get(key, 0) >= 6 or (kind == "none" and rng.random() < 0.5):
                    continue
                checked = verdict(state, args.depth)
                expected = (kind, abs(found.moves) if found.moves is not None else args.depth)
                if checked != expected:
                    print(f"DISAGREE {text}: mate search {expected}, minimax {checked}", file=sys.stderr)
                    return 1
                per_kind[key] = per_kind.get(key, 0) + 1
                kept.append(line(state, *checked, board))
                print(kept[-1], file=sys.stderr, flush=True)
        print(f"{board}: {per_kind}", file=sys.stderr)
    header = ["# Cheight forced wins: <position> ; win N | loss N | none N [rule options]",
              f"# made by python -m hdchess.lab.mates --games {args.games} --boards {' '.join(args.boards)} "
              f"--nodes {args.nodes} --depth {args.depth} --last {args.last} --seed {args.seed}; "
              "each entry checked by plain minimax",
              "# win N: the side to move covers the General in N of its moves, not fewer; loss N: the other side",
              "# does so against any defence, not in fewer; none N: neither side within N moves."]
    text = "\n".join(header + kept) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(text)
    print(f"{len(kept)} entries in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
