"""Rummy melds as actions: a laid meld numbered by its faces, not by physical copies.

A meld is numbered by what it shows: a double (two identical cards, a joker
may stand in) by its two faces; a set by its rank, the suits of its natural
cards and how many jokers it holds; a run by its suit, lowest rank, length and
the places of its jokers (at most two). Games with rummy melds (Turkish 51,
Kalooki 51) number their ``meld`` moves with ``meld_codec``.

Examples:
    >>> from cardrules import decks
    >>> from cardrules.cards import parse_cards
    >>> faces = tuple(sorted(set(decks.double().cards)))
    >>> codec = meld_codec(faces)
    >>> codec.size
    63111
"""

from __future__ import annotations

import math
from typing import Any

from cardrules.cards import Card, Rank, Suit
from cardrules.engine._actions import Codec, cards_codec, multiset_count
from cardrules.errors import InvalidMoveError
from cardrules.melds import MeldKind

MAX_RUN = 14  # the longest run numbered: a whole suit, with room for one more
MAX_JOKERS = 2  # jokers numbered in one meld
_SUITS = {suit: i for i, suit in enumerate(Suit)}
_SPOTS = 1 + MAX_RUN + math.comb(MAX_RUN, 2)  # joker places: none, one, two
_RUN_SIZE = len(_SUITS) * 12 * (MAX_RUN - 2) * _SPOTS
_SET_SIZE = 13 * 16 * (MAX_JOKERS + 1)


def _bad(cards: Any, why: str) -> InvalidMoveError:
    return InvalidMoveError(f"meld {cards!r:.60} is outside the action space: {why}")


def _run_number(cards: tuple[Card, ...]) -> int:
    length = len(cards)
    jokers = [p for p, c in enumerate(cards) if c.rank.is_joker]
    naturals = [(p, c) for p, c in enumerate(cards) if not c.rank.is_joker]
    if not 3 <= length <= MAX_RUN or len(jokers) > MAX_JOKERS or not naturals:
        raise _bad(cards, "not a run of 3 to 14 cards with at most two jokers")
    plain = [(p, c) for p, c in naturals if c.rank is not Rank.ACE]
    if plain:
        start = int(plain[0][1].rank) - plain[0][0]
    else:  # only aces: low at the front, else high
        start = 1 if naturals[0][0] == 0 else 14 - naturals[0][0]
    suit = naturals[0][1].suit
    if suit is None or not 1 <= start <= 12:
        raise _bad(cards, "no run starts there")
    if not jokers:
        spot = 0
    elif len(jokers) == 1:
        spot = 1 + jokers[0]
    else:
        spot = 1 + MAX_RUN + math.comb(jokers[1], 2) + jokers[0]
    return ((_SUITS[suit] * 12 + start - 1) * (MAX_RUN - 2) + length - 3) * _SPOTS + spot


def _set_number(cards: tuple[Card, ...]) -> int:
    naturals = [c for c in cards if not c.rank.is_joker]
    jokers = len(cards) - len(naturals)
    ranks = {c.rank for c in naturals}
    if len(ranks) != 1 or jokers > MAX_JOKERS or any(c.suit is None for c in naturals):
        raise _bad(cards, "not a set of one rank")
    mask = sum(1 << _SUITS[c.suit] for c in naturals if c.suit is not None)
    return ((int(naturals[0].rank) - 2) * 16 + mask) * (MAX_JOKERS + 1) + jokers


def meld_codec(faces: tuple[Card, ...]) -> Codec:
    """The numbering of a ``meld`` move (fields ``kind`` and ``cards``): doubles,
    then sets, then runs."""
    pair = cards_codec(faces, 2, 2).encode
    doubles = multiset_count(len(faces), 2)

    def encode(move: Any) -> int:
        kind, cards = move.kind, move.cards
        if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
            raise _bad(cards, "not cards")
        if kind is MeldKind.DOUBLE:
            return pair(cards)
        if kind is MeldKind.SET:
            return doubles + _set_number(cards)
        if kind is MeldKind.RUN:
            return doubles + _SET_SIZE + _run_number(cards)
        raise _bad(cards, f"unknown kind {kind!r}")

    size = doubles + _SET_SIZE + _RUN_SIZE
    return Codec(size, encode, f"double face, set, or run by faces ({size})")
