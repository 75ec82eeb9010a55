"""Fifty-Six's cards, bids and scoring, usable without the engine (FS-1, FS-6, FS-7).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games.fifty_six import card_points, game_points
    >>> card_points(parse_cards("Jh 9h Ah Th Kh")), game_points(40, made=False)
    (7, 3)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Literal

import attrs

from cardrules import tricks
from cardrules.cards import Card, Rank, Suit, card_list
from cardrules.decks import Deck
from cardrules.decks import fifty_six as _fifty_six_deck
from cardrules.engine import option
from cardrules.errors import OptionError

__all__ = [
    "DECKS",
    "HAND_SIZE",
    "MAX_BID",
    "MIN_BID",
    "TABLES",
    "TABLES_LIMIT",
    "Denomination",
    "Options",
    "card_points",
    "game_points",
    "outcome",
    "trick_rules",
]

MIN_BID = 28
MAX_BID = 56
HAND_SIZE = 8
TABLES = 12
"""Tables (counters) each team starts with under the ``tables`` option (FS-8.4)."""
TABLES_LIMIT = 200
"""The most games a ``tables`` match lasts without ``deals`` (FS-8.4)."""


@attrs.frozen
class Options:
    """Fifty-Six options (see ``seeds/fifty_six.md``).

    Examples:
        >>> Options().players, Options().deals, Options().tables
        (6, None, False)
        >>> Options(players=8).games
        16
    """

    players: int = option(6, doc="4, 6 or 8 seats in two teams (FS-1.1)", choices=(4, 6, 8))
    deals: int | None = option(
        None,
        kind=int,
        optional=True,
        minimum=1,
        doc="games in the match; none: 12, or 16 with 8 players (FS-8.2)",
    )
    play_out: bool = option(False, doc="play all eight tricks out (FS-6.2)")
    international: bool = option(
        False, doc="56 International scoring: a double adds 1, a redouble 2 (FS-7.4)"
    )
    pack48: bool = option(False, doc="four players with the 48-card pack, 12 cards each (FS-1.6)")
    tables: bool = option(
        False, doc="each team starts with 12 tables; a game's points move tables (FS-8.4)"
    )
    all_pass: bool = option(
        False, doc="the first bidder may pass; all passing plays 28 no trump (FS-3.10)"
    )

    def __attrs_post_init__(self) -> None:
        if self.pack48 and self.players != 4:
            raise OptionError(
                f"option pack48 is the four-player game; got players={self.players} (FS-1.6)"
            )

    @property
    def games(self) -> int:
        """The number of games in the match (FS-8.2); with ``tables`` at most 200 (FS-8.4)."""
        if self.deals is not None:
            return self.deals
        if self.tables:
            return TABLES_LIMIT
        return 16 if self.players == 8 else 12

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 8, or 12 with ``pack48`` (FS-2.1, FS-1.6).

        Examples:
            >>> Options(players=4, pack48=True).hand_size, Options().hand_size
            (12, 8)
        """
        return 12 if self.pack48 else HAND_SIZE

    @property
    def pack(self) -> Deck:
        """The pack dealt (FS-1.3, FS-1.6).

        Examples:
            >>> Options(players=4, pack48=True).pack.size, Options(players=4).pack.size
            (48, 32)
        """
        return DECKS[6] if self.pack48 else DECKS[self.players]


# --------------------------------------------------------------------------- cards and points

_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT, Rank.SEVEN)
_POINTS = {Rank.JACK: 3, Rank.NINE: 2, Rank.ACE: 1, Rank.TEN: 1}


