"""Two-handed Pinochle's cards, melds and counts, usable without the engine (PIN-1, PIN-4, PIN-7).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games.pinochle import meld_points, round_count, trick_points
    >>> meld_points(parse_cards("Qs Jd"), "h"), trick_points(parse_cards("As Th Kd 9c"))
    (40, 25)
    >>> round_count(87), round_count(126), round_count(124), round_count(125)
    (90, 120, 120, 120)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from cardrules import tricks
from cardrules.cards import Card, Rank, Suit, card_list, parse_card
from cardrules.decks import Deck, pinochle, pinochle64
from cardrules.engine import option
from cardrules.errors import IllegalMeldError, InvalidCardError, OptionError

__all__ = [
    "HAND_SIZE",
    "LAST_TRICK",
    "MeldKind",
    "Options",
    "TableCard",
    "best_meld",
    "dix_rank",
    "meld_kind",
    "meld_points",
    "pack",
    "round_count",
    "trick_points",
    "trick_rules",
]

HAND_SIZE = 12
LAST_TRICK = 10  # PIN-1.4


@attrs.frozen
class Options:
    """Two-handed Pinochle options (see ``seeds/pinochle.md``).

    Examples:
        >>> Options().target, Options(pack=64).pack
        (1000, 64)
    """

    players: int = option(2, doc="two players (PIN-1.1)", choices=(2,))
    deals: int | None = option(
        None,
        kind=int,
        optional=True,
        minimum=1,
        maximum=1000,
        doc="deals to play; 1 is a deal as a game; none: the match to the target (PIN-7.4, PIN-8)",
    )
    target: int = option(
        1000, minimum=100, maximum=100_000, doc="the match's target score (PIN-8.1)"
    )
    pack: int = option(48, doc="48 cards, or 64 with the 8s and 7s (PIN-1.2)", choices=(48, 64))
    double_pinochle_at_once: bool = option(
        False,
        doc="the double pinochle scores only when all four cards come from the hand (PIN-4.9)",
    )
    exchange_scores: bool = option(True, doc="exchanging the dix counts its 10 (PIN-5.3)")
    playoff_must_win: bool = option(
        False, doc="in the playoff, win every trick one can, not only a trump lead (PIN-6.4)"
    )

    def __attrs_post_init__(self) -> None:
        if self.target % 10:
            raise OptionError(f"option target must be a multiple of 10, got {self.target}")


# --------------------------------------------------------------------------- cards

_ORDER48 = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
_ORDER64 = (*_ORDER48, Rank.EIGHT, Rank.SEVEN)
_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
_PACKS = {48: pinochle(), 64: pinochle64()}
_EARLY = {
    (size, s): tricks.TrickRules(
        order=_ORDER48 if size == 48 else _ORDER64, points=_POINTS, trump=s, follow_suit=False
    )
    for size in (48, 64)
    for s in Suit
}
_PLAYOFF = {
    (size, s, win): tricks.TrickRules(
        order=_ORDER48 if size == 48 else _ORDER64,
        points=_POINTS,
        trump=s,
        must_trump=True,
        must_beat="always" if win else "trump_led",
    )
    for size in (48, 64)
    for s in Suit
    for win in (False, True)
}


def pack(size: int = 48) -> Deck:
    """The pinochle pack of ``size`` cards, 48 or 64 (PIN-1.2).

    Examples:
        >>> pack().size, pack(64).size
        (48, 64)
    """
    if not isinstance(size, int) or isinstance(size, bool) or size not in _PACKS:
        raise OptionError(f"a pinochle pack has 48 or 64 cards, not {size!r:.20}")
    return _PACKS[size]


def trick_rules(
    trump: Suit, *, playoff: bool = False, size: int = 48, must_win: bool = False
) -> tricks.TrickRules:
    """The trick rules: any card while the stock lasts (PIN-3.2 to PIN-3.4); follow, beat
    a trump lead and trump when void in the playoff (PIN-6.4).

    Examples:
        >>> from cardrules import Suit, parse_cards
        >>> from cardrules.tricks import legal_plays
        >>> rules = trick_rules(Suit.CLUBS, playoff=True)
        >>> [str(c) for c in legal_plays(parse_cards("Ac Kc Qs"), parse_cards("Tc"), rules)]
        ['Ac']
    """
    trump = _suit(trump)
    if size not in _PACKS:
        raise OptionError(f"a pinochle pack has 48 or 64 cards, not {size!r:.20}")
    if playoff:
        return _PLAYOFF[size, trump, bool(must_win)]
    return _EARLY[size, trump]


def dix_rank(size: int = 48) -> Rank:
    """The rank of the dix, the lowest trump: 9 with 48 cards, 7 with 64 (PIN-2.3).

    Examples:
        >>> dix_rank(), dix_rank(64)
        (<Rank.NINE: 9>, <Rank.SEVEN: 7>)
    """
    pack(size)
    return Rank.NINE if size == 48 else Rank.SEVEN


def _suit(value: object) -> Suit:
    if isinstance(value, Suit):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        for suit in Suit:
            if text in (suit.letter.lower(), suit.name.lower(), suit.symbol):
                return suit
    raise OptionError(f"trump must be a Suit or its letter (c, d, h, s), got {value!r:.40}")


def trick_points(cards: Iterable[Card]) -> int:
    """The card points of ``cards`` taken in tricks: A 11, 10 10, K 4, Q 3, J 2 (PIN-1.4).

    The last trick's 10 is not a card's: add ``LAST_TRICK`` for it.

    Raises:
        InvalidCardError: not cards, or a card outside the 64-card pinochle pack.

    Examples:
        >>> from cardrules import parse_cards
        >>> trick_points(parse_cards("Ah Ah Th 9s")), trick_points(pack().cards) + LAST_TRICK
        (32, 250)
    """
    if isinstance(cards, (str, bytes)):
        raise InvalidCardError("trick_points takes cards, not text; use parse_cards first")
    got = card_list(cards, "trick_points")
    counts = Counter(got)
    for card, n in counts.items():
        if card.rank not in _ORDER64 or card.suit is None or n > 2:
            raise InvalidCardError(f"{card} x{n} is not in a pinochle pack (PIN-1.2)")
    return sum(_POINTS.get(c.rank, 0) for c in got)


def round_count(points: int) -> int:
    """A count of card points rounded to tens, 7 and more up (PIN-7.3).

    Raises:
        OptionError: ``points`` is not a whole number from 0 to 250.

    Examples:
        >>> [round_count(p) for p in (87, 126, 124, 125, 0, 250)]
        [90, 120, 120, 120, 0, 250]
    """
    if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= 250:
        raise OptionError(
            f"a count of card points is a whole number from 0 to 250, got {points!r:.20}"
        )
    return (points + 3) // 10 * 10


# --------------------------------------------------------------------------- melds


class MeldKind(enum.Enum):
    """A meld, with its class and its points (PIN-4.2 to PIN-4.4)."""

    FLUSH = ("flush", "A", 150)
    ROYAL_MARRIAGE = ("royal marriage", "A", 40)
    MARRIAGE = ("marriage", "A", 20)
    ACES = ("100 aces", "B", 100)
    KINGS = ("80 kings", "B", 80)
    QUEENS = ("60 queens", "B", 60)
    JACKS = ("40 jacks", "B", 40)
    PINOCHLE = ("pinochle", "C", 40)
    DOUBLE_PINOCHLE = ("double pinochle", "C", 300)

    @property
    def label(self) -> str:
        """The meld's name."""
        return self.value[0]

    @property
    def group(self) -> str:
        """The meld's class: ``"A"``, ``"B"`` or ``"C"`` (PIN-4.2 to PIN-4.4)."""
        return self.value[1]

    @property
    def points(self) -> int:
        """What the meld scores."""
        return self.value[2]


