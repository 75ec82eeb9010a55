"""Let It Ride's published basic strategy and its exact expected return (LIR-7).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games.let_it_ride import ride_first
    >>> ride_first(parse_cards("Jh Qh Kh"))
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from cardrules.cards import Card
from cardrules.decks import standard
from cardrules.games.let_it_ride.pay import COMMON_PAY_TABLE, _line, _net, parse_pay_table
from cardrules.hands import check_hand
from cardrules.poker import evaluate_many

__all__ = ["expected_return", "ride_first", "ride_second"]

_PACK = standard().cards

# --------------------------------------------------------------------------- basic strategy


def _is_paying(ranks: list[int]) -> bool:
    """A pair of tens or better, or anything with more of a rank, among held cards."""
    return any(ranks.count(r) >= 3 or (ranks.count(r) == 2 and r >= 10) for r in ranks) or (
        sum(1 for r in set(ranks) if ranks.count(r) == 2) >= 2
    )


def ride_first(cards: Sequence[Card]) -> bool:
    """Basic strategy with three cards: let the first bet ride? (LIR-7.1)

    Raises:
        InvalidCardError: not three distinct cards of the 52-card pack.

    Examples:
        >>> from cardrules import parse_cards
        >>> [ride_first(parse_cards(t)) for t in ("Tc Th 2d", "3s 4s 5s", "2s 3s 4s", "8d Td Qd")]
        [True, True, False, True]
    """
    check_hand(cards, 3, "a Let It Ride first decision")
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    if _is_paying(ranks):
        return True
    if len({c.suit for c in cards}) != 1:
        return False
    high = sum(1 for r in ranks if r >= 10)
    if high == 3:  # three to a royal flush (span checked below) or K-Q-J
        return ranks[0] - ranks[2] <= 4
    span = ranks[0] - ranks[2] + 1
    if span == 3:
        return ranks[2] >= 3  # not 2-3-4 (A-2-3 spans 13 with the ace high)
    if span == 4:
        return high >= 1
    if span == 5:
        return high >= 2
    return False


def ride_second(cards: Sequence[Card]) -> bool:
    """Basic strategy with four cards (three own, one community): let the second bet ride? (LIR-7.2)

    Raises:
        InvalidCardError: not four distinct cards of the 52-card pack.

    Examples:
        >>> from cardrules import parse_cards
        >>> [ride_second(parse_cards(t)) for t in ("2h 7h 9h Kh", "5c 6d 7h 8s", "Tc Jd Qh As")]
        [True, True, True]
        >>> [ride_second(parse_cards(t)) for t in ("9c 9d 4h 2s", "Ac 2d 3h 4s", "6c 7d 9h Ts")]
        [False, False, False]
    """
    check_hand(cards, 4, "a Let It Ride second decision")
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    if _is_paying(ranks):
        return True
    if len({c.suit for c in cards}) == 1:
        return True  # four to a flush, straight flushes included
    if len(set(ranks)) < 4:
        return False
    top, low = ranks[0], ranks[3]
    if top - low == 3 and top <= 13:
        return True  # four to an outside straight
    return low >= 10  # four to an inside straight, all ten or higher


def expected_return(cards: Sequence[Card], *, pay_table: str = COMMON_PAY_TABLE) -> Fraction:
    """The exact average net win, in bets, of basic strategy from these three cards (LIR-7.3).

    Every order of the two community cards among the other 49 is played with
    ``ride_first`` and ``ride_second`` deciding the bets.

    Raises:
        InvalidCardError: not three distinct cards of the 52-card pack.
        OptionError: a malformed ``pay_table``.

    Examples:
        >>> from cardrules import parse_cards
        >>> expected_return(parse_cards("Ah Ad 5c")) > 3
        True
    """
    hand = check_hand(cards, 3, "a Let It Ride hand")
    odds = parse_pay_table(pay_table)
    first = 1 if ride_first(hand) else 0
    rest = [c for c in _PACK if c not in hand]
    total = 0
    for i, fourth in enumerate(rest):
        stake = 2 + first if ride_second((*hand, fourth)) else 1 + first
        fifths = rest[:i] + rest[i + 1 :]
        for value in evaluate_many([(*hand, fourth, fifth) for fifth in fifths], check=False):
            total += _net(_line(value), stake, odds)
    return Fraction(total, len(rest) * (len(rest) - 1))
