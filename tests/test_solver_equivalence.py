"""Issue 29: the faster meld solver gives exactly the answers of the plain search.

Three oracles that share no code with the bounded search:

* the plain search (every meld tried at every card, no bound: the search as it was before
  issue 12, kept in ``tests/test_hotpath_melds.py``) over the *whole* candidate list, walked
  into melds the way ``solve`` walks its own plan: ``solve`` must give the same melds, in
  the same order with the same cards and faces, for random hands, the stored-answer test's
  seeded hands, every rules and objective;
* for small hands, an exhaustive search over every set of disjoint candidate melds: the
  best value and, at that value, the fewest deadwood points;
* the per-rules tables the candidates are built from, against ``card_points`` and a table
  written out by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import JOKER, Card, decks, parse_cards
from cardrules.cards import Rank, Suit
from cardrules.errors import OptionError
from cardrules.games.kalooki51.scoring import RULES as KALOOKI_RULES
from cardrules.games.turkish51.scoring import RULES as TURKISH_RULES
from cardrules.melds import (
    DEFAULT_RULES,
    Decomposition,
    MeldRules,
    candidate_melds,
    card_points,
    meld_value,
    solve,
)
from cardrules.melds._candidates import (
    _BITS,
    _JOKER_BITS,
    _analysed,
    _card_places,
    _hand_key,
    _place_points,
    _points_table,
    _solver_analysed,
)
from cardrules.melds._rules import _face_points, _places
from cardrules.melds._solver import _Search, _solve
from tests.test_hotpath_melds import _all_options, _plain_search
from tests.test_solver_reference import RULES as REFERENCE_RULES
from tests.test_solver_reference import hands as reference_hands

RULES = {
    "default": DEFAULT_RULES,
    "turkish51": TURKISH_RULES,
    "kalooki51": KALOOKI_RULES,
    "wrap": MeldRules(wrap_around=True),
    "one_joker_two_naturals": MeldRules(max_jokers=1, min_naturals=2),
    "wild_twos": MeldRules(wild_ranks=frozenset({Rank.TWO})),
    "four_long": MeldRules(min_length=4, ace_low=False),
    "cheap_ace": MeldRules(ace_high_points=1, court_points=5, joker_points=0),
}
NATURALS = [c for c in decks.double().cards if not c.is_joker]


@st.composite
def crowded_hands(draw: st.DrawFn, most: int = 13) -> tuple[Card, ...]:
    """A hand like the hard hands: cards of a few neighbouring ranks in two or three suits of
    the double pack (many overlapping runs, pairs and copies), and up to three jokers."""
    low = draw(st.integers(2, 9))
    width = draw(st.integers(4, 7))
    suits = draw(st.sets(st.sampled_from(list(Suit)), min_size=2, max_size=3))
    pool = [c for c in NATURALS if c.suit in suits and low <= int(c.rank) < low + width]
    size = draw(st.integers(3, min(most, len(pool))))
    picked = draw(st.permutations(pool))[:size]
    return (*picked, *[JOKER] * draw(st.integers(0, 3)))


class _Walked:
    """What ``_solve`` reads of a search, filled by the plain search instead."""

    def __init__(self, analysis: Any, rules: MeldRules, objective: str) -> None:
        self.helper = _Search(analysis, rules, objective)  # type: ignore[arg-type]
        self.options = _all_options(analysis, objective)
        self.state, self.jokers = self.helper.state, self.helper.jokers
        self.memo: dict[int, int] = {}
        self.choices: dict[int, int] = {}

    def best(self, state: int, j: int) -> int:
        return _plain_search(self.helper, self.options, state, j, self.memo, self.choices)


def _plain_solve(hand: tuple[Card, ...], rules: MeldRules, objective: str) -> Decomposition:
    """``solve`` by the plain search over every candidate meld (none left out as a worse copy
    of another), the plan walked into melds as ``solve`` walks its own."""
    analysis = _analysed(_hand_key(hand), rules)
    walked = _Walked(analysis, rules, objective)
    return _solve(analysis, rules, walked, _points_table(rules).__getitem__)  # type: ignore[arg-type]


def _same(a: Decomposition, b: Decomposition) -> bool:
    def parts(d: Decomposition) -> Any:
        melds = [(m.kind, m.cards, m.faces, m.start) for m in d.melds]
        return melds, d.deadwood, d.value, d.deadwood_points

    return bool(parts(a) == parts(b))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=crowded_hands(),
    name=st.sampled_from(sorted(RULES)),
    objective=st.sampled_from(["value", "deadwood", "all"]),
)
def test_solve_matches_the_plain_search(hand: tuple[Card, ...], name: str, objective: str) -> None:
    """Issue 29: the same melds, deadwood, value and points as the plain search."""
    rules = RULES[name]
    fast = solve(hand, rules, objective=objective)  # type: ignore[arg-type]
    assert _same(fast, _plain_solve(hand, rules, objective)), (name, objective, hand)


@pytest.mark.parametrize("name", sorted(REFERENCE_RULES))
def test_the_reference_hands_against_the_plain_search(name: str) -> None:
    """The stored-answer test's seeded hands (half from the double pack, half crowded), every
    objective, checked live against the plain search rather than against stored digests."""
    rules = REFERENCE_RULES[name]
    for hand in reference_hands():
        for objective in ("value", "deadwood", "all"):
            fast = solve(hand, rules, objective=objective)
            assert _same(fast, _plain_solve(hand, rules, objective)), (name, objective, hand)


@settings(max_examples=80, deadline=None)
@given(
    hand=st.lists(st.sampled_from(NATURALS), min_size=3, max_size=15).map(tuple),
    jokers=st.integers(0, 2),
)
def test_the_search_matches_the_plain_search_from_every_first_meld(
    hand: tuple[Card, ...], jokers: int
) -> None:
    """The values the bounded search gives for the rests the opening values ask about are the
    plain search's, and so is its plan from the whole hand."""
    key = _hand_key((*hand, *[JOKER] * jokers))
    analysis = _solver_analysed(key, TURKISH_RULES)
    bounded = _Search(analysis, TURKISH_RULES, "value")
    plain = _Search(analysis, TURKISH_RULES, "value")
    options = _all_options(analysis, "value")
    memo: dict[int, int] = {}
    choices: dict[int, int] = {}
    top = bounded.best(bounded.state, bounded.jokers)
    assert top == _plain_search(plain, options, plain.state, plain.jokers, memo, choices)
    state, j = bounded.state, bounded.jokers
    while state:  # the plans, walked as _solve walks them
        key_here = state << _JOKER_BITS | j
        assert bounded.choices.get(key_here, -1) == choices.get(key_here, -1)
        index = choices.get(key_here, -1)
        if index < 0:
            state -= 1 << (_BITS * (((state & -state).bit_length() - 1) // _BITS))
        else:
            state, j = state - analysis.found[index].vec, j - analysis.found[index].jokers
    for cand in analysis.found:
        rest, left = bounded.state - cand.vec, bounded.jokers - cand.jokers
        expected = _plain_search(plain, options, rest, left, memo, choices)
        assert bounded.best(rest, left) == expected


def _exhaustive(hand: tuple[Card, ...], rules: MeldRules) -> tuple[int, int]:
    """The best (value, -deadwood points) over every set of disjoint candidate melds (a meld
    may be laid twice from two copies of its cards)."""
    melds = candidate_melds(hand, rules)
    total = sum(card_points(c, rules) for c in hand)
    best = (0, -total)

    def fits(cards: tuple[Card, ...], left: list[Card]) -> list[Card] | None:
        rest = list(left)
        for c in cards:
            if c not in rest:
                return None
            rest.remove(c)
        return rest

    def go(start: int, left: list[Card], value: int) -> None:
        nonlocal best
        best = max(best, (value, -sum(card_points(c, rules) for c in left)))
        for i in range(start, len(melds)):
            rest = fits(melds[i].cards, left)
            if rest is not None:
                go(i, rest, value + meld_value(melds[i], rules))  # (again: copies)

    go(0, list(hand), 0)
    return best


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=crowded_hands(most=7), name=st.sampled_from(["default", "turkish51", "wrap"]))
def test_small_hands_against_every_set_of_melds(hand: tuple[Card, ...], name: str) -> None:
    """The best value, and the fewest deadwood points at it, of trying every set of melds."""
    rules = RULES[name]
    best = solve(hand, rules, objective="value")
    assert (best.value, -best.deadwood_points) == _exhaustive(hand, rules)


def test_points_table_is_card_points() -> None:
    """The table of points in hand is `card_points` for every card, under every rules."""
    every = [Card(r, s) for s in Suit for r in Rank if not r.is_joker]
    every += [Card(r) for r in Rank if r.is_joker]
    ranked = MeldRules(rank_points=tuple((r, 3 * int(r)) for r in Rank))
    for rules in [*RULES.values(), ranked]:
        table = _points_table(rules)
        for card in every:
            assert table[card] == card_points(card, rules)
            assert type(table[card]) is int
    lacking = MeldRules(rank_points=tuple((r, int(r)) for r in Rank if not r.is_joker))
    with pytest.raises(OptionError):  # as card_points refuses a joker without points
        _points_table(lacking)
    with pytest.raises(OptionError):
        card_points(JOKER, lacking)


def test_place_points_written_out() -> None:
    """The opening points of each run place (1: the ace low, 14 and 27: the ace high)."""
    pips = list(range(2, 11)) + [10, 10, 10]
    assert _place_points(DEFAULT_RULES) == (0, 1, *pips, 11, *pips, 11)
    cheap = RULES["cheap_ace"]
    assert _place_points(cheap) == (0, 1, *range(2, 11), 5, 5, 5, 1, *range(2, 11), 5, 5, 5, 1)


def test_card_places() -> None:
    """Each natural card's suit, place mask, places (13 higher again with wrap_around) and
    own places."""
    for rules in RULES.values():
        places = _card_places(rules)
        assert len(places) == 52
        for card, (suit, mask, where, own) in places.items():
            assert card.suit is not None
            assert suit == int(card.suit)
            assert own == _places(card.rank, rules)
            expected = tuple(q for p in own for q in (p, p + 13)) if rules.wrap_around else own
            assert where == expected
            assert mask == sum(1 << p for p in set(expected))  # (an ace may recur at 14)


@settings(max_examples=40, deadline=None)
@given(hand=crowded_hands(), name=st.sampled_from(sorted(RULES)))
def test_candidates_carry_the_most_points_of_their_cards(hand: tuple[Card, ...], name: str) -> None:
    """Each solver candidate's ``top``: the sum of its natural cards' highest meld points."""
    rules = RULES[name]
    for cand in _solver_analysed(_hand_key(hand), rules).found:
        most = [
            max(_face_points(c, rules, low_ace=True), _face_points(c, rules, low_ace=False))
            for c in cand.naturals
        ]
        assert cand.top == sum(most)


def test_hard_hands_of_the_bench() -> None:
    """The hard hands of ``bench/hotpath.py`` (issue 29's two added last) against the plain
    search, every objective."""
    for text in (
        "6h 4c 8h Th 9c 5h 7h 6c 7c 8c 4h 5c 9c Jk Jk",
        "Td Jh 7h Th 8h Jh Jd 9d 9d 8d 8d Qd 9h Jk Jk",
        "6c Jh Jc 9h 7h Tc 8c 6h Th 9c 6h 7c 8h Jk Jk",
    ):
        hand = tuple(parse_cards(text))
        for objective in ("value", "deadwood", "all"):
            fast = solve(hand, objective=objective)
            assert _same(fast, _plain_solve(hand, DEFAULT_RULES, objective))
