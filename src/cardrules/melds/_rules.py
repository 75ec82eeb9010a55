"""Meld rules values, the meld and decomposition values, card points and run places.

The lowest room of [`cardrules.melds`][cardrules.melds]: everything else in the package builds on
these values.
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Mapping
from typing import Any, Literal

import attrs

from cardrules.cards import NATURAL_RANKS, Card, Rank, Suit
from cardrules.errors import IllegalMeldError, InvalidCardError, OptionError

Objective = Literal["value", "deadwood", "all"]
"""What `solve` maximises: opening value, cards' points melded, or cards melded."""


def _nonneg(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise OptionError(f"{attribute.name} must be a whole number >= 0, got {value!r}")


def _opt_nonneg(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        _nonneg(instance, attribute, value)


def _retrieval(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value not in ("fill", "closed", "never"):
        raise OptionError(f"set_joker_retrieval must be 'fill', 'closed' or 'never', got {value!r}")


def _rank_table(value: object) -> tuple[tuple[Rank, int], ...]:
    """A rank-to-points table as sorted pairs, checked."""
    pairs = list(value.items()) if isinstance(value, Mapping) else list(value)  # type: ignore[call-overload]
    out: list[tuple[Rank, int]] = []
    for pair in pairs:
        rank, points = pair
        if not isinstance(rank, Rank):
            raise OptionError(f"rank_points: {rank!r:.40} is not a rank")
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise OptionError(f"rank_points: {rank.name} is worth {points!r:.40}, not a count")
        out.append((rank, points))
    if len({r for r, _ in out}) != len(out):
        raise OptionError("rank_points names a rank twice")
    return tuple(sorted(out))


def _table_points(rules: MeldRules, rank: Rank) -> int:
    for named, points in rules.rank_points:
        if named is rank or (named.is_joker and rank.is_joker):
            return points
    raise OptionError(f"rank_points gives no value for {rank.name}")


@attrs.frozen(kw_only=True, cache_hash=True)
class MeldRules:
    """Which melds a game allows and what their cards are worth.

    Attributes:
        min_length: fewest cards in a set or run.
        sets_allowed: whether sets (same rank) are melds.
        runs_allowed: whether runs (same suit, consecutive) are melds.
        max_set_size: most cards in a set, jokers included (``None``: no limit).
        set_suits_distinct: whether a set's natural cards must have different suits.
        ace_low: whether a run may start ``A-2-3``.
        ace_high: whether a run may end ``Q-K-A``.
        wrap_around: whether a run may turn the corner ``K-A-2``.
        jokers_allowed: whether jokers (and ``wild_ranks``) may stand in melds.
        wild_ranks: natural ranks that are wild too (Canasta's deuces).
        max_jokers: most jokers in one meld (``None``: no limit).
        min_naturals: fewest natural cards in a meld.
        set_joker_retrieval: ``"fill"``: a set's joker is freed by supplying natural cards
            that leave the set full (every suit held); ``"closed"`` (Kalooki): the same, but
            only from a set of three: a set of four that holds a joker is *closed* and keeps
            it; ``"never"``: sets keep their jokers.
        jokers_in_doubles: whether a joker may pair with a natural card as a double.
        ace_low_points: an ace's value low in a run (``A-2-3``).
        ace_high_points: an ace's value high in a run, in a set, and left in hand.
        court_points: the value of a jack, queen or king.
        joker_points: a joker's value left in hand (in a meld it counts as its card).
        rank_points: a fixed value for each rank, jokers included, in place of the pips,
            court and ace values (Canasta's joker 50, deuce and ace 20, K to 8 10, 7 to 3
            5); a mapping or pairs of rank and points, every rank that is played named.

    Examples:
        >>> MeldRules().max_set_size, MeldRules(max_jokers=1).max_jokers
        (4, 1)
        >>> MeldRules(min_length=0)
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: min_length must be at least 2, got 0
    """

    min_length: int = attrs.field(default=3, validator=_nonneg)
    sets_allowed: bool = True
    runs_allowed: bool = True
    max_set_size: int | None = attrs.field(default=4, validator=_opt_nonneg)
    set_suits_distinct: bool = True
    ace_low: bool = True
    ace_high: bool = True
    wrap_around: bool = False
    jokers_allowed: bool = True
    wild_ranks: frozenset[Rank] = attrs.field(default=frozenset(), converter=frozenset)
    max_jokers: int | None = attrs.field(default=None, validator=_opt_nonneg)
    min_naturals: int = attrs.field(default=1, validator=_nonneg)
    set_joker_retrieval: str = attrs.field(default="fill", validator=_retrieval)
    jokers_in_doubles: bool = True
    ace_low_points: int = attrs.field(default=1, validator=_nonneg)
    ace_high_points: int = attrs.field(default=11, validator=_nonneg)
    court_points: int = attrs.field(default=10, validator=_nonneg)
    joker_points: int = attrs.field(default=50, validator=_nonneg)
    rank_points: tuple[tuple[Rank, int], ...] = attrs.field(default=(), converter=_rank_table)

    def __attrs_post_init__(self) -> None:
        if self.min_length < 2:
            raise OptionError(f"min_length must be at least 2, got {self.min_length}")
        if self.min_naturals < 1:
            raise OptionError(f"min_naturals must be at least 1, got {self.min_naturals}")
        if self.max_set_size is not None and self.max_set_size < self.min_length:
            raise OptionError(
                f"max_set_size {self.max_set_size} is below min_length {self.min_length}"
            )
        for rank in self.wild_ranks:
            if not isinstance(rank, Rank) or rank.is_joker:
                raise OptionError(f"wild_ranks holds natural ranks, got {rank!r}")

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is a joker or of a wild rank under these rules.

        Examples:
            >>> from cardrules import parse_card
            >>> MeldRules(wild_ranks={Rank.TWO}).is_wild(parse_card("2h"))
            True
        """
        return card.is_joker or card.rank in self.wild_ranks


_JOKER_RANK = Rank.JOKER
_RANK_OF = operator.itemgetter(0)  # a card's rank (a card is a (rank, suit) tuple)

DEFAULT_RULES = MeldRules()
"""Turkish 51 / Kalooki style: sets of 3-4 distinct suits, runs ace low or high, jokers."""


class MeldKind(enum.Enum):
    """The three shapes of meld."""

    SET = "set"
    RUN = "run"
    DOUBLE = "double"


@attrs.frozen(kw_only=True, cache_hash=True)
class Meld:
    """A laid meld: its kind, its cards in laid order, and what each card plays as.

    Build melds with `check_meld` (or take them from `solve`), not by hand.

    Attributes:
        kind: set, run or double.
        cards: the cards in laid order (a run from low to high).
        faces: for each card, the natural card it plays as: itself, or for a joker in a run
            or double the card it stands for; for a joker in a set ``None`` (it stands for
            any suit the set lacks, see [`joker_options`][cardrules.melds.Meld.joker_options]),
            or the card a score-keeping call chose for it (a game's standalone
            ``check_meld``), which still leaves it free to stand for any suit the set lacks.
        start: for a run, the place of its first card (1 for a low ace, 2-13, 14 for a
            high ace; beyond 14 only when wrapping); 0 otherwise.

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.melds import check_meld
        >>> meld = check_meld(parse_cards("Ks Kd Jk"))
        >>> meld.kind.value, meld.faces[2], sorted(str(c) for c in meld.joker_options(2))
        ('set', None, ['Kc', 'Kh'])
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    faces: tuple[Card | None, ...]
    start: int = 0

    def __str__(self) -> str:
        return "-".join(str(c) for c in self.cards)

    @property
    def rank(self) -> Rank | None:
        """The rank of a set or double; ``None`` for a run."""
        if self.kind is MeldKind.RUN:
            return None
        return next(f.rank for f in self.faces if f is not None)

    @property
    def suit(self) -> Suit | None:
        """The suit of a run or double; ``None`` for a set."""
        if self.kind is MeldKind.SET:
            return None
        return next(f.suit for f in self.faces if f is not None)

    @property
    def missing_suits(self) -> frozenset[Suit]:
        """For a set, the suits no natural card of it holds (empty for runs and doubles).

        Examples:
            >>> from cardrules import parse_cards
            >>> from cardrules.melds import check_meld
            >>> sorted(s.letter for s in check_meld(parse_cards("7h 7s Jk")).missing_suits)
            ['c', 'd']
        """
        if self.kind is not MeldKind.SET:
            return frozenset()
        held = {f.suit for c, f in zip(self.cards, self.faces, strict=True) if f == c}
        return frozenset(s for s in Suit if s not in held)

    @property
    def joker_positions(self) -> tuple[int, ...]:
        """The places (0-based) in `cards` that hold a wild card standing in."""
        if self.kind is MeldKind.SET:
            return tuple(
                i for i, (c, f) in enumerate(zip(self.cards, self.faces, strict=True)) if f != c
            )
        return tuple(
            i for i, (c, f) in enumerate(zip(self.cards, self.faces, strict=True)) if c != f
        )

    def joker_options(self, position: int) -> frozenset[Card]:
        """The cards the joker at ``position`` may stand for (empty if no joker is there).

        Examples:
            >>> from cardrules import parse_cards
            >>> from cardrules.melds import check_meld
            >>> check_meld(parse_cards("9c Jk Jc")).joker_options(1)
            frozenset({<Card Tc>})
        """
        if not isinstance(position, int) or not 0 <= position < len(self.cards):
            raise IllegalMeldError(f"meld {self} has no place {position!r}")
        if position not in self.joker_positions:
            return frozenset()
        face = self.faces[position]
        if face is not None and self.kind is not MeldKind.SET:
            return frozenset({face})
        rank = self.rank
        assert rank is not None
        return frozenset(Card(rank, s) for s in self.missing_suits)


@attrs.frozen(kw_only=True)
class Decomposition:
    """The result of `solve`: melds laid, cards left over, and their totals.

    Attributes:
        melds: the melds, in card order of their lowest natural card.
        deadwood: the cards left unmelded, sorted.
        value: the melds' total value ([`meld_value`][cardrules.melds.meld_value]).
        deadwood_points: the points of the cards left (by the penalty function used).
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    value: int
    deadwood_points: int

    @property
    def all_melded(self) -> bool:
        """Whether no card is left over."""
        return not self.deadwood


# ---------------------------------------------------------------------------------------
# Card values and places in a run


def _check_rules(rules: object) -> None:
    if not isinstance(rules, MeldRules):
        raise OptionError(f"rules must be a MeldRules value, got {rules!r:.60}")


def card_points(card: Card, rules: MeldRules = DEFAULT_RULES) -> int:
    """A card's points left in hand: pips, court cards, ace high, joker.

    Examples:
        >>> from cardrules import parse_cards
        >>> [card_points(c) for c in parse_cards("7c Qd Ah Jk")]
        [7, 10, 11, 50]
    """
    _check_rules(rules)
    if not isinstance(card, Card):
        raise InvalidCardError(f"expected a Card, got {card!r}")
    if rules.rank_points:
        return _table_points(rules, card.rank)
    return _face_points(card, rules, low_ace=False) if not card.is_joker else rules.joker_points


def _face_points(card: Card, rules: MeldRules, *, low_ace: bool) -> int:
    rank = card.rank
    if rules.rank_points:
        return _table_points(rules, rank)
    if rank <= Rank.TEN:
        return int(rank)
    if rank == Rank.ACE:
        return rules.ace_low_points if low_ace else rules.ace_high_points
    return rules.court_points


@functools.lru_cache(maxsize=64)
def _most_table(rules: MeldRules) -> dict[Card, int]:
    """Every natural card's most points in a meld under ``rules`` (an ace's higher value)."""
    return {
        card: max(_face_points(card, rules, low_ace=low) for low in (True, False))
        for card in (Card(rank, suit) for rank in NATURAL_RANKS for suit in Suit)
    }


_AT: dict[tuple[int, Suit], Card] = {}


def _card_at(place: int, suit: Suit) -> Card:
    """The (interned) card of ``suit`` at a run place."""
    card = _AT.get((place, suit))
    if card is None:
        card = _AT[(place, suit)] = Card(_rank_at(place), suit)
    return card


def _rank_at(place: int) -> Rank:
    """The rank at a run place: 1 and 14 are aces; beyond 14 it wraps to 2, 3..."""
    if place == 1:
        return Rank.ACE
    return Rank((place - 2) % 13 + 2)


def _places(rank: Rank, rules: MeldRules) -> tuple[int, ...]:
    if rank != Rank.ACE:
        return (int(rank),)
    out = []
    if rules.ace_low:
        out.append(1)
    if rules.ace_high or rules.wrap_around:
        out.append(14)
    return tuple(out)


def _place_range(rules: MeldRules) -> tuple[int, int]:
    low = 1 if rules.ace_low and not rules.wrap_around else 2
    high = 14 if rules.ace_high or rules.wrap_around else 13
    return low, high


def _run_fits(start: int, length: int, rules: MeldRules) -> bool:
    low, high = _place_range(rules)
    if length > 13:
        return False
    if rules.wrap_around:
        return 2 <= start <= 14
    return start >= low and start + length - 1 <= high


def meld_value(meld: Meld, rules: MeldRules = DEFAULT_RULES) -> int:
    """A meld's value towards an opening: each card as the card it plays as.

    Jokers count as the card they stand for; an ace counts low (1) at the start of
    ``A-2-3`` and high (11) in ``Q-K-A`` or in a set of aces. A double counts both cards.

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.melds import check_meld
        >>> [meld_value(check_meld(parse_cards(t))) for t in ("Ah 2h 3h", "Qh Kh Ah", "As Ad Jk")]
        [6, 31, 33]
    """
    _check_rules(rules)
    if not isinstance(meld, Meld):
        raise IllegalMeldError(f"expected a Meld, got {meld!r:.60}")
    if meld.kind is MeldKind.RUN:
        total = 0
        for i, face in enumerate(meld.faces):
            assert face is not None
            total += _face_points(face, rules, low_ace=meld.start + i == 1)
        return total
    rank = meld.rank
    assert rank is not None
    return len(meld.cards) * _face_points(Card(rank, Suit.CLUBS), rules, low_ace=False)
