"""Japanese 51's rule values: the options, the hand value, the winners and the moves."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Sequence
from typing import ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import (
    Move,
    option,
)
from cardrules.errors import OptionError
from cardrules.games._table51 import check_hand, check_ints
from cardrules.hands import suit_totals

HAND_SIZE = 5
TABLE_SIZE = 5

# --------------------------------------------------------------------------- options


@attrs.frozen
class Options:
    """Japanese 51 options (see ``seeds/japanese51.md``).

    Examples:
        >>> Options()  # doctest: +NORMALIZE_WHITESPACE
        Options(players=4, deals=None, round_limit=20, passing=False, swap_all=False,
                one_suit_only=False)
    """

    players: int = option(4, doc="number of seats (J51-1.1)", minimum=2, maximum=9)
    deals: int | None = option(
        None,
        kind=int,
        optional=True,
        minimum=1,
        doc="deals in the match; None: one deal per player (J51-6.1)",
    )
    round_limit: int = option(
        20,
        doc="rounds after which a deal is scored though nobody stopped (J51-5.4)",
        minimum=1,
        maximum=1000,
    )
    passing: bool = option(
        False, doc="from his second turn a player may pass, except after a clear (J51-3.6)"
    )
    swap_all: bool = option(
        False, doc="from his second turn a player may swap all five cards with the board (J51-3.7)"
    )
    one_suit_only: bool = option(False, doc="a hand not all of one suit scores 0 (J51-4.4)")


# --------------------------------------------------------------------------- hand values


def _value(cards: Iterable[Card], one_suit_only: bool = False) -> int:
    totals = suit_totals(cards)
    if one_suit_only:
        return sum(totals.values()) if len(totals) == 1 else 0  # J51-4.4
    return 2 * max(totals.values()) - sum(totals.values())


def hand_value(cards: Sequence[Card], *, one_suit_only: bool = False) -> int:
    """The score of a five-card hand: one suit's points minus the points of all
    other cards, the suit chosen to score best (J51-4.1).

    Args:
        cards: five distinct cards of the 52-card pack.
        one_suit_only: a hand not all of one suit scores 0 (J51-4.4).

    Raises:
        InvalidCardError: not five distinct natural cards.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_value(parse_cards("Ah Kh Qh Jh Th")), hand_value(parse_cards("Kh 5h 2h Tc Td"))
        (51, -3)
        >>> hand_value(parse_cards("Kh 5h 2h Tc Td"), one_suit_only=True)
        0
    """
    return _value(check_hand(cards, HAND_SIZE, "a Japanese 51 hand"), one_suit_only)


def winners(values: Sequence[int], stopper: int | None) -> tuple[int, ...]:
    """The seats that win a deal with these hand values (J51-4.2, J51-4.3).

    The highest value wins; a stopper tied for the highest with anyone else
    loses the tie; several non-stoppers tied for the highest all win.

    Examples:
        >>> winners([30, 42, 42], stopper=1), winners([30, 42, 42], stopper=0)
        ((2,), (1, 2))
    """
    values = check_ints(values, "hand values")
    if not values:
        raise OptionError("winners needs at least one hand value")
    if stopper is not None:
        (stopper,) = check_ints([stopper], "the stopper")
    return _winners(values, stopper)


def _winners(values: Sequence[int], stopper: int | None) -> tuple[int, ...]:
    """`winners` of values and a stopper already checked (the deal's own)."""
    top = max(values)
    best = tuple(i for i, v in enumerate(values) if v == top)
    if len(best) > 1 and stopper in best:
        best = tuple(i for i in best if i != stopper)
    return best


# --------------------------------------------------------------------------- moves


@attrs.frozen
class Exchange(Move):
    """Take ``take`` from the table and put ``give`` from the hand in its place
    (J51-3.1); ``stop`` declares "Stop" at the end of the turn (J51-5.1).

    Examples:
        >>> from cardrules import parse_card
        >>> str(Exchange(parse_card("Ah"), parse_card("2c"), stop=True))
        'exchange Ah 2c yes'
    """

    NAME: ClassVar[str] = "exchange"
    take: Card
    give: Card
    stop: bool


@attrs.frozen
class Clear(Move):
    """Clear the board: set the five table cards aside, deal five new ones (J51-3.2).

    Examples:
        >>> str(Clear())
        'clear'
    """

    NAME: ClassVar[str] = "clear"


@attrs.frozen
class Pass(Move):
    """Exchange nothing this turn (option ``passing``, J51-3.6); ``stop`` as
    for `Exchange`.

    Examples:
        >>> str(Pass(stop=False))
        'pass no'
    """

    NAME: ClassVar[str] = "pass"
    stop: bool


@attrs.frozen
class SwapAll(Move):
    """Give all five hand cards to the board and take its five (option
    ``swap_all``, J51-3.7); ``stop`` as for `Exchange`.

    Examples:
        >>> str(SwapAll(stop=True))
        'swapall yes'
    """

    NAME: ClassVar[str] = "swapall"
    stop: bool


CLEAR = Clear()
_PASSES = (Pass(False), Pass(True))
_SWAP_ALLS = (SwapAll(False), SwapAll(True))
_EXCHANGES: dict[tuple[Card, Card, bool], Exchange] = {}


def _exchange(take: Card, give: Card, stop: bool) -> Exchange:
    key = (take, give, stop)
    move = _EXCHANGES.get(key)
    if move is None:
        move = _EXCHANGES[key] = Exchange(take, give, stop)
    return move


class _ExchangeRow(dict[Card, tuple[Exchange, Exchange]]):
    """For one table card: each hand card's exchanges for it, without and with Stop."""

    def __init__(self, take: Card) -> None:
        super().__init__()
        self.take = take

    def __missing__(self, give: Card) -> tuple[Exchange, Exchange]:
        pair = self[give] = (_exchange(self.take, give, False), _exchange(self.take, give, True))
        return pair


class _ExchangeRows(dict[Card, _ExchangeRow]):
    def __missing__(self, take: Card) -> _ExchangeRow:
        row = self[take] = _ExchangeRow(take)
        return row


_ROWS = _ExchangeRows()


def exchanges(table: Sequence[Card], hand: Sequence[Card], stop: bool) -> list[Move]:
    """Every exchange of a board card for a hand card (J51-3.1), board card by board card,
    each without Stop and then (when ``stop``: no Stop was called yet) with it (J51-5.1).

    Examples:
        >>> from cardrules import parse_cards
        >>> [str(m) for m in exchanges(parse_cards("Ah"), parse_cards("2c 3c"), False)]
        ['exchange Ah 2c no', 'exchange Ah 3c no']
    """
    out: list[Move] = []
    for take in table:
        pairs = map(_ROWS[take].__getitem__, hand)
        out.extend(_chain(pairs) if stop else map(_first, pairs))
    return out


_chain = itertools.chain.from_iterable
_first = operator.itemgetter(0)
