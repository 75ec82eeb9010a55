"""Category counts over every hand of one pack: all 133,784,560 seven-card hands.

Feeds every combination of 7 (or ``--cards 5``) of the 52 cards, in chunks,
through ``cardrules.poker.evaluate_many`` (as cards, or with ``--codes`` as
the codes of ``cardrules.poker.encode``) and compares the count of each
category with the published figures; prints the time taken and the rate.

Usage:
    PYTHONPATH=src python bench/poker_counts.py [--cards 7] [--chunk 1048576] [--codes]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections import Counter

from cardrules import decks
from cardrules.poker import HandCategory, encode, evaluate_many

PUBLISHED = {
    5: {
        HandCategory.STRAIGHT_FLUSH: 40,
        HandCategory.FOUR_OF_A_KIND: 624,
        HandCategory.FULL_HOUSE: 3_744,
        HandCategory.FLUSH: 5_108,
        HandCategory.STRAIGHT: 10_200,
        HandCategory.THREE_OF_A_KIND: 54_912,
        HandCategory.TWO_PAIR: 123_552,
        HandCategory.PAIR: 1_098_240,
        HandCategory.HIGH_CARD: 1_302_540,
    },
    7: {
        HandCategory.STRAIGHT_FLUSH: 41_584,
        HandCategory.FOUR_OF_A_KIND: 224_848,
        HandCategory.FULL_HOUSE: 3_473_184,
        HandCategory.FLUSH: 4_047_644,
        HandCategory.STRAIGHT: 6_180_020,
        HandCategory.THREE_OF_A_KIND: 6_461_620,
        HandCategory.TWO_PAIR: 31_433_400,
        HandCategory.PAIR: 58_627_800,
        HandCategory.HIGH_CARD: 23_294_460,
    },
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, choices=(5, 7), default=7)
    parser.add_argument("--chunk", type=int, default=1 << 20)
    parser.add_argument("--check", action="store_true", help="evaluate_many(check=True)")
    parser.add_argument("--codes", action="store_true", help="hands as card codes (encode)")
    args = parser.parse_args()
    pack = decks.standard().cards
    combos: itertools.combinations[object] = itertools.combinations(
        encode(pack) if args.codes else pack, args.cards
    )
    counts: Counter[int] = Counter()
    start_wall, start_cpu = time.perf_counter(), time.process_time()
    total = 0
    while True:
        chunk = list(itertools.islice(combos, args.chunk))
        if not chunk:
            break
        counts.update(v >> 20 for v in evaluate_many(chunk, check=args.check))  # type: ignore[arg-type]
        total += len(chunk)
        print(f"  {total:>13,} hands", file=sys.stderr, end="\r")
    wall, cpu = time.perf_counter() - start_wall, time.process_time() - start_cpu
    print(f"{total:,} {args.cards}-card hands in {wall:.0f} s wall, {cpu:.0f} s CPU")
    print(f"  {total / cpu:,.0f} hands per CPU second (combinations and counting included)")
    good = True
    for category, want in PUBLISHED[args.cards].items():
        got = counts.get(category, 0)
        mark = "ok" if got == want else "DIFFERS"
        good &= got == want
        print(f"  {category.words:16s} {got:>12,}  published {want:>12,}  {mark}")
    return 0 if good else 1


if __name__ == "__main__":
    raise SystemExit(main())
