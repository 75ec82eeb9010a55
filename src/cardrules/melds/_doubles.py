"""Doubles: the most pairs of identical cards a hand holds (Turkish 51's doubles opening)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from cardrules.cards import Card
from cardrules.melds._check import _as_cards
from cardrules.melds._rules import (
    DEFAULT_RULES,
    Decomposition,
    Meld,
    MeldKind,
    MeldRules,
    _check_rules,
    card_points,
    meld_value,
)


def best_doubles(hand: Iterable[Card], rules: MeldRules = DEFAULT_RULES) -> Decomposition:
    """The most doubles a hand holds (pairs of identical cards, jokers pairing singles).

    Examples:
        >>> from cardrules import parse_cards
        >>> result = best_doubles(parse_cards("7c 7c 9h 9h 4s Jk 2d"))
        >>> [str(m) for m in result.melds], [str(c) for c in result.deadwood]
        (['7c-7c', '9h-9h', '4s-Jk'], ['2d'])
    """
    _check_rules(rules)
    cards = _as_cards(hand, "hand")
    counts = Counter(c for c in cards if not rules.is_wild(c))
    wild = [c for c in cards if rules.is_wild(c)]
    melds: list[Meld] = []
    singles: list[Card] = []
    for card in sorted(counts):
        pairs, single = divmod(counts[card], 2)
        melds.extend(
            Meld(kind=MeldKind.DOUBLE, cards=(card, card), faces=(card, card)) for _ in range(pairs)
        )
        if single:
            singles.append(card)
    if rules.jokers_allowed and rules.jokers_in_doubles:
        # Pair the jokers with the highest singles: most points off the hand.
        singles.sort(key=lambda c: (card_points(c, rules), c), reverse=True)
        while wild and singles:
            card = singles.pop(0)
            melds.append(Meld(kind=MeldKind.DOUBLE, cards=(card, wild.pop()), faces=(card, card)))
    left = tuple(sorted(singles + wild))
    return Decomposition(
        melds=tuple(melds),
        deadwood=left,
        value=sum(meld_value(m, rules) for m in melds),
        deadwood_points=sum(card_points(c, rules) for c in left),
    )
