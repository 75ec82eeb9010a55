"""Turkish 51 as a game: the state and the rules that connect options and moves.

Rules digest: ``seeds/turkish51.md`` (clauses ``T51-*``). A match of 11 deals is the
default; ``deals=1`` is one deal. The top room of the game:
[`State`][cardrules.games.turkish51.State] is the match's
fields (``state``) with the rules of play, asking ``_legal`` for its legal moves and why a
move is not legal, and ``_play`` for what a move does and how a deal goes on and ends;
[`Turkish51`][cardrules.games.turkish51.Turkish51] deals the first hand and plays the greedy bot
(``bot``).

Examples:
    >>> from cardrules.games.turkish51 import Turkish51
    >>> game = Turkish51.create(deals=1)
    >>> [str(m) for m in game.new_game(seed=0).legal_moves()]
    ['draw', 'declare']
    >>> [str(m) for m in game.new_game(seed=1).legal_moves()]
    ['draw', 'take', 'declare']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import Codec, Game, GameState, Move
from cardrules.games.turkish51 import _explain, _learning, _legal, _play, bot
from cardrules.games.turkish51._hand import table_fits
from cardrules.games.turkish51.moves import (
    Cancel,
    DealResult,
    Declare,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Options,
    Phase,
    Retrieve,
    Side,
    TableMeld,
    Take,
    View,
)
from cardrules.games.turkish51.state import PLAYERS, Position

__all__ = [
    "Cancel",
    "DealResult",
    "Declare",
    "Discard",
    "Draw",
    "LayMeld",
    "LayOff",
    "Open",
    "Options",
    "Phase",
    "Retrieve",
    "Side",
    "State",
    "TableMeld",
    "Take",
    "Turkish51",
    "View",
    "table_fits",
]


# --------------------------------------------------------------------------- state


@attrs.frozen(kw_only=True)
class State(Position):
    """A Turkish 51 match in progress: its fields (`Position`) and the
    rules that move it on."""

    # ---- legal moves -------------------------------------------------------------------

    _generate_moves = _legal.generate_moves  # the rules' own function: no call in between

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now."""
        return _explain.explain(self, move)

    # ---- moves -----------------------------------------------------------------------

    _next = _play.next_state  # the rules' own function: no call in between


@attrs.frozen
class Turkish51(Game[State, Options]):
    """Turkish 51 under fixed options.

    Examples:
        >>> game = Turkish51.create(deals=1)
        >>> state = game.new_game(seed=3)
        >>> rng = random.Random(0)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, rng))
        >>> state.last_deal.winner is not None or state.last_deal.winner is None
        True
    """

    NAME: ClassVar[str] = "turkish51"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Turkish 51: 106 cards, open above 51 (rising), doubles, 11 deals"
    HIGHER_IS_BETTER: ClassVar[bool] = False

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """Melds by their faces, table places below 53 (see ``_learning``)."""
        return _learning.action_fields(faces)

    def _sample_fields(self, view: Any, rng: random.Random) -> dict[str, Any]:
        """The turn in progress, read from the view's history (see ``_learning``)."""
        return _learning.sample_fields(view)

    def _new_game(self, seed: int) -> State:
        blank = State(
            options=self.options,
            seed=seed,
            deal=0,
            dealer=0,
            turn=0,
            phase=Phase.DRAW,
            hands=((),) * PLAYERS,
            stock=(),
            discard=(),
            opened=(False,) * PLAYERS,
            doubles=(False,) * PLAYERS,
            threshold=self.options.threshold,
            doubles_threshold=self.options.min_doubles - 1,
            known=((),) * PLAYERS,
            fines=(0,) * PLAYERS,
            totals=(0,) * PLAYERS,
        )
        dealer = random.Random(f"{seed}/dealer").randrange(PLAYERS)  # T51-3.1
        return _play.deal(blank, 0, dealer)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """The greedy bot: see `cardrules.games.turkish51.bot.greedy_move`."""
        return bot.greedy_move(state, rng)