class Denomination(enum.Enum):
    """What a bid names: a trump suit, No Trump (``nt``) or Noes (``noes``)."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    NT = "nt"
    NOES = "noes"

    @property
    def trump(self) -> Suit | None:
        """The trump suit a contract in this denomination is played with (FS-3.6).

        Examples:
            >>> Denomination.HEARTS.trump, Denomination.NOES.trump
            (<Suit.HEARTS: 2>, None)
        """
        return _TRUMPS.get(self)


_TRUMPS = {Denomination(s.name.lower()): s for s in Suit}
_RULES = {d: tricks.TrickRules(order=_ORDER, points=_POINTS, trump=d.trump) for d in Denomination}


def trick_rules(denomination: Denomination) -> tricks.TrickRules:
    """The trick rules of a contract: J 9 A 10 K Q 8 7, follow suit, else any card
    (FS-1.5, FS-5.2 to FS-5.4).

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.tricks import winning_index
        >>> winning_index(parse_cards("Ah Jh 7s"), trick_rules(Denomination.SPADES))
        2
    """
    if not isinstance(denomination, Denomination):
        raise OptionError(f"a denomination is a Denomination, got {denomination!r:.40}")
    return _RULES[denomination]


def card_points(cards: Iterable[Card]) -> int:
    """The card points of ``cards``: J 3, 9 2, A 1, 10 1, the rest 0 (FS-1.4).

    Raises:
        InvalidCardError: ``cards`` is not an iterable of cards.

    Examples:
        >>> from cardrules import decks
        >>> card_points(decks.fifty_six(4).cards), card_points(decks.fifty_six(8).cards)
        (56, 56)
    """
    return tricks.points(card_list(cards, "card_points"), _RULES[Denomination.NT])


_TABLE = ((39, 1, 2), (47, 2, 3), (55, 3, 4), (56, 4, 5))


def _check_bid(bid: object) -> int:
    if not isinstance(bid, int) or isinstance(bid, bool) or not MIN_BID <= bid <= MAX_BID:
        raise OptionError(f"a bid is a whole number from 28 to 56, got {bid!r:.40}")
    return bid


def game_points(
    bid: int,
    *,
    made: bool,
    doubled: bool = False,
    redoubled: bool = False,
    international: bool = False,
) -> int:
    """The game points the winning team of a game scores (FS-7.1, FS-7.2, FS-7.4).

    Args:
        bid: the contract's number, 28 to 56.
        made: whether the bidding team made it (then it scores; else the other team).
        doubled: whether the contract was doubled (times 2; plus 1 with ``international``).
        redoubled: whether it was redoubled (times 3; plus 2 with ``international``;
            implies doubled).
        international: the 56 International tournament scoring (FS-7.4).

    Raises:
        OptionError: a bid outside 28 to 56, or a flag that is not a bool.

    Examples:
        >>> game_points(28, made=True), game_points(28, made=False)
        (1, 2)
        >>> game_points(44, made=True, doubled=True), game_points(50, made=False, redoubled=True)
        (4, 12)
        >>> game_points(50, made=False, redoubled=True, international=True)
        6
    """
    _check_bid(bid)
    flags = (("made", made), ("doubled", doubled), ("redoubled", redoubled))
    for name, flag in (*flags, ("international", international)):
        if not isinstance(flag, bool):
            raise OptionError(f"{name} must be True or False, got {flag!r:.40}")
    for top, won, lost in _TABLE:
        if bid <= top:
            base = won if made else lost
            break
    if international:
        return base + (2 if redoubled else 1 if doubled else 0)
    return base * (3 if redoubled else 2 if doubled else 1)


def outcome(bid: int, bidders: int, others: int) -> Literal["made", "defeated"] | None:
    """Whether a game is decided: the bidding team holds ``bidders`` card points and
    the other team ``others`` (FS-6.1).

    Examples:
        >>> outcome(30, 30, 5), outcome(30, 20, 27), outcome(30, 20, 26)
        ('made', 'defeated', None)
    """
    _check_bid(bid)
    if bidders >= bid:
        return "made"
    if others > MAX_BID - bid:
        return "defeated"
    return None


DECKS = {n: _fifty_six_deck(n) for n in (4, 6, 8)}
"""The pack for each number of players (FS-1.3)."""
