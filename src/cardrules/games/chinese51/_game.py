"""Chinese 51's game: the factory, the greedy player and the picture."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import (
    Codec,
    Game,
    GameState,
    Move,
    cards_codec,
)
from cardrules.errors import OptionError
from cardrules.games._family31 import blank_state
from cardrules.games.chinese51._rules import (
    CHALLENGE,
    DRAW,
    KNOCK,
    PASS,
    ROW_SIZE,
    Discard,
    Options,
    Swap,
    Trade,
)
from cardrules.games.chinese51._state import Phase, State, View, _deal
from cardrules.hands import best_suit_total


@attrs.frozen
class Chinese51(Game[State, Options]):
    """Chinese 51 under fixed options.

    Examples:
        >>> game = Chinese51.create(players=3, target=150)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> max(state.scores) >= 150
        True
    """

    NAME: ClassVar[str] = "chinese51"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Chinese 51: trade with the face-up row, knock, challenge; to 500"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """The cards given in a trade are numbered by their faces (1 to 5 of them)."""
        return {"trade": {"give": cards_codec(faces, ROW_SIZE, 1)}}

    def _new_game(self, seed: int) -> State:
        fields = {"starter": 0, "phase": Phase.DISCARD, "stock": ()}
        blank = blank_state(self, seed, {"points": 0}, **fields)
        return _deal(blank, 0, 0)  # C51-2.4: seat 0 starts the first hand

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """Knock with 51 or 44 and more, challenge with 44 and more, trade or
        swap when that beats the hand, otherwise draw; discard the least useful card.

        Examples:
            >>> game = Chinese51.create(players=2)
            >>> state = game.new_game(seed=1)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        moves = state.legal_moves()
        if not moves:
            raise OptionError("the game is over")
        phase = state.phase
        hand = state.hands[state.turn]
        now = best_suit_total(hand)
        knocks = [m for m in moves if getattr(m, "knock", False)]
        if knocks:
            return knocks[0]  # C51-5.8: go out with 51 whenever possible
        if phase is Phase.CHALLENGE:
            return CHALLENGE if now >= 44 else PASS
        if phase is Phase.DISCARD:
            discards = [m for m in moves if isinstance(m, Discard)]
            return max(discards, key=lambda m: best_suit_total([c for c in hand if c != m.card]))
        if now >= 44 and KNOCK in moves:
            return KNOCK
        best: tuple[int, Move] | None = None
        for move in moves:
            if isinstance(move, Trade):
                after = [c for c in hand if c not in move.give] + list(state.row)
            elif isinstance(move, Swap):
                after = [move.take if c == move.give else c for c in hand]
            else:
                continue
            value = best_suit_total(after)
            if best is None or value > best[0]:
                best = (value, move)
        if best is not None and (best[0] > now + 3 or DRAW not in moves):
            return best[1]
        return DRAW if DRAW in moves else moves[0]


# --------------------------------------------------------------------------- picture


def render(view: View) -> str:
    """The view of one seat as plain text for a person (``cardrules play --human``).

    Examples:
        >>> from cardrules import games
        >>> state = games.create("chinese51", players=2).new_game(seed=1)
        >>> print(render(state.view(0)))
        == Chinese 51: hand 1 ==
           seat    cards points
         > you (0) 6     0      starts
           seat 1  5     0
        row: -
        stock: 41 cards
        your hand: ... (6 cards), worth ...
        your turn: discard a card to the row (yes = knock with it)
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

    n = len(view.hand_sizes)
    marks = {"starts": view.starter, "knocked": view.caller, "challenges": view.challengers}
    notes = seat_notes(n, marks, known=view.known)
    doing = {
        Phase.DISCARD: "discard a card to the row (yes = knock with it)",
        Phase.TURN: "knock, draw, trade with the row or swap with a full row",
        Phase.CHALLENGE: "challenge the caller or pass",
    }.get(view.phase, "")
    stock = f"stock: {count_text(view.stock_size)}"
    if view.aside:
        stock += f"; set aside: {count_text(len(view.aside))}"
    return frame(
        f"Chinese 51: hand {view.deal + 1}",
        seat_table(view.seat, view.turn, {"cards": view.hand_sizes, "points": view.points}, notes),
        f"row: {cards_text(view.row)}",
        stock,
        f"{hand_line(view.hand)}, worth {best_suit_total(view.hand)}" if view.hand else None,
        turn_line(view.turn, view.seat, doing if view.turn == view.seat else ""),
    )