_QS, _JD = parse_card("Qs"), parse_card("Jd")
_AROUND = {
    Rank.ACE: MeldKind.ACES,
    Rank.KING: MeldKind.KINGS,
    Rank.QUEEN: MeldKind.QUEENS,
    Rank.JACK: MeldKind.JACKS,
}
_FLUSH_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


def meld_kind(cards: Sequence[Card], trump: Suit | str) -> MeldKind:
    """The meld ``cards`` make with ``trump`` trumps, in any order.

    Raises:
        IllegalMeldError: the cards are no meld (the reason names the clause).
        OptionError: ``trump`` is not a suit.

    Examples:
        >>> from cardrules import parse_cards
        >>> meld_kind(parse_cards("Qh Kh"), "h").label, meld_kind(parse_cards("Qs Jd"), "h").label
        ('royal marriage', 'pinochle')
        >>> meld_kind(parse_cards("Ks Qs Jd"), "h")
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalMeldError: Ks Qs Jd is no pinochle meld (PIN-4.2 to PIN-4.4)
    """
    suit = _suit(trump)
    if isinstance(cards, (str, bytes)):
        raise InvalidCardError("meld_kind takes cards, not text; use parse_cards first")
    got = tuple(card_list(cards, "meld_kind"))
    for card in got:
        if card.suit is None or card.rank not in _ORDER64:
            raise IllegalMeldError(f"{card} is not a pinochle card (PIN-1.2)", rule="PIN-1.2")
    ranks = sorted({c.rank for c in got})
    suits = {c.suit for c in got}
    n = len(got)
    if n == 2 and ranks == [Rank.QUEEN, Rank.KING] and len(suits) == 1:
        return MeldKind.ROYAL_MARRIAGE if suit in suits else MeldKind.MARRIAGE
    if n == 5 and suits == {suit} and sorted(ranks) == sorted(_FLUSH_RANKS) and len(set(got)) == 5:
        return MeldKind.FLUSH
    if n == 4 and len(ranks) == 1 and ranks[0] in _AROUND and len(suits) == 4:
        return _AROUND[ranks[0]]
    if sorted(got) == sorted((_QS, _JD)):
        return MeldKind.PINOCHLE
    if sorted(got) == sorted((_QS, _QS, _JD, _JD)):
        return MeldKind.DOUBLE_PINOCHLE
    shown = " ".join(str(c) for c in got)
    raise IllegalMeldError(
        f"{shown or 'no cards'} is no pinochle meld (PIN-4.2 to PIN-4.4)", rule="PIN-4.2"
    )


