"""The moves and table records of the rummy table, the same for every rummy game.

A rummy turn is told with eight moves: ``draw`` the top of the stock, ``take`` the top
discard, ``meld`` a new meld from the hand, ``open`` (end a first lay-down that reaches the
game's opening rule) or ``cancel`` it, ``layoff`` a card onto a meld of the table,
``retrieve`` a joker by putting in the card(s) it stands for, and ``discard`` a card,
which ends the turn. A game adds its own moves beside them (Turkish 51's ``declare``).
Which of them are legal, and what they do, is the game's rule values and hooks
(``_turns``, ``_table`` and each game's ``_legal`` and ``_play``).

The move values are shared: the same ``Discard`` or ``LayOff`` is offered turn after turn,
so they are made once (``discard_move``, ``lay_off_move``, ``lay_meld_move``).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.melds import MeldKind
    >>> str(LayMeld(MeldKind.SET, parse_cards("Kd Ks Kc")))
    'meld set Kc,Kd,Ks'
    >>> str(LayOff(parse_cards("4h")[0], 0, Side.LOW))
    'layoff 4h 0 low'
    >>> str(LayOff(parse_cards("7h")[0], 2))
    'layoff 7h 2'
    >>> str(Retrieve(2, tuple(parse_cards("Kc Kh"))))
    'retrieve 2 Kc,Kh'
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import ClassVar, Literal

import attrs

from cardrules.cards import Card
from cardrules.engine import Move
from cardrules.melds import Meld, MeldKind

__all__ = [
    "CANCEL",
    "DISCARDS",
    "DRAW",
    "OPEN",
    "SIDES",
    "TAKE",
    "Cancel",
    "Discard",
    "Draw",
    "LayMeld",
    "LayOff",
    "Open",
    "Phase",
    "Retrieve",
    "Side",
    "TableMeld",
    "Take",
    "discard_move",
    "lay_meld_move",
    "lay_off_move",
    "old_set_layoff",
    "run_end",
]


class Side(enum.Enum):
    """Which end of a run a card is laid on (a lay-off onto a set names none)."""

    LOW = "low"
    HIGH = "high"


SIDES = {"low": Side.LOW, "high": Side.HIGH}
"""A run end as ``cardrules.melds`` names it, to its ``Side``."""


def run_end(side: Side | None) -> Literal["low", "high"] | None:
    """The run end that ``side`` names, as ``cardrules.melds.lay_off`` takes it (``None``:
    none named, as for a set).

    Examples:
        >>> run_end(Side.LOW), run_end(None)
        ('low', None)
    """
    return None if side is None else side.value


class Phase(enum.Enum):
    """What the player to move does now."""

    DRAW = "draw"  # draw or take the discard (or a game's own draw-phase move)
    PLAY = "play"  # meld, open, cancel, lay off, retrieve a joker, discard
    OVER = "over"


@attrs.frozen
class Draw(Move):
    """Draw the top card of the stock (T51-4.1, K51-4.1)."""

    NAME: ClassVar[str] = "draw"


@attrs.frozen
class Take(Move):
    """Take the top discard (T51-4.3, T51-4.4, K51-4.1, K51-4.2)."""

    NAME: ClassVar[str] = "take"


@attrs.frozen(cache_hash=True)
class LayMeld(Move):
    """Lay one new meld from the hand (T51-5.5, T51-6; K51-5.2, K51-5.4).

    A run is given in laid order, low to high; the cards of a set or double may come in any
    order and are kept in card order, jokers last, so ``meld set Kd,Ks,Kc`` is the same move
    as ``meld set Kc,Kd,Ks``.
    """

    NAME: ClassVar[str] = "meld"
    kind: MeldKind
    cards: tuple[Card, ...]

    def __attrs_post_init__(self) -> None:
        cards = self.cards
        if (
            self.kind is not MeldKind.RUN
            and isinstance(cards, tuple)
            and all(isinstance(c, Card) for c in cards)
        ):
            ordered = tuple(sorted(cards))  # card order puts the jokers last
            if ordered != cards:
                object.__setattr__(self, "cards", ordered)


@attrs.frozen
class Open(Move):
    """End a first lay-down whose melds meet the game's opening rule (T51-5, K51-5.2)."""

    NAME: ClassVar[str] = "open"


