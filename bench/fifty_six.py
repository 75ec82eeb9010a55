"""Fifty-Six benchmark: random and greedy deals per second, and legal_moves() time.

Measures, in one process and one run (so that the machine's load is shared alike):

* complete random deals per second (``deals=1``), with and without ``play_out``;
* the median time of ``legal_moves()`` on fresh states (no memo), bidding and play apart;
* complete greedy deals per second;
* as peers for scale: Thirty-One random deals in cardrules, and, when ``pyspiel`` is
  installed, OpenSpiel's contract bridge (C++: an auction and 13 tricks of four players),
  random deals per second. Neither is the same game; the ratios only place the figure.

Usage:
    python bench/fifty_six.py [-n DEALS] [--players 4|6|8]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from cardrules import games
from cardrules.games.fifty_six import Phase


def random_deals(game: Any, n: int) -> tuple[float, float]:
    """Deals per second and moves per deal of uniformly random play."""
    rng = random.Random(1)
    moves = 0
    start = time.perf_counter()
    for seed in range(n):
        state = game.new_game(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
            moves += 1
    return n / (time.perf_counter() - start), moves / n


def greedy_deals(game: Any, n: int) -> float:
    rng = random.Random(2)
    start = time.perf_counter()
    for seed in range(n):
        state = game.new_game(seed)
        while not state.is_terminal:
            state = state.apply(game.greedy_move(state, rng))
    return n / (time.perf_counter() - start)


def legal_moves_times(game: Any, samples: int) -> dict[str, float]:
    """Median microseconds of legal_moves() on fresh states, by phase."""
    rng = random.Random(3)
    times: dict[str, list[float]] = {"bidding": [], "play": []}
    state = game.new_game(10**6)
    clock = time.perf_counter_ns
    while sum(map(len, times.values())) < samples:
        if state.is_terminal:
            state = game.new_game(rng.getrandbits(32))
        fresh = state._generate_moves
        t0 = clock()
        legal = fresh()
        times["bidding" if state.phase is Phase.BIDDING else "play"].append((clock() - t0) / 1000)
        state = state.apply(rng.choice(legal))
    every = [t for ts in times.values() for t in ts]
    return {
        "all": statistics.median(every),
        **{k: statistics.median(v) for k, v in times.items() if v},
    }


def bridge_deals(n: int) -> float | None:
    """OpenSpiel bridge random deals per second, or None without pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")  # play the cards
    rng = random.Random(4)
    start = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=3000, help="deals per measurement")
    parser.add_argument("--players", type=int, default=6, choices=(4, 6, 8))
    args = parser.parse_args()
    n = args.n
    stop = games.create("fifty_six", players=args.players, deals=1)
    full = games.create("fifty_six", players=args.players, deals=1, play_out=True)
    rate, per = random_deals(stop, n)
    print(f"fifty_six players={args.players}: random {rate:,.0f} deals/s ({per:.1f} moves/deal)")
    rate_full, per_full = random_deals(full, n)
    print(f"  play_out: random {rate_full:,.0f} deals/s ({per_full:.1f} moves/deal)")
    print(f"  greedy {greedy_deals(stop, max(1, n // 3)):,.0f} deals/s")
    times = legal_moves_times(stop, 20_000)
    shown = ", ".join(f"{k} {v:.2f} us" for k, v in times.items())
    print(f"  legal_moves() median: {shown}")
    peer, _ = random_deals(games.create("thirty_one", players=4, deals=1), n)
    print(f"thirty_one players=4: random {peer:,.0f} deals/s; ratio fifty_six/thirty_one "
          f"{rate / peer:.2f}")  # fmt: skip
    bridge = bridge_deals(max(1, n // 3))
    if bridge is None:
        print("OpenSpiel bridge: pyspiel not installed, skipped")
    else:
        print(
            f"OpenSpiel bridge (C++): random {bridge:,.0f} deals/s; ratio fifty_six/bridge "
            f"{rate / bridge:.2f}, play_out/bridge {rate_full / bridge:.2f}"
        )


if __name__ == "__main__":
    main()
