"""Simulation on Ray's multiprocessing pool (the optional extra ``ray``; skipped without it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import games
from cardrules.sim import SimulationError, game_seed, simulate

ray = pytest.importorskip("ray")
ray_pool = pytest.importorskip("ray.util.multiprocessing")

GAME = games.create("thirty_one", players=3, deals=1)
POLICIES = ["greedy", "random", "random"]


@pytest.fixture(scope="module")
def pool() -> Iterator[Any]:
    """A local Ray of two CPUs, no dashboard, and a pool of two workers on it."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        with ray_pool.Pool(2) as ray_workers:
            yield ray_workers
    finally:
        ray.shutdown()


@pytest.mark.parametrize("chunk", [None, 9])
def test_ray_pool_same_results(pool: Any, chunk: int | None) -> None:
    """ray.util.multiprocessing.Pool gives the in-process records and summary."""
    here = simulate(GAME, 40, seed=5, policies=POLICIES, keep="records")
    there = simulate(
        GAME, 40, seed=5, policies=POLICIES, keep="records", executor=pool, chunk=chunk
    )
    assert there == here


class _Cheat:
    """Plays something that is not a move."""

    def choose(self, state: Any) -> Any:
        return "not a move"


def test_ray_failure_names_the_seed(pool: Any) -> None:
    """A failure in a Ray worker comes back naming the game and its seed."""
    with pytest.raises(SimulationError, match=r"game \d+ \(seed \d+\)") as info:
        simulate(GAME, 4, seed=2, policies=_Cheat(), executor=pool, chunk=2)
    assert info.value.seed == game_seed(2, info.value.index or 0)
