"""Policies and batch simulation for any registered game.

A policy picks a move for the player to move. [`RandomPolicy`][cardrules.sim.RandomPolicy] chooses
uniformly among legal moves; [`GreedyPolicy`][cardrules.sim.GreedyPolicy] asks the game for its
simple greedy move (``Game.greedy_move``). [`simulate`][cardrules.sim.simulate] plays many games
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

from cardrules.engine import Game, GameState, Move, need_count, seed_values
from cardrules.errors import (
    ConformanceError,
    IllegalMoveError,
    InvalidStateError,
    OptionError,
)

__all__ = [
    "GameResult",
    "GreedyPolicy",
    "Policy",
    "RandomPolicy",
    "make_policy",
    "play",
    "simulate",
]


def _seed(seed: object) -> int | str | None:
    if seed is None or isinstance(seed, str):
        return seed
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed
    raise OptionError(f"a policy seed is a whole number, text or None, got {seed!r:.40}")


def _moves(state: object) -> tuple[Move, ...]:
    if not isinstance(state, GameState):
        raise InvalidStateError(f"a policy chooses in a game state, got {type(state).__name__}")
    moves = state.legal_moves()
    if not moves:
        raise IllegalMoveError(None, "the game is over: there is no move to choose")
    return moves


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
        self.rng = random.Random(_seed(seed))

    def choose(self, state: GameState[Any]) -> Move:
        """A uniformly random legal move.

        Raises:
            IllegalMoveError: the game is over.
        """
        return self.rng.choice(_moves(state))


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
        self.game = _game(game)
        self.rng = random.Random(_seed(seed))

    def choose(self, state: GameState[Any]) -> Move:
        """The greedy move.

        Raises:
            IllegalMoveError: the game is over.
            InvalidStateError: ``state`` is not a state of this policy's game.
        """
        _moves(state)
        if not isinstance(state, self.game.STATE):
            raise InvalidStateError(
                f"this greedy policy plays {self.game.name}, not {type(state).__name__}"
            )
        return self.game.greedy_move(state, self.rng)


def _game(game: object) -> Game[Any, Any]:
    if not isinstance(game, Game):
        raise OptionError(
            f"expected a game such as games.create('thirty_one'), got {type(game).__name__}"
        )
    return game


def make_policy(name: str, game: Game[Any, Any], seed: int | None = None) -> Policy:
    """A policy by name: ``"random"`` or ``"greedy"``.

    Raises:
        OptionError: an unknown name, or ``game`` is not a game.

    Examples:
        >>> from cardrules import games
        >>> type(make_policy("greedy", games.create("thirty_one"))).__name__
        'GreedyPolicy'
    """
    game = _game(game)
    if not isinstance(name, str):
        raise OptionError(f"a policy is named by text (greedy or random), got {name!r:.40}")
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

    A policy may also be given by name (``"random"`` or ``"greedy"``, seeded by
    ``seed``).

    Raises:
        OptionError: not a game, a policy or a whole number where one is due.
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
    game = _game(game)
    need_count("max_moves", max_moves, 1)
    state: GameState[Any] = game.new_game(seed)
    if isinstance(policies, str):
        policies = make_policy(policies, game, state.seed)
    given = list(policies) if isinstance(policies, Sequence) else [policies] * game.players
    if len(given) != game.players:
        raise OptionError(f"{game.name} has {game.players} seats, got {len(given)} policies")
    seats: list[Policy] = []
    for seat, policy in enumerate(given):
        if isinstance(policy, str):
            policy = make_policy(policy, game, state.seed + seat)
        if not callable(getattr(policy, "choose", None)):
            raise OptionError(
                f"the policy for seat {seat} has no choose(state) method: {policy!r:.40}"
            )
        seats.append(policy)
    for _ in range(max_moves):
        player = state.current_player
        if player is None:
            return state
        move = seats[player].choose(state)
        try:
            state = state.apply(move)
        except IllegalMoveError as exc:
            raise ConformanceError(
                f"seat {player}'s policy {type(seats[player]).__name__} chose an illegal move "
                f"at move {len(state.history)}: {exc}"
            ) from exc
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
    make_policy(policy, game)  # refuse a bad name or game before any work
    seed_list = seed_values(seeds)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise OptionError(f"executor must be a concurrent.futures.Executor, got {executor!r:.40}")
    if executor is None:
        return [_one(game, policy, s) for s in seed_list]
    futures = [executor.submit(_one, game, policy, s) for s in seed_list]
    return [f.result() for f in futures]
