"""Helpers shared by the rummy games that lay melds on a common table (Kalooki 51).

The table lay-offs and the joker releases a table offers, read once per table through
``cardrules.melds`` under a game's ``MeldRules``; the check of a
move's field types (moves compare by value, so a ``(rank, suit)`` tuple equals a card and
``0.0`` equals ``0``); and taking cards out of a hand and its known-card record.

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.melds import DEFAULT_RULES, check_meld
    >>> [(str(c), end) for c, end in meld_fits(check_meld(parse_cards("5c 6c 7c")), DEFAULT_RULES)]
    [('4c', 'low'), ('Jk', 'low'), ('8c', 'high'), ('Jk', 'high')]
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence

import attrs

from cardrules.cards import Card
from cardrules.engine import Move, replace_at
from cardrules.melds import Meld, MeldKind, MeldRules, layoff_cards

__all__ = ["bad_fields", "joker_wants", "meld_fits", "remove_cards"]


@functools.lru_cache(maxsize=4096)
def meld_fits(meld: Meld, rules: MeldRules) -> tuple[tuple[Card, str], ...]:
    """The cards (jokers as ``Jk``) that may be laid off on ``meld``, with the run end:
    ``cardrules.melds.layoff_cards``, remembered per meld."""
    return layoff_cards(meld, rules)


@functools.lru_cache(maxsize=4096)
def joker_wants(meld: Meld, rules: MeldRules) -> tuple[tuple[Card, ...], int]:
    """What releases a joker of a table meld: for a run, the cards its jokers stand for
    (and 0: one of them frees its joker); for a set, its missing cards and how many of them
    must be supplied together. Nothing for a meld whose joker the rules keep.

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.melds import check_meld
        >>> closed = MeldRules(set_joker_retrieval="closed")
        >>> wants = [joker_wants(check_meld(parse_cards(t)), closed)
        ...          for t in ("7c Jk 9c", "Ks Kd Jk", "Ks Kd Kc Jk")]
        >>> [([str(c) for c in cards], need) for cards, need in wants]
        [(['8c'], 0), (['Kc', 'Kh'], 2), ([], 0)]
    """
    jokers = meld.joker_positions
    if not jokers or meld.kind is MeldKind.DOUBLE:
        return (), 0
    if meld.kind is MeldKind.RUN:
        return tuple(f for f in (meld.faces[p] for p in jokers) if f is not None), 0
    retrieval = rules.set_joker_retrieval
    if retrieval == "never" or (retrieval == "closed" and len(meld.cards) >= 4):
        return (), 0
    rank = meld.rank
    assert rank is not None
    need = 4 - (len(meld.cards) - len(jokers)) - (len(jokers) - 1)
    return tuple(Card(rank, s) for s in sorted(meld.missing_suits)), need


def remove_cards(
    hands: tuple[tuple[Card, ...], ...],
    known: tuple[tuple[Card, ...], ...],
    seat: int,
    cards: Sequence[Card],
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    """``hands`` and the known-card record ``known`` with ``cards`` gone from ``seat``.

    Examples:
        >>> from cardrules import parse_cards
        >>> hands, known = remove_cards((parse_cards("Ah Kh 2c"),), (parse_cards("Kh"),), 0,
        ...                             parse_cards("Kh"))
        >>> [str(c) for c in hands[0]], known
        (['Ah', '2c'], ((),))
    """
    hand = list(hands[seat])
    mine = list(known[seat])
    for card in cards:
        hand.remove(card)
        if card in mine:
            mine.remove(card)
    new_known = known if len(mine) == len(known[seat]) else replace_at(known, seat, tuple(mine))
    return replace_at(hands, seat, tuple(hand)), new_known


def bad_fields(move: Move) -> str:
    """Why a move's fields have the wrong types (``""`` when they are right), by the field
    names the rummy moves use: ``card``, ``cards``, ``target``, ``side`` and ``kind``.

    Examples:
        >>> from cardrules.games.kalooki51 import Discard, LayOff, Side
        >>> from cardrules import parse_card
        >>> bad_fields(LayOff(parse_card("4c"), "0", Side.LOW))
        "a meld on the table is named by its number, got '0'"
        >>> bad_fields(Discard(parse_card("4c")))
        ''
    """
    fields: tuple[attrs.Attribute[object], ...] = getattr(type(move), "__attrs_attrs__", ())
    for field in fields:
        value = getattr(move, field.name)
        name = field.name
        if name == "card" and type(value) is not Card:
            return f"expected one card, got {value!r:.40}"
        if name == "target" and type(value) is not int:
            return f"a meld on the table is named by its number, got {value!r:.40}"
        if name == "cards" and not (type(value) is tuple and all(type(c) is Card for c in value)):
            if isinstance(value, Card):
                return f"expected a tuple of cards, got the card {value}"
            return f"expected a tuple of cards, got {value!r:.60}"
        if name == "side" and not isinstance(value, enum.Enum):
            return f"the side must be Side.LOW or Side.HIGH, got {value!r:.40}"
        if name == "kind" and type(value) is not MeldKind:
            return f"the meld kind must be a MeldKind, got {value!r:.40}"
    return ""
