"""What the moves of the rummy table do, written once: each function takes a state, the seat
to move and the move, and returns the next state of the caller's own class, with the
game's extra field changes (``**changes``) applied in the same copy.

The turn skeleton every rummy game follows (T51-4, K51-4):

1. draw phase: ``draw`` the stock's top or ``take`` the discard's top (a game may add its
   own moves here, as Turkish 51's ``declare``);
2. play phase: ``lay_meld`` new melds (to the first lay-down in progress, ``pending``, until
   the player has opened; straight to the table after), ``open_pending`` or
   ``cancel_pending``, ``lay_off`` and ``retrieve`` (once opened), then a discard
   (``discard_card``), which ends the turn or, with the last card, the deal.

What a game decides itself stays in its ``_play``: when it may open and what opening
changes (a rising threshold), fines, the end of the deal and its scoring, the next deal.

Examples:
    >>> from cardrules.games.kalooki51 import Kalooki51
    >>> state = Kalooki51.create(deals=1).new_game(seed=0)
    >>> after = draw(state, state.turn)
    >>> after.phase.value, len(after.hands[state.turn]) - len(state.hands[state.turn])
    ('play', 1)
"""

from __future__ import annotations

from typing import Any, TypeVar

from cardrules.cards import Card
from cardrules.engine import replace_at
from cardrules.games._rummy._moves import LayOff, Phase, Retrieve, TableMeld, run_end
from cardrules.games._rummy._position import RummyPosition
from cardrules.games._rummy._table import remove_cards
from cardrules.melds import Meld, MeldRules, lay_off, retrieve_joker

__all__ = [
    "cancel_pending",
    "discard_card",
    "draw",
    "lay_meld",
    "lay_off_card",
    "open_pending",
    "retrieve",
    "take",
]

S = TypeVar("S", bound=RummyPosition[Any])  # the state class, kept through every move

_put = replace_at


def draw(state: S, seat: int, **changes: Any) -> S:
    """The top card of the stock into ``seat``'s hand; the play phase begins."""
    return state._replace(
        hands=_put(state.hands, seat, (*state.hands[seat], state.stock[-1])),
        stock=state.stock[:-1],
        phase=Phase.PLAY,
        **changes,
    )


def take(state: S, seat: int, **changes: Any) -> S:
    """The top discard into ``seat``'s hand, known to all, remembered as ``taken``."""
    card = state.discard[-1]
    return state._replace(
        hands=_put(state.hands, seat, (*state.hands[seat], card)),
        known=_put(state.known, seat, (*state.known[seat], card)),
        discard=state.discard[:-1],
        taken=card,
        phase=Phase.PLAY,
        **changes,
    )


def lay_meld(state: S, seat: int, meld: Meld, **changes: Any) -> S:
    """``meld`` (checked with ``check_meld``) out of the hand: onto the table once ``seat``
    has opened, else into the first lay-down in progress."""
    hands, known = remove_cards(state.hands, state.known, seat, meld.cards)
    if state.opened[seat]:
        table = (*state.table, TableMeld(seat, meld))
        return state._replace(hands=hands, known=known, table=table, **changes)
    return state._replace(hands=hands, known=known, pending=(*state.pending, meld), **changes)


def open_pending(state: S, seat: int, **changes: Any) -> S:
    """The melds of the first lay-down onto the table: ``seat`` has opened."""
    return state._replace(
        table=state.table + tuple(TableMeld(seat, m) for m in state.pending),
        pending=(),
        opened=_put(state.opened, seat, True),
        **changes,
    )


def cancel_pending(state: S, seat: int, **changes: Any) -> S:
    """The melds of the first lay-down back into the hand (known to all now)."""
    back = tuple(c for m in state.pending for c in m.cards)
    return state._replace(
        pending=(),
        hands=_put(state.hands, seat, state.hands[seat] + back),
        known=_put(state.known, seat, (*state.known[seat], *back)),
        cancelled=True,
        **changes,
    )


def lay_off_card(state: S, seat: int, move: LayOff, rules: MeldRules, **changes: Any) -> S:
    """The card of ``move`` onto table meld ``move.target``, at its side (a run's end)."""
    placed = state.table[move.target]
    meld = lay_off(placed.meld, move.card, rules, end=run_end(move.side))
    hands, known = remove_cards(state.hands, state.known, seat, (move.card,))
    return state._replace(
        hands=hands,
        known=known,
        table=_put(state.table, move.target, TableMeld(placed.owner, meld)),
        **changes,
    )


def retrieve(state: S, seat: int, move: Retrieve, rules: MeldRules, **changes: Any) -> S:
    """The cards of ``move`` into table meld ``move.target``; its joker into the hand."""
    placed = state.table[move.target]
    meld, joker = retrieve_joker(placed.meld, move.cards, rules)
    hands, known = remove_cards(state.hands, state.known, seat, move.cards)
    return state._replace(
        hands=_put(hands, seat, (*hands[seat], joker)),
        known=_put(known, seat, (*known[seat], joker)),
        table=_put(state.table, move.target, TableMeld(placed.owner, meld)),
        **changes,
    )


def discard_card(state: S, seat: int, card: Card, **changes: Any) -> S:
    """``card`` from ``seat``'s hand onto the discard pile (the turn's end is the game's)."""
    hands, known = remove_cards(state.hands, state.known, seat, (card,))
    return state._replace(hands=hands, known=known, discard=(*state.discard, card), **changes)
