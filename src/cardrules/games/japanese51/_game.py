"""Japanese 51's game: the factory, the greedy player and the picture."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import (
    Game,
    GameState,
    Move,
)
from cardrules.errors import OptionError
from cardrules.games._family31 import blank_state
from cardrules.games.japanese51._rules import (
    _PASSES,
    _SWAP_ALLS,
    CLEAR,
    Exchange,
    Options,
    SwapAll,
    _exchange,
    _value,
)
from cardrules.games.japanese51._state import Phase, State, View, _deal


@attrs.frozen
class Japanese51(Game[State, Options]):
    """Japanese 51 (Goju Ichi) under fixed options.

    Examples:
        >>> game = Japanese51.create(players=2)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> state.deal + 1, sum(state.scores) >= 2
        (2, True)
    """

    NAME: ClassVar[str] = "japanese51"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Japanese 51 (Goju Ichi): swap with five table cards, call Stop"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _new_game(self, seed: int) -> State:
        fields = {"dealer": 0, "phase": Phase.TURN, "table": (), "stock": ()}
        return _deal(blank_state(self, seed, {"wins": 0}, **fields), 0, 0)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """Make the exchange (or, with ``swap_all``, the swap of all five) that
        leaves the best hand; clear the board when none improves the hand, or
        else, with ``passing``, pass; call Stop at 35 or more.

        Examples:
            >>> game = Japanese51.create(players=2)
            >>> state = game.new_game(seed=1)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        moves = state.legal_moves()
        if not moves:
            raise OptionError("the game is over")
        hand = state.hands[state.turn]
        now = _value(hand)
        best: tuple[int, Exchange | SwapAll, tuple[Card, ...]] | None = None
        for move in moves:
            if isinstance(move, Exchange) and not move.stop:
                after = tuple(move.take if c == move.give else c for c in hand)
            elif isinstance(move, SwapAll) and not move.stop:
                after = state.table  # J51-3.7
            else:
                continue
            worth = _value(after)
            if best is None or worth > best[0]:
                best = (worth, move, after)
        assert best is not None  # an exchange is always legal in a turn
        value, move, after = best
        if value <= now and CLEAR in moves:
            return CLEAR
        one_suit = state.options.one_suit_only  # J51-4.4: only one suit scores
        if value <= now and _PASSES[0] in moves:  # J51-3.6
            stop = state.stopper is None and _value(hand, one_suit) >= 35
            return _PASSES[stop]
        if value >= 35 and state.stopper is None and _value(after, one_suit) >= 35:
            if isinstance(move, SwapAll):
                return _SWAP_ALLS[1]
            return _exchange(move.take, move.give, True)
        return move


# --------------------------------------------------------------------------- picture


def render(view: View) -> str:
    """The view of one seat as plain text for a person (``cardrules play --human``).

    Examples:
        >>> from cardrules import games
        >>> state = games.create("japanese51", players=2).new_game(seed=1)
        >>> print(render(state.view(0)))
        == Japanese 51: deal 1 ==
           seat    wins
           you (0) 0    dealer
         > seat 1  0
        table: ...
        stock: 37 cards
        your hand: ... (5 cards), worth ...
        turn: seat 1
    """
    # Imported here so that this picture stays one appended block of the module.
    from cardrules.render import (
        cards_text,
        count_text,
        frame,
        hand_line,
        seat_notes,
        seat_table,
        turn_line,
    )

    n = len(view.wins)
    notes = seat_notes(n, {"dealer": view.dealer, "called Stop": view.stopper}, known=view.known)
    doing = "exchange a card with the table (clearing it first if you like); yes = call Stop"
    stock = f"stock: {count_text(view.stock_size)}"
    if view.aside:
        stock += f"; set aside: {cards_text(view.aside)}"
    return frame(
        f"Japanese 51: deal {view.deal + 1}",
        seat_table(view.seat, view.turn, {"wins": view.wins}, notes),
        f"table: {cards_text(view.table)}",
        stock,
        f"{hand_line(view.hand)}, worth {_value(view.hand)}" if view.hand else None,
        f"last turns after the Stop: {view.last_turns}" if view.stopper is not None else None,
        turn_line(view.turn, view.seat, doing if view.turn == view.seat else ""),
    )
