"""Kalooki 51 as a game: the state and the rules that connect options and moves.

Rules digest: ``seeds/kalooki51.md`` (clauses ``K51-*``). The default match plays deals
until one player is left under the 150-point limit; ``deals=1`` is one deal.

Examples:
    >>> from cardrules.games.kalooki51 import Kalooki51
    >>> game = Kalooki51.create(deals=1)
    >>> [str(m) for m in game.new_game(seed=0).legal_moves()]
    ['draw', 'take']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import Codec, Game, GameState, Move, cards_codec, int_codec, meld_codec
from cardrules.games.kalooki51 import _learning, _legal, _play, bot
from cardrules.games.kalooki51.moves import Options, Phase
from cardrules.games.kalooki51.state import Position

__all__ = ["Kalooki51", "State"]


@attrs.frozen(kw_only=True)
class State(Position):
    """A Kalooki 51 match in progress: its fields (``Position``) and the rules
    that move it on."""

    _generate_moves = _legal.generate_moves  # the rules' own function: no call in between

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now."""
        return _legal.explain(self, move)

    _next = _play.next_state  # the rules' own function: no call in between


@attrs.frozen
class Kalooki51(Game[State, Options]):
    """Kalooki 51 under fixed options.

    Examples:
        >>> game = Kalooki51.create(deals=1, players=3)
        >>> state = game.new_game(seed=3)
        >>> rng = random.Random(0)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, rng))
        >>> len(state.scores), state.last_deal is not None
        (3, True)
    """

    NAME: ClassVar[str] = "kalooki51"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = (
        "Kalooki 51: 106 cards, 13 each, open with 51, build on any meld, closed sets"
    )
    HIGHER_IS_BETTER: ClassVar[bool] = False

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """Melds by their faces; a table place below 35 (106 cards, three or more a meld)."""
        return {
            "meld": {"": meld_codec(faces)},
            "layoff": {"target": int_codec(0, 34)},
            "retrieve": {"target": int_codec(0, 34), "cards": cards_codec(faces, 2, 1)},
        }

    def _sample_fields(self, view: Any, rng: random.Random) -> dict[str, Any]:
        """The turn in progress, read from the view's history (see ``_learning``)."""
        return _learning.sample_fields(view)

    def _new_game(self, seed: int) -> State:
        players = self.options.players
        blank = State(
            options=self.options,
            seed=seed,
            deal=0,
            dealer=0,
            turn=0,
            phase=Phase.DRAW,
            hands=((),) * players,
            stock=(),
            discard=(),
            opened=(False,) * players,
            active=(True,) * players,
            known=((),) * players,
            totals=(0,) * players,
            bought=(0,) * players,
        )
        dealer = random.Random(f"{seed}/dealer").randrange(players)  # K51-3.1
        return _play.deal(blank, 0, dealer)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """The greedy bot: see ``cardrules.games.kalooki51.bot.greedy_move``."""
        return bot.greedy_move(state, rng)
