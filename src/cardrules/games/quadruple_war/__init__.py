"""Quadruple War: spades with two jokers for 2 to 5 players, each bidding the tricks he
will win.

Rules digest: ``seeds/quadruple_war.md`` (clauses ``QW-*``). A game to 500 points is
played by default; ``deals=1`` is one deal. Tricks are resolved by
[`cardrules.tricks`][cardrules.tricks]; this package states the game's pack, rules and
scoring (``scoring``), its moves (``_moves``), the state (``state``), the game (``game``)
and a greedy player (``bot``).

Examples:
    >>> from cardrules import games
    >>> from cardrules.games import quadruple_war
    >>> [quadruple_war.hand_score(bid, won) for bid, won in ((7, 7), (5, 8), (4, 3))]
    [70, 53, 0]
    >>> quadruple_war.add_bags(8, 3)
    (1, 1)
    >>> game = games.create("quadruple_war", deals=1)
    >>> state = game.replay(3, ["bid 3", "bid 4", "bid 2", "bid 3"])
    >>> state.bids, state.turn
    ((3, 4, 2, 3), 0)
"""

from __future__ import annotations

from cardrules.games.quadruple_war._moves import (
    BLIND_NIL,
    NIL,
    PASS,
    Bid,
    BlindNil,
    Nil,
    Pass,
    Play,
)
from cardrules.games.quadruple_war.game import QuadrupleWar
from cardrules.games.quadruple_war.scoring import (
    BAG_LIMIT,
    BAG_PENALTY,
    RULES,
    Options,
    add_bags,
    hand_score,
    nil_score,
    pack,
    side_score,
    tricks_per_deal,
)
from cardrules.games.quadruple_war.state import (
    NOT_BID,
    DealResult,
    Phase,
    State,
    View,
    render,
    sides,
)

__all__ = [
    "BAG_LIMIT",
    "BAG_PENALTY",
    "BLIND_NIL",
    "NIL",
    "NOT_BID",
    "PASS",
    "RULES",
    "Bid",
    "BlindNil",
    "DealResult",
    "Nil",
    "Options",
    "Pass",
    "Phase",
    "Play",
    "QuadrupleWar",
    "State",
    "View",
    "add_bags",
    "hand_score",
    "nil_score",
    "pack",
    "render",
    "side_score",
    "sides",
    "tricks_per_deal",
]
