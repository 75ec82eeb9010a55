"""Poker hands: the best five of 5 to 7 cards, wild cards, and three-card hands.

``evaluate`` values the best five-card poker hand among 5, 6 or 7 cards,
jokers included, as a ``HandValue`` that compares like the hands;
``evaluate_many`` gives the same strengths as plain integers, fast, for
many hands, from cards or from their integer codes (``encode``,
``decode``). Three-card hands (Brag, Stop the Bus) rank with
``three_card_rank``.

Hold'em equity: ``equity`` counts each hand's share of the pot over every
board to come (exactly, or sampled with a standard error); ``parse_range``
reads range shorthand (``"TT+, AKs, A5s-A2s"``) into hands, and
``range_equity`` plays ranges (or a hand) against each other;
``equity_vs_random`` is a bot's estimate against unknown hands.

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
    >>> [round(r.equity, 3) for r in equity(["AdAc", "KhKs"])]
    [0.813, 0.187]
"""

from __future__ import annotations

from cardrules.poker._equity import EXACT_BOARDS, HandEquity, equity, equity_vs_random
from cardrules.poker._evaluate import (
    JOKER_RULES,
    HandCategory,
    HandValue,
    decode,
    encode,
    evaluate,
    evaluate_board,
    evaluate_many,
)
from cardrules.poker._ranges import EXACT_WORK, InvalidRangeError, parse_range, range_equity
from cardrules.poker._three import A23_RUNS, ThreeCardCategory, ThreeCardRank, three_card_rank

__all__ = [
    "A23_RUNS",
    "EXACT_BOARDS",
    "EXACT_WORK",
    "JOKER_RULES",
    "HandCategory",
    "HandEquity",
    "HandValue",
    "InvalidRangeError",
    "ThreeCardCategory",
    "ThreeCardRank",
    "decode",
    "encode",
    "equity",
    "equity_vs_random",
    "evaluate",
    "evaluate_board",
    "evaluate_many",
    "parse_range",
    "range_equity",
    "three_card_rank",
]
