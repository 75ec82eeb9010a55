"""Klondike: the game class, above the state, the solver and the bot (``seeds/klondike.md``).

Examples:
    >>> Klondike.create().NAME
    'klondike'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, cast

from cardrules.cards import Card
from cardrules.engine import Codec, Game, GameState, Move, int_codec
from cardrules.errors import InvalidStateError
from cardrules.games.klondike._tables import PACK
from cardrules.games.klondike.bot import greedy_move
from cardrules.games.klondike.moves import Counts7, Options, Piles
from cardrules.games.klondike.state import State, new_state

__all__ = ["Klondike"]


class Klondike(Game[State, Options]):
    """Klondike under fixed options.

    Examples:
        >>> game = Klondike.create()
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> state.last_deal.cards == state.scores[0]
        True
    """

    NAME: ClassVar[str] = "klondike"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Klondike patience: draw 1 or 3, redeals, a solver, Vegas scoring"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """A shift names a pile from 1 to 7."""
        return {"move": {"pile": int_codec(1, 7)}}

    def _new_game(self, seed: int) -> State:
        return new_state(self.options, seed)

    def _sample_state(self, view: Any, rng: random.Random) -> State:
        """A state behind ``view`` (KL-8.2): the cards it does not show are dealt
        at random to the face-down places and, before the first redeal, the stock."""
        shown: set[Card] = set(view.waste) | set(view.stock)
        for pile in view.tableau:
            shown.update(pile)
        for suit, count in enumerate(view.foundations):
            shown.update(PACK[suit * 13 : suit * 13 + count])
        pool = [c for c in PACK if c not in shown]
        rng.shuffle(pool)
        need = sum(view.hidden) + (0 if view.passes else view.stock_size)
        if len(pool) != need or (view.passes and len(view.stock) != view.stock_size):
            raise InvalidStateError("the view's card counts do not fit the pack")
        tableau = tuple(
            tuple(pool.pop() for _ in range(h)) + up
            for up, h in zip(view.tableau, view.hidden, strict=True)
        )
        stock = view.stock if view.passes else tuple(pool)
        return State(
            options=view.options,
            seed=rng.getrandbits(62),
            history=view.history,
            deal=view.deal,
            tableau=cast(Piles, tableau),
            hidden=cast(Counts7, view.hidden),
            stock=stock,
            waste=view.waste,
            foundations=view.foundations,
            passes=view.passes,
            moves=view.moves,
            points=view.points,
            total=view.total,
            won=view.won,
            seen=view.seen,
            over=view.turn is None,
            last_deal=view.last_deal,
        )

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """The greedy player's move (see ``klondike.greedy_move``).

        Examples:
            >>> game = Klondike.create()
            >>> str(game.greedy_move(game.new_game(seed=3), random.Random(0)))
            'home Ah'
        """
        self._own(state)
        return greedy_move(state)
