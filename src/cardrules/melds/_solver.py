"""The meld solver: the best way to lay a whole hand, its bounds, and doubles."""

from __future__ import annotations

import functools
import operator
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Literal

from cardrules.cards import Card, Rank
from cardrules.errors import CardRulesError
from cardrules.melds._candidates import (
    _BITS,
    _DIGIT,
    _JOKER_BITS,
    _JOKER_MASK,
    _SCALE,
    _analyse,
    _analysed,
    _Analysis,
    _build,
    _Candidate,
    _candidate_cards,
    _card_places,
    _hand_key,
    _points_table,
    _solver_analysed,
    _window_starts,
)
from cardrules.melds._check import _as_cards
from cardrules.melds._rules import (
    DEFAULT_RULES,
    Decomposition,
    Meld,
    MeldKind,
    MeldRules,
    Objective,
    _check_rules,
    _face_points,
    _place_range,
    card_points,
    meld_value,
)


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
    """For [`value_bound`][cardrules.melds.value_bound]: each natural card (not of a wild rank) with
    its rank, suit,
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

    __slots__ = (
        "capped", "choices", "guard", "jokers", "memo", "per_card", "per_digit", "per_joker",
        "starting", "state", "within",
    )  # fmt: skip

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
        # The analysis lists only the best meld of each natural cards and jokers (see
        # `_candidates`' ``best_only``): the others leave the same rest and weigh no more.
        order = range(len(found))
        per_card, per_joker = _slot_bounds(analysis, rules, weights)
        # the most each kept meld's cards and jokers could weigh in any plan (see best)
        most = dict(zip(distinct, per_card, strict=True)).__getitem__
        try:
            naturals = [sum(map(most, c.naturals)) for c in found]
            # a joker: the least that covers every kept meld's weight beyond its cards (so
            # each meld with jokers weighs at most its slots; one without, check it here)
            sound = True
            for c, nat, weight in zip(found, naturals, weight_of, strict=True):
                if c.jokers:
                    per_joker = max(per_joker, -((nat - weight) // c.jokers))
                elif weight > nat:
                    sound = False
            slots_of = [nat + c.jokers * per_joker for c, nat in zip(found, naturals, strict=True)]
        except KeyError:  # a natural card the hand does not count (a wild rank)
            sound = False
        if not sound:  # rules these bounds do not foresee: bounds too large to ever cut
            huge = sum(weight_of) + 1
            per_card, per_joker = [huge] * len(distinct), huge
            slots_of = [huge * found[i].size for i in order]
        self.per_card, self.per_joker = per_card, per_joker
        per_digit: list[list[tuple[int, int, int, int, int]]] = [[] for _ in distinct]
        for index, slots in zip(order, slots_of, strict=True):
            cand = found[index]
            per_digit[cand.low].append((cand.vec, cand.jokers, weight_of[index], index, slots))
        self.per_digit = per_digit
        self.within: list[list[list[tuple[int, list[_Option]]]]] = []  # see _group
        self.starting = 0  # the digits at which some meld starts, each as _DIGIT
        for d, options in enumerate(per_digit):
            if options:
                self.starting |= _DIGIT << (_BITS * d)
        # the top bit of every digit: 0x88...8
        self.guard = ((1 << (_BITS * len(distinct))) - 1) // _DIGIT << (_BITS - 1)
        self.memo: dict[int, int] = {}
        self.capped: dict[int, int] = {}
        self.choices: dict[int, int] = {}
        self.state = state
        self.jokers = jokers

    def _group(self) -> None:
        """Sets ``within``, on the first search (a caller that only wants the greedy plan
        never pays for it): per joker count j, per digit, the melds that need at most j
        jokers, in order (a state without jokers, the commonest, then never looks at the
        melds that need one), grouped by the next natural card they use above the
        branching one (0: none), so that a state without that card passes over the whole
        group at once."""
        grouped = [_grouped(options, d) for d, options in enumerate(self.per_digit)]
        within = [
            [
                [
                    (needs, kept)
                    for needs, group in groups
                    if (kept := [o for o in group if o[1] <= j])
                ]
                for groups in grouped
            ]
            for j in range(self.jokers)
        ]
        within.append(grouped)
        self.within = within

    def best(self, state: int, j: int) -> int:
        """The best total weight for the cards of ``state`` and ``j`` jokers.

        A branch and bound that gives the plain search's answers. Every card and joker
        has a most it can weigh in any meld (``per_card``, ``per_joker``), so the cards of
        a state weigh at most their sum, its bound. ``search(state, j, bound, floor)``
        gives the exact best when it is above ``floor``, else some number at most
        ``floor`` (the best is at most that: ``memo`` keeps the exact values, ``capped``
        these upper limits). A meld is searched with the floor that its weight must beat
        the best earlier meld (the search picks the first of the best), and leaving the
        lowest card out with the floor that it must at least tie (leaving out wins a tie),
        so the value and the choice at every state on the best plan are those of trying
        everything.
        """
        if state == 0:
            return 0
        if not self.within:
            self._group()
        memo, choices, per_digit, guard = self.memo, self.choices, self.per_digit, self.guard
        within, per_card, per_joker = self.within, self.per_card, self.per_joker
        starting, capped = self.starting, self.capped
        hit = memo.get(state << _JOKER_BITS | j)
        if hit is not None:
            return hit

        def search(go: Callable[..., int], state: int, j: int, bound: int, floor: int) -> int:
            # ``go`` is this function: passed in, not closed over, so that no cycle is made
            if state == 0:
                return 0
            if bound <= floor:
                return bound
            key = state << _JOKER_BITS | j
            hit = memo.get(key)
            if hit is not None:
                return hit
            cap = capped.get(key)
            if cap is not None and cap <= floor:
                return cap
            d = ((state & -state).bit_length() - 1) // _BITS
            if not per_digit[d]:  # no meld starts at the lowest card: no meld holds it, nor
                # any card below the first that starts one; leave them all out at once
                live = state & starting
                if live:
                    d = ((live & -live).bit_length() - 1) // _BITS
                    rest = state >> (_BITS * d) << (_BITS * d)
                    top = go(go, rest, j, _vec_bound(rest, per_card) + j * per_joker, floor)
                else:
                    top = 0
                if top > floor:
                    memo[key] = top
                else:
                    capped[key] = top
                return top
            top = floor
            choice = -2  # none above the floor yet
            for needs, group in within[j][d]:
                if needs and not state & needs:
                    continue  # the group's next card is not held
                for vec, need, weight, index, slots in group:
                    rest = (state | guard) - vec
                    if rest & guard != guard:
                        continue
                    left = bound - slots
                    # the groups are not in the candidates' order: a meld before the best
                    # so far wins a tie, one after it must beat it
                    gap = top - weight - (index < choice)
                    if left <= gap:
                        continue  # cannot beat (or tie, if earlier) the best, nor the floor
                    total = weight + go(go, rest ^ guard, j - need, left, gap)
                    if total - weight > gap:
                        top, choice = total, index
            left = bound - per_card[d]
            need_skip = top - 1 if choice >= 0 else floor  # leaving out wins a tie
            if left > need_skip:
                skip = go(go, state - (1 << (_BITS * d)), j, left, need_skip)
                if skip > need_skip:
                    top, choice = skip, -1
            if choice == -2:  # nothing above the floor: the best is at most it
                capped[key] = floor
                return floor
            memo[key] = top
            if choice >= 0:
                choices[key] = choice
            return top

        # From the hand itself, the best is at least a greedy plan's weight: a floor just
        # under it still gives the exact best, and cuts the search from the start.
        floor = self._greedy() - 1 if state == self.state and j == self.jokers else -1
        return search(search, state, j, _vec_bound(state, per_card) + j * per_joker, floor)

    def _greedy(self) -> int:
        """The weight of one plan for the whole hand: the heaviest meld that fits, again
        and again."""
        options = [o for per in self.per_digit for o in per]
        options.sort(key=_by_weight, reverse=True)
        state, j, total, guard = self.state, self.jokers, 0, self.guard
        for vec, need, weight, _, _ in options:
            if need <= j:
                rest = (state | guard) - vec
                if rest & guard == guard:
                    state, j, total = rest ^ guard, j - need, total + weight
        return total


_Option = tuple[int, int, int, int, int]  # a search option (vec, jokers, weight, index, slots)
_FEW = 20  # a digit with at most this many options keeps them in one group


def _grouped(options: list[_Option], d: int) -> list[tuple[int, list[_Option]]]:
    """The options of digit ``d`` grouped by the next natural card each uses above that one
    (as a mask of its digit; 0 for a meld of that card and jokers alone), groups in order
    of their first option and options in their order within."""
    if len(options) <= _FEW:  # grouping would cost more than it saves
        return [(0, options)] if options else []
    groups: dict[int, list[_Option]] = {}  # by the lowest bit of the rest of the meld
    unit = 1 << (_BITS * d)
    for option in options:
        rest = option[0] - unit
        low = rest & -rest
        group = groups.get(low)
        if group is None:
            groups[low] = [option]
        else:
            group.append(option)
    return [
        (_DIGIT << (low.bit_length() - 1) // _BITS * _BITS if low else 0, group)
        for low, group in groups.items()
    ]


def _vec_bound(vec: int, per_card: list[int]) -> int:
    """The sum of ``per_card`` over the cards of ``vec`` (one digit per distinct card)."""
    total = 0
    i = 0
    while vec:
        n = vec & _DIGIT
        if n:
            total += n * per_card[i]
        vec >>= _BITS
        i += 1
    return total


def _slot_bounds(analysis: _Analysis, rules: MeldRules, weights: _Weights) -> tuple[list[int], int]:
    """The most each distinct card can add to a meld's weight: its weight as a one-card meld
    at its highest value. The caller sets a joker's from the melds, and checks them against
    every meld it keeps, whose weight must be at most the sum over its cards and jokers."""
    scale = _SCALE

    def weight(value: int, points: int) -> int:
        if weights == "value":
            return value * scale + points
        if weights == "deadwood":
            return points * scale + value
        if weights == "all":
            return (scale + value) * scale + points
        return value

    def most(card: Card) -> int:
        low, high = (
            _face_points(card, rules, low_ace=True),
            _face_points(card, rules, low_ace=False),
        )
        return max(low, high)

    distinct, _, _, points, _ = analysis
    per_card = [weight(most(c), p) for c, p in zip(distinct, points, strict=True)]
    return per_card, 0  # the caller raises the jokers' to what its melds need


@functools.lru_cache(maxsize=32)
def _searched(key: tuple[Card, ...], rules: MeldRules, weights: _Weights) -> _Search:
    """The search of a sorted hand with the default points, remembered with what it found."""
    return _Search(_solver_analysed(key, rules), rules, weights)


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
    """[`solve`][cardrules.melds.solve] of a sorted hand with the default points, remembered for
    recent hands."""
    search = _searched(key, rules, objective)
    return _solve(_solver_analysed(key, rules), rules, search, _points_table(rules).__getitem__)


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


_by_weight = operator.itemgetter(2)  # of a search option (vec, jokers, weight, index, slots)
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
    distinct, wild = _solver_analysed(key, rules).distinct, _solver_analysed(key, rules).wild
    if holding in distinct:  # a natural card: the melds whose natural cards include it
        digit = _DIGIT << (_BITS * distinct.index(holding))
        holders = [c for c in ordered if c.vec & digit]
    elif wild and all(w == holding for w in wild):  # every wild card is it: the melds
        holders = [c for c in ordered if c.jokers]  # with a joker hold one of them
    else:
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
    every card if that can be done (check
    [`Decomposition.all_melded`][cardrules.melds.Decomposition.all_melded]), else as many
    cards as possible.

    Args:
        hand: the cards.
        rules: the meld rules.
        objective: what to optimise.
        penalty: a card's points left in hand (default
            [`card_points`][cardrules.melds.card_points]).

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
    analysis = _analyse(key, rules, penalty, best_only=True)
    return _solve(analysis, rules, _Search(analysis, rules, objective), penalty)


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
