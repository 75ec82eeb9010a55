"""Three-card hands: how they rank in Brag and Stop the Bus.

Three-card hands rank as in Brag and Stop the Bus: prial (three of a kind),
running flush, run, flush, pair, high card. [`three_card_rank`][cardrules.poker.three_card_rank]
gives a
[`ThreeCardRank`][cardrules.poker.ThreeCardRank], a value that compares like the hands it stands
for:
bigger is better and equal means an exact tie (suits never break a tie).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.poker import three_card_rank
    >>> three_card_rank(parse_cards("7h 7s 7d")) > three_card_rank(parse_cards("Qs Ks As"))
    True
    >>> three_card_rank(parse_cards("Kh Ks 2d")).category.name
    'PAIR'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from cardrules.cards import Card, Rank
from cardrules.errors import InvalidCardError, OptionError

__all__ = [
    "A23_RUNS",
    "ThreeCardCategory",
    "ThreeCardRank",
    "three_card_rank",
]

A23_RUNS = ("best", "lowest", "none")
"""How ace-two-three counts: the best run (as in Brag), the lowest run, or no run."""


class ThreeCardCategory(enum.IntEnum):
    """The kinds of three-card hand, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    RUN = 3
    RUNNING_FLUSH = 4
    PRIAL = 5


@attrs.frozen(order=True)
class ThreeCardRank:
    """The rank of a three-card hand: a category, then tie-break ranks.

    Attributes:
        category: the kind of hand.
        ranks: what decides between hands of the same category, most
            important first: the prial's rank; a run's top card (an
            ace-two-three counted as best run has top card 15, above the
            ace); the pair's rank then the odd card; or every card from
            the highest down.

    Examples:
        >>> pair = ThreeCardRank(ThreeCardCategory.PAIR, (12, 5))
        >>> str(pair), pair > ThreeCardRank(ThreeCardCategory.PAIR, (12, 4))
        ('pair 12-5', True)
    """

    category: ThreeCardCategory
    ranks: tuple[int, ...]

    def __str__(self) -> str:
        words = self.category.name.lower().replace("_", " ")
        return f"{words} {'-'.join(map(str, self.ranks))}"


_RUN_TOP_A23 = {"best": 15, "lowest": 3}


def three_card_rank(cards: Sequence[Card], *, a23: str = "best") -> ThreeCardRank:
    """Rank a three-card hand (prial > running flush > run > flush > pair > high card).

    Runs take the ace high (A-K-Q) or, as ``a23`` says, low: ace-two-three
    is the best run (``"best"``, the Brag custom), the lowest (``"lowest"``:
    its top card is the three) or no run at all (``"none"``). A run never
    turns the corner (K-A-2 is no run). Prials rank by rank, aces highest.

    Args:
        cards: three distinct natural cards.
        a23: how ace-two-three counts, one of [`A23_RUNS`][cardrules.poker.A23_RUNS].

    Raises:
        InvalidCardError: not three cards, a card twice, or a joker.
        OptionError: ``a23`` is not one of [`A23_RUNS`][cardrules.poker.A23_RUNS].

    Examples:
        >>> from cardrules import parse_cards
        >>> str(three_card_rank(parse_cards("Qd Kd Ad")))
        'running flush 14'
        >>> a23 = parse_cards("Ac 2d 3h")
        >>> three_card_rank(a23) > three_card_rank(parse_cards("Ah Kc Qc"))
        True
        >>> three_card_rank(a23, a23="lowest") < three_card_rank(parse_cards("2c 3d 4h"))
        True
        >>> str(three_card_rank(a23, a23="none"))
        'high card 14-3-2'
    """
    if a23 not in A23_RUNS:
        raise OptionError(f"a23 must be one of {list(A23_RUNS)}, got {a23!r}")
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise InvalidCardError(f"a three-card hand is a sequence of cards, got {cards!r:.40}")
    if len(cards) != 3:
        raise InvalidCardError(f"a three-card hand has 3 cards, got {len(cards)}")
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidCardError(f"expected a Card, got {card!r}")
        if card.is_joker:
            raise InvalidCardError(f"{card} cannot be ranked in a three-card hand")
    if len(set(cards)) != 3:
        raise InvalidCardError("a three-card hand cannot hold the same card twice")
    return _rank(cards, a23)


def _rank(cards: Sequence[Card], a23: str) -> ThreeCardRank:
    a, b, c = sorted((int(card.rank) for card in cards), reverse=True)
    flush = cards[0].suit == cards[1].suit == cards[2].suit
    if a == b == c:
        return ThreeCardRank(ThreeCardCategory.PRIAL, (a,))
    top = 0
    if a - 1 == b == c + 1:
        top = a
    elif (a, b, c) == (Rank.ACE, 3, 2) and a23 != "none":
        top = _RUN_TOP_A23[a23]
    if top:
        kind = ThreeCardCategory.RUNNING_FLUSH if flush else ThreeCardCategory.RUN
        return ThreeCardRank(kind, (top,))
    if flush:
        return ThreeCardRank(ThreeCardCategory.FLUSH, (a, b, c))
    if a == b:
        return ThreeCardRank(ThreeCardCategory.PAIR, (a, c))
    if b == c:
        return ThreeCardRank(ThreeCardCategory.PAIR, (b, a))
    return ThreeCardRank(ThreeCardCategory.HIGH_CARD, (a, b, c))
