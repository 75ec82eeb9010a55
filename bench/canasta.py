"""Canasta: legal_moves() time over greedy-play states, complete greedy and random deals
per second, beside Turkish 51 (the other rummy game on the shared table) in the same run
(issue 31's figures: a legal_moves() median <= 1 ms and worst <= 5 ms, >= 100 greedy
deals a second on a 2-core machine).

The games are played in alternating slices (Canasta, Turkish 51, Canasta, ...) so that a
busy machine slows both alike; times are CPU seconds of this process.

    PYTHONPATH=src python bench/canasta.py [-n DEALS] [--slices K] [--states DEALS]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from cardrules import games


def deals(name: str, n: int, first_seed: int, greedy: bool) -> tuple[float, int]:
    """CPU seconds and moves for ``n`` complete deals of ``name`` (``deals=1``), every
    seat playing greedily or at random."""
    game = games.create(name, deals=1)
    moves = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + n):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            move = game.greedy_move(state, rng) if greedy else rng.choice(state.legal_moves())
            state = state.apply(move)
            moves += 1
    return time.process_time() - start, moves


def legal_times(name: str, n: int) -> list[float]:
    """CPU seconds of one fresh legal_moves() call in each state of ``n`` greedy deals
    (a state read back from JSON, so that no cached answer is timed)."""
    game = games.create(name, deals=1)
    out = []
    for seed in range(n):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            fresh: Any = game.state_from_json(state.to_json(), trusted=True)
            start = time.process_time()
            fresh.legal_moves()
            out.append(time.process_time() - start)
            state = state.apply(game.greedy_move(state, rng))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=100, help="deals per slice")
    parser.add_argument("--slices", type=int, default=3)
    parser.add_argument("--states", type=int, default=60, help="greedy deals timed")
    args = parser.parse_args()
    runs = [("canasta", True), ("turkish51", True), ("canasta", False)]
    totals: dict[tuple[str, bool], list[float]] = {run: [0.0, 0.0, 0.0] for run in runs}
    for k in range(args.slices):
        for name, greedy in runs:
            spent, played = deals(name, args.n, k * args.n, greedy)
            totals[name, greedy][0] += spent
            totals[name, greedy][1] += played
            totals[name, greedy][2] += args.n
    print(f"complete deals (deals=1), {args.slices} alternating slices of {args.n}:")
    rate: dict[tuple[str, bool], float] = {}
    for (name, greedy), (seconds, moves, count) in totals.items():
        rate[name, greedy] = count / seconds
        how = "greedy" if greedy else "random"
        print(
            f"  {name:10} {how}  {count / seconds:8.0f} deals/s  {moves / seconds:8.0f} moves/s"
            f"  {moves / count:6.1f} moves a deal"
        )
    ratio = rate["canasta", True] / rate["turkish51", True]
    print(f"  canasta / turkish51 greedy deals per second: {ratio:.2f}")
    times = legal_times("canasta", args.states)
    print(
        f"legal_moves() canasta over greedy-play states: median "
        f"{statistics.median(times) * 1e3:.3f} ms, 99th percentile "
        f"{sorted(times)[int(len(times) * 0.99)] * 1e3:.3f} ms, worst {max(times) * 1e3:.3f} ms "
        f"over {len(times)} states"
    )


if __name__ == "__main__":
    main()
