"""Poker hands: the best five of 5 to 7 cards, wild cards, and three-card hands.

``evaluate`` values the best five-card poker hand among 5, 6 or 7 cards,
jokers included, as a ``HandValue`` that compares like the hands;
``evaluate_many`` gives the same strengths as plain integers, fast, for
many hands, from cards or from their integer codes (``encode``,
``decode``). Three-card hands (Brag, Stop the Bus) rank with
``three_card_rank``.

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.poker import evaluate, three_card_rank
    >>> hold = evaluate(parse_cards("Ah Kh Qd Jc Ts 4h 4d"))
    >>> hold.category.name, [str(c) for c in hold.best]
    ('STRAIGHT', ['Ah', 'Kh', 'Qd', 'Jc', 'Ts'])
    >>> evaluate(parse_cards("9s 9h 9d 9c Jk")).category.name
    'FIVE_OF_A_KIND'
    >>> three_card_rank(parse_cards("7h 7s 7d")) > three_card_rank(parse_cards("Qs Ks As"))
    True
"""

from __future__ import annotations

from cardrules.poker._evaluate import (
    JOKER_RULES,
    HandCategory,
    HandValue,
    decode,
    encode,
    evaluate,
    evaluate_many,
)
from cardrules.poker._three import A23_RUNS, ThreeCardCategory, ThreeCardRank, three_card_rank

__all__ = [
    "A23_RUNS",
    "JOKER_RULES",
    "HandCategory",
    "HandValue",
    "ThreeCardCategory",
    "ThreeCardRank",
    "decode",
    "encode",
    "evaluate",
    "evaluate_many",
    "three_card_rank",
]
