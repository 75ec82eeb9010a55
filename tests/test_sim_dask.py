"""Simulation on a Dask LocalCluster on loopback (the optional extra ``dask``)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import games
from cardrules.sim import SimulationError, SimulationResult, game_seed, simulate

distributed = pytest.importorskip("distributed")

GAME = games.create("thirty_one", players=3, deals=1)
POLICIES = ["greedy", "random", "random"]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """Two single-threaded worker processes on loopback, no dashboard."""
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as dask_client,
    ):
        yield dask_client


@pytest.fixture(scope="module")
def baseline() -> SimulationResult:
    """The in-process run."""
    return simulate(GAME, 60, seed=5, policies=POLICIES, keep="records")


@pytest.mark.parametrize("chunk", [None, 1, 11])
def test_client_same_results(client: Any, chunk: int | None, baseline: SimulationResult) -> None:
    """executor=client (Dask's own batched map) gives the in-process records and summary."""
    result = simulate(
        GAME, 60, seed=5, policies=POLICIES, keep="records", executor=client, chunk=chunk
    )
    assert result == baseline


def test_client_executor_same_results(client: Any, baseline: SimulationResult) -> None:
    """Client.get_executor() (a concurrent.futures executor) gives them too."""
    with client.get_executor() as pool:
        result = simulate(GAME, 60, seed=5, policies=POLICIES, keep="records", executor=pool)
    assert result == baseline


def test_client_progress_and_jsonl(client: Any, baseline: SimulationResult) -> None:
    """Progress comes chunk by chunk; JSON lines come in game order."""
    import io

    seen: list[int] = []
    out = io.StringIO()
    simulate(
        GAME,
        60,
        seed=5,
        policies=POLICIES,
        executor=client,
        chunk=7,
        jsonl=out,
        progress=lambda p: seen.append(p.done),
    )
    assert seen[-1] == 60
    assert sorted(seen) == seen
    assert out.getvalue() == "".join(r.to_json() + "\n" for r in baseline.records)


class _Cheat:
    """Plays a move of another game."""

    def choose(self, state: Any) -> Any:
        return "not a move"


def test_worker_failure_names_the_seed(client: Any) -> None:
    """A failure on a Dask worker comes back as a SimulationError naming the seed."""
    with pytest.raises(SimulationError, match=r"game \d+ \(seed \d+\)") as info:
        simulate(GAME, 6, seed=2, policies=_Cheat(), executor=client, chunk=2)
    assert info.value.index is not None
    assert info.value.seed == game_seed(2, info.value.index)
