"""Benchmark: the meld solver on random 15-card hands from the 106-card pack.

Run: ``python bench/melds_solver.py [hands]`` (default 10,000 hands). Each hand holds
exactly 2 jokers and 13 natural cards drawn from the two packs; the script prints the
median and 99th-percentile time of ``melds.solve`` per objective (garbage collection off
while timing, as ``timeit`` does). The solver remembers recent hands; its caches are emptied
before each call, so every figure is a first sight of the hand.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time

from cardrules import JOKER, decks, melds


def hands(count: int, seed: int = 2024) -> list[tuple[object, ...]]:
    rng = random.Random(seed)
    naturals = [c for c in decks.double().cards if not c.is_joker]
    return [(*tuple(rng.sample(naturals, 13)), JOKER, JOKER) for _ in range(count)]


def clear_caches() -> None:
    """Forget the hands the solver has seen (its caches are private functools caches)."""
    for name in ("_analysed", "_candidate_melds", "_solved", "_opening_values"):
        cache = getattr(melds, name, None)
        if cache is not None:
            cache.cache_clear()


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    sample = hands(count)
    gc.disable()  # as timeit does: time the solver, not the collector's pauses
    for objective in ("value", "deadwood", "all"):
        times = []
        for hand in sample:
            clear_caches()
            t0 = time.perf_counter()
            melds.solve(hand, objective=objective)  # type: ignore[arg-type]
            times.append(time.perf_counter() - t0)
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(
            f"solve(objective={objective!r}): {count} hands of 15 cards (2 jokers): "
            f"median {statistics.median(times) * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, "
            f"max {times[-1] * 1e3:.3f} ms"
        )


if __name__ == "__main__":
    main()
