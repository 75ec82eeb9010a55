"""Cribbage scoring without a game: hands, the play, discards, the distribution.

Counting a hand (CR-6) depends on ranks for fifteens, pairs and runs and on
suits only for the flush and his nobs. The rank part is read from a table of
every multiset of five ranks (6,175 of them, built once on first use), keyed
by the rank counts packed three bits a rank; the suit part is two checks. The
exact distribution over all 12,994,800 (hand, starter) pairs is counted by
the same rules grouped by rank multiset, with each group's suit assignments
counted once per suit shape ([`score_distribution`][cardrules.games.cribbage.score_distribution]).

Examples:
    >>> from cardrules import parse_cards, parse_card
    >>> score_hand(parse_cards("5h 5d 5c Js"), parse_card("5s")).total
    29
    >>> peg_points(parse_cards("9h 6c 8d"), parse_card("7s"))
    4
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import comb

import attrs

from cardrules.cards import NATURAL_RANKS, Card, Rank, Suit, card_list
from cardrules.errors import InvalidCardError
from cardrules.hands import check_hand

__all__ = [
    "Discard",
    "HandScore",
    "best_discard",
    "card_value",
    "crib_rank",
    "peg_points",
    "score_distribution",
    "score_hand",
]

JACK_RANK = 11  # Rank.JACK in the ace-low numbering of crib_rank


def crib_rank(card: Card) -> int:
    """The card's rank with the ace low: ace 1, two 2 ... king 13 (CR-1.3).

    Examples:
        >>> from cardrules import parse_card
        >>> crib_rank(parse_card("Ah")), crib_rank(parse_card("Kd"))
        (1, 13)
    """
    return 1 if card.rank is Rank.ACE else int(card.rank)


def card_value(card: Card) -> int:
    """The card's pips in the count: court cards 10, ace 1 (CR-5.2).

    Examples:
        >>> from cardrules import parse_card
        >>> card_value(parse_card("Qs")), card_value(parse_card("As")), card_value(parse_card("7c"))
        (10, 1, 7)
    """
    return min(crib_rank(card), 10)


_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in NATURAL_RANKS)
# Per card: ace-low rank, pips, and its three-bit slot in a packed rank-count key.
RANK: dict[Card, int] = {c: crib_rank(c) for c in _CARDS}
VALUE: dict[Card, int] = {c: min(r, 10) for c, r in RANK.items()}
KEY: dict[Card, int] = {c: 1 << (3 * (r - 1)) for c, r in RANK.items()}
NOBS: dict[Card, Card] = {c: Card(Rank.JACK, c.suit) for c in _CARDS}  # CR-6.6


@attrs.frozen(kw_only=True)
class HandScore:
    """The points of one counted hand, by kind (CR-6). ``total`` is their sum.

    Examples:
        >>> HandScore(fifteens=8, pairs=2, runs=6, flush=0, nobs=0).total
        16
    """

    fifteens: int
    pairs: int
    runs: int
    flush: int
    nobs: int

    @property
    def total(self) -> int:
        """All the hand's points."""
        return self.fifteens + self.pairs + self.runs + self.flush + self.nobs


# --------------------------------------------------------------------------- rank table


def _rank_points(counts: Sequence[int]) -> tuple[int, int, int]:
    """Fifteens, pairs and runs points of a rank multiset (``counts[r]``, r = 1..13)."""
    values = [min(r, 10) for r in range(1, 14) for _ in range(counts[r])]
    ways = [1] + [0] * 15  # subsets by pip total, up to 15 (CR-6.2)
    for v in values:
        for total in range(15, v - 1, -1):
            ways[total] += ways[total - v]
    fifteens = 2 * ways[15]
    pairs = sum(2 * comb(c, 2) for c in counts)  # CR-6.3
    runs = 0
    r = 1
    while r <= 13:  # CR-6.4: each longest stretch of 3+ ranks, times its duplicates
        if counts[r]:
            end = r
            while end + 1 <= 13 and counts[end + 1]:
                end += 1
            if end - r + 1 >= 3:
                product = 1
                for k in range(r, end + 1):
                    product *= counts[k]
                runs += (end - r + 1) * product
            r = end + 1
        else:
            r += 1
    return fifteens, pairs, runs


