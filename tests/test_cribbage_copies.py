"""Cribbage's hot path hands each new state its legal moves (the lay-away moves of the
next to lay away, CR-3.2; the cards the next player can play, CR-5.2): they must be the
moves the state lists itself, in the same order, under every option set. The lay-away
moves looked up card by card must be the table's for every hand size.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from cardrules import games
from cardrules.decks import standard
from cardrules.games.cribbage._deal import lays
from cardrules.games.cribbage._values import _LAY_OF

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"players": 3},
    {"players": 4},
    {"muggins": True},
    {"muggins": True, "players": 4},
    {"five_card": True},
    {"five_card": True, "muggins": True},
    {"go_stops": True, "players": 3},
    {"go_stops": True, "players": 4},
    {"skunks": True, "games": 2},
    {"deals": 3},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_cr_3_2_cr_5_2_moves_handed_on_are_the_listed_moves(options: dict[str, Any]) -> None:
    """CR-3.2, CR-5.2: each state's legal moves, handed on or not, are the listed ones."""
    game = games.create("cribbage", **options)
    handed = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_game(seed)
        while not state.is_terminal:
            if state._legal is not None:
                handed += 1
                assert state._legal == state._generate_moves(), state.to_json()
            state = state.apply(rng.choice(state.legal_moves()))
    assert handed > 50


@pytest.mark.parametrize(("size", "keep"), [(6, 4), (5, 4), (5, 3), (6, 3), (4, 3), (4, 4)])
def test_cr_3_2_lay_away_moves_are_the_tables(size: int, keep: int) -> None:
    """CR-3.2: every way to lay away, in ``itertools.combinations`` order, the very moves."""
    cards = list(standard().cards)
    rng = random.Random(size * 10 + keep)
    for _ in range(300):
        rng.shuffle(cards)
        hand = tuple(sorted(cards[:size]))
        try:
            want = tuple(map(_LAY_OF, itertools.combinations(hand, size - keep)))
        except KeyError:  # no such lay-away (nothing, or three cards): no moves either way
            with pytest.raises(KeyError):
                lays(hand, keep)
            continue
        got = lays(hand, keep)
        assert got == want
        assert all(a is b for a, b in zip(got, want, strict=True))
