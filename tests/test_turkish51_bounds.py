"""The quick answers of Turkish 51's take-the-discard checks (issue 29): never wrong.

A player not yet down may take the discard to open with it (T51-4.3) or to go out at once
with it (T51-5.4). These checks ask the search only when a bound or a greedy plan cannot
answer: the bound of the cards any plan leaves (``_left_bound``) must never exceed the
solver's fewest cards left, and the greedy plan holding the taken card
(``_plan_with_above``) must never say yes when the best opening that lays it is not above
the threshold. Checked against the search over random hands of two packs with four jokers,
under Turkish 51's meld rules and a few variants.
"""

from __future__ import annotations

import random

import pytest

from cardrules.cards import JOKER, Card, Rank, Suit
from cardrules.games.turkish51._hand import _best_opening_with
from cardrules.games.turkish51.scoring import RULES
from cardrules.melds import MeldRules, _fewest_left, _left_bound, _plan_with_above, solve

_DECK = [Card(r, s) for r in Rank if not r.is_joker for s in Suit] * 2 + [JOKER] * 4

_RULES = [
    RULES,
    MeldRules(max_set_size=4, set_suits_distinct=False),
    MeldRules(sets_allowed=False),
    MeldRules(runs_allowed=False),
    MeldRules(min_length=4),
    MeldRules(ace_high=False),
]


@pytest.mark.parametrize("rules", _RULES, ids=range(len(_RULES)))
def test_t51_5_4_left_bound_is_at_most_the_fewest_left(rules: MeldRules) -> None:
    rng = random.Random(51)
    cut = 0
    for _ in range(300):
        hand = rng.sample(_DECK, rng.choice([3, 6, 9, 14, 15]))
        key = tuple(sorted(hand))
        bound = _left_bound(key, rules)
        fewest = _fewest_left(key, rules)
        assert 0 <= bound <= fewest, key
        assert fewest == len(solve(hand, rules, objective="all").deadwood), key
        cut += bound > 1
    assert cut > 0  # it does answer some hands


def test_t51_5_4_left_bound_by_hand() -> None:
    # 2c 6h 9d Ks Kd 7s and one joker: no meld without jokers. The joker's one meld holds
    # at most two of these cards (Kd-Ks-Jk, or a run such as 6h-Jk-8h of which only 6h is
    # held), so at least four of the six are left. The search agrees: four left.
    hand = [
        Card(Rank.TWO, Suit.CLUBS),
        Card(Rank.SIX, Suit.HEARTS),
        Card(Rank.NINE, Suit.DIAMONDS),
        Card(Rank.KING, Suit.SPADES),
        Card(Rank.KING, Suit.DIAMONDS),
        Card(Rank.SEVEN, Suit.SPADES),
        JOKER,
    ]
    key = tuple(sorted(hand))
    assert _left_bound(key, RULES) == 4
    assert _fewest_left(key, RULES) == 4


def test_t51_4_3_plan_holding_the_card_never_wrong() -> None:
    rng = random.Random(4)
    said = 0
    for _ in range(400):
        hand = rng.sample(_DECK, rng.choice([9, 14, 15]))
        top = hand[-1]
        key = tuple(sorted(hand))
        for threshold in (30, 50, 80):
            if _plan_with_above(key, RULES, top, threshold):
                said += 1
                assert _best_opening_with(top, key) > threshold, (key, top)
    assert said > 0
