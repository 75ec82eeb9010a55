"""Quick answers about a hand without building its melds: bounds of its best value
(``value_bound``, ``_value_ceiling``), the search's best value and fewest cards left
(``_best_value``, ``_fewest_left``), greedy plans that answer "above a threshold?" at once
(``_value_above``, ``_opening_with_above``) and the values of the openings that lay each
candidate meld (``_opening_values``).

Examples:
    >>> from cardrules import parse_cards
    >>> value_bound(parse_cards("5h 6h 7h 7s 7d Kc")) >= 21
    True
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable

from cardrules.cards import Card, Rank
from cardrules.melds._candidates import (
    _BITS,
    _DIGIT,
    _SCALE,
    _analysed,
    _Analysis,
    _Candidate,
    _candidate_cards,
    _card_places,
    _solver_analysed,
    _window_starts,
)
from cardrules.melds._check import _as_cards
from cardrules.melds._rules import (
    DEFAULT_RULES,
    MeldRules,
    _check_rules,
    _face_points,
    _place_range,
)
from cardrules.melds._solver import _held_points, _searched, _solved


@functools.lru_cache(maxsize=32)
def _value_ceiling(key: tuple[Card, ...], rules: MeldRules) -> int:
    """A cheap upper bound of ``solve(...).value`` for a sorted hand whose candidates are
    known: the best points of every natural card some candidate uses, and of each joker."""
    analysis = _solver_analysed(key, rules)
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


def value_bound(hand: Iterable[Card], rules: MeldRules = DEFAULT_RULES) -> int:
    """A cheap upper bound of ``solve(hand, rules).value``: the points of every card that
    could sit in some meld (each joker at the highest card value).

    Use it to skip the solver when even the bound cannot reach an opening threshold.

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.melds import solve
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
    in_sets, live = _meldable(masks, of_rank, need, rules)
    for rank, suit, mask, points in naturals:
        if in_sets >> rank & 1 or live[suit] & mask:
            total += points
    return total


def _meldable(
    masks: list[int], of_rank: list[int], need: int, rules: MeldRules
) -> tuple[int, list[int]]:
    """For the bounds: the bit mask of the ranks held in at least ``need`` suits (or copies),
    and per suit the run places inside a window that holds ``need`` of the places held
    (``masks``: per suit; ``of_rank``: per rank, the suits held, a bit each, or the copies)."""
    in_sets = 0
    if rules.sets_allowed:
        if rules.set_suits_distinct:
            for rank, held in enumerate(of_rank):
                if held.bit_count() >= need:
                    in_sets |= 1 << rank
        else:
            for rank, held in enumerate(of_rank):
                if held >= need:
                    in_sets |= 1 << rank
    length = rules.min_length
    if rules.wrap_around:  # a run starts at 2 to 14 and may reach 26: any window inside it
        first_start, last_start = 2, 26 - length + 1
    else:
        low, high = _place_range(rules)
        first_start, last_start = low, high - length + 1
    live = [0, 0, 0, 0]
    if rules.runs_allowed and last_start >= first_start:
        starts_allowed = (1 << (last_start + 1)) - (1 << first_start)
        for suit, mask in enumerate(masks):
            starts = _window_starts(mask, length, need) & starts_allowed
            if starts:
                spread = starts
                for k in range(1, length):
                    spread |= starts << k
                live[suit] = spread
    return in_sets, live


@functools.lru_cache(maxsize=64)
def _bound_info(rules: MeldRules) -> dict[Card, tuple[int, int, int, int]]:
    """For [`value_bound`][cardrules.melds.value_bound]: each natural card (not of a wild rank) with
    its rank, suit,
    the bit mask of its run places (with ``wrap_around`` also 13 higher) and its points."""
    out = {}
    for card, (suit, mask, _, _) in _card_places(rules).items():
        if card.rank not in rules.wild_ranks:
            points = _face_points(card, rules, low_ace=False)
            out[card] = (int(card.rank), suit, mask, points)
    return out


def _best_value(key: tuple[Card, ...], rules: MeldRules) -> int:
    """``solve(...).value`` of a sorted hand, from the search alone (no melds built): for a
    caller that only compares it with a threshold."""
    search = _searched(key, rules, "value")
    total = search.best(search.state, search.jokers)
    if _held_points(_solver_analysed(key, rules), rules) < _SCALE:
        return total // _SCALE  # the totals are value * _SCALE + points
    return _solved(key, rules, "value").value


