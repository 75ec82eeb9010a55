"""Canasta: four players in two partnerships, wild cards, red threes, the frozen pile,
canastas; on the shared rummy table (``cardrules.games._rummy``).

Rules digest: ``seeds/canasta.md`` (clauses ``CAN-*``). The game to 5,000 is played by
default; ``deals=1`` is one deal.

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import canasta
    >>> canasta.card_points(parse_cards("Jk")[0]), canasta.minimum_count(1600)
    (50, 90)
    >>> state = games.create("canasta", deals=1).new_game(seed=2)
    >>> len(state.hands), state.phase.value
    (4, 'draw')
"""

from __future__ import annotations

from cardrules.games.canasta.game import Canasta, render
from cardrules.games.canasta.moves import (
    ASK,
    REFUSE,
    Answer,
    Ask,
    How,
    Refuse,
    TakePile,
)
from cardrules.games.canasta.scoring import (
    RULES,
    CanastaMeld,
    Options,
    card_points,
    check_meld,
    deal_score,
    hand_penalty,
    is_red_three,
    is_wild,
    minimum_count,
    pack,
    red_three_bonus,
)
from cardrules.games.canasta.state import DealResult, Phase, State, View

__all__ = [
    "ASK",
    "REFUSE",
    "RULES",
    "Answer",
    "Ask",
    "Canasta",
    "CanastaMeld",
    "DealResult",
    "How",
    "Options",
    "Phase",
    "Refuse",
    "State",
    "TakePile",
    "View",
    "card_points",
    "check_meld",
    "deal_score",
    "hand_penalty",
    "is_red_three",
    "is_wild",
    "minimum_count",
    "pack",
    "red_three_bonus",
    "render",
]
