"""Checking a group of cards as a set, a run or a double."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import IllegalMeldError, InvalidCardError
from cardrules.melds._rules import (
    DEFAULT_RULES,
    Meld,
    MeldKind,
    MeldRules,
    _card_at,
    _check_rules,
    _place_range,
    _places,
    _rank_at,
    _run_fits,
)

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


def _arranged(cards: tuple[Card, ...], rules: MeldRules) -> tuple[Card, ...] | None:
    """The cards of a run whose natural cards were given out of order, laid low to
    high: the natural cards sorted, the jokers filling the gaps between them and then
    standing above them (below, where the run would pass its top). ``None`` if they
    make no run so, or if the natural cards are in order (up or down): then each
    joker stands for the card of the place it was laid at."""
    naturals = [c for c in cards if not rules.is_wild(c)]
    jokers = [c for c in cards if rules.is_wild(c)]
    if len(set(naturals)) != len(naturals):
        return None
    aces = _places(Rank.ACE, rules) or (1, 14)
    for ace in aces:  # in order already (up or down): the jokers' places stand as laid
        places = [ace if c.rank == Rank.ACE else int(c.rank) for c in naturals]
        pairs = list(itertools.pairwise(places))
        if all(a < b for a, b in pairs) or all(a > b for a, b in pairs):
            return None
    for ace in sorted(aces, reverse=True):  # an ace that may be low or high counts high
        placed = sorted((ace if c.rank == Rank.ACE else int(c.rank), c) for c in naturals)
        spare = list(jokers)
        out: list[Card] = [placed[0][1]]
        for (low, _), (high, card) in itertools.pairwise(placed):
            gap = high - low - 1
            if gap < 0 or gap > len(spare):
                break
            out.extend(spare.pop() for _ in range(gap))
            out.append(card)
        else:
            top = _place_range(rules)[1]
            above = min(len(spare), max(0, top - placed[-1][0]))
            arranged = (
                *(spare.pop() for _ in range(len(spare) - above)),
                *out,
                *spare,
            )
            if _run_starts(tuple(arranged), rules):
                return tuple(arranged)
    return None


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
        arranged = _arranged(cards, rules) if len(naturals) > 1 else None
        if len(naturals) > 1 and _run_starts(backwards, rules):
            cards, starts = backwards, _run_starts(backwards, rules)
        elif arranged is not None:  # natural cards given in another order
            cards, starts = arranged, _run_starts(arranged, rules)
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

    A run is read from low to high (cards given high to low are turned round; natural
    cards given out of order are sorted, the jokers filling the gaps between them and
    then standing above them; with the natural cards in order, a joker stands for the
    card of its place). When the cards could be either (one natural card and jokers), a
    run is chosen unless ``kind`` says otherwise; ``kind=MeldKind.DOUBLE`` checks a double.

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
        >>> str(check_meld(parse_cards("7h 5h 6h")))
        '5h-6h-7h'
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
