"""Canasta's cards, melds and scores, usable without the engine (CAN-1, CAN-5 to CAN-7, CAN-11).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games import canasta
    >>> [canasta.card_points(c) for c in parse_cards("Jk 2c Ah Kd 7h 3s")]
    [50, 20, 20, 10, 5, 5]
    >>> canasta.minimum_count(-20), canasta.minimum_count(1500), canasta.minimum_count(3000)
    (15, 90, 120)
    >>> [c.rank.letter for c in canasta.check_meld(parse_cards("Kc Kd Ks 2h")).faces]
    ['K', 'K', 'K', 'K']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from cardrules.cards import Card, Rank, Suit, card_list
from cardrules.decks import Deck, deck
from cardrules.engine import option
from cardrules.errors import IllegalMeldError, InvalidCardError, OptionError
from cardrules.melds import MeldRules
from cardrules.melds import card_points as _points

__all__ = [
    "CANASTA",
    "RULES",
    "CanastaMeld",
    "Options",
    "card_points",
    "check_meld",
    "deal_score",
    "hand_penalty",
    "is_red_three",
    "is_wild",
    "minimum_count",
    "pack",
    "red_three_bonus",
]

CANASTA = 7  # cards in a canasta (CAN-6.1)
_TENS = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT)
_FIVES = (Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE)
_VALUES = {
    Rank.JOKER: 50,
    Rank.TWO: 20,
    Rank.ACE: 20,
    **dict.fromkeys(_TENS, 10),
    **dict.fromkeys(_FIVES, 5),
}

RULES = MeldRules(
    runs_allowed=False,
    max_set_size=None,
    set_suits_distinct=False,
    wild_ranks={Rank.TWO},  # type: ignore[arg-type]
    max_jokers=3,
    min_naturals=2,
    rank_points=_VALUES,
)
"""Canasta's melds for ``cardrules.melds``: sets only, deuces and jokers wild, at most three
wild cards and at least two natural ones, the card values of CAN-7.1."""


@attrs.frozen
class Options:
    """Canasta options (see ``seeds/canasta.md``).

    Examples:
        >>> Options().target, Options().players
        (5000, 4)
    """

    players: int = option(
        4, doc="4 in two partnerships; 2 or 3 each for himself (CAN-1.1, CAN-14)", choices=(2, 3, 4)
    )
    deals: int | None = option(
        None,
        kind=int,
        optional=True,
        minimum=1,
        maximum=1000,
        doc="deals to play; none: to the target (CAN-12)",
    )
    target: int = option(5000, minimum=50, maximum=100_000, doc="the winning total (CAN-12.1)")
    wild_at_most_natural: bool = option(
        False, doc="wild cards never outnumber a meld's natural cards (CAN-5.2)"
    )
    black_three_freezes: bool = option(
        True, doc="a discarded black three freezes the pile, not only blocks it (CAN-8.2)"
    )
    meld_after_last_red_three: bool = option(
        False, doc="a red three drawn last still lets its player meld (CAN-10.1)"
    )
    max_turns: int = option(
        2000, minimum=50, maximum=100_000, doc="turns after which a deal is stopped (CAN-12.3)"
    )

    @property
    def sides(self) -> int:
        """How many sides score: two partnerships with four players, else each player."""
        return 2 if self.players == 4 else self.players

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 11, or 13 with three and 15 with two (CAN-2.2, CAN-14)."""
        return {2: 15, 3: 13, 4: 11}[self.players]

    @property
    def canastas_to_go_out(self) -> int:
        """Canastas a side needs to go out: two in the two-player game (CAN-9.1, CAN-14.1)."""
        return 2 if self.players == 2 else 1

    @property
    def draw_count(self) -> int:
        """Cards drawn from the stock: two in the two-player game (CAN-4.3, CAN-14.1)."""
        return 2 if self.players == 2 else 1


def pack() -> Deck:
    """The 108-card pack: two standard packs and four jokers (CAN-1.2).

    Examples:
        >>> pack().size
        108
    """
    return deck("double108")


def is_wild(card: Card) -> bool:
    """Whether ``card`` is a wild card: a joker or a deuce (CAN-1.3).

    Examples:
        >>> from cardrules import parse_cards
        >>> [is_wild(c) for c in parse_cards("Jk 2s As")]
        [True, True, False]
    """
    return RULES.is_wild(_card(card))


