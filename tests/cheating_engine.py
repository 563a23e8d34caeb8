#!/usr/bin/env python3
"""A cheating engine for the fair-play tests: it tries every way a program in a
match could learn the deal, and bets on each face-down piece before it flips.

    python3 tests/cheating_engine.py

It speaks the engine protocol and plays random legal actions (flips more often
than not). Before each of its flips it predicts the piece, by, in order:

1. the match's own deal functions (``hdchess.match.game_seeds`` and the
   referee's ``KnownDeal``) replayed from every seed it can think of: 0-20,
   and any ``--seed`` (or a variable naming a seed) it finds in its parent's
   and grandparent's command line and environment, or in a pipe those name;
   it keeps the deals that agree with every flip of the game so far;
2. its notes on disk: what every earlier game of the match revealed (the
   second game of a pair replays the first one's deal);
3. failing both, the commonest piece in the pool (what an honest guess does).

Notes and the log live in the directory named by ``HDCHESS_CHEAT_DIR`` (else
the working directory): ``notes.json`` between games, and ``cheat.log``, one
JSON line per prediction (the moves before it, the square, the guess, how it
was found) and one per result learned (``actual``, ``hit``, and ``p``: the
pool's odds of the guess).
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hdchess import Game, load_ruleset  # noqa: E402
from hdchess.core import piece_letter  # noqa: E402
from hdchess.match import game_seeds  # noqa: E402
from hdchess.referee import KnownDeal  # noqa: E402

HOME = Path(os.environ.get("HDCHESS_CHEAT_DIR") or ".")
NOTES = HOME / "notes.json"
LOG = HOME / "cheat.log"
DEALS_PER_SEED = 64


def _proc(pid: int, name: str) -> bytes:
    try:
        return Path(f"/proc/{pid}/{name}").read_bytes()
    except OSError:
        return b""


def _ancestors() -> list[int]:
    pids, pid = [], os.getpid()
    for _ in range(2):
        stat = _proc(pid, "stat").decode(errors="replace")
        match = re.match(r"\d+ \(.*\) \S (\d+)", stat)
        if not match:
            break
        pid = int(match.group(1))
        pids.append(pid)
    return pids


def found_seeds() -> set[int]:
    """Seeds in the parent's and grandparent's command line, environment and named pipes."""
    seeds: set[int] = set()
    for pid in _ancestors():
        args = [a.decode(errors="replace") for a in _proc(pid, "cmdline").split(b"\0")]
        for i, arg in enumerate(args):
            if arg in ("--seed", "--see") and i + 1 < len(args) and args[i + 1].lstrip("-").isdigit():
                seeds.add(int(args[i + 1]))
            elif arg.startswith(("--seed=", "--see=")) and arg.split("=", 1)[1].isdigit():
                seeds.add(int(arg.split("=", 1)[1]))
        for item in _proc(pid, "environ").split(b"\0"):
            key, _, value = item.decode(errors="replace").partition("=")
            if "SEED" in key.upper() and value.isdigit():
                seeds.add(int(value))
                try:  # a descriptor named by the environment: read what is left in it
                    fd = os.open(f"/proc/{pid}/fd/{value}", os.O_RDONLY | os.O_NONBLOCK)
                    text = os.read(fd, 64).decode(errors="replace")
                    os.close(fd)
                    seeds.update(int(n) for n in re.findall(r"\d+", text))
                except OSError:
                    pass
    return seeds


class Cheater:
    def __init__(self) -> None:
        self.variant = "hdc2"
        self.rng = random.Random()
        self.candidates = sorted(set(range(21)) | found_seeds())
        self.notes = json.loads(NOTES.read_text()) if NOTES.exists() else {"games": 0, "layouts": []}
        self.layouts: list[dict[int, int]] | None = None
        self.game = Game(load_ruleset(self.variant))
        self.revealed: dict[int, int] = {}
        self.pending: dict[str, object] | None = None
        self.game_number = -1

    def log(self, entry: dict[str, object]) -> None:
        with LOG.open("a", encoding="utf-8") as out:
            out.write(json.dumps(entry) + "\n")

    def deals(self) -> list[dict[int, int]]:
        if self.layouts is None:
            start = load_ruleset(self.variant).new_state()
            self.layouts = [KnownDeal(start, deal).layout for seed in self.candidates
                            for deal in game_seeds(seed, DEALS_PER_SEED)]
        return self.layouts

    def new_game(self) -> None:
        self.save()
        self.game_number = self.notes["games"]
        self.notes["games"] += 1
        self.notes["layouts"].append({})
        self.revealed = {}
        self.pending = None
        self.game = Game(load_ruleset(self.variant))

    def save(self) -> None:
        if self.game_number >= 0:
            self.notes["layouts"][self.game_number] = {str(k): v for k, v in self.revealed.items()}
        NOTES.write_text(json.dumps(self.notes))

    def position(self, moves: list[str]) -> None:
        game = Game(load_ruleset(self.variant))
        revealed: dict[int, int] = {}
        for text in moves:
            action, outcome = game.parse(text)
            if game.state.is_chance(action) and outcome is not None:
                revealed[game.state.chance_slot(action)] = outcome
            game.replay(action, outcome)
        pending = self.pending
        if pending is not None and len(moves) > len(pending["moves"]):  # type: ignore[arg-type]
            actual = revealed.get(pending["slot"])  # type: ignore[arg-type]
            if actual is not None:
                self.log({"game": self.game_number, "ply": len(pending["moves"]),  # type: ignore[arg-type]
                          "actual": piece_letter(actual), "guess": pending["guess"],
                          "hit": piece_letter(actual) == pending["guess"], "p": pending["p"]})
            self.pending = None
        self.game, self.revealed = game, revealed
        self.moves = list(moves)
        self.save()

    def predict(self, slot: int) -> tuple[int | None, str]:
        votes: dict[int, int] = {}  # what the deals that agree with every flip so far put there
        for layout in self.deals():
            if slot in layout and all(layout.get(s) == p for s, p in self.revealed.items()):
                votes[layout[slot]] = votes.get(layout[slot], 0) + 1
        if votes and max(votes.values()) * 2 > sum(votes.values()):  # the deals agree: one of them is the match's
            return max(votes, key=lambda piece: votes[piece]), "seed"
        for index, old in enumerate(self.notes["layouts"]):
            if index == self.game_number or str(slot) not in old:
                continue
            if self.revealed and all(old.get(str(s)) == p for s, p in self.revealed.items() if str(s) in old) \
                    and any(str(s) in old for s in self.revealed):
                return int(old[str(slot)]), "notes"
        return None, "pool"

    def go(self) -> str:
        state = self.game.state
        actions = state.legal_actions()
        flips = [a for a in actions if state.is_chance(a)]
        action = self.rng.choice(flips if flips and self.rng.random() < 0.7 else actions)
        if state.is_chance(action):
            odds = dict(state.chance_outcomes(action))
            slot = state.chance_slot(action)
            guess, how = self.predict(slot)
            if guess is None or guess not in odds:
                guess, how = max(odds, key=lambda piece: odds[piece]), "pool"
            self.pending = {"moves": self.moves, "slot": slot, "guess": piece_letter(guess), "p": odds[guess]}
            self.log({"game": self.game_number, "moves": self.moves, "square": state.action_text(action),
                      "guess": piece_letter(guess), "how": how, "p": odds[guess]})
        return state.action_text(action)


def main() -> int:
    cheater = Cheater()
    cheater.moves = []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "uci":
            print("id name cheater\noption name Variant type combo default hdc2 var hdc2\nuciok", flush=True)
        elif command == "isready":
            print("readyok", flush=True)
        elif command == "setoption" and len(words) >= 5 and words[2] == "Variant":
            cheater.variant = words[4]
        elif command == "ucinewgame":
            cheater.new_game()
        elif command == "position":
            cheater.position(words[words.index("moves") + 1:] if "moves" in words else [])
        elif command == "go":
            print(f"bestmove {cheater.go()}", flush=True)
        elif command == "quit":
            break
    cheater.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
