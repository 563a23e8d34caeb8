"""The mental-poker deck: three passes of commutative (SRA) encryption, and a card's opening.

1. The host encrypts every card with its global key ``a`` and shuffles: ``D1 = shuffle(m^a)``.
2. The guest shuffles ``D1`` and locks position ``j`` so that its *opening key* ``b_j`` takes the
   lock off: ``D2[j] = D1[π(j)]^(1/b_j)``.
3. The host swaps its global layer for a lock of its own per card, opened by ``a_j``:
   ``D3[j] = D2[j]^(1/(a a_j))``, so ``D3[j] = m^(1/(a_j b_j))``.

``D3[j]`` lies on the ``j``-th face-down square. To open it each side raises it to
its opening key (a *partial decryption*); since every card has its own keys, a
partial decryption of one card opens no other, and a false one opens no card at
all. Opening keys are short (:data:`.group.KEY_BITS`), so a flip is cheap; the
locks they open are full-size exponents, paid once at the set-up.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from .group import Q, card_value, inverse, is_member, new_key, power


def shuffled(items: list[int]) -> list[int]:
    """A uniformly random permutation from ``secrets`` (Fisher-Yates)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = secrets.randbelow(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@dataclass
class DeckKeys:
    """One side's secret keys: the host's global key (None for the guest) and a key per card position."""

    global_key: int | None
    card_keys: list[int]


def host_encrypt(cards: int) -> tuple[int, list[int]]:
    """Pass 1 (host): the global key, and every card encrypted with it, shuffled."""
    key = new_key()
    return key, shuffled([power(card_value(i), key) for i in range(cards)])


def guest_encrypt(deck: list[int]) -> tuple[list[int], list[int]]:
    """Pass 2 (guest): an opening key per position, and the host's deck shuffled and locked position by position."""
    keys = [new_key() for _ in deck]
    return keys, [power(x, inverse(k)) for x, k in zip(shuffled(deck), keys, strict=True)]


def host_rekey(global_key: int, deck: list[int]) -> tuple[list[int], list[int]]:
    """Pass 3 (host): an opening key per position, the global layer swapped for the lock it opens."""
    keys = [new_key() for _ in deck]
    return keys, [power(x, inverse(global_key * k % Q)) for x, k in zip(deck, keys, strict=True)]


def partial(ciphertext: int, opening_key: int) -> int:
    """This side's layer taken off one card."""
    return power(ciphertext, opening_key)


def card_values(cards: int) -> dict[int, int]:
    """Each card's plaintext value -> its index in the deck."""
    return {card_value(i): i for i in range(cards)}


def deck_problem(deck: object, cards: int) -> str | None:
    """What is wrong with a deck received from the peer (None: nothing): the count, a repeat, a non-residue."""
    if not isinstance(deck, list) or len(deck) != cards:
        return f"it holds {len(deck) if isinstance(deck, list) else 'no'} cards, not {cards}"
    if len(set(deck)) != len(deck):
        return "two of its cards are the same"
    if not all(isinstance(x, int) and is_member(x) for x in deck):
        return "a card is not an element of the group's residues"
    return None


__all__ = ["DeckKeys", "card_values", "deck_problem", "guest_encrypt", "host_encrypt", "host_rekey", "partial",
           "shuffled"]