def meld_points(cards: Sequence[Card], trump: Suit | str) -> int:
    """What the meld ``cards`` scores with ``trump`` trumps (PIN-4.2 to PIN-4.4).

    Raises:
        IllegalMeldError: the cards are no meld.
        OptionError: ``trump`` is not a suit.

    Examples:
        >>> from cardrules import parse_cards
        >>> meld_points(parse_cards("Ah Th Kh Qh Jh"), "h"), meld_points(parse_cards("Kc Qc"), "h")
        (150, 20)
        >>> meld_points(parse_cards("Qs Jd Qs Jd"), "s")
        300
    """
    return meld_kind(cards, trump).points


@attrs.frozen
class TableCard:
    """A melded card on the table: the card, and the best points of the meld it was
    melded in for each class (0 for a class it has not melded in) (PIN-4.7)."""

    card: Card
    best: tuple[int, int, int] = (0, 0, 0)

    def may_meld(self, kind: MeldKind) -> bool:
        """Whether this card may meld again in ``kind`` (PIN-4.7)."""
        return kind.points > self.best["ABC".index(kind.group)]

    def melded(self, kind: MeldKind) -> TableCard:
        """The same card after melding in ``kind``."""
        best = list(self.best)
        best["ABC".index(kind.group)] = kind.points
        return TableCard(self.card, (best[0], best[1], best[2]))


def _shapes(trump: Suit) -> tuple[tuple[MeldKind, tuple[Card, ...]], ...]:
    out: list[tuple[MeldKind, tuple[Card, ...]]] = [
        (MeldKind.FLUSH, tuple(Card(r, trump) for r in _FLUSH_RANKS)),
        (MeldKind.ROYAL_MARRIAGE, (Card(Rank.KING, trump), Card(Rank.QUEEN, trump))),
    ]
    out.extend(
        (MeldKind.MARRIAGE, (Card(Rank.KING, s), Card(Rank.QUEEN, s)))
        for s in Suit
        if s is not trump
    )
    out.extend((kind, tuple(Card(rank, s) for s in Suit)) for rank, kind in _AROUND.items())
    out.append((MeldKind.DOUBLE_PINOCHLE, (_QS, _QS, _JD, _JD)))
    out.append((MeldKind.PINOCHLE, (_QS, _JD)))
    return tuple(out)


_SHAPES = {s: _shapes(s) for s in Suit}


