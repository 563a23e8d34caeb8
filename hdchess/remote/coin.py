"""Who opens, decided by commit and reveal: the host commits to a nonce, the guest answers
with its own in the clear, the host opens its commitment. Neither can steer the result:
the host is bound before it sees the guest's nonce, the guest sees nothing of the host's."""

from __future__ import annotations

import hashlib
import secrets


def new_nonce() -> str:
    return secrets.token_hex(32)


def commitment(nonce: str) -> str:
    return hashlib.sha256(bytes.fromhex(nonce)).hexdigest()


def opens(nonce: str, commit: str) -> bool:
    return secrets.compare_digest(commitment(nonce), commit)


def host_opens(host_nonce: str, guest_nonce: str, first: str) -> bool:
    """Does the host open the game (play as player 1)? ``first``: "host", "guest", or "random" (the coin)."""
    if first != "random":
        return first == "host"
    digest = hashlib.sha256(bytes.fromhex(host_nonce) + bytes.fromhex(guest_nonce)).digest()
    return digest[-1] & 1 == 0


__all__ = ["commitment", "host_opens", "new_nonce", "opens"]
