"""Cribbage figures: the exact hand-score distribution, and random games per second.

1. The distribution of hand scores over all 12,994,800 (hand, starter) pairs,
   counted exactly by ``cribbage.score_distribution`` (rank multisets and suit
   shapes), timed from a cold start (the rank table is built inside the
   timing), checked against the published table, with the crib distribution.
   ``--brute`` also counts every pair one by one (slow) as an independent check.
2. Complete random games to 121 per second, ours (``legal_moves``/``apply``)
   against OpenSpiel's C++ cribbage through ``pyspiel`` in the same run,
   rounds interleaved; the ratio is reported (skipped without open_spiel).
   OpenSpiel's chance nodes (every card dealt, the cut) are sampled in the
   timed loop, as ours are inside ``apply``: once from ``chance_outcomes()``
   and once from the chance node's ``legal_actions()`` (the same uniform draw,
   cheaper), and both ratios are printed.
   Times are CPU seconds of this process (``time.process_time``), so that a
   busy machine's scheduling does not decide the figure.

Usage:
    python bench/cribbage.py [-n GAMES] [--rounds R] [--brute]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

from cardrules import games
from cardrules.games import cribbage
from cardrules.games.cribbage import _scoring

PUBLISHED = {
    0: 1009008,
    1: 99792,
    2: 2813796,
    3: 505008,
    4: 2855676,
    5: 697508,
    6: 1800268,
    7: 751324,
    8: 1137236,
    9: 361224,
    10: 388740,
    11: 51680,
    12: 317340,
    13: 19656,
    14: 90100,
    15: 9168,
    16: 58248,
    17: 11196,
    18: 2708,
    20: 8068,
    21: 2496,
    22: 444,
    23: 356,
    24: 3680,
    28: 76,
    29: 4,
}  # fmt: skip  (Lumetta, "Amusing Cribbage Facts"; Wikipedia, Cribbage statistics)
PUBLISHED_CRIB_ZERO = 1_022_208


def distribution() -> bool:
    start, cpu = time.perf_counter(), time.process_time()
    hand = cribbage.score_distribution()
    crib = cribbage.score_distribution(crib=True)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    total = sum(hand.values())
    mean = sum(k * v for k, v in hand.items()) / total
    crib_mean = sum(k * v for k, v in crib.items()) / total
    print(f"hand-score distribution over {total:,} (hand, starter) pairs, with the crib's:")
    print(f"  {'score':>5} {'hands':>10} {'cribs':>10}")
    for score in range(30):
        print(f"  {score:>5} {hand.get(score, 0):>10,} {crib.get(score, 0):>10,}")
    print(f"  mean {mean:.6f} (hand), {crib_mean:.6f} (crib)")
    ok = hand == PUBLISHED and crib[0] == PUBLISHED_CRIB_ZERO
    print(f"  equals the published table: {ok}; both counted in {elapsed:.3f} s ({cpu:.3f} s CPU)")
    return ok


def brute() -> None:
    """Every pair one by one, for an independent check of the grouped count."""
    start = time.process_time()
    _, totals = _scoring.rank_table()
    deck = list(_scoring.KEY)
    key = _scoring.KEY
    counts: Counter[int] = Counter()
    for five in itertools.combinations(deck, 5):
        base = totals[sum(key[c] for c in five)]
        for i in range(5):
            starter = five[i]
            hand = five[:i] + five[i + 1 :]
            flush, nobs = _scoring._suit_points(hand, starter, False)
            counts[base + flush + nobs] += 1
    elapsed = time.process_time() - start
    print(
        f"brute force over every pair: equals the grouped count: "
        f"{dict(sorted(counts.items())) == PUBLISHED}; {elapsed:.1f} s"
    )


def ours(n: int, seed: int) -> float:
    game = games.create("cribbage")
    rng = random.Random(seed)
    start = time.process_time()
    for k in range(n):
        state = game.new_game(seed + k)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
    return n / (time.process_time() - start)


def theirs(n: int, seed: int, pyspiel: Any, *, uniform: bool = False) -> float:
    """OpenSpiel's random games; each chance node (one card dealt or cut) is sampled
    in the loop, from ``chance_outcomes()`` or, with ``uniform``, from the chance
    node's ``legal_actions()``: the same draw (every cribbage chance node is uniform
    over exactly those actions), without building the list of (action, probability)
    pairs, so the faster of the two fair ways to drive OpenSpiel from Python."""
    game = pyspiel.load_game("cribbage")
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node() and not uniform:
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return n / (time.process_time() - start)


def speed(n: int, rounds: int) -> None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    _scoring.rank_table()  # built once per process, as any user of the library would
    mine: list[float] = []
    peers: dict[bool, list[float]] = {False: [], True: []}
    ratios: dict[bool, list[float]] = {False: [], True: []}
    for r in range(rounds):
        a = ours(n, 1000 * r)
        mine.append(a)
        if pyspiel is not None:
            for uniform in (False, True):
                b = theirs(n, 1000 * r, pyspiel, uniform=uniform)
                peers[uniform].append(b)
                ratios[uniform].append(a / b)
    print(f"random games to 121, {n} per round, {rounds} rounds interleaved:")
    print(f"  cardrules: {statistics.median(mine):8.1f} games per CPU second (median)")
    if pyspiel is None:
        print("  open_spiel not installed: no peer figure")
        return
    for uniform, how in ((False, "chance_outcomes()"), (True, "legal_actions()")):
        print(
            f"  OpenSpiel: {statistics.median(peers[uniform]):8.1f} games per CPU second "
            f"(median, C++ via pyspiel, chance sampled from {how})"
        )
        print(
            f"    ratio cardrules/OpenSpiel: {statistics.median(ratios[uniform]):.2f} (rounds: "
            f"{', '.join(f'{x:.2f}' for x in ratios[uniform])})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=300, help="games per round and library")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--brute", action="store_true", help="also count every pair one by one")
    args = parser.parse_args()
    ok = distribution()
    if args.brute:
        brute()
    speed(args.n, args.rounds)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