def _multisets(size: int) -> list[tuple[int, ...]]:
    """Every rank-count vector (index 0 unused) of ``size`` cards, at most 4 a rank."""
    out = []
    for combo in itertools.combinations_with_replacement(range(1, 14), size):
        counts = [0] * 14
        for r in combo:
            counts[r] += 1
        if max(counts) <= 4:
            out.append(tuple(counts))
    return out


def _pack(counts: Sequence[int]) -> int:
    return sum(c << (3 * (r - 1)) for r, c in enumerate(counts) if r)


_TABLE: dict[int, tuple[int, int, int]] = {}
_TOTAL: dict[int, int] = {}


def rank_table() -> tuple[dict[int, tuple[int, int, int]], dict[int, int]]:
    """The rank part of every five-card multiset: by packed key, its
    (fifteens, pairs, runs) points and their total. Built once."""
    if not _TABLE:
        for counts in _multisets(5):
            key = _pack(counts)
            parts = _rank_points(counts)
            _TABLE[key] = parts
            _TOTAL[key] = sum(parts)
    return _TABLE, _TOTAL


# --------------------------------------------------------------------------- hands


def _suit_points(hand: Sequence[Card], starter: Card, crib: bool) -> tuple[int, int]:
    """Flush (CR-6.5) and his nobs (CR-6.6) points."""
    a, b, c, d = hand
    suit = a.suit
    flush = 0
    if b.suit == suit and c.suit == suit and d.suit == suit:
        if starter.suit == suit:
            flush = 5
        elif not crib:
            flush = 4
    s = starter.suit
    nobs = 0
    for card in hand:
        if card.rank is Rank.JACK and card.suit == s:
            nobs = 1
    return flush, nobs


