"""Where chance comes from: the referee's sources of hidden information.

Face-down pieces are a public pool. Only the referee learns what a flip (or a
gaiqi blind capture) reveals, at the moment it happens, from a source that
nothing else can read:

- :class:`FairDraw` draws each result from the pool as it stands, with the
  system's cryptographic random source (``random.SystemRandom``; in the
  browser it is backed by ``crypto.getRandomValues``). Nothing is decided in
  advance: taking a flip back returns the piece to the pool, and flipping
  again draws afresh. This is every ordinary game.
- :class:`KnownDeal` lays the pool out on the face-down squares from a seed,
  for practice, puzzles, tests and paired matches: the same seed, the same
  game. Anyone with the seed can predict every flip, so such a game is marked
  as a known deal, and its seed is never shown to a player's program or
  written into a record.

Both work through the state protocol's chance hooks, so a new game with
chance needs no change here. Any object with the same three members
(:class:`ChanceSource`) can be given to ``Game(deal=...)`` instead: a remote
game's flips come from its mental-poker deck (:mod:`hdchess.remote.deal`).
"""

from __future__ import annotations

import random
from typing import Protocol

from .errors import IllegalMoveError, RulesetError
from .inputs import whole_number
from .rules import GameState
from .vocabulary import Action

SEED_MAX = 2**63 - 1


def check_seed(value: object, name: str = "seed") -> int:
    """A deal seed: a whole number from 0 to SEED_MAX (text of ASCII digits or an int)."""
    return whole_number(value, name, 0, SEED_MAX, RulesetError, signed=True)


class ChanceSource(Protocol):
    """Where a game's chance results come from: what ``Game`` asks when a chance action is played."""

    known: bool  # can anyone with a secret predict every result (a known deal)?

    def reveal(self, state: GameState, action: Action, recorded: int | None = None) -> int: ...

    def take_back(self, state: GameState, action: Action, outcome: int) -> None: ...


class FairDraw:
    """Draws every chance result at the moment it happens, from the pool's odds."""

    known = False

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.SystemRandom()

    def reveal(self, state: GameState, action: Action, recorded: int | None = None) -> int:
        """What the chance action turns up: ``recorded`` when a record says so, else a fresh draw."""
        if recorded is not None:
            return recorded
        outcomes = state.chance_outcomes(action)
        return self._rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]

    def take_back(self, state: GameState, action: Action, outcome: int) -> None:
        """An undo: the piece is back in the pool, and the next draw is a fresh one."""


class KnownDeal:
    """A layout of the pool on the face-down squares, fixed by a seed (or an RNG)."""

    known = True

    def __init__(self, state: GameState, seed: int | None = None, rng: random.Random | None = None) -> None:
        if rng is None:
            rng = random.Random(f"hdchess deal {check_seed(seed)}")  # string seeds: 5 and -5 differ
        pieces = state.pool_pieces()
        rng.shuffle(pieces)
        self.layout = dict(zip(state.chance_slots(), pieces, strict=True))  # slot -> outcome, until revealed

    def reveal(self, state: GameState, action: Action, recorded: int | None = None) -> int:
        """The piece dealt to the action's slot. When a record says the action
        revealed something else, the record wins: that piece is swapped into the
        slot from another face-down one, so the rest of the deal stays as dealt."""
        slot = _slot(state, action)
        dealt = self.layout[slot]
        if recorded is not None and recorded != dealt:
            other = next((s for s, p in self.layout.items() if p == recorded), None)
            if other is None:
                raise IllegalMoveError("the deal has no such piece face-down")
            self.layout[other] = dealt
            dealt = recorded
        del self.layout[slot]
        return dealt

    def take_back(self, state: GameState, action: Action, outcome: int) -> None:
        """An undo puts the revealed piece back where it lay (the deal is known anyway)."""
        self.layout[_slot(state, action)] = outcome


def _slot(state: GameState, action: Action) -> int:
    """The face-down square a chance action reveals (the referee draws only for those)."""
    slot = state.chance_slot(action)
    if slot is None:
        raise IllegalMoveError("the action reveals nothing: there is nothing to deal")
    return slot


__all__ = ["SEED_MAX", "ChanceSource", "FairDraw", "KnownDeal", "check_seed"]
