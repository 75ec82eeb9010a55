"""A complete user-defined game on cardrules' public engine, checked by the kit.

"High Card": each of N players is dealt one card face down; in turn each may
keep it or swap it once for the top of the stock; the highest rank wins the
deal (suits break ties, spades high). Run this file to play one game and to
run the conformance kit on it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from cardrules import Card, decks
from cardrules.engine import Game, GameState, Move, option, seats_check
from cardrules.errors import InvalidStateError


@attrs.frozen
class Options:
    players: int = option(3, doc="number of seats", minimum=2, maximum=10)
    deals: int | None = option(1, kind=int, optional=True, minimum=1, doc="deals to play")


@attrs.frozen
class Keep(Move):
    NAME: ClassVar[str] = "keep"


@attrs.frozen
class Swap(Move):
    NAME: ClassVar[str] = "swap"


@attrs.frozen(kw_only=True)
class View:
    seat: int
    card: Card
    turn: int | None
    stock_size: int
    swapped_out: tuple[Card, ...]
    history: tuple[Move, ...]


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    GAME: ClassVar[str] = "high_card"
    MOVES: ClassVar[tuple[type[Move], ...]] = (Keep, Swap)

    options: Options
    seed: int
    history: tuple[Move, ...] = ()
    hands: tuple[Card, ...]
    stock: tuple[Card, ...]
    swapped_out: tuple[Card, ...] = ()  # face up, in play order
    turn: int = 0

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else self.turn

    @property
    def is_terminal(self) -> bool:
        return self.turn >= self.options.players

    @property
    def scores(self) -> tuple[int, ...]:
        if not self.is_terminal:
            return (0,) * self.options.players
        best = max(self.hands)
        return tuple(int(card == best) for card in self.hands)

    def deck(self) -> decks.Deck:
        return decks.standard()

    def all_cards(self) -> Iterable[Card]:
        return (*self.hands, *self.stock, *self.swapped_out)

    def _generate_moves(self) -> tuple[Move, ...]:
        return () if self.is_terminal else (Keep(), Swap())

    def _next(self, move: Move) -> State:
        history = (*self.history, move)
        if isinstance(move, Swap):
            old = self.hands[self.turn]
            hands = (*self.hands[: self.turn], self.stock[-1], *self.hands[self.turn + 1 :])
            return attrs.evolve(
                self,
                history=history,
                hands=hands,
                stock=self.stock[:-1],
                swapped_out=(*self.swapped_out, old),
                turn=self.turn + 1,
            )
        return attrs.evolve(self, history=history, turn=self.turn + 1)

    def view(self, seat: int) -> View:
        seats_check(self.options.players, seat)
        return View(
            seat=seat,
            card=self.hands[seat],
            turn=self.current_player,
            stock_size=len(self.stock),
            swapped_out=self.swapped_out,
            history=self.history,
        )

    def resample(self, seat: int, rng: random.Random) -> State:
        seats_check(self.options.players, seat)
        hidden = [c for i, c in enumerate(self.hands) if i != seat] + list(self.stock)
        rng.shuffle(hidden)
        hands = tuple(c if i == seat else hidden.pop() for i, c in enumerate(self.hands))
        return attrs.evolve(self, hands=hands, stock=tuple(hidden), seed=rng.getrandbits(63))

    def _check(self) -> None:
        if len(self.hands) != self.options.players:
            raise InvalidStateError("one card per seat")
        if not 0 <= self.turn <= self.options.players:
            raise InvalidStateError(f"turn {self.turn} is out of range")


@attrs.frozen
class HighCard(Game[State, Options]):
    NAME: ClassVar[str] = "high_card"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "High Card: keep or swap one card; the highest wins"

    def _new_game(self, seed: int) -> State:
        cards = decks.standard().shuffled(seed)
        n = self.options.players
        return State(options=self.options, seed=seed, hands=cards[:n], stock=cards[n:])


if __name__ == "__main__":
    from cardrules.testing import check_game

    game = HighCard.create(players=4)
    state = game.new_game(seed=1)
    rng = random.Random(1)
    while not state.is_terminal:
        move = rng.choice(state.legal_moves())
        print(f"seat {state.current_player}: {move}")
        state = state.apply(move)
    print("cards:", " ".join(str(c) for c in state.hands), "scores:", state.scores)
    print(check_game(game, playouts=20))
