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
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, NamedTuple

import attrs

from cardrules.cards import JOKER as _JOKER
from cardrules.cards import Card, Rank, Suit
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
    for card in sorted(counts, key=_sort_key):
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
    left = tuple(sorted(singles + wild, key=_sort_key))
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


def _candidates(
    distinct: Sequence[Card],
    counts: Counter[Card],
    jokers: int,
    rules: MeldRules,
    points_of: Sequence[int],
) -> list[_Candidate]:
    """Every meld the hand can make; ``distinct[i]`` is the natural card of digit ``i``."""
    max_j = jokers if rules.jokers_allowed else 0
    if rules.max_jokers is not None:
        max_j = min(max_j, rules.max_jokers)
    joker_pts = rules.joker_points
    min_len, min_nat = rules.min_length, rules.min_naturals
    out: list[_Candidate] = []
    if rules.sets_allowed:
        by_rank: dict[Rank, list[int]] = {}
        for i, card in enumerate(distinct):
            by_rank.setdefault(card.rank, []).append(i)
        cap = 4 if rules.set_suits_distinct else 1 << 30
        if rules.max_set_size is not None:
            cap = min(cap, rules.max_set_size)
        set_kind = MeldKind.SET
        for rank, group in by_rank.items():
            if len(group) + max_j < min_len:
                continue
            pts = _face_points(distinct[group[0]], rules, low_ace=False)
            if rules.set_suits_distinct:
                choices: Iterable[tuple[tuple[int, int], ...]] = (
                    tuple((i, 1) for i in combo)
                    for k in range(1, len(group) + 1)
                    for combo in itertools.combinations(group, k)
                )
            else:
                choices = (
                    tuple((i, n) for i, n in zip(group, ns, strict=True) if n)
                    for ns in itertools.product(*(range(counts[distinct[i]] + 1) for i in group))
                )
            for choice in choices:
                nat = 0
                vec = 0
                nat_points = 0
                for i, n in choice:
                    nat += n
                    vec += n << (_BITS * i)
                    nat_points += points_of[i] * n
                if nat < min_nat or nat > cap:
                    continue
                cards = tuple(distinct[i] for i, n in choice for _ in range(n))
                low = choice[0][0]
                for j in range(max(0, min_len - nat), min(max_j, cap - nat) + 1):
                    size = nat + j
                    out.append(
                        _Candidate(
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
                        )
                    )
    if rules.runs_allowed:
        low_place, high_place = _place_range(rules)
        place_pts = _place_points(rules)
        wrap = rules.wrap_around
        top = 26 if wrap else high_place
        bottom = 2 if wrap else low_place
        run_kind = MeldKind.RUN
        by_suit: tuple[dict[int, int], ...] = ({}, {}, {}, {})
        ace_places = _places(Rank.ACE, rules)
        for i, card in enumerate(distinct):
            present = by_suit[card.suit or 0]
            for place in ace_places if card.rank == Rank.ACE else (int(card.rank),):
                present[place] = i
                if wrap:
                    present[place + 13] = i
        for suit, present in zip(Suit, by_suit, strict=True):
            if len(present) + max_j < min_len:
                continue
            for p in sorted(present):
                if p > 14:
                    break
                for lead in range(max_j + 1):
                    lo = p - lead
                    if lo < bottom or (lead and (lo in present)):
                        break
                    missing = lead
                    used: list[int] = []
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
                        value += place_pts[hi]
                        length = hi - lo + 1
                        if length > 13:
                            break
                        if length < min_len:
                            continue
                        # A joker may also stand in for a card the hand holds, freeing that
                        # card for another meld (two packs) or keeping a set full.
                        for r in range(max_j - missing + 1):
                            if len(used) - r < min_nat:
                                break
                            for kept in itertools.combinations(used, len(used) - r):
                                vec = 0
                                pts = (missing + r) * joker_pts
                                for i in kept:
                                    vec += 1 << (_BITS * i)
                                    pts += points_of[i]
                                out.append(
                                    _Candidate(
                                        min(kept),
                                        vec,
                                        missing + r,
                                        value,
                                        pts,
                                        length,
                                        run_kind,
                                        tuple(distinct[i] for i in kept),
                                        lo,
                                        int(suit),
                                    )
                                )
    return out


