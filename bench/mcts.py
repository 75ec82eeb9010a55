"""The search bot against the greedy bot (issue 26).

For each game, ``MCTSPolicy`` plays one seat (the seat turns round from game to
game) against the game's greedy bot at every other seat; the greedy bot in the same
seat against greedy bots, on the same seeds, is the reference (its win rate is
about 1/players). A win is a best final score; a best score shared by k seats
counts 1/k. Win rates are given with their standard error, and the search's time
per move (the mean of its ``choose`` calls).

Usage:
    python bench/mcts.py [--games N] [--iterations I] [--only NAME ...]

The machine is shared and loaded: times are indicative; the win rates are not
affected.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

from cardrules import games
from cardrules.sim import GreedyPolicy, MCTSPolicy

#: (name, options): four families, one deal each (a whole deal is what is scored).
GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("thirty_one", {"players": 2, "deals": 1}),
    ("cribbage", {"players": 2, "deals": 1}),
    ("fifty_six", {"players": 4, "deals": 1}),
    ("japanese51", {"players": 2, "deals": 1}),
    ("schwimmen", {"players": 2, "deals": 1}),
)


class Timed:
    """A policy that adds up the time of its choices."""

    def __init__(self, policy: Any) -> None:
        self.policy = policy
        self.seconds = 0.0
        self.calls = 0

    def choose(self, state: Any) -> Any:
        start = time.perf_counter()
        move = self.policy.choose(state)
        self.seconds += time.perf_counter() - start
        self.calls += 1
        return move


def share(scores: tuple[float, ...], seat: int, higher: bool) -> float:
    best = max(scores) if higher else min(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    return 1 / len(winners) if seat in winners else 0.0


def play(game: Any, seed: int, seat: int, hero: Any) -> float:
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    policies = [GreedyPolicy(game, seed=rng.randrange(2**32)) for _ in range(game.players)]
    policies[seat] = hero
    while not state.is_terminal:
        state = state.apply(policies[state.current_player].choose(state))
    return share(state.scores, seat, game.higher_is_better)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args()
    print(f"{args.games} games each, MCTS {args.iterations} iterations a move vs greedy")
    print("game          players  MCTS wins       greedy wins     ms/move (MCTS)")
    for name, options in GAMES:
        if args.only and name not in args.only:
            continue
        game = games.create(name, **options)
        mcts, greedy = [], []
        timed = Timed(None)
        for i in range(args.games):
            seat = i % game.players
            timed.policy = MCTSPolicy(args.iterations, seed=i)
            mcts.append(play(game, 1000 + i, seat, timed))
            greedy.append(play(game, 1000 + i, seat, GreedyPolicy(game, seed=i)))

        def rate(xs: list[float]) -> str:
            p = sum(xs) / len(xs)
            se = math.sqrt(max(sum((x - p) ** 2 for x in xs) / (len(xs) - 1), 0) / len(xs))
            return f"{p:5.3f} +- {se:5.3f}"

        ms = timed.seconds / max(timed.calls, 1) * 1e3
        print(f"{name:13} {game.players:7}  {rate(mcts)}   {rate(greedy)}   {ms:8.1f}")


if __name__ == "__main__":
    main()
