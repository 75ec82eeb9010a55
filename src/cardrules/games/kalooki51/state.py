"""Kalooki 51: the state of a match, its invariants and what each seat may see.

The lowest room of the game's logic: every field of a match and what can be read off them
(scores, views, re-deals, the consistency check), no rule of play. The legal moves
(``_legal``) and what a move does (``_play``) sit above it, the greedy bot (``bot``) above
both, and ``game`` at the top joins them into ``State``.

Examples:
    >>> from cardrules.games.kalooki51 import Kalooki51, State
    >>> state = Kalooki51.create(deals=1).new_game(seed=0)
    >>> isinstance(state, Position), isinstance(state, State), len(state.hands[state.turn])
    (True, True, 13)
"""

from __future__ import annotations

import random
from typing import ClassVar, Self

import attrs

from cardrules.cards import Card
from cardrules.decks import Deck
from cardrules.engine import EMPTY_HISTORY, History, Move, redeal_hidden, seats_check
from cardrules.errors import InvalidStateError
from cardrules.games._rummy import RummyPosition
from cardrules.games.kalooki51.moves import (
    Cancel,
    DealResult,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Options,
    Phase,
    Retrieve,
    TableMeld,
    Take,
    View,
)
from cardrules.games.kalooki51.scoring import DECK, meld_rules
from cardrules.melds import Meld, MeldRules

__all__ = ["HAND", "Position"]

HAND = 13
"""Cards dealt to each player (K51-3.2)."""


@attrs.frozen(kw_only=True)
class Position(RummyPosition[Options]):
    """Every field of a Kalooki 51 match in progress, without the rules of play.

    Stock and discard tops are the last items. ``loose`` counts released jokers the player
    to move must still place (K51-7.2); ``active`` marks the players still in the match.
    """

    GAME: ClassVar[str] = "kalooki51"
    MOVES: ClassVar[tuple[type[Move], ...]] = (
        Draw, Take, LayMeld, Open, Cancel, LayOff, Retrieve, Discard,
    )  # fmt: skip
    DECK: ClassVar[Deck] = DECK
    VIEW: ClassVar[type[View]] = View
    SEAT_FIELDS: ClassVar[tuple[str, ...]] = ("hands", "opened", "active", "known", "totals")
    SAME_MELD: ClassVar[bool] = False  # a set's joker may stand for any suit it lacks

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    table: tuple[TableMeld, ...] = ()
    pending: tuple[Meld, ...] = ()
    opened: tuple[bool, ...]
    active: tuple[bool, ...]
    taken: Card | None = None
    opened_now: bool = False  # laid down this turn (K51-5.4, K51-8.2)
    built: bool = False  # built or released a joker this turn (K51-8.2)
    cancelled: bool = False
    loose: int = 0
    stock_known: int = 0  # the bottom cards of the stock that were the discard pile (K51-8.3)
    turns: int = 0
    known: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def rules(self) -> MeldRules:
        """The meld rules under this match's options."""
        opts = self.options
        return meld_rules(ace_low=opts.ace_low, joker_penalty=opts.joker_penalty)

    @property
    def scores(self) -> tuple[int, ...]:
        """Penalty totals of the finished deals (K51-10.3); lower is better."""
        return self.totals

    @property
    def winner(self) -> tuple[int, ...]:
        """The winning seats once the match is over (K51-10.1, K51-10.2)."""
        if not self.is_terminal:
            return ()
        seats = [i for i, a in enumerate(self.active) if a]
        if not seats:  # everyone left passed the limit together: the lowest of them
            seats = [i for i, t in enumerate(self.totals) if t == min(self.totals)]
        low = min(self.totals[i] for i in seats)
        return tuple(i for i in seats if self.totals[i] == low)

    # ---- views -----------------------------------------------------------------------

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Deal the cards ``seat`` cannot see again (other hands' unknown cards, the stock).

        The bottom ``stock_known`` cards of the stock were the discard pile, shuffled under
        it (K51-8.3): everyone knows which cards they are, not their order, so they are
        shuffled among themselves and stay there.
        """
        seats_check(self.options.players, seat)
        under = self.stock_known
        hands, (top,) = redeal_hidden(
            rng, self.hands, seat, known=self.known, piles=(self.stock[under:],)
        )
        bottom = list(self.stock[:under])
        rng.shuffle(bottom)
        return self._replace(hands=hands, stock=(*bottom, *top), seed=rng.getrandbits(63))

    def _check(self) -> None:
        players = self.options.players
        self.check_table(players)
        if any(t < 0 for t in self.totals) or self.loose not in (0, 1):
            raise InvalidStateError(f"totals {self.totals} or loose {self.loose} impossible")
        if not 0 <= self.stock_known <= len(self.stock):
            raise InvalidStateError(f"stock_known {self.stock_known} is not a part of the stock")
        if self.phase is Phase.OVER:
            return
        if not self.active[self.turn]:
            raise InvalidStateError(f"seat {self.turn} is out of the match but to play")
        if self.loose and (
            self.phase is not Phase.PLAY
            or not any(c.is_joker for c in self.hands[self.turn])
            or not self.opened[self.turn]  # a joker is released by a retrieve, after opening
            or not self.table
        ):
            raise InvalidStateError("a released joker is to be placed but not held")
        for i, hand in enumerate(self.hands):
            if self.active[i] and not hand and i != self.turn:
                raise InvalidStateError(f"seat {i} holds no card in a deal still going")
            if not self.active[i] and hand:
                raise InvalidStateError(f"seat {i} is out of the match but holds cards")
