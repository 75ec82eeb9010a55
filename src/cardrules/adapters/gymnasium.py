"""A Gymnasium environment for one seat of any cardrules game.

The agent plays seat ``seat``; the other seats are played by ``opponent``, a
function ``(state, rng) -> Move`` (by default a uniformly random legal move),
so any game is a one-player environment. An observation is the seat's view
encoded (``game.observation_size`` float32 values); the action space is
``Discrete(game.num_actions)`` and ``info["action_mask"]`` (also
``CardRulesGym.action_masks``, the name maskable learners call) gives the
legal actions. The reward of a step is the change of the seat's
``GameState.returns``. An illegal action ends the episode with reward
``illegal_reward`` and ``info["illegal"] = True`` (a learner that follows the
mask never sees it). A deal that ends before the seat first moves (a dealt
31, or the other seats end it) is dealt again at ``reset``.

Needs the ``gymnasium`` extra (``pip install cardrules[gymnasium]``).

Examples:
    >>> from cardrules.adapters.gymnasium import env
    >>> e = env("thirty_one", players=2)
    >>> obs, info = e.reset(seed=1)
    >>> obs.shape == (e.game.observation_size,), int(info["action_mask"].sum()) > 0
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from cardrules import games
from cardrules.engine import Game, Move

__all__ = ["OBSERVATION_BOUND", "CardRulesGym", "env", "random_opponent"]

Opponent = Callable[[Any, random.Random], Move]

#: The bounds of every observation value (finite): 2**24, the range in which float32
#: holds every whole number exactly; counts, flags, scores and sizes all lie within it.
OBSERVATION_BOUND = float(2**24)


def random_opponent(state: Any, rng: random.Random) -> Move:
    """A uniformly random legal move."""
    return rng.choice(state.legal_moves())  # type: ignore[no-any-return]


def env(
    name: str,
    seat: int = 0,
    opponent: Opponent = random_opponent,
    illegal_reward: float = -1.0,
    **options: Any,
) -> CardRulesGym:
    """The one-seat environment of game ``name`` under ``options``.

    Raises:
        OptionError: no game of that name, a bad option, or no such seat.
    """
    return CardRulesGym(games.create(name, **options), seat, opponent, illegal_reward)


class CardRulesGym(gymnasium.Env[Any, Any]):  # type: ignore[misc, unused-ignore]
    """One seat of a cardrules game as a Gymnasium environment (see the module).

    Attributes:
        game: the cardrules ``Game`` (with its options) the environment plays.
        state: the cardrules state now (``None`` before ``reset``).
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"]}  # type: ignore[misc, unused-ignore]

    def __init__(
        self,
        game: Game[Any, Any],
        seat: int = 0,
        opponent: Opponent = random_opponent,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        from cardrules.errors import OptionError

        if not isinstance(seat, int) or not 0 <= seat < game.players:
            raise OptionError(f"no seat {seat!r} in a game of {game.players}")
        self.game = game
        self.seat = seat
        self.opponent = opponent
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            -OBSERVATION_BOUND, OBSERVATION_BOUND, (game.observation_size,), np.float32
        )
        self.action_space = spaces.Discrete(game.num_actions)
        self._rng = random.Random()
        self.state: Any = None

    def _others(self) -> None:
        state = self.state
        while not state.is_terminal and state.current_player != self.seat:
            state = state.apply(self.opponent(state, self._rng))
        self.state = state

    def _obs(self) -> Any:
        # a new float32 buffer each call, read by numpy without a copy
        return np.frombuffer(self.state._encode_array(self.seat), dtype=np.float32)

    def action_masks(self) -> Any:
        """The legal actions now, as int8 (zeros once the episode is over)."""
        if self.state.is_terminal:
            return np.zeros(self.game.num_actions, dtype=np.int8)
        ones = bytearray(self.game.num_actions)  # writable, owned by the caller
        for number in self.state.legal_actions():
            ones[number] = 1
        return np.frombuffer(ones, dtype=np.int8)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        for _ in range(1000):  # a deal over before the seat moves is dealt again
            self.state = self.game.new_game(seed=self._rng.getrandbits(62))
            self._others()
            if not self.state.is_terminal:
                break
        self._start = self.state.returns()[self.seat]
        return self._obs(), {"action_mask": self.action_masks()}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        from cardrules.errors import IllegalMoveError

        before = self.state.returns()[self.seat]
        try:
            move = self.game.action_move(self.state, int(action))
        except IllegalMoveError:
            info = {"action_mask": self.action_masks(), "illegal": True}
            return self._obs(), self.illegal_reward, True, False, info
        self.state = self.state.apply(move)
        self._others()
        reward = self.state.returns()[self.seat] - before
        info = {"action_mask": self.action_masks()}
        return self._obs(), float(reward), bool(self.state.is_terminal), False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return f"{self.game.name}: seat {self.seat}; returns {self.state.returns()}"
