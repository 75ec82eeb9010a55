"""Load time of saves: ``cardrules.load_state`` with replay verification and with
``trusted=True``, for a whole Turkish 51 match and a whole Thirty-One match, played
by random moves from fixed seeds. Prints the median of ``-n`` loads of each save,
the save's size and its number of moves.

The replay check is compared with the trusted load (its own baseline: no peer
library loads these games' saves).

Usage:
    python bench/load_state.py [-n N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import cardrules
from cardrules import games


def _match(name: str, seed: int, **options: Any) -> str:
    game = games.create(name, **options)
    state = game.new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_moves()))
    return state.to_json()


def _median_ms(text: str, n: int, *, trusted: bool) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        cardrules.load_state(text, trusted=trusted)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=21, help="loads of each save (median)")
    args = parser.parse_args()
    for name, seed in [("turkish51", 3), ("thirty_one", 3), ("thirty_one", 4)]:
        text = _match(name, seed)
        moves = len(cardrules.load_state(text).history)
        full = _median_ms(text, args.n, trusted=False)
        fast = _median_ms(text, args.n, trusted=True)
        print(
            f"{name} seed {seed}: {moves} moves, {len(text)} chars; "
            f"load_state {full:.1f} ms, trusted {fast:.1f} ms (ratio {full / fast:.1f}x)"
        )


if __name__ == "__main__":
    main()
