"""Two-handed Pinochle: complete random deals per second and legal_moves() time,
beside Fifty-Six's in the same run (the issue's figure: >= 1,000 deals a second and a
legal_moves() median <= 20 µs on a 2-core machine).

The two games are played in alternating slices (Pinochle, Fifty-Six, Pinochle, ...)
so that a busy machine slows both alike; times are CPU seconds of this process.

    PYTHONPATH=src python bench/pinochle.py [-n DEALS] [--slices K]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardrules import games


def deals(name: str, n: int, first_seed: int, **options: object) -> tuple[float, int]:
    """CPU seconds and moves for ``n`` complete random deals of ``name``."""
    game = games.create(name, deals=1, **options)
    moves = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + n):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
            moves += 1
    return time.process_time() - start, moves


def legal_times(name: str, n: int) -> list[float]:
    """Seconds of one fresh legal_moves() call in each state of ``n`` random deals."""
    game = games.create(name, deals=1)
    out = []
    for seed in range(n):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            fresh = game.state_from_json(state.to_json(), trusted=True)
            start = time.perf_counter()
            fresh.legal_moves()
            out.append(time.perf_counter() - start)
            state = state.apply(rng.choice(state.legal_moves()))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=400, help="deals per slice")
    parser.add_argument("--slices", type=int, default=5)
    args = parser.parse_args()
    totals = {"pinochle": [0.0, 0, 0], "fifty_six": [0.0, 0, 0]}
    for k in range(args.slices):
        for name in totals:
            seconds, moves = deals(name, args.n, k * args.n)
            totals[name][0] += seconds
            totals[name][1] += moves
            totals[name][2] += args.n
    print(f"random deals (deals=1), {args.slices} alternating slices of {args.n}:")
    rate = {}
    for name, (seconds, moves, count) in totals.items():
        rate[name] = count / seconds
        print(f"  {name:10} {count / seconds:8.0f} deals/s  {moves / seconds:8.0f} moves/s")
    print(f"  pinochle / fifty_six deals per second: {rate['pinochle'] / rate['fifty_six']:.2f}")
    for name in totals:
        times = legal_times(name, 30)
        print(
            f"legal_moves() {name:10} median {statistics.median(times) * 1e6:5.1f} µs, "
            f"worst {max(times) * 1e6:6.1f} µs over {len(times)} states"
        )


if __name__ == "__main__":
    main()
