"""Benchmark: Turkish 51 deals per second (random and greedy play) and legal_moves() cost.

Run: ``python bench/turkish51.py [seconds]`` (default 10 seconds per measurement).
Prints complete deals per second for uniformly random legal play and for the greedy bot,
the median / 99th percentile of ``legal_moves()`` in mid-deal states with at least ten melds
on the table, and, in the same run, RLCard's gin rummy with random agents for comparison
(skipped if ``rlcard`` is not installed: ``pip install rlcard``).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from cardrules import parse_cards
from cardrules.games.turkish51 import Phase, TableMeld, Turkish51, check_meld
from cardrules.games.turkish51.bot import greedy_move
from cardrules.melds import MeldKind


def deals_per_second(
    pick: Callable[[Any, random.Random], Any], seconds: float
) -> tuple[float, float, float]:
    """Play one-deal games until ``seconds`` pass.

    Returns:
        Deals per wall-clock second, deals per CPU second of this process (steadier on a
        shared machine), and the share of deals that had a winner.
    """
    game = Turkish51.create(deals=1)
    start, cpu = time.perf_counter(), time.process_time()
    deals = winners = 0
    seed = 0
    while time.perf_counter() - start < seconds:
        state = game.new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(pick(state, rng))
        deals += 1
        winners += state.last_deal.winner is not None
        seed += 1
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return deals / wall, deals / max(used, 1e-9), winners / max(deals, 1)


def legal_moves_cost(samples: int = 300) -> tuple[float, float, int]:
    """Median and p99 seconds of legal_moves() on greedy-play states with >= 10 melds."""
    game = Turkish51.create(deals=1)
    states = []
    seed = 0
    while len(states) < samples and seed < 2000:
        state = game.new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if len(state.table) >= 10:
                states.append(state)
            state = state.apply(greedy_move(state, rng))
        seed += 1
    times = []
    for state in states[:samples]:
        fresh = attrs.evolve(state)  # a copy whose legal moves are not memoised yet
        t0 = time.perf_counter()
        fresh.legal_moves()
        times.append(time.perf_counter() - t0)
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else float("nan")
    return (statistics.median(times) if times else float("nan")), p99, len(times)


_TEN_MELDS = (
    (1, "5c 6c 7c", MeldKind.RUN),
    (1, "Kc Kd Ks Kh", MeldKind.SET),
    (1, "7d 8d 9d", MeldKind.RUN),
    (1, "8c 8d 8h 8s", MeldKind.SET),
    (2, "2s 3s 4s", MeldKind.RUN),
    (2, "Qc Qd Qh", MeldKind.SET),
    (2, "Th Jh Qh Kh", MeldKind.RUN),
    (3, "5d 5h 5s", MeldKind.SET),
    (3, "9s Ts Js", MeldKind.RUN),
    (3, "Ac Ad Ah", MeldKind.SET),
)


def legal_moves_full_hands(samples: int = 2000) -> tuple[float, float]:
    """Median and p99 seconds of legal_moves() for a seat that has laid down, holding 15
    random cards (after its draw) with ten melds on the table."""
    game = Turkish51.create(deals=1)
    base = game.new_game(0)
    table = tuple(TableMeld(o, check_meld(parse_cards(t), kind=k)) for o, t, k in _TEN_MELDS)
    rest = base.deck().counts() - Counter(c for p in table for c in p.meld.cards)
    pool = list(rest.elements())
    rng = random.Random(7)
    times = []
    for _ in range(samples):
        rng.shuffle(pool)
        hands = (tuple(pool[:15]), tuple(pool[15:29]), tuple(pool[29:43]), tuple(pool[43:57]))
        state = attrs.evolve(
            base,
            turn=0,
            phase=Phase.PLAY,
            hands=hands,
            discard=(pool[57],),
            stock=tuple(pool[58:]),
            table=table,
            opened=(True, True, True, True),
        )
        t0 = time.perf_counter()
        state.legal_moves()
        times.append(time.perf_counter() - t0)
    times.sort()
    return statistics.median(times), times[int(0.99 * len(times))]


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
    for label, pick in (("random play", _random), ("greedy bot", greedy_move)):
        rate, cpu_rate, won = deals_per_second(pick, seconds)
        print(
            f"turkish51 {label}: {rate:.1f} complete deals/s wall clock, "
            f"{cpu_rate:.1f} per CPU second ({won:.0%} with a winner)"
        )
    median, p99 = legal_moves_full_hands()
    print(
        f"turkish51 legal_moves(), 15-card hand, ten melds on the table: "
        f"median {median * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms over 2000 random hands"
    )
    median, p99, count = legal_moves_cost()
    print(
        f"turkish51 legal_moves(), greedy-play states with >= 10 melds on the table: "
        f"median {median * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms over {count} states"
    )
    gin = rlcard_gin_rummy(seconds)
    if gin is None:
        print("rlcard gin rummy: skipped (rlcard is not installed)")
    else:
        print(
            f"rlcard gin rummy random agents: {gin[0]:.1f} games/s wall clock, "
            f"{gin[1]:.1f} per CPU second"
        )


if __name__ == "__main__":
    main()
