"""Let It Ride's side bets: the $1 bonus, the 3-Card Bonus, their exact returns (LIR-8).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games.let_it_ride import bonus_net, three_card_line
    >>> bonus_net(parse_cards("8c 8d 8h 4s 4d"))
    199
    >>> three_card_line(parse_cards("Qh Kh Ah")).name
    'MINI_ROYAL'
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from cardrules.cards import Card
from cardrules.decks import standard
from cardrules.errors import OptionError
from cardrules.games.let_it_ride.pay import PayLine, _line, pay_line
from cardrules.hands import check_hand
from cardrules.poker import evaluate_many

__all__ = [
    "COMMON_BONUS_TABLE",
    "COMMON_THREE_CARD_TABLE",
    "ThreeCardLine",
    "bonus_net",
    "bonus_return",
    "parse_bonus_table",
    "parse_three_card_table",
    "three_card_line",
    "three_card_net",
    "three_card_return",
]

COMMON_BONUS_TABLE = "20000,2000,400,200,50,25,5,0"
"""The common $1 bonus table: royal flush ... three of a kind, two pairs (LIR-8.1)."""

COMMON_THREE_CARD_TABLE = "50,40,30,6,3,1"
"""The common 3-Card Bonus odds: mini royal, straight flush ... pair (LIR-8.2)."""


class ThreeCardLine(enum.IntEnum):
    """The 3-Card Bonus lines, best first (LIR-8.2); ``NOTHING`` loses."""

    MINI_ROYAL = 0
    STRAIGHT_FLUSH = 1
    THREE_OF_A_KIND = 2
    STRAIGHT = 3
    FLUSH = 4
    PAIR = 5
    NOTHING = 6


def _parse(text: object, name: str, size: int, what: str) -> tuple[int, ...]:
    if not isinstance(text, str):
        raise OptionError(f"{name} is text of {size} whole numbers, got {text!r:.40}")
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != size:
        raise OptionError(f"{name} needs {size} amounts ({what}), got {len(parts)}")
    if not all(p.isdigit() and p.isascii() for p in parts):
        raise OptionError(f"{name} amounts must be whole numbers from 0 up, got {text!r:.60}")
    return tuple(int(p) for p in parts)


def parse_bonus_table(text: str) -> tuple[int, ...]:
    """The eight amounts of a $1 bonus table, as the ``bonus_table`` option (LIR-8.1).

    Raises:
        OptionError: not eight whole numbers from 0 up, separated by commas.

    Examples:
        >>> parse_bonus_table(COMMON_BONUS_TABLE)
        (20000, 2000, 400, 200, 50, 25, 5, 0)
        >>> parse_bonus_table("1,2")
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: bonus_table needs 8 amounts (royal flush ... two pairs), got 2
    """
    return _parse(text, "bonus_table", 8, "royal flush ... two pairs")


def parse_three_card_table(text: str) -> tuple[int, ...]:
    """The six odds of a 3-Card Bonus table, as the ``three_card_table`` option (LIR-8.2).

    Raises:
        OptionError: not six whole numbers from 0 up, separated by commas.

    Examples:
        >>> parse_three_card_table("50,40,30,6,4,1")
        (50, 40, 30, 6, 4, 1)
    """
    return _parse(text, "three_card_table", 6, "mini royal ... pair")


def _bonus(line: PayLine, amounts: tuple[int, ...]) -> int:
    """Net chips of a 1-chip bonus bet: the listed amount is paid for the chip (LIR-8.1)."""
    if line >= PayLine.TENS_OR_BETTER or amounts[line] == 0:
        return -1
    return amounts[line] - 1


def bonus_net(cards: Sequence[Card], table: str = COMMON_BONUS_TABLE) -> int:
    """Net chips the 1-chip bonus bet wins (``-1``: lost) on a final hand (LIR-8.1).

    Raises:
        InvalidCardError: not five distinct cards of the pack.
        OptionError: a malformed ``table``.

    Examples:
        >>> from cardrules import parse_cards
        >>> bonus_net(parse_cards("Ah Kh Qh Jh Th"))
        19999
        >>> bonus_net(parse_cards("Ah Ad Kh Kd 2c"))
        -1
    """
    return _bonus(pay_line(cards), parse_bonus_table(table))


def three_card_line(cards: Sequence[Card]) -> ThreeCardLine:
    """The 3-Card Bonus line of a player's own three cards (LIR-8.2).

    Raises:
        InvalidCardError: not three distinct cards of the pack.

    Examples:
        >>> from cardrules import parse_cards
        >>> three_card_line(parse_cards("Ah 2c 3d")).name
        'STRAIGHT'
        >>> three_card_line(parse_cards("Qh Kc Ad")).name
        'STRAIGHT'
        >>> three_card_line(parse_cards("Kh Ac 2d")).name
        'NOTHING'
    """
    return _three(check_hand(cards, 3, "a 3-Card Bonus hand"))


def _three(hand: Sequence[Card]) -> ThreeCardLine:
    ranks = sorted(int(c.rank) for c in hand)
    flush = len({c.suit for c in hand}) == 1
    straight = ranks in ([2, 3, 14], list(range(ranks[0], ranks[0] + 3)))
    if straight and flush:
        return ThreeCardLine.MINI_ROYAL if ranks[0] == 12 else ThreeCardLine.STRAIGHT_FLUSH
    if ranks[0] == ranks[2]:
        return ThreeCardLine.THREE_OF_A_KIND
    if straight:
        return ThreeCardLine.STRAIGHT
    if flush:
        return ThreeCardLine.FLUSH
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        return ThreeCardLine.PAIR
    return ThreeCardLine.NOTHING


def _three_net(line: ThreeCardLine, stake: int, odds: tuple[int, ...]) -> int:
    if line is ThreeCardLine.NOTHING or odds[line] == 0:
        return -stake
    return stake * odds[line]


def three_card_net(
    cards: Sequence[Card], bet: int = 1, table: str = COMMON_THREE_CARD_TABLE
) -> int:
    """Net chips a 3-Card Bonus bet of ``bet`` wins (negative: lost), paid to one (LIR-8.2).

    Raises:
        InvalidCardError: not three distinct cards of the pack.
        OptionError: ``bet`` below 1 or a malformed ``table``.

    Examples:
        >>> from cardrules import parse_cards
        >>> three_card_net(parse_cards("7h 7c 7d"), 5)
        150
        >>> three_card_net(parse_cards("7h 9c Kd"), 5)
        -5
    """
    if not isinstance(bet, int) or isinstance(bet, bool) or bet < 1:
        raise OptionError(f"bet must be a whole number from 1, got {bet!r:.40}")
    return _three_net(three_card_line(cards), bet, parse_three_card_table(table))


@functools.cache
def _five_card_lines() -> Counter[PayLine]:
    values = evaluate_many(itertools.combinations(standard().cards, 5), check=False)
    return Counter(_line(v) for v in values)


def bonus_return(table: str = COMMON_BONUS_TABLE) -> Fraction:
    """The exact average net win of a 1-chip bonus bet, over all 2,598,960 hands (LIR-8.1).

    Raises:
        OptionError: a malformed ``table``.

    Examples:
        >>> round(float(bonus_return()), 4)  # doctest: +SKIP
        -0.2553
    """
    amounts = parse_bonus_table(table)
    lines = _five_card_lines()
    total = sum(count * _bonus(line, amounts) for line, count in lines.items())
    return Fraction(total, sum(lines.values()))


def three_card_return(table: str = COMMON_THREE_CARD_TABLE) -> Fraction:
    """The exact average net win of a 1-chip 3-Card Bonus bet, over all 22,100 hands (LIR-8.2).

    Raises:
        OptionError: a malformed ``table``.

    Examples:
        >>> round(float(three_card_return()), 4)
        -0.071
        >>> round(float(three_card_return("50,40,30,6,4,1")), 4)
        -0.0214
    """
    odds = parse_three_card_table(table)
    hands = list(itertools.combinations(standard().cards, 3))
    total = sum(_three_net(_three(hand), 1, odds) for hand in hands)
    return Fraction(total, len(hands))
