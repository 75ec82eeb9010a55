"""Policies and batch simulation."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from cardrules import ConformanceError, IllegalMoveError, InvalidStateError, OptionError, games
from cardrules.engine import Move
from cardrules.games.thirty_one import KNOCK
from cardrules.sim import GreedyPolicy, RandomPolicy, make_policy, play, simulate


def test_play_to_the_end_with_mixed_policies() -> None:
    """play() accepts one policy per seat and returns the final state."""
    game = games.create("thirty_one", players=2)
    final = play(game, [RandomPolicy(1), GreedyPolicy(game, 2)], seed=3)
    assert final.is_terminal
    assert len(final.history) > 0


def test_simulate_same_results_in_any_executor() -> None:
    """Results do not depend on the executor, and come back in seed order.

    (simulate returns a result object since issue 15; records are kept on request.)
    """
    game = games.create("thirty_one", players=3)
    here = simulate(game, seeds=range(6), policy="greedy", keep="records")
    with ThreadPoolExecutor(2) as pool:
        there = simulate(game, seeds=range(6), policy="greedy", executor=pool, keep="records")
    assert here == there
    assert [r.seed for r in here.records] == list(range(6))


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


class _Cheat:
    """A policy that always knocks, legal or not."""

    def choose(self, state: object) -> Move:
        return KNOCK


@pytest.mark.parametrize("policy", [RandomPolicy(1), GreedyPolicy(games.create("thirty_one"), 1)])
def test_policies_on_a_finished_game(policy: RandomPolicy) -> None:
    """Asking a policy to move in a finished game is an IllegalMoveError, not IndexError."""
    final = play(games.create("thirty_one", players=2, deals=1), RandomPolicy(1), seed=2)
    with pytest.raises(IllegalMoveError, match="over"):
        policy.choose(final)
    with pytest.raises(InvalidStateError):
        policy.choose(None)  # type: ignore[arg-type]


def test_policy_names_accepted_by_play() -> None:
    """play() takes policy names as well as policy objects."""
    game = games.create("thirty_one", players=2, deals=1)
    assert play(game, "random", seed=4) == play(game, RandomPolicy(4), seed=4)
    assert play(game, ["greedy", RandomPolicy(1)], seed=4).is_terminal


def test_illegal_policy_choice_is_reported() -> None:
    """A policy that picks an illegal move is named in a ConformanceError."""
    game = games.create("thirty_one", players=2)
    with pytest.raises(ConformanceError, match="_Cheat chose an illegal move"):
        play(game, [_Cheat(), _Cheat()], seed=1, max_moves=10)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda g: play(None, RandomPolicy()), "expected a game"),  # type: ignore[arg-type]
        (lambda g: play(g, None, seed=1), "no choose"),  # type: ignore[arg-type]
        (lambda g: play(g, RandomPolicy(), max_moves="x"), "max_moves"),  # type: ignore[arg-type]
        (lambda g: simulate(g, seeds=None), "seeds"),  # type: ignore[arg-type]
        (lambda g: simulate(g, seeds=[1.5]), "whole numbers"),
        (lambda g: simulate(g, seeds=[1], executor="pool"), "Executor"),  # type: ignore[arg-type]
        (lambda g: RandomPolicy([1]), "seed"),  # type: ignore[arg-type]
        (lambda g: GreedyPolicy(None), "expected a game"),  # type: ignore[arg-type]
        (lambda g: make_policy(None, g), "named by text"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_are_option_errors(call: Any, fragment: str) -> None:
    """Arguments of the wrong kind raise OptionError saying what was expected."""
    with pytest.raises(OptionError, match=fragment):
        call(games.create("thirty_one", players=2))
