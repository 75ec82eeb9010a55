"""Candidate melds of a hand: every set and run its cards (and jokers) can make.

The solver's view of a hand (`_Analysis`) is built and remembered here.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from cardrules.cards import NATURAL_RANKS, Card, Rank, Suit
from cardrules.melds._check import _as_cards
from cardrules.melds._rules import (
    _JOKER_RANK,
    _RANK_OF,
    DEFAULT_RULES,
    Meld,
    MeldKind,
    MeldRules,
    _card_at,
    _check_rules,
    _face_points,
    _most_table,
    _place_range,
    _places,
    _table_points,
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
    top: int  # the most points its natural cards have in any meld (an ace's higher value)


_new_candidate = tuple.__new__  # builds a _Candidate without NamedTuple's Python __new__
_UNITS = tuple(1 << (_BITS * i) for i in range(64))  # digit i's one


@functools.lru_cache(maxsize=64)
def _place_points(rules: MeldRules) -> tuple[int, ...]:
    """Opening points of the card at each run place 0..27 (0 unused)."""
    ace, court = rules.ace_high_points, rules.court_points
    out = [0, rules.ace_low_points]  # place 1: the ace low
    for place in range(2, 28):
        rank = (place - 2) % 13 + 2  # the rank at the place (`_rank_at`), as a number
        out.append(ace if rank == Rank.ACE else rank if rank <= Rank.TEN else court)
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
    `_subsets` order), its digit vector and how many jokers may join it."""
    out = []
    for combo, vec in _subsets(held):
        jokers = _set_range(len(combo), max_j, rules)
        if jokers:
            out.append((combo, vec, jokers))
    return tuple(out)


def _set_choices_by_count(
    counts: Sequence[int], max_j: int, rules: MeldRules
) -> list[tuple[tuple[int, ...], int, range]]:
    """`_set_choices` when a set may repeat a card: every multiset of the copies."""
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
    most_of: Sequence[int],
    best_only: bool = False,
) -> tuple[_Candidate, ...]:
    """Every meld the hand can make; ``distinct[i]`` (held ``counts[i]`` times) is the natural
    card of digit ``i``, ``points_of[i]`` its points in hand and ``most_of[i]`` its most
    points in a meld. The order (sets by rank, then runs by suit and first place) is the
    order of [`candidate_melds`][cardrules.melds.candidate_melds] and the solver's tie-break.

    With ``best_only``, the solver's list: of the melds that use the same natural cards and
    as many jokers (so the same size and points), only the most valuable, the first listed
    of equal values, in the same order. No other such meld can be in a best plan."""
    max_j = jokers if rules.jokers_allowed else 0
    if rules.max_jokers is not None:
        max_j = min(max_j, rules.max_jokers)
    joker_pts = rules.joker_points
    min_len, min_nat = rules.min_length, rules.min_naturals
    out: list[_Candidate] = []
    append = out.append
    # best_only: each run's natural cards by (suit, first place, length), and the runs
    # whose jokers standing in for held cards are listed afterwards (see `_stand_ins`)
    windows: dict[tuple[int, int, int], frozenset[int]] = {}
    deferred: list[tuple[int, int, int, int, tuple[int, ...]]] = []
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
                nat_top = most_of[base] * nat  # one rank: the same most points each
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
                                nat_top,
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
                    nat_top = 0
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
                            nat_top += most_of[i]
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
                                    nat_top,
                                ),
                            )
                        )
                        if best_only:  # every window first, then its jokers standing in
                            windows[suit, lo, length] = frozenset(used)
                            if missing < max_j:
                                deferred.append((len(out), lo, length, suit, tuple(used)))
                            continue
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
                                kept_top = 0
                                for i in kept:
                                    kept_vec += 1 << (_BITS * i)
                                    pts += points_of[i]
                                    kept_top += most_of[i]
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
                                            kept_top,
                                        ),
                                    )
                                )
    if best_only:
        out = _stand_ins(out, deferred, windows, distinct, points_of, most_of, rules, max_j)
        best: dict[tuple[int, int], int] = {}  # per (natural cards, jokers), the kept index
        for at, found in enumerate(out):
            same = (found.vec, found.jokers)
            earlier = best.get(same)
            if earlier is None or found.value > out[earlier].value:
                best[same] = at
        return tuple([out[at] for at in sorted(best.values())])
    return tuple(out)


def _stand_ins(
    out: list[_Candidate],
    deferred: list[tuple[int, int, int, int, tuple[int, ...]]],
    windows: dict[tuple[int, int, int], frozenset[int]],
    distinct: Sequence[Card],
    points_of: Sequence[int],
    most_of: Sequence[int],
    rules: MeldRules,
    max_j: int,
) -> list[_Candidate]:
    """``out`` (of `_candidates` with ``best_only``) with the runs of ``deferred`` again,
    each with jokers standing in for some of its held cards, in their listed places; but
    not those that the run one place higher, when listed and worth more, holds with the
    same cards and jokers (its own cards include them): they can never be the best of
    their cards and jokers."""
    place_pts = _place_points(rules)
    joker_pts, min_nat = rules.joker_points, rules.min_naturals
    extra: dict[int, list[_Candidate]] = {}
    run_kind = MeldKind.RUN
    units, card_of, new = _UNITS, distinct.__getitem__, _new_candidate
    for at, lo, length, suit, used in deferred:
        missing = length - len(used)
        value = sum(place_pts[lo : lo + length])
        above = None  # the cards of the run one place higher, if listed and worth more
        if lo + length < len(place_pts) and place_pts[lo + length] > place_pts[lo]:
            above = windows.get((suit, lo + 1, length))
        made = extra[at] = []
        append = made.append
        for r in range(1, max_j - missing + 1):
            if len(used) - r < min_nat:
                break
            jokers = missing + r
            for kept in itertools.combinations(used, len(used) - r):
                if above is not None and above.issuperset(kept):
                    continue  # the run one place higher holds them and is worth more
                kept_vec = 0
                pts = jokers * joker_pts
                kept_top = 0
                for i in kept:
                    kept_vec += units[i]
                    pts += points_of[i]
                    kept_top += most_of[i]
                append(
                    new(
                        _Candidate,
                        (
                            min(kept),
                            kept_vec,
                            jokers,
                            value,
                            pts,
                            length,
                            run_kind,
                            tuple(map(card_of, kept)),
                            lo,
                            suit,
                            kept_top,
                        ),
                    )
                )
    merged: list[_Candidate] = []
    for at, cand in enumerate(out, 1):
        merged.append(cand)
        more = extra.get(at)
        if more:
            merged.extend(more)
    return merged


