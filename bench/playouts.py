"""Random-playout benchmark for any registered game.

Prints the median time of ``legal_moves()`` on fresh states (no memo) and the
number of complete deals per second of uniformly random play (``deals=1``), in
one process and, with ``--jobs 2``, over both cores of the machine.

Usage:
    python bench/playouts.py GAME [-n N] [--jobs J] [--option key=value ...]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardrules import games
from cardrules.engine import Game, parse_option_value


def _options(name: str, pairs: list[str]) -> dict[str, Any]:
    cls = games.game_class(name)
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        out[key] = parse_option_value(cls.OPTIONS, key, value)
    return out


def _play(game: Game[Any, Any], seeds: range) -> int:
    """Play one random deal per seed; return the number of moves made."""
    rng = random.Random(seeds.start)
    moves = 0
    for seed in seeds:
        state = game.new_game(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
            moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", choices=games.names())
    parser.add_argument("-n", type=int, default=2000, help="number of deals to play")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument(
        "--jobs", type=int, default=1, help=f"processes (the machine has {os.cpu_count()} cores)"
    )
    args = parser.parse_args()
    options = _options(args.game, args.option)
    options.setdefault("deals", 1)
    game = games.create(args.game, **options)
    rng = random.Random(1)  # for the legal_moves() sample

    # complete deals per second, random play, in `jobs` processes
    start = time.perf_counter()
    if args.jobs == 1:
        moves = _play(game, range(args.n))
    else:
        step = -(-args.n // args.jobs)
        chunks = [range(k, min(k + step, args.n)) for k in range(0, args.n, step)]
        with ProcessPoolExecutor(args.jobs) as pool:
            moves = sum(pool.map(_play, [game] * len(chunks), chunks))
    elapsed = time.perf_counter() - start

    # legal_moves() on states met in play, timed on fresh copies (memo empty)
    samples: list[float] = []
    state = game.new_game(10**6)
    clock = time.perf_counter_ns
    while len(samples) < 20_000:
        while state.is_terminal:  # a deal can end before any move (a dealt Blitz)
            state = game.new_game(rng.getrandbits(32))
        fresh = state._generate_moves
        t0 = clock()
        legal = fresh()
        samples.append((clock() - t0) / 1000)
        state = state.apply(rng.choice(legal))
    print(f"game: {args.game} {options}")
    print(
        f"deals: {args.n} in {elapsed:.2f} s = {args.n / elapsed:,.0f} deals/s "
        f"({moves / args.n:.1f} moves per deal, {moves / elapsed:,.0f} moves/s)"
    )
    print(
        f"legal_moves(): median {statistics.median(samples):.2f} us, "
        f"p99 {statistics.quantiles(samples, n=100)[98]:.2f} us"
    )


if __name__ == "__main__":
    main()
