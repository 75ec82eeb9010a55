"""Turkish 51: what a hand alone can do, read without the state (T51-2, T51-4.3, T51-5.4).

Package-internal: the quick tests of whether a card could meld with a hand
(``_could_meld``, ``_loose_cards``), the melds and doubles a hand can lay while keeping a
card to discard, the best opening that melds a given card, and whether a hand goes out at
once; and the public ``table_fits``. ``_legal`` builds the legal moves on them.

Examples:
    >>> from cardrules import parse_cards
    >>> _could_meld(parse_cards("Kc")[0], tuple(parse_cards("Kd 2s 9h")))
    False
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Iterable, Sequence

from cardrules.cards import JOKER, Card, Rank
from cardrules.errors import CardRulesError
from cardrules.games._rummy import LayMeld, TableMeld, lay_meld_move
from cardrules.games._rummy import table_fits as _fits_of
from cardrules.games.turkish51.scoring import DECK, RULES
from cardrules.melds import (
    Meld,
    MeldKind,
    _candidate_cards,
    _fewest_left,
    _left_bound,
    _opening_values,
    _window_starts,
    solve,
)

__all__ = ["table_fits"]


def _could_meld(card: Card, hand: tuple[Card, ...]) -> bool:
    """A quick necessary test: could ``card`` join cards of ``hand`` in some set or run?"""
    rank, suit = card
    if suit is None:  # a joker
        return True
    jokers = 0
    suits = set()  # the other suits of the card's rank
    places = 0  # bit mask of the run places of the card's suit
    for other_rank, other_suit in hand:
        if other_suit is None:
            jokers += 1
        elif other_suit == suit:
            places |= 1 << other_rank
        elif other_rank == rank:
            suits.add(other_suit)
    need = RULES.min_length - 1 - jokers  # other natural cards needed beside ``card``
    if need <= 0 or len(suits) >= need:
        return True
    if places >> 14 & 1:
        places |= 2  # an ace is low too
    length = RULES.min_length
    for place in (1, 14) if rank == Rank.ACE else (rank,):
        for start in range(place - length + 1, place + 1):
            window = ((1 << length) - 1) << start if start >= 0 else (1 << (start + length)) - 1
            if (window & places & ~(1 << place)).bit_count() >= need:
                return True
    return False


def _loose_cards(hand: Sequence[Card]) -> int:
    """How many cards of ``hand`` fit no meld with the others at all: those for which
    `_could_meld` with the rest of the hand is false, all found in one pass.

    Examples:
        >>> from cardrules import parse_cards
        >>> _loose_cards(parse_cards("Kc Kd Ks 2s 9h 9c")), _loose_cards(parse_cards("2s 3s 9h Jk"))
        (3, 1)
    """
    jokers = 0
    suits_of = [0] * 16  # per rank, the suits held (a bit each)
    places = [0, 0, 0, 0]  # per suit, the run places held (an ace at 1 and at 14)
    for rank, suit in hand:
        if suit is None:  # a joker
            jokers += 1
        else:
            suits_of[rank] |= 1 << suit
            places[suit] |= _PLACE_BITS[rank]
    need = RULES.min_length - 1 - jokers  # other natural cards needed beside a card
    if need <= 0:
        return 0
    # Per suit, the places inside a run's window that holds the card and ``need`` others.
    length = RULES.min_length
    live = []
    for mask in places:
        starts = _window_starts(mask, length, need + 1)
        near = 0
        for k in range(length):
            near |= starts << k
        live.append(near)
    loose = 0
    for rank, suit in hand:
        if suit is None:
            continue
        if suits_of[rank].bit_count() - 1 < need and not live[suit] & _PLACE_BITS[rank]:
            loose += 1
    return loose


_PLACE_BITS = [1 << rank for rank in range(16)]
_PLACE_BITS[Rank.ACE] |= 1 << 1  # an ace is low too


def _out_at_once_with(taken: Card, hand: tuple[Card, ...]) -> bool:
    """Whether ``hand``, holding the just-taken ``taken``, melds completely but for one
    card to discard that is not ``taken`` (T51-4.3, T51-4.6, T51-5.4): going out at once.

    Examples:
        >>> from cardrules import parse_card, parse_cards
        >>> hand = tuple(parse_cards("Ac 2c 3c 2d 3d 4d 2h 3h 4h Kd"))
        >>> [_out_at_once_with(parse_card(top), hand) for top in ("4h", "Kd")]
        [True, False]
    """
    if _loose_cards(hand) > 1:
        return False
    key = tuple(sorted(hand))
    if _left_bound(key, RULES) > 1 or _fewest_left(key, RULES) > 1:  # a bound, then the search
        return False
    left = solve(key, RULES, objective="all").deadwood
    if len(left) > 1:
        return False
    if len(left) == 1 and (left[0] != taken or key.count(taken) > 1):
        return True
    for card in sorted(set(key)):  # the best plan keeps the wrong card (or none): try each
        if card == taken and key.count(card) == 1:
            continue
        rest = list(key)
        rest.remove(card)
        if solve(rest, RULES, objective="all").all_melded:
            return True
    return False


@functools.lru_cache(maxsize=32)
def _lay_melds(hand: tuple[Card, ...]) -> tuple[LayMeld | None, ...]:
    """For each candidate meld of a sorted hand, in order, the move that lays it, or ``None``
    when it would leave no card to discard (T51-4.5)."""
    size = len(hand)
    return tuple(
        [
            lay_meld_move(kind, cards) if len(cards) < size else None
            for kind, cards in _candidate_cards(hand, RULES)
        ]
    )


@functools.lru_cache(maxsize=32)
def _meld_moves(hand: tuple[Card, ...]) -> tuple[LayMeld, ...]:
    """The melds a sorted hand can lay while keeping a card to discard (T51-4.5)."""
    return tuple([m for m in _lay_melds(hand) if m is not None])


def _best_opening_with(card: Card, hand: Sequence[Card]) -> int:
    """The most an opening from ``hand`` can be worth when one of its melds holds ``card``:
    that meld's value plus the best value of the rest (-1 when no meld holds the card)."""
    key = tuple(sorted(hand))
    best = -1
    for (_, cards), value in zip(
        _candidate_cards(key, RULES), _opening_values(key, RULES, card), strict=True
    ):
        if value > best and card in cards:
            best = value
    return best


