"""Let It Ride's pay table: the lines, the odds, what a final hand wins (LIR-5).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games.let_it_ride import pay_line
    >>> pay_line(parse_cards("Th Tc 4d 8s Ks")).name
    'TENS_OR_BETTER'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from cardrules.cards import Card
from cardrules.errors import OptionError
from cardrules.hands import check_hand
from cardrules.poker import HandCategory, evaluate

__all__ = ["COMMON_PAY_TABLE", "PayLine", "parse_pay_table", "pay_line", "payout"]

# --------------------------------------------------------------------------- pay table


class PayLine(enum.IntEnum):
    """The lines of the pay table (LIR-5.2), best first; ``NOTHING`` is not paid."""

    ROYAL_FLUSH = 0
    STRAIGHT_FLUSH = 1
    FOUR_OF_A_KIND = 2
    FULL_HOUSE = 3
    FLUSH = 4
    STRAIGHT = 5
    THREE_OF_A_KIND = 6
    TWO_PAIR = 7
    TENS_OR_BETTER = 8
    NOTHING = 9


COMMON_PAY_TABLE = "1000,200,50,11,8,5,3,2,1"
"""The common casino pay table, in ``PayLine`` order (LIR-5.2)."""

_LINE_OF_CATEGORY = {
    HandCategory.STRAIGHT_FLUSH: PayLine.STRAIGHT_FLUSH,
    HandCategory.FOUR_OF_A_KIND: PayLine.FOUR_OF_A_KIND,
    HandCategory.FULL_HOUSE: PayLine.FULL_HOUSE,
    HandCategory.FLUSH: PayLine.FLUSH,
    HandCategory.STRAIGHT: PayLine.STRAIGHT,
    HandCategory.THREE_OF_A_KIND: PayLine.THREE_OF_A_KIND,
    HandCategory.TWO_PAIR: PayLine.TWO_PAIR,
}


def parse_pay_table(text: str) -> tuple[int, ...]:
    """The nine odds of a pay table written as in the ``pay_table`` option.

    Raises:
        OptionError: not nine whole numbers from 0 up, separated by commas.

    Examples:
        >>> parse_pay_table(COMMON_PAY_TABLE)
        (1000, 200, 50, 11, 8, 5, 3, 2, 1)
        >>> parse_pay_table("1000, 200, 50")
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: pay_table needs 9 odds (royal flush ... tens or better), got 3
    """
    if not isinstance(text, str):
        raise OptionError(f"pay_table is text like {COMMON_PAY_TABLE!r}, got {text!r:.40}")
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 9:
        raise OptionError(
            f"pay_table needs 9 odds (royal flush ... tens or better), got {len(parts)}"
        )
    if not all(p.isdigit() and p.isascii() for p in parts):
        raise OptionError(f"pay_table odds must be whole numbers from 0 up, got {text!r:.60}")
    return tuple(int(p) for p in parts)


def pay_line(cards: Sequence[Card]) -> PayLine:
    """The pay-table line of a final five-card hand (LIR-3, LIR-5.2).

    Raises:
        InvalidCardError: not five distinct cards of the 52-card pack.

    Examples:
        >>> from cardrules import parse_cards
        >>> pay_line(parse_cards("Ah Kh Qh Jh Th")).name
        'ROYAL_FLUSH'
        >>> pay_line(parse_cards("9h 9c Ad 7s 2c")).name
        'NOTHING'
    """
    check_hand(cards, 5, "a Let It Ride hand")
    return _line(evaluate(cards).value)


def _line(value: int) -> PayLine:
    category = HandCategory(value >> 20)
    if category is HandCategory.STRAIGHT_FLUSH and value >> 16 & 15 == 14:
        return PayLine.ROYAL_FLUSH
    line = _LINE_OF_CATEGORY.get(category)
    if line is not None:
        return line
    if category is HandCategory.PAIR and value >> 16 & 15 >= 10:
        return PayLine.TENS_OR_BETTER
    return PayLine.NOTHING


def payout(
    cards: Sequence[Card], riding: int, *, bet: int = 1, pay_table: str = COMMON_PAY_TABLE
) -> int:
    """Net chips a player wins (negative: loses) with ``riding`` bets on a final hand (LIR-5.1).

    Args:
        cards: the five cards (three own, two community).
        riding: how many of the three bets still ride, 1 to 3.
        bet: the size of one bet.
        pay_table: the odds, as the ``pay_table`` option.

    Raises:
        InvalidCardError: not five distinct cards of the pack.
        OptionError: ``riding``, ``bet`` or ``pay_table`` out of range.

    Examples:
        >>> from cardrules import parse_cards
        >>> payout(parse_cards("8c 8d 8h 4s 4d"), 3, bet=5)
        165
        >>> payout(parse_cards("9c 9d Kh 4s 2d"), 2, bet=5)
        -10
    """
    if not isinstance(riding, int) or isinstance(riding, bool) or not 1 <= riding <= 3:
        raise OptionError(f"riding must be 1, 2 or 3 bets, got {riding!r:.40}")
    if not isinstance(bet, int) or isinstance(bet, bool) or bet < 1:
        raise OptionError(f"bet must be a whole number from 1, got {bet!r:.40}")
    odds = parse_pay_table(pay_table)
    return _net(pay_line(cards), riding * bet, odds)


def _net(line: PayLine, stake: int, odds: tuple[int, ...]) -> int:
    if line is PayLine.NOTHING or odds[line] == 0:
        return -stake
    return stake * odds[line]
