"""The widow-exchange games' own parts: the first deal, the widow's secrecy, the greedy
player (`WidowGame`) and the picture (`widow_picture`) of Schwimmen and Stop the Bus; the
table itself is `_widow`."""

from __future__ import annotations

import random
from typing import Any

import attrs

from cardrules.cards import Card
from cardrules.engine import Game, Move, Unseen
from cardrules.errors import IllegalMoveError
from cardrules.games._family31._table import blank_state, out_seats, seat_columns
from cardrules.games._family31._widow import (
    HAND_SIZE,
    KEEP,
    KNOCK,
    PASS,
    TAKE_WIDOW,
    Exchange,
    ExchangeAll,
    Phase,
    _knock_with,
    deal_widow,
)

__all__ = ["WidowGame", "widow_picture"]


@attrs.frozen
class WidowGame(Game[Any, Any]):
    """A widow-exchange game: its first deal, the widow's secrecy and the greedy player."""

    def _new_game(self, seed: int) -> Any:
        seats = {"tokens": self.options.tokens, "alive": True}
        fields = {"dealer": 0, "phase": Phase.CHOOSE, "widow": (), "stock": ()}
        return deal_widow(blank_state(self, seed, seats, **fields), 0, 0)

    def _sample_fields(self, view: Any, rng: random.Random) -> dict[str, Any]:
        """The widow lies face down until the dealer chooses (SCH-8.4)."""
        return {"widow": Unseen(HAND_SIZE)} if view.phase is Phase.CHOOSE else {}

    def keep_worthy(self, state: Any, hand: tuple[Card, ...]) -> bool:
        """Whether the greedy dealer keeps his dealt hand."""
        raise NotImplementedError

    def knock_worthy(self, state: Any, hand: tuple[Card, ...]) -> bool:
        """Whether the greedy player knocks holding ``hand``."""
        raise NotImplementedError

    def greedy_move(self, state: Any, rng: random.Random) -> Move:
        """Take a special hand when one is in reach, else make the exchange
        that improves the hand most (knocking with it when the new hand is
        good enough), else knock on a good hand, else pass.

        The dealer keeps a dealt hand that
        [`keep_worthy`][cardrules.games.schwimmen.Schwimmen.keep_worthy] or
        [`knock_worthy`][cardrules.games.schwimmen.Schwimmen.knock_worthy] likes, and otherwise
        takes the widow. Every
        exchange it makes improves its own hand, so greedy players cannot
        trade cards back and forth for ever.
        """
        moves = state.legal_moves()
        if not moves:
            raise IllegalMoveError(None, "the game is over")
        hand = state.hands[state.turn]
        if state.phase is Phase.CHOOSE:
            keep = self.keep_worthy(state, hand) or self.knock_worthy(state, hand)
            return KEEP if keep else TAKE_WIDOW
        now = state.hand_order(hand)
        best: Move = PASS
        best_key, best_hand = now, hand
        least_bad: tuple[tuple[int, ...], Move] | None = None
        for move in moves:
            if isinstance(move, Exchange):
                after = tuple(move.take if c == move.give else c for c in hand)
            elif isinstance(move, ExchangeAll):
                after = state.widow
            else:
                continue
            if state.special(after) is not None:
                return move  # type: ignore[no-any-return]
            key = state.hand_order(after)
            if key > best_key:
                best, best_key, best_hand = move, key, after
            if least_bad is None or key > least_bad[0]:
                least_bad = (key, move)
        if best is PASS and PASS not in moves and least_bad is not None:
            # SCH-4.6: no passing; no exchange helps, so knock (with the least
            # harmful exchange when a knock needs one): greedy deals still end.
            if KNOCK in moves:
                return KNOCK
            best = least_bad[1]
            knocked = _knock_with(best)
            return knocked if knocked in moves else best
        if best is not PASS and self.knock_worthy(state, best_hand):
            knocked = _knock_with(best)
            if knocked in moves:
                return knocked
        if KNOCK in moves and self.knock_worthy(state, hand):
            return KNOCK
        return best


# --------------------------------------------------------------------------- picture


def widow_picture(title: str, view: Any, worth: str) -> str:
    """Schwimmen's picture; ``worth`` is the seat's hand value in the game's terms."""
    from cardrules.render import cards_text, count_text, frame, hand_line, turn_line

    n = len(view.hand_sizes)
    swimming = [i for i in range(n) if view.alive[i] and view.tokens[i] == 0]
    widow = cards_text(view.widow) if view.widow else "face down"
    mine = f"{hand_line(view.hand)}, worth {worth}" if view.hand else "your hand: none (out)"
    doing = "keep your hand or take the widow"
    if view.phase is Phase.TURN:
        doing = "exchange one or all cards with the widow, pass, or knock"
    return frame(
        f"{title}: deal {view.deal + 1}",
        seat_columns(
            view,
            {"tokens": view.tokens},
            knocked=view.knocker,
            swimming=swimming,
            out=out_seats(view),
        ),
        f"widow: {widow}",
        f"stock: {count_text(view.stock_size)}"
        + (f"; put aside: {count_text(len(view.dead))}" if view.dead else ""),
        f"passes in a row: {view.passes}" if view.passes else None,
        mine,
        turn_line(view.turn, view.seat, doing if view.turn == view.seat else ""),
    )