@attrs.frozen
class Cancel(Move):
    """Take back the melds of an unfinished first lay-down (T51-5.5, K51-5.2)."""

    NAME: ClassVar[str] = "cancel"


@attrs.frozen(cache_hash=True)
class LayOff(Move):
    """Add a card to meld number ``target`` on the table (T51-6.1, T51-6.2, K51-6).

    ``side`` names the end of a run the card goes to (``layoff 8h 0 low``); a lay-off
    onto a set, or any meld of one rank, names none (``layoff 7h 2``). Saves made before
    that wrote ``high`` for a set: ``layoff 7h 2 high`` onto a set is still read and
    played as the lay-off it was (never offered), so those saves load and replay exactly.
    """

    NAME: ClassVar[str] = "layoff"
    card: Card
    target: int
    side: Side | None = None


@attrs.frozen(cache_hash=True)
class Retrieve(Move):
    """Take the joker of meld ``target`` by putting in the card(s) it stands for
    (T51-6.3, K51-7)."""

    NAME: ClassVar[str] = "retrieve"
    target: int
    cards: tuple[Card, ...]


@attrs.frozen(cache_hash=True)
class Discard(Move):
    """Discard a card, ending the turn (T51-4.5, K51-4.1); the last card goes out (T51-8.1,
    K51-8.1)."""

    NAME: ClassVar[str] = "discard"
    card: Card


DRAW, TAKE, OPEN, CANCEL = Draw(), Take(), Open(), Cancel()


class _Discards(dict[Card, Discard]):
    """One shared ``Discard`` per card, made on first use (dict lookups stay in C)."""

    def __missing__(self, card: Card) -> Discard:
        move = self[card] = Discard(card)
        return move


DISCARDS = _Discards()
discard_move = DISCARDS.__getitem__


@functools.lru_cache(maxsize=8192)
def lay_off_move(card: Card, target: int, side: Side | None) -> LayOff:
    """``LayOff(card, target, side)``, shared: the same lay-offs are offered turn after turn."""
    return LayOff(card, target, side)


def old_set_layoff(move: object, legal: Sequence[Move]) -> LayOff | None:
    """``move`` itself when it is a lay-off onto a set written as saves made before a set's
    lay-off named no end wrote it (``layoff 7h 2 high``) and the lay-off it stands for
    (``layoff 7h 2``) is in ``legal``; else ``None``.

    A game reads such a move as legal (never offering it) and plays it as that lay-off, so
    that those saves load and replay to the very state they hold.

    Examples:
        >>> from cardrules import parse_card
        >>> legal = (LayOff(parse_card("7h"), 2),)
        >>> str(old_set_layoff(LayOff(parse_card("7h"), 2, Side.HIGH), legal))
        'layoff 7h 2 high'
        >>> old_set_layoff(LayOff(parse_card("7h"), 2, Side.LOW), legal) is None
        True
    """
    if (
        type(move) is LayOff
        and move.side is Side.HIGH
        and type(move.card) is Card
        and type(move.target) is int
        and lay_off_move(move.card, move.target, None) in legal
    ):
        return move
    return None


@functools.lru_cache(maxsize=8192)
def lay_meld_move(kind: MeldKind, cards: tuple[Card, ...]) -> LayMeld:
    """``LayMeld(kind, cards)``, shared: a hand keeps offering the same melds turn after turn."""
    return LayMeld(kind, cards)


@attrs.frozen(cache_hash=True)
class TableMeld:
    """A meld on the table and the seat that laid it."""

    owner: int
    meld: Meld
