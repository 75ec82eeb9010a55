"""What every table of the family does alike: the draw of a card, the checks of a
state's seats and known cards, the re-deal of what a seat cannot see, and the
seat table of the picture.

Examples:
    >>> from cardrules import games
    >>> from cardrules.games._family31 import DRAW_STOCK, drawn
    >>> state = games.create("thirty_one", players=2).new_game(seed=1)
    >>> after = drawn(state, DRAW_STOCK.source, state.phase)
    >>> len(after.hands[state.turn]), len(after.stock) == len(state.stock) - 1
    (4, True)
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Self, TypeVar

import attrs

from cardrules.cards import Card
from cardrules.engine import (
    GameState,
    History,
    fields_copier,
    make_view,
    next_seat,
    redeal_hidden,
    replace_at,
    seats_check,
)
from cardrules.errors import InvalidStateError
from cardrules.games._family31._books import tokens_lost
from cardrules.games._family31._moves import Source

S = TypeVar("S")


@attrs.frozen(kw_only=True)
class TokenTable(GameState[Any]):
    """The state of a token game of the family (the draw and the widow tables): a
    variant declares the fields, in its own order, and ``VIEW``; the table gives the
    view, the scores and the winners."""

    VIEW: ClassVar[type[Any]]

    if typing.TYPE_CHECKING:
        deal: int
        dealer: int
        turn: int
        hands: tuple[tuple[Card, ...], ...]
        stock: tuple[Card, ...]
        tokens: tuple[int, ...]
        alive: tuple[bool, ...]
        knocker: int | None
        known: tuple[tuple[Card, ...], ...]
        history: History

    @property
    def scores(self) -> tuple[int, ...]:
        """Tokens lost per seat; an out player counts his tokens plus one (T31-7.2, SCH-8.2).

        Examples:
            >>> from cardrules import games
            >>> games.create("schwimmen", players=3).new_game(seed=1).scores
            (0, 0, 0)
        """
        return tokens_lost(self.options.tokens, self.tokens, self.alive)

    @property
    def winner(self) -> tuple[int, ...]:
        """The seats that won: the last one in, or the fewest tokens lost (T31-7.2, SCH-8.2)."""
        if not self.is_terminal:
            return ()
        scores = self.scores
        low = min(scores)
        return tuple(i for i, s in enumerate(scores) if s == low)

    def _next_deal(self, state: Self, deal: Callable[[Any, int, int], Any], **over: Any) -> Self:
        """After this deal, settled in ``state``: the game over (with the changes ``over``)
        when one player is left or the deals are played (T31-6.6, T31-7.1, SCH-7.2,
        SCH-8.1), else the next deal, by the next seat still in (T31-2.3, SCH-2.4)."""
        limit = self.options.deals
        if sum(state.alive) <= 1 or (limit is not None and self.deal + 1 >= limit):
            return state._replace(phase=self.OVER, **over)
        return deal(state, self.deal + 1, next_seat(state.alive, self.dealer))  # type: ignore[no-any-return]

    def view(self, seat: int) -> Any:
        """What ``seat`` may know (T31-7.4, SCH-8.4).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=11)
            >>> view = state.view(1)
            >>> view.hand == state.hands[1], view.stock_size == len(state.stock)
            (True, True)
        """
        return make_view(self.VIEW, self, seat)


def blank_state(game: Any, seed: int, seats: Mapping[str, Any], **fields: Any) -> Any:
    """A state of ``game.STATE`` before its first deal: deal 0, seat 0 to move, no
    cards in hand or known, each field of ``seats`` the same for every seat, and
    ``fields`` as given.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("empat_satu", players=3)
        >>> state = game.new_game(seed=1)
        >>> blank = blank_state(game, 1, {"wins": 0}, dealer=0, leader=0, phase=state.phase,
        ...                     stock=(), discard=())
        >>> blank.hands, blank.wins
        (((), (), ()), (0, 0, 0))
    """
    n = game.options.players
    per_seat = {name: (value,) * n for name, value in seats.items()}
    empty = ((),) * n
    return game.STATE(
        options=game.options,
        seed=seed,
        deal=0,
        turn=0,
        hands=empty,
        known=empty,
        **per_seat,
        **fields,
    )


class Copiers(dict[type, Any]):
    """Per state class, the positional copier of ``names``
    ([`fields_copier`][cardrules.engine.fields_copier]), made on its first use: a
    variant's state class lies above the family's rooms.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("thirty_one", players=2).new_game(seed=1)
        >>> Copiers(("turn",))[type(state)](state, 1) == state._replace(turn=1)
        True
    """

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__()
        self.names = names

    def __missing__(self, cls: type) -> Any:
        made = self[cls] = fields_copier(cls, self.names)
        return made


_DRAW = Copiers(("hands", "stock", "phase", "_legal"))
_TAKE = Copiers(("hands", "known", "discard", "taken", "phase", "_legal"))


def drawn(
    state: S,
    source: Source,
    phase: Any,
    listing: Callable[[tuple[Card, ...], Card | None], tuple[Any, ...]] | None = None,
) -> S:
    """``state`` after its player draws the stock's top or takes the discard's top
    (a card taken is known to be in the hand, and ``taken``), to discard in ``phase``;
    ``listing(hand, taken)``, if given, is the new state's legal moves (its discards)."""
    table: Any = state
    seat = table.turn
    hands = table.hands
    if source is Source.DISCARD:
        card = table.discard[-1]
        hand = (*hands[seat], card)
        taken: S = _TAKE[
            table.__class__
        ](
            table,
            (*hands[:seat], hand, *hands[seat + 1 :]),  # replace_at, inline
            replace_at(table.known, seat, (*table.known[seat], card)),
            table.discard[:-1],
            card,
            phase,
            None if listing is None else listing(hand, card),
        )
        return taken
    stock = table.stock
    hand = (*hands[seat], stock[-1])
    draw: S = _DRAW[
        table.__class__
    ](
        table,
        (*hands[:seat], hand, *hands[seat + 1 :]),  # replace_at, inline
        stock[:-1],
        phase,
        None if listing is None else listing(hand, table.taken),
    )
    return draw


