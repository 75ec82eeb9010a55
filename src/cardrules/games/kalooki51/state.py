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
from collections import Counter
from collections.abc import Iterable
from typing import ClassVar, Self

import attrs

from cardrules.cards import Card
from cardrules.decks import Deck
from cardrules.engine import (
    EMPTY_HISTORY,
    GameState,
    History,
    Move,
    make_view,
    redeal_hidden,
    seats_check,
)
from cardrules.errors import IllegalMeldError, InvalidStateError
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
from cardrules.melds import Meld, MeldKind, MeldRules, check_meld, meld_value

__all__ = ["HAND", "Position"]

HAND = 13
"""Cards dealt to each player (K51-3.2)."""


@attrs.frozen(kw_only=True)
class Position(GameState[Options]):
    """Every field of a Kalooki 51 match in progress, without the rules of play.

    Stock and discard tops are the last items. ``loose`` counts released jokers the player
    to move must still place (K51-7.2); ``active`` marks the players still in the match.
    """

    GAME: ClassVar[str] = "kalooki51"
    MOVES: ClassVar[tuple[type[Move], ...]] = (
        Draw, Take, LayMeld, Open, Cancel, LayOff, Retrieve, Discard,
    )  # fmt: skip
    OVER: ClassVar[Phase] = Phase.OVER
    DECK: ClassVar[Deck] = DECK

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

    def all_cards(self) -> Iterable[Card]:
        """Hands, stock, discard pile, table melds and the melds of an opening in progress."""
        for hand in self.hands:
            yield from hand
        yield from self.stock
        yield from self.discard
        for placed in self.table:
            yield from placed.meld.cards
        for meld in self.pending:
            yield from meld.cards

    @property
    def pending_total(self) -> int:
        """The value of the first lay-down in progress (K51-5.1)."""
        rules = self.rules
        return sum(meld_value(m, rules) for m in self.pending)

    # ---- views -----------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know: its hand, the table, the pile, sizes and totals."""
        return make_view(View, self, seat)

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
        for name in ("hands", "opened", "active", "known", "totals"):
            if len(getattr(self, name)) != players:
                raise InvalidStateError(f"{name} has {len(getattr(self, name))} seats")
        for seat in (self.turn, self.dealer):
            if not 0 <= seat < players:
                raise InvalidStateError(f"seat {seat} does not exist")
        if any(t < 0 for t in self.totals) or self.loose not in (0, 1):
            raise InvalidStateError(f"totals {self.totals} or loose {self.loose} impossible")
        if not 0 <= self.stock_known <= len(self.stock):
            raise InvalidStateError(f"stock_known {self.stock_known} is not a part of the stock")
        for i, known in enumerate(self.known):
            if Counter(known) - Counter(self.hands[i]):
                raise InvalidStateError(f"seat {i} is said to hold cards it does not hold")
        rules = self.rules
        for placed in self.table:
            _recheck(placed.meld, rules)
            if not 0 <= placed.owner < players or not self.opened[placed.owner]:
                raise InvalidStateError(f"meld {placed.meld} has an owner who has not laid down")
        for meld in self.pending:
            _recheck(meld, rules)
        if self.phase is Phase.OVER:
            return
        if not self.active[self.turn]:
            raise InvalidStateError(f"seat {self.turn} is out of the match but to play")
        if self.pending and (self.phase is not Phase.PLAY or self.opened[self.turn]):
            raise InvalidStateError("an opening is in progress outside its player's turn")
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


def _recheck(meld: Meld, rules: MeldRules) -> None:
    try:
        again = check_meld(meld.cards, rules, kind=meld.kind)
    except IllegalMeldError as exc:
        raise InvalidStateError(f"a meld on the table is no meld: {exc}") from None
    # (a set's joker may stand for any suit it lacks: compare the shape only)
    if (again.kind, again.cards, again.start) != (meld.kind, meld.cards, meld.start):
        raise InvalidStateError(f"meld {meld} does not stand for what it says")
    naturals = [c for c in meld.cards if not c.is_joker]
    for card, face, want in zip(meld.cards, meld.faces, again.faces, strict=True):
        if face == want:
            continue
        free = card.is_joker and meld.kind is MeldKind.SET  # any suit the set lacks
        if not free or (
            face is not None
            and (face.is_joker or face.rank != naturals[0].rank or face in naturals)
        ):
            raise InvalidStateError(f"meld {meld} says a card plays as another")
