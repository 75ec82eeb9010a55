"""Klondike deals and positions: the layout of each deal and the position key (KL-2, KL-6.1).

Examples:
    >>> piles, hidden, stock = deal_layout(Options(), 7, 0)
    >>> hidden, len(stock)
    ((0, 1, 2, 3, 4, 5, 6), 24)
"""

from __future__ import annotations

import random
from typing import cast

from cardrules.cards import Card
from cardrules.errors import InvalidCardError, InvalidStateError, OptionError
from cardrules.games.klondike._search import deal_is_winnable
from cardrules.games.klondike._tables import PACK
from cardrules.games.klondike.moves import Counts7, Four, Options, Piles
from cardrules.games.klondike.pysol import read_pysol

__all__ = ["WINNABLE_LIMIT", "deal_layout", "position_key"]

#: Tries at a winnable deal before giving up (KL-2.4): far more than ever needed.
_WINNABLE_TRIES = 200
#: The solver's state limit when it vets a deal for ``winnable`` (KL-2.4).
WINNABLE_LIMIT = 20_000


def position_key(tableau: Piles, hidden: Counts7, waste_size: int, foundations: Four) -> int:
    """A number for a position as the player sees it (KL-6.1): the face-up cards,
    the face-down counts, the size of the waste and the foundations. Within a
    stretch of reversible moves the stock and waste cards do not change, so it
    tells positions apart; it is a hash of plain numbers and cards, the same in
    every process.

    Examples:
        >>> from cardrules import games
        >>> s = games.create("klondike").new_game(seed=1)
        >>> position_key(s.tableau, s.hidden, 0, s.foundations) == position_key(
        ...     s.tableau, s.hidden, 0, s.foundations)
        True
    """
    if (
        not isinstance(tableau, tuple)
        or len(tableau) != 7
        or not all(isinstance(p, tuple) and all(isinstance(c, Card) for c in p) for p in tableau)
    ):
        raise InvalidCardError(f"tableau must be seven tuples of cards, got {tableau!r:.60}")
    for name, counts, size in (("hidden", hidden, 7), ("foundations", foundations, 4)):
        if not isinstance(counts, tuple) or len(counts) != size:
            raise OptionError(f"{name} must be {size} counts, got {counts!r:.60}")
        if not all(type(n) is int and n >= 0 for n in counts):
            raise OptionError(f"{name} must be {size} counts, got {counts!r:.60}")
    if type(waste_size) is not int or waste_size < 0:
        raise OptionError(f"waste_size must be a whole number from 0, got {waste_size!r:.40}")
    return _key(tableau, hidden, waste_size, foundations)


def _key(tableau: Piles, hidden: Counts7, waste_size: int, foundations: Four) -> int:
    """``position_key`` without its input checks (the state's own fields)."""
    up = tuple([p[h:] for p, h in zip(tableau, hidden, strict=True)])
    return hash((up, hidden, waste_size, foundations))


def deal_layout(
    options: Options, seed: int, number: int
) -> tuple[Piles, Counts7, tuple[Card, ...]]:
    """The tableau, face-down counts and stock of deal ``number`` (KL-2.1 to KL-2.4).

    Examples:
        >>> piles, hidden, stock = deal_layout(Options(), 7, 0)
        >>> [len(p) for p in piles], len(stock)
        ([1, 2, 3, 4, 5, 6, 7], 24)
    """
    if not isinstance(options, Options):
        raise OptionError(f"options must be Klondike's Options, got {options!r:.40}")
    for name, value in (("seed", seed), ("number", number)):
        if type(value) is not int or value < 0:
            raise OptionError(f"{name} must be a whole number from 0, got {value!r:.40}")
    if number == 0 and options.deal is not None:
        found = read_pysol(options.deal)
        return cast(Piles, found.piles), cast(Counts7, found.hidden), found.stock
    for attempt in range(_WINNABLE_TRIES):
        rng = random.Random(f"{seed}/deal/{number}" + (f"/{attempt}" if attempt else ""))
        cards = list(PACK)
        rng.shuffle(cards)
        piles: list[list[Card]] = [[] for _ in range(7)]
        at = 0
        for row in range(7):  # row by row, left to right (KL-2.1)
            for pile in range(row, 7):
                piles[pile].append(cards[at])
                at += 1
        tableau = cast(Piles, tuple(tuple(p) for p in piles))
        hidden: Counts7 = (0, 1, 2, 3, 4, 5, 6)
        stock = tuple(reversed(cards[28:]))  # the first card left is drawn first (KL-2.2)
        if not options.winnable or deal_is_winnable(
            tableau, stock, draw=options.draw, passes=options.passes, limit=WINNABLE_LIMIT
        ):
            return tableau, hidden, stock
    raise InvalidStateError(
        f"no winnable deal found in {_WINNABLE_TRIES} tries"
    )  # pragma: no cover
