"""Blackjack counting: hand totals, the chip ladder and the dealer's exact odds.

Pure functions on cards and numbers (no game state), for score-keeping apps,
bots and the game itself. Rules digest: ``seeds/blackjack.md``.

Examples:
    >>> from cardrules import parse_cards
    >>> hand_value(parse_cards("Ah 6d"))
    (17, True)
    >>> odds = dealer_probabilities(6)
    >>> round(float(odds["bust"]), 4)
    0.4228
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from fractions import Fraction

from cardrules.cards import Card, Rank, card_list, parse_card
from cardrules.decks import standard
from cardrules.errors import InvalidCardError, OptionError

__all__ = [
    "OUTCOMES",
    "card_value",
    "chip_ladder",
    "dealer_probabilities",
    "hand_value",
    "is_natural",
]

#: The keys of ``dealer_probabilities``, in order.
OUTCOMES: tuple[str, ...] = ("17", "18", "19", "20", "21", "bust", "natural")

# Rank -> blackjack value with the ace as 1 (BJ-2.1). Jokers are absent.
_VALUE: dict[Rank, int] = {r: min(int(r), 10) for r in Rank if r <= Rank.KING}
_VALUE[Rank.ACE] = 1


def card_value(card: Card) -> int:
    """A card's count with an ace as 1: pips, ten-cards 10 (BJ-2.1).

    Raises:
        InvalidCardError: not a card of the 52-card pack.

    Examples:
        >>> from cardrules import parse_card
        >>> [card_value(parse_card(t)) for t in ("7h", "Qs", "As")]
        [7, 10, 1]
    """
    try:
        return _VALUE[card.rank]
    except (KeyError, AttributeError, TypeError):
        raise InvalidCardError(f"{card!r:.40} has no Blackjack value") from None


def hand_value(cards: Iterable[Card]) -> tuple[int, bool]:
    """The total of a hand and whether it is soft (BJ-2.2, BJ-2.3).

    One ace counts 11 when that keeps the total at 21 or less (a soft hand);
    otherwise every ace counts 1. A bust hand (over 21) is never soft.

    Raises:
        InvalidCardError: ``cards`` is not an iterable of cards of the 52-card
            pack (text, a number, a joker).

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_value(parse_cards("Ah 6d")), hand_value(parse_cards("Ah 6d 9c"))
        ((17, True), (16, False))
        >>> hand_value(parse_cards("Kh Qd 5c"))
        (25, False)
        >>> hand_value("Ah 6d")
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: hand_value takes cards, not text; use parse_cards first
    """
    total = 0
    ace = False
    for card in card_list(cards, "hand_value"):
        value = _VALUE.get(card.rank)
        if value is None:
            raise InvalidCardError(f"hand_value: {card} has no Blackjack value")
        total += value
        ace = ace or value == 1
    if ace and total <= 11:
        return total + 10, True
    return total, False


# Card -> value, for the game's hot paths (one dictionary look-up a card).
_CARD_VALUE: dict[Card, int] = {c: _VALUE[c.rank] for c in standard().cards}


def _total(cards: Iterable[Card]) -> tuple[int, bool]:
    """``hand_value`` without the checks (cards of the game's own shoe)."""
    total = 0
    ace = False
    for card in cards:
        value = _CARD_VALUE[card]
        total += value
        if value == 1:
            ace = True
    if ace and total <= 11:
        return total + 10, True
    return total, False


def is_natural(cards: Iterable[Card]) -> bool:
    """Whether two cards are an ace and a ten-card (BJ-6.1).

    Raises:
        InvalidCardError: as ``hand_value``.

    Examples:
        >>> from cardrules import parse_cards
        >>> is_natural(parse_cards("As Jd")), is_natural(parse_cards("7s 7d 7c"))
        (True, False)
    """
    hand = card_list(cards, "is_natural")
    return len(hand) == 2 and hand_value(hand) == (21, True)


def chip_ladder(low: int, high: int) -> tuple[int, ...]:
    """The amounts offered as bets between ``low`` and ``high`` (BJ-4.2): 1, 2
    and 5 times a power of ten inside the limits, and the limits themselves.

    Raises:
        OptionError: the limits are not whole numbers with ``1 <= low <= high``.

    Examples:
        >>> chip_ladder(2, 500)
        (2, 5, 10, 20, 50, 100, 200, 500)
        >>> chip_ladder(25, 300)
        (25, 50, 100, 200, 300)
    """
    for name, value in (("low", low), ("high", high)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise OptionError(f"chip_ladder: {name} must be a whole number from 1, got {value!r}")
    if low > high:
        raise OptionError(f"chip_ladder: low {low} is above high {high}")
    return _ladder(low, high)


@functools.lru_cache(maxsize=256)
def _ladder(low: int, high: int) -> tuple[int, ...]:
    amounts = {low, high}
    power = 1
    while power <= high:
        for step in (1, 2, 5):
            if low <= step * power <= high:
                amounts.add(step * power)
        power *= 10
    return tuple(sorted(amounts))


def _up_value(upcard: Card | int | str) -> int:
    if isinstance(upcard, bool):
        raise InvalidCardError(f"dealer_probabilities: an up card, got {upcard!r}")
    if isinstance(upcard, int):
        if not 1 <= upcard <= 11:
            raise InvalidCardError(f"dealer_probabilities: up card value 1 to 11, got {upcard}")
        return 1 if upcard == 11 else upcard
    if isinstance(upcard, str):
        upcard = parse_card(upcard)
    return card_value(upcard)


def dealer_probabilities(
    upcard: Card | int | str,
    *,
    packs: int | None = 6,
    hit_soft_17: bool = False,
    given_no_natural: bool = True,
    removed: Iterable[Card] = (),
) -> dict[str, Fraction]:
    """The exact chances of the dealer's final hand, given the up card (BJ-15).

    Computed by recursion over the shoe's composition (memoised), not by
    simulation: the shoe is ``packs`` packs less the up card and ``removed``
    (cards known to be out, e.g. the player's); ``packs=None`` is an infinite
    shoe. The dealer draws to 17 and stands on soft 17 unless ``hit_soft_17``
    (BJ-11.1, BJ-11.2).

    Args:
        upcard: the up card (a card, its notation, or its value 1-11; 1 and 11
            are an ace, 10 a ten-card).
        packs: packs in the shoe, 1 to 8, or ``None`` for an infinite shoe.
        hit_soft_17: the dealer draws to soft 17.
        given_no_natural: condition on the dealer not holding a natural (the
            dealer has peeked, BJ-5.2); the published tables do this. With
            ``False`` the chance of a natural is its own outcome.
        removed: further cards known not to be in the shoe.

    Returns:
        A mapping from ``"17"`` ... ``"21"``, ``"bust"`` and ``"natural"``
        (zero when ``given_no_natural``) to exact fractions summing to 1.

    Raises:
        InvalidCardError: the up card or a removed card is not a card.
        OptionError: ``packs`` out of range, or more cards removed than the shoe holds.

    Examples:
        >>> six = dealer_probabilities("6h")
        >>> round(float(six["bust"]), 4), sum(six.values())
        (0.4228, Fraction(1, 1))
        >>> round(float(dealer_probabilities(10)["bust"]), 4)
        0.2302
        >>> round(float(dealer_probabilities(10, given_no_natural=False)["bust"]), 4)
        0.2125
    """
    up = _up_value(upcard)
    if packs is not None and (
        not isinstance(packs, int) or isinstance(packs, bool) or not 1 <= packs <= 8
    ):
        raise OptionError(f"dealer_probabilities: packs must be 1 to 8 or None, got {packs!r}")
    counts = [0] + [4 * (packs or 1)] * 9 + [16 * (packs or 1)]
    if packs is not None:
        counts[up] -= 1
        for card in card_list(removed, "dealer_probabilities removed"):
            value = card_value(card)
            if counts[value] == 0:
                raise OptionError(f"dealer_probabilities: no {card} is left in the shoe to remove")
            counts[value] -= 1
    outcome = _dealer(tuple(counts), packs is None, up, bool(hit_soft_17), bool(given_no_natural))
    return dict(zip(OUTCOMES, outcome, strict=True))


def _dealer(
    counts: tuple[int, ...], infinite: bool, up: int, h17: bool, no_natural: bool
) -> tuple[Fraction, ...]:
    """Outcome chances, in the order of ``OUTCOMES``, from the up card alone."""
    forbidden = 10 if up == 1 else 1 if up == 10 else 0  # the hole card making a natural
    total = sum(counts[1:])
    weights: list[tuple[int, Fraction]] = []
    for value in range(1, 11):
        if not counts[value]:
            continue
        weights.append((value, Fraction(counts[value], total)))
    result = [Fraction(0)] * 7
    natural = Fraction(0)
    for value, chance in weights:
        if value == forbidden:
            natural += chance
            continue
        nxt = counts if infinite else _minus(counts, value)
        for i, p in enumerate(_draw(nxt, infinite, up + value, up == 1 or value == 1, h17)):
            result[i] += chance * p
    if no_natural:
        return tuple(p / (1 - natural) for p in result)
    result[6] = natural
    return tuple(result)


def _minus(counts: tuple[int, ...], value: int) -> tuple[int, ...]:
    return (*counts[:value], counts[value] - 1, *counts[value + 1 :])


@functools.lru_cache(maxsize=1 << 18)
def _draw(
    counts: tuple[int, ...], infinite: bool, hard: int, ace: bool, h17: bool
) -> tuple[Fraction, ...]:
    """The dealer's outcome chances from a hand of hard total ``hard``."""
    out = [Fraction(0)] * 7
    if hard > 21:
        out[5] = Fraction(1)
        return tuple(out)
    total = hard + 10 if ace and hard <= 11 else hard
    soft = total != hard
    if total >= 17 and not (h17 and soft and total == 17):
        out[total - 17] = Fraction(1)
        return tuple(out)
    left = sum(counts[1:])
    if left == 0:
        raise OptionError("dealer_probabilities: the shoe ran out of cards")
    for value in range(1, 11):
        if not counts[value]:
            continue
        chance = Fraction(counts[value], left)
        nxt = counts if infinite else _minus(counts, value)
        for i, p in enumerate(_draw(nxt, infinite, hard + value, ace or value == 1, h17)):
            out[i] += chance * p
    return tuple(out)
