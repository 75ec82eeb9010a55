"""Two-handed Pinochle's moves (PIN-3 to PIN-8).

Examples:
    >>> from cardrules import parse_cards
    >>> str(Meld(tuple(parse_cards("Jd Qs")))), str(DIX), str(DRAW), str(DECLARE)
    ('meld Qs,Jd', 'dix', 'draw', 'declare')
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.engine import Codec, Move
from cardrules.engine._actions import _outside

__all__ = [
    "DECLARE",
    "DIX",
    "DRAW",
    "EXCHANGE",
    "Declare",
    "Dix",
    "Draw",
    "Exchange",
    "Meld",
    "Play",
    "meld_codec",
]


@attrs.frozen
class Play(Move):
    """Play a card, from the hand or from one's melds on the table (PIN-3, PIN-4.8)."""

    NAME: ClassVar[str] = "play"
    card: Card


def _high_first(cards: object) -> object:
    """A meld's cards highest first, so one meld has one notation (``meld Kh,Qh``)."""
    try:
        return tuple(sorted(cards, reverse=True))  # type: ignore[call-overload]
    except TypeError:
        return cards  # the move check says what is wrong


@attrs.frozen
class Meld(Move):
    """Meld ``cards`` after winning a trick (PIN-4); ``meld Kh,Qh``, in any order."""

    NAME: ClassVar[str] = "meld"
    cards: tuple[Card, ...] = attrs.field(converter=_high_first)


@attrs.frozen
class Dix(Move):
    """Count a dix held by showing it, after winning a trick (PIN-5.1)."""

    NAME: ClassVar[str] = "dix"


@attrs.frozen
class Exchange(Move):
    """Exchange a dix held for the trump card, after winning a trick (PIN-5.3)."""

    NAME: ClassVar[str] = "exchange"


@attrs.frozen
class Draw(Move):
    """Done melding: both players draw from the stock, the trick's winner first (PIN-3.5)."""

    NAME: ClassVar[str] = "draw"


@attrs.frozen
class Declare(Move):
    """Declare out: count one's tricks now and win if at the target, else lose (PIN-8.3)."""

    NAME: ClassVar[str] = "declare"


DIX = Dix()
EXCHANGE = Exchange()
DRAW = Draw()
DECLARE = Declare()


def _shapes() -> tuple[tuple[Card, ...], ...]:
    """Every meld's cards, sorted, whatever the trump: 14 shapes."""
    flush = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
    out = [tuple(sorted(Card(r, s) for r in flush)) for s in Suit]
    out += [tuple(sorted((Card(Rank.KING, s), Card(Rank.QUEEN, s)))) for s in Suit]
    out += [
        tuple(sorted(Card(r, s) for s in Suit))
        for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
    ]
    qs, jd = Card(Rank.QUEEN, Suit.SPADES), Card(Rank.JACK, Suit.DIAMONDS)
    out += [tuple(sorted((qs, jd))), tuple(sorted((qs, qs, jd, jd)))]
    return tuple(out)


SHAPES = _shapes()
_SHAPE_INDEX = {shape: i for i, shape in enumerate(SHAPES)}


def meld_codec() -> Codec:
    """The 14 meld shapes numbered, for the action space (any order of the cards).

    Examples:
        >>> from cardrules import parse_cards
        >>> meld_codec().size, meld_codec().encode(tuple(parse_cards("Jd Qs")))
        (14, 12)
    """

    def encode(cards: object) -> int:
        try:
            return _SHAPE_INDEX[tuple(sorted(cards))]  # type: ignore[call-overload]
        except (KeyError, TypeError):
            raise _outside(cards, "not a pinochle meld") from None

    return Codec(len(SHAPES), encode, f"meld shape ({len(SHAPES)})")
