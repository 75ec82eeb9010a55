"""Turkish 51 for learners and search: its action numbering, where melds are
numbered by their faces, not by physical copies, and the state fields that
``sample_state`` reads from the history.

A laid meld is numbered by what it shows (T51-2): a double by its two faces (a
joker may stand in); a set by its rank, the suits of its natural cards and how
many jokers it holds; a run by its suit, lowest rank, length and the places of
its jokers. The ``target`` of a
lay-off or joker retrieval is a meld's place on the table, below
:data:`MAX_TABLE` (every table meld holds two cards or more).

Examples:
    >>> from cardrules import games
    >>> game = games.create("turkish51")
    >>> game.num_actions
    147439
    >>> meld = game.parse_move(None, "meld run 4h,5h,Jk")
    >>> game.action_index(meld) == game.action_index(game.parse_move(None, "meld run 4h,5h,6h"))
    False
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from cardrules.cards import Card, Rank, Suit
from cardrules.engine import Codec, cards_codec, int_codec, multiset_count
from cardrules.errors import InvalidMoveError
from cardrules.games.turkish51.moves import Cancel, Discard, LayOff, Open, Retrieve
from cardrules.melds import MeldKind

#: The most melds the table can hold: 106 cards, two or more a meld.
MAX_TABLE = 53
#: The longest run: ace low to ace high is not a run (T51-2.2), so 13, with room for 14.
MAX_RUN = 14
MAX_JOKERS = 2
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
    """The numbering of a ``meld`` move: doubles, then sets, then runs."""
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


def action_fields(faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
    """The codecs of Turkish 51's moves that the engine cannot number alone."""
    target = int_codec(0, MAX_TABLE - 1)
    return {
        "meld": {"": meld_codec(faces)},
        "layoff": {"target": target},
        "retrieve": {"target": target, "cards": cards_codec(faces, MAX_JOKERS, 1)},
    }


def sample_fields(view: Any) -> dict[str, Any]:
    """The state fields of the turn in progress that the view leaves out, read from
    its history (a turn ends with a discard, T51-4.5): whether the player cancelled
    an opening (T51-5.5), whether he went down this turn and added nothing to the
    table since (T51-8.2), and the turns of the deal (T51-8.8: exact in the first
    deal; in a later deal the view cannot tell where the deal began, so the count
    is the match's discards, kept below ``max_turns`` so that no sampled deal ends
    early: inexact only for a deal near that limit).
    """
    history = view.history
    start = max((i + 1 for i, m in enumerate(history) if isinstance(m, Discard)), default=0)
    turn = history[start:]
    opened_now = False
    for move in turn:
        if isinstance(move, Open):
            opened_now = True
        elif isinstance(move, (LayOff, Retrieve)):
            opened_now = False
    discards = sum(isinstance(m, Discard) for m in history)
    return {
        "cancelled": any(isinstance(m, Cancel) for m in turn),
        "opened_now": opened_now,
        "turns": discards if view.deal == 0 else min(discards, view.options.max_turns - 1),
    }
