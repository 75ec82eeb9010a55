"""Exact Hold'em equity: cardrules.poker.equity against a treys loop over every board.

Times the exact heads-up pre-flop equity of AdAc against KhKs (all 1,712,304
boards) with ``cardrules.poker.equity``, and the same count done the plain way
with treys: every board enumerated and both seven-card hands valued by
``treys.Evaluator.evaluate`` (cards converted with ``treys.Card.new``
beforehand, outside the timing). Each round runs both, in turn; the figures
are medians of the CPU time of this process (the machine may be shared: wall
time would count waiting for a core) with the ratio. The counts of both are
printed and must agree. treys is optional: without it only our figure is
printed.

``--oracle`` instead prints treys' exact counts for the matchups given (hands
as ``AdAc``, one matchup per argument, hands joined by ``/``, an optional
board after ``@``): the independent figures that tests/test_poker_equity.py
checks against.

Usage:
    PYTHONPATH=src python bench/poker_equity.py [--repeat 3] [--peer-repeat 1]
    PYTHONPATH=src python bench/poker_equity.py --oracle AhKh/2c2d "AsKs/QdQc@Qs 7h 2c"
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from itertools import combinations
from typing import Any

from cardrules import decks, parse_cards
from cardrules.poker import equity


def cpu_time(run: Callable[[], object]) -> tuple[float, object]:
    """CPU seconds of this process spent in ``run``, and its result."""
    start = time.process_time()
    result = run()
    return time.process_time() - start, result


def treys_counts(hands: list[str], board: str = "") -> list[tuple[int, int, int]] | None:
    """(wins, ties, losses) of each hand over every board, by a plain treys loop."""
    try:
        import treys
    except ImportError:
        return None
    evaluator = treys.Evaluator()
    new = treys.Card.new
    hands = [h.replace(" ", "") for h in hands]
    holes = [parse_cards(h[i : i + 2] for i in range(0, len(h), 2)) for h in hands]
    known = parse_cards(board)
    used = {c for h in holes for c in h} | set(known)
    rest = [new(str(c)) for c in decks.standard().cards if c not in used]
    fixed = [new(str(c)) for c in known]
    ints = [[new(str(c)) for c in h] for h in holes]
    seats = range(len(ints))
    wins = [0] * len(ints)
    ties = [0] * len(ints)
    losses = [0] * len(ints)
    evaluate = evaluator.evaluate
    for extra in combinations(rest, 5 - len(fixed)):
        full = fixed + list(extra)
        ranks = [evaluate(h, full) for h in ints]  # lower is better in treys
        best = min(ranks)
        shared = ranks.count(best)
        for i in seats:
            if ranks[i] != best:
                losses[i] += 1
            elif shared == 1:
                wins[i] += 1
            else:
                ties[i] += 1
    return list(zip(wins, ties, losses, strict=True))


def oracle(matchups: list[str]) -> None:
    for text in matchups:
        hands, _, board = text.partition("@")
        counts = treys_counts(hands.split("/"), board)
        print(f"{text}: {counts}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds (default 3)")
    parser.add_argument(
        "--peer-repeat", type=int, default=1, help="rounds that also run treys (default 1)"
    )
    parser.add_argument("--oracle", nargs="+", metavar="MATCHUP", help="print treys' counts")
    args = parser.parse_args()
    if args.oracle:
        oracle(args.oracle)
        return
    build, _ = cpu_time(lambda: equity(["2c2d", "3h3s"], board="4c 5d 9h"))  # builds the tables
    ours: list[float] = []
    peer: list[float] = []
    result: Any = None
    peer_result: Any = None
    for round_ in range(args.repeat):
        seconds, result = cpu_time(lambda: equity(["AdAc", "KhKs"]))
        ours.append(seconds)
        if round_ < args.peer_repeat:
            seconds, peer_result = cpu_time(lambda: treys_counts(["AdAc", "KhKs"]))
            if peer_result is not None:
                peer.append(seconds)
    aces = result[0]
    print(f"load average: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    print(f"first call, building the evaluator's tables: {build:.3f} s CPU (not counted below)")
    print(
        f"cardrules equity, AdAc v KhKs, {aces.total:,} boards: "
        f"median {statistics.median(ours):.3f} s CPU over {len(ours)} rounds "
        f"(each: {', '.join(f'{s:.3f}' for s in ours)})"
    )
    print(f"  AdAc wins {aces.wins:,}, ties {aces.ties:,}, loses {aces.losses:,}")
    if peer:
        ratio = statistics.median(peer) / statistics.median(ours)
        print(
            f"treys loop over every board: median {statistics.median(peer):.1f} s CPU "
            f"over {len(peer)} rounds; ratio {ratio:.0f}x"
        )
        print(f"  AdAc (wins, ties, losses) by treys: {peer_result[0]}")
        agree = peer_result[0] == (aces.wins, aces.ties, aces.losses)
        print(f"  counts agree: {agree}")


if __name__ == "__main__":
    main()
