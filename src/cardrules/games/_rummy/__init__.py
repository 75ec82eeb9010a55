"""The rummy table: what the rummy games (Turkish 51, Kalooki 51, Canasta) share, written
once and parameterised by rule values, each game declaring only what differs.

Rooms, each importing only from those before it:

* ``_moves``: the moves (draw, take, meld, open, cancel, lay off, retrieve, discard),
  ``Side``, ``Phase``, ``TableMeld``, the shared move values;
* ``_table``: the table read once per table under a game's ``MeldRules`` (what each meld
  takes, what frees its jokers), the lay-off, retrieve and meld moves, the field checks of
  a move, cards out of a hand;
* ``_position``: ``RummyPosition``, the reads of a rummy state (all cards, the first
  lay-down's value, the view, the table's checks);
* ``_turns``: what each move does to a state (the turn skeleton);
* ``_scoring``: the rummy scoring vocabulary's input checks and meld reading (a set's
  jokers with their faces, a run's natural cards in any order, refusals with clauses);
* ``_bot``: the greedy player's skeleton (links, the plan's melds, the discard least
  worth keeping).

What a game declares itself: its ``MeldRules`` (sets, runs, jokers, ace low or high,
closed sets), its own fields in its ``Position`` (their order is its save format), its
opening rule (Turkish 51: above a rising threshold or with doubles; Kalooki 51: 51 or more),
its joker rules (Kalooki 51's released joker placed at once), the end of a deal and its
scoring, and its own moves beside these (Turkish 51's ``declare``).

What Canasta takes from it: the moves (``Draw``, ``LayMeld``, ``LayOff``, ``Open``,
``Cancel``, ``Discard``) and their builders, ``Side``, ``TableMeld`` (its ``owner`` names
the side, and ``opened`` is per side) and ``remove_cards``. Its same-rank melds with wild
cards are its ``MeldRules``; the pile taken whole, the frozen pile, the wild-card limit and
the minimum count by score are its own, in ``cardrules.games.canasta``.

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
    old_set_layoff,
    run_end,
)
from cardrules.games._rummy._position import RummyPosition, recheck_meld
from cardrules.games._rummy._scoring import (
    check_flag,
    read_cards,
    read_int,
    read_meld,
    read_melds,
)
from cardrules.games._rummy._table import (
    bad_fields,
    end_problem,
    joker_cards,
    joker_wants,
    laid_meld,
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
    "check_flag",
    "discard_card",
    "discard_move",
    "draw",
    "end_problem",
    "joker_cards",
    "joker_wants",
    "laid_meld",
    "lay_meld",
    "lay_meld_move",
    "lay_off_card",
    "lay_off_move",
    "least_worth",
    "links",
    "meld_fits",
    "meld_moves",
    "missing_cards",
    "old_set_layoff",
    "open_pending",
    "plan_move",
    "read_cards",
    "read_int",
    "read_meld",
    "read_melds",
    "recheck_meld",
    "remove_cards",
    "retrieve",
    "retrieve_moves",
    "run_end",
    "table_fits",
    "table_jokers",
    "table_layoffs",
    "take",
]