def _build(cand: _Candidate, wild: list[Card]) -> Meld:
    if cand.kind is MeldKind.SET:
        used = [wild.pop() for _ in range(cand.jokers)]
        cards = cand.naturals + tuple(used)
        faces: tuple[Card | None, ...] = cand.naturals + (None,) * cand.jokers
        return Meld(kind=MeldKind.SET, cards=cards, faces=faces)
    suit = Suit(cand.key)
    faces_run = tuple(_card_at(cand.start + i, suit) for i in range(cand.size))
    held = set(cand.naturals)
    cards_run = tuple(f if f in held else wild.pop() for f in faces_run)
    return Meld(kind=MeldKind.RUN, cards=cards_run, faces=faces_run, start=cand.start)


@functools.lru_cache(maxsize=64)
def _points_table(rules: MeldRules) -> dict[Card, int]:
    """Every card's points left in hand under ``rules`` (naturals and the three jokers)."""
    cards = [Card(r, s) for s in Suit for r in Rank if not r.is_joker]
    cards += [Card(r) for r in Rank if r.is_joker]
    return {c: card_points(c, rules) for c in cards}


def _split(
    hand: object, rules: MeldRules, penalty: Callable[[Card], int] | None
) -> tuple[list[Card], Counter[Card], list[Card], list[int]]:
    cards = _as_cards(hand, "hand")
    wild_ranks = rules.wild_ranks
    wild: list[Card] = []
    counts: Counter[Card] = Counter()
    for card in cards:
        if card.rank >= Rank.JOKER or card.rank in wild_ranks:
            wild.append(card)
        else:
            counts[card] += 1
    distinct = sorted(counts, key=_sort_key)
    if penalty is None:
        table = _points_table(rules)
        return distinct, counts, wild, [table[c] for c in distinct]
    return distinct, counts, wild, [penalty(c) for c in distinct]


_Prepared = tuple[list[Card], Counter[Card], list[Card], list[int], list[_Candidate]]
_PREPARED: dict[tuple[tuple[Card, ...], MeldRules], _Prepared] = {}


def _prepare(hand: object, rules: MeldRules, penalty: Callable[[Card], int] | None) -> _Prepared:
    """Split a hand and list its candidate melds; remembered for recent hands (default
    penalty only), since a game asks about the same hand for its moves and its bots."""
    if penalty is not None:
        distinct, counts, wild, points_of = _split(hand, rules, penalty)
        found = _candidates(distinct, counts, len(wild), rules, points_of)
        return distinct, counts, wild, points_of, found
    cards = _as_cards(hand, "hand")
    key = (tuple(sorted(cards, key=_sort_key)), rules)
    hit = _PREPARED.get(key)
    if hit is None:
        distinct, counts, wild, points_of = _split(cards, rules, None)
        found = _candidates(distinct, counts, len(wild), rules, points_of)
        if len(_PREPARED) >= 512:
            _PREPARED.clear()
        hit = _PREPARED[key] = (distinct, counts, wild, points_of, found)
    return hit


def _sort_key(card: Card) -> int:
    return int(card.rank) * 4 + (card.suit or 0)


