"""Quadruple War's moves (QW-3, QW-5, QW-7, QW-10.3).

Examples:
    >>> from cardrules.games.quadruple_war import NIL, Bid
    >>> str(Bid(4)), str(NIL)
    ('bid 4', 'nil')
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import Move
from cardrules.games.quadruple_war.scoring import pack

__all__ = ["BLIND_NIL", "NIL", "PASS", "Bid", "BlindNil", "Nil", "Pass", "Play"]


@attrs.frozen
class Bid(Move):
    """Bid a number of tricks, at least one (QW-3.3); ``bid 4``."""

    NAME: ClassVar[str] = "bid"
    number: int


@attrs.frozen
class Nil(Move):
    """Bid nil: no tricks (QW-7.1, option ``nil``)."""

    NAME: ClassVar[str] = "nil"


@attrs.frozen
class BlindNil(Move):
    """Bid blind nil (QW-7.2, option ``blind_nil``); written ``blind_nil`` (``blind nil``
    is read too)."""

    NAME: ClassVar[str] = "blind_nil"


@attrs.frozen
class Pass(Move):
    """A pass: never legal, as every player must bid (QW-3.4)."""

    NAME: ClassVar[str] = "pass"


@attrs.frozen
class Play(Move):
    """Play a card to the trick (QW-5.2)."""

    NAME: ClassVar[str] = "play"
    card: Card


NIL = Nil()
BLIND_NIL = BlindNil()
PASS = Pass()
BIDS = tuple(Bid(n) for n in range(27))  # BIDS[n] is Bid(n); 0 is never legal
PLAYS = {c: Play(c) for n in (2, 3, 4, 5) for j in (True, False) for c in pack(n, jokers=j).cards}
