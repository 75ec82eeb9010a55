"""The Quadruple War game class: options, the first deal, notation, the bot (QW-1 to QW-10).

Examples:
    >>> game = QuadrupleWar.create(players=5)
    >>> game.players, game.NAME, game.options.tricks
    (5, 'quadruple_war', 10)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import Codec, Game, GameState, Move, int_codec
from cardrules.games.quadruple_war.bot import greedy_move as _greedy_move
from cardrules.games.quadruple_war.scoring import Options
from cardrules.games.quadruple_war.state import NOT_BID, Phase, State, _deal, first_dealer

__all__ = ["QuadrupleWar"]


@attrs.frozen
class QuadrupleWar(Game[State, Options]):
    """Quadruple War under fixed options.

    Examples:
        >>> game = QuadrupleWar.create(deals=1)
        >>> state = game.replay(3, ["bid 3", "bid 4", "bid 2", "bid 3"])
        >>> state.bids, state.phase.value, state.turn
        ((3, 4, 2, 3), 'play', 0)
    """

    NAME: ClassVar[str] = "quadruple_war"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Quadruple War: spades with two jokers, bid and make your tricks"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """A bid's number runs from 1 to the tricks of a deal (QW-3.3)."""
        return {"bid": {"number": int_codec(1, self.options.tricks)}}

    def _new_game(self, seed: int) -> State:
        n = self.options.players
        blank = State(
            options=self.options, seed=seed, deal=0, dealer=0, turn=1 % n, phase=Phase.BIDDING,
            hands=((),) * n, bids=(NOT_BID,) * n, blind=(False,) * n, won=(0,) * n,
            totals=(0,) * n, bags=(0,) * n,
        )  # fmt: skip
        return _deal(blank, 0, first_dealer(blank))

    def parse_move(self, state: GameState[Any] | None, text: str) -> Move:
        """Read a move; ``blind nil`` is read as ``blind_nil`` and a bare number as a bid.

        Raises:
            InvalidMoveError: malformed text.

        Examples:
            >>> game = QuadrupleWar.create()
            >>> str(game.parse_move(None, "Blind Nil")), str(game.parse_move(None, "4"))
            ('blind_nil', 'bid 4')
        """
        if isinstance(text, str):
            words = text.lower().split()
            if words == ["blind", "nil"]:
                text = "blind_nil"
            elif len(words) == 1 and words[0].isdigit():
                text = f"bid {words[0]}"
        return super().parse_move(state, text)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """Bid on its trumps and high cards; play to make the bid exactly, and to set
        a player who still needs tricks once its own bid is made.

        Examples:
            >>> game = QuadrupleWar.create()
            >>> state = game.new_game(seed=5)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        self._own(state)
        return _greedy_move(state, rng)
