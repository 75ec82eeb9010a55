"""Policies and batch simulation."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from cardrules import OptionError, games
from cardrules.sim import GreedyPolicy, RandomPolicy, make_policy, play, simulate


def test_play_to_the_end_with_mixed_policies() -> None:
    """play() accepts one policy per seat and returns the final state."""
    game = games.create("thirty_one", players=2)
    final = play(game, [RandomPolicy(1), GreedyPolicy(game, 2)], seed=3)
    assert final.is_terminal
    assert len(final.history) > 0


def test_simulate_same_results_in_any_executor() -> None:
    """Results do not depend on the executor, and come back in seed order."""
    game = games.create("thirty_one", players=3)
    here = simulate(game, seeds=range(6), policy="greedy")
    with ThreadPoolExecutor(2) as pool:
        there = simulate(game, seeds=range(6), policy="greedy", executor=pool)
    assert here == there
    assert [r.seed for r in here] == list(range(6))


def test_greedy_beats_random_at_thirty_one() -> None:
    """The greedy bot loses fewer tokens than a random one (seat-swapped, 200 games)."""
    game = games.create("thirty_one", players=2, deals=1)
    lost = [0, 0]  # greedy, random
    for seed in range(200):
        greedy_seat = seed % 2
        policies = [RandomPolicy(seed), RandomPolicy(seed)]
        policies[greedy_seat] = GreedyPolicy(game, seed)  # type: ignore[call-overload]
        scores = play(game, policies, seed=seed).scores
        lost[0] += scores[greedy_seat]
        lost[1] += scores[1 - greedy_seat]
    assert lost[0] < lost[1]


def test_bad_policy_and_seat_count() -> None:
    """Unknown policies and wrong policy counts are OptionError."""
    game = games.create("thirty_one", players=3)
    with pytest.raises(OptionError, match="unknown policy"):
        make_policy("clever", game)
    with pytest.raises(OptionError, match="3 seats"):
        play(game, [RandomPolicy(), RandomPolicy()], seed=1)
