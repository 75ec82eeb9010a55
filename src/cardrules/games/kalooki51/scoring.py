"""Kalooki 51 without the engine: meld checks, penalty points, a deal's penalties, the pot.

These are for programs that keep score at a real table. Clauses are those of
``seeds/kalooki51.md``. Money is exact: ``payout`` returns ``fractions.Fraction``
amounts, never floats.

Examples:
    >>> from cardrules import parse_card
    >>> from cardrules.games import kalooki51
    >>> kalooki51.card_penalty(parse_card("Ah")), kalooki51.card_penalty(parse_card("Jk"))
    (11, 25)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from fractions import Fraction

from cardrules.cards import Card
from cardrules.decks import double
from cardrules.errors import CardRulesError, IllegalMeldError, InvalidCardError, OptionError
from cardrules.games._rummy import read_cards, read_int, read_meld, read_melds
from cardrules.melds import Meld, MeldKind, MeldRules
from cardrules.melds import card_points as _card_points
from cardrules.melds import meld_value as _meld_value

__all__ = [
    "DECK",
    "JOKER_PENALTIES",
    "KALOOKI_BONUS",
    "RULES",
    "card_penalty",
    "check_meld",
    "deal_penalties",
    "hand_penalty",
    "meld_rules",
    "meld_value",
    "opening_value",
    "opens",
    "payout",
]

DECK = double()
"""The 106-card pack: two 52-card packs and two jokers (K51-1.1)."""
DECKS = {2: DECK, 4: double(jokers=4)}
"""The pack by the number of jokers: 106 cards, or 108 with four jokers (K51-1.1 option)."""
KALOOKI_BONUS = 25
"""The extra penalty of every opponent of a player who goes Kalooki (K51-9.2)."""
JOKER_PENALTIES = (25, 15)
"""A joker's penalty in hand: 25 (the text's words), 15 (its card table, club rules)."""
_PACK = DECK.counts()


def meld_rules(*, ace_low: bool = True, joker_penalty: int = 25) -> MeldRules:
    """The meld rules of Kalooki 51 (K51-1, K51-2, K51-6, K51-7) under the two options that
    touch them.

    Sets of three or four distinct suits, runs ace low or high (never round the corner),
    at least one natural card, and closed sets (``set_joker_retrieval="closed"``).

    Raises:
        OptionError: a joker penalty other than 25 or 15.

    Examples:
        >>> rules = meld_rules()
        >>> rules.set_joker_retrieval, rules.joker_points, rules.ace_low
        ('closed', 25, True)
        >>> meld_rules(ace_low=False, joker_penalty=15).joker_points
        15
    """
    if type(joker_penalty) is not int or joker_penalty not in JOKER_PENALTIES:
        raise OptionError(f"joker_penalty must be 25 or 15, got {joker_penalty!r:.40}")
    if not isinstance(ace_low, bool):
        raise OptionError(f"ace_low must be True or False, got {ace_low!r:.40}")
    return _meld_rules(ace_low, joker_penalty)


@functools.lru_cache(maxsize=8)
def _meld_rules(ace_low: bool, joker_penalty: int) -> MeldRules:
    return MeldRules(
        min_length=3,
        max_set_size=4,
        set_suits_distinct=True,
        ace_low=ace_low,
        ace_high=True,
        wrap_around=False,
        min_naturals=1,
        set_joker_retrieval="closed",
        joker_points=joker_penalty,
    )


RULES: MeldRules = meld_rules()
"""The meld rules of Kalooki 51 under the default options."""


_CLAUSES = {
    "set": "K51-2.1",
    "run": "K51-2.2",
    "double": "K51-2.3",
    "joker": "K51-2.3",
    "meld": "K51-2.1, K51-2.2",
}


def _cards(cards: object, what: str) -> tuple[Card, ...]:
    return read_cards(cards, what, _PACK, "Kalooki 51")


def check_meld(
    cards: Iterable[Card], *, kind: MeldKind | None = None, ace_low: bool = True
) -> Meld:
    """Check cards as a Kalooki 51 meld (K51-2): a set or a run.

    A run's natural cards may come in any order (laid order first: ``5h 6h Jk`` is 5-6-7;
    out of order, a joker fills a gap, then the high end). One natural card with jokers
    reads as a run unless ``kind=MeldKind.SET``. Each joker's ``faces`` entry says what it
    stands for: in a run the card of its place, in a set the suits the set lacks in suit
    order (it may stand for any of them, ``meld.joker_options``).

    Raises:
        IllegalMeldError: not a meld, naming the rule broken (``.rule``).
        InvalidCardError: not cards of the 106-card pack.
        OptionError: ``ace_low`` is not True or False.

    Examples:
        >>> from cardrules import parse_cards
        >>> str(check_meld(parse_cards("Qh Kh Ah"))), str(check_meld(parse_cards("9d 7d 8d")))
        ('Qh-Kh-Ah', '7d-8d-9d')
        >>> [str(f) for f in check_meld(parse_cards("As Ad Jk")).faces]
        ['As', 'Ad', 'Ac']
        >>> for text in ("7h 7h 7s", "Kh Ah 2h"):
        ...     try:
        ...         check_meld(parse_cards(text))
        ...     except IllegalMeldError as exc:
        ...         print(exc, exc.rule)
        set 7h-7h-7s repeats 7h; a set's suits must differ (K51-2.1) K51-2.1
        run Kh-Ah-2h runs past the ace (no run turns the corner) (K51-2.2) K51-2.2
    """
    got = _cards(cards, "a meld")
    if kind is MeldKind.DOUBLE:
        raise IllegalMeldError("Kalooki 51 has no doubles: a meld is a set or a run (K51-2.3)")
    rules = meld_rules(ace_low=ace_low)
    return read_meld(got, rules, _CLAUSES, kind=kind)


def meld_value(meld: Meld | Iterable[Card], *, ace_low: bool = True) -> int:
    """A meld's value toward a first lay-down (K51-1.3): each card as the card it plays as
    (a joker as the card it stands for), an ace 1 at the start of ``A-2-3``, else 11.

    Raises:
        IllegalMeldError: the cards are no meld (with ``.rule``).
        InvalidCardError: not cards of the pack.

    Examples:
        >>> from cardrules import parse_cards
        >>> meld_value(parse_cards("Ah 2h 3h")), meld_value(parse_cards("As Ad Jk"))
        (6, 33)
    """
    rules = meld_rules(ace_low=ace_low)
    (got,) = read_melds([meld], functools.partial(check_meld, ace_low=ace_low), _PACK)
    return _meld_value(got, rules)


def opening_value(melds: Iterable[Meld | Iterable[Card]], *, ace_low: bool = True) -> int:
    """The value of a first lay-down: the sum of its melds' values (K51-5.1).

    Raises:
        IllegalMeldError: a group of cards is no meld, or not a list of melds.
        InvalidCardError: cards not of the pack, or more copies than it holds.

    Examples:
        >>> from cardrules import parse_cards
        >>> opening_value([parse_cards("Ah 2h 3h"), parse_cards("Ks Kd Jk")])
        36
    """
    rules = meld_rules(ace_low=ace_low)
    got = read_melds(melds, functools.partial(check_meld, ace_low=ace_low), _PACK)
    return sum(_meld_value(m, rules) for m in got)


def opens(
    melds: Iterable[Meld | Iterable[Card]], threshold: int = 51, *, ace_low: bool = True
) -> bool:
    """Whether these melds, laid in one turn, make a first lay-down: a value of
    ``threshold`` or more (K51-5.1: 51, or 40 in Kalooki 40).

    Raises:
        IllegalMeldError: a group of cards is no meld.
        OptionError: ``threshold`` is not a whole number of 1 or more.

    Examples:
        >>> from cardrules import parse_cards
        >>> melds = [parse_cards("9s Ts Js"), parse_cards("Kh Kd Kc")]
        >>> opening_value(melds), opens(melds), opens(melds, threshold=61)
        (59, True, False)
    """
    read_int(threshold, "threshold", minimum=1)
    return opening_value(melds, ace_low=ace_low) >= threshold


def card_penalty(card: Card, *, joker_penalty: int = 25) -> int:
    """A card's penalty points left in a hand (K51-1.4): 2-10 their number, courts 10, an
    ace 11, a joker 25 (or 15 with ``joker_penalty=15``).

    Raises:
        InvalidCardError: not a card of the pack.
        OptionError: a joker penalty other than 25 or 15.

    Examples:
        >>> from cardrules import parse_cards
        >>> [card_penalty(c) for c in parse_cards("7c Qd Ah Jk")]
        [7, 10, 11, 25]
        >>> card_penalty(parse_cards("Jk")[0], joker_penalty=15)
        15
    """
    rules = meld_rules(joker_penalty=joker_penalty)
    if not isinstance(card, Card) or card not in _PACK:
        raise InvalidCardError(f"expected one card of the Kalooki 51 pack, got {card!r:.60}")
    return _card_points(card, rules)


def hand_penalty(hand: Iterable[Card], *, joker_penalty: int = 25) -> int:
    """The penalty points of the cards left in a hand (K51-1.4, K51-9.1).

    Raises:
        InvalidCardError: not cards of the pack (or more copies than it holds), or a single
            card instead of a hand.
        OptionError: a joker penalty other than 25 or 15.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_penalty(parse_cards("Ah Jk 7c")), hand_penalty(parse_cards("Jk"), joker_penalty=15)
        (43, 15)
    """
    rules = meld_rules(joker_penalty=joker_penalty)
    return sum(_card_points(c, rules) for c in _cards(hand, "a hand"))


def deal_penalties(
    *,
    hands: Sequence[Iterable[Card]],
    winner: int | None,
    kalooki: bool = False,
    joker_penalty: int = 25,
    kalooki_bonus: int = KALOOKI_BONUS,
) -> tuple[int, ...]:
    """The penalty points of every seat for a finished deal (K51-9).

    The winner scores 0; every other seat the points of the cards left in its hand, plus
    ``kalooki_bonus`` when the winner went Kalooki. With ``winner=None`` (the deal ended
    with nobody out, K51-8.4) every seat scores its hand and no bonus is paid.

    Raises:
        CardRulesError: a bad winner, a winner who still holds cards, or a Kalooki with
            no winner.
        InvalidCardError: cards not of the 106-card pack, or too many copies.
        OptionError: a bad joker penalty or bonus.

    Examples:
        >>> from cardrules import parse_cards
        >>> deal_penalties(hands=[(), parse_cards("Ah Jk"), parse_cards("7c 7d")], winner=0)
        (0, 36, 14)
        >>> deal_penalties(
        ...     hands=[parse_cards("Kd"), ()], winner=1, kalooki=True, joker_penalty=15)
        (35, 0)
    """
    if isinstance(hands, (Card, str, bytes)):
        raise CardRulesError(f"hands must be one hand per seat, got {hands!r:.60}")
    if not isinstance(hands, Sequence):
        raise CardRulesError(f"hands must be one hand per seat, got {hands!r:.60}")
    cards = [_cards(h, f"seat {i}'s hand") for i, h in enumerate(hands)]
    _cards([c for h in cards for c in h], "the hands together")
    players = len(cards)
    rules = meld_rules(joker_penalty=joker_penalty)
    if not isinstance(kalooki, bool):
        raise CardRulesError(f"kalooki must be True or False, got {kalooki!r:.40}")
    if not isinstance(kalooki_bonus, int) or isinstance(kalooki_bonus, bool) or kalooki_bonus < 0:
        raise OptionError(f"kalooki_bonus must be a whole number >= 0, got {kalooki_bonus!r:.40}")
    if winner is None:
        if kalooki:
            raise CardRulesError("with no winner nobody went Kalooki")
    else:
        if not isinstance(winner, int) or isinstance(winner, bool) or not 0 <= winner < players:
            raise CardRulesError(f"winner must be a seat from 0 to {players - 1}, got {winner!r}")
        if cards[winner]:
            shown = " ".join(map(str, cards[winner]))
            raise CardRulesError(f"winner seat {winner} still holds cards: {shown}")
    bonus = kalooki_bonus if kalooki else 0
    return tuple(
        0 if seat == winner else sum(_card_points(c, rules) for c in hand) + bonus
        for seat, hand in enumerate(cards)
    )


def payout(pot: int | Fraction, scores: Sequence[int]) -> tuple[Fraction, ...]:
    """Share a pot among the players by their final penalty totals (K51-11).

    The winner (the lowest total) takes 75%; tied winners split the 75% equally (K51-11.3).
    The other 25% is divided equally among the other players who are not more than 100
    points behind the winner's total (K51-11.2); only when none of them qualifies does it go
    to the winner(s). With no other player at all the winners split the whole pot. Amounts
    are exact fractions: their sum is always the pot.

    Raises:
        CardRulesError: no scores, scores that are not whole numbers, or a negative pot.

    Examples:
        >>> payout(100, [20, 60, 150])
        (Fraction(75, 1), Fraction(25, 1), Fraction(0, 1))
        >>> payout(40, [30, 30, 50, 200])
        (Fraction(15, 1), Fraction(15, 1), Fraction(10, 1), Fraction(0, 1))
        >>> payout(100, [0, 120, 150])
        (Fraction(100, 1), Fraction(0, 1), Fraction(0, 1))
    """
    if not isinstance(pot, (int, Fraction)) or isinstance(pot, bool) or pot < 0:
        raise CardRulesError(f"pot must be a whole number or Fraction >= 0, got {pot!r:.40}")
    if isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence) or not scores:
        raise CardRulesError(f"scores must be one total per player, got {scores!r:.60}")
    totals = tuple(scores)
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in totals):
        raise CardRulesError(f"scores must be whole numbers, got {totals!r:.60}")
    pot = Fraction(pot)
    best = min(totals)
    winners = [i for i, s in enumerate(totals) if s == best]
    sharing = [i for i, s in enumerate(totals) if s != best and s - best <= 100]
    out = [Fraction(0)] * len(totals)
    to_winners = pot * 3 / 4 if sharing else pot
    for i in sharing:
        out[i] = pot / 4 / len(sharing)
    for i in winners:
        out[i] = to_winners / len(winners)
    return tuple(out)
