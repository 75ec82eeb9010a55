"""Poker hand evaluation: cardrules.poker against treys on the same random hands.

Deals N random hands of 7 cards (and of 5 cards), then times, on exactly those
hands: treys' ``Evaluator.evaluate`` (cards converted to treys' integers with
``treys.Card.new`` beforehand, outside the timing), our ``evaluate_many`` on
the same hands given two ways: as ``Card`` objects, and as card codes
(converted with ``cardrules.poker.encode`` beforehand, outside the timing,
exactly as treys' cards are), each checked and with ``check=False``; and a
loop of ``evaluate`` (a ``HandValue`` each). Each round runs every contender
once, in turn; the figures are the medians over --repeat rounds of the CPU
time of this process, with the ratio to treys' median. treys is optional:
without it only our figures are printed. Also reports the time to build the
tables and the machine's load average.

Usage:
    PYTHONPATH=src python bench/poker_eval.py [-n 200000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardrules import Card, decks


def cpu_time(run: Callable[[], object]) -> float:
    """One timing of ``run``, in CPU seconds of this process.

    CPU time, not wall time: on a machine shared with other busy processes the
    wall clock counts the time spent waiting for a core, which is noise.
    """
    start = time.process_time()
    run()
    return time.process_time() - start


def table_build_time() -> tuple[float, float]:
    """Seconds to import the evaluator, and to build its tables (on first use)."""
    for name in [m for m in sys.modules if m.startswith("cardrules.poker")]:
        del sys.modules[name]
    start = time.process_time()
    tables = importlib.import_module("cardrules.poker._tables")
    imported = time.process_time()
    tables.tables()
    return imported - start, time.process_time() - imported


def treys_runner(hands: Sequence[tuple[Card, ...]]) -> Callable[[], object] | None:
    try:
        import treys
    except ImportError:
        return None
    evaluator = treys.Evaluator()
    new = treys.Card.new
    split = 2 if len(hands[0]) > 5 else 0
    pairs = [([new(str(c)) for c in h[:split]], [new(str(c)) for c in h[split:]]) for h in hands]
    if split == 0:  # treys takes five cards as a 5-card "board" and an empty hand
        pairs = [(p[1][:2], p[1][2:]) for p in pairs]

    def run() -> object:
        evaluate = evaluator.evaluate
        return [evaluate(a, b) for a, b in pairs]

    return run


def bench(size: int, count: int, repeat: int, poker: Any) -> None:
    rng = random.Random(size)
    pack = decks.standard().cards
    hands = [tuple(rng.sample(pack, size)) for _ in range(count)]
    codes = [poker.encode(h) for h in hands]  # outside the timing, as treys' Card.new
    runs: dict[str, Callable[[], object]] = {
        "evaluate_many(codes)": lambda: poker.evaluate_many(codes),
        "evaluate_many(codes, check=False)": lambda: poker.evaluate_many(codes, check=False),
        "evaluate_many(cards)": lambda: poker.evaluate_many(hands),
        "evaluate_many(cards, check=False)": lambda: poker.evaluate_many(hands, check=False),
        "[evaluate(cards) for each hand]": lambda: [poker.evaluate(h) for h in hands],
    }
    peer = treys_runner(hands)
    if peer is not None:
        runs = {"treys Evaluator.evaluate": peer, **runs}
    expected = poker.evaluate_many(hands)
    assert poker.evaluate_many(codes) == expected
    assert poker.evaluate_many(codes, check=False) == expected
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            times[name].append(cpu_time(run))
    print(f"\n{count:,} random {size}-card hands, median of {repeat} rounds:")
    base = None
    for name, spent in times.items():
        seconds = statistics.median(spent)
        rate = count / seconds
        if base is None and peer is not None:
            base = rate
        ratio = f"  x{rate / base:5.2f} treys" if base else ""
        print(f"  {name:36s} {rate:12,.0f} hands/s  {seconds * 1e9 / count:7.0f} ns/hand{ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=200_000, help="hands of each size")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    imported, built = table_build_time()
    print(f"import {imported:.3f} s; tables built on first use in {built:.3f} s (CPU time)")
    poker = importlib.import_module("cardrules.poker")
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    for size in (7, 5):
        bench(size, args.n, args.repeat, poker)
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
