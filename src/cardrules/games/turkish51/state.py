"""Turkish 51: the state of a match, its invariants and what each seat may see.

The lowest room of the game's logic: it holds every field of a match and what can be read
off them (scores, views, re-deals, the consistency check), and imports of the game's own
only its values (``scoring``: the pack and the meld rules; ``moves``: options, moves and
records), no rule of play. The legal moves (``_legal``) and what a move does (``_play``)
sit above it, the greedy bot (``bot``) above both, and ``game`` at the top joins them into
[`State`][cardrules.games.turkish51.State] and [`Turkish51`][cardrules.games.turkish51.Turkish51].

Examples:
    >>> from cardrules.games.turkish51 import State, Turkish51
    >>> state = Turkish51.create(deals=1).new_game(seed=0)
    >>> isinstance(state, Position), isinstance(state, State), len(state.hands[state.turn])
    (True, True, 14)
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
    TableMeld,
    Take,
    View,
)
from cardrules.games.turkish51.scoring import DECK, RULES
from cardrules.melds import Meld, check_meld, meld_value

__all__ = ["FINE", "HAND", "PLAYERS", "Position"]

PLAYERS = 4
HAND = 14
FINE = 50


@attrs.frozen(kw_only=True)
class Position(GameState[Options]):
    """Every field of a Turkish 51 match in progress, without the rules of play.

    [`State`][cardrules.games.turkish51.State] adds them (its legal moves and what a move
    does). Stock and discard tops are the last items.
    """

    GAME: ClassVar[str] = "turkish51"
    MOVES: ClassVar[tuple[type[Move], ...]] = (
        Draw, Take, Declare, LayMeld, Open, Cancel, LayOff, Retrieve, Discard,
    )  # fmt: skip
    OVER: ClassVar[Phase] = Phase.OVER  # the match is over (T51-9.1)

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
    doubles: tuple[bool, ...]
    threshold: int
    doubles_threshold: int
    taken: Card | None = None
    opened_now: bool = False  # down this turn, nothing added to the table: out is at once
    opening: int = 0  # this turn's whole opening so far: points, or doubles (T51-5.3, T51-7.2)
    use_now: bool = False  # a discard taken once down must be laid at once (T51-4.4 option)
    cancelled: bool = False
    turns: int = 0
    known: tuple[tuple[Card, ...], ...]
    fines: tuple[int, ...]
    totals: tuple[int, ...]
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Penalty totals of the finished deals; a side's sum in partnerships (T51-9.2)."""
        totals = self.totals
        if self.options.partnerships:
            return tuple(totals[i % 2] + totals[i % 2 + 2] for i in range(PLAYERS))
        return totals

    @property
    def winner(self) -> tuple[int, ...]:
        """The seats with the lowest total once the match is over (T51-9.3)."""
        if not self.is_terminal:
            return ()
        low = min(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == low)

    def deck(self) -> Deck:
        """The 106-card pack (T51-1.1)."""
        return DECK

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
        """The value of the opening in progress (T51-5.1)."""
        return sum(meld_value(m, RULES) for m in self.pending)

    # ---- views -----------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know: its hand, the table, the pile, sizes and totals."""
        return make_view(View, self, seat)

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Deal the cards ``seat`` cannot see again (other hands' unknown cards, the stock)."""
        seats_check(PLAYERS, seat)
        hands, (stock,) = redeal_hidden(
            rng, self.hands, seat, known=self.known, piles=(self.stock,)
        )
        return self._replace(hands=hands, stock=stock, seed=rng.getrandbits(63))

    def _check(self) -> None:
        for name in ("hands", "opened", "doubles", "known", "fines", "totals"):
            if len(getattr(self, name)) != PLAYERS:
                raise InvalidStateError(f"{name} has {len(getattr(self, name))} seats, not 4")
        for seat in (self.turn, self.dealer):
            if not 0 <= seat < PLAYERS:
                raise InvalidStateError(f"seat {seat} does not exist")
        opts = self.options
        if self.threshold < opts.threshold or self.doubles_threshold < opts.min_doubles - 1:
            raise InvalidStateError("a threshold is below the one the game started with")
        if any(f < 0 or f % FINE for f in self.fines) or any(t < 0 for t in self.totals):
            raise InvalidStateError(f"fines {self.fines} or totals {self.totals} are impossible")
        if not 0 <= self.deal < (opts.deals or self.deal + 1):
            raise InvalidStateError(f"deal {self.deal} is outside the match")
        for i, known in enumerate(self.known):
            if Counter(known) - Counter(self.hands[i]):
                raise InvalidStateError(f"seat {i} is said to hold cards it does not hold")
        for placed in self.table:
            _recheck(placed.meld)
            if not 0 <= placed.owner < PLAYERS or not self.opened[placed.owner]:
                raise InvalidStateError(f"meld {placed.meld} has an owner who has not laid down")
        for meld in self.pending:
            _recheck(meld)
        if self.phase is Phase.OVER:
            return
        if self.pending and (self.phase is not Phase.PLAY or self.opened[self.turn]):
            raise InvalidStateError("an opening is in progress outside its player's turn")
        if self.opening < 0 or (self.opening and not self.opened[self.turn]):
            raise InvalidStateError(f"an opening worth {self.opening} by a player not down")
        if self.use_now and (self.taken is None or self.taken not in self.hands[self.turn]):
            raise InvalidStateError("a taken card to lay at once is not in the hand")
        if self.phase is Phase.DRAW and not self.stock:  # an empty stock ends the deal
            raise InvalidStateError("a player is to draw from an empty stock")
        if self.use_now and not (
            self.options.use_taken_down and self.opened[self.turn] and self.phase is Phase.PLAY
        ):  # set only when a player already down takes the discard (T51-4.4 option)
            raise InvalidStateError("a taken card is to be laid at once, but the rule is off")
        taken = self.taken  # taken face up: known to be in the hand, or laid down since
        if taken is not None and taken not in self.known[self.turn]:
            laid = (c for m in (*self.pending, *(p.meld for p in self.table)) for c in m.cards)
            if self.phase is not Phase.PLAY or taken not in laid:
                raise InvalidStateError("the card just taken is neither known in the hand nor laid")
        for i, hand in enumerate(self.hands):
            if not hand and i != self.turn:
                raise InvalidStateError(f"seat {i} holds no card in a deal still going")


def _recheck(meld: Meld) -> None:
    try:
        again = check_meld(meld.cards, RULES, kind=meld.kind)
    except IllegalMeldError as exc:
        raise InvalidStateError(f"a meld on the table is no meld: {exc}") from None
    if again != meld:
        raise InvalidStateError(f"meld {meld} does not stand for what it says")
