"""Chinese 51: draw, trade or swap with the face-up row, knock and be challenged.

Rules digest: ``seeds/chinese51.md`` (clauses ``C51-*``). Play is
counter-clockwise: the next seat is the one numbered one lower. The game runs
to ``target`` points (500); ``deals`` caps the number of hands.

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import chinese51
    >>> chinese51.hand_value(parse_cards("Ah Kh 9h 4c 2d"))
    30
    >>> chinese51.knock_scores([40, 45, 30, 20], caller=0, challengers=[1])
    (0, 85, 30, 20)
"""

from cardrules.games._family31 import Draw, Knock, Pass, Source
from cardrules.games.chinese51._game import Chinese51
from cardrules.games.chinese51._game import render as render
from cardrules.games.chinese51._rules import (
    Challenge,
    Discard,
    Options,
    Swap,
    Trade,
    clear_count_scores,
    hand_value,
    knock_scores,
)
from cardrules.games.chinese51._state import DealResult, End, Phase, State, View

__all__ = [
    "Challenge",
    "Chinese51",
    "DealResult",
    "Discard",
    "Draw",
    "End",
    "Knock",
    "Options",
    "Pass",
    "Phase",
    "Source",
    "State",
    "Swap",
    "Trade",
    "View",
    "clear_count_scores",
    "hand_value",
    "knock_scores",
    "score_hand",
]


score_hand = hand_value
"""The scoring vocabulary's name for what a hand is worth as this game scores it:
the same function as [`hand_value`][cardrules.games.chinese51.hand_value]."""
