"""Let It Ride: the basic-strategy bot's exact expected return, and play speed.

1. The exact expected return of the published basic strategy
   (``let_it_ride.ride_first`` / ``ride_second``, the greedy bot) on a pay
   table: every three-card start (up to the order of suits) against every
   order of the two community cards, through ``let_it_ride.expected_return``;
   also the average number of bets left riding. The published figures for the
   common table are a house edge of 3.51% of one bet and 1.23 bets riding on
   average (Wizard of Odds; Grochowski).
2. Complete hands per second: one-hand games (``deals=1``, one player) played
   to the end with random moves, and with the bot; and default ten-hand series.
3. ``--side-bets``: the exact return of each side bet (LIR-8) by enumeration,
   against the published house edges.

There is no peer to compare with: no Let It Ride engine is installed.

Usage:
    PYTHONPATH=src python bench/let_it_ride.py [--pay-table 1000,200,...] [-n 20000]
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections import Counter
from fractions import Fraction

from cardrules import Card, Suit, decks, games
from cardrules.games import let_it_ride


def start_classes() -> Counter[tuple[Card, ...]]:
    """Every three-card start, one representative per reordering of the suits, with counts."""
    classes: Counter[tuple[Card, ...]] = Counter()
    perms = list(itertools.permutations(Suit))
    for hand in itertools.combinations(decks.standard().cards, 3):
        forms = [
            tuple(sorted(Card(c.rank, perm[c.suit]) for c in hand))  # type: ignore[index]
            for perm in perms
        ]
        classes[min(forms)] += 1
    return classes


def exact_return(pay_table: str) -> None:
    start = time.process_time()
    classes = start_classes()
    pack = decks.standard().cards
    total = Fraction(0)
    riding = Fraction(0)
    for hand, weight in classes.items():
        total += weight * let_it_ride.expected_return(hand, pay_table=pay_table)
        first = let_it_ride.ride_first(hand)
        rest = [c for c in pack if c not in hand]
        seconds = sum(let_it_ride.ride_second((*hand, c)) for c in rest)
        riding += weight * (1 + first + Fraction(seconds, len(rest)))
    hands = sum(classes.values())
    ev = total / hands
    bets = riding / hands
    cpu = time.process_time() - start
    print(f"basic strategy on pay table {pay_table}:")
    print(f"  {len(classes)} three-card starts (of {hands:,}) x 49 x 48 boards, {cpu:.0f} s CPU")
    print(f"  expected return {float(ev):+.6f} bets a hand (house edge {-float(ev):.4%})")
    print(f"  bets riding on average {float(bets):.4f}; element of risk {-float(ev / bets):.4%}")


def speed(count: int) -> None:
    one = games.create("let_it_ride", players=1, deals=1)
    rng = random.Random(1)
    for label, pick in (
        ("random moves", lambda state: rng.choice(state.legal_moves())),
        ("basic-strategy bot", lambda state: one.greedy_move(state, rng)),
    ):
        start = time.process_time()
        for seed in range(count):
            state = one.new_game(seed)
            while not state.is_terminal:
                state = state.apply(pick(state))
        cpu = time.process_time() - start
        print(f"  {count / cpu:9,.0f} complete hands/s, one player, {label}")
    series = games.create("let_it_ride")
    start = time.process_time()
    for seed in range(count // 30):
        state = series.new_game(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
    cpu = time.process_time() - start
    print(f"  {count // 30 / cpu:9,.0f} ten-hand series/s of three players, random moves")


SIDE_BETS = (
    ("bonus", let_it_ride.COMMON_BONUS_TABLE, 25.54, "gamblingmy.com: returns $0.7446"),
    ("bonus", "5000,2000,100,75,50,25,8,4", 27.70, "Wizard of Odds, Isle of Capri"),
    ("3-card", let_it_ride.COMMON_THREE_CARD_TABLE, 7.1, "Shuffle Master table"),
    ("3-card", "50,40,30,6,4,1", 2.14, "Shuffle Master table"),
)


def side_bets() -> None:
    for kind, table, published, source in SIDE_BETS:
        if kind == "bonus":
            value = let_it_ride.bonus_return(table)
        else:
            value = let_it_ride.three_card_return(table)
        print(
            f"{kind} {table}: house edge {-100 * float(value):.3f}% exact; "
            f"published {published}% ({source})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pay-table", default=let_it_ride.COMMON_PAY_TABLE)
    parser.add_argument("-n", type=int, default=20_000, help="hands for the speed figures")
    parser.add_argument("--no-exact", action="store_true", help="skip the exact return")
    parser.add_argument("--side-bets", action="store_true", help="only the side bets' returns")
    args = parser.parse_args()
    if args.side_bets:
        side_bets()
        return
    print("play speed (CPU time):")
    speed(args.n)
    if not args.no_exact:
        exact_return(args.pay_table)


if __name__ == "__main__":
    main()
