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
from typing import ClassVar, Self

import attrs

from cardrules.cards import Card
from cardrules.decks import Deck
from cardrules.engine import EMPTY_HISTORY, History, Move, redeal_hidden, seats_check
from cardrules.errors import InvalidStateError
from cardrules.games._rummy import RummyPosition
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
from cardrules.melds import Meld, MeldRules

__all__ = ["FINE", "HAND", "PLAYERS", "Position"]

PLAYERS = 4
HAND = 14
FINE = 50


@attrs.frozen(kw_only=True)
class Position(RummyPosition[Options]):
    """Every field of a Turkish 51 match in progress, without the rules of play.

    [`State`][cardrules.games.turkish51.State] adds them (its legal moves and what a move
    does). Stock and discard tops are the last items.
    """

    GAME: ClassVar[str] = "turkish51"
    MOVES: ClassVar[tuple[type[Move], ...]] = (
        Draw, Take, Declare, LayMeld, Open, Cancel, LayOff, Retrieve, Discard,
    )  # fmt: skip
    VIEW: ClassVar[type[View]] = View
    SEAT_FIELDS: ClassVar[tuple[str, ...]] = (
        "hands", "opened", "doubles", "known", "fines", "totals",
    )  # fmt: skip

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
    def rules(self) -> MeldRules:
        """The meld rules of Turkish 51 (T51-2)."""
        return RULES

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

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Deal the cards ``seat`` cannot see again (other hands' unknown cards, the stock)."""
        seats_check(PLAYERS, seat)
        hands, (stock,) = redeal_hidden(
            rng, self.hands, seat, known=self.known, piles=(self.stock,)
        )
        return self._replace(hands=hands, stock=stock, seed=rng.getrandbits(63))

    def _check(self) -> None:
        self.check_table(PLAYERS)
        opts = self.options
        if self.threshold < opts.threshold or self.doubles_threshold < opts.min_doubles - 1:
            raise InvalidStateError("a threshold is below the one the game started with")
        if any(f < 0 or f % FINE for f in self.fines) or any(t < 0 for t in self.totals):
            raise InvalidStateError(f"fines {self.fines} or totals {self.totals} are impossible")
        if not 0 <= self.deal < (opts.deals or self.deal + 1):
            raise InvalidStateError(f"deal {self.deal} is outside the match")
        if self.phase is Phase.OVER:
            return
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
