"""Builders for hand-made game positions in tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from cardrules import Card, parse_cards
from cardrules.engine import GameState


def arrange(
    state: GameState[Any],
    *,
    hands: Sequence[str],
    discard: str = "",
    stock_top: str = "",
    **fields: Any,
) -> Any:
    """``state`` with the given hands and discard pile; the stock is every other
    card of the deck, with ``stock_top`` (left to right: next card first) on top."""
    hand_cards = tuple(parse_cards(h) for h in hands)
    pile = parse_cards(discard)
    top = parse_cards(stock_top)
    used = Counter(c for h in hand_cards for c in h) + Counter(pile) + Counter(top)
    rest = list((Counter(state.deck().cards) - used).elements())
    rest.sort()
    stock: tuple[Card, ...] = (*rest, *reversed(top))
    new = attrs.evolve(state, hands=hand_cards, discard=pile, stock=stock, **fields)
    new.validate()
    return new
