"""The check at the end of a remote game, once both sides' keys are public.

Each side checks what its peer did, with the peer's keys: its commitment, its
pass over the deck (the host's first deck and its per-card keys, or the guest's
shuffle), every partial decryption it sent; and the whole game replayed from
the start in a fresh game, every move legal and every flip the card the keys
open. The first thing wrong is returned as a message naming it.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..errors import HdchessError
from ..game import Game
from ..messages import Message
from ..rules import Ruleset
from ..vocabulary import Termination
from . import coin
from .deal import DeckDeal
from .group import Q, card_value, power


class RemoteSession(Protocol):
    """What the check reads of a session (:class:`hdchess.remote.session.RemoteSession`)."""

    role: str
    nonce: str
    peer_nonce: str
    commit: str
    pieces: list[int]
    decks: dict[str, list[int]]
    partials: dict[int, dict[str, int]]
    history: list[list[Any]]
    peer_keys: dict[str, Any] | None
    deal: DeckDeal
    game: Game | None
    ruleset: Ruleset | None


def check_transcript(session: RemoteSession) -> Message | None:
    """What the peer did wrong (None: nothing) by the transcript and the peer's published keys."""
    keys = session.peer_keys
    assert keys is not None
    cards = len(session.pieces)
    peer_is_host = session.role == "guest"
    host_nonce, guest_nonce = (session.peer_nonce, session.nonce) if peer_is_host else (session.nonce,
                                                                                       session.peer_nonce)
    if peer_is_host and not coin.opens(host_nonce, session.commit):
        return Message("remote.commit")
    card_keys: list[int] = keys["cards"]
    if len(card_keys) != cards or (keys["global"] is None) == (peer_is_host and cards > 0):
        return Message("remote.bad_keys")
    if cards:
        problem = _check_deck_pass(session, keys["global"], card_keys, peer_is_host)
        if problem is not None:
            return problem
        for card, pair in session.partials.items():
            if pair["peer_key"] != card_keys[card] or pair["peer"] != power(session.decks["d3"][card], card_keys[card]):
                return Message("remote.partial_mismatch", sq=_slot_name(session, card))
    return _check_moves(session)


def _check_deck_pass(session: RemoteSession, global_key: int | None, card_keys: list[int],
                     peer_is_host: bool) -> Message | None:
    d1, d2, d3 = session.decks["d1"], session.decks["d2"], session.decks["d3"]
    if peer_is_host:
        assert global_key is not None
        if set(d1) != {power(card_value(i), global_key) for i in range(len(d1))}:
            return Message("remote.host_deck")
        for card, (before, after) in enumerate(zip(d2, d3, strict=True)):
            if power(after, global_key * card_keys[card] % Q) != before:
                return Message("remote.rekey", sq=_slot_name(session, card))
        return None
    if sorted(power(x, k) for x, k in zip(d2, card_keys, strict=True)) != sorted(d1):
        return Message("remote.shuffle")
    return None


def _check_moves(session: RemoteSession) -> Message | None:
    """Replay the history (actions with what they revealed, takebacks, the ending) in a fresh game."""
    assert session.ruleset is not None and session.game is not None
    game = Game(session.ruleset)
    for number, entry in enumerate(session.history, 1):
        try:
            if entry[0] == "act":
                game.replay(entry[3])
            elif entry[0] == "undo":
                for _ in range(entry[1]):
                    game.undo()
        except HdchessError as exc:
            return Message("remote.replay", number=number, move=str(entry[-1]), reason=str(exc))
    final = session.game.outcome
    replayed = game.outcome
    if final is not None and final.termination in _RULE_ENDINGS and (replayed is None or replayed != final):
        return Message("remote.ending", reason=str(final.describe()))
    if [m.text for m in game.moves] != [m.text for m in session.game.moves]:
        return Message("remote.ending", reason="the moves differ")
    return None


def _slot_name(session: RemoteSession, card: int) -> str:
    assert session.ruleset is not None
    state = session.ruleset.new_state()
    return str(state.geometry.square_names[session.deal.slots[card]])


_RULE_ENDINGS = {Termination.NO_ACTIONS, Termination.NO_PROGRESS, Termination.REPETITION, Termination.GENERAL_LOST,
                 Termination.ALL_CAPTURED, Termination.GENERAL_COVERED}

__all__ = ["check_transcript"]
