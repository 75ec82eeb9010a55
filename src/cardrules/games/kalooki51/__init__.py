"""Kalooki 51: 106 cards, 13 each, a first lay-down of 51, building, closed sets.

Rules digest: ``seeds/kalooki51.md`` (clauses ``K51-*``). The game is
``games.create("kalooki51")``; the functions of ``scoring`` keep score without the engine.

Rooms, each importing only from those before it: ``scoring`` (the pack, the meld rules,
penalties, the pot), ``moves`` (options, moves, views, records), ``state`` (the fields of a
match), ``_legal`` (legal moves and why not) and ``_play`` (what a move does), ``bot`` (the
greedy player), ``game`` (``State`` and ``Kalooki51``, joining them), ``picture`` (a view
drawn for a person, the package's ``render``).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games import kalooki51
    >>> str(kalooki51.check_meld(parse_cards("Qh Kh Ah")))
    'Qh-Kh-Ah'
    >>> kalooki51.payout(100, [0, 40, 120])
    (Fraction(75, 1), Fraction(25, 1), Fraction(0, 1))
"""

from __future__ import annotations

from cardrules.games.kalooki51.game import Kalooki51, State
from cardrules.games.kalooki51.moves import (
    Cancel,
    DealResult,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Options,
    Phase,
    Retrieve,
    Side,
    TableMeld,
    Take,
    View,
)
from cardrules.games.kalooki51.picture import render
from cardrules.games.kalooki51.scoring import (
    DECK,
    JOKER_PENALTIES,
    KALOOKI_BONUS,
    RULES,
    card_penalty,
    check_meld,
    deal_penalties,
    hand_penalty,
    meld_rules,
    meld_value,
    opening_value,
    opens,
    payout,
)

__all__ = [
    "DECK",
    "JOKER_PENALTIES",
    "KALOOKI_BONUS",
    "RULES",
    "Cancel",
    "DealResult",
    "Discard",
    "Draw",
    "Kalooki51",
    "LayMeld",
    "LayOff",
    "Open",
    "Options",
    "Phase",
    "Retrieve",
    "Side",
    "State",
    "TableMeld",
    "Take",
    "View",
    "card_penalty",
    "check_meld",
    "deal_penalties",
    "hand_penalty",
    "meld_rules",
    "meld_value",
    "opening_value",
    "opens",
    "payout",
    "render",
]
