"""The moves of the draw-and-discard table (Thirty-One, No-Elimination Thirty-One,
Empat Satu; Chinese 51 draws, knocks and passes with them too).

Examples:
    >>> from cardrules.games._family31 import DRAW_STOCK, discard_move
    >>> from cardrules import parse_card
    >>> str(DRAW_STOCK), str(discard_move(parse_card("9h")))
    ('draw stock', 'discard 9h')
"""

from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from cardrules.cards import Card
from cardrules.decks import standard
from cardrules.engine import Move


class Source(enum.Enum):
    """Where a drawn card comes from."""

    STOCK = "stock"
    DISCARD = "discard"


@attrs.frozen
class Knock(Move):
    """Knock (T31-5.1): every other player gets one last turn."""

    NAME: ClassVar[str] = "knock"


@attrs.frozen
class Draw(Move):
    """Draw from the stock or take the top discard (T31-4.2)."""

    NAME: ClassVar[str] = "draw"
    source: Source


@attrs.frozen
class Discard(Move):
    """Discard one of four cards (T31-4.3)."""

    NAME: ClassVar[str] = "discard"
    card: Card


@attrs.frozen
class Pass(Move):
    """Keep one's hand on the last turn after a knock (T31-5.1)."""

    NAME: ClassVar[str] = "pass"


KNOCK = Knock()
PASS = Pass()
DRAW_STOCK = Draw(Source.STOCK)
DRAW_DISCARD = Draw(Source.DISCARD)
_DISCARDS = {card: Discard(card) for card in standard().cards}  # listed, not built, per move


def discard_move(card: Card) -> Discard:
    """The listed discard of ``card`` (one object per card, made once)."""
    return _DISCARDS.get(card) or Discard(card)
