"""Kalooki 51's view as plain text for a person (``cardrules play --human``), drawn
as the other games' pictures are: the title line, the seats, the piles, the table's
melds numbered as ``layoff`` and ``retrieve`` name them, the hand sorted, cards with
suit symbols where the terminal shows them.

Examples:
    >>> from cardrules import games
    >>> from cardrules.games.kalooki51.picture import render
    >>> state = games.create("kalooki51", players=2, deals=1).new_game(seed=0)
    >>> print(render(state.view(1)))
    == Kalooki 51: deal 1, open with 51 ==
       seat    cards total down
       seat 0  13    0     no   dealer
     > you (1) 13    0     no
    discard: 7c on top, 1 card
    stock: 79 cards
    table: no melds
    your hand: 4c 8c 9c Kc 2d 5d 5d 3h 6h 9h 7s 8s Js (13 cards)
    to open: melds worth 51 or more, laid in one turn
    your turn: draw or take the discard
"""

from __future__ import annotations

from cardrules.games.kalooki51.moves import Phase, View
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


def _doing(view: View) -> str:
    """What the seat to move may do now, as far as its view tells."""
    if view.phase is Phase.DRAW:
        ways = (["draw"] if view.stock_size else []) + (
            ["take the discard"] if view.discard else []
        )
        return " or ".join(ways)
    if not view.opened[view.seat]:
        return "meld towards your opening, then discard"
    if view.table:
        return "meld, lay off or take a joker, then discard"
    return "meld, then discard"


def render(view: View) -> str:
    """The view of one seat as plain text: seats with their totals, who is down and
    who is out of the match, the piles, the table's melds, the melds of an opening in
    progress, the hand.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("kalooki51").new_game(seed=1)
        >>> render(state.view(0)).splitlines()[0]
        '== Kalooki 51: deal 1, open with 51 =='
    """
    n = len(view.hand_sizes)
    out = [i for i in range(n) if not view.active[i]]
    notes = seat_notes(n, {"dealer": view.dealer, "out of the match": out}, known=view.known)
    columns = {"cards": view.hand_sizes, "total": view.totals, "down": view.opened}
    table = ["table: no melds"]
    if view.table:
        table = ["table:"]
        for number, placed in enumerate(view.table):
            owner = "you" if placed.owner == view.seat else f"seat {placed.owner}"
            cards = "-".join(card_text(c) for c in placed.meld.cards)
            table.append(f"  {number:>2}. {cards}  ({placed.meld.kind.value}, {owner})")
    pending = None
    if view.pending:
        melds = "  ".join("-".join(card_text(c) for c in m.cards) for m in view.pending)
        pending = f"your opening so far: {melds}"
    threshold = view.options.threshold
    doing = _doing(view) if view.turn == view.seat else ""
    return frame(
        f"Kalooki 51: deal {view.deal + 1}, open with {threshold}",
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
            f"to open: melds worth {threshold} or more, laid in one turn"
            if not view.opened[view.seat]
            else None
        ),
        turn_line(view.turn, view.seat, doing),
    )
