"""Fifty-Six's moves and the bid formats of the source text (FS-3.4, FS-9.3).

Examples:
    >>> from cardrules.games.fifty_six import Bid, Denomination
    >>> str(Bid(30, Denomination.HEARTS))
    'bid 30 hearts'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import Move
from cardrules.errors import InvalidMoveError
from cardrules.games.fifty_six.scoring import DECKS, MAX_BID, MIN_BID, Denomination

__all__ = [
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "Bid",
    "Double",
    "Pass",
    "Play",
    "Redouble",
    "read_bid",
]

# --------------------------------------------------------------------------- moves


@attrs.frozen
class Bid(Move):
    """Bid a number of points with a denomination (FS-3.2); ``bid 30 hearts``."""

    NAME: ClassVar[str] = "bid"
    number: int
    denomination: Denomination


@attrs.frozen
class Pass(Move):
    """Pass (FS-3.2)."""

    NAME: ClassVar[str] = "pass"


@attrs.frozen
class Double(Move):
    """Double the other team's bid (FS-4.1)."""

    NAME: ClassVar[str] = "double"


@attrs.frozen
class Redouble(Move):
    """Redouble a double of one's own team's bid; ends the bidding (FS-4.2)."""

    NAME: ClassVar[str] = "redouble"


@attrs.frozen
class Play(Move):
    """Play a card to the trick (FS-5.2)."""

    NAME: ClassVar[str] = "play"
    card: Card


PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()
_PLAYS = {c: Play(c) for c in DECKS[8].cards}


def _bids(low: int, noes: bool) -> tuple[Bid, ...]:
    kinds = tuple(Denomination) if noes else tuple(d for d in Denomination if d is not d.NOES)
    return tuple(Bid(n, d) for n in range(low, MAX_BID + 1) for d in kinds)


_BIDS = {
    (low, noes): _bids(low, bool(noes)) for low in range(MIN_BID, MAX_BID + 2) for noes in (0, 1)
}

# --------------------------------------------------------------------------- notation

_DENOMINATION_WORDS = {
    **dict.fromkeys(("c", "club", "clubs", "♣"), Denomination.CLUBS),
    **dict.fromkeys(("d", "diamond", "diamonds", "♦"), Denomination.DIAMONDS),
    **dict.fromkeys(("h", "heart", "hearts", "♥"), Denomination.HEARTS),
    **dict.fromkeys(("s", "spade", "spades", "♠"), Denomination.SPADES),
    **dict.fromkeys(("nt", "notrump", "notrumps", "no-trump", "no-trumps"), Denomination.NT),
    **dict.fromkeys(("ns", "noes", "no's", "nos"), Denomination.NOES),
}


def read_bid(text: str, last: int | None) -> str | None:
    """The canonical notation of a bid written in any format of FS-3.4, or ``None``
    when ``text`` is no bid; ``last`` is the number of the last bid, for jumps.

    Raises:
        InvalidMoveError: a malformed number, or a jump with no bid to raise.

    Examples:
        >>> read_bid("Hearts 31", None), read_bid("+2 ns", 30), read_bid("pass", 30)
        ('bid 31 hearts', 'bid 32 noes', None)
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a bid is read from text, got {type(text).__name__}")
    if last is not None and (
        not isinstance(last, int) or isinstance(last, bool) or not MIN_BID <= last <= MAX_BID
    ):
        raise InvalidMoveError(f"the last bid is None or a number from 28 to 56, got {last!r:.40}")
    words = text.lower().replace("no trumps", "nt").replace("no trump", "nt").split()
    if words[:1] == ["bid"]:
        words = words[1:]
    if len(words) != 2:
        return None
    first, second = words
    if first in _DENOMINATION_WORDS:
        first, second = second, first
    denomination = _DENOMINATION_WORDS.get(second)
    if denomination is None:
        if first.lstrip("+").isdigit() or words != text.lower().split():
            raise InvalidMoveError(
                f"cannot read a bid from {text!r}: {second!r} is no suit, nt or ns (FS-3.2)"
            )
        return None
    if first.startswith("+"):
        if not first[1:].isdigit() or int(first[1:]) < 1:
            raise InvalidMoveError(f"a jump bid is +1, +2, ..., got {first!r} (FS-3.4)")
        if last is None:
            raise InvalidMoveError(f"{text!r} raises the last bid, but there is none (FS-3.4)")
        number = last + int(first[1:])
    elif first.isdigit():
        number = int(first)
    else:
        raise InvalidMoveError(f"cannot read a bid from {text!r}: like '28 hearts' (FS-3.4)")
    return f"bid {number} {denomination.name.lower()}"
