"""The group the deck is encrypted in: RFC 3526's 2048-bit MODP safe prime.

``p = 2q + 1`` with ``q`` prime. Every card and every ciphertext lives in the
subgroup of quadratic residues, of prime order ``q``: raising to any exponent
invertible mod ``q`` is a bijection of it (SRA encryption), encryptions commute,
and since every element is a residue, the Legendre symbol (the one thing a
ciphertext of this group leaks for free) is the same for all of them.
"""

from __future__ import annotations

import hashlib
import re
import secrets

P = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74"
    "020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F1437"
    "4FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF05"
    "98DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB"
    "9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF695581718"
    "3995497CEA956AE515D2261898FA051015728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
Q = (P - 1) // 2
HEX_DIGITS = (P.bit_length() + 3) // 4  # an element written in hex: at most this many digits
HEX = re.compile("[0-9a-f]+")


def jacobi(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) for odd n > 0: the Legendre symbol when n is prime, with no modexp."""
    a %= n
    result = 1
    while a:
        while a % 2 == 0:
            a //= 2
            if n % 8 in (3, 5):
                result = -result
        a, n = n, a
        if a % 4 == 3 and n % 4 == 3:
            result = -result
        a %= n
    return result if n == 1 else 0


def is_member(x: int) -> bool:
    """Is ``x`` a quadratic residue in 2..p-2 (a card or a ciphertext could be; nothing else)?"""
    return 2 <= x <= P - 2 and jacobi(x, P) == 1


KEY_BITS = 256  # a short secret exponent: the best attack on it (Pollard's kangaroo) takes about 2^128 steps


def new_key() -> int:
    """A secret exponent from ``secrets``: 256 bits, so opening a card costs an eighth of a full one.
    Any exponent in 2..q-1 is invertible (q is prime)."""
    return 2 + secrets.randbelow(2**KEY_BITS)


def inverse(key: int) -> int:
    """The exponent that undoes ``key``."""
    return pow(key, -1, Q)


def power(x: int, exponent: int) -> int:
    return pow(x, exponent, P)


def card_value(index: int) -> int:
    """Card ``index`` of a deck as a group element: a square (a residue) no two cards share."""
    digest = int.from_bytes(hashlib.sha256(f"hdchess card {index}".encode()).digest(), "big")
    return digest * digest % P


def to_hex(x: int) -> str:
    return format(x, "x")


def from_hex(text: object) -> int | None:
    """A group element written in hex, or None if the text is not one (too long, not hex, out of range)."""
    if not isinstance(text, str) or not 0 < len(text) <= HEX_DIGITS or not HEX.fullmatch(text):
        return None
    value = int(text, 16)
    return value if 0 < value < P else None


__all__ = ["HEX_DIGITS", "KEY_BITS", "P", "Q", "card_value", "from_hex", "inverse", "is_member", "jacobi", "new_key",
           "power", "to_hex"]
