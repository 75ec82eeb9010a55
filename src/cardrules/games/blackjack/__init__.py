"""Blackjack (Twenty-One): a shoe, a cut card, naturals, split, double, insurance.

Rules digest: ``seeds/blackjack.md`` (clauses ``BJ-*``). The game is
``games.create("blackjack")`` (ten rounds by default, ``deals=1`` one round);
the functions below count hands and the dealer's odds without the engine.

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games import blackjack
    >>> blackjack.hand_value(parse_cards("As 7d"))
    (18, True)
    >>> round(float(blackjack.dealer_probabilities("Td")["bust"]), 3)
    0.23
"""

from __future__ import annotations

from cardrules.games.blackjack.bots import strategy_move
from cardrules.games.blackjack.game import Blackjack
from cardrules.games.blackjack.moves import (
    Bet,
    DealResult,
    Decline,
    Double,
    Hand,
    Hit,
    Insure,
    Options,
    Phase,
    Split,
    Stand,
    View,
)
from cardrules.games.blackjack.state import State, render
from cardrules.games.blackjack.strategy import chart_action, text_action
from cardrules.games.blackjack.values import (
    OUTCOMES,
    card_value,
    chip_ladder,
    dealer_probabilities,
    hand_value,
    is_natural,
)

__all__ = [
    "OUTCOMES",
    "Bet",
    "Blackjack",
    "DealResult",
    "Decline",
    "Double",
    "Hand",
    "Hit",
    "Insure",
    "Options",
    "Phase",
    "Split",
    "Stand",
    "State",
    "View",
    "card_value",
    "chart_action",
    "chip_ladder",
    "dealer_probabilities",
    "hand_value",
    "is_natural",
    "render",
    "score_hand",
    "strategy_move",
    "text_action",
]


score_hand = hand_value
"""The scoring vocabulary's name for what a hand is worth as this game scores it:
the same function as [`hand_value`][cardrules.games.blackjack.hand_value]."""