_CardPlaces = dict[Card, tuple[int, int, tuple[int, ...], tuple[int, ...]]]
_NATURALS = tuple([(Card(r, s), r, s) for s in Suit for r in NATURAL_RANKS])  # by suit
_CARDS = tuple([Card(r, s) for s in Suit for r in Rank if not r.is_joker]) + tuple(
    [Card(r) for r in Rank if r.is_joker]
)  # every card, the three jokers last


@functools.lru_cache(maxsize=64)
def _run_tables(rules: MeldRules) -> tuple[int, int, tuple[int, ...], _CardPlaces, dict[Card, int]]:
    """What `_candidates` needs for runs, fetched at once: the lowest place a run may
    start at and the highest it may reach (``wrap_around``: 2 and 26), `_place_points`,
    `_card_places` and `_suit_masks`."""
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
    for card, rank, suit in _NATURALS:
        own = ace_places if rank == Rank.ACE else (int(rank),)
        places = tuple(q for p in own for q in (p, p + 13)) if rules.wrap_around else own
        mask = 0
        for place in places:
            mask |= 1 << place
        out[card] = (int(suit), mask, places, own)
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
    """Every card's points left in hand under ``rules`` (naturals and the three jokers), as
    [`card_points`][cardrules.melds.card_points] gives them."""
    if rules.rank_points:
        return {c: _table_points(rules, c.rank) for c in _CARDS}
    joker, ace, court = rules.joker_points, rules.ace_high_points, rules.court_points
    return {
        c: joker
        if c.rank >= _JOKER_RANK
        else int(c.rank)
        if c.rank <= Rank.TEN
        else ace
        if c.rank == Rank.ACE
        else court
        for c in _CARDS
    }


class _Analysis(NamedTuple):
    """A hand as the solver sees it: digit ``i`` counts the copies of ``distinct[i]``."""

    distinct: tuple[Card, ...]  # the natural cards, sorted
    counts: tuple[int, ...]
    wild: tuple[Card, ...]  # jokers and cards of wild ranks, sorted
    points: tuple[int, ...]  # each natural card's points left in hand
    found: tuple[_Candidate, ...]
    most: tuple[int, ...]  # each natural card's most points in a meld (an ace's higher value)


def _hand_key(hand: object) -> tuple[Card, ...]:
    """The hand's cards, checked and sorted: the same key for any order of one multiset."""
    return tuple(sorted(_as_cards(hand, "hand")))


def _analyse(
    key: tuple[Card, ...],
    rules: MeldRules,
    penalty: Callable[[Card], int] | None,
    best_only: bool = False,
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
    most = list(map(_most_table(rules).__getitem__, distinct))
    found = _candidates(distinct, counts, len(wild), rules, points, most, best_only)
    return _Analysis(tuple(distinct), tuple(counts), tuple(wild), tuple(points), found, tuple(most))


@functools.lru_cache(maxsize=32)
def _analysed(key: tuple[Card, ...], rules: MeldRules) -> _Analysis:
    """`_analyse` with the default points, remembered for recent hands: a game asks
    about the same hand for its moves and for its bots."""
    return _analyse(key, rules, None)


@functools.lru_cache(maxsize=32)
def _solver_analysed(key: tuple[Card, ...], rules: MeldRules) -> _Analysis:
    """`_analysed` with only the solver's candidates (``best_only`` of `_candidates`): for
    the search, and for whatever needs only the best meld of each cards and jokers."""
    return _analyse(key, rules, None, best_only=True)


@functools.lru_cache(maxsize=32)
def _candidate_melds(key: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    """[`candidate_melds`][cardrules.melds.candidate_melds] of a sorted hand, remembered for recent
    hands."""
    analysis = _analysed(key, rules)
    return tuple(_build(cand, list(analysis.wild)) for cand in analysis.found)


@functools.lru_cache(maxsize=32)
def _candidate_cards(
    key: tuple[Card, ...], rules: MeldRules
) -> tuple[tuple[MeldKind, tuple[Card, ...]], ...]:
    """The kind and cards of each of [`candidate_melds`][cardrules.melds.candidate_melds] of a
    sorted hand, in that order,
    without building the melds."""
    analysis = _analysed(key, rules)
    wild = analysis.wild
    return tuple([(cand.kind, _cards_of(cand, list(wild))) for cand in analysis.found])


def candidate_melds(hand: Iterable[Card], rules: MeldRules = DEFAULT_RULES) -> tuple[Meld, ...]:
    """Every set and run that can be made from cards of ``hand`` (with its jokers).

    Examples:
        >>> from cardrules import parse_cards
        >>> [str(m) for m in candidate_melds(parse_cards("5h 6h 7h 7s 7d"))]
        ['7d-7h-7s', '5h-6h-7h']
    """
    _check_rules(rules)
    return _candidate_melds(_hand_key(hand), rules)
