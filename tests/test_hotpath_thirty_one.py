"""Thirty-One's fast paths (issue 12) give exactly what the plain ones give.

The deal's shuffle must be the one ``random.Random(text).shuffle`` makes (tests and
docs pin exact deals), and the unchecked hand value and ranking key must agree with
a plain reading of T31-3.1 and T31-3.2 on every three-card hand, in any order, under
every three-of-a-kind setting.
"""

from __future__ import annotations

import itertools
import random

import pytest

from cardrules import games
from cardrules.cards import Card
from cardrules.decks import standard
from cardrules.engine import seeded_shuffle
from cardrules.games import thirty_one

CARDS = standard().cards


def _points(card: Card) -> int:
    rank = int(card.rank)
    return 11 if rank == 14 else min(rank, 10)


def _plain_value(cards: tuple[Card, ...], trips: float) -> int | float:
    """T31-3.1 (and T31-3.3): the best one-suit total; trips count ``trips``."""
    totals: dict[object, int] = {}
    for card in cards:
        totals[card.suit] = totals.get(card.suit, 0) + _points(card)
    best = max(totals.values())
    if trips and len({card.rank for card in cards}) == 1:
        return max(best, trips)
    return best


def _plain_key(cards: tuple[Card, ...], trips: float) -> tuple[int | float, ...]:
    """T31-3.2: the value, then the counted cards' ranks from the highest down."""
    value = _plain_value(cards, trips)
    if trips and len({card.rank for card in cards}) == 1 and value == trips:
        rank = int(cards[0].rank)
        return (trips, rank, rank, rank)
    keys = []
    for suit in {card.suit for card in cards}:
        ranks = sorted((int(c.rank) for c in cards if c.suit == suit), reverse=True)
        if sum(_points(c) for c in cards if c.suit == suit) == value:
            keys.append((value, *ranks))
    return max(keys)


def test_t31_2_1_seeded_shuffle_is_randoms_shuffle() -> None:
    for seed in range(3000):
        text = f"{seed}/deal/{seed % 11}"
        expected = list(CARDS)
        random.Random(text).shuffle(expected)
        assert seeded_shuffle(text, CARDS) == expected


@pytest.mark.parametrize("size", [0, 1, 2, 3, 31, 32, 33, 104])
def test_t31_2_1_seeded_shuffle_any_length(size: int) -> None:
    items = list(range(size))
    for seed in range(50):
        expected = items[:]
        random.Random(f"s{seed}").shuffle(expected)
        assert seeded_shuffle(f"s{seed}", items) == expected


def test_t31_2_1_deals_are_the_seeds_shuffle() -> None:
    state = games.create("thirty_one", players=4).new_game(seed=123)
    cards = list(CARDS)
    random.Random("123/deal/0").shuffle(cards)
    # Dealt from the end, three at once, to seats 1, 2, 3, 0; then the upcard.
    assert state.hands[1] == tuple(cards[-3:])
    assert state.hands[0] == tuple(cards[-12:-9])
    assert state.discard == (cards[-13],)
    assert state.stock == tuple(cards[:-13])


@pytest.mark.parametrize("trips", [0, 30, 30.5])
def test_t31_3_2_fast_value_and_key_match_the_plain_reading(trips: float) -> None:
    for combo in itertools.combinations(CARDS, 3):
        for hand in (combo, combo[::-1], (combo[1], combo[2], combo[0])):
            value = thirty_one._value(hand, trips)
            key = thirty_one._key(hand, trips)
            assert value == _plain_value(hand, trips)
            assert type(value) is type(_plain_value(hand, trips))
            assert key == _plain_key(hand, trips), hand
            assert [type(k) for k in key] == [type(k) for k in _plain_key(hand, trips)]
