"""Rummy mechanics: sets, runs, doubles, jokers, laying off and the best way to meld a hand.

Everything here is game-agnostic: a small frozen :class:`MeldRules` value says which melds
a game allows (Turkish 51, Kalooki and Canasta differ only in these fields), and pure
functions check a group of cards, lay a card off, free a joker, and solve a whole hand.

* A **set** is cards of one rank (distinct suits unless the rules say otherwise).
* A **run** is consecutive cards of one suit, laid from low to high; the ace may be low
  (``A-2-3``), high (``Q-K-A``) or, with ``wrap_around``, both (``K-A-2``).
* A **double** is two identical cards (same rank and suit), which two packs make possible.
* A **joker** stands for one card: in a run the card of its place, in a set any suit the
  set lacks.

Every refusal is an :class:`~cardrules.errors.IllegalMeldError` saying why.

Examples:
    >>> from cardrules import parse_cards
    >>> meld = check_meld(parse_cards("5h Jk 7h"))
    >>> str(meld), str(meld.faces[1]), meld_value(meld)
    ('5h-Jk-7h', '6h', 18)
    >>> check_meld(parse_cards("5h 6h 8h"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalMeldError: run 5h-6h-8h has a gap at 7h
"""

from __future__ import annotations

import enum
import functools
import itertools
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, NamedTuple

import attrs

from cardrules.cards import JOKER as _JOKER
from cardrules.cards import NATURAL_RANKS, Card, Rank, Suit
from cardrules.errors import CardRulesError, IllegalMeldError, InvalidCardError, OptionError

__all__ = [
    "DEFAULT_RULES",
    "Decomposition",
    "Meld",
    "MeldKind",
    "MeldRules",
    "Objective",
    "best_doubles",
    "candidate_melds",
    "card_points",
    "check_double",
    "check_meld",
    "lay_off",
    "layoff_cards",
    "meld_value",
    "retrieve_joker",
    "solve",
    "value_bound",
]

Objective = Literal["value", "deadwood", "all"]
"""What :func:`solve` maximises: opening value, cards' points melded, or cards melded."""