def _fewest_left(key: tuple[Card, ...], rules: MeldRules) -> int:
    """``len(solve(..., objective="all").deadwood)`` of a sorted hand, from the search alone
    (no melds built): how many cards the best plan leaves unmelded."""
    search = _searched(key, rules, "all")
    total = search.best(search.state, search.jokers)
    top = max(rules.ace_high_points, rules.ace_low_points, rules.court_points, 10)
    if _held_points(_solver_analysed(key, rules), rules) < _SCALE and len(key) * top < _SCALE:
        # the totals are (cards * _SCALE + value) * _SCALE + points
        return len(key) - total // (_SCALE * _SCALE)
    return len(_solved(key, rules, "all").deadwood)


def _greedy_value(guard: int, ordered: list[_Candidate], state: int, j: int) -> int:
    """The value of one plan for the cards of ``state`` and ``j`` jokers: the most valuable
    candidate (of ``ordered``, most valuable first) that fits, again and again. A lower
    bound of the search's best value, found in one pass instead of the whole search."""
    total = 0
    for c in ordered:
        if c.jokers <= j:
            rest = (state | guard) - c.vec
            if rest & guard == guard:
                state, j, total = rest ^ guard, j - c.jokers, total + c.value
    return total


_by_value = operator.attrgetter("value")  # most valuable first with reverse=True (stable)


def _value_above(key: tuple[Card, ...], rules: MeldRules, threshold: int) -> bool:
    """Whether ``_best_value`` of a sorted hand is above ``threshold``: a greedy plan
    first, which answers at once for a strong hand, and the search only when it falls
    short (the answer is the search's either way)."""
    search = _searched(key, rules, "value")
    # the best meld of each cards and jokers: the others fit no better, and are worth no more
    ordered = sorted(_solver_analysed(key, rules).found, key=_by_value, reverse=True)
    if _greedy_value(search.guard, ordered, search.state, search.jokers) > threshold:
        return True
    if _held_points(_solver_analysed(key, rules), rules) < _SCALE:
        # the totals are value * _SCALE + points: the value is above ``threshold`` when the
        # total reaches ``at``, and the search cuts every plan that cannot
        at = (threshold + 1) * _SCALE
        return search.best(search.state, search.jokers, at) >= at
    return _best_value(key, rules) > threshold


def _opening_with_above(
    key: tuple[Card, ...], rules: MeldRules, holding: Card, threshold: int
) -> bool | None:
    """``True`` if some meld of a sorted hand holding ``holding``, with a greedy plan of the
    cards left beside it, is worth more than ``threshold``: then so is the best opening that
    lays that card. ``None`` when no greedy plan shows it (the caller then searches)."""
    search = _searched(key, rules, "value")
    state, j = search.state, search.jokers
    # the best meld of each cards and jokers: the others fit no better, and are worth no more
    ordered = sorted(_solver_analysed(key, rules).found, key=_by_value, reverse=True)
    solver = _solver_analysed(key, rules)
    holders = _holders(ordered, solver.distinct, solver.wild, holding)
    if holders is None:
        places, found = _candidate_cards(key, rules), _analysed(key, rules).found
        holders = [c for c, (_, cards) in zip(found, places, strict=True) if holding in cards]
        holders.sort(key=_by_value, reverse=True)
    for c in holders:
        if c.value + _greedy_value(search.guard, ordered, state - c.vec, j - c.jokers) > threshold:
            return True
    return None


