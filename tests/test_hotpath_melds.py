"""The take-the-discard check's greedy plans give the search's answers (issue 12)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import JOKER, Card, decks, parse_card, parse_cards
from cardrules.games.turkish51 import _legal
from cardrules.games.turkish51.scoring import RULES
from cardrules.melds import _best_value, _opening_with_above, _value_above
from cardrules.melds._candidates import _BITS, _JOKER_BITS, _analysed
from cardrules.melds._solver import _Search

HARD = (
    "6c Jh Jc 9h 7h Tc 8c 6h Th 9c 6h 7c 8h Jk Jk",
    "Tc 9d Jd 8c 8d 7d 8c 9c Jc Qd Td Qc 8d Jk Jk",
    "6s 3s 2s 6h 4s 2h 5s 2s 4s 5h 2h 4h 3h Jk Jk",
)


def _hands() -> list[tuple[Card, ...]]:
    rng = random.Random(12)
    naturals = [c for c in decks.double().cards if not c.is_joker]
    out = [tuple(sorted(parse_cards(text))) for text in HARD]
    for jokers in (0, 1, 2):
        for _ in range(25):
            out.append(tuple(sorted((*rng.sample(naturals, 14 - jokers), *[JOKER] * jokers))))
    return out


@pytest.mark.parametrize("threshold", [0, 30, 51, 81, 101, 131, 181])
def test_greedy_plans_agree_with_the_search(threshold: int) -> None:
    """_value_above is the search's answer; a greedy opening with a card above the threshold
    means the best opening with it is above too."""
    rules = RULES
    for key in _hands():
        assert _value_above(key, rules, threshold) == (_best_value(key, rules) > threshold)
        for top in sorted(set(key))[-5:]:  # jokers sort last
            shown = _opening_with_above(key, rules, top, threshold)
            best = _legal._best_opening_with(top, key)
            assert shown is None or (shown and best > threshold)


def test_hard_hand_take_check() -> None:
    """A hard hand: the seat may take the discard that opens with it."""
    key = tuple(sorted(parse_cards(HARD[0])))
    top = parse_card("9h")
    assert _opening_with_above(key, RULES, top, 51)
    assert _legal._best_opening_with(top, key) > 51


def _all_options(analysis: Any, objective: str) -> list[list[tuple[int, int, int, int]]]:
    """Every candidate meld by its lowest card, with its weight, none left out."""
    scale = 1 << 16

    def weights(c: Any) -> int:
        if objective == "value":
            return int(c.value * scale + c.points)
        if objective == "deadwood":
            return int(c.points * scale + c.value)
        if objective == "all":
            return int((c.size * scale + c.value) * scale + c.points)
        return int(c.value)

    options: list[list[tuple[int, int, int, int]]] = [[] for _ in analysis.distinct]
    for index, c in enumerate(analysis.found):
        options[c.low].append((c.vec, c.jokers, weights(c), index))
    return options


def _plain_search(
    search: _Search,
    options: list[list[tuple[int, int, int, int]]],
    state: int,
    j: int,
    memo: dict[int, int],
    choices: dict[int, int],
) -> int:
    """The search as it was before issue 12: every meld tried, leaving out first."""
    if state == 0:
        return 0
    key = state << _JOKER_BITS | j
    if key in memo:
        return memo[key]
    d = ((state & -state).bit_length() - 1) // _BITS
    if not options[d]:
        live = state & search.starting
        top = 0
        if live:
            d = ((live & -live).bit_length() - 1) // _BITS
            rest = state >> (_BITS * d) << (_BITS * d)
            top = _plain_search(search, options, rest, j, memo, choices)
        memo[key] = top
        return top
    top = _plain_search(search, options, state - (1 << (_BITS * d)), j, memo, choices)
    choice = -1
    for vec, need, weight, index in options[d]:
        if need > j:
            continue
        rest = (state | search.guard) - vec
        if rest & search.guard != search.guard:
            continue
        total = weight + _plain_search(
            search, options, rest ^ search.guard, j - need, memo, choices
        )
        if total > top:
            top, choice = total, index
    memo[key] = top
    if choice >= 0:
        choices[key] = choice
    return top


def _plan(search: _Search, choices: dict[int, int], found: tuple[Any, ...]) -> list[int]:
    """The chosen melds from the top state, as _solve walks them."""
    state, j, out = search.state, search.jokers, []
    while state:
        index = choices.get(state << _JOKER_BITS | j, -1)
        if index < 0:
            state -= 1 << (_BITS * (((state & -state).bit_length() - 1) // _BITS))
            continue
        out.append(index)
        state -= found[index].vec
        j -= found[index].jokers
    return out


@pytest.mark.parametrize("objective", ["value", "deadwood", "all", "value only"])
def test_bounded_search_gives_the_plain_searchs_answers(objective: str) -> None:
    """Issue 12: the branch and bound finds the same best weight and the same melds, from
    the top and from every state _opening_values asks about, as trying everything."""
    rules = RULES
    for key in _hands()[:60]:
        analysis = _analysed(key, rules)
        bounded = _Search(analysis, rules, objective)  # type: ignore[arg-type]
        plain = _Search(analysis, rules, objective)  # type: ignore[arg-type]
        options = _all_options(analysis, objective)
        memo: dict[int, int] = {}
        choices: dict[int, int] = {}
        top = bounded.best(bounded.state, bounded.jokers)
        assert top == _plain_search(plain, options, plain.state, plain.jokers, memo, choices)
        found = analysis.found
        assert _plan(bounded, bounded.choices, found) == _plan(plain, choices, found)
        for cand in analysis.found[:40]:
            rest, j = bounded.state - cand.vec, bounded.jokers - cand.jokers
            if j >= 0 and rest >= 0:
                assert bounded.best(rest, j) == _plain_search(
                    plain, options, rest, j, memo, choices
                )
