"""Policies, and simulation of many games here, on process pools or on Dask.

A policy picks a move for the player to move. ``RandomPolicy`` chooses
uniformly among legal moves; ``GreedyPolicy`` asks the game for its
simple greedy move (``Game.greedy_move``); ``MCTSPolicy`` searches from the
mover's view (information-set Monte-Carlo tree search on ``sample_state``). ``play`` plays one game;
``simulate`` plays many in chunks, in this process or on any executor
(a ``ProcessPoolExecutor``, a Dask ``Client``, a Ray pool), with the same
results whatever runs them, and adds them up as it goes.

Examples:
    >>> from cardrules import games
    >>> from cardrules.sim import RandomPolicy, play, simulate
    >>> game = games.create("thirty_one", players=3, deals=2)
    >>> final = play(game, RandomPolicy(seed=1), seed=7)
    >>> final.is_terminal
    True
    >>> result = simulate(game, 50, policies="greedy")
    >>> result.summary.games, len(result.summary.win_rates)
    (50, 3)
"""

from cardrules.sim._mcts import MCTSPolicy
from cardrules.sim._policies import (
    GreedyPolicy,
    Policy,
    RandomPolicy,
    make_policy,
    play,
    seat_policies,
)
from cardrules.sim._progress import Progress
from cardrules.sim._run import GameSpec, SimulationError, game_seed
from cardrules.sim._simulate import simulate
from cardrules.sim._summary import GameResult, SimulationResult, Summary

__all__ = [
    "GameResult",
    "GameSpec",
    "GreedyPolicy",
    "MCTSPolicy",
    "Policy",
    "Progress",
    "RandomPolicy",
    "SimulationError",
    "SimulationResult",
    "Summary",
    "game_seed",
    "make_policy",
    "play",
    "seat_policies",
    "simulate",
]
