"""Turkish 51: 106 cards, opening above 51 (rising), doubles, jokers, 11 deals.

Rules digest: ``seeds/turkish51.md`` (clauses ``T51-*``). The game is
``games.create("turkish51")``; the functions below keep score without the engine.

Rooms, each importing only from those before it: ``scoring`` (the pack, the meld rules,
penalties), ``moves`` (options, moves, views, records), ``state`` (the fields of a match),
``_legal`` (legal moves and why not) and ``_play`` (what a move does), ``bot`` (the greedy
player), ``game`` ([`State`][cardrules.games.turkish51.State] and
[`Turkish51`][cardrules.games.turkish51.Turkish51], joining them).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games import turkish51
    >>> str(turkish51.check_meld(parse_cards("Qh Kh Ah")))
    'Qh-Kh-Ah'
    >>> turkish51.hand_penalty(parse_cards("Ah Jk"))
    61
"""

from __future__ import annotations

from cardrules.games.turkish51.game import (
    Cancel,
    DealResult,
    Declare,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Options,
    Phase,
    Retrieve,
    Side,
    State,
    TableMeld,
    Take,
    Turkish51,
    View,
    table_fits,
)
from cardrules.games.turkish51.opening import (
    joker_faces,
    opening_value,
    opens,
    opens_with_doubles,
)
from cardrules.games.turkish51.picture import render
from cardrules.games.turkish51.scoring import (
    DECK,
    MAX_PENALTY,
    NEVER_DOWN,
    RULES,
    card_penalty,
    check_meld,
    deal_penalties,
    hand_penalty,
    meld_value,
)

__all__ = [
    "DECK",
    "MAX_PENALTY",
    "NEVER_DOWN",
    "RULES",
    "Cancel",
    "DealResult",
    "Declare",
    "Discard",
    "Draw",
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
    "Turkish51",
    "View",
    "card_penalty",
    "check_meld",
    "deal_penalties",
    "hand_penalty",
    "joker_faces",
    "meld_value",
    "opening_value",
    "opens",
    "opens_with_doubles",
    "render",
    "table_fits",
]
