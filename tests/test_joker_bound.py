"""The joker-aware bound of a hand's best value (issue 29): never below the solver's value;
a greedy plan's early yes never wrong.

The bound lets Kalooki 51's opening check (K51-5.2) say no without searching, so it must be
sound: checked here against ``solve`` over random hands of two packs with four jokers, under
Kalooki 51's meld rules and a few variants (repeated suits in sets, no sets, no runs, one
joker at most in a meld, a low-only ace).
"""

from __future__ import annotations

import random

import pytest

from cardrules.cards import JOKER, Card, Rank, Suit
from cardrules.melds import MeldRules, _joker_bound, _plan_above, solve, value_bound

_DECK = [Card(r, s) for r in Rank if not r.is_joker for s in Suit] * 2 + [JOKER] * 4

_RULES = [
    MeldRules(max_set_size=4),
    MeldRules(max_set_size=4, set_suits_distinct=False),
    MeldRules(sets_allowed=False),
    MeldRules(runs_allowed=False),
    MeldRules(max_jokers=1),
    MeldRules(ace_high=False),
]


@pytest.mark.parametrize("rules", _RULES, ids=range(len(_RULES)))
def test_k51_5_2_joker_bound_is_at_least_the_best_value(rules: MeldRules) -> None:
    rng = random.Random(29)
    tighter = 0
    for _ in range(300):
        hand = rng.sample(_DECK, rng.choice([3, 6, 9, 13, 14]))
        key = tuple(sorted(hand))
        bound = _joker_bound(key, rules)
        value = solve(hand, rules).value
        assert bound >= value, key
        for threshold in (20, 40, 50):  # a greedy plan's yes is the search's yes
            assert not _plan_above(key, rules, threshold) or value > threshold, key
        plain = value_bound(hand, rules)
        assert (_joker_bound(key, rules, 51) >= 51) == (bound >= 51), key  # the early answer
        assert bound <= plain, key
        tighter += bound < plain
    assert tighter > 0 or rules.max_jokers is not None  # it does cut something


def test_k51_5_2_joker_bound_by_hand() -> None:
    # 2c 6h 9d Ks and two jokers: no meld without jokers; with two jokers every card sits
    # in some window, so value_bound counts them all: 2 + 6 + 9 + 10 and 11 per joker = 49.
    # But no two of the cards share a suit or rank, nor lie two places apart: each meld with
    # jokers holds at most one card, at most the Ks's 10 points, and two jokers make at most
    # two such melds: 2 * 10 plus 22 for the jokers = 42 (the bound does not see that the
    # same card cannot be in both). The best is Q-K-A of spades with the jokers, 31.
    hand = [
        Card(Rank.TWO, Suit.CLUBS),
        Card(Rank.SIX, Suit.HEARTS),
        Card(Rank.NINE, Suit.DIAMONDS),
        Card(Rank.KING, Suit.SPADES),
        JOKER,
        JOKER,
    ]
    rules = MeldRules(max_set_size=4)
    assert value_bound(hand, rules) == 49
    assert _joker_bound(tuple(sorted(hand)), rules) == 42
    assert solve(hand, rules).value == 31


def test_k51_5_2_search_with_a_threshold_agrees_with_solve() -> None:
    # _value_above's search cuts every plan below the threshold; its answer is solve's, and
    # what it leaves in the search's memory does not change a later solve of the same hand
    from cardrules.melds import _solved, _value_above
    from cardrules.melds._solver import _searched

    rules = MeldRules(max_set_size=4)
    rng = random.Random(51)
    for _ in range(200):
        hand = rng.sample(_DECK, 14)
        key = tuple(sorted(hand))
        _searched.cache_clear()
        _solved.cache_clear()
        fresh = solve(hand, rules)
        _searched.cache_clear()
        _solved.cache_clear()
        for threshold in (50, 30):
            assert _value_above(key, rules, threshold) == (fresh.value > threshold), key
        assert solve(hand, rules) == fresh, key