@functools.lru_cache(maxsize=32)
def _opening_values(
    key: tuple[Card, ...], rules: MeldRules, holding: Card | None = None
) -> tuple[int, ...]:
    """For each of `candidate_melds` of a sorted hand, in that order: its value plus
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
    rests: dict[tuple[int, int], int] = {}  # melds of the same cards leave the same rest
    out = []
    for c, wanted_here in zip(found, wanted, strict=True):
        if not wanted_here:
            out.append(-1)
            continue
        rest = rests.get((c.vec, c.jokers))
        if rest is None:
            rest = rests[c.vec, c.jokers] = best(state - c.vec, j - c.jokers) // scale
        out.append(c.value + rest)
    return tuple(out)


def _read_hand(
    key: tuple[Card, ...], rules: MeldRules
) -> tuple[list[tuple[Card, tuple[int, int, int, int]]], list[int], list[int], int]:
    """For `_joker_bound` and `_left_bound`: the natural cards of a sorted hand with their
    facts (`_bound_info`), the run places held per suit, per rank the suits held (a bit each)
    or the copies held, and the number of jokers."""
    info = _bound_info(rules)
    naturals = []
    masks = [0, 0, 0, 0]
    of_rank = [0] * 16
    distinct = rules.set_suits_distinct
    wild = 0
    for card in key:
        facts = info.get(card)
        if facts is None:  # a joker
            wild += 1
            continue
        naturals.append((card, facts))
        rank, suit, mask, _ = facts
        masks[suit] |= mask
        if distinct:
            of_rank[rank] |= 1 << suit
        else:
            of_rank[rank] += 1
    return naturals, masks, of_rank, wild


def _shared_jokers(most: list[int], jokers: int) -> int:
    """The most that melds sharing ``jokers`` jokers hold, when one meld with ``k`` jokers
    holds at most ``most[k]`` (`_joker_meld_points`): the jokers shared out in the best way."""
    shared = [0] * (jokers + 1)  # shared[m]: the most that melds with m jokers hold
    for m in range(1, jokers + 1):
        shared[m] = max([most[k] + shared[m - k] for k in range(1, m + 1)])
    return shared[jokers]


def _joker_bound(key: tuple[Card, ...], rules: MeldRules, at_least: int = 0) -> int:
    """An upper bound of ``solve(...).value`` of a sorted hand, at most
    [`value_bound`][cardrules.melds.value_bound] (without its checks) and much tighter with
    jokers.

    A natural card that no meld without jokers can hold (no three of its rank's suits or
    copies, no three consecutive places of its suit held) can only be laid in a meld with a
    joker, and there are at most as many such melds as jokers. So the bound is: the points of
    the cards that a meld without jokers can hold, each joker at the highest card value, and
    of the other cards at most what the jokers' melds can hold: one meld with ``k`` jokers
    holds at most the most points of one rank's such cards, or of one suit's such cards
    between two places with at most ``k`` places not held (`_joker_meld_points`), and the
    jokers are shared out among such melds in the best way.

    When value_bound's figure is below ``at_least``, it is the answer at once (the caller
    only compares the bound with ``at_least``).
    """
    if rules.wrap_around or rules.wild_ranks or rules.max_jokers is not None:
        return value_bound(key, rules)
    naturals, masks, of_rank, wild = _read_hand(key, rules)
    length = rules.min_length
    jokers = wild if rules.jokers_allowed else 0
    top = max(rules.ace_high_points, rules.ace_low_points, rules.court_points, 10)
    if jokers:  # value_bound's figure first: the cards in a window (or of a rank) that the
        # jokers could fill
        need = length - jokers
        plain = wild * top
        if need <= 1:
            plain += sum([facts[3] for _, facts in naturals])
        else:
            in_sets, live = _meldable(masks, of_rank, need, rules)
            for _, (rank, suit, mask, points) in naturals:
                if in_sets >> rank & 1 or live[suit] & mask:
                    plain += points
        if plain < at_least:
            return plain
    in_sets, live = _meldable(masks, of_rank, length, rules)  # a meld without jokers
    total = 0
    others: list[tuple[Card, int, int, int]] = []  # the cards only a joker's meld holds
    for card, (rank, suit, mask, points) in naturals:
        if in_sets >> rank & 1 or live[suit] & mask:
            total += points
        else:
            others.append((card, rank, suit, mask))
    if not jokers:
        return total  # value_bound's figure
    total += wild * top
    if not others:
        return min(total, plain)
    best = _best_points(rules)
    most = _joker_meld_points(others, masks, jokers, best, rules)
    held = _shared_jokers(most, jokers)
    return min(plain, total + min(held, sum([best[c] for c, _, _, _ in others])))


def _joker_meld_points(
    others: list[tuple[Card, int, int, int]],
    masks: list[int],
    jokers: int,
    best: dict[Card, int],
    rules: MeldRules,
) -> list[int]:
    """For `_joker_bound`: ``out[k]`` (``k`` from 1 to ``jokers``) is at least the points of
    the cards of ``others`` (card, rank, suit, run places) that one meld with ``k`` jokers
    can hold, each card once."""
    out = [0] * (jokers + 1)
    one = 0
    if rules.sets_allowed:  # one rank's cards, each card once (copies: every copy)
        per_rank: dict[int, int] = {}
        seen: set[Card] = set()
        for card, rank, _, _ in others:
            if card not in seen or not rules.set_suits_distinct:
                seen.add(card)
                per_rank[rank] = per_rank.get(rank, 0) + best[card]
        one = max(per_rank.values())
    if rules.runs_allowed:  # one suit's cards between two places, at most k places not held
        low, high = _place_range(rules)
        per_place: dict[int, dict[int, int]] = {}
        for card, _, suit, mask in others:
            row = per_place.setdefault(suit, {})
            for place in range(low, high + 1):
                if mask >> place & 1:
                    row[place] = best[card]
        for suit, row in per_place.items():
            held = masks[suit]
            for first in row:
                gaps = 0
                points = 0
                for place in range(first, high + 1):
                    if not held >> place & 1:
                        gaps += 1
                        if gaps > jokers:
                            break
                    else:
                        points += row.get(place, 0)
                        if points > out[gaps]:
                            out[gaps] = points
    for k in range(1, jokers + 1):  # k jokers hold whatever fewer hold, or a set
        out[k] = max(out[k], out[k - 1], one)
    return out


def _greedy_start(
    analysis: _Analysis, rules: MeldRules
) -> tuple[int, list[_Candidate], int, int] | None:
    """The arguments of `_greedy_value` for every card of ``analysis`` (an `_analysed`
    result): the guard bits, the candidates most valuable first, the cards' state and the
    jokers; ``None`` when a card is held more often than a state's digit can count."""
    counts = analysis.counts
    if counts and max(counts) > _DIGIT >> 1:
        return None
    state = 0
    shift = 0
    for n in counts:
        state += n << shift
        shift += _BITS
    guard = ((1 << (_BITS * len(counts))) - 1) // _DIGIT << (_BITS - 1)
    jokers = len(analysis.wild) if rules.jokers_allowed else 0
    return guard, sorted(analysis.found, key=_by_value, reverse=True), state, jokers


