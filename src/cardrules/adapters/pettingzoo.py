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
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardrules import games
from cardrules.engine import Game

__all__ = ["CardRulesEnv", "env"]


def env(name: str, render_mode: str | None = None, **options: Any) -> CardRulesEnv:
    """The AEC environment of game ``name`` under ``options``.

    Raises:
        OptionError: no game of that name, or a bad option.
    """
    return CardRulesEnv(games.create(name, **options), render_mode=render_mode)


class CardRulesEnv(AECEnv):  # type: ignore[misc, unused-ignore]
    """A cardrules game as a PettingZoo AEC environment (see the module's docs)."""

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
                    "observation": spaces.Box(-np.inf, np.inf, (n_obs,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n_act,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n_act) for agent in self.possible_agents}
        self._rng = random.Random()
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_game(seed=self._rng.getrandbits(62))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._returns = (0.0,) * self.game.players
        if self.state.is_terminal:  # a deal can end as it is dealt (a dealt 31)
            self._returns = self.state.returns()
            for i, name in enumerate(self.possible_agents):
                self.rewards[name] = self._cumulative_rewards[name] = self._returns[i]
                self.terminations[name] = True
        self._select()

    def _select(self) -> None:
        seat = self.state.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        else:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        obs = np.asarray(self.state.observation(seat), dtype=np.float32)
        if self.state.current_player == seat:
            mask = np.frombuffer(self.state.action_mask(), dtype=np.int8).copy()
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        move = self.game.action_move(self.state, int(action))
        self.state = self.state.apply(move)
        returns = self.state.returns()
        for i, name in enumerate(self.possible_agents):
            self.rewards[name] = returns[i] - self._returns[i]
        self._returns = returns
        if self.state.is_terminal:
            for name in self.agents:
                self.terminations[name] = True
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        seat = self.state.current_player
        return f"{self.game.name}: seat {seat} to move; returns {self.state.returns()}"

    def close(self) -> None:
        pass
