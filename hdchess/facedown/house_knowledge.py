"""The AI's knowledge of banqi's house rules (RULES.md 4.1): what the family's
evaluation and move ordering add when ``chain_captures`` or ``chariot_rush`` is on.

The family's :mod:`.knowledge` calls these only when the rules' movement has chains
(``Movement.chains``) or charges (``Movement.charges``), so the rules of section 4 are
evaluated and ordered exactly as before, at the same speed. What the house rules add:

- **The charging Chariot** (``chariot_rush``) takes anything from afar, so it is worth
  more than its score-table value: ``rush_chariot`` points for each Chariot alive (a
  face-down one by the pool's share), ``rush_lines`` more for each open line (an empty
  square beside it) a face-up Chariot can slide or charge along. A piece in a Chariot's
  open line is in danger: the movement's scan already counts a charge as a capture, so
  the evaluation's threat terms, quiescence and move ordering see it as one; a Chariot
  taken is ordered by its worth with the bonus.
- **Chains** (``chain_captures``): the evaluation's threat terms see one capture, a
  chain takes several. ``chain_threat`` weighs what the opponent's best chain takes
  beyond its best single capture (we move first, but a chain's second victim is often a
  piece nothing attacked), ``chain_attack`` ours. Move ordering and quiescence order a
  chain by everything it takes, so the longest, richest chains come first.

The weights are data, per variant, in ``house_weights.json`` beside this module (merged
into the variant's evaluation weights, so ``search:nodes=N,rush_chariot=0`` in a match
turns a term off).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from importlib import resources
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from ..core import CHARIOT, make_piece
from ..geometry import ORTHOGONAL, Geometry, per_geometry
from .position import chain_squares

if TYPE_CHECKING:
    from .position import Position

HOUSE_FEATURES = ("rush_chariot", "rush_lines", "chain_threat", "chain_attack")


class HouseWeights(Protocol):
    """The evaluation weights these terms read (the family's ``FaceDownWeights`` has them)."""

    @property
    def pool(self) -> float: ...
    @property
    def rush_chariot(self) -> float: ...
    @property
    def rush_lines(self) -> float: ...
    @property
    def chain_threat(self) -> float: ...
    @property
    def chain_attack(self) -> float: ...


@functools.cache
def house_weights(variant: str) -> Mapping[str, float]:
    """The house rules' weights of a variant (``house_weights.json``; none: every term off), read-only:
    the cache hands the same mapping to every caller."""
    table = json.loads(resources.files(__package__).joinpath("house_weights.json").read_text(encoding="utf-8"))
    return MappingProxyType({name: float(value) for name, value in table.get(variant, {}).items()
                             if name in HOUSE_FEATURES})


def _worth(state: Position) -> tuple[float, ...]:
    """Each mailbox content's worth to the house rules' ordering and chains: its score-table
    value, a Chariot's with its bonus where it charges."""
    values = state._values
    if not state._movement.charges:
        return values
    return _charging_worth(values, house_weights(state.ruleset.variant).get("rush_chariot", 0.0))


@functools.cache
def _charging_worth(values: tuple[float, ...], bonus: float) -> tuple[float, ...]:
    return tuple(value + bonus if content < 16 and content & 7 == CHARIOT else value
                 for content, value in enumerate(values))


def chain_gain(state: Position, action: int, worth: tuple[float, ...]) -> float:
    """What a capture or a chain of captures takes: its victims' worth, summed (each
    landing square holds one victim before the chain)."""
    mailbox = state.mailbox
    return sum(worth[mailbox[sq]] for sq in chain_squares(state._bits, action)[1])


def rescore(state: Position, captured: Sequence[tuple[float, int]]) -> list[tuple[int, int]]:
    """The family's MVV-LVA scores of these captures, again under the house rules: a
    chain by everything it takes, a Chariot taken (it charges) by its worth with the bonus."""
    worth, mailbox, bits, mask = _worth(state), state.mailbox, state._bits, state._mask
    return [(round(chain_gain(state, action, worth) * 16 - worth[mailbox[action >> bits & mask]]), action)
            for _, action in captured]


def _best_chain(state: Position, color: int, worth: tuple[float, ...]) -> float:
    """The most ``color``'s best chain of two or more captures takes (0: it has none)."""
    actions: list[int] = []
    state._movegen(state, color, actions)
    shift, best = 2 * state._bits, 0.0
    for action in actions:
        if action >> shift:
            gain = chain_gain(state, action, worth)
            if gain > best:
                best = gain
    return best


@per_geometry
def _orthogonal(geometry: Geometry) -> tuple[int, ...]:
    return geometry.steps(ORTHOGONAL)


def _open_lines(mailbox: list[int], piece: int, count: int, steps: tuple[int, ...], empty: int) -> int:
    """The open lines (an empty square beside it) of the ``count`` pieces ``piece`` on the board."""
    lines, sq = 0, -1
    for _ in range(count):
        sq = mailbox.index(piece, sq + 1)
        lines += (steps[sq] & empty).bit_count()
    return lines


def terms(state: Position, weights: HouseWeights, our_captures: int, their_captures: int) -> float:
    """The house rules' terms of the evaluation, for the side to move (added to the family's)."""
    side = state.side
    other = side ^ 1
    movement = state._movement
    value = 0.0
    if movement.charges and (weights.rush_chariot or weights.rush_lines):
        ours, theirs = make_piece(side, CHARIOT), make_piece(other, CHARIOT)
        shown, pool = state.shown, state.pool
        if weights.rush_chariot:
            value += weights.rush_chariot * (shown[ours] - shown[theirs] + weights.pool * (pool[ours] - pool[theirs]))
        if weights.rush_lines and (shown[ours] or shown[theirs]):
            mailbox, steps, empty = state.mailbox, _orthogonal(state.geometry), ~state.occupied
            lines = _open_lines(mailbox, ours, shown[ours], steps, empty)
            value += weights.rush_lines * (lines - _open_lines(mailbox, theirs, shown[theirs], steps, empty))
    if movement.chains:
        worth = _worth(state)
        if weights.chain_threat and their_captures:
            best_single = max(worth[state.mailbox[sq]] for sq in state.geometry.squares(their_captures))
            value -= weights.chain_threat * max(0.0, _best_chain(state, other, worth) - best_single)
        if weights.chain_attack and our_captures:
            best_single = max(worth[state.mailbox[sq]] for sq in state.geometry.squares(our_captures))
            value += weights.chain_attack * max(0.0, _best_chain(state, side, worth) - best_single)
    return value


__all__ = ["HOUSE_FEATURES", "HouseWeights", "chain_gain", "house_weights", "rescore", "terms"]