def _holders(
    ordered: list[_Candidate], distinct: tuple[Card, ...], wild: tuple[Card, ...], holding: Card
) -> list[_Candidate] | None:
    """The candidates of ``ordered`` that hold ``holding``, in that order: for a natural card
    the melds whose natural cards include it, when every wild card is it the melds with a
    joker; ``None`` otherwise (the caller finds them another way)."""
    if holding in distinct:
        digit = _DIGIT << (_BITS * distinct.index(holding))
        return [c for c in ordered if c.vec & digit]
    if wild and all(w == holding for w in wild):
        return [c for c in ordered if c.jokers]
    return None


def _plan_above(key: tuple[Card, ...], rules: MeldRules, threshold: int) -> bool:
    """``True`` if a greedy plan of every candidate meld of a sorted hand (the complete list
    of `candidate_melds`, which a game that lists its meld moves builds anyway) is worth
    more than ``threshold``: then so is ``solve(...).value``. ``False`` says nothing (the
    caller then asks `_value_above`)."""
    analysis = _analysed(key, rules)
    start = _greedy_start(analysis, rules)
    return start is not None and _greedy_value(*start) > threshold


def _plan_with_above(
    key: tuple[Card, ...], rules: MeldRules, holding: Card, threshold: int
) -> bool:
    """``True`` if some candidate meld of a sorted hand holding ``holding`` (of the complete
    list of `candidate_melds`), with a greedy plan of every candidate for the cards left
    beside it, is worth more than ``threshold``: then so are ``solve(...).value`` and the
    best opening that lays that card. ``False`` says nothing (the caller then asks
    `_value_above` and `_opening_with_above`)."""
    analysis = _analysed(key, rules)
    start = _greedy_start(analysis, rules) if analysis.counts else None
    if start is None:
        return False
    guard, ordered, state, jokers = start
    holders = _holders(ordered, analysis.distinct, analysis.wild, holding)
    if holders is None:
        return False
    for c in holders:
        rest = _greedy_value(guard, ordered, state - c.vec, jokers - c.jokers)
        if c.value + rest > threshold:
            return True
    return False


def _left_bound(key: tuple[Card, ...], rules: MeldRules) -> int:
    """A lower bound of `_fewest_left` of a sorted hand: how many cards any plan leaves.

    As in `_joker_bound`: a natural card that no meld without jokers can hold can only be
    laid in a meld with a joker, there are at most as many such melds as jokers, and one
    meld with ``k`` jokers holds at most as many such cards as `_joker_meld_points` counts
    (each card one point). The cards beyond what the jokers' melds can hold are left.
    """
    if rules.wrap_around or rules.wild_ranks or rules.max_jokers is not None:
        return 0
    naturals, masks, of_rank, wild = _read_hand(key, rules)
    in_sets, live = _meldable(masks, of_rank, rules.min_length, rules)  # without jokers
    others = [
        (card, rank, suit, mask)
        for card, (rank, suit, mask, _) in naturals
        if not (in_sets >> rank & 1 or live[suit] & mask)
    ]
    if not rules.jokers_allowed:
        return len(others) + wild
    if not wild or not others:
        return len(others)
    ones = dict.fromkeys([card for card, _, _, _ in others], 1)
    most = _joker_meld_points(others, masks, wild, ones, rules)
    return max(0, len(others) - _shared_jokers(most, wild))
