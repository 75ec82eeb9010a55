"""The Thirty-One family's table: what its seven games share, written once.

Thirty-One, No-Elimination Thirty-One, Schwimmen, Stop the Bus, Empat Satu,
Japanese 51 and Chinese 51 are one family: a small hand improved a card at a
time, from a stock or a face-up widow, until someone knocks or stops, then a
showdown settles tokens or points. Each variant module declares its options,
its hand value, its settlement and its state's fields; the family does the
rest, in private rooms:

* ``_books``: seats in turn, the last turns after a knock, tokens and swimming,
  the showdown's argument checks;
* ``_moves``: the draw-and-discard moves (draw, discard, knock, pass);
* ``_table``: the state before the first deal, the draw of a card, the state
  checks, the re-deal of hidden cards and the picture's seat table, for every
  table;
* ``_draw``: the draw-and-knock table of Thirty-One and No-Elimination
  Thirty-One;
* ``_widow``: the widow-exchange table of Schwimmen and Stop the Bus;
  ``_widow_game``: their game (first deal, greedy player) and picture.

Examples:
    >>> from cardrules.games import _family31 as family
    >>> family.next_turn((True, False, True), 0, None)
    2
    >>> family.lose_tokens((2, 0, 1), (True, True, True), (1, 1, 0))
    ((1, 0, 1), (True, False, True))
"""

from cardrules.games._family31._books import (
    check_taken,
    deal_order,
    lose_tokens,
    next_turn,
    showdown_keys,
    tokens_lost,
    void_if_nobody_left,
)
from cardrules.games._family31._moves import (
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK,
    PASS,
    Discard,
    Draw,
    Knock,
    Pass,
    Source,
    discard_move,
)
from cardrules.games._family31._table import (
    Copiers,
    blank_state,
    check_known,
    check_seats,
    drawn,
    exchange,
    resample_stock,
    seat_columns,
)

__all__ = [
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "KNOCK",
    "PASS",
    "Copiers",
    "Discard",
    "Draw",
    "Knock",
    "Pass",
    "Source",
    "blank_state",
    "check_known",
    "check_seats",
    "check_taken",
    "deal_order",
    "discard_move",
    "drawn",
    "exchange",
    "lose_tokens",
    "next_turn",
    "resample_stock",
    "seat_columns",
    "showdown_keys",
    "tokens_lost",
    "void_if_nobody_left",
]