def is_red_three(card: Card) -> bool:
    """Whether ``card`` is a red three (CAN-3).

    Examples:
        >>> from cardrules import parse_cards
        >>> [is_red_three(c) for c in parse_cards("3h 3d 3s")]
        [True, True, False]
    """
    card = _card(card)
    return card.rank is Rank.THREE and card.suit in (Suit.HEARTS, Suit.DIAMONDS)


_RED_THREES = frozenset(Card(Rank.THREE, suit) for suit in (Suit.HEARTS, Suit.DIAMONDS))
"""The red threes: ``card in _RED_THREES`` is ``is_red_three(card)`` for a card."""


def _card(card: object) -> Card:
    if not isinstance(card, Card):
        raise InvalidCardError(f"expected a card, got {card!r:.40}")
    return card


def card_points(card: Card) -> int:
    """A card's points: joker 50, deuce and ace 20, K to 8 10, 7 to 4 and a black three 5
    (CAN-7.1); a red three is scored as a bonus (CAN-3.4), not as points.

    Raises:
        InvalidCardError: not a card, or a red three.

    Examples:
        >>> from cardrules import parse_cards
        >>> sum(card_points(c) for c in pack().cards if not is_red_three(c))
        1180
    """
    if is_red_three(card):
        raise InvalidCardError(f"{card} is a red three: it scores 100 as a bonus (CAN-3.4)")
    return _points(card, RULES)


def hand_penalty(hand: Iterable[Card]) -> int:
    """The points of cards left in a hand, which count minus (CAN-5.5, CAN-11.2).

    Raises:
        InvalidCardError: not cards, a red three, or more copies than the pack holds.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_penalty(parse_cards("Jk 9c 4d"))
        65
    """
    cards = _cards(hand, "hand_penalty")
    return sum(card_points(c) for c in cards)


def _cards(cards: object, what: str) -> list[Card]:
    if isinstance(cards, (str, bytes)):
        raise InvalidCardError(f"{what} takes cards, not text; use parse_cards first")
    got = card_list(cards, what)
    limit = Counter(pack().cards)
    for card, n in Counter(got).items():
        if n > limit[card]:
            raise InvalidCardError(f"{what}: {n} copies of {card}; the pack has {limit[card]}")
    return got


def minimum_count(score: int) -> int:
    """The least count of a side's initial meld for its score at the start of the deal:
    below 0, 15; 0 to 1,495, 50; 1,500 to 2,995, 90; 3,000 and more, 120 (CAN-7.2).

    Raises:
        OptionError: ``score`` is not a whole number.

    Examples:
        >>> [minimum_count(s) for s in (-5, 0, 1495, 1500, 2995, 3000)]
        [15, 50, 50, 90, 90, 120]
    """
    if not isinstance(score, int) or isinstance(score, bool):
        raise OptionError(f"a score is a whole number, got {score!r:.40}")
    if score < 0:
        return 15
    if score < 1500:
        return 50
    if score < 3000:
        return 90
    return 120


@attrs.frozen
class CanastaMeld:
    """A Canasta meld: its rank, its cards, and what each card plays as (``faces``)."""

    rank: Rank
    cards: tuple[Card, ...]
    faces: tuple[Card, ...]

    @property
    def wild(self) -> int:
        """How many wild cards it holds."""
        return sum(1 for c in self.cards if RULES.is_wild(c))

    @property
    def natural(self) -> int:
        """How many natural cards it holds."""
        return len(self.cards) - self.wild

    @property
    def is_canasta(self) -> bool:
        """Seven or more cards with four or more natural ones (CAN-6.1)."""
        return len(self.cards) >= CANASTA and self.natural >= 4

    @property
    def bonus(self) -> int:
        """500 for a natural canasta, 300 for a mixed one, else 0 (CAN-6.2, CAN-6.3)."""
        if not self.is_canasta:
            return 0
        return 300 if self.wild else 500

    @property
    def points(self) -> int:
        """The card points of its cards (CAN-7.1)."""
        return sum(_points(c, RULES) for c in self.cards)