def _double_moves(hand: tuple[Card, ...]) -> list[LayMeld]:
    """Every double the hand can lay (T51-2.3, T51-2.6), keeping a card to discard."""
    if len(hand) <= 2:
        return []
    return _sorted_double_moves(tuple(sorted(hand)))


def _sorted_double_moves(
    key: tuple[Card, ...], distinct: dict[Card, None] | None = None
) -> list[LayMeld]:
    """`_double_moves` of a sorted hand (``distinct``: its cards once each, in order, when
    the caller has them): for each card in card order, a pair of it held twice, then the
    card with a joker when the hand holds one (T51-2.3, T51-2.6).

    Examples:
        >>> from cardrules import parse_cards
        >>> key = tuple(sorted(parse_cards("5c 5c Kd Jk")))
        >>> [str(m) for m in _sorted_double_moves(key)]
        ['meld double 5c,5c', 'meld double 5c,Jk', 'meld double Kd,Jk']
        >>> key = tuple(sorted(parse_cards("Kd 5c 9h Kd 5c")))
        >>> [str(m) for m in _sorted_double_moves(key)]
        ['meld double 5c,5c', 'meld double Kd,Kd']
    """
    if len(key) <= 2:
        return []
    jokers = key.count(JOKER)  # the jokers sort after every card of the pack: last
    naturals = key[: len(key) - jokers] if jokers else key
    if distinct is None:
        distinct = dict.fromkeys(key)
    size = len(distinct) - 1 if jokers else len(distinct)  # the natural cards, once each
    if size == len(naturals):  # no card held twice
        return (
            list(map(_WITH_JOKER.__getitem__, itertools.islice(distinct, size))) if jokers else []
        )
    # the cards equal to the next one: held twice (or more)
    twice = dict.fromkeys(itertools.compress(naturals, map(operator.eq, naturals, naturals[1:])))
    if not jokers:
        return list(map(_TWINS.__getitem__, twice))
    out: list[LayMeld] = []
    for card in itertools.islice(distinct, size):
        if card in twice:
            out.append(_TWINS[card])
        out.append(_WITH_JOKER[card])
    return out


_TWINS = {c: LayMeld(MeldKind.DOUBLE, (c, c)) for c in set(DECK.cards) if not c.is_joker}
_WITH_JOKER = {c: LayMeld(MeldKind.DOUBLE, (c, JOKER)) for c in set(DECK.cards) if not c.is_joker}


def table_fits(table: Iterable[TableMeld]) -> frozenset[Card]:
    """Every card that could be laid off on some meld of ``table`` (T51-6.5).

    Raises:
        CardRulesError: ``table`` is not a sequence of
            [`TableMeld`][cardrules.games.turkish51.TableMeld].

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.games.turkish51.scoring import check_meld
        >>> fits = table_fits([TableMeld(0, check_meld(parse_cards("5c 6c 7c")))])
        >>> sorted(str(c) for c in fits)
        ['4c', '8c', 'Jk']
    """
    if isinstance(table, (str, bytes)) or not isinstance(table, Iterable):
        raise CardRulesError(f"a table is a sequence of TableMeld, got {table!r:.60}")
    melds = tuple(table)
    if not all(isinstance(p, TableMeld) and isinstance(p.meld, Meld) for p in melds):
        raise CardRulesError("a table is a sequence of TableMeld holding melds")
    return _fits_of(melds, RULES)
