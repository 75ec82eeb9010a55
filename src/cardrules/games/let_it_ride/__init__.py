"""Let It Ride: three bets, three cards, two community cards, a pay table.

Rules digest: ``seeds/let_it_ride.md`` (clauses ``LIR-*``). Each player plays
alone against the house's pay table: he takes back his first bet or lets it
ride after seeing his three cards, his second bet after the first community
card; the third always stays. A series of hands is played by default
(``deals=10``); ``deals=1`` is one hand.

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import let_it_ride
    >>> let_it_ride.pay_line(parse_cards("Th Tc 4d 8s Ks")).name
    'TENS_OR_BETTER'
    >>> let_it_ride.ride_first(parse_cards("Jh Qh Kh"))
    True
    >>> game = games.create("let_it_ride", players=2, deals=1)
    >>> state = game.new_game(seed=3)
    >>> [str(m) for m in state.legal_moves()]
    ['pull 1', 'ride 1']
"""

from __future__ import annotations

from cardrules.games.let_it_ride._options import Options
from cardrules.games.let_it_ride._view import HandResult, Phase, View, render
from cardrules.games.let_it_ride.bonus import (
    COMMON_BONUS_TABLE,
    COMMON_THREE_CARD_TABLE,
    ThreeCardLine,
    bonus_net,
    bonus_return,
    parse_bonus_table,
    parse_three_card_table,
    three_card_line,
    three_card_net,
    three_card_return,
)
from cardrules.games.let_it_ride.game import LetItRide, Pull, Ride, State
from cardrules.games.let_it_ride.pay import (
    COMMON_PAY_TABLE,
    PayLine,
    parse_pay_table,
    pay_line,
    payout,
)
from cardrules.games.let_it_ride.strategy import expected_return, ride_first, ride_second

__all__ = [
    "COMMON_BONUS_TABLE",
    "COMMON_PAY_TABLE",
    "COMMON_THREE_CARD_TABLE",
    "HandResult",
    "LetItRide",
    "Options",
    "PayLine",
    "Phase",
    "Pull",
    "Ride",
    "State",
    "ThreeCardLine",
    "View",
    "bonus_net",
    "bonus_return",
    "expected_return",
    "parse_bonus_table",
    "parse_pay_table",
    "parse_three_card_table",
    "pay_line",
    "payout",
    "render",
    "ride_first",
    "ride_second",
    "three_card_line",
    "three_card_net",
    "three_card_return",
]
