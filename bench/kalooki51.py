"""Benchmark: Kalooki 51 deals per second (random and greedy play), legal_moves() cost, and
RLCard's gin rummy with random agents in the same run.

Run: ``python bench/kalooki51.py [seconds]`` (default 10 seconds per measurement).
Prints complete one-deal games per second (4 players) for uniformly random legal play and for
the greedy bot, the median / p99 of ``legal_moves()`` over the states of greedy play, and
RLCard gin rummy games per second with the ratio (skipped if ``rlcard`` is not installed).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import attrs

from cardrules.games.kalooki51 import Kalooki51
from cardrules.games.kalooki51.bot import greedy_move


def deals_per_second(
    pick: Callable[[Any, random.Random], Any], seconds: float
) -> tuple[float, float, float, float]:
    """Play one-deal games until ``seconds`` pass.

    Returns:
        Deals per wall-clock second, deals per CPU second of this process (steadier on a
        shared machine), the share of deals that had a winner, and moves per deal.
    """
    game = Kalooki51.create(deals=1)
    start, cpu = time.perf_counter(), time.process_time()
    deals = winners = moves = 0
    seed = 0
    while time.perf_counter() - start < seconds:
        state = game.new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(pick(state, rng))
        moves += len(state.history)
        deals += 1
        winners += state.last_deal.winner is not None
        seed += 1
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return deals / wall, deals / max(used, 1e-9), winners / max(deals, 1), moves / max(deals, 1)


def legal_moves_cost(samples: int = 2000) -> tuple[float, float, int]:
    """Median and p99 seconds of legal_moves() over the states of greedy play."""
    game = Kalooki51.create(deals=1)
    states = []
    seed = 0
    while len(states) < samples:
        state = game.new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            states.append(state)
            state = state.apply(greedy_move(state, rng))
        seed += 1
    random.Random(0).shuffle(states)  # mix the deals so caches see varied tables
    times = []
    for state in states[:samples]:
        fresh = attrs.evolve(state)  # a copy whose legal moves are not memoised yet
        t0 = time.perf_counter()
        fresh.legal_moves()
        times.append(time.perf_counter() - t0)
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return statistics.median(times), p99, len(times)


def rlcard_gin_rummy(seconds: float) -> tuple[float, float] | None:
    """RLCard gin rummy games per wall and per CPU second with random agents, or None
    without rlcard."""
    try:
        import rlcard  # type: ignore[import-not-found, unused-ignore]
        from rlcard.agents import RandomAgent  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    start, cpu = time.perf_counter(), time.process_time()
    games = 0
    while time.perf_counter() - start < seconds:
        env.run(is_training=False)
        games += 1
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return games / wall, games / max(used, 1e-9)


def _random(state: Any, rng: random.Random) -> Any:
    return rng.choice(state.legal_moves())


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    rates = {}
    for label, pick in (("random play", _random), ("greedy bot", greedy_move)):
        rate, cpu_rate, won, length = deals_per_second(pick, seconds)
        rates[label] = (rate, cpu_rate)
        print(
            f"kalooki51 {label}: {rate:.1f} complete deals/s wall clock, "
            f"{cpu_rate:.1f} per CPU second ({won:.0%} with a winner, "
            f"{length:.0f} moves per deal)"
        )
    median, p99, count = legal_moves_cost()
    print(
        f"kalooki51 legal_moves(), greedy-play states: "
        f"median {median * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms over {count} states"
    )
    gin = rlcard_gin_rummy(seconds)
    if gin is None:
        print("rlcard gin rummy: skipped (rlcard is not installed)")
        return
    ours, ours_cpu = rates["random play"]
    print(
        f"rlcard gin rummy random agents: {gin[0]:.1f} games/s wall clock, "
        f"{gin[1]:.1f} per CPU second; kalooki51 random deals / gin rummy games: "
        f"{ours / gin[0]:.2f}x wall, {ours_cpu / gin[1]:.2f}x CPU"
    )


if __name__ == "__main__":
    main()
