"""Suit totals shared by the Thirty-One family."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import JOKER, InvalidCardError, Suit, parse_cards
from cardrules.hands import best_suit_total, card_points, suit_minus_rest, suit_totals

from . import strategies


def test_card_points() -> None:
    """Pips, court cards 10, ace 11; a joker has no value here."""
    assert [card_points(c) for c in parse_cards("2c 9d Th Js Qc Kd Ah")] == [
        2,
        9,
        10,
        10,
        10,
        10,
        11,
    ]
    with pytest.raises(InvalidCardError):
        card_points(JOKER)


def test_empat_satu_sample_hand() -> None:
    """Four clubs worth 30 less an off-suit 4: 26."""
    hand = parse_cards("Kc Qc Tc 4h")
    assert suit_totals(hand) == {Suit.CLUBS: 30, Suit.HEARTS: 4}
    assert suit_minus_rest(hand) == 26
    assert suit_minus_rest(hand, Suit.HEARTS) == -26
    assert suit_minus_rest(hand, Suit.SPADES) == -34
    assert best_suit_total(()) == 0


@given(st.lists(strategies.cards.filter(lambda c: not c.is_joker), max_size=7))
def test_minus_rest_is_twice_best_less_total(cards: list) -> None:  # type: ignore[type-arg]
    """suit_minus_rest is the best suit counted positive and all else negative."""
    total = sum(card_points(c) for c in cards)
    assert suit_minus_rest(cards) == 2 * best_suit_total(cards) - total


@pytest.mark.parametrize("junk", ["Ah Kh", 5, [5], [[1]], [None], [{}], object()])
def test_junk_is_invalid_card_error(junk: object) -> None:
    """Junk in place of cards raises InvalidCardError, never a bare TypeError."""
    for function in (suit_totals, best_suit_total, suit_minus_rest):
        with pytest.raises(InvalidCardError):
            function(junk)  # type: ignore[arg-type]
