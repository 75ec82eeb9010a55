"""Any cardrules game as an OpenSpiel Python game.

``load("turkish51", seeds=64, players=4)`` gives a ``pyspiel.Game`` that
OpenSpiel's algorithms take (MCTS, CFR on small options, ``random_sim_test``).

**Chance model (a decision).** A cardrules game draws every deal from its seed,
so the adapter shows chance as one explicit chance node at the start that picks
one of ``seeds`` seeds, uniformly (``EXPLICIT_STOCHASTIC``); every later shuffle
follows from that seed. Algorithms that enumerate chance (CFR, expectiminimax)
thus see a finite tree of ``seeds`` deals; ``seeds`` sets how many (more seeds,
a closer match to a true shuffle, a bigger tree).

Actions are ``game.action_space`` numbers; the observation tensor is
``state.observation(player)``; the observation and information-state strings
are ``repr`` of the player's view (which holds the game's history where the
game's view does); returns are ``GameState.returns`` (greater is better),
given at the end (``TERMINAL`` reward model). Utilities are not bounded by the
games, so ``min_utility``/``max_utility`` are wide placeholders.

Needs the ``openspiel`` extra (``pip install cardrules[openspiel]``).

Examples:
    >>> import pyspiel
    >>> from cardrules.adapters.openspiel import load
    >>> game = load("thirty_one", seeds=8, players=2, deals=1)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 8)
    >>> state.apply_action(3)
    >>> state.current_player(), len(state.legal_actions())
    (1, 3)
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from cardrules import games
from cardrules.engine import Game

__all__ = ["load"]

_UTILITY = 1e9
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_REGISTERED: set[str] = set()


def _game_type(name: str, players: int) -> Any:
    return pyspiel.GameType(
        short_name=f"cardrules_{name}",
        long_name=f"cardrules {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seeds": 16, "options": "{}"},
    )


def load(name: str, seeds: int = 16, **options: Any) -> Any:
    """The OpenSpiel game of cardrules game ``name`` under ``options``.

    Raises:
        OptionError: no game of that name, or a bad option.
    """
    game = games.create(name, **options)
    return SpielGame(game, {"seeds": int(seeds), "options": json.dumps(options)})


class SpielGame(pyspiel.Game):  # type: ignore[misc, unused-ignore]
    """A cardrules game as a ``pyspiel.Game`` (see the module's docs)."""

    def __init__(self, game: Game[Any, Any], params: dict[str, Any]) -> None:
        self.game = game
        self.seeds = int(params["seeds"])
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=self.seeds,
            num_players=game.players,
            min_utility=-_UTILITY,
            max_utility=_UTILITY,
            utility_sum=None,
            max_game_length=100_000,
        )
        super().__init__(_game_type(game.name, game.players), info, params)

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        return Observer(self.game)


class SpielState(pyspiel.State):  # type: ignore[misc, unused-ignore]
    """A cardrules state behind one chance node that picks the seed."""

    def __init__(self, spiel_game: SpielGame) -> None:
        super().__init__(spiel_game)
        self.game = spiel_game.game
        self.seeds = spiel_game.seeds
        self.state: Any = None
        # this state's legal moves by number, and the numbers sorted, once asked for
        self._moves: dict[int, Any] | None = None
        self._legal: list[int] = []
        # who moves (OpenSpiel's number) and whether the game is over, set by each action
        self._player = _CHANCE
        self._over = False

    def current_player(self) -> int:
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        if self._moves is None:
            index = self.game.action_space.index
            self._moves = {index(m): m for m in self.state.legal_moves()}
            self._legal = sorted(self._moves)
        return self._legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, 1.0 / self.seeds) for i in range(self.seeds)]

    def _apply_action(self, action: int) -> None:
        if self.state is None:
            self.state = self.game.new_game(seed=int(action))
        else:
            move = None if self._moves is None else self._moves.get(action)
            if move is None:  # not asked for its legal actions first, or an illegal one
                move = self.game.action_move(self.state, int(action))
            self.state = self.state.apply(move)
        self._moves = None
        seat = self.state.current_player
        self._over = self.state.is_terminal
        self._player = _TERMINAL if seat is None else int(seat)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        if self.state is not None and not self.state.is_terminal:
            self._legal_actions(player)
            assert self._moves is not None
            move = self._moves.get(action)
            if move is not None:
                return str(move)
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self._over

    def returns(self) -> list[float]:
        if self.state is None or not self.state.is_terminal:
            return [0.0] * self.game.players
        return list(self.state.returns())

    def __str__(self) -> str:
        if self.state is None:
            return "(seed to draw)"
        return f"{self.game.name} seed {self.state.seed}, {len(self.state.history)} moves"


class Observer:
    """OpenSpiel's observer protocol over ``GameState.observation``."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.tensor = np.zeros(game.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        if state.state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = np.frombuffer(state.state._encode_array(player), np.float32)

    def string_from(self, state: SpielState, player: int) -> str:
        if state.state is None:
            return "(seed to draw)"
        return repr(state.state.view(player))
