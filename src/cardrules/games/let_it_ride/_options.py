"""Let It Ride's options (LIR-1.2, 1.3, 5.2, 6.1, 8).

Examples:
    >>> Options(bonus=True).bonus_table
    '20000,2000,400,200,50,25,5,0'
"""

from __future__ import annotations

import attrs

from cardrules.engine import option
from cardrules.errors import OptionError
from cardrules.games.let_it_ride.bonus import (
    COMMON_BONUS_TABLE,
    COMMON_THREE_CARD_TABLE,
    parse_bonus_table,
    parse_three_card_table,
)
from cardrules.games.let_it_ride.pay import COMMON_PAY_TABLE, parse_pay_table

__all__ = ["Options"]


@attrs.frozen
class Options:
    """Let It Ride options (see ``seeds/let_it_ride.md``).

    Examples:
        >>> Options().pay_table
        '1000,200,50,11,8,5,3,2,1'
        >>> Options(bankroll=2)
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: option bankroll must be at least 3, got 2
    """

    players: int = option(3, doc="number of seats (LIR-1.2)", minimum=1, maximum=7)
    deals: int = option(10, doc="hands in the series (LIR-6.1)", minimum=1, maximum=100_000)
    bankroll: int = option(
        100, doc="chips each player starts with (LIR-1.3)", minimum=3, maximum=10**9
    )
    bet: int = option(1, doc="chips in each of the three bets (LIR-1.3)", minimum=1)
    pay_table: str = option(
        COMMON_PAY_TABLE,
        doc="odds for royal flush, straight flush, ... tens or better (LIR-5.2)",
    )
    bonus: bool = option(False, doc="every player makes the 1-chip bonus bet (LIR-8.1)")
    bonus_table: str = option(
        COMMON_BONUS_TABLE, doc="amounts the bonus bet pays, royal flush ... two pairs (LIR-8.1)"
    )
    three_card: int = option(
        0, doc="chips on the 3-Card Bonus each hand, 0 for none (LIR-8.2)", minimum=0
    )
    three_card_table: str = option(
        COMMON_THREE_CARD_TABLE, doc="3-Card Bonus odds, mini royal ... pair (LIR-8.2)"
    )
    cap: int = option(0, doc="most a seat may win in one hand, 0 for no cap (LIR-8.3)", minimum=0)

    def __attrs_post_init__(self) -> None:
        parse_pay_table(self.pay_table)
        parse_bonus_table(self.bonus_table)
        parse_three_card_table(self.three_card_table)
        if self.bankroll < self.stake:
            raise OptionError(
                f"option bankroll {self.bankroll} cannot cover three bets of {self.bet}"
                f" and the side bets (LIR-1.3)"
            )

    @property
    def stake(self) -> int:
        """Chips a seat puts on the table at each deal: three bets and the side bets.

        Examples:
            >>> Options(bet=5, bonus=True, three_card=2).stake
            18
        """
        return 3 * self.bet + int(self.bonus) + self.three_card
