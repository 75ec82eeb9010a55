"""Fifty-Six (56): two teams bid for the points of a double pack, then take tricks.

Rules digest: ``seeds/fifty_six.md`` (clauses ``FS-*``). A match of 12 games (16 with
eight players) is played by default; ``deals=1`` is one game. Tricks are resolved by
[`cardrules.tricks`][cardrules.tricks]; this package states Fifty-Six's choices (``scoring``), its
moves and bid formats (``_moves``), the game (``game``) and a greedy player (``bot``).

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import fifty_six
    >>> fifty_six.card_points(parse_cards("Jh 9h Ah Th Kh"))
    7
    >>> fifty_six.game_points(56, made=False, doubled=True, redoubled=True)
    15
    >>> game = games.create("fifty_six", players=4, deals=1)
    >>> state = game.replay(5, ["28 hearts", "double", "pass", "pass", "pass"])
    >>> str(state.contract)
    '28 hearts doubled by seat 1'
"""

from __future__ import annotations

from cardrules.games.fifty_six._moves import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Double,
    Pass,
    Play,
    Redouble,
    read_bid,
)
from cardrules.games.fifty_six.game import FiftySix
from cardrules.games.fifty_six.scoring import (
    DECKS,
    HAND_SIZE,
    MAX_BID,
    MIN_BID,
    TABLES,
    TABLES_LIMIT,
    Denomination,
    Options,
    card_points,
    game_points,
    outcome,
    trick_rules,
)
from cardrules.games.fifty_six.state import (
    Contract,
    DealResult,
    Phase,
    State,
    View,
    render,
)

__all__ = [
    "DECKS",
    "DOUBLE",
    "HAND_SIZE",
    "MAX_BID",
    "MIN_BID",
    "PASS",
    "REDOUBLE",
    "TABLES",
    "TABLES_LIMIT",
    "Bid",
    "Contract",
    "DealResult",
    "Denomination",
    "Double",
    "FiftySix",
    "Options",
    "Pass",
    "Phase",
    "Play",
    "Redouble",
    "State",
    "View",
    "card_points",
    "game_points",
    "outcome",
    "read_bid",
    "render",
    "trick_rules",
]
