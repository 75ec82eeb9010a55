"""Stop the Bus's fast showdown key (issue 29) gives exactly what the plain one gives.

The game ranks a hand by ``three_card_rank`` (STB-3) and keeps its category and
tie-break ranks; the hot path ranks three distinct natural cards itself. Both must
agree on every three-card hand of the pack, in any order, under every ``a23``
setting (STB-3.4), and a hand that is not three distinct natural cards must still
be refused as the plain ranking refuses it.
"""

from __future__ import annotations

import itertools
import random

import pytest

from cardrules.cards import Card, Rank, Suit
from cardrules.decks import standard
from cardrules.errors import InvalidCardError
from cardrules.games import stop_the_bus
from cardrules.poker import A23_RUNS, three_card_rank

CARDS = standard().cards


@pytest.mark.parametrize("a23", A23_RUNS)
def test_stb_3_fast_key_matches_three_card_rank_on_every_hand(a23: str) -> None:
    rng = random.Random(a23)
    stop_the_bus._RANKS.clear()  # every hand below is new: each takes the fast path
    for combo in itertools.combinations(CARDS, 3):
        hand = list(combo)
        rng.shuffle(hand)
        rank = three_card_rank(hand, a23=a23)
        want = (int(rank.category), *rank.ranks)
        assert stop_the_bus._order_key(tuple(hand), a23) == want, (hand, a23)


def test_stb_3_4_ace_two_three_runs_by_option() -> None:
    hand = (Card(Rank.ACE, Suit.CLUBS), Card(Rank.TWO, Suit.HEARTS), Card(Rank.THREE, Suit.SPADES))
    stop_the_bus._RANKS.clear()
    assert stop_the_bus._order_key(hand, "best") == (3, 15)  # the best run, above A-K-Q
    assert stop_the_bus._order_key(hand, "lowest") == (3, 3)  # the lowest run
    assert stop_the_bus._order_key(hand, "none") == (0, 14, 3, 2)  # no run: high card


def test_stb_3_a_card_twice_is_still_refused() -> None:
    ace = Card(Rank.ACE, Suit.CLUBS)
    with pytest.raises(InvalidCardError):
        stop_the_bus._order_key((ace, ace, Card(Rank.TWO, Suit.HEARTS)), "best")
