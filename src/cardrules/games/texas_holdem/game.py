"""Texas Hold'em: the game class, above the state and the bots (``seeds/texas_holdem.md``).

Examples:
    >>> TexasHoldem.create().NAME
    'texas_holdem'
    >>> TexasHoldem.create().num_actions, TexasHoldem.create(structure="fixed_limit").num_actions
    (13, 5)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import Codec, Game, GameState, Move
from cardrules.errors import InvalidMoveError, InvalidStateError
from cardrules.games.texas_holdem._table import DECK
from cardrules.games.texas_holdem.bot import equity_move
from cardrules.games.texas_holdem.rules import LIMIT_SLOTS, SIZE_SLOTS, Options, Phase
from cardrules.games.texas_holdem.state import State, new_state

__all__ = ["TexasHoldem"]


def _slot_codec(names: tuple[str, ...]) -> Codec:
    size = len(names)

    def encode(move: Any) -> int:
        slot = getattr(move, "slot", None)
        if slot is None or not 0 <= slot < size:
            raise InvalidMoveError(
                f"{move!r:.60}: only the listed amounts of the action abstraction "
                f"({', '.join(names)}) have action numbers"
            )
        return int(slot)

    return Codec(size, encode, f"{', '.join(names)} ({size})", remember=False)


@attrs.frozen
class TexasHoldem(Game[State, Options]):
    """Texas Hold'em under fixed options.

    Examples:
        >>> game = TexasHoldem.create(players=3, deals=2)
        >>> state = game.new_game(seed=4)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> sum(state.scores)
        0
    """

    NAME: ClassVar[str] = "texas_holdem"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = (
        "Texas Hold'em: no limit, pot limit or fixed limit, side pots, a match with stacks"
    )
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """A bet or raise by its place in the action abstraction (TH-15.2): the
        minimum, half the pot, the pot, two pots and all-in; fixed limit has one."""
        names = (
            LIMIT_SLOTS
            if self.options.structure == "fixed_limit"
            else tuple(n for n, _ in SIZE_SLOTS)
        )
        return {"bet": {"": _slot_codec(names)}, "raise": {"": _slot_codec(names)}}

    def _sample_fields(self, view: Any, rng: random.Random) -> dict[str, Any]:
        """For ``sample_state``: the other seats' hole cards, the burn cards and the
        muck are dealt from the cards the view does not show (TH-14.1)."""
        seen = Counter([*view.hole, *view.board])
        pool = list((Counter(DECK.cards) - seen).elements())
        if len(seen) != len(view.hole) + len(view.board) or seen - Counter(DECK.cards):
            raise InvalidStateError("the view's cards are not cards of one pack")
        rng.shuffle(pool)
        holes = []
        for i, size in enumerate(view.hole_sizes):
            if i == view.seat:
                holes.append(view.hole)
            else:
                holes.append(tuple(pool.pop() for _ in range(size)))
        return {
            "holes": tuple(holes),
            "burned": tuple(pool.pop() for _ in range(view.burned_size)),
            "muck": tuple(pool.pop() for _ in range(view.muck_size)),
            "turn": 0 if view.turn is None else view.turn,
            "phase": view.phase if view.turn is not None else Phase.OVER,
        }

    def _new_game(self, seed: int) -> State:
        return new_state(self.options, seed)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """The equity bot with a small sample (see ``bot.equity_move``).

        Examples:
            >>> game = TexasHoldem.create(players=2)
            >>> game.greedy_move(game.new_game(seed=1), random.Random(0)).NAME in (
            ...     "fold", "call", "raise")
            True
        """
        self._own(state)
        return equity_move(state, rng, samples=60)
