"""The rummy table: what the rummy games (Turkish 51, Kalooki 51, Canasta to come) share,
written once and parameterised by rule values, each game declaring only what differs.

Rooms, each importing only from those before it:

* ``_moves``: the moves (draw, take, meld, open, cancel, lay off, retrieve, discard),
  ``Side``, ``Phase``, ``TableMeld``, the shared move values;
* ``_table``: the table read once per table under a game's ``MeldRules`` (what each meld
  takes, what frees its jokers), the lay-off, retrieve and meld moves, the field checks of
  a move, cards out of a hand;
* ``_position``: ``RummyPosition``, the reads of a rummy state (all cards, the first
  lay-down's value, the view, the table's checks);
* ``_turns``: what each move does to a state (the turn skeleton);
* ``_bot``: the greedy player's skeleton (links, the plan's melds, the discard least
  worth keeping).

What a game declares itself: its ``MeldRules`` (sets, runs, jokers, ace low or high,
closed sets), its own fields in its ``Position`` (their order is its save format), its
opening rule (Turkish 51: above a rising threshold or with doubles; Kalooki 51: 51 or more),
its joker rules (Kalooki 51's released joker placed at once), the end of a deal and its
scoring, and its own moves beside these (Turkish 51's ``declare``).

How Canasta stands on it (the hooks it will use):

* **Side or partnership melds**: ``TableMeld.owner`` names a seat; Canasta names the side
  (``seat % 2``) as owner and ``opened`` per side; ``RummyPosition.check_table`` takes
  ``players`` and the owner check reads ``opened[owner]``, so a side-indexed ``opened`` works
  unchanged.
* **Same-rank melds only, wild cards**: a ``MeldRules`` with no runs and twos and jokers as
  wild cards; ``meld_moves``, ``meld_fits`` and ``table_layoffs`` read the rules, so melds
  and lay-offs follow; a game-level limit of wild cards per meld is a filter on
  ``meld_moves`` in its ``_legal``, as Turkish 51 filters its melds.
* **The pile taken whole, a frozen pile**: ``take`` takes the top card; Canasta's own move
  (``take pile``) uses ``_turns`` as a model and adds the pile's cards to the hand and to
  ``known``; whether the pile is frozen is a rule the game's ``_legal`` reads before it
  offers ``take``, as Turkish 51 reads its T51-4.3 rule.
* **Minimum count by score**: the opening rule is the game's ``Open`` condition
  (``pending_total`` against a minimum its state computes from the side's score), as
  Turkish 51's rising threshold and Kalooki 51's 51.

Examples:
    >>> from cardrules.games import kalooki51, turkish51
    >>> kalooki51.LayOff is turkish51.LayOff is LayOff
    True
"""

from __future__ import annotations

from cardrules.games._rummy._bot import bot_moves, least_worth, links, plan_move
from cardrules.games._rummy._moves import (
    CANCEL,
    DISCARDS,
    DRAW,
    OPEN,
    SIDES,
    TAKE,
    Cancel,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Phase,
    Retrieve,
    Side,
    TableMeld,
    Take,
    discard_move,
    lay_meld_move,
    lay_off_move,
)
from cardrules.games._rummy._position import RummyPosition, recheck_meld
from cardrules.games._rummy._table import (
    bad_fields,
    joker_cards,
    joker_wants,
    meld_fits,
    meld_moves,
    missing_cards,
    remove_cards,
    retrieve_moves,
    table_fits,
    table_jokers,
    table_layoffs,
)
from cardrules.games._rummy._turns import (
    cancel_pending,
    discard_card,
    draw,
    lay_meld,
    lay_off_card,
    open_pending,
    retrieve,
    take,
)

__all__ = [
    "CANCEL",
    "DISCARDS",
    "DRAW",
    "OPEN",
    "SIDES",
    "TAKE",
    "Cancel",
    "Discard",
    "Draw",
    "LayMeld",
    "LayOff",
    "Open",
    "Phase",
    "Retrieve",
    "RummyPosition",
    "Side",
    "TableMeld",
    "Take",
    "bad_fields",
    "bot_moves",
    "cancel_pending",
    "discard_card",
    "discard_move",
    "draw",
    "joker_cards",
    "joker_wants",
    "lay_meld",
    "lay_meld_move",
    "lay_off_card",
    "lay_off_move",
    "least_worth",
    "links",
    "meld_fits",
    "meld_moves",
    "missing_cards",
    "open_pending",
    "plan_move",
    "recheck_meld",
    "remove_cards",
    "retrieve",
    "retrieve_moves",
    "table_fits",
    "table_jokers",
    "table_layoffs",
    "take",
]
