"""Blackjack playing strategies as pure functions of the cards (BJ-14).

Two strategies: the text's own "standard strategy" (BJ-14.1 to BJ-14.4), and
the complete published basic strategy for a multi-pack shoe (BJ-14.6). Each
returns an action word: ``"hit"``, ``"stand"``, ``"double"`` or ``"split"``;
the game turns it into a legal move (a double or split that is not allowed
falls back to what the chart says next).

Examples:
    >>> from cardrules import parse_card, parse_cards
    >>> text_action(parse_cards("8h 8d"), parse_card("Ts"))
    'split'
    >>> chart_action(parse_cards("Ah 7d"), parse_card("9s"))
    'hit'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardrules.cards import Card, card_list
from cardrules.errors import InvalidCardError, OptionError
from cardrules.games.blackjack.values import _total, card_value

__all__ = ["chart_action", "text_action"]

_GOOD = frozenset((7, 8, 9, 10, 1))
_POOR = frozenset((4, 5, 6))


def _pair(cards: Sequence[Card]) -> int | None:
    """The value of a two-card pair, or ``None``."""
    if len(cards) == 2 and cards[0].rank == cards[1].rank:
        return card_value(cards[0])
    return None


def _checked(cards: object, upcard: object, flags: Mapping[str, object]) -> list[Card]:
    """The hand of a strategy call as a list, every input checked (BJ-2.1)."""
    got = card_list(cards, "a strategy")
    if not got:
        raise InvalidCardError("a strategy needs the player's cards; got none")
    for card in (*got, upcard):
        card_value(card)  # type: ignore[arg-type]  # refuses anything but a pack card
    for name, flag in flags.items():
        if not isinstance(flag, bool):
            raise OptionError(f"{name} must be True or False, got {flag!r:.40}")
    return got


def text_action(
    cards: Sequence[Card],
    upcard: Card,
    *,
    can_double: bool = True,
    can_split: bool = True,
) -> str:
    """The text's standard strategy (BJ-14.1 to BJ-14.4).

    Examples:
        >>> from cardrules import parse_card, parse_cards
        >>> text_action(parse_cards("Th 2d"), parse_card("4s"))
        'stand'
        >>> text_action(parse_cards("Th 2d"), parse_card("3s"))
        'hit'
        >>> text_action(parse_cards("5h 5d"), parse_card("Ks"))
        'hit'
    """
    cards = _checked(cards, upcard, {"can_double": can_double, "can_split": can_split})
    up = card_value(upcard)
    pair = _pair(cards) if can_split else None
    if pair is not None:
        low = 2 <= up <= 6
        if pair in (1, 8) or (pair in (2, 3, 7) and up not in (8, 9, 10, 1)) or (pair == 6 and low):
            return "split"
    total, soft = _total(cards)
    doubles = total == 11 or (total == 10 and up not in (10, 1)) or (total == 9 and 2 <= up <= 6)
    if can_double and len(cards) == 2 and not soft and doubles:
        return "double"
    if soft:
        return "hit" if total < 18 else "stand"
    if up in _GOOD:
        return "hit" if total < 17 else "stand"
    if up in _POOR:
        return "hit" if total < 12 else "stand"
    return "hit" if total < 13 else "stand"


# Pair splitting, double after split allowed: split against these up cards (1 = ace).
_SPLIT_DAS: dict[int, frozenset[int]] = {
    1: frozenset(range(1, 11)),
    2: frozenset(range(2, 8)),
    3: frozenset(range(2, 8)),
    4: frozenset((5, 6)),
    6: frozenset(range(2, 7)),
    7: frozenset(range(2, 8)),
    8: frozenset(range(1, 11)),
    9: frozenset((2, 3, 4, 5, 6, 8, 9)),
}
# Without double after split the small pairs split less.
_SPLIT_NO_DAS: dict[int, frozenset[int]] = {
    **_SPLIT_DAS,
    2: frozenset(range(4, 8)),
    3: frozenset(range(4, 8)),
    4: frozenset(),
    6: frozenset(range(3, 7)),
}
# Soft doubles: soft total -> up cards to double against ("Ds" stands when it cannot).
_SOFT_DOUBLE: dict[int, frozenset[int]] = {
    13: frozenset((5, 6)),
    14: frozenset((5, 6)),
    15: frozenset((4, 5, 6)),
    16: frozenset((4, 5, 6)),
    17: frozenset((3, 4, 5, 6)),
    18: frozenset((3, 4, 5, 6)),
}


def chart_action(
    cards: Sequence[Card],
    upcard: Card,
    *,
    can_double: bool = True,
    can_split: bool = True,
    double_after_split: bool = True,
    hit_soft_17: bool = False,
) -> str:
    """The complete basic strategy for four to eight packs, no surrender (BJ-14.6).

    Follows the published chart (Wizard of Odds, 4-8 decks), with the dealer
    standing or hitting on soft 17 and with or without double after split.

    Examples:
        >>> from cardrules import parse_card, parse_cards
        >>> chart_action(parse_cards("9h 9d"), parse_card("7s"))
        'stand'
        >>> chart_action(parse_cards("4h 4d"), parse_card("5s"))
        'split'
        >>> chart_action(parse_cards("4h 4d"), parse_card("5s"), double_after_split=False)
        'hit'
        >>> chart_action(parse_cards("Ah 7d"), parse_card("2s"), hit_soft_17=True)
        'double'
    """
    flags = {"can_double": can_double, "can_split": can_split}
    flags |= {"double_after_split": double_after_split, "hit_soft_17": hit_soft_17}
    cards = _checked(cards, upcard, flags)
    up = card_value(upcard)
    pair = _pair(cards) if can_split else None
    if pair is not None:
        table = _SPLIT_DAS if double_after_split else _SPLIT_NO_DAS
        if up in table.get(pair, ()):
            return "split"
    total, soft = _total(cards)
    two = can_double and len(cards) == 2
    if soft:
        doubles = _SOFT_DOUBLE.get(total, frozenset())
        if hit_soft_17 and total == 18:
            doubles = doubles | {2}
        if hit_soft_17 and total == 19:
            doubles = frozenset((6,))
        if up in doubles:
            if two:
                return "double"
            if total >= 18:
                return "stand"
        if total >= 19 or (total == 18 and up in (2, 7, 8)):
            return "stand"
        return "hit"
    if total <= 8:
        return "hit"
    if total == 9:
        return "double" if two and 3 <= up <= 6 else "hit"
    if total == 10:
        return "double" if two and 2 <= up <= 9 else "hit"
    if total == 11:
        return "double" if two and (up != 1 or hit_soft_17) else "hit"
    if total == 12:
        return "stand" if 4 <= up <= 6 else "hit"
    if total <= 16:
        return "stand" if 2 <= up <= 6 else "hit"
    return "stand"
