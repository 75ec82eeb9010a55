"""How long the terminal loop takes to draw one screen, for every registered game.

A screen is what ``cardrules play --human`` computes at each prompt: the
seat's view, the game's ``render(view)``, the legal moves (generated afresh,
without the state's memo) and their numbered list. The states are those met in
greedy play (the loop's bots) over several seeds, each drawn for the seat to
move. Each screen is drawn ``--repeat`` times and the fastest counts (the
machine's other work only ever adds time). The budget is 50 ms a screen; the
script prints the median, the 99th percentile and the worst time per game, and
exits 1 if a worst time is over the budget.

Usage:
    python bench/render.py [-n STATES] [--seeds K] [--repeat R] [GAME ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from cardrules import games
from cardrules.render import find_render

BUDGET_MS = 50.0


def states(name: str, count: int, seeds: int) -> list[Any]:
    """Up to ``count`` non-terminal states met in greedy play over ``seeds`` games."""
    game = games.create(name)
    out: list[Any] = []
    per_seed = -(-count // seeds)
    for seed in range(seeds):
        state = game.new_game(seed)
        rng = random.Random(seed)
        taken = 0
        while not state.is_terminal and taken < per_seed:
            out.append(state)
            taken += 1
            state = state.apply(game.greedy_move(state, rng))
    return out[:count]


def screen_ms(render: Any, state: Any) -> float:
    """Milliseconds for one screen: view, render, fresh legal moves, the numbered list."""
    t0 = time.perf_counter()
    seat = state.current_player
    text = render(state.view(seat))
    legal = state._generate_moves()  # afresh: the memo would hide the cost
    listing = "\n".join(f"{i + 1:>3}. {move}" for i, move in enumerate(legal))
    elapsed = (time.perf_counter() - t0) * 1000
    if not text or not listing:
        raise SystemExit(f"an empty screen: {state.GAME} after {len(state.history)} moves")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(games.names()))
    parser.add_argument("-n", type=int, default=600, help="states per game")
    parser.add_argument("--seeds", type=int, default=6, help="games played per game")
    parser.add_argument(
        "--repeat", type=int, default=3, help="draws of each screen; the fastest counts"
    )
    args = parser.parse_args()
    worst_all = 0.0
    print(f"{'game':<28}{'states':>7}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}")
    for name in args.games:
        render = find_render(games.create(name))
        sample = [
            min(screen_ms(render, s) for _ in range(args.repeat))
            for s in states(name, args.n, args.seeds)
        ]
        p99 = statistics.quantiles(sample, n=100)[98] if len(sample) > 1 else sample[0]
        worst = max(sample)
        worst_all = max(worst_all, worst)
        print(
            f"{name:<28}{len(sample):>7}{statistics.median(sample):>11.3f}{p99:>9.3f}{worst:>9.3f}"
        )
    verdict = "within" if worst_all < BUDGET_MS else "OVER"
    print(f"worst screen {worst_all:.2f} ms: {verdict} the {BUDGET_MS:.0f} ms budget")
    return 0 if worst_all < BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