def exchange(
    hand: tuple[Card, ...], pile: tuple[Card, ...], mine: tuple[Card, ...], give: Card, take: Card
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """A hand, a face-up pile (a widow, a table, a row) and the cards known to be in
    the hand (``mine``) after the hand's ``give`` is exchanged for the pile's ``take``:
    each takes the other's place, the card taken is known, the card given no longer.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand, pile = parse_cards("Ah Kh 2c"), parse_cards("9d 7s 3h")
        >>> [" ".join(map(str, cards)) for cards in exchange(hand, pile, (), hand[2], pile[1])]
        ['Ah Kh 7s', '9d 2c 3h', '7s']
    """
    if give in mine:
        mine = tuple([c for c in mine if c != give])
    i, j = hand.index(give), pile.index(take)  # replace_at, inline
    return (*hand[:i], take, *hand[i + 1 :]), (*pile[:j], give, *pile[j + 1 :]), (*mine, take)


def resample_stock(state: S, seat: int, rng: random.Random) -> S:
    """``state`` with the hand cards ``seat`` cannot see and the stock dealt again,
    and a new seed."""
    table: Any = state
    seats_check(table.options.players, seat)
    hands, (stock,) = redeal_hidden(rng, table.hands, seat, known=table.known, piles=(table.stock,))
    return table._replace(hands=hands, stock=stock, seed=rng.getrandbits(63))  # type: ignore[no-any-return]


def check_seats(state: Any, per_seat: Sequence[str], seats: Sequence[int | None]) -> None:
    """Check that each field of ``per_seat`` has an entry per player and that each
    seat of ``seats`` (``None``: nobody) is a seat.

    Raises:
        InvalidStateError: one is not.
    """
    n = state.options.players
    for name in per_seat:
        if len(getattr(state, name)) != n:
            raise InvalidStateError(f"{name} has {len(getattr(state, name))} seats, not {n}")
    for seat in seats:
        if seat is not None and not 0 <= seat < n:
            raise InvalidStateError(f"seat {seat} does not exist with {n} players")


def check_tokens(state: Any, seats: Sequence[int | None]) -> None:
    """The checks of a token game: ``hands``, ``tokens``, ``alive`` and ``known`` have
    an entry per player, ``seats`` are seats, the tokens are in range and no hand
    holds a card twice.

    Raises:
        InvalidStateError: one is not so.
    """
    check_seats(state, ("hands", "tokens", "alive", "known"), seats)
    if not all(0 <= t <= state.options.tokens for t in state.tokens):
        raise InvalidStateError(f"token counts {state.tokens} are out of range")
    if any(len(set(h)) != len(h) for h in state.hands):
        raise InvalidStateError("a hand holds the same card twice")


def check_known(state: Any) -> None:
    """Check that the cards known to be in each hand are in it.

    Raises:
        InvalidStateError: a seat is said to hold a card it does not hold.
    """
    for i, known in enumerate(state.known):
        if not set(known) <= set(state.hands[i]):
            raise InvalidStateError(f"seat {i} is said to hold cards it does not hold")


def seat_columns(view: Any, scores: Mapping[str, Sequence[Any]], **marks: Any) -> list[str]:
    """The picture's seat table: cards held, the ``scores`` columns, and notes (the
    dealer, then ``marks``, each a seat, seats or ``None``)."""
    from cardrules.render import seat_notes, seat_table

    notes = seat_notes(len(view.hand_sizes), {"dealer": view.dealer, **marks}, known=view.known)
    return seat_table(view.seat, view.turn, {"cards": view.hand_sizes, **scores}, notes)


def out_seats(view: Any) -> list[int]:
    """The seats of a token game that are out of it."""
    return [i for i, alive in enumerate(view.alive) if not alive]
