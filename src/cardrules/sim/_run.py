"""The worker's side of a simulation: what travels, and playing one chunk.

A task names its game by a ``GameSpec`` (registry name and options, so a
worker builds the game itself), the policies (names, or picklable objects), and
a range of game numbers. Game ``i`` of a run seeded ``seed`` is played from
``game_seed`` ``(seed, i)``, so a game's result does not depend on the
chunk, the worker or the executor it was played in.
"""

from __future__ import annotations

import hashlib
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules import games
from cardrules.engine import Game, GameState
from cardrules.errors import CardRulesError, IllegalMoveError, OptionError
from cardrules.sim._policies import seat_policies
from cardrules.sim._summary import GameResult, Tally

__all__ = ["GameSpec", "SimulationError", "game_seed"]


class SimulationError(CardRulesError):
    """A game of a simulation failed; says which game, its seed and the move.

    Attributes:
        index: the game's number in the run.
        seed: the game's seed (``play(game, policies, seed=seed)`` plays it again,
            ``game.replay(seed, moves)`` rebuilds its states).
        move: the number of moves made before the failure, or ``None``.
        history: the notation of those moves: ``game.replay(seed, history)``
            rebuilds the position where the game failed.
        details: the traceback text from the worker that played the game.
    """

    def __init__(
        self,
        message: str,
        *,
        index: int | None = None,
        seed: int | None = None,
        move: int | None = None,
        history: tuple[str, ...] = (),
        details: str = "",
    ) -> None:
        super().__init__(message)
        self.index = index
        self.seed = seed
        self.move = move
        self.history = history
        self.details = details

    def __reduce__(self) -> tuple[Any, ...]:  # travels back from a worker process whole
        fields = (self.index, self.seed, self.move, self.history, self.details)
        return (_rebuild, (str(self), *fields))


def _rebuild(
    message: str,
    index: int | None,
    seed: int | None,
    move: int | None,
    history: tuple[str, ...],
    details: str,
) -> SimulationError:
    return SimulationError(
        message, index=index, seed=seed, move=move, history=history, details=details
    )


def _notation(state: GameState[Any] | None) -> tuple[str, ...]:
    return () if state is None else tuple(str(move) for move in state.history)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed`` (a 63-bit whole number).

    The same on every machine and in every process: the 8-byte BLAKE2b digest
    of the text ``cardrules.sim/{seed}/{index}``, read as a big-endian number
    and shifted right by one bit.

    Examples:
        >>> game_seed(0, 0) == game_seed(0, 0), game_seed(0, 0) == game_seed(0, 1)
        (True, False)
        >>> 0 <= game_seed(7, 10**6) < 2**63
        True
    """
    digest = hashlib.blake2b(f"cardrules.sim/{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@attrs.frozen
class GameSpec:
    """A game as it travels to a worker: its registry name and options.

    A game that is not in the registry (a user's own ``Game`` subclass) travels
    as the game value itself; its class must be importable where it runs.

    Examples:
        >>> spec = GameSpec.of(games.create("thirty_one", players=3))
        >>> spec.name, dict(spec.options)["players"]
        ('thirty_one', 3)
        >>> spec.create() == games.create("thirty_one", players=3)
        True
    """

    name: str
    options: tuple[tuple[str, Any], ...]
    game: Game[Any, Any] | None = None

    @classmethod
    def of(cls, game: Game[Any, Any]) -> GameSpec:
        """The spec of ``game``."""
        try:
            options = tuple(attrs.asdict(game.options, recurse=False).items())
        except attrs.exceptions.NotAnAttrsClassError:  # a user's own options class
            return cls(game.NAME, (), game)
        try:
            if games.create(game.NAME, **dict(options)) == game:
                return cls(game.NAME, options)
        except CardRulesError:
            pass
        return cls(game.NAME, options, game)

    def create(self) -> Game[Any, Any]:
        """The game again (cached in each process)."""
        if self.game is not None:
            return self.game
        try:
            return _CACHE[self]
        except KeyError:
            pass
        except TypeError:  # an option value that cannot be hashed: no cache
            return games.create(self.name, **dict(self.options))
        made = _CACHE[self] = games.create(self.name, **dict(self.options))
        return made


_CACHE: dict[GameSpec, Game[Any, Any]] = {}


@attrs.frozen(kw_only=True)
class Task:
    """One chunk of games: numbers ``first`` to ``first + count - 1``."""

    spec: GameSpec
    policies: object
    first: int
    count: int
    seed: int | None  # the run's seed; None when ``seeds`` lists the game seeds
    seeds: tuple[int, ...] | None  # this chunk's game seeds, when listed
    records: bool
    max_moves: int


def per_game(policies: object, seed: int) -> object:
    """The policies for the game of ``seed``: names stay names (``play`` seeds
    them), an object with a ``seeded(seed)`` method is asked for a fresh copy
    (``seed + seat`` when there is one per seat), other objects are used as given."""
    if isinstance(policies, str) or policies is None:
        return "random" if policies is None else policies
    if isinstance(policies, Sequence):
        return [_fresh(p, seed + seat) for seat, p in enumerate(policies)]
    return _fresh(policies, seed)


def _fresh(policy: object, seed: int) -> object:
    seeded = getattr(policy, "seeded", None)
    if isinstance(policy, str) or not callable(seeded):
        return policy
    return seeded(seed)


def play_one(
    game: Game[Any, Any], policies: object, index: int, seed: int, max_moves: int
) -> GameResult:
    """Play game ``index`` from ``seed``; any failure is a ``SimulationError``
    naming the game, its seed and the move number."""
    where = f"game {index} (seed {seed})"
    state: GameState[Any] | None = None
    try:
        state = game.new_game(seed)
        seats = seat_policies(game, per_game(policies, seed), seed)
        for _ in range(max_moves):
            player = state.current_player
            if player is None:
                return GameResult(
                    index=index, seed=seed, scores=tuple(state.scores), moves=len(state.history)
                )
            policy = seats[player]
            move = policy.choose(state)
            try:
                state = state.apply(move)
            except IllegalMoveError as exc:
                raise SimulationError(
                    f"{where}: seat {player}'s policy {type(policy).__name__} chose an "
                    f"illegal move at move {len(state.history)}: {exc}",
                    index=index,
                    seed=seed,
                    move=len(state.history),
                    history=_notation(state),
                ) from None
        raise SimulationError(
            f"{where}: {game.name} did not end within {max_moves} moves",
            index=index,
            seed=seed,
            move=max_moves,
        )
    except SimulationError:
        raise
    except Exception as exc:
        made = None if state is None else len(state.history)
        at = "" if made is None else f" at move {made}"
        raise SimulationError(
            f"{where} failed{at}: {type(exc).__name__}: {exc}",
            index=index,
            seed=seed,
            move=made,
            history=_notation(state),
            details=traceback.format_exc(),
        ) from None


def run_chunk(task: Task, tick: Callable[[int], None] | None = None) -> Tally:
    """Play the games of ``task`` (in a worker, or here); ``tick(k)`` is told of
    every ``k`` games done when given."""
    game = task.spec.create()
    tally = Tally(game.players, task.first, task.records)
    higher = game.HIGHER_IS_BETTER
    for k in range(task.count):
        index = task.first + k
        if task.seeds is not None:
            seed = task.seeds[k]
        else:
            if task.seed is None:
                raise OptionError("a task needs the run's seed or the game seeds")
            seed = game_seed(task.seed, index)
        tally.add(play_one(game, task.policies, index, seed, task.max_moves), higher)
        if tick is not None and (k & 63) == 63:
            tick(64)
    if tick is not None:
        tick(task.count & 63)
    return tally
