"""Two-handed Pinochle: tricks with melds, the dix, the playoff, the match to 1,000.

Rules digest: ``seeds/pinochle.md`` (clauses ``PIN-*``). The match to 1,000 is played
by default; ``deals=1`` is one deal as a game. Tricks are resolved by
[`cardrules.tricks`][cardrules.tricks]; this package states Pinochle's cards, melds and
counts (``scoring``), its moves (``moves``), the state (``state``), a greedy player
(``bot``) and the game (``game``).

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import pinochle
    >>> pinochle.meld_points(parse_cards("Qs Jd Qs Jd"), "h"), pinochle.round_count(87)
    (300, 90)
    >>> game = games.create("pinochle", deals=1)
    >>> state = game.new_game(seed=2)
    >>> state.trump_card.suit is state.trump, len(state.stock)
    (True, 23)
"""

from __future__ import annotations

from cardrules.games.pinochle.game import Pinochle, render
from cardrules.games.pinochle.moves import (
    DECLARE,
    DIX,
    DRAW,
    EXCHANGE,
    Declare,
    Dix,
    Draw,
    Exchange,
    Meld,
    Play,
)
from cardrules.games.pinochle.scoring import (
    HAND_SIZE,
    LAST_TRICK,
    MeldKind,
    Options,
    TableCard,
    best_meld,
    dix_rank,
    meld_kind,
    meld_points,
    pack,
    round_count,
    trick_points,
    trick_rules,
)
from cardrules.games.pinochle.state import DealResult, Phase, State, View

__all__ = [
    "DECLARE",
    "DIX",
    "DRAW",
    "EXCHANGE",
    "HAND_SIZE",
    "LAST_TRICK",
    "DealResult",
    "Declare",
    "Dix",
    "Draw",
    "Exchange",
    "Meld",
    "MeldKind",
    "Options",
    "Phase",
    "Pinochle",
    "Play",
    "State",
    "TableCard",
    "View",
    "best_meld",
    "dix_rank",
    "meld_kind",
    "meld_points",
    "pack",
    "render",
    "round_count",
    "trick_points",
    "trick_rules",
]