def candidate_melds(hand: Iterable[Card], rules: MeldRules = DEFAULT_RULES) -> tuple[Meld, ...]:
    """Every set and run that can be made from cards of ``hand`` (with its jokers).

    Examples:
        >>> from cardrules import parse_cards
        >>> [str(m) for m in candidate_melds(parse_cards("5h 6h 7h 7s 7d"))]
        ['7d-7h-7s', '5h-6h-7h']
    """
    _check_rules(rules)
    _, _, wild, _, found = _prepare(hand, rules, None)
    return tuple(_build(cand, list(wild)) for cand in found)


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
    distinct, counts, wild, _ = _split(hand, rules, None)
    jokers = len(wild) if rules.jokers_allowed else 0
    if rules.max_jokers is not None:
        jokers = min(jokers, rules.max_jokers)
    top = max(rules.ace_high_points, rules.ace_low_points, rules.court_points, 10)
    total = len(wild) * top if jokers else 0
    need = rules.min_length - jokers
    if need <= 1:
        return total + sum(_face_points(c, rules, low_ace=False) * counts[c] for c in distinct)
    suits_of: Counter[Rank] = Counter(c.rank for c in distinct)
    copies_of: Counter[Rank] = Counter()
    for card in distinct:
        copies_of[card.rank] += counts[card]
    same_rank = suits_of if rules.set_suits_distinct else copies_of
    places: set[tuple[int, int]] = set()
    ace_places = _places(Rank.ACE, rules)
    for card in distinct:
        for place in ace_places if card.rank == Rank.ACE else (int(card.rank),):
            places.add((card.suit or 0, place))
            if rules.wrap_around:
                places.add((card.suit or 0, place + 13))
    length = rules.min_length
    if rules.wrap_around:
        first_start, last_start = 2, 14
    else:
        low, high = _place_range(rules)
        first_start, last_start = low, high - length + 1
    for card in distinct:
        live = rules.sets_allowed and same_rank[card.rank] >= need
        if not live and rules.runs_allowed:
            suit = card.suit or 0
            for place in ace_places if card.rank == Rank.ACE else (int(card.rank),):
                for start in range(
                    max(place - length + 1, first_start), min(place, last_start) + 1
                ):
                    held = 0
                    for q in range(start, start + length):
                        if (suit, q) in places:
                            held += 1
                    if held >= need:
                        live = True
                        break
                if live:
                    break
        if live:
            total += _face_points(card, rules, low_ace=False) * counts[card]
    return total


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
    distinct, counts, wild, _, found = _prepare(hand, rules, penalty)
    pen = penalty if penalty is not None else _points_table(rules).__getitem__
    jokers = len(wild) if rules.jokers_allowed else 0
    if any(n > _DIGIT >> 1 for n in counts.values()) or jokers > _JOKER_MASK:
        raise CardRulesError(
            f"solve() takes at most {_DIGIT >> 1} copies of a card and {_JOKER_MASK} jokers"
        )
    state0 = 0
    for i, card in enumerate(distinct):
        state0 += counts[card] << (_BITS * i)
    guard = sum(1 << (_BITS * i + _BITS - 1) for i in range(len(distinct)))
    scale = 1 << 16
    per_digit: list[list[tuple[int, int, int, _Candidate]]] = [[] for _ in distinct]
    for cand in found:
        if objective == "value":
            weight = cand.value * scale + cand.points
        elif objective == "deadwood":
            weight = cand.points * scale + cand.value
        else:
            weight = (cand.size * scale + cand.value) * scale + cand.points
        per_digit[cand.low].append((cand.vec, cand.jokers, weight, cand))
    memo: dict[int, tuple[int, _Candidate | None]] = {}

    def best(state: int, j: int) -> int:
        if state == 0:
            return 0
        key = state << _JOKER_BITS | j
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        d = ((state & -state).bit_length() - 1) // _BITS
        top = best(state - (1 << (_BITS * d)), j)
        choice = None
        for vec, need, weight, cand in per_digit[d]:
            if need > j:
                continue
            rest = (state | guard) - vec
            if rest & guard != guard:
                continue
            total = weight + best(rest ^ guard, j - need)
            if total > top:
                top, choice = total, cand
        memo[key] = (top, choice)
        return top

    best(state0, jokers)
    melds: list[Meld] = []
    spare = list(wild)
    state, j = state0, jokers
    left: list[Card] = []
    while state:
        _, choice = memo[state << _JOKER_BITS | j]
        d = ((state & -state).bit_length() - 1) // _BITS
        if choice is None:
            left.append(distinct[d])
            state -= 1 << (_BITS * d)
            continue
        melds.append(_build(choice, spare))
        state = ((state | guard) - choice.vec) ^ guard
        j -= choice.jokers
    left.extend(spare)
    deadwood = tuple(sorted(left, key=_sort_key))
    return Decomposition(
        melds=tuple(melds),
        deadwood=deadwood,
        value=sum(meld_value(m, rules) for m in melds),
        deadwood_points=sum(pen(c) for c in deadwood),
    )