def check_meld(
    cards: Sequence[Card], *, going_out: bool = False, wild_at_most_natural: bool = False
) -> CanastaMeld:
    """The Canasta meld ``cards`` make, or ``IllegalMeldError`` saying why (CAN-5).

    Args:
        cards: the cards, in any order.
        going_out: whether its player goes out with it (black threes meld only then).
        wild_at_most_natural: the option that wild cards never outnumber natural ones.

    Examples:
        >>> from cardrules import parse_cards
        >>> check_meld(parse_cards("Kc Kd 2h 2s Jk")).wild
        3
        >>> check_meld(parse_cards("Kc 2h Jk"))
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalMeldError: a meld needs at least two natural cards, ...
    """
    got = tuple(_cards(cards, "check_meld"))
    shown = " ".join(str(c) for c in got) or "no cards"
    if any(is_red_three(c) for c in got):
        raise IllegalMeldError(f"red threes are never melded: {shown} (CAN-5.4)", rule="CAN-5.4")
    naturals = [c for c in got if not RULES.is_wild(c)]
    wild = len(got) - len(naturals)
    if len(got) < 3:
        raise IllegalMeldError(f"a meld needs three cards or more, {shown} (CAN-5.1)")
    if len(naturals) < 2:
        raise IllegalMeldError(
            f"a meld needs at least two natural cards, {shown} has {len(naturals)} (CAN-5.1)"
        )
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        raise IllegalMeldError(f"a meld is of one rank (no sequences), {shown} (CAN-5.1)")
    rank = naturals[0].rank
    if wild > 3:
        raise IllegalMeldError(f"a meld holds at most three wild cards, {shown} (CAN-5.1)")
    if wild_at_most_natural and wild > len(naturals):
        raise IllegalMeldError(
            f"wild cards may not outnumber natural ones, {shown} (CAN-5.2)", rule="CAN-5.2"
        )
    if rank is Rank.THREE:
        if wild:
            raise IllegalMeldError(f"black threes meld with no wild card, {shown} (CAN-5.4)")
        if not going_out:
            raise IllegalMeldError(
                f"black threes are melded only in going out, {shown} (CAN-5.4)", rule="CAN-5.4"
            )
        if len(got) > 4:
            raise IllegalMeldError(f"black threes meld three or four of them, {shown} (CAN-5.4)")
    faces = tuple(c if not RULES.is_wild(c) else Card(rank, naturals[0].suit) for c in got)
    return CanastaMeld(rank=rank, cards=got, faces=faces)


def red_three_bonus(count: int, *, melded: bool) -> int:
    """A side's red threes at the end of a deal: 100 each, 800 for all four; plus for a
    side that has melded, minus for one that has not (CAN-3.4).

    Examples:
        >>> red_three_bonus(2, melded=True), red_three_bonus(4, melded=True)
        (200, 800)
        >>> red_three_bonus(1, melded=False)
        -100
    """
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 4:
        raise OptionError(f"a side holds 0 to 4 red threes, got {count!r:.20}")
    value = 800 if count == 4 else 100 * count
    return value if melded else -value


def deal_score(
    melds: Iterable[CanastaMeld],
    red_threes: int,
    hands: Iterable[Iterable[Card]],
    *,
    went_out: bool = False,
    concealed: bool = False,
) -> int:
    """A side's score for a finished deal (CAN-11): canasta bonuses, red threes, going out
    (100, and 100 more concealed), the points of its melded cards less those left in both
    partners' hands. It may be negative.

    Raises:
        CardRulesError: a meld that is no Canasta meld, bad counts or cards.

    Examples:
        >>> from cardrules import parse_cards
        >>> natural = check_meld(parse_cards("Kc Kc Kd Kd Kh Ks Ks"))
        >>> mixed = check_meld(parse_cards("9c 9d 9h 9s 2c 2d Jk"))
        >>> deal_score([natural, mixed], 1, [parse_cards("4c"), ()], went_out=True)
        1195
    """
    try:
        got = list(melds) if not isinstance(melds, (str, bytes)) else None
    except TypeError:
        got = None
    if got is None or not all(isinstance(m, CanastaMeld) for m in got):
        raise OptionError("melds must be CanastaMeld values (see check_meld)")
    if concealed and not went_out:
        raise OptionError("a side goes out concealed only when it goes out (CAN-9.5)")
    base = sum(m.bonus for m in got) + red_three_bonus(red_threes, melded=bool(got))
    if went_out:
        base += 100 + (100 if concealed else 0)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise InvalidCardError("hands are sequences of cards, one a player of the side")
    left = sum(hand_penalty(h) for h in hands)
    return base + sum(m.points for m in got) - left
