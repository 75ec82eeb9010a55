"""Blackjack: the game class, above the state and the bots (``seeds/blackjack.md``).

Examples:
    >>> Blackjack.create().NAME
    'blackjack'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import Codec, Game, GameState, Move, int_codec
from cardrules.games.blackjack._learning import sample_fields
from cardrules.games.blackjack.bots import strategy_move
from cardrules.games.blackjack.moves import Options
from cardrules.games.blackjack.state import State, new_state

__all__ = ["Blackjack"]


@attrs.frozen
class Blackjack(Game[State, Options]):
    """Blackjack under fixed options.

    Examples:
        >>> game = Blackjack.create(deals=1)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> state.last_deal.net == state.scores
        True
    """

    NAME: ClassVar[str] = "blackjack"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Blackjack: a six-pack shoe, 3:2 naturals, split, double, insurance"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """A bet up to the table's maximum; insurance up to half of it."""
        return {
            "bet": {"amount": int_codec(0, self.options.max_bet)},
            "insure": {"amount": int_codec(0, self.options.max_bet // 2)},
            "double_for": {"amount": int_codec(0, self.options.max_bet)},
        }

    def _sample_fields(self, view: Any, rng: random.Random) -> dict[str, Any]:
        """For ``sample_state``: the shoe's order, the hole card and each doubled
        hand's last card are dealt from the cards the view does not show
        (BJ-13.3); a hole card the dealer has peeked at makes no natural (BJ-5.2)."""
        return sample_fields(view, rng)

    def _new_game(self, seed: int) -> State:
        return new_state(self.options, seed)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """The text's standard strategy (BJ-14): minimum bet, no insurance.

        Examples:
            >>> game = Blackjack.create()
            >>> str(game.greedy_move(game.new_game(seed=1), random.Random(0)))
            'bet 2'
        """
        self._own(state)
        return strategy_move(state)