def arrange(
    kind: MeldKind,
    cards: Sequence[Card],
    hand: Sequence[Card],
    table: Sequence[TableCard],
    *,
    at_once: bool = False,
) -> tuple[tuple[int, ...], tuple[Card, ...]] | str:
    """Which table cards (their indexes) and which hand cards make the meld ``cards``
    of ``kind``, or the reason it cannot be made (PIN-4.6, PIN-4.7, PIN-4.9).

    A table card is used when it may meld again; at least one card comes from the hand.
    """
    used: list[int] = []
    from_hand: list[Card] = []
    spare = Counter(hand)
    taken_table: set[int] = set()
    for card in cards:
        index = next(
            (
                i
                for i, t in enumerate(table)
                if i not in taken_table and t.card == card and t.may_meld(kind) and not at_once
            ),
            None,
        )
        if index is not None:
            taken_table.add(index)
            used.append(index)
        elif spare[card] > 0:
            spare[card] -= 1
            from_hand.append(card)
        else:
            return f"{card} is neither held nor on the table free to meld again (PIN-4.7)"
    if not from_hand:
        # PIN-4.6: one card must come from the hand; swap one in if a copy is held.
        for k, index in enumerate(used):
            card = table[index].card
            if spare[card] > 0:
                del used[k]
                from_hand.append(card)
                break
        else:
            return "a meld must put at least one card from the hand on the table (PIN-4.6)"
    return tuple(used), tuple(from_hand)


def possible_melds(
    hand: Sequence[Card], table: Sequence[TableCard], trump: Suit, *, at_once: bool = False
) -> tuple[tuple[MeldKind, tuple[Card, ...]], ...]:
    """Every meld the holder of ``hand`` and ``table`` may make now, best first;
    ``at_once``: a double pinochle only with all four cards from the hand (PIN-4.9)."""
    held = set(hand)
    held.update(t.card for t in table)
    out = []
    for kind, shape in _SHAPES[trump]:
        if not held.issuperset(shape):
            continue
        if kind is MeldKind.DOUBLE_PINOCHLE:
            every = list(hand) + [t.card for t in table]
            if every.count(_QS) < 2 or every.count(_JD) < 2:
                continue
        if not table:  # every card from the hand: held is enough (PIN-4.6, PIN-4.7)
            out.append((kind, shape))
            continue
        once = at_once and kind is MeldKind.DOUBLE_PINOCHLE
        if isinstance(arrange(kind, shape, hand, table, at_once=once), tuple):
            out.append((kind, shape))
    return tuple(out)


def best_meld(
    hand: Sequence[Card], trump: Suit | str, table: Sequence[Card | TableCard] = ()
) -> tuple[MeldKind, tuple[Card, ...]] | None:
    """The highest-scoring meld the holder of ``hand`` may make, with ``table`` the cards
    he has melded before (plain cards count as melded in no class); ``None`` if none.

    Raises:
        InvalidCardError: not cards.
        OptionError: ``trump`` is not a suit.

    Examples:
        >>> from cardrules import parse_cards
        >>> kind, cards = best_meld(parse_cards("Ah Th Jh 9c Qs Jd"), "h", parse_cards("Kh Qh"))
        >>> kind.label, kind.points
        ('flush', 150)
        >>> best_meld(parse_cards("9c Qs Jd"), "h")[0].label
        'pinochle'
        >>> best_meld(parse_cards("9c 9d"), "s") is None
        True
    """
    suit = _suit(trump)
    if isinstance(hand, (str, bytes)) or isinstance(table, (str, bytes)):
        raise InvalidCardError("best_meld takes cards, not text; use parse_cards first")
    cards = tuple(card_list(hand, "best_meld"))
    placed = tuple(t if isinstance(t, TableCard) else TableCard(t) for t in _table_items(table))
    found = possible_melds(cards, placed, suit)
    if not found:
        return None
    return max(found, key=lambda m: m[0].points)


def _table_items(table: Iterable[Card | TableCard]) -> list[Card | TableCard]:
    try:
        items = list(table)
    except TypeError:
        raise InvalidCardError(f"table must hold cards, got {type(table).__name__}") from None
    for item in items:
        if not isinstance(item, (Card, TableCard)):
            raise InvalidCardError(f"not a card: {item!r:.40}")
    return items
