"""Policies and batch simulation for any registered game.

A policy picks a move for the player to move. :class:`RandomPolicy` chooses
uniformly among legal moves; :class:`GreedyPolicy` asks the game for its
simple greedy move (``Game.greedy_move``). :func:`simulate` plays many games
over any ``concurrent.futures.Executor`` (threads, processes, or a Dask
client's executor), one task per seed, and returns compact results.

Examples:
    >>> from cardrules import games
    >>> from cardrules.sim import RandomPolicy, play
    >>> game = games.create("thirty_one", players=3, deals=2)
    >>> final = play(game, RandomPolicy(seed=1), seed=7)
    >>> final.is_terminal
    True
    >>> [r.seed for r in simulate(game, seeds=[1, 2], policy="greedy")]
    [1, 2]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from typing import Any, Protocol

import attrs

from cardrules.engine import Game, GameState, Move
from cardrules.errors import ConformanceError, OptionError

__all__ = [
    "GameResult",
    "GreedyPolicy",
    "Policy",
    "RandomPolicy",
    "make_policy",
    "play",
    "simulate",
]


class Policy(Protocol):
    """Anything that picks a legal move for the player to move."""

    def choose(self, state: GameState[Any]) -> Move:
        """The move to make in ``state`` (which is not terminal)."""
        ...


class RandomPolicy:
    """Uniformly random legal moves, reproducible from ``seed``.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("thirty_one").new_game(seed=1)
        >>> RandomPolicy(seed=3).choose(state) in state.legal_moves()
        True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState[Any]) -> Move:
        """A uniformly random legal move."""
        return self.rng.choice(state.legal_moves())


class GreedyPolicy:
    """The game's own simple greedy player (``Game.greedy_move``).

    Examples:
        >>> from cardrules import games
        >>> game = games.create("thirty_one")
        >>> state = game.new_game(seed=1)
        >>> GreedyPolicy(game, seed=0).choose(state) in state.legal_moves()
        True
    """

    def __init__(self, game: Game[Any, Any], seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, state: GameState[Any]) -> Move:
        """The greedy move."""
        return self.game.greedy_move(state, self.rng)


def make_policy(name: str, game: Game[Any, Any], seed: int | None = None) -> Policy:
    """A policy by name: ``"random"`` or ``"greedy"``.

    Examples:
        >>> from cardrules import games
        >>> type(make_policy("greedy", games.create("thirty_one"))).__name__
        'GreedyPolicy'
    """
    if name == "random":
        return RandomPolicy(seed)
    if name == "greedy":
        return GreedyPolicy(game, seed)
    raise OptionError(f"unknown policy {name!r}; policies are: greedy, random")


def play(
    game: Game[Any, Any],
    policies: Policy | Sequence[Policy],
    *,
    seed: int | None = None,
    max_moves: int = 1_000_000,
) -> GameState[Any]:
    """Play one game to the end; ``policies`` is one policy or one per seat.

    Raises:
        ConformanceError: a policy chose an illegal move, or the game did
            not end within ``max_moves``.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("thirty_one", players=3)
        >>> final = play(game, RandomPolicy(seed=1), seed=7)
        >>> final.is_terminal, len(final.scores)
        (True, 3)
        >>> play(game, RandomPolicy(seed=1), seed=7) == final  # the same seeds, the same game
        True
    """
    seats = list(policies) if isinstance(policies, Sequence) else [policies] * game.players
    if len(seats) != game.players:
        raise OptionError(f"{game.name} has {game.players} seats, got {len(seats)} policies")
    state: GameState[Any] = game.new_game(seed)
    for _ in range(max_moves):
        player = state.current_player
        if player is None:
            return state
        state = state.apply(seats[player].choose(state))
    raise ConformanceError(f"{game.name} did not end within {max_moves} moves")


@attrs.frozen(kw_only=True)
class GameResult:
    """The outcome of one simulated game."""

    seed: int
    scores: tuple[float, ...]
    moves: int


def _one(game: Game[Any, Any], policy: str, seed: int) -> GameResult:
    final = play(game, make_policy(policy, game, seed), seed=seed)
    return GameResult(seed=seed, scores=tuple(final.scores), moves=len(final.history))


def simulate(
    game: Game[Any, Any],
    *,
    seeds: Iterable[int],
    policy: str = "random",
    executor: Executor | None = None,
) -> list[GameResult]:
    """Play one game per seed with every seat on ``policy``; results in seed order.

    Args:
        game: the game (it is pickled to worker processes as it is a value).
        seeds: one game per seed; each game's policy is seeded by it too.
        policy: ``"random"`` or ``"greedy"``.
        executor: e.g. ``ProcessPoolExecutor()``; ``None`` plays in this thread.

    Examples:
        >>> from cardrules import games
        >>> results = simulate(games.create("empat_satu"), seeds=range(3), policy="greedy")
        >>> [r.seed for r in results], all(sum(r.scores) == 1 for r in results)
        ([0, 1, 2], True)
    """
    make_policy(policy, game)  # refuse a bad name before any work
    seed_list = list(seeds)
    if executor is None:
        return [_one(game, policy, s) for s in seed_list]
    futures = [executor.submit(_one, game, policy, s) for s in seed_list]
    return [f.result() for f in futures]
