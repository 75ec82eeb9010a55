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

import functools
from collections.abc import Iterable, Sequence

from cardrules.cards import Card, Rank, Suit
from cardrules.decks import Deck
from cardrules.errors import InvalidCardError

__all__ = [
    "best_suit_total",
    "card_points",
    "check_hand",
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


def check_hand(
    cards: Sequence[Card],
    size: int,
    what: str,
    *,
    mid_turn: bool = False,
    pack: Deck | None = None,
) -> tuple[Card, ...]:
    """Check that ``cards`` is a hand of ``size`` distinct cards of one pack.

    The check every hand-value function of these games makes before counting.

    Args:
        cards: the hand (any sequence of cards).
        size: how many cards the hand must hold.
        what: the hand's name for error messages, e.g. ``"an Empat Satu hand"``.
        mid_turn: also accept ``size + 1`` cards, a hand held between drawing
            and discarding.
        pack: the pack the cards must come from; ``None`` for the 52-card pack
            (any natural card, no joker).

    Returns:
        The cards as a tuple.

    Raises:
        InvalidCardError: not a sequence, something that is not a card, a card
            outside the pack (a joker, or a six in a 32-card game), a wrong
            number of cards or a repeated card; the message names the problem.

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.decks import piquet
        >>> check_hand(parse_cards("Ah Kh"), 4, "an Empat Satu hand")
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: an Empat Satu hand has 4 cards, got 2
        >>> check_hand(parse_cards("6h 7h 8h"), 3, "a Schwimmen hand", pack=piquet())
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: a Schwimmen hand cannot hold 6h: 6h is not in the ...
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise InvalidCardError(f"{what} is a sequence of cards, got {type(cards).__name__}")
    hand = tuple(cards)
    allowed = None if pack is None else _pack_set(pack)
    for card in hand:
        if not isinstance(card, Card):
            raise InvalidCardError(f"{what} holds {card!r:.40}, which is not a card")
        if allowed is None:
            if card.rank >= Rank.JOKER:
                raise InvalidCardError(f"{what} cannot hold {card}: the pack has no jokers")
        elif card not in allowed:
            assert pack is not None
            raise InvalidCardError(
                f"{what} cannot hold {card}: {card} is not in the {pack.name} pack"
            )
    if len(hand) != size and not (mid_turn and len(hand) == size + 1):
        sizes = f"{size} or {size + 1}" if mid_turn else f"{size}"
        raise InvalidCardError(f"{what} has {sizes} cards, got {len(hand)}")
    if len(set(hand)) != len(hand):
        raise InvalidCardError(f"{what} cannot hold the same card twice")
    return hand


@functools.lru_cache(maxsize=16)
def _pack_set(pack: Deck) -> frozenset[Card]:
    return frozenset(pack.cards)