def _nonneg(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise OptionError(f"{attribute.name} must be a whole number >= 0, got {value!r}")


def _opt_nonneg(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        _nonneg(instance, attribute, value)


def _retrieval(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value not in ("fill", "never"):
        raise OptionError(f"set_joker_retrieval must be 'fill' or 'never', got {value!r}")


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
            that leave the set full (every suit held); ``"never"``: sets keep their jokers.
        jokers_in_doubles: whether a joker may pair with a natural card as a double.
        ace_low_points: an ace's value low in a run (``A-2-3``).
        ace_high_points: an ace's value high in a run, in a set, and left in hand.
        court_points: the value of a jack, queen or king.
        joker_points: a joker's value left in hand (in a meld it counts as its card).

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

    Build melds with :func:`check_meld` (or take them from :func:`solve`), not by hand.

    Attributes:
        kind: set, run or double.
        cards: the cards in laid order (a run from low to high).
        faces: for each card, the natural card it plays as: itself, or for a joker in a run
            or double the card it stands for; ``None`` for a joker in a set (it stands for
            any suit the set lacks, see :meth:`joker_options`).
        start: for a run, the place of its first card (1 for a low ace, 2-13, 14 for a
            high ace; beyond 14 only when wrapping); 0 otherwise.

    Examples:
        >>> from cardrules import parse_cards
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
            >>> sorted(s.letter for s in check_meld(parse_cards("7h 7s Jk")).missing_suits)
            ['c', 'd']
        """
        if self.kind is not MeldKind.SET:
            return frozenset()
        held = {f.suit for f in self.faces if f is not None}
        return frozenset(s for s in Suit if s not in held)

    @property
    def joker_positions(self) -> tuple[int, ...]:
        """The places (0-based) in :attr:`cards` that hold a wild card standing in."""
        if self.kind is MeldKind.SET:
            return tuple(i for i, f in enumerate(self.faces) if f is None)
        return tuple(
            i for i, (c, f) in enumerate(zip(self.cards, self.faces, strict=True)) if c != f
        )

    def joker_options(self, position: int) -> frozenset[Card]:
        """The cards the joker at ``position`` may stand for (empty if no joker is there).

        Examples:
            >>> from cardrules import parse_cards
            >>> check_meld(parse_cards("9c Jk Jc")).joker_options(1)
            frozenset({<Card Tc>})
        """
        if not isinstance(position, int) or not 0 <= position < len(self.cards):
            raise IllegalMeldError(f"meld {self} has no place {position!r}")
        if position not in self.joker_positions:
            return frozenset()
        face = self.faces[position]
        if face is not None:
            return frozenset({face})
        rank = self.rank
        assert rank is not None
        return frozenset(Card(rank, s) for s in self.missing_suits)


@attrs.frozen(kw_only=True)
class Decomposition:
    """The result of :func:`solve`: melds laid, cards left over, and their totals.

    Attributes:
        melds: the melds, in card order of their lowest natural card.
        deadwood: the cards left unmelded, sorted.
        value: the melds' total value (:func:`meld_value`).
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
    return _face_points(card, rules, low_ace=False) if not card.is_joker else rules.joker_points


def _face_points(card: Card, rules: MeldRules, *, low_ace: bool) -> int:
    rank = card.rank
    if rank <= Rank.TEN:
        return int(rank)
    if rank == Rank.ACE:
        return rules.ace_low_points if low_ace else rules.ace_high_points
    return rules.court_points


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


# ---------------------------------------------------------------------------------------
# Checking a meld


def _as_cards(cards: object, what: str = "meld") -> tuple[Card, ...]:
    if isinstance(cards, Card):
        return (cards,)
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise InvalidCardError(f"a {what} is a sequence of cards, got {cards!r}")
    out = tuple(cards)
    for card in out:
        if not isinstance(card, Card):
            raise InvalidCardError(f"a {what} holds cards, got {card!r}")
    return out


def _show(cards: Sequence[Card]) -> str:
    return "-".join(str(c) for c in cards) if cards else "(no cards)"


def _common_checks(cards: tuple[Card, ...], rules: MeldRules, name: str) -> None:
    shown = f"{name} {_show(cards)}"
    if len(cards) < rules.min_length:
        raise IllegalMeldError(
            f"{shown} has {len(cards)} card{'s' if len(cards) != 1 else ''}; "
            f"a meld needs at least {rules.min_length}"
        )
    wild = sum(1 for c in cards if rules.is_wild(c))
    if wild and not rules.jokers_allowed:
        raise IllegalMeldError(f"{shown} holds a joker; these rules allow none in melds")
    if rules.max_jokers is not None and wild > rules.max_jokers:
        raise IllegalMeldError(f"{shown} holds {wild} jokers; at most {rules.max_jokers} allowed")
    naturals = len(cards) - wild
    if naturals < rules.min_naturals:
        raise IllegalMeldError(
            f"{shown} holds {naturals} natural card{'s' if naturals != 1 else ''}; "
            f"at least {rules.min_naturals} needed"
        )


def _make_set(cards: tuple[Card, ...], rules: MeldRules) -> Meld:
    shown = f"set {_show(cards)}"
    if not rules.sets_allowed:
        raise IllegalMeldError(f"{shown}: these rules allow no sets")
    _common_checks(cards, rules, "set")
    naturals = [c for c in cards if not rules.is_wild(c)]
    rank = naturals[0].rank
    for card in naturals:
        if card.rank != rank:
            raise IllegalMeldError(f"{shown} mixes ranks {rank.letter} and {card.rank.letter}")
    if rules.max_set_size is not None and len(cards) > rules.max_set_size:
        raise IllegalMeldError(
            f"{shown} has {len(cards)} cards; a set holds at most {rules.max_set_size}"
        )
    if rules.set_suits_distinct:
        seen: set[Suit | None] = set()
        for card in naturals:
            if card.suit in seen:
                raise IllegalMeldError(f"{shown} repeats {card}; a set's suits must differ")
            seen.add(card.suit)
        if len(cards) > 4:
            raise IllegalMeldError(f"{shown} has {len(cards)} cards; only four suits exist")
    faces = tuple(None if rules.is_wild(c) else c for c in cards)
    return Meld(kind=MeldKind.SET, cards=cards, faces=faces)


def _run_starts(cards: tuple[Card, ...], rules: MeldRules) -> list[int]:
    """Every first place at which the cards, read low to high, form a run."""
    n = len(cards)
    naturals = [(i, c) for i, c in enumerate(cards) if not rules.is_wild(c)]
    i0, c0 = naturals[0]
    starts = []
    for place in _places(c0.rank, rules):
        start = place - i0
        if not _run_fits(start, n, rules):
            continue
        if all(_rank_at(start + i) == c.rank for i, c in naturals):
            starts.append(start)
    return starts


def _run_error(cards: tuple[Card, ...], rules: MeldRules) -> str:
    shown = f"run {_show(cards)}"
    naturals = [(i, c) for i, c in enumerate(cards) if not rules.is_wild(c)]
    seen: set[Card] = set()
    for _, card in naturals:
        if card in seen:
            return f"{shown} repeats {card}"
        seen.add(card)
    i0, c0 = naturals[0]
    # Read low to high from the first natural card, the ace taken low only when it leads.
    prev_i, prev_place = i0, (1 if c0.rank == Rank.ACE and rules.ace_low else int(c0.rank))
    if c0.rank == Rank.ACE and not rules.ace_low and len(naturals) > 1:
        prev_place = 14
    suit = c0.suit
    assert suit is not None  # a natural card
    for i, card in naturals[1:]:
        steps = i - prev_i
        expected = prev_place + steps
        places = _places(card.rank, rules) or (int(card.rank),)
        place = min(places, key=lambda p: abs(p - expected))
        if expected > 14 and not rules.wrap_around:
            if prev_place == 14 and c0.rank == Rank.ACE and prev_i == i0 and not rules.ace_low:
                return f"{shown} counts the ace low; these rules do not allow it"
            return f"{shown} runs past the ace (no run turns the corner)"
        if card.rank == Rank.ACE and expected == 14 and 14 not in places:
            return f"{shown} counts the ace high; these rules do not allow it"
        if place > expected:
            return f"{shown} has a gap at {_card_at(expected, suit)}"
        if place < expected:
            plural = "s" if steps > 1 else ""
            return (
                f"{shown} is out of order: {card} cannot stand {steps} place{plural} "
                f"after {cards[prev_i]}"
            )
        prev_i, prev_place = i, place
    low, high = _place_range(rules)
    first = prev_place - prev_i
    if len(cards) > 13:
        return f"{shown} has {len(cards)} cards; a run holds at most 13"
    if first < low:
        return f"{shown} runs below the ace" if rules.ace_low else f"{shown} runs below the two"
    if first + len(cards) - 1 > high:
        return f"{shown} runs past the ace" if rules.ace_high else f"{shown} runs past the king"
    return f"{shown} is no run under these rules"  # pragma: no cover - all cases named above


def _make_run(cards: tuple[Card, ...], rules: MeldRules) -> Meld:
    shown = f"run {_show(cards)}"
    if not rules.runs_allowed:
        raise IllegalMeldError(f"{shown}: these rules allow no runs")
    _common_checks(cards, rules, "run")
    naturals = [c for c in cards if not rules.is_wild(c)]
    suit = naturals[0].suit
    for card in naturals:
        if card.suit != suit:
            raise IllegalMeldError(f"{shown} mixes suits: {naturals[0]} and {card}")
    assert suit is not None
    starts = _run_starts(cards, rules)
    if not starts:
        backwards = cards[::-1]
        if len(naturals) > 1 and _run_starts(backwards, rules):
            cards, starts = backwards, _run_starts(backwards, rules)
        else:
            raise IllegalMeldError(_run_error(cards, rules))
    start = max(starts)  # an ace that may be low or high counts high
    faces = tuple(_card_at(start + i, suit) for i in range(len(cards)))
    return Meld(kind=MeldKind.RUN, cards=cards, faces=faces, start=start)


def check_double(cards: Iterable[Card], rules: MeldRules = DEFAULT_RULES) -> Meld:
    """Check two cards as a double: identical rank and suit (or a joker with a natural).

    Raises:
        IllegalMeldError: the cards are no double, saying why.

    Examples:
        >>> from cardrules import parse_cards
        >>> str(check_double(parse_cards("7c 7c")))
        '7c-7c'
        >>> check_double(parse_cards("8h 8c"))
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalMeldError: double 8h-8c: 8h and 8c differ
    """
    _check_rules(rules)
    got = _as_cards(cards, "double")
    shown = f"double {_show(got)}"
    if len(got) != 2:
        raise IllegalMeldError(f"{shown} has {len(got)} cards; a double is two")
    a, b = got
    wild_a, wild_b = rules.is_wild(a), rules.is_wild(b)
    if wild_a and wild_b:
        raise IllegalMeldError(f"{shown} holds no natural card")
    if wild_a or wild_b:
        if not (rules.jokers_allowed and rules.jokers_in_doubles):
            raise IllegalMeldError(f"{shown}: these rules allow no joker in a double")
        face = b if wild_a else a
        return Meld(kind=MeldKind.DOUBLE, cards=got, faces=(face, face))
    if a != b:
        raise IllegalMeldError(f"{shown}: {a} and {b} differ")
    return Meld(kind=MeldKind.DOUBLE, cards=got, faces=got)


def check_meld(
    cards: Iterable[Card], rules: MeldRules = DEFAULT_RULES, *, kind: MeldKind | None = None
) -> Meld:
    """Check cards laid in order as a set or a run and say what each joker stands for.

    A run is read from low to high (cards given high to low are turned round). When the
    cards could be either (one natural card and jokers), a run is chosen unless ``kind``
    says otherwise; ``kind=MeldKind.DOUBLE`` checks a double.

    Args:
        cards: the cards in laid order.
        rules: the meld rules in force.
        kind: insist on a set, run or double.

    Returns:
        The meld.

    Raises:
        IllegalMeldError: the cards form no meld; the message says why.
        InvalidCardError: something other than cards was given.

    Examples:
        >>> from cardrules import parse_cards
        >>> str(check_meld(parse_cards("7h 7s 7d")).kind.value)
        'set'
        >>> check_meld(parse_cards("7h 7s 7h"))
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalMeldError: set 7h-7s-7h repeats 7h; a set's suits must differ
    """
    _check_rules(rules)
    got = _as_cards(cards)
    if kind is not None and not isinstance(kind, MeldKind):
        raise IllegalMeldError(f"kind must be a MeldKind, got {kind!r}")
    if kind is MeldKind.DOUBLE:
        return check_double(got, rules)
    if kind is MeldKind.SET:
        return _make_set(got, rules)
    if kind is MeldKind.RUN:
        return _make_run(got, rules)
    _common_checks(got, rules, "meld")
    naturals = [c for c in got if not rules.is_wild(c)]
    same_rank = all(c.rank == naturals[0].rank for c in naturals)
    same_suit = all(c.suit == naturals[0].suit for c in naturals)
    if same_suit and rules.runs_allowed and (len(naturals) == 1 or not same_rank):
        try:
            return _make_run(got, rules)
        except IllegalMeldError:
            if not (same_rank and rules.sets_allowed):
                raise
    if same_rank and rules.sets_allowed:
        return _make_set(got, rules)
    if same_suit and rules.runs_allowed:
        return _make_run(got, rules)  # copies of one card: says why it is no run
    if not rules.runs_allowed:
        return _make_set(got, rules)  # says why it is no set
    if not rules.sets_allowed:
        return _make_run(got, rules)  # says why it is no run
    raise IllegalMeldError(
        f"meld {_show(got)} is neither a set (ranks differ) nor a run (suits differ)"
    )


# ---------------------------------------------------------------------------------------
# Laying off and freeing jokers


def lay_off(
    meld: Meld,
    card: Card,
    rules: MeldRules = DEFAULT_RULES,
    *,
    end: Literal["low", "high"] | None = None,
) -> Meld:
    """Add one card to a meld: at either end of a run, or a missing suit of a set.

    A joker laid on a run goes to ``end`` (by default the high end, or the low end when the
    run already reaches its top). A joker may not join a full set (every suit held).

    Raises:
        IllegalMeldError: the card does not fit, saying why.

    Examples:
        >>> from cardrules import parse_card, parse_cards
        >>> str(lay_off(check_meld(parse_cards("5h 6h 7h")), parse_card("4h")))
        '4h-5h-6h-7h'
        >>> lay_off(check_meld(parse_cards("7c 7d 7h 7s")), parse_card("Jk"))
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalMeldError: cannot lay off Jk on set 7c-7d-7h-7s: the set is full
    """
    _check_rules(rules)
    if not isinstance(meld, Meld):
        raise IllegalMeldError(f"expected a Meld to lay off on, got {meld!r}")
    (got,) = _as_cards((card,), "card")
    where = f"cannot lay off {got} on {meld.kind.value} {meld}"
    if end not in (None, "low", "high"):
        raise IllegalMeldError(f"{where}: end must be 'low' or 'high', got {end!r}")
    if meld.kind is MeldKind.DOUBLE:
        raise IllegalMeldError(f"{where}: nothing may be added to a double")
    wild = rules.is_wild(got)
    if wild and not rules.jokers_allowed:
        raise IllegalMeldError(f"{where}: these rules allow no joker in melds")
    if wild and rules.max_jokers is not None and len(meld.joker_positions) >= rules.max_jokers:
        raise IllegalMeldError(f"{where}: the meld already holds {rules.max_jokers} jokers")
    if meld.kind is MeldKind.SET:
        rank = meld.rank
        assert rank is not None
        size = len(meld.cards)
        if rules.set_suits_distinct and size >= 4:
            raise IllegalMeldError(f"{where}: the set is full")
        if rules.max_set_size is not None and size >= rules.max_set_size:
            raise IllegalMeldError(f"{where}: the set is full")
        if wild:
            if rules.set_suits_distinct and len(meld.missing_suits) <= len(meld.joker_positions):
                raise IllegalMeldError(f"{where}: the set is full")
            return Meld(kind=meld.kind, cards=(*meld.cards, got), faces=(*meld.faces, None))
        if got.rank != rank:
            raise IllegalMeldError(f"{where}: rank {got.rank.letter} differs")
        if rules.set_suits_distinct and got.suit not in meld.missing_suits:
            raise IllegalMeldError(f"{where}: the set already holds {got}")
        return Meld(kind=meld.kind, cards=(*meld.cards, got), faces=(*meld.faces, got))
    suit = meld.suit
    assert suit is not None
    n = len(meld.cards)
    fits_low = _run_fits(meld.start - 1, n + 1, rules)
    fits_high = _run_fits(meld.start, n + 1, rules)
    if wild:
        side = end or ("high" if fits_high else "low")
    else:
        if got.suit != suit:
            raise IllegalMeldError(f"{where}: the run is in another suit")
        below = _card_at(meld.start - 1, suit) if fits_low else None
        above = _card_at(meld.start + n, suit) if fits_high else None
        if end == "low" or (end is None and got == below and got != above):
            side = "low"
        elif end == "high" or (end is None and got == above):
            side = "high"
        else:
            ends = " or ".join(str(c) for c in (below, above) if c is not None)
            needs = f"only {ends} fits" if ends else "the run is complete"
            raise IllegalMeldError(f"{where}: {needs}")
        if (side == "low" and got != below) or (side == "high" and got != above):
            wanted = below if side == "low" else above
            needs = f"only {wanted} fits" if wanted else "the run cannot grow there"
            raise IllegalMeldError(f"{where}: at the {side} end {needs}")
    if side == "low":
        if not fits_low:
            raise IllegalMeldError(f"{where}: the run cannot grow at the low end")
        face = _card_at(meld.start - 1, suit)
        return Meld(
            kind=meld.kind,
            cards=(got, *meld.cards),
            faces=(face, *meld.faces),
            start=meld.start - 1,
        )
    if not fits_high:
        raise IllegalMeldError(f"{where}: the run cannot grow at the high end")
    face = _card_at(meld.start + n, suit)
    return Meld(
        kind=meld.kind, cards=(*meld.cards, got), faces=(*meld.faces, face), start=meld.start
    )


def layoff_cards(meld: Meld, rules: MeldRules = DEFAULT_RULES) -> tuple[tuple[Card, str], ...]:
    """Every card that :func:`lay_off` would accept on ``meld`` now, with the run end.

    Jokers are listed as the plain joker ``Jk``. Sets use the end ``"high"``.

    Examples:
        >>> from cardrules import parse_cards
        >>> [(str(c), end) for c, end in layoff_cards(check_meld(parse_cards("Ah 2h 3h")))]
        [('4h', 'high'), ('Jk', 'high')]
        >>> [str(c) for c, _ in layoff_cards(check_meld(parse_cards("7c 7d Jk")))]
        ['7h', '7s', 'Jk']
    """
    _check_rules(rules)
    if not isinstance(meld, Meld):
        raise IllegalMeldError(f"expected a Meld, got {meld!r}")
    out: list[tuple[Card, str]] = []
    if meld.kind is MeldKind.DOUBLE:
        return ()
    room_for_joker = rules.jokers_allowed and (
        rules.max_jokers is None or len(meld.joker_positions) < rules.max_jokers
    )
    if meld.kind is MeldKind.SET:
        size = len(meld.cards)
        if (rules.max_set_size is not None and size >= rules.max_set_size) or (
            rules.set_suits_distinct and size >= 4
        ):
            return ()
        rank = meld.rank
        assert rank is not None
        if rules.set_suits_distinct:
            out.extend((Card(rank, s), "high") for s in sorted(meld.missing_suits))
        else:
            out.extend((Card(rank, s), "high") for s in Suit)
        if room_for_joker and (
            not rules.set_suits_distinct or len(meld.missing_suits) > len(meld.joker_positions)
        ):
            out.append((_JOKER, "high"))
        return tuple(out)
    suit = meld.suit
    assert suit is not None
    n = len(meld.cards)
    for end, start, place in (
        ("low", meld.start - 1, meld.start - 1),
        ("high", meld.start, meld.start + n),
    ):
        if _run_fits(start, n + 1, rules):
            out.append((_card_at(place, suit), end))
            if room_for_joker:
                out.append((_JOKER, end))
    return tuple(out)


def retrieve_joker(
    meld: Meld, cards: Iterable[Card], rules: MeldRules = DEFAULT_RULES
) -> tuple[Meld, Card]:
    """Free a joker from a meld by supplying the natural card(s) it stands for.

    In a run the one card the joker stands for takes its place. In a set (rule
    ``set_joker_retrieval="fill"``) the cards supplied must be missing suits and, with the
    jokers that stay, make the set full (all four suits): ``Ks Kd Jk`` needs both ``Kc`` and
    ``Kh``; ``Ks Kd Kc Jk`` needs ``Kh``.

    Returns:
        The new meld and the freed joker.

    Raises:
        IllegalMeldError: no joker there, or the cards are not what it stands for.

    Examples:
        >>> from cardrules import parse_cards
        >>> meld, joker = retrieve_joker(check_meld(parse_cards("7c Jk 9c")), parse_cards("8c"))
        >>> str(meld), str(joker)
        ('7c-8c-9c', 'Jk')
        >>> try:
        ...     retrieve_joker(check_meld(parse_cards("Ks Kd Jk")), parse_cards("Kh"))
        ... except IllegalMeldError as exc:
        ...     print(exc)
        cannot take the joker from set Ks-Kd-Jk with Kh: supply Kc and Kh
    """
    _check_rules(rules)
    if not isinstance(meld, Meld):
        raise IllegalMeldError(f"expected a Meld to take a joker from, got {meld!r}")
    given = _as_cards(cards, "supply")
    where = f"cannot take the joker from {meld.kind.value} {meld} with {_show(given)}"
    jokers = meld.joker_positions
    if not jokers:
        raise IllegalMeldError(f"{where}: it holds no joker")
    if any(rules.is_wild(c) for c in given):
        raise IllegalMeldError(f"{where}: supply natural cards, not a joker")
    if meld.kind is MeldKind.SET:
        rank = meld.rank
        assert rank is not None
        if rules.set_joker_retrieval == "never" or not rules.set_suits_distinct:
            raise IllegalMeldError(f"{where}: these rules never free a joker from a set")
        missing = sorted(meld.missing_suits)
        needed = 4 - (len(meld.cards) - len(jokers)) - (len(jokers) - 1)
        wanted = " and ".join(str(Card(rank, s)) for s in missing)
        if len(missing) != needed and needed < len(missing):
            wanted = f"{needed} of {', '.join(str(Card(rank, s)) for s in missing)}"
        ok = (
            len(given) == needed
            and len(set(given)) == len(given)
            and all(c.rank == rank and c.suit in meld.missing_suits for c in given)
        )
        if not ok:
            raise IllegalMeldError(f"{where}: supply {wanted}")
        pos = jokers[0]
        joker = meld.cards[pos]
        cards_out = meld.cards[:pos] + meld.cards[pos + 1 :] + given
        faces_out = meld.faces[:pos] + meld.faces[pos + 1 :] + given
        return Meld(kind=meld.kind, cards=cards_out, faces=faces_out), joker
    if len(given) != 1:
        raise IllegalMeldError(f"{where}: supply exactly the one card the joker stands for")
    (card,) = given
    for pos in jokers:
        if meld.faces[pos] == card:
            joker = meld.cards[pos]
            cards_out = (*meld.cards[:pos], card, *meld.cards[pos + 1 :])
            return attrs.evolve(meld, cards=cards_out), joker
    wanted = " or ".join(str(meld.faces[p]) for p in jokers)
    raise IllegalMeldError(f"{where}: the joker stands for {wanted}")


# ---------------------------------------------------------------------------------------
# Doubles


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


# ---------------------------------------------------------------------------------------
# Candidate melds and the solver

_BITS = 4
_DIGIT = (1 << _BITS) - 1
_JOKER_BITS = 6
_JOKER_MASK = (1 << _JOKER_BITS) - 1
_SCALE = 1 << 16  # the solver's weights put one objective above the other at this scale


class _Candidate(NamedTuple):
    low: int  # digit of the meld's lowest natural card (the solver's branching card)
    vec: int  # natural cards used, one digit per distinct card
    jokers: int
    value: int  # opening value
    points: int  # the cards' points in hand (jokers at joker_points)
    size: int
    kind: MeldKind
    naturals: tuple[Card, ...]
    start: int  # first place of a run
    key: int  # the run's suit or the set's rank


_new_candidate = tuple.__new__  # builds a _Candidate without NamedTuple's Python __new__


@functools.lru_cache(maxsize=64)
def _place_points(rules: MeldRules) -> tuple[int, ...]:
    """Opening points of the card at each run place 0..27 (0 unused)."""
    out = [0]
    for place in range(1, 28):
        rank = _rank_at(place)
        if rank == Rank.ACE:
            out.append(rules.ace_low_points if place == 1 else rules.ace_high_points)
        elif rank <= Rank.TEN:
            out.append(int(rank))
        else:
            out.append(rules.court_points)
    return tuple(out)


@functools.lru_cache(maxsize=16)
def _subsets(size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The non-empty subsets of ``range(size)``, smallest first then in lexical order, each
    with its digit vector (digit ``i`` set to 1 for each member ``i``)."""
    return tuple(
        (combo, sum(1 << (_BITS * i) for i in combo))
        for k in range(1, size + 1)
        for combo in itertools.combinations(range(size), k)
    )


def _set_range(nat: int, max_j: int, rules: MeldRules) -> range:
    """How many jokers may join ``nat`` natural cards of one rank in a set."""
    if nat < rules.min_naturals:
        return range(0)
    cap = 4 if rules.set_suits_distinct else 1 << 30
    if rules.max_set_size is not None:
        cap = min(cap, rules.max_set_size)
    if nat > cap:
        return range(0)
    return range(max(0, rules.min_length - nat), min(max_j, cap - nat) + 1)


@functools.lru_cache(maxsize=256)
def _set_choices(
    held: int, max_j: int, rules: MeldRules
) -> tuple[tuple[tuple[int, ...], int, range], ...]:
    """For a rank held in ``held`` suits, each subset of them that can make a set (in
    :func:`_subsets` order), its digit vector and how many jokers may join it."""
    out = []
    for combo, vec in _subsets(held):
        jokers = _set_range(len(combo), max_j, rules)
        if jokers:
            out.append((combo, vec, jokers))
    return tuple(out)


def _set_choices_by_count(
    counts: Sequence[int], max_j: int, rules: MeldRules
) -> list[tuple[tuple[int, ...], int, range]]:
    """:func:`_set_choices` when a set may repeat a card: every multiset of the copies."""
    out = []
    for ns in itertools.product(*(range(n + 1) for n in counts)):
        combo = tuple(i for i, k in enumerate(ns) for _ in range(k))
        jokers = _set_range(len(combo), max_j, rules)
        if combo and jokers:
            vec = 0
            for i in combo:
                vec += 1 << (_BITS * i)
            out.append((combo, vec, jokers))
    return out


def _candidates(
    distinct: Sequence[Card],
    counts: Sequence[int],
    jokers: int,
    rules: MeldRules,
    points_of: Sequence[int],
) -> tuple[_Candidate, ...]:
    """Every meld the hand can make; ``distinct[i]`` (held ``counts[i]`` times) is the natural
    card of digit ``i``. The order (sets by rank, then runs by suit and first place) is the
    order of :func:`candidate_melds` and the solver's tie-break."""
    max_j = jokers if rules.jokers_allowed else 0
    if rules.max_jokers is not None:
        max_j = min(max_j, rules.max_jokers)
    joker_pts = rules.joker_points
    min_len, min_nat = rules.min_length, rules.min_naturals
    out: list[_Candidate] = []
    append = out.append
    n = len(distinct)
    if rules.sets_allowed:
        set_kind = MeldKind.SET
        ranks = list(map(_RANK_OF, distinct))  # sorted: the cards of a rank are neighbours
        few = max(min_len - max_j, 1)  # the fewest cards of a rank that, with jokers, make a set
        # the ranks of which ``few`` cards are held (the k-th and the (k + few - 1)-th agree)
        enough = [r for r, later in zip(ranks, ranks[few - 1 :], strict=False) if r == later]
        for rank in dict.fromkeys(enough):
            base = ranks.index(rank)
            held = ranks.count(rank)
            first = base + held
            pts = _face_points(distinct[base], rules, low_ace=False)
            group, group_points = distinct[base:first], points_of[base:first]
            choices: Iterable[tuple[tuple[int, ...], int, range]]
            if rules.set_suits_distinct:
                choices = _set_choices(held, max_j, rules)
            else:
                choices = _set_choices_by_count(counts[base:first], max_j, rules)
            for combo, local_vec, jokers_taken in choices:
                nat = len(combo)
                cards = tuple([group[i] for i in combo])
                nat_points = sum([group_points[i] for i in combo])
                vec = local_vec << (_BITS * base)
                low = base + combo[0]
                for j in jokers_taken:
                    size = nat + j
                    append(
                        _new_candidate(
                            _Candidate,
                            (
                                low,
                                vec,
                                j,
                                pts * size,
                                nat_points + j * joker_pts,
                                size,
                                set_kind,
                                cards,
                                0,
                                int(rank),
                            ),
                        )
                    )
    if rules.runs_allowed:
        bottom, top, place_pts, places_of, suit_masks = _run_tables(rules)
        run_kind = MeldKind.RUN
        # The run places of the hand, each suit's in its own 32 bits, OR-ed in one go.
        spread = functools.reduce(operator.or_, map(suit_masks.__getitem__, distinct), 0)
        need = min_len - max_j  # every run holds a window of min_len places with this many
        fewest = max(need, 1)
        leads = (1 << (max_j + 1)) - 1  # a run may start up to max_j places below a card
        for suit in range(4):
            mask = spread >> (32 * suit) & 0xFFFFFFFF
            if mask.bit_count() < fewest:
                continue
            # A run from place ``lo`` holds ``need`` cards among its first min_len places,
            # so ``lo`` is one of these starts (every place may start when need <= 1).
            starts = _window_starts(mask, min_len, need) if need >= 2 else -1
            if not starts:
                continue
            present = {
                place: i
                for i, card in enumerate(distinct)
                if card.suit == suit
                for place in places_of[card][2]
            }
            for p in sorted(present):
                if p > 14:
                    break
                if not (starts << max_j) >> p & leads:
                    continue  # no run starts at p or just below it
                for lead in range(max_j + 1):
                    lo = p - lead
                    if lo < bottom or (lead and (lo in present)):
                        break
                    if not starts >> lo & 1:
                        continue  # no run starts here
                    missing = lead
                    used: list[int] = []
                    vec = 0
                    nat_points = 0
                    low = n
                    naturals: tuple[Card, ...] = ()
                    value = sum(place_pts[lo:p])
                    for hi in range(p, top + 1):
                        i = present.get(hi, -1)
                        if i < 0:
                            missing += 1
                            if missing > max_j:
                                break
                        elif i in used:
                            break
                        else:
                            used.append(i)
                            vec += 1 << (_BITS * i)
                            nat_points += points_of[i]
                            naturals += (distinct[i],)
                            if i < low:
                                low = i
                        value += place_pts[hi]
                        length = hi - lo + 1
                        if length > 13:
                            break
                        if length < min_len or len(used) < min_nat:
                            continue
                        append(
                            _new_candidate(
                                _Candidate,
                                (
                                    low,
                                    vec,
                                    missing,
                                    value,
                                    nat_points + missing * joker_pts,
                                    length,
                                    run_kind,
                                    naturals,
                                    lo,
                                    suit,
                                ),
                            )
                        )
                        if missing >= max_j:
                            continue
                        # A joker may also stand in for a card the hand holds, freeing that
                        # card for another meld (two packs) or keeping a set full.
                        for r in range(1, max_j - missing + 1):
                            if len(used) - r < min_nat:
                                break
                            for kept in itertools.combinations(used, len(used) - r):
                                kept_vec = 0
                                pts = (missing + r) * joker_pts
                                for i in kept:
                                    kept_vec += 1 << (_BITS * i)
                                    pts += points_of[i]
                                append(
                                    _new_candidate(
                                        _Candidate,
                                        (
                                            min(kept),
                                            kept_vec,
                                            missing + r,
                                            value,
                                            pts,
                                            length,
                                            run_kind,
                                            tuple([distinct[i] for i in kept]),
                                            lo,
                                            suit,
                                        ),
                                    )
                                )
    return tuple(out)


_CardPlaces = dict[Card, tuple[int, int, tuple[int, ...], tuple[int, ...]]]


@functools.lru_cache(maxsize=64)
def _run_tables(rules: MeldRules) -> tuple[int, int, tuple[int, ...], _CardPlaces, dict[Card, int]]:
    """What :func:`_candidates` needs for runs, fetched at once: the lowest place a run may
    start at and the highest it may reach (``wrap_around``: 2 and 26), :func:`_place_points`,
    :func:`_card_places` and :func:`_suit_masks`."""
    low_place, high_place = _place_range(rules)
    if rules.wrap_around:
        low_place, high_place = 2, 26
    return low_place, high_place, _place_points(rules), _card_places(rules), _suit_masks(rules)


@functools.lru_cache(maxsize=64)
def _card_places(rules: MeldRules) -> _CardPlaces:
    """Each natural card's suit, the bit mask of its run places, those places (with
    ``wrap_around`` each place recurs 13 higher) and its own places (an ace may have two)."""
    out = {}
    ace_places = _places(Rank.ACE, rules)
    for suit in Suit:
        for rank in NATURAL_RANKS:
            own = ace_places if rank == Rank.ACE else (int(rank),)
            places = tuple(q for p in own for q in (p, p + 13)) if rules.wrap_around else own
            mask = 0
            for place in places:
                mask |= 1 << place
            out[Card(rank, suit)] = (int(suit), mask, places, own)
    return out


@functools.lru_cache(maxsize=64)
def _suit_masks(rules: MeldRules) -> dict[Card, int]:
    """Each natural card's run places as a bit mask, shifted 32 bits per suit."""
    return {card: mask << (32 * suit) for card, (suit, mask, _, _) in _card_places(rules).items()}


def _window_starts(mask: int, length: int, need: int) -> int:
    """The bit mask of the places at which ``length`` consecutive places start that hold
    at least ``need`` of the places of ``mask`` (every place of ``mask`` when ``need <= 1``)."""
    if need <= 1:
        return mask
    if length == 3:  # the usual case, in a few operations
        a, b, c = mask, mask >> 1, mask >> 2
        return a & b & c if need >= 3 else (a & b) | (a & c) | (b & c)
    window = (1 << length) - 1
    out = 0
    for start in range(mask.bit_length()):
        if (mask >> start & window).bit_count() >= need:
            out |= 1 << start
    return out


@functools.lru_cache(maxsize=1024)
def _run_faces(start: int, size: int, suit: int) -> tuple[Card, ...]:
    """The natural cards of a run of ``suit`` from place ``start``."""
    return tuple(_card_at(start + i, Suit(suit)) for i in range(size))


def _cards_of(cand: _Candidate, wild: list[Card]) -> tuple[Card, ...]:
    """A candidate's cards in laid order, its jokers taken from the end of ``wild``."""
    if cand.kind is MeldKind.SET:
        if cand.jokers:
            return cand.naturals + tuple([wild.pop() for _ in range(cand.jokers)])
        return cand.naturals
    faces = _run_faces(cand.start, cand.size, cand.key)
    if not cand.jokers:
        return faces
    held = set(cand.naturals)
    return tuple([f if f in held else wild.pop() for f in faces])


def _build(cand: _Candidate, wild: list[Card]) -> Meld:
    cards = _cards_of(cand, wild)
    if cand.kind is MeldKind.SET:
        faces: tuple[Card | None, ...] = cand.naturals + (None,) * cand.jokers
        return Meld(kind=MeldKind.SET, cards=cards, faces=faces)
    faces = _run_faces(cand.start, cand.size, cand.key)
    return Meld(kind=MeldKind.RUN, cards=cards, faces=faces, start=cand.start)


@functools.lru_cache(maxsize=64)
def _points_table(rules: MeldRules) -> dict[Card, int]:
    """Every card's points left in hand under ``rules`` (naturals and the three jokers)."""
    cards = [Card(r, s) for s in Suit for r in Rank if not r.is_joker]
    cards += [Card(r) for r in Rank if r.is_joker]
    return {c: card_points(c, rules) for c in cards}


class _Analysis(NamedTuple):
    """A hand as the solver sees it: digit ``i`` counts the copies of ``distinct[i]``."""

    distinct: tuple[Card, ...]  # the natural cards, sorted
    counts: tuple[int, ...]
    wild: tuple[Card, ...]  # jokers and cards of wild ranks, sorted
    points: tuple[int, ...]  # each natural card's points left in hand
    found: tuple[_Candidate, ...]


def _hand_key(hand: object) -> tuple[Card, ...]:
    """The hand's cards, checked and sorted: the same key for any order of one multiset."""
    return tuple(sorted(_as_cards(hand, "hand")))


def _analyse(
    key: tuple[Card, ...], rules: MeldRules, penalty: Callable[[Card], int] | None
) -> _Analysis:
    wild_ranks = rules.wild_ranks
    distinct: list[Card]
    counts: list[int]
    wild: list[Card]
    if not wild_ranks:  # sorted: the jokers come last, copies of a card are neighbours
        k = len(key)
        while k and key[k - 1].rank >= _JOKER_RANK:
            k -= 1
        naturals, wild = key[:k], list(key[k:])
        distinct = list(dict.fromkeys(naturals))
        counts = [1] * k if len(distinct) == k else [naturals.count(c) for c in distinct]
    else:
        distinct, counts, wild = [], [], []
        for card in key:
            if card.rank >= _JOKER_RANK or card.rank in wild_ranks:
                wild.append(card)
            elif distinct and distinct[-1] == card:
                counts[-1] += 1
            else:
                distinct.append(card)
                counts.append(1)
    if penalty is None:
        points = list(map(_points_table(rules).__getitem__, distinct))
    else:
        points = [penalty(c) for c in distinct]
    found = _candidates(distinct, counts, len(wild), rules, points)
    return _Analysis(tuple(distinct), tuple(counts), tuple(wild), tuple(points), found)


@functools.lru_cache(maxsize=32)
def _analysed(key: tuple[Card, ...], rules: MeldRules) -> _Analysis:
    """:func:`_analyse` with the default points, remembered for recent hands: a game asks
    about the same hand for its moves and for its bots."""
    return _analyse(key, rules, None)


@functools.lru_cache(maxsize=32)
def _candidate_melds(key: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    """:func:`candidate_melds` of a sorted hand, remembered for recent hands."""
    analysis = _analysed(key, rules)
    return tuple(_build(cand, list(analysis.wild)) for cand in analysis.found)


@functools.lru_cache(maxsize=32)
def _candidate_cards(
    key: tuple[Card, ...], rules: MeldRules
) -> tuple[tuple[MeldKind, tuple[Card, ...]], ...]:
    """The kind and cards of each of :func:`candidate_melds` of a sorted hand, in that order,
    without building the melds."""
    analysis = _analysed(key, rules)
    wild = analysis.wild
    return tuple([(cand.kind, _cards_of(cand, list(wild))) for cand in analysis.found])


@functools.lru_cache(maxsize=32)
def _value_ceiling(key: tuple[Card, ...], rules: MeldRules) -> int:
    """A cheap upper bound of ``solve(...).value`` for a sorted hand whose candidates are
    known: the best points of every natural card some candidate uses, and of each joker."""
    analysis = _analysed(key, rules)
    covered = 0
    for cand in analysis.found:
        covered |= cand.vec
    if not covered:
        return 0
    best = _best_points(rules)
    total = 0
    for card, n in zip(analysis.distinct, analysis.counts, strict=True):
        if covered & _DIGIT:
            total += best[card] * n
        covered >>= _BITS
    top = max(rules.ace_high_points, rules.ace_low_points, rules.court_points, 10)
    return total + len(analysis.wild) * top


@functools.lru_cache(maxsize=64)
def _best_points(rules: MeldRules) -> dict[Card, int]:
    """Each natural card's most points in a meld (an ace's high or low value)."""
    out = {}
    for card in _card_places(rules):
        points = _face_points(card, rules, low_ace=False)
        if card.rank == Rank.ACE:
            points = max(points, rules.ace_low_points)
        out[card] = points
    return out


def candidate_melds(hand: Iterable[Card], rules: MeldRules = DEFAULT_RULES) -> tuple[Meld, ...]:
    """Every set and run that can be made from cards of ``hand`` (with its jokers).

    Examples:
        >>> from cardrules import parse_cards
        >>> [str(m) for m in candidate_melds(parse_cards("5h 6h 7h 7s 7d"))]
        ['7d-7h-7s', '5h-6h-7h']
    """
    _check_rules(rules)
    return _candidate_melds(_hand_key(hand), rules)


def value_bound(hand: Iterable[Card], rules: MeldRules = DEFAULT_RULES) -> int:
    """A cheap upper bound of ``solve(hand, rules).value``: the points of every card that
    could sit in some meld (each joker at the highest card value).

    Use it to skip the solver when even the bound cannot reach an opening threshold.

    Examples:
        >>> from cardrules import parse_cards
        >>> value_bound(parse_cards("5h 6h 7h Kc 2d")), solve(parse_cards("5h 6h 7h Kc 2d")).value
        (18, 18)
        >>> value_bound(parse_cards("5h 9c Kd"))
        0
    """
    _check_rules(rules)
    cards = _as_cards(hand, "hand")
    info = _bound_info(rules)
    wild = 0
    naturals = []
    masks = [0, 0, 0, 0]  # per suit, the run places held
    of_rank = [0] * 16  # per rank, the suits held (a bit each) or the copies held
    distinct = rules.set_suits_distinct
    for card in cards:
        facts = info.get(card)
        if facts is None:  # a joker or a card of a wild rank
            wild += 1
            continue
        naturals.append(facts)
        rank, suit, mask, _ = facts
        masks[suit] |= mask
        if distinct:
            of_rank[rank] |= 1 << suit
        else:
            of_rank[rank] += 1
    jokers = wild if rules.jokers_allowed else 0
    if rules.max_jokers is not None:
        jokers = min(jokers, rules.max_jokers)
    top = max(rules.ace_high_points, rules.ace_low_points, rules.court_points, 10)
    total = wild * top if jokers else 0
    need = rules.min_length - jokers
    if need <= 1:
        return total + sum([facts[3] for facts in naturals])
    in_sets = 0  # bit mask of the ranks held in at least ``need`` suits (or copies)
    if rules.sets_allowed:
        for rank, held in enumerate(of_rank):
            if (held.bit_count() if distinct else held) >= need:
                in_sets |= 1 << rank
    length = rules.min_length
    if rules.wrap_around:  # a run starts at 2 to 14 and may reach 26: any window inside it
        first_start, last_start = 2, 26 - length + 1
    else:
        low, high = _place_range(rules)
        first_start, last_start = low, high - length + 1
    live = [0, 0, 0, 0]  # per suit, the places inside a window that holds ``need`` cards
    if rules.runs_allowed and last_start >= first_start:
        starts_allowed = (1 << (last_start + 1)) - (1 << first_start)
        for suit, mask in enumerate(masks):
            starts = _window_starts(mask, length, need) & starts_allowed
            for k in range(length):
                live[suit] |= starts << k
    for rank, suit, mask, points in naturals:
        if in_sets >> rank & 1 or live[suit] & mask:
            total += points
    return total


@functools.lru_cache(maxsize=64)
def _bound_info(rules: MeldRules) -> dict[Card, tuple[int, int, int, int]]:
    """For :func:`value_bound`: each natural card (not of a wild rank) with its rank, suit,
    the bit mask of its run places (with ``wrap_around`` also 13 higher) and its points."""
    out = {}
    for card, (suit, mask, _, _) in _card_places(rules).items():
        if card.rank not in rules.wild_ranks:
            points = _face_points(card, rules, low_ace=False)
            out[card] = (int(card.rank), suit, mask, points)
    return out


_Weights = Literal["value", "deadwood", "all", "value only"]


class _Search:
    """The solver's search over one hand (remembered with the hand, so no cycles here).

    ``best(state, jokers)`` is the largest total weight of melds that the cards of ``state``
    (one digit per distinct card; ``state`` starts with the cards some candidate uses) and
    that many jokers can make; ``choices`` remembers each
    state's best first meld (an index into the candidates) when it is not to skip a card.
    """

    __slots__ = ("choices", "guard", "jokers", "memo", "per_digit", "starting", "state")

    def __init__(self, analysis: _Analysis, rules: MeldRules, weights: _Weights) -> None:
        distinct, counts, wild, _, found = analysis
        jokers = len(wild) if rules.jokers_allowed else 0
        if (counts and max(counts) > _DIGIT >> 1) or jokers > _JOKER_MASK:
            raise CardRulesError(
                f"solve() takes at most {_DIGIT >> 1} copies of a card and {_JOKER_MASK} jokers"
            )
        covered = 0
        for cand in found:
            covered |= cand.vec
        state = 0  # cards no candidate uses are left out: the search would only skip them
        shift = 0
        for n in counts:
            if covered >> shift & _DIGIT:
                state += n << shift
            shift += _BITS
        scale = _SCALE
        weight_of: list[int]
        if weights == "value":
            weight_of = [c.value * scale + c.points for c in found]
        elif weights == "deadwood":
            weight_of = [c.points * scale + c.value for c in found]
        elif weights == "all":
            weight_of = [(c.size * scale + c.value) * scale + c.points for c in found]
        else:
            weight_of = [c.value for c in found]
        per_digit: list[list[tuple[int, int, int, int]]] = [[] for _ in distinct]
        for index, (cand, weight) in enumerate(zip(found, weight_of, strict=True)):
            per_digit[cand.low].append((cand.vec, cand.jokers, weight, index))
        self.per_digit = per_digit
        self.starting = 0  # the digits at which some meld starts, each as _DIGIT
        for d, options in enumerate(per_digit):
            if options:
                self.starting |= _DIGIT << (_BITS * d)
        # the top bit of every digit: 0x88...8
        self.guard = ((1 << (_BITS * len(distinct))) - 1) // _DIGIT << (_BITS - 1)
        self.memo: dict[int, int] = {}
        self.choices: dict[int, int] = {}
        self.state = state
        self.jokers = jokers

    def best(self, state: int, j: int) -> int:
        """The best total weight for the cards of ``state`` and ``j`` jokers."""
        if state == 0:
            return 0
        memo, choices, per_digit, guard = self.memo, self.choices, self.per_digit, self.guard
        starting = self.starting
        hit = memo.get(state << _JOKER_BITS | j)
        if hit is not None:
            return hit

        def search(go: Callable[..., int], state: int, j: int) -> int:
            # ``go`` is this function: passed in, not closed over, so that no cycle is made
            if state == 0:
                return 0
            key = state << _JOKER_BITS | j
            hit = memo.get(key)
            if hit is not None:
                return hit
            d = ((state & -state).bit_length() - 1) // _BITS
            if not per_digit[d]:  # no meld starts at the lowest card: no meld holds it, nor
                # any card below the first that starts one; leave them all out at once
                live = state & starting
                if live:
                    d = ((live & -live).bit_length() - 1) // _BITS
                    top = go(go, state >> (_BITS * d) << (_BITS * d), j)
                else:
                    top = 0
                memo[key] = top
                return top
            top = go(go, state - (1 << (_BITS * d)), j)  # the lowest card left unmelded
            choice = -1
            for vec, need, weight, index in per_digit[d]:
                if need > j:
                    continue
                rest = (state | guard) - vec
                if rest & guard != guard:
                    continue
                total = weight + go(go, rest ^ guard, j - need)
                if total > top:
                    top, choice = total, index
            memo[key] = top
            if choice >= 0:
                choices[key] = choice
            return top

        return search(search, state, j)


@functools.lru_cache(maxsize=32)
def _searched(key: tuple[Card, ...], rules: MeldRules, weights: _Weights) -> _Search:
    """The search of a sorted hand with the default points, remembered with what it found."""
    return _Search(_analysed(key, rules), rules, weights)


def _solve(
    analysis: _Analysis, rules: MeldRules, search: _Search, pen: Callable[[Card], int]
) -> Decomposition:
    state, j = search.state, search.jokers
    search.best(state, j)
    distinct, found, choices = analysis.distinct, analysis.found, search.choices
    melds: list[Meld] = []
    spare = list(analysis.wild)
    left: list[Card] = []
    for i, (card, n) in enumerate(zip(distinct, analysis.counts, strict=True)):
        if not state >> (_BITS * i) & _DIGIT:
            left.extend([card] * n)  # no candidate uses it
    while state:
        index = choices.get(state << _JOKER_BITS | j, -1)
        if index < 0:
            d = ((state & -state).bit_length() - 1) // _BITS
            left.append(distinct[d])
            state -= 1 << (_BITS * d)
            continue
        choice = found[index]
        melds.append(_build(choice, spare))
        state -= choice.vec
        j -= choice.jokers
    left.extend(spare)
    deadwood = tuple(sorted(left))
    return Decomposition(
        melds=tuple(melds),
        deadwood=deadwood,
        value=sum(meld_value(m, rules) for m in melds),
        deadwood_points=sum(pen(c) for c in deadwood),
    )


@functools.lru_cache(maxsize=32)
def _solved(key: tuple[Card, ...], rules: MeldRules, objective: Objective) -> Decomposition:
    """:func:`solve` of a sorted hand with the default points, remembered for recent hands."""
    search = _searched(key, rules, objective)
    return _solve(_analysed(key, rules), rules, search, _points_table(rules).__getitem__)


def _held_points(analysis: _Analysis, rules: MeldRules) -> int:
    """The points of all the cards of an analysed hand (jokers at ``joker_points``): more
    than the points part of any of the searches' totals."""
    _, counts, wild, points, _ = analysis
    return sum(p * n for p, n in zip(points, counts, strict=True)) + len(wild) * rules.joker_points


def _best_value(key: tuple[Card, ...], rules: MeldRules) -> int:
    """``solve(...).value`` of a sorted hand, from the search alone (no melds built): for a
    caller that only compares it with a threshold."""
    search = _searched(key, rules, "value")
    total = search.best(search.state, search.jokers)
    if _held_points(_analysed(key, rules), rules) < _SCALE:
        return total // _SCALE  # the totals are value * _SCALE + points
    return _solved(key, rules, "value").value


def _fewest_left(key: tuple[Card, ...], rules: MeldRules) -> int:
    """``len(solve(..., objective="all").deadwood)`` of a sorted hand, from the search alone
    (no melds built): how many cards the best plan leaves unmelded."""
    search = _searched(key, rules, "all")
    total = search.best(search.state, search.jokers)
    top = max(rules.ace_high_points, rules.ace_low_points, rules.court_points, 10)
    if _held_points(_analysed(key, rules), rules) < _SCALE and len(key) * top < _SCALE:
        # the totals are (cards * _SCALE + value) * _SCALE + points
        return len(key) - total // (_SCALE * _SCALE)
    return len(_solved(key, rules, "all").deadwood)


@functools.lru_cache(maxsize=32)
def _opening_values(
    key: tuple[Card, ...], rules: MeldRules, holding: Card | None = None
) -> tuple[int, ...]:
    """For each of :func:`candidate_melds` of a sorted hand, in that order: its value plus
    ``solve(...).value`` of the cards left beside it (the best opening that lays it). With
    ``holding``, only for the melds whose cards include that card (-1 for the others)."""
    analysis = _analysed(key, rules)
    found = analysis.found
    if holding is None:
        wanted = [True] * len(found)
    else:
        wanted = [holding in cards for _, cards in _candidate_cards(key, rules)]
    # The "value" search's totals are value * _SCALE + points: share it when it can be.
    shared = _held_points(analysis, rules) < _SCALE
    search = _searched(key, rules, "value" if shared else "value only")
    best, state, j = search.best, search.state, search.jokers
    scale = _SCALE if shared else 1
    return tuple(
        [
            c.value + best(state - c.vec, j - c.jokers) // scale if wanted_here else -1
            for c, wanted_here in zip(found, wanted, strict=True)
        ]
    )


def solve(
    hand: Iterable[Card],
    rules: MeldRules = DEFAULT_RULES,
    *,
    objective: Objective = "value",
    penalty: Callable[[Card], int] | None = None,
) -> Decomposition:
    """The best way to lay a hand in sets and runs, exactly.

    Objectives: ``"value"`` maximises the melds' opening value (ties: least deadwood);
    ``"deadwood"`` minimises the points left in hand (ties: most value); ``"all"`` melds
    every card if that can be done (check :attr:`Decomposition.all_melded`), else as many
    cards as possible.

    Args:
        hand: the cards.
        rules: the meld rules.
        objective: what to optimise.
        penalty: a card's points left in hand (default :func:`card_points`).

    Examples:
        >>> from cardrules import parse_cards
        >>> best = solve(parse_cards("5h 6h 7h 7s 7d Kc"))
        >>> [str(m) for m in best.melds], best.value, [str(c) for c in best.deadwood]
        (['7d-7h-7s'], 21, ['5h', '6h', 'Kc'])
        >>> solve(parse_cards("Qh Kh Jk 4c 4d 4s"), objective="all").all_melded
        True
    """
    _check_rules(rules)
    if objective not in ("value", "deadwood", "all"):
        raise CardRulesError(f"objective must be 'value', 'deadwood' or 'all', got {objective!r}")
    key = _hand_key(hand)
    if penalty is None:
        return _solved(key, rules, objective)
    analysis = _analyse(key, rules, penalty)
    return _solve(analysis, rules, _Search(analysis, rules, objective), penalty)
