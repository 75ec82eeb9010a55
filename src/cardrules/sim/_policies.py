"""Policies and playing one game to the end.

A policy picks a move for the player to move. [`RandomPolicy`][cardrules.sim.RandomPolicy] chooses
uniformly among legal moves; [`GreedyPolicy`][cardrules.sim.GreedyPolicy] asks the game for its
simple greedy move (``Game.greedy_move``).

Examples:
    >>> from cardrules import games
    >>> from cardrules.sim import RandomPolicy, play
    >>> game = games.create("thirty_one", players=3, deals=2)
    >>> final = play(game, RandomPolicy(seed=1), seed=7)
    >>> final.is_terminal
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from cardrules.engine import Game, GameState, Move, need_count
from cardrules.errors import (
    ConformanceError,
    IllegalMoveError,
    InvalidStateError,
    OptionError,
)
from cardrules.sim._mcts import MCTSPolicy

__all__ = [
    "GreedyPolicy",
    "Policy",
    "RandomPolicy",
    "make_policy",
    "play",
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
    """Anything that picks a legal move for the player to move.

    A policy may also have a ``seeded(seed)`` method returning a fresh copy
    seeded by ``seed``; ``simulate`` then asks for one per game, so that a
    random policy's choices do not depend on the games played before it in
    the same worker.
    """

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

    def seeded(self, seed: int) -> RandomPolicy:
        """A fresh copy of this policy seeded by ``seed`` (``simulate`` asks each
        game's policies this way, so results do not depend on how games are
        split between workers).

        Examples:
            >>> RandomPolicy(1).seeded(5).rng.random() == RandomPolicy(5).rng.random()
            True
        """
        return RandomPolicy(seed)

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

    def seeded(self, seed: int) -> GreedyPolicy:
        """A fresh copy of this policy, for the same game, seeded by ``seed``.

        Examples:
            >>> from cardrules import games
            >>> GreedyPolicy(games.create("thirty_one")).seeded(3).game.name
            'thirty_one'
        """
        return GreedyPolicy(self.game, seed)

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
    """A policy by name: ``"random"``, ``"greedy"`` or ``"mcts"`` (`MCTSPolicy` with its
    default settings).

    Raises:
        OptionError: an unknown name, or ``game`` is not a game.

    Examples:
        >>> from cardrules import games
        >>> type(make_policy("greedy", games.create("thirty_one"))).__name__
        'GreedyPolicy'
    """
    game = _game(game)
    if not isinstance(name, str):
        raise OptionError(f"a policy is named by text (greedy, random or mcts), got {name!r:.40}")
    if name == "random":
        return RandomPolicy(seed)
    if name == "greedy":
        return GreedyPolicy(game, seed)
    if name == "mcts":
        return MCTSPolicy(seed=seed)
    raise OptionError(f"unknown policy {name!r}; policies are: greedy, random, mcts")


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
    seats = seat_policies(game, policies, state.seed)
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


def seat_policies(game: Game[Any, Any], policies: object, seed: int) -> list[Policy]:
    """One policy per seat for the game of ``seed``: names are made into policies
    seeded by ``seed`` (one shared policy) or ``seed + seat`` (one name per seat);
    objects are used as they are.

    Raises:
        OptionError: the wrong number of policies, or one without ``choose``.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("thirty_one", players=2)
        >>> [type(p).__name__ for p in seat_policies(game, ["greedy", "random"], 1)]
        ['GreedyPolicy', 'RandomPolicy']
    """
    if isinstance(policies, str):
        policies = make_policy(policies, game, seed)
    given = list(policies) if isinstance(policies, Sequence) else [policies] * game.players
    if len(given) != game.players:
        raise OptionError(f"{game.name} has {game.players} seats, got {len(given)} policies")
    seats: list[Any] = []
    for seat, policy in enumerate(given):
        if isinstance(policy, str):
            policy = make_policy(policy, game, seed + seat)
        if not callable(getattr(policy, "choose", None)):
            raise OptionError(
                f"the policy for seat {seat} has no choose(state) method: {policy!r:.40}"
            )
        seats.append(policy)
    return seats
