"""The take-the-discard check's greedy plans give the search's answers (issue 12)."""

from __future__ import annotations

import random

import pytest

from cardrules import JOKER, Card, decks, parse_card, parse_cards
from cardrules.games.turkish51 import _legal
from cardrules.games.turkish51.scoring import RULES
from cardrules.melds import _best_value, _opening_with_above, _value_above

HARD = (
    "6c Jh Jc 9h 7h Tc 8c 6h Th 9c 6h 7c 8h Jk Jk",
    "Tc 9d Jd 8c 8d 7d 8c 9c Jc Qd Td Qc 8d Jk Jk",
    "6s 3s 2s 6h 4s 2h 5s 2s 4s 5h 2h 4h 3h Jk Jk",
)


def _hands() -> list[tuple[Card, ...]]:
    rng = random.Random(12)
    naturals = [c for c in decks.double().cards if not c.is_joker]
    out = [tuple(sorted(parse_cards(text))) for text in HARD]
    for jokers in (0, 1, 2):
        for _ in range(25):
            out.append(tuple(sorted((*rng.sample(naturals, 14 - jokers), *[JOKER] * jokers))))
    return out


@pytest.mark.parametrize("threshold", [0, 30, 51, 81, 101, 131, 181])
def test_greedy_plans_agree_with_the_search(threshold: int) -> None:
    """_value_above is the search's answer; a greedy opening with a card above the threshold
    means the best opening with it is above too."""
    rules = RULES
    for key in _hands():
        assert _value_above(key, rules, threshold) == (_best_value(key, rules) > threshold)
        for top in sorted(set(key))[:4]:
            shown = _opening_with_above(key, rules, top, threshold)
            best = _legal._best_opening_with(top, key)
            assert shown is None or (shown and best > threshold)


def test_hard_hand_take_check() -> None:
    """A hard hand: the seat may take the discard that opens with it."""
    key = tuple(sorted(parse_cards(HARD[0])))
    top = parse_card("9h")
    assert _opening_with_above(key, RULES, top, 51)
    assert _legal._best_opening_with(top, key) > 51
