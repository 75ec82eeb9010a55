"""Japanese 51 (Goju Ichi): five cards, five on the table, exchange one a turn.

Rules digest: ``seeds/japanese51.md`` (clauses ``J51-*``). By default a match
is one deal per player (each deals once) and scores count hands won;
``deals=1`` is a single deal.

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import japanese51
    >>> japanese51.hand_value(parse_cards("Ah 8h 3h 5c 2d"))
    15
    >>> state = games.create("japanese51", players=3, deals=1).new_game(seed=2)
    >>> len(state.legal_moves())  # 5 table cards x 5 hand cards x (stop or not)
    50
"""

from cardrules.games.japanese51._play import DealResult, End, Japanese51, Phase, State, View
from cardrules.games.japanese51._play import render as render
from cardrules.games.japanese51._rules import (
    Clear,
    Exchange,
    Options,
    Pass,
    SwapAll,
    hand_value,
    winners,
)

__all__ = [
    "Clear",
    "DealResult",
    "End",
    "Exchange",
    "Japanese51",
    "Options",
    "Pass",
    "Phase",
    "State",
    "SwapAll",
    "View",
    "hand_value",
    "score_hand",
    "winners",
]


score_hand = hand_value
"""The scoring vocabulary's name for what a hand is worth as this game scores it:
the same function as [`hand_value`][cardrules.games.japanese51.hand_value]."""
