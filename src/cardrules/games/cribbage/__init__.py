"""Cribbage: the crib, the starter, pegging to 31 and the show; game to 121.

Rules digest: ``seeds/cribbage.md`` (clauses ``CR-*``). Two players by
default, three or four (two partnerships) as options; muggins, a game to 61,
skunks and matches of several games are options too. The scoring functions
work without a game: [`score_hand`][cardrules.games.cribbage.score_hand] counts a hand (or the crib)
with its
starter, [`peg_points`][cardrules.games.cribbage.peg_points] scores a card in the play,
[`best_discard`][cardrules.games.cribbage.best_discard]
ranks the ways to lay away by exact expected points, and
[`score_distribution`][cardrules.games.cribbage.score_distribution] counts every (hand, starter)
pair.

Examples:
    >>> from cardrules import games, parse_cards, parse_card
    >>> from cardrules.games import cribbage
    >>> cribbage.score_hand(parse_cards("5c 5d 5h Js"), parse_card("5s")).total
    29
    >>> state = games.create("cribbage").new_game(seed=3)
    >>> str(state.legal_moves()[0])
    'crib 4c,4s'
"""

from cardrules.games.cribbage._cribbage import Cribbage
from cardrules.games.cribbage._game import State
from cardrules.games.cribbage._scoring import (
    Discard,
    HandScore,
    best_discard,
    card_value,
    crib_rank,
    peg_points,
    score_distribution,
    score_hand,
)
from cardrules.games.cribbage._values import (
    Count,
    DealResult,
    LayAway,
    Muggins,
    Options,
    Pass,
    PegClaim,
    Phase,
    Play,
    View,
    render,
)

__all__ = [
    "Count",
    "Cribbage",
    "DealResult",
    "Discard",
    "HandScore",
    "LayAway",
    "Muggins",
    "Options",
    "Pass",
    "PegClaim",
    "Phase",
    "Play",
    "State",
    "View",
    "best_discard",
    "card_value",
    "crib_rank",
    "peg_points",
    "render",
    "score_distribution",
    "score_hand",
]
