"""Texas Hold'em: two hole cards, five on the board, four betting rounds, a match with stacks.

Rules digest: ``seeds/texas_holdem.md`` (clauses ``TH-*``). The game is
``games.create("texas_holdem")`` (six seats, no limit, blinds 1 and 2, stacks of
200, at most 100 hands); ``structure="fixed_limit"`` or ``"pot_limit"`` change
the betting. Bets and raises take any whole amount in ``state.amount_range``;
``legal_moves()`` lists a few canonical sizes. ``to_phh``/``from_phh`` write and
read a hand in the Poker Hand History format.

Examples:
    >>> from cardrules import games
    >>> from cardrules.games import texas_holdem
    >>> game = games.create("texas_holdem", players=2, deals=1)
    >>> state = game.new_game(seed=1)
    >>> state = state.apply(game.parse_move(state, "raise 7"))
    >>> state.bets, state.amount_range("raise")
    ((7, 2), (12, 200))
    >>> texas_holdem.side_pots((50, 200, 200), (True, True, True))
    ((150, (0, 1, 2)), (300, (1, 2)))
"""

from __future__ import annotations

from cardrules.games.texas_holdem.bot import equity, equity_move, random_move
from cardrules.games.texas_holdem.game import TexasHoldem
from cardrules.games.texas_holdem.phh import from_phh, to_phh
from cardrules.games.texas_holdem.pots import award_order, rake_amount, side_pots, split_pot
from cardrules.games.texas_holdem.rules import (
    CALL,
    CHECK,
    FOLD,
    STRUCTURES,
    Bet,
    Call,
    Check,
    Fold,
    HandResult,
    Options,
    Phase,
    PotResult,
    Raise,
    View,
)
from cardrules.games.texas_holdem.state import State, arranged_state, render

__all__ = [
    "CALL",
    "CHECK",
    "FOLD",
    "STRUCTURES",
    "Bet",
    "Call",
    "Check",
    "Fold",
    "HandResult",
    "Options",
    "Phase",
    "PotResult",
    "Raise",
    "State",
    "TexasHoldem",
    "View",
    "arranged_state",
    "award_order",
    "equity",
    "equity_move",
    "from_phh",
    "rake_amount",
    "random_move",
    "render",
    "side_pots",
    "split_pot",
    "to_phh",
]
