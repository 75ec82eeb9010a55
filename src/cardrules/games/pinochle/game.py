"""The two-handed Pinochle game class: options, the deal, transcripts, the bot, the picture.

Examples:
    >>> game = Pinochle.create(deals=1)
    >>> game.players, game.NAME
    (2, 'pinochle')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import Codec, Game, GameState, Move
from cardrules.games.pinochle.bot import greedy_move as _greedy_move
from cardrules.games.pinochle.moves import meld_codec
from cardrules.games.pinochle.scoring import Options
from cardrules.games.pinochle.state import Phase, State, View, deal
from cardrules.render import cards_text, frame, hand_line, seat_table, turn_line

__all__ = ["Pinochle", "render"]


@attrs.frozen
class Pinochle(Game[State, Options]):
    """Two-handed Pinochle under fixed options.

    Examples:
        >>> game = Pinochle.create()
        >>> state = game.new_game(seed=4)
        >>> state.current_player, state.target
        (1, 1000)
    """

    NAME: ClassVar[str] = "pinochle"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Two-handed Pinochle: tricks and melds with a 48-card double pack"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """A meld is one of the 14 meld shapes."""
        return {"meld": {"cards": meld_codec()}}

    def _new_game(self, seed: int) -> State:
        blank = State(
            options=self.options, seed=seed, deal=0, dealer=0, turn=1, phase=Phase.PLAY,
            hands=((), ()), target=self.options.target,
        )  # fmt: skip
        return deal(blank, 0, 0)

    def narrate_deal(self, before: State | None, after: State) -> tuple[str, ...]:
        """Transcript lines: each deal's counts, each new deal's trump, the end.

        Examples:
            >>> game = Pinochle.create()
            >>> game.narrate(None, None, game.new_game(seed=1))[0]
            'deal 1: seat 0 deals; trumps are clubs (Jc turned); totals [0, 0]'
        """
        lines: list[str] = []
        if before is not None and after.last_deal is not before.last_deal:
            lines.extend(after.last_deal.describe() if after.last_deal else ())
        if before is None or (after.deal != before.deal and not after.is_terminal):
            turned = after.trump_card
            lines.append(
                f"deal {after.deal + 1}: seat {after.dealer} deals; trumps are "
                f"{after.trump.name.lower()} ({turned} turned); totals {list(after.totals)}"
            )
        if after.is_terminal:
            who = "a tie" if after.winner is None else f"seat {after.winner} wins"
            lines.append(f"game over: {who} {after.totals[0]}-{after.totals[1]}")
        return tuple(lines)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """Meld the best, win points cheaply, lead sure winners (see ``bot``).

        Examples:
            >>> game = Pinochle.create()
            >>> state = game.new_game(seed=5)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        self._own(state)
        return _greedy_move(state, rng)


def render(view: View) -> str:
    """The seat's view as plain text for a person.

    Examples:
        >>> from cardrules import games
        >>> print(render(games.create("pinochle").new_game(seed=1).view(1)))
        == Two-handed Pinochle, deal 1, to 1000 ==
        ...
    """
    me = view.seat
    stage = "playoff" if view.stock_size == 0 and view.trump_card is None else "stock"
    trump = f"trumps: {view.trump.name.lower()}"
    if view.trump_card is not None:
        trump += f" (trump card {cards_text([view.trump_card])}, stock {view.stock_size})"
    lines = [
        trump + f"; {stage}; dealer seat {view.dealer}",
        hand_line(view.hand),
        f"trick led by seat {view.leader}: {cards_text(view.trick)}",
    ]
    table = seat_table(
        me,
        view.turn,
        {
            "hand": view.hand_sizes,
            "melds on table": tuple(tuple(t.card for t in tab) for tab in view.tables),
            "meld points": view.melds,
            "total": view.totals,
        },
    )
    doing = "meld or draw" if view.phase is Phase.MELD else "play a card"
    return frame(
        f"Two-handed Pinochle, deal {view.deal + 1}, to {view.target}",
        lines,
        table,
        turn_line(view.turn, me, doing),
    )
