"""Quadruple War's options, pack, trick rules and scoring, usable without the engine
(QW-1, QW-6, QW-7).

Examples:
    >>> from cardrules.games.quadruple_war import hand_score, nil_score
    >>> hand_score(7, 7), hand_score(5, 8), hand_score(4, 3), nil_score(0, blind=True)
    (70, 53, 0, 200)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules import tricks
from cardrules.cards import NATURAL_RANKS, Card, Rank, Suit
from cardrules.decks import Deck, quadruple_war, standard
from cardrules.engine import option
from cardrules.errors import OptionError

__all__ = [
    "BAG_LIMIT",
    "BAG_PENALTY",
    "RULES",
    "Options",
    "add_bags",
    "hand_score",
    "nil_score",
    "pack",
    "side_score",
    "tricks_per_deal",
]

BAG_LIMIT = 10
"""Overtricks (bags) that cost a penalty when the count reaches them (QW-6.3)."""
BAG_PENALTY = 100
"""Points taken off each time the bag count reaches ten (QW-6.3)."""


@attrs.frozen
class Options:
    """Quadruple War options (see ``seeds/quadruple_war.md``).

    Examples:
        >>> Options().players, Options().target
        (4, 500)
        >>> Options(players=3, partnership=True)
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: the partnership game is for four players (QW-8.1)
    """

    players: int = option(4, doc="2 to 5 players (QW-1.1)", choices=(2, 3, 4, 5))
    deals: int | None = option(
        None, kind=int, optional=True, minimum=1, doc="stop after this many deals (QW-9.5)"
    )
    target: int = option(500, doc="the total that ends the game; 200: short (QW-9.1)", minimum=1)
    jokers: bool = option(True, doc="play with the two jokers as top trumps (QW-1.5)")
    set_penalty: bool = option(False, doc="a broken contract loses 10 a trick bid (QW-6.2)")
    bags: bool = option(False, doc="100 off each time ten overtricks are reached (QW-6.3)")
    no_bags: bool = option(False, doc="overtricks score nothing (QW-6.4)")
    nil: bool = option(False, doc="a bid of nil, worth 100 (QW-7.1)")
    blind_nil: bool = option(False, doc="a bid of blind nil, worth 200; needs nil (QW-7.2)")
    partnership: bool = option(False, doc="four players in two sides (QW-8.1)")

    def __attrs_post_init__(self) -> None:
        if self.partnership and self.players != 4:
            raise OptionError("the partnership game is for four players (QW-8.1)")
        if self.blind_nil and not self.nil:
            raise OptionError("blind nil needs the option nil (QW-7.2)")
        if self.bags and self.no_bags:
            raise OptionError("bags and no_bags exclude each other (QW-6.4)")

    @property
    def tricks(self) -> int:
        """The tricks of one deal, the highest bid (QW-1.2, QW-3.3).

        Examples:
            >>> Options(players=3).tricks, Options(players=3, jokers=False).tricks
            (18, 17)
        """
        return tricks_per_deal(self.players, jokers=self.jokers)


# --------------------------------------------------------------------------- cards

RULES = tricks.TrickRules(
    order=(Rank.BIG_JOKER, Rank.LITTLE_JOKER, *reversed(NATURAL_RANKS)),
    trump=Suit.SPADES,
    trump_breaking=True,
)
"""Spades trump, the big then the little joker above the ace of spades, follow suit
else anything, spades not led until broken (QW-1.3, QW-1.4, QW-5.2 to QW-5.4)."""

_JOKERLESS_OUT = {
    2: (),
    3: (Card(Rank.TWO, Suit.CLUBS),),
    4: (),
    5: (Card(Rank.TWO, Suit.CLUBS), Card(Rank.TWO, Suit.DIAMONDS)),
}


def _players(players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or players not in _JOKERLESS_OUT:
        raise OptionError(f"Quadruple War is played by 2 to 5 players, not {players!r:.40}")
    return players


def pack(players: int, *, jokers: bool = True) -> Deck:
    """The pack for ``players`` (QW-1.2), or without the jokers (QW-1.5).

    Raises:
        OptionError: not 2 to 5 players, or ``jokers`` not a bool.

    Examples:
        >>> [pack(n).size for n in (2, 3, 4, 5)], [pack(n, jokers=False).size for n in (2, 3, 4, 5)]
        ([52, 54, 52, 50], [52, 51, 52, 50])
    """
    _players(players)
    if not isinstance(jokers, bool):
        raise OptionError(f"jokers must be True or False, got {jokers!r:.40}")
    return _PACKS[players, jokers]


def tricks_per_deal(players: int, *, jokers: bool = True) -> int:
    """The number of tricks in a deal: the pack shared out (QW-1.2).

    Examples:
        >>> [tricks_per_deal(n) for n in (2, 3, 4, 5)]
        [26, 18, 13, 10]
    """
    return pack(players, jokers=jokers).size // players


def _jokerless(players: int) -> Deck:
    out = _JOKERLESS_OUT[players]
    cards = tuple(c for c in standard().cards if c not in out)
    return Deck(f"quadruple_war_{players}_no_jokers", cards)


_PACKS = {
    (n, j): quadruple_war(n) if j else _jokerless(n) for n in (2, 3, 4, 5) for j in (True, False)
}

# --------------------------------------------------------------------------- scoring


def _count(name: str, value: object, low: int, high: int = 10_000) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise OptionError(f"{name} must be a whole number from {low} to {high}, got {value!r:.40}")
    return value


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise OptionError(f"{name} must be True or False, got {value!r:.40}")
    return value


def add_bags(bags: int, overtricks: int) -> tuple[int, int]:
    """The bag count after ``overtricks`` more, and how many penalties it cost (QW-6.3).

    Each time the count reaches ten, ten bags come off it and one penalty of 100
    points is due, so the count stays from 0 to 9.

    Raises:
        OptionError: ``bags`` not from 0 to 9, or ``overtricks`` negative.

    Examples:
        >>> add_bags(0, 3), add_bags(8, 3), add_bags(9, 11), add_bags(5, 5)
        ((3, 0), (1, 1), (0, 2), (0, 1))
    """
    _count("bags", bags, 0, BAG_LIMIT - 1)
    _count("overtricks", overtricks, 0)
    total = bags + overtricks
    return total % BAG_LIMIT, total // BAG_LIMIT


def hand_score(
    bid: int,
    tricks: int,
    *,
    bags: int | None = None,
    set_penalty: bool = False,
    no_bags: bool = False,
) -> int:
    """The points of one contract: ``bid`` tricks bid, ``tricks`` won (QW-6).

    Made (``tricks >= bid``): 10 a trick bid and 1 an overtrick (none under
    ``no_bags``). Broken: 0, or minus 10 a trick bid under ``set_penalty``.

    Args:
        bid: the tricks bid, 1 to 26 (a side's two bids added, in the partnership
            game; a nil is scored by [`nil_score`][cardrules.games.quadruple_war.nil_score]).
        tricks: the tricks won, 0 to 26.
        bags: the bags held before this deal, 0 to 9, under the bags rule: 100
            points off each time the overtricks take the count to ten; ``None``
            (the default, the text's game): no bag rule.
        set_penalty: a broken contract loses 10 a trick bid.
        no_bags: overtricks are worth nothing (and never bags).

    Raises:
        OptionError: a number out of range or a flag that is not a bool, or
            ``bags`` with ``no_bags``.

    Examples:
        >>> hand_score(7, 7), hand_score(5, 8), hand_score(4, 3)
        (70, 53, 0)
        >>> hand_score(4, 3, set_penalty=True), hand_score(5, 8, bags=8)
        (-40, -47)
        >>> hand_score(5, 8, no_bags=True)
        50
    """
    _count("bid", bid, 1, 26)
    _count("tricks", tricks, 0, 26)
    if bags is not None:
        _count("bags", bags, 0, BAG_LIMIT - 1)
    _flag("set_penalty", set_penalty)
    if _flag("no_bags", no_bags) and bags is not None:
        raise OptionError("no_bags counts no bags: give bags=None (QW-6.4)")
    return _contract(bid, tricks, bags, set_penalty, no_bags)[0]


def _contract(
    bid: int, tricks: int, bags: int | None, set_penalty: bool, no_bags: bool
) -> tuple[int, int]:
    """(points, bags after) of a contract; the inputs already checked."""
    if tricks < bid:
        return (-10 * bid if set_penalty else 0), (bags or 0)
    over = 0 if no_bags else tricks - bid
    points = 10 * bid + over
    if bags is None:
        return points, 0
    after, penalties = add_bags(bags, over)
    return points - BAG_PENALTY * penalties, after


def nil_score(tricks: int, *, blind: bool = False) -> int:
    """The nil bonus: 100 when the nil bidder won no trick, else -100; twice that
    for blind nil (QW-7.1, QW-7.2). His tricks are overtricks besides (see
    [`side_score`][cardrules.games.quadruple_war.side_score]).

    Raises:
        OptionError: ``tricks`` not from 0 to 26, or ``blind`` not a bool.

    Examples:
        >>> nil_score(0), nil_score(2), nil_score(0, blind=True), nil_score(1, blind=True)
        (100, -100, 200, -200)
    """
    _count("tricks", tricks, 0, 26)
    worth = 200 if _flag("blind", blind) else 100
    return worth if tricks == 0 else -worth


def side_score(
    bids: Sequence[int],
    tricks: Sequence[int],
    *,
    blind: Sequence[bool] = (),
    bags: int | None = None,
    set_penalty: bool = False,
    no_bags: bool = False,
) -> tuple[int, int]:
    """The points of one player or one side (its partners' ``bids`` and ``tricks``)
    in a deal, and its bag count after it (QW-6, QW-7, QW-8.1).

    The side's contract is its bids added up (a nil, bid ``0``, counts nothing) and
    is scored by [`hand_score`][cardrules.games.quadruple_war.hand_score] against
    all its tricks; each nil adds its
    [`nil_score`][cardrules.games.quadruple_war.nil_score]. A side whose bids are
    all nil has a contract of nothing: every trick it wins is an overtrick.

    Args:
        bids: each partner's bid (one for a player alone), 0 for nil.
        tricks: each partner's tricks won.
        blind: which nils are blind (default: none).
        bags: the side's bags before the deal (0 to 9), or ``None``: no bag rule.
        set_penalty: a broken contract loses 10 a trick bid.
        no_bags: overtricks score nothing.

    Raises:
        OptionError: lists of other lengths, numbers out of range, a blind bid that
            is not nil, or ``bags`` with ``no_bags``.

    Examples:
        >>> side_score([0, 4], [0, 5])
        (141, 0)
        >>> side_score([0, 4], [2, 3], bags=9, set_penalty=True)
        (-159, 0)
        >>> side_score([3, 3], [4, 4], bags=8)
        (-38, 0)
    """
    bid_list, trick_list = _numbers("bids", bids), _numbers("tricks", tricks)
    blinds = [_flag("blind", b) for b in _items("blind", blind)] or [False] * len(bid_list)
    if not 1 <= len(bid_list) <= 2 or not len(trick_list) == len(blinds) == len(bid_list):
        raise OptionError("bids, tricks and blind name the same one or two players")
    for bid, won, is_blind in zip(bid_list, trick_list, blinds, strict=True):
        _count("bid", bid, 0, 26)
        _count("tricks", won, 0, 26)
        if is_blind and bid:
            raise OptionError(f"only a nil is blind, not a bid of {bid} (QW-7.2)")
    if sum(trick_list) > 26:
        raise OptionError(f"a side wins at most 26 tricks, not {sum(trick_list)}")
    if bags is not None:
        _count("bags", bags, 0, BAG_LIMIT - 1)
    _flag("set_penalty", set_penalty)
    if _flag("no_bags", no_bags) and bags is not None:
        raise OptionError("no_bags counts no bags: give bags=None (QW-6.4)")
    return _side(bid_list, trick_list, blinds, bags, set_penalty, no_bags)


def _side(
    bids: Sequence[int],
    tricks: Sequence[int],
    blind: Sequence[bool],
    bags: int | None,
    set_penalty: bool,
    no_bags: bool,
) -> tuple[int, int]:
    """``side_score`` on checked inputs (the engine's path)."""
    contract, won = sum(bids), sum(tricks)
    bonus = sum(
        (200 if b else 100) * (1 if t == 0 else -1)
        for bid, t, b in zip(bids, tricks, blind, strict=True)
        if bid == 0
    )
    if contract == 0:  # all nil: every trick is an overtrick
        over = 0 if no_bags else won
        if bags is None:
            return bonus + over, 0
        after, penalties = add_bags(bags, over)
        return bonus + over - BAG_PENALTY * penalties, after
    points, after = _contract(contract, won, bags, set_penalty, no_bags)
    return bonus + points, after


def _items(name: str, value: object) -> list[Any]:
    if isinstance(value, (str, bytes)):
        raise OptionError(f"{name} must be a sequence, got {value!r:.40}")
    try:
        items: list[Any] = list(value)  # type: ignore[call-overload]
        return items
    except TypeError:
        raise OptionError(f"{name} must be a sequence, got {value!r:.40}") from None


def _numbers(name: str, value: object) -> list[int]:
    items = _items(name, value)
    for item in items:
        _count(name, item, 0, 26)
    return items
