"""How much of a game's random play is garbage collection.

Run: ``python bench/gc_pressure.py [GAME ...] [--seconds S]`` (default Turkish 51 and
Cribbage, 5 seconds each). Plays one-deal (Cribbage, or with ``--match`` every game: whole
games of the default options) random games, uniformly random
legal moves, for ``S`` seconds of wall time, timing every collection with ``gc.callbacks``
(the time from a collection's "start" to its "stop" callback, by generation), and prints the
share of the loop's wall time spent collecting, the collections per generation and the
objects collected, with the collector's thresholds. The collector is left as it is.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from typing import Any

from cardrules import games


def measure(name: str, seconds: float, match: bool = False) -> dict[str, Any]:
    game = games.create(name, **({} if match or name == "cribbage" else {"deals": 1}))
    spent = [0.0, 0.0, 0.0]
    count = [0, 0, 0]
    freed = [0, 0, 0]
    started = [0.0]

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            g = info["generation"]
            spent[g] += time.perf_counter() - started[0]
            count[g] += 1
            freed[g] += info["collected"]

    rng = random.Random(0)
    state = game.new_game(0)  # warm: tables built once per process
    gc.collect()
    gc.callbacks.append(callback)
    start = time.perf_counter()
    deals = moves = 0
    try:
        while time.perf_counter() - start < seconds:
            state = game.new_game(deals)
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_moves()))
                moves += 1
            deals += 1
    finally:
        gc.callbacks.remove(callback)
    wall = time.perf_counter() - start
    return {
        "wall": wall,
        "deals": deals,
        "moves": moves,
        "spent": spent,
        "count": count,
        "freed": freed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("games", nargs="*", default=["turkish51", "cribbage"])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--match", action="store_true", help="whole games of default options")
    args = parser.parse_args()
    print(f"gc thresholds {gc.get_threshold()}")
    for name in args.games:
        r = measure(name, args.seconds, args.match)
        share = sum(r["spent"]) / r["wall"]
        gens = ", ".join(
            f"gen {g}: {r['count'][g]} runs {r['spent'][g] * 1e3:.0f} ms {r['freed'][g]} freed"
            for g in range(3)
        )
        print(
            f"{name}: {share:.1%} of {r['wall']:.1f} s collecting ({r['deals']} games, "
            f"{r['moves']} moves, {r['moves'] / r['wall']:,.0f} moves/s); {gens}"
        )


if __name__ == "__main__":
    main()
