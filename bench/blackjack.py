"""Blackjack benchmark and published-number checks.

1. Complete random rounds per CPU second against RLCard's blackjack (same run,
   same machine; RLCard is skipped if not installed): RLCard plays one round
   per game from a fresh one-pack deck; ours is measured both in games of 100
   rounds from a six-pack shoe and as one-round games from a fresh one-pack deck.
2. The dealer's bust chance for six packs, S17, with a 6 and a ten-card up:
   exact from ``dealer_probabilities`` (given no dealer natural) and by
   simulation through the game (one-round games from a fresh shoe, a seat that
   always stands; rounds where the seat holds a natural are left out, as the
   dealer does not play them), with the standard error.
3. The house edge of the complete basic-strategy chart (six packs, S17, double
   after split, double any two, resplit to four hands, 3:2) by simulation
   through the game, with its standard error (published: about 0.40%).

4. ``--variants N``: the house-edge effect of each table variant of BJ-16 by
   paired simulation: N one-round games (a freshly shuffled shoe each) played by
   the chart bot under the base rules and, with the same seed and so the same
   cards, under the base rules plus the variant; the mean difference of the net
   result, in initial bets, with its standard error, against the published effect.

Usage:
    python bench/blackjack.py [--rounds N] [--dealer-rounds N] [--edge-rounds N] [--jobs J]
    python bench/blackjack.py --variants N [--jobs J]

The defaults (20,000 timed rounds, 200,000 dealer rounds, 1,000,000 house-edge
rounds over 2 processes) take five to seven minutes on a busy two-core machine.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardrules import games
from cardrules.games import blackjack
from cardrules.games.blackjack.moves import DECLINE, STAND, Phase

EDGE_RULES: dict[str, Any] = {
    "packs": 6,
    "hit_soft_17": False,
    "double_after_split": True,
    "double_any_two": True,
    "max_hands": 4,
    "bankroll": 10**9,
    "min_bet": 10,  # a bet that 3:2 and 6:5 pay exactly (BJ-6.2)
}


def random_rounds(game: Any, rounds: int, seed: int) -> int:
    """Play uniformly random moves until ``rounds`` rounds are complete."""
    rng = random.Random(seed)
    done = 0
    while done < rounds:
        state = game.new_game(rng.getrandbits(32))
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
        done += state.deal
    return done


def rlcard_rounds(rounds: int) -> float | None:
    """RLCard blackjack games (one round each) per second, random agent."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("blackjack", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions)])
    start = time.process_time()
    for _ in range(rounds):
        env.run(is_training=False)
    return rounds / (time.process_time() - start)


# Rounds per house-edge game (one shoe after another, cut card and all): a game's
# history grows by every move, so the simulation plays many games of this many
# rounds rather than one long one.
ROUNDS_PER_GAME = 100


def _games(rounds: int, seed: int) -> list[tuple[int, int]]:
    """(seed, rounds) for the games that make up ``rounds`` rounds."""
    out = []
    k = 0
    while rounds > 0:
        out.append((seed * 1_000_003 + k, min(rounds, ROUNDS_PER_GAME)))
        rounds -= ROUNDS_PER_GAME
        k += 1
    return out


def dealer_sample(rounds: int, seed: int) -> dict[str, list[int]]:
    """Play ``rounds`` one-round games (a freshly shuffled shoe each, as the exact
    figures assume: no cut-card effect) standing on every hand; count the rounds
    the dealer plays out (no natural on either side) and the busts, by up card."""
    game = games.create("blackjack", deals=1, bankroll=10**12)
    counts = {"6": [0, 0], "T": [0, 0]}
    for k in range(rounds):
        state = game.new_game(seed * 1_000_003 + k)
        while not state.is_terminal:
            phase = state.phase
            move = state.legal_moves()[0] if phase is Phase.BET else STAND
            state = state.apply(DECLINE if phase is Phase.INSURANCE else move)
        result = state.last_deal
        # The dealer plays only against a hand still standing (BJ-11.4).
        if result is None or result.dealer_natural or result.hands[0][0].natural:
            continue
        value = blackjack.card_value(result.dealer[0])
        key = "6" if value == 6 else "T" if value == 10 else None
        if key is not None:
            counts[key][0] += 1
            counts[key][1] += blackjack.hand_value(result.dealer)[0] > 21
    return counts


def edge_sample(rounds: int, seed: int) -> tuple[int, float, float]:
    """Play ``rounds`` rounds of basic strategy; return (rounds, sum, sum of squares)
    of the net result per round in units of the initial bet."""
    bet = EDGE_RULES["min_bet"]
    total = squares = 0.0
    n = 0
    for game_seed, length in _games(rounds, seed):
        game = games.create("blackjack", deals=length, **EDGE_RULES)
        state = game.new_game(game_seed)
        while not state.is_terminal:
            before = state.last_deal
            state = state.apply(blackjack.strategy_move(state, chart=True))
            result = state.last_deal
            if result is not before and result is not None:
                x = result.net[0] / bet
                total += x
                squares += x * x
                n += 1
    return n, total, squares


# (variant options, base options beside EDGE_RULES, published change of the house
# edge in percent of the initial bet: low and high of the sources, BJ-16)
VARIANTS: dict[str, tuple[dict[str, Any], dict[str, Any], tuple[float, float]]] = {
    "six_to_five": ({"six_to_five": True}, {}, (1.36, 1.39)),
    "surrender": ({"surrender": True}, {}, (-0.08, -0.07)),
    "resplit_aces": ({"resplit_aces": True}, {}, (-0.08, -0.05)),
    "hit_split_aces": ({"hit_split_aces": True}, {}, (-0.19, -0.13)),
    "double_ten_eleven": ({"double_ten_eleven": True}, {"double_any_two": False}, (0.09, 0.09)),
    "no_hole_card": ({"no_hole_card": True}, {}, (0.10, 0.20)),
}


