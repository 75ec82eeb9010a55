"""A PettingZoo AEC environment for any cardrules game.

Agents are ``player_0 .. player_{n-1}`` (the seats). An observation is a dict
with ``observation`` (``game.observation_size`` float32 values, the seat's view
encoded) and ``action_mask`` (``game.num_actions`` int8, 1 for the legal
moves); the action space is ``Discrete(game.num_actions)``. The reward of a
step is the change of ``GameState.returns`` it brings (from zero before the
first move), so that an agent's rewards add up to its final return; a game that
is over as it is dealt ends at ``reset``, every agent terminated. The game's chance is its seed:
``reset(seed=s)`` deals the same game for the same ``s``.

Needs the ``pettingzoo`` extra (``pip install cardrules[pettingzoo]``).

Examples:
    >>> from cardrules.adapters.pettingzoo import env
    >>> e = env("thirty_one", players=2)
    >>> e.reset(seed=1)
    >>> obs = e.observe(e.agent_selection)
    >>> sorted(obs), int(obs["action_mask"].sum())
    (['action_mask', 'observation'], 3)
"""

from __future__ import annotations

import random
from operator import sub
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardrules import games
from cardrules.adapters.gymnasium import OBSERVATION_BOUND
from cardrules.engine import Game

__all__ = ["CardRulesEnv", "env"]


def env(name: str, render_mode: str | None = None, **options: Any) -> CardRulesEnv:
    """The AEC environment of game ``name`` under ``options``.

    Raises:
        OptionError: no game of that name, or a bad option.
    """
    return CardRulesEnv(games.create(name, **options), render_mode=render_mode)


class CardRulesEnv(AECEnv):  # type: ignore[misc, unused-ignore]
    """A cardrules game as a PettingZoo AEC environment (see the module's docs).

    Attributes:
        game: the cardrules ``Game`` (with its options) the environment plays.
        state: the cardrules state now (``None`` before ``reset``): a scripted seat
            or a search bot chooses from it, e.g. ``MCTSPolicy().choose(env.state)``,
            and steps with ``env.game.action_index(move)``.
    """

    def __init__(self, game: Game[Any, Any], render_mode: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"cardrules_{game.name}",
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(game.players)]
        n_obs, n_act = game.observation_size, game.num_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -OBSERVATION_BOUND, OBSERVATION_BOUND, (n_obs,), np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (n_act,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n_act) for agent in self.possible_agents}
        self._rng = random.Random()
        self.state: Any = None
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._n_actions = n_act
        self._index = game.action_space.index
        self._no_mask = np.zeros(n_act, dtype=np.int8)
        self._no_mask.flags.writeable = False
        self._no_rewards = dict.fromkeys(self.possible_agents, 0.0)
        self._moves: dict[int, Any] = {}  # the legal moves of this state, by number
        self._observed: dict[int, Any] = {}  # this state's observations, by seat
        self._mask: Any = None  # this state's mask, once made
        self._mover: int | None = None  # this state's seat to move

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._returns = (0.0,) * self.game.players
        self._scores: Any = None  # the scores the rewards were last taken from
        self._enter(self.game.new_game(seed=self._rng.getrandbits(62)))
        if self.state.is_terminal:  # a deal can end as it is dealt (a dealt 31)
            self._returns = self.state.returns()
            for i, name in enumerate(self.possible_agents):
                self.rewards[name] = self._cumulative_rewards[name] = self._returns[i]
                self.terminations[name] = True

    def _enter(self, state: Any) -> None:
        """Make ``state`` current: select its mover and number its legal moves once
        (``infos[mover]["legal_actions"]``; the mask and ``step`` use them too)."""
        self.state = state
        self._observed = {}
        self._mask = None
        self._mover = seat = state.current_player
        if seat is None:
            self.agent_selection = self.agents[0]
            self._moves = {}
            return
        agent = self.agent_selection = self.possible_agents[seat]
        index = self._index
        self._moves = moves = {index(m): m for m in state.legal_moves()}
        self.infos[agent] = {"legal_actions": tuple(moves)}

    def legal_actions(self) -> tuple[int, ...]:
        """The legal action numbers of the agent to move (empty once the game is over).

        Examples:
            >>> from cardrules.adapters.pettingzoo import env
            >>> e = env("thirty_one", players=2)
            >>> e.reset(seed=1)
            >>> e.legal_actions()
            (0, 1, 2)
        """
        return tuple(self._moves)

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and mask, made once per state (read-only arrays)."""
        seat = self._seat[agent]
        obs = self._observed.get(seat)
        if obs is None:
            obs = np.frombuffer(self.state._encode_array(seat), dtype=np.float32)
            obs.flags.writeable = False  # shared by every observe of this state
            self._observed[seat] = obs
        if self._mover != seat:
            return {"observation": obs, "action_mask": self._no_mask}
        mask = self._mask
        if mask is None:
            ones = bytearray(self._n_actions)
            for number in self._moves:
                ones[number] = 1
            mask = np.frombuffer(ones, dtype=np.int8)
            mask.flags.writeable = False
            self._mask = mask
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        number = type(action) is int or (
            isinstance(action, np.integer) and not isinstance(action, bool)
        )
        move = self._moves.get(action) if number else None
        if move is None:  # an illegal action: the game says why
            move = self.game.action_move(self.state, action)
        self.infos[agent] = {}
        self._enter(self.state.apply(move))
        state = self.state
        scores = state.scores
        if scores != self._scores:  # else every reward is zero: nothing to add up
            self._scores = scores
            returns = state.returns()
            gains = map(sub, returns, self._returns)
            self.rewards = dict(zip(self.possible_agents, gains, strict=True))
            self._returns = returns
            self._accumulate_rewards()
        else:
            self.rewards = dict(self._no_rewards)
        if state.is_terminal:
            for name in self.agents:
                self.terminations[name] = True

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        seat = self.state.current_player
        return f"{self.game.name}: seat {seat} to move; returns {self.state.returns()}"

    def close(self) -> None:
        pass