def hand_points(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """[`score_hand`][cardrules.games.cribbage.score_hand]'s total without the argument checks (the
    hot path)."""
    if not _TOTAL:
        rank_table()
    if len(hand) == 3:
        return _short_points(hand, starter)
    a, b, c, d = hand
    total = _TOTAL[KEY[a] + KEY[b] + KEY[c] + KEY[d] + KEY[starter]]
    suit = a.suit  # what _suit_points counts, inline
    if b.suit == suit and c.suit == suit and d.suit == suit:
        if starter.suit == suit:
            total += 5
        elif not crib:
            total += 4
    if NOBS[starter] in hand:  # the jack of the starter's suit
        total += 1
    return total


def _short_points(hand: Sequence[Card], starter: Card) -> int:
    """A five-card cribbage hand, three cards and the starter (CR-9.5): fifteens,
    pairs and runs of the four cards, a flush of the three (3, or 4 with the
    starter) and nobs."""
    cards = (*hand, starter)
    counts = [0] * 14
    for card in cards:
        counts[RANK[card]] += 1
    total = sum(_rank_points(counts))
    suit = hand[0].suit
    if all(c.suit == suit for c in hand):
        total += 4 if starter.suit == suit else 3
    if NOBS[starter] in hand:
        total += 1
    return total


def _check_counted(hand: Sequence[Card], starter: object) -> tuple[Card, ...]:
    cards = check_hand(hand, 4, "a cribbage hand (CR-6.1)")
    if not isinstance(starter, Card) or starter.is_joker:
        raise InvalidCardError(f"the starter must be a card of the pack, got {starter!r:.40}")
    if starter in cards:
        raise InvalidCardError(f"the starter {starter} is also in the hand (CR-6.1)")
    return cards


def score_hand(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> HandScore:
    """Count a hand with the starter (CR-6): fifteens, pairs, runs, flush, nobs.

    Args:
        hand: the four cards of a hand or of the crib.
        starter: the starter card, counted with every hand.
        crib: count as the crib, whose flush counts only with the starter (CR-6.5).

    Raises:
        InvalidCardError: not four distinct cards, a joker, or a starter that
            is not a card or is one of the hand's cards.

    Examples:
        >>> from cardrules import parse_cards, parse_card
        >>> score = score_hand(parse_cards("8h 7c 7d 6s"), parse_card("2h"))
        >>> score.fifteens, score.pairs, score.runs, score.total
        (8, 2, 6, 16)
        >>> score_hand(parse_cards("2h 4h 6h 8h"), parse_card("Kc")).flush
        4
        >>> score_hand(parse_cards("2h 4h 6h 8h"), parse_card("Kc"), crib=True).flush
        0
        >>> score_hand(parse_cards("2h 4h 6h"), parse_card("Kc"))
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: a cribbage hand (CR-6.1) has 4 cards, got 3
    """
    cards = _check_counted(hand, starter)
    table, _ = rank_table()
    fifteens, pairs, runs = table[sum(KEY[x] for x in cards) + KEY[starter]]
    flush, nobs = _suit_points(cards, starter, crib)
    return HandScore(fifteens=fifteens, pairs=pairs, runs=runs, flush=flush, nobs=nobs)


# --------------------------------------------------------------------------- the play


def peg_points(played: Sequence[Card], card: Card) -> int:
    """Points for playing ``card`` on the cards of the current series (CR-5).

    Fifteen and thirty-one 2 each; a pair 2, a triplet 6, four of a kind 12
    with the cards just before it; a run of three or more 1 a card, formed by
    the last cards played in any order with no foreign card among them. The
    point for a go or the last card is not included (it depends on what the
    other players can do).

    Args:
        played: the cards played since the count last started from zero.
        card: the card played now.

    Raises:
        InvalidCardError: not cards, a card twice, or a count past 31 (CR-5.2).

    Examples:
        >>> from cardrules import parse_cards, parse_card
        >>> peg_points(parse_cards("8h 7c 7d"), parse_card("6s"))  # no run: a foreign 7
        0
        >>> peg_points(parse_cards("8h 7c"), parse_card("7d"))
        2
        >>> peg_points(parse_cards("Kh Qh"), parse_card("Jc"))
        3
        >>> peg_points(parse_cards("Kh Qh Jc"), parse_card("5c"))
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: 5c would take the count from 30 to 35, past 31 (CR-5.2)
    """
    cards = card_list(played, "peg_points")
    if not isinstance(card, Card) or card.is_joker:
        raise InvalidCardError(f"peg_points: {card!r:.40} is not a card of the pack")
    for c in cards:
        if c.is_joker:
            raise InvalidCardError(f"peg_points: {c} is not a card of the pack")
    if len(set(cards)) != len(cards) or card in cards:
        raise InvalidCardError("peg_points: a card cannot be played twice")
    count = sum(VALUE[c] for c in cards)
    if count + VALUE[card] > 31:
        raise InvalidCardError(
            f"{card} would take the count from {count} to {count + VALUE[card]}, past 31 (CR-5.2)"
        )
    return pegs(cards, card, count + VALUE[card])


def pegs(series: Sequence[Card], card: Card, count: int) -> int:
    """[`peg_points`][cardrules.games.cribbage.peg_points] without checks; ``count`` is the count
    after ``card``."""
    points = 2 if count == 15 or count == 31 else 0  # CR-5.4, CR-5.3
    n = len(series)
    if not n:
        return points
    rank = RANK[card]
    last = RANK[series[-1]]
    if last == rank:  # CR-5.5: the same rank as the cards just before it
        same = 1
        while same < n and RANK[series[n - 1 - same]] == rank:
            same += 1
        return points + (0, 2, 6, 12)[same]
    if n < 2:
        return points
    low = high = rank
    seen = 1 << rank  # the ranks of the tail, one bit each
    size = 1
    best = 0
    for card in reversed(series):  # CR-5.6: the longest tail that is a run
        r = RANK[card]
        bit = 1 << r
        if seen & bit:  # a repeated rank: no longer tail is a run either
            break
        seen |= bit
        size += 1
        if r < low:
            low = r
        elif r > high:
            high = r
        if high - low + 1 == size >= 3:
            best = size
    return points + best


# --------------------------------------------------------------------------- discards


@attrs.frozen(kw_only=True)
class Discard:
    """One way to lay away cards, with its expected points
    ([`best_discard`][cardrules.games.cribbage.best_discard]).

    ``hand`` is the expected count of the kept cards over every possible
    starter; ``crib`` the expected count of the crib (positive when it is
    the player's own, negative when it is an opponent's); ``value`` their sum.
    """

    keep: tuple[Card, ...]
    lay: tuple[Card, ...]
    hand: float
    crib: float

    @property
    def value(self) -> float:
        """Expected hand points plus (or minus) expected crib points."""
        return self.hand + self.crib


def best_discard(cards: Sequence[Card], *, dealer: bool, keep: int = 4) -> tuple[Discard, ...]:
    """Every way to lay away cards, best first, by exact expected points.

    Six cards lay away two (two players), five cards one (three or four).
    The kept hand's value is the exact average of
    [`score_hand`][cardrules.games.cribbage.score_hand] over the
    46 (or 47) starters the player cannot see. The crib's value is the exact
    average over every way the crib can be completed from the unseen cards
    (each equally likely: the other cards laid away and the starter), added
    when the crib is the player's (``dealer=True``; for a partnership, the
    partner's deal too) and subtracted otherwise. ``keep=3`` is five-card
    cribbage: five cards lay away two (CR-9.2).

    Raises:
        InvalidCardError: not five or six distinct cards of the pack.

    Examples:
        >>> from cardrules import format_cards, parse_cards
        >>> best = best_discard(parse_cards("5h 5d 5c Js 9c 2d"), dealer=True)[0]
        >>> format_cards(best.lay), round(best.hand, 3)
        ('2d 9c', 16.652)
    """
    given = card_list(cards, "best_discard")
    size = len(given)
    if size not in (5, 6) or keep not in (3, 4) or size - keep not in (1, 2):
        raise InvalidCardError(
            f"best_discard takes 5 or 6 cards keeping 4, or 5 keeping 3 (CR-3.1, CR-9.2);"
            f" got {size} keeping {keep!r:.20}"
        )
    hand = check_hand(given, size, "a cribbage deal")
    hand = tuple(sorted(hand))
    lay_count = size - keep
    unseen = [c for c in _CARDS if c not in hand]
    out = []
    for lay in itertools.combinations(hand, lay_count):
        held = tuple(c for c in hand if c not in lay)
        hand_ev = sum(hand_points(held, s) for s in unseen) / len(unseen)
        crib_ev = float(crib_value(lay, unseen))
        out.append(Discard(keep=held, lay=lay, hand=hand_ev, crib=crib_ev if dealer else -crib_ev))
    out.sort(key=lambda d: (-d.value, d.lay))
    return tuple(out)


def crib_value(lay: Sequence[Card], unseen: Sequence[Card]) -> Fraction:
    """The exact expected crib count when ``lay`` is in it and the rest of the
    crib and the starter are drawn, every way equally likely, from ``unseen``."""
    totals = rank_table()[1]
    m = 4 - len(lay)  # crib cards still to come
    u = len(unseen)
    counts = [0] * 14
    for c in unseen:
        counts[RANK[c]] += 1
    base = sum(KEY[c] for c in lay)
    ways_total = comb(u, m) * (u - m)
    points = 0
    for combo in itertools.combinations_with_replacement(range(1, 14), m):
        weight = 1
        used = Counter(combo)
        for r, k in used.items():
            weight *= comb(counts[r], k)
        if not weight:
            continue
        key = base + sum(1 << (3 * (r - 1)) for r in combo)
        for s in range(1, 14):
            left = counts[s] - used.get(s, 0)
            if left > 0:
                points += weight * left * totals[key + (1 << (3 * (s - 1)))]
    value = Fraction(points, ways_total)
    by_suit = Counter(c.suit for c in unseen)
    suits = {c.suit for c in lay}
    if len(suits) == 1:  # CR-6.5: five of one suit
        (suit,) = suits
        k = by_suit[suit]
        value += Fraction(5 * comb(k, m) * (k - m), ways_total)
    for c in lay:  # CR-6.6: a jack laid away, starter of its suit
        if c.rank is Rank.JACK:
            value += Fraction(by_suit[c.suit], u)
    for c in unseen:  # a jack that comes into the crib, starter of its suit
        if c.rank is Rank.JACK:
            value += Fraction(m, u) * Fraction(by_suit[c.suit] - 1, u - 1)
    return value


# --------------------------------------------------------------------------- distribution


def _suit_counts(
    shape: tuple[tuple[int, bool, bool], ...], s_jack: bool, crib: bool
) -> Counter[int]:
    """Flush-plus-nobs points over every suit assignment of a hand shape.

    ``shape`` lists the hand's ranks as (count, is a jack, is the starter's
    rank); ``s_jack`` says whether the starter is a jack.
    """
    groups = [list(itertools.combinations(range(4), k)) for k, _, _ in shape]
    out: Counter[int] = Counter()
    for chosen in itertools.product(*groups):
        taken: set[int] = set()
        jack_suits: set[int] = set()
        cards: list[int] = []
        for (_, is_jack, is_s), suits in zip(shape, chosen, strict=True):
            cards.extend(suits)
            if is_jack:
                jack_suits.update(suits)
            if is_s:
                taken.update(suits)
        one_suit = len(set(cards)) == 1
        for t in range(4):
            if t in taken:
                continue
            flush = 0
            if one_suit:
                if cards[0] == t:
                    flush = 5
                elif not crib:
                    flush = 4
            nobs = 1 if (t in jack_suits and not s_jack) else 0
            out[flush + nobs] += 1
    return out


def score_distribution(*, crib: bool = False) -> dict[int, int]:
    """How many of the 12,994,800 (hand, starter) pairs count each score (CR-6).

    Exact: every pair is counted once. Pairs are grouped by the ranks of the
    hand and the starter (23,647 groups); each group's fifteens, pairs and
    runs come from the rank table, and its flush and nobs points are counted
    over the group's suit assignments, which depend only on the group's
    shape (how many cards of each rank, which are jacks, which share the
    starter's rank), so each shape is enumerated once.

    Examples:
        >>> dist = score_distribution()
        >>> sum(dist.values()), dist[0], dist[29], dist.get(19, 0)
        (12994800, 1009008, 4, 0)
    """
    _, totals = rank_table()
    cache: dict[tuple[tuple[tuple[int, bool, bool], ...], bool], Counter[int]] = {}
    out: Counter[int] = Counter()
    for counts in _multisets(4):
        key = _pack(counts)
        ranks = [r for r in range(1, 14) if counts[r]]
        for s in range(1, 14):
            if counts[s] == 4:
                continue
            base = totals[key + (1 << (3 * (s - 1)))]
            shape = tuple(sorted((counts[r], r == JACK_RANK, r == s) for r in ranks))
            s_jack = s == JACK_RANK
            suits = cache.get((shape, s_jack))
            if suits is None:
                suits = cache[(shape, s_jack)] = _suit_counts(shape, s_jack, crib)
            for bonus, ways in suits.items():
                out[base + bonus] += ways
    return dict(sorted(out.items()))