def _one_round(options: dict[str, Any], seed: int) -> int:
    game = games.create("blackjack", deals=1, **options)
    state = game.new_game(seed)
    while not state.is_terminal:
        state = state.apply(blackjack.strategy_move(state, chart=True))
    assert state.last_deal is not None
    return state.last_deal.net[0]


def variant_sample(name: str, rounds: int, seed: int) -> tuple[int, float, float]:
    """(rounds, sum, sum of squares) of the paired difference variant minus base, in bets."""
    changed, base_extra, _ = VARIANTS[name]
    base = {**EDGE_RULES, **base_extra}
    variant = {**base, **changed}
    bet = EDGE_RULES["min_bet"]
    total = squares = 0.0
    for k in range(rounds):
        game_seed = seed * 1_000_003 + k
        x = (_one_round(variant, game_seed) - _one_round(base, game_seed)) / bet
        total += x
        squares += x * x
    return rounds, total, squares


def variants(rounds: int, jobs: int) -> None:
    for name, (_, _, (low, high)) in VARIANTS.items():
        chunks = _chunks(rounds, jobs)
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(variant_sample, [name] * jobs, chunks, range(1, jobs + 1)))
        n = sum(p[0] for p in parts)
        mean = sum(p[1] for p in parts) / n
        se = math.sqrt(max(sum(p[2] for p in parts) / n - mean * mean, 0.0) / n)
        edge = -100 * mean  # the house edge's change, in percent
        published = f"{low:+.2f}%" if low == high else f"{low:+.2f}% to {high:+.2f}%"
        near = min(abs(edge - low), abs(edge - high)) if not low <= edge <= high else 0.0
        print(
            f"{name}: house edge {edge:+.3f}% +- {100 * se:.3f}% (n={n} paired rounds); "
            f"published {published}; {near / (100 * se) if se else 0:.2f} SE from it"
        )


def _chunks(n: int, jobs: int) -> list[int]:
    return [n // jobs + (1 if k < n % jobs else 0) for k in range(jobs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20_000, help="random rounds timed")
    parser.add_argument("--dealer-rounds", type=int, default=200_000)
    parser.add_argument("--edge-rounds", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=2, help="processes for the simulations")
    parser.add_argument("--variants", type=int, default=0, help="paired rounds per variant")
    args = parser.parse_args()
    if args.variants:
        variants(args.variants, args.jobs)
        return

    # 1. random rounds per second, ours and RLCard's, interleaved in the same run;
    # the best of three runs of each, in CPU seconds of this process (the machine
    # is shared: wall-clock time would count the other processes' turns too)
    shoe_game = games.create("blackjack", deals=100, bankroll=10**9)
    fresh_game = games.create("blackjack", deals=1, packs=1, bankroll=10**9)
    best = {"shoe": 0.0, "fresh": 0.0, "rlcard": 0.0}
    for attempt in range(3):
        peer = rlcard_rounds(args.rounds)
        if peer is not None:
            best["rlcard"] = max(best["rlcard"], peer)
        for key, game in (("shoe", shoe_game), ("fresh", fresh_game)):
            start = time.process_time()
            random_rounds(game, args.rounds, attempt)
            best[key] = max(best[key], args.rounds / (time.process_time() - start))
    print(f"random rounds per CPU second, best of 3 runs of {args.rounds} rounds:")
    print(f"  cardrules {best['shoe']:>9,.0f}  (games of 100 rounds, 6-pack shoe)")
    print(f"  cardrules {best['fresh']:>9,.0f}  (one-round games, fresh 1-pack deck)")
    if not best["rlcard"]:
        print("  RLCard not installed: no ratio")
    else:
        print(f"  RLCard    {best['rlcard']:>9,.0f}  (one-round games, fresh 1-pack deck)")
        shoe, fresh = best["shoe"] / best["rlcard"], best["fresh"] / best["rlcard"]
        print(f"  ratio: {shoe:.2f}x (shoe), {fresh:.2f}x (fresh deck)")

    # 2. dealer bust chances: exact and simulated
    seeds = list(range(1, args.jobs + 1))
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(dealer_sample, _chunks(args.dealer_rounds, args.jobs), seeds))
        edge_parts = list(pool.map(edge_sample, _chunks(args.edge_rounds, args.jobs), seeds))
    for key, card in (("6", "6h"), ("T", "Th")):
        exact = float(blackjack.dealer_probabilities(card, packs=6)["bust"])
        n = sum(p[key][0] for p in parts)
        busts = sum(p[key][1] for p in parts)
        p = busts / n
        se = math.sqrt(p * (1 - p) / n)
        print(
            f"dealer bust, {key} up, 6 packs S17, given no natural: exact {exact:.4%}, "
            f"simulated {p:.4%} +- {se:.4%} (n={n}, {(p - exact) / se:+.2f} SE)"
        )

    # 3. house edge of the complete basic-strategy chart
    n = sum(e[0] for e in edge_parts)
    mean = sum(e[1] for e in edge_parts) / n
    var = sum(e[2] for e in edge_parts) / n - mean * mean
    se = math.sqrt(var / n)
    print(
        f"house edge, basic-strategy chart, 6 packs S17 DAS DA2 RSP4 3:2: {-mean:.3%} "
        f"+- {se:.3%} (n={n} rounds; published about 0.40%)"
    )


if __name__ == "__main__":
    main()
