"""The meld solver: the best way to lay a whole hand (``solve``), by an exact search over
the hand's candidate melds (``_Search``).

The quick answers built on the same search without building melds (bounds, the best
value, the fewest cards left, the values of openings) are in ``_bounds``; doubles in
``_doubles``.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable
from typing import Literal

from cardrules.cards import Card
from cardrules.errors import CardRulesError
from cardrules.melds._candidates import (
    _BITS,
    _DIGIT,
    _JOKER_BITS,
    _JOKER_MASK,
    _SCALE,
    _analyse,
    _Analysis,
    _build,
    _hand_key,
    _points_table,
    _solver_analysed,
)
from cardrules.melds._rules import (
    DEFAULT_RULES,
    Decomposition,
    Meld,
    MeldRules,
    Objective,
    _check_rules,
    meld_value,
)

_by_weight = operator.itemgetter(2)  # of a search option (vec, jokers, weight, index, slots)
_Weights = Literal["value", "deadwood", "all", "value only"]


def _by_loss(option: tuple[int, int, int, int, int]) -> int:
    """How much less a search option weighs than its cards and jokers might (its slots)."""
    return option[4] - option[2]


class _Search:
    """The solver's search over one hand (remembered with the hand, so no cycles here).

    ``best(state, jokers)`` is the largest total weight of melds that the cards of ``state``
    (one digit per distinct card; ``state`` starts with the cards some candidate uses) and
    that many jokers can make; ``choices`` remembers each
    state's best first meld (an index into the candidates) when it is not to skip a card.
    """

    __slots__ = (
        "choices", "guard", "jokers", "per_card", "per_digit", "per_joker", "seen", "starting",
        "state", "within",
    )  # fmt: skip

    def __init__(self, analysis: _Analysis, rules: MeldRules, weights: _Weights) -> None:
        distinct, counts, wild, _, found, _ = analysis
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
        scale, pj = _SCALE, rules.joker_points
        # Each kept meld's weight and the sum of ``per_card`` over its natural cards (the
        # most they could weigh in any plan, see best), from its points and ``top``.
        weight_of: list[int]
        naturals: list[int]
        if weights == "value":
            weight_of = [c.value * scale + c.points for c in found]
            naturals = [c.top * scale + c.points - c.jokers * pj for c in found]
        elif weights == "deadwood":
            weight_of = [c.points * scale + c.value for c in found]
            naturals = [(c.points - c.jokers * pj) * scale + c.top for c in found]
        elif weights == "all":
            weight_of = [(c.size * scale + c.value) * scale + c.points for c in found]
            naturals = [
                ((c.size - c.jokers) * scale + c.top) * scale + c.points - c.jokers * pj
                for c in found
            ]
        else:
            weight_of = [c.value for c in found]
            naturals = [c.top for c in found]
        # The analysis lists only the best meld of each natural cards and jokers (see
        # `_candidates`' ``best_only``): the others leave the same rest and weigh no more.
        order = range(len(found))
        per_card = _slot_bounds(analysis, weights)
        # a joker: the least that covers every kept meld's weight beyond its cards (so
        # each meld with jokers weighs at most its slots; one without, check it here)
        per_joker = 0
        sound = True
        for c, nat, weight in zip(found, naturals, weight_of, strict=True):
            if c.jokers:
                need = -((nat - weight) // c.jokers)
                if need > per_joker:
                    per_joker = need
            elif weight > nat:
                sound = False
        slots_of = [nat + c.jokers * per_joker for c, nat in zip(found, naturals, strict=True)]
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
        self.seen: dict[int, int] = {}  # see best
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
        grouped = [  # (each group in the order of its options: by loss)
            _grouped(sorted(options, key=_by_loss), d) for d, options in enumerate(self.per_digit)
        ]
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

    def best(self, state: int, j: int, at_least: int = 0) -> int:
        """The best total weight for the cards of ``state`` and ``j`` jokers; with
        ``at_least``, that best only if it is at least ``at_least``, else some number below
        ``at_least`` (for a caller that only compares the best with it: the search cuts
        every plan that cannot reach it).

        A branch and bound that gives the plain search's answers. Every card and joker
        has a most it can weigh in any meld (``per_card``, ``per_joker``), so the cards of
        a state weigh at most their sum, its bound. ``search(state, j, bound, floor)``
        gives the exact best when it is above ``floor``, else some number at most
        ``floor`` (the best is at most that: ``seen`` keeps the exact values and these upper
        limits). A meld is searched with the floor that its weight must beat
        the best earlier meld (the search picks the first of the best), and leaving the
        lowest card out with the floor that it must at least tie (leaving out wins a tie),
        so the value and the choice at every state on the best plan are those of trying
        everything.
        """
        if state == 0:
            return 0
        if not self.within:
            self._group()
        seen, choices, per_digit, guard = self.seen, self.choices, self.per_digit, self.guard
        within, per_card, per_joker, starting = (
            self.within,
            self.per_card,
            self.per_joker,
            self.starting,
        )
        key = state << _JOKER_BITS | j
        hit = seen.get(key)
        if hit is not None and hit & 1:
            return hit >> 1

        def search(
            go: Callable[..., int], state: int, j: int, bound: int, floor: int, key: int
        ) -> int:
            # ``go`` is this function: passed in, not closed over, so that no cycle is made;
            # ``key`` is the state's, and its caller has looked it up in ``seen`` (an exact
            # value ``v`` is kept as ``2 v + 1``, an upper limit ``c`` as ``2 c``) and found
            # no answer
            if state == 0:
                return 0
            if bound <= floor:
                return bound
            d = ((state & -state).bit_length() - 1) // _BITS
            if not per_digit[d]:  # no meld starts at the lowest card: no meld holds it, nor
                # any card below the first that starts one; leave them all out at once
                live = state & starting
                if live:
                    d = ((live & -live).bit_length() - 1) // _BITS
                    rest = state >> (_BITS * d) << (_BITS * d)
                    rest_key = rest << _JOKER_BITS | j
                    hit = seen.get(rest_key)
                    if hit is not None and (hit & 1 or hit >> 1 <= floor):
                        top = hit >> 1
                    else:
                        left = _vec_bound(rest, per_card) + j * per_joker
                        top = go(go, rest, j, left, floor, rest_key)
                else:
                    top = 0
                seen[key] = 2 * top + 1 if top > floor else 2 * top
                return top
            top = floor
            choice = -2  # none above the floor yet
            held = state | guard  # minus a meld's cards: a digit's top bit lost if one is short
            for needs, group in within[j][d]:
                if needs and not state & needs:
                    continue  # the group's next card is not held
                for vec, need, weight, index, slots in group:
                    left = bound - slots
                    gap = top - weight
                    if left < gap:  # it loses more than the state can (and so do those
                        break  # after it, by loss): it cannot beat or tie the best
                    rest = held - vec
                    if rest & guard != guard:
                        continue
                    # the groups are not in the candidates' order: a meld before the best
                    # so far wins a tie, one after it must beat it
                    if index < choice:
                        gap -= 1
                    if left <= gap:
                        continue  # cannot beat (or tie, if earlier) the best, nor the floor
                    rest ^= guard
                    rest_key = rest << _JOKER_BITS | j - need
                    hit = seen.get(rest_key)  # many melds leave the same rest
                    if hit is None:
                        total = weight + go(go, rest, j - need, left, gap, rest_key)
                    elif hit & 1:
                        total = weight + (hit >> 1)
                    elif hit >> 1 <= gap:
                        continue  # found no better before
                    else:
                        total = weight + go(go, rest, j - need, left, gap, rest_key)
                    if total - weight > gap:
                        top, choice = total, index
            left = bound - per_card[d]
            need_skip = top - 1 if choice >= 0 else floor  # leaving out wins a tie
            if left > need_skip:
                rest = state - (1 << (_BITS * d))
                rest_key = rest << _JOKER_BITS | j
                hit = seen.get(rest_key)
                if hit is not None and (hit & 1 or hit >> 1 <= need_skip):
                    skip = hit >> 1
                else:
                    skip = go(go, rest, j, left, need_skip, rest_key)
                if skip > need_skip:
                    top, choice = skip, -1
            if choice == -2:  # nothing above the floor: the best is at most it
                seen[key] = 2 * floor
                return floor
            seen[key] = 2 * top + 1
            if choice >= 0:
                choices[key] = choice
            return top

        # From the hand itself, the best is at least a greedy plan's weight: a floor just
        # under it still gives the exact best, and cuts the search from the start.
        floor = self._greedy() - 1 if state == self.state and j == self.jokers else -1
        if at_least - 1 > floor:
            floor = at_least - 1
        bound = _vec_bound(state, per_card) + j * per_joker
        return search(search, state, j, bound, floor, key)

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


def _slot_bounds(analysis: _Analysis, weights: _Weights) -> list[int]:
    """The most each distinct card can add to a meld's weight: its weight as a one-card meld
    at its highest value. The caller sets a joker's from the melds, and checks them against
    every meld it keeps, whose weight must be at most the sum over its cards and jokers."""
    scale = _SCALE
    _, _, _, points, _, most = analysis
    if weights == "value":
        return [m * scale + p for m, p in zip(most, points, strict=True)]
    if weights == "deadwood":
        return [p * scale + m for m, p in zip(most, points, strict=True)]
    if weights == "all":
        return [(scale + m) * scale + p for m, p in zip(most, points, strict=True)]
    return list(most)


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
    _, counts, wild, points, _, _ = analysis
    return sum(p * n for p, n in zip(points, counts, strict=True)) + len(wild) * rules.joker_points


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
