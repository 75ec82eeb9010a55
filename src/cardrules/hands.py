"""Hand values by suit: the counting shared by the Thirty-One family.

Thirty-One, Schwimmen, Japanese and Chinese 51 and Empat Satu all count a hand
by card points (pips, court cards 10, ace 11) grouped by suit. These functions
do that counting once, for any hand size; each game adds its own special hands.

Examples:
    >>> from cardrules import parse_cards
    >>> hand = parse_cards("Kc Qc Tc 4h")
    >>> best_suit_total(hand), suit_minus_rest(hand)
    (30, 26)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import InvalidCardError

__all__ = [
    "best_suit_total",
    "card_points",
    "suit_minus_rest",
    "suit_totals",
]


def card_points(card: Card) -> int:
    """A card's points in the Thirty-One family: pips, J/Q/K 10, ace 11.

    Raises:
        InvalidCardError: the card is a joker (these games use none).

    Examples:
        >>> from cardrules import parse_card
        >>> [card_points(parse_card(t)) for t in ("7h", "Qs", "As")]
        [7, 10, 11]
    """
    rank = card.rank
    if rank <= Rank.TEN:
        return int(rank)
    if rank == Rank.ACE:
        return 11
    if rank <= Rank.KING:
        return 10
    raise InvalidCardError(f"{card} has no point value in this game")


_POINTS: dict[Card, int] = {}


def _points(card: Card) -> int:
    try:
        return _POINTS[card]
    except (KeyError, TypeError):  # not seen yet, or not even hashable
        pass
    if not isinstance(card, Card):
        raise InvalidCardError(f"expected a Card, got {type(card).__name__} {card!r:.40}")
    value = _POINTS[card] = card_points(card)
    return value


def suit_totals(cards: Iterable[Card]) -> dict[Suit, int]:
    """Points per suit held (suits not held are absent).

    Examples:
        >>> from cardrules import parse_cards
        >>> suit_totals(parse_cards("Ah 9h 5c"))
        {<Suit.HEARTS: 2>: 20, <Suit.CLUBS: 0>: 5}
    """
    if isinstance(cards, (str, bytes)):
        raise InvalidCardError(f"expected cards, got text {cards!r:.40}; use parse_cards")
    totals: dict[Suit, int] = {}
    try:
        iterator = iter(cards)
    except TypeError:
        raise InvalidCardError(f"expected cards, got {type(cards).__name__}") from None
    for card in iterator:
        points = _points(card)
        suit = card.suit
        assert suit is not None  # jokers were refused by _points
        totals[suit] = totals.get(suit, 0) + points
    return totals


def best_suit_total(cards: Iterable[Card]) -> int:
    """The highest points total of the cards of any one suit (0 for no cards).

    Examples:
        >>> from cardrules import parse_cards
        >>> best_suit_total(parse_cards("Jc 4d 9s"))
        10
    """
    totals = suit_totals(cards)
    return max(totals.values(), default=0)


def suit_minus_rest(cards: Sequence[Card], suit: Suit | None = None) -> int:
    """One suit's points minus the points of all other cards.

    Args:
        cards: the hand.
        suit: the positive suit; ``None`` picks the suit that scores best.

    Examples:
        >>> from cardrules import parse_cards
        >>> suit_minus_rest(parse_cards("Kc Qc Tc 4h"), Suit.HEARTS)
        -26
    """
    totals = suit_totals(cards)
    whole = sum(totals.values())
    if suit is not None:
        return 2 * totals.get(suit, 0) - whole
    return 2 * max(totals.values(), default=0) - whole
