"""Turkish 51's view as plain text for a person (``cardrules play --human``).

Examples:
    >>> from cardrules import games
    >>> from cardrules.games.turkish51 import render
    >>> state = games.create("turkish51").new_game(seed=1)
    >>> print(render(state.view(1)))
    == Turkish 51: deal 1, threshold 51 ==
       seat    cards penalty opened
       seat 0  14    0       no     dealer
     > you (1) 14    0       no
       seat 2  14    0       no
       seat 3  14    0       no
    discard: 2d on top, 1 card
    stock: 49 cards
    table: no melds
    your hand: 9c 3d 4d 5d 6d 7d Kd Ad Th 4s 8s Ts Ks Jk (14 cards)
    to open: melds worth more than 51 points, or more than 3 doubles once you have declared doubles
    your turn: draw, take the discard, or declare doubles
"""

from __future__ import annotations

from cardrules.games.turkish51.moves import Phase, View
from cardrules.games.turkish51.scoring import RULES
from cardrules.melds import meld_value
from cardrules.render import (
    card_text,
    count_text,
    frame,
    hand_line,
    pile_line,
    seat_notes,
    seat_table,
    turn_line,
)

__all__ = ["render"]

_DOING = {
    Phase.DRAW: "draw, take the discard, or declare doubles",
    Phase.PLAY: "meld, lay off, take a joker, open or cancel, then discard",
}


def render(view: View) -> str:
    """The view of one seat as plain text: seats with their penalty totals,
    the discard pile, the table's melds numbered as ``layoff`` and ``retrieve``
    name them, the melds of an opening in progress with their total, the hand.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("turkish51").new_game(seed=1)
        >>> "table: no melds" in render(state.view(0))
        True
    """
    n = len(view.hand_sizes)
    doubles = [i for i in range(n) if view.doubles[i]]
    notes = seat_notes(n, {"dealer": view.dealer, "in doubles": doubles}, known=view.known)
    columns = {
        "cards": view.hand_sizes,
        "penalty": view.totals,
        "opened": view.opened,
    }
    if any(view.fines):
        columns["fines"] = view.fines
    table = ["table: no melds"]
    if view.table:
        table = ["table:"]
        for number, placed in enumerate(view.table):
            owner = "you" if placed.owner == view.seat else f"seat {placed.owner}"
            cards = "-".join(card_text(c) for c in placed.meld.cards)
            table.append(f"  {number:>2}. {cards}  ({placed.meld.kind.value}, {owner})")
    pending = None
    if view.pending:
        total = sum(meld_value(m, RULES) for m in view.pending)
        melds = "  ".join("-".join(card_text(c) for c in m.cards) for m in view.pending)
        pending = f"your opening so far: {melds} = {total} points"
    doing = _DOING.get(view.phase, "") if view.turn == view.seat else ""
    return frame(
        f"Turkish 51: deal {view.deal + 1}, threshold {view.threshold}",
        seat_table(view.seat, view.turn, columns, notes),
        pile_line("discard", view.discard, top_only=True),
        f"stock: {count_text(view.stock_size)}",
        table,
        pending,
        hand_line(view.hand),
        (
            f"you took {card_text(view.taken)} from the discard pile"
            if view.taken is not None
            else None
        ),
        (
            f"to open: melds worth more than {view.threshold} points, or more than "
            f"{view.doubles_threshold} doubles once you have declared doubles"
            if not view.opened[view.seat]
            else None
        ),
        turn_line(view.turn, view.seat, doing),
    )
