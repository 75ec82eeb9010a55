"""Helpers shared by the five-card and four-card games of the Thirty-One family.

Japanese 51, Chinese 51 and Empat Satu share the check on a hand given to a
public function (``check_hand``, from [`cardrules.hands`][cardrules.hands]), the record of
cards known to be in a hand (taken face up from the table), the per-suit
tie-break keys and the shared discard moves. They live here once; per-seat tuples and resampling use
[`cardrules.engine.replace_at`][cardrules.engine.replace_at] and
[`cardrules.engine.redeal_hidden`][cardrules.engine.redeal_hidden].

Examples:
    >>> from cardrules import parse_cards
    >>> check_hand(parse_cards("Ah Kh Qh Jh Th"), 5, "a Japanese 51 hand")
    (<Card Ah>, <Card Kh>, <Card Qh>, <Card Jh>, <Card Th>)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardrules.cards import Card
from cardrules.engine import replace_at
from cardrules.errors import OptionError
from cardrules.games.thirty_one import Discard
from cardrules.hands import check_hand, suit_totals

__all__ = [
    "check_hand",
    "check_ints",
    "discard_moves",
    "remove_known",
    "suit_keys",
    "without",
]


def check_ints(values: object, what: str) -> tuple[int, ...]:
    """Check that ``values`` is a sequence of whole numbers (scores, seats).

    Raises:
        OptionError: it is not; the message names ``what``.

    Examples:
        >>> check_ints([3, 4], "hand values")
        (3, 4)
        >>> check_ints("34", "hand values")
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: hand values must be a sequence of whole numbers, got '34'
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise OptionError(f"{what} must be a sequence of whole numbers, got {values!r:.40}")
    out = tuple(values)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in out):
        raise OptionError(f"{what} must be whole numbers, got {out!r:.60}")
    return out


def remove_known(
    known: tuple[tuple[Card, ...], ...], seat: int, gone: Iterable[Card]
) -> tuple[tuple[Card, ...], ...]:
    """The known-card record with ``gone`` no longer known in ``seat``'s hand.

    Examples:
        >>> from cardrules import parse_cards
        >>> remove_known((parse_cards("Ah Kh"), ()), 0, parse_cards("Kh"))
        ((<Card Ah>,), ())
    """
    mine = known[seat]
    if not mine:
        return known
    gone = gone if isinstance(gone, tuple) else tuple(gone)
    kept = tuple([c for c in mine if c not in gone])
    return known if len(kept) == len(mine) else replace_at(known, seat, kept)


def suit_keys(cards: Sequence[Card]) -> dict[Any, tuple[int, int]]:
    """Per suit held: (points of that suit, lowest rank held in it).

    Examples:
        >>> from cardrules import parse_cards
        >>> sorted(suit_keys(parse_cards("Kc 9c 4h")).values())
        [(4, 4), (19, 9)]
    """
    lows: dict[Any, int] = {}
    for card in cards:
        rank = int(card.rank)
        low = lows.get(card.suit)
        if low is None or rank < low:
            lows[card.suit] = rank
    totals = suit_totals(cards)
    return {suit: (totals[suit], lows[suit]) for suit in totals}


class _DiscardMoves(dict[Card, Discard]):
    """One shared ``Discard`` per card, made on first use (dict lookups stay in C)."""

    def __missing__(self, card: Card) -> Discard:
        move = self[card] = Discard(card)
        return move


_DISCARDS = _DiscardMoves()
_discard_of = _DISCARDS.__getitem__


def discard_moves(hand: Iterable[Card], taken: Card | None = None) -> tuple[Discard, ...]:
    """One ``Discard`` move per card of ``hand`` except ``taken`` (move values are
    shared between states: they are immutable).

    Examples:
        >>> from cardrules import parse_cards
        >>> [str(m) for m in discard_moves(parse_cards("Ah Kh 2c"), parse_cards("Kh")[0])]
        ['discard Ah', 'discard 2c']
    """
    if taken is None:
        return tuple(map(_discard_of, hand))
    return tuple([_discard_of(card) for card in hand if card != taken])


def without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less one copy of ``card`` (unchanged if it does not hold it).

    Examples:
        >>> from cardrules import parse_cards
        >>> without(parse_cards("Ah Kh 2c"), parse_cards("Kh")[0])
        (<Card Ah>, <Card 2c>)
    """
    try:
        i = hand.index(card)
    except ValueError:
        return hand
    return hand[:i] + hand[i + 1 :]
