"""Play Thirty-One: greedy bots against a random one, and count the tokens lost."""

from __future__ import annotations

from cardrules import games
from cardrules.sim import GreedyPolicy, RandomPolicy, play

game = games.create("thirty_one", players=3)
lost = [0, 0, 0]
for seed in range(200):
    final = play(
        game, [GreedyPolicy(game, seed), GreedyPolicy(game, seed), RandomPolicy(seed)], seed=seed
    )
    lost = [a + b for a, b in zip(lost, final.scores, strict=True)]
print("tokens lost over 200 games (greedy, greedy, random):", lost)
