"""Deck compositions and seeded shuffling.

Every pack a game of cardrules uses is here, by name ([`deck`][cardrules.decks.deck]) or by
factory. A [`Deck`][cardrules.decks.Deck] is an immutable, canonically ordered tuple of cards;
shuffling returns a new tuple and never touches global random state.

Examples:
    >>> from cardrules import decks
    >>> decks.deck("double106").size, decks.fifty_six(6).size
    (106, 48)
    >>> cards = decks.standard().shuffled(seed=7)
    >>> cards == decks.standard().shuffled(seed=7), len(cards)
    (True, 52)
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TypeGuard

import attrs

from cardrules.cards import (
    BIG_JOKER,
    JOKER,
    LITTLE_JOKER,
    NATURAL_RANKS,
    Card,
    Rank,
    Suit,
    card_list,
    parse_card,
)
from cardrules.errors import OptionError

__all__ = [
    "Deck",
    "deck",
    "deck_names",
    "double",
    "fifty_six",
    "new_seed",
    "pinochle",
    "pinochle64",
    "piquet",
    "quadruple_war",
    "shuffled",
    "standard",
    "stripped",
]


def new_seed() -> int:
    """A fresh 63-bit seed drawn from the operating system's entropy.

    Examples:
        >>> 0 <= new_seed() < 2**63
        True
    """
    return random.SystemRandom().getrandbits(63)


def shuffled(cards: Iterable[Card], seed: int | str | None = None) -> tuple[Card, ...]:
    """Return the cards in a random order decided by ``seed``.

    Args:
        cards: the cards to shuffle (left unchanged).
        seed: an int or str; the same seed always gives the same order.
            ``None`` draws a seed from the operating system.

    Examples:
        >>> from cardrules import parse_cards
        >>> shuffled(parse_cards("2c 3c 4c"), seed=1) == shuffled(parse_cards("2c 3c 4c"), seed=1)
        True

    Raises:
        InvalidCardError: ``cards`` is not an iterable of cards.
        OptionError: ``seed`` is neither a whole number, text nor ``None``.
    """
    out = card_list(cards, "shuffled")
    random.Random(new_seed() if seed is None else _check_seed(seed)).shuffle(out)
    return tuple(out)


def _check_seed(seed: object) -> int | str:
    if isinstance(seed, str):
        if len(seed) > 10_000:
            raise OptionError("a seed text is at most 10,000 characters")
        try:
            seed.encode("utf-8")
        except UnicodeEncodeError:
            raise OptionError("a seed text must be valid Unicode (no lone surrogates)") from None
        return seed
    if isinstance(seed, int) and not isinstance(seed, bool):
        if not -(2**256) <= seed <= 2**256:
            raise OptionError("a seed is a whole number of at most 256 bits")
        return seed
    raise OptionError(f"a seed is a whole number or text, got {type(seed).__name__} {seed!r:.40}")


@attrs.frozen
class Deck:
    """A named pack: the exact multiset of cards a game is played with.

    Attributes:
        name: the registry name (``"standard52"``, ``"double106"``...).
        cards: every card, in a canonical order (suit, then rank).
    """

    name: str
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        """How many cards the pack holds.

        Examples:
            >>> double(jokers=4).size
            108
        """
        return len(self.cards)

    def counts(self) -> Counter[Card]:
        """The pack as a multiset (a new ``Counter`` each call).

        Examples:
            >>> double().counts()[JOKER]
            2
        """
        return Counter(self.cards)

    def shuffled(self, seed: int | str | None = None) -> tuple[Card, ...]:
        """The pack's cards in a seeded random order (see [`shuffled`][cardrules.decks.shuffled]).

        Examples:
            >>> pack = standard()
            >>> pack.shuffled(7) == pack.shuffled(7), sorted(pack.shuffled(7)) == sorted(pack.cards)
            (True, True)
        """
        return shuffled(self.cards, seed)


def _natural(ranks: Iterable[Rank], packs: int = 1) -> tuple[Card, ...]:
    wanted = set(ranks)
    # The interned cards of parse_card: one object per card everywhere, so that
    # dictionary lookups keyed by cards (the poker evaluator's) hit by identity.
    one = tuple(parse_card(r.letter + s.letter) for s in Suit for r in NATURAL_RANKS if r in wanted)
    return one * packs


def standard(jokers: int = 0) -> Deck:
    """The 52-card pack, with ``jokers`` plain jokers added (52, 53, 54...).

    Examples:
        >>> standard().size, standard(jokers=2).size
        (52, 54)
    """
    _check_count("jokers", jokers, 0, 4)
    name = "standard52" if jokers == 0 else f"standard{52 + jokers}"
    return Deck(name, _natural(NATURAL_RANKS) + (JOKER,) * jokers)


def double(jokers: int = 2) -> Deck:
    """Two 52-card packs mixed, with ``jokers`` plain jokers (106 or 108 cards).

    Turkish 51 and Kalooki use 2 jokers (106); Canasta uses 4 (108).

    Examples:
        >>> double().size, double(jokers=4).size
        (106, 108)
    """
    _check_count("jokers", jokers, 0, 4)
    return Deck(f"double{104 + jokers}", _natural(NATURAL_RANKS, 2) + (JOKER,) * jokers)


def stripped(ranks: Iterable[Rank], packs: int = 1, name: str | None = None) -> Deck:
    """A pack keeping only the given natural ranks, from ``packs`` packs.

    Examples:
        >>> stripped([Rank.ACE, Rank.KING]).size
        8
    """
    try:
        given = tuple(ranks)
    except TypeError:
        raise OptionError(
            f"stripped deck needs an iterable of ranks, got {type(ranks).__name__}"
        ) from None
    if not given or any(not isinstance(r, Rank) or r.is_joker for r in given):
        raise OptionError(
            f"stripped deck needs natural ranks (Rank.TWO to Rank.ACE), got {given!r}"
        )
    kept = tuple(sorted(set(given)))
    _check_count("packs", packs, 1, 8)
    label = name or "stripped_" + "".join(r.letter for r in kept) + f"_x{packs}"
    return Deck(label, _natural(kept, packs))


_PIQUET = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


def piquet() -> Deck:
    """The 32-card piquet pack (7 to ace), used by Schwimmen.

    Examples:
        >>> piquet().size, min(c.rank for c in piquet().cards)
        (32, <Rank.SEVEN: 7>)
    """
    return stripped(_PIQUET, name="piquet32")


def pinochle() -> Deck:
    """The 48-card pinochle pack: two each of 9, 10, J, Q, K, A in every suit.

    Examples:
        >>> pinochle().size
        48
    """
    return stripped(_PIQUET[2:], packs=2, name="pinochle48")


def pinochle64() -> Deck:
    """The 64-card pinochle pack: two each of 7, 8, 9, 10, J, Q, K, A in every suit.

    Examples:
        >>> pinochle64().size, min(c.rank for c in pinochle64().cards)
        (64, <Rank.SEVEN: 7>)
    """
    return stripped(_PIQUET, packs=2, name="pinochle64")


_FIFTY_SIX_RANKS = {
    4: (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN),
    6: (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN),
    8: (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT, Rank.SEVEN),
}


def fifty_six(players: int) -> Deck:
    """The Fifty-Six pack for 4, 6 or 8 players, from two packs (32, 48, 64 cards).

    Examples:
        >>> [fifty_six(n).size for n in (4, 6, 8)]
        [32, 48, 64]
    """
    if not _is_count(players) or players not in _FIFTY_SIX_RANKS:
        raise OptionError(f"Fifty-Six is played by 4, 6 or 8 players, not {players!r}")
    return stripped(_FIFTY_SIX_RANKS[players], packs=2, name=f"fifty_six_{players}")


def quadruple_war(players: int) -> Deck:
    """The Quadruple War pack: 52 cards plus the big and the little joker, with
    the deuces of clubs and diamonds removed for 2 or 4 players, all four
    deuces for 5 players, none for 3 (52, 54, 52, 50 cards).

    Examples:
        >>> [quadruple_war(n).size for n in (2, 3, 4, 5)]
        [52, 54, 52, 50]
    """
    if not _is_count(players) or players not in (2, 3, 4, 5):
        raise OptionError(f"Quadruple War is played by 2 to 5 players, not {players!r}")
    removed: set[Card] = set()
    if players in (2, 4):
        removed = {Card(Rank.TWO, Suit.CLUBS), Card(Rank.TWO, Suit.DIAMONDS)}
    elif players == 5:
        removed = {Card(Rank.TWO, s) for s in Suit}
    cards = tuple(c for c in _natural(NATURAL_RANKS) if c not in removed)
    return Deck(f"quadruple_war_{players}", (*cards, LITTLE_JOKER, BIG_JOKER))


def _is_count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_count(what: str, value: object, low: int, high: int) -> None:
    if not _is_count(value) or not low <= value <= high:
        raise OptionError(f"{what} must be a whole number from {low} to {high}, got {value!r}")


_NAMED: dict[str, Callable[[], Deck]] = {
    "standard52": standard,
    "standard54": lambda: standard(jokers=2),
    "double104": lambda: double(jokers=0),
    "double106": double,
    "double108": lambda: double(jokers=4),
    "piquet32": piquet,
    "pinochle48": pinochle,
    "pinochle64": pinochle64,
    **{f"fifty_six_{n}": functools.partial(fifty_six, n) for n in (4, 6, 8)},
    **{f"quadruple_war_{n}": functools.partial(quadruple_war, n) for n in (2, 3, 4, 5)},
}


def deck_names() -> tuple[str, ...]:
    """The names [`deck`][cardrules.decks.deck] knows, sorted.

    Examples:
        >>> "pinochle48" in deck_names()
        True
    """
    return tuple(sorted(_NAMED))


def deck(name: str) -> Deck:
    """The pack registered under ``name`` (see [`deck_names`][cardrules.decks.deck_names]).

    Raises:
        OptionError: no pack has that name.

    Examples:
        >>> deck("standard54").counts()[JOKER]
        2
    """
    factory = _NAMED.get(name) if isinstance(name, str) else None
    if factory is None:
        raise OptionError(f"no deck named {name!r}; known decks: {', '.join(deck_names())}")
    return factory()
