"""Japanese 51's play: the deal, the turn (exchange, clear, pass or swap), Stop and the last
turns, the game, its greedy player and its picture."""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.decks import Deck, standard
from cardrules.engine import (
    EMPTY_HISTORY,
    Game,
    GameState,
    GameView,
    History,
    Move,
    fields_copier,
    make_view,
    redeal_hidden,
    replace_at,
    seat_lines,
    seats_check,
    shuffled,
)
from cardrules.errors import InvalidStateError, OptionError
from cardrules.games._family31 import blank_state, check_known, check_seats, exchange
from cardrules.games.japanese51._rules import (
    _PASSES,
    _SWAP_ALLS,
    CLEAR,
    HAND_SIZE,
    TABLE_SIZE,
    Clear,
    Exchange,
    Options,
    Pass,
    SwapAll,
    _exchange,
    _value,
    _winners,
    exchanges,
)

# --------------------------------------------------------------------------- state


class Phase(enum.Enum):
    """Whether the game goes on."""

    TURN = "turn"  # exchange, or clear first
    OVER = "over"


class End(enum.Enum):
    """How a deal ended."""

    STOP = "stop"
    ROUND_LIMIT = "round_limit"


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of a finished deal.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("japanese51", players=2, deals=1)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> result = state.last_deal
        >>> from cardrules.games.japanese51 import winners
        >>> len(result.hands), result.winners == winners(result.values, result.stopper)
        (2, True)
    """

    deal: int
    end: End
    stopper: int | None
    hands: tuple[tuple[Card, ...], ...]
    values: tuple[int, ...]
    winners: tuple[int, ...]

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: how the deal ended, the hands shown, the winners."""
        how = f"seat {self.stopper} called Stop" if self.end is End.STOP else "the turn limit"
        won = ", ".join(f"seat {seat}" for seat in self.winners)
        return (
            f"  deal {self.deal + 1} ends: {how}",
            *seat_lines(self.hands, value=self.values),
            f"    won by {won}",
        )


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (J51-7.1).

    Examples:
        >>> from cardrules import games
        >>> view = games.create("japanese51", players=3).new_game(seed=1).view(2)
        >>> view.seat, len(view.hand), len(view.table), view.stock_size
        (2, 5, 5, 32)
    """

    seat: int
    options: Options
    deal: int
    dealer: int
    turn: int | None
    phase: Phase
    hand: tuple[Card, ...]
    known: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    aside: tuple[Card, ...]
    stock_size: int
    recycled: bool
    turns: int
    cleared: bool
    stopper: int | None
    last_turns: int
    wins: tuple[int, ...]
    last_deal: DealResult | None
    history: History


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A Japanese 51 game in progress. The top of the stock is its last item.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("japanese51", players=3).new_game(seed=1)
        >>> state.dealer, state.current_player, [len(h) for h in state.hands], len(state.stock)
        (0, 1, [5, 5, 5], 32)
    """

    GAME: ClassVar[str] = "japanese51"
    MOVES: ClassVar[tuple[type[Move], ...]] = (Exchange, Clear, Pass, SwapAll)
    OVER: ClassVar[Phase] = Phase.OVER  # the last deal is scored (J51-6.1)
    DECK: ClassVar[Deck] = standard()  # the 52-card pack (J51-1.1)
    PILES: ClassVar[tuple[str, ...]] = ("table", "stock", "aside")  # beside the hands

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    stock: tuple[Card, ...]
    aside: tuple[Card, ...] = ()
    recycled: bool = False
    known: tuple[tuple[Card, ...], ...]
    turns: int = 0
    cleared: bool = False
    stopper: int | None = None
    last_turns: int = 0
    wins: tuple[int, ...]
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Deals won per seat (J51-6.2); higher is better."""
        return self.wins

    @property
    def deal_count(self) -> int:
        """How many deals the match has (J51-6.1).

        Examples:
            >>> from cardrules import games
            >>> games.create("japanese51", players=3).new_game(seed=1).deal_count
            3
        """
        deals = self.options.deals
        return self.options.players if deals is None else deals

    def value_of(self, seat: int) -> int:
        """The current value of a seat's hand (J51-4.1).

        Examples:
            >>> from cardrules import games
            >>> from cardrules.games.japanese51 import hand_value
            >>> state = games.create("japanese51", players=2).new_game(seed=1)
            >>> state.value_of(0) == hand_value(state.hands[0])
            True
        """
        return _value(
            self.hands[seats_check(self.options.players, seat)], self.options.one_suit_only
        )

    def can_clear(self) -> bool:
        """Whether the player to move may clear the board now (J51-3.2, J51-3.3).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("japanese51", players=2).new_game(seed=1)
            >>> state.can_clear()  # the first turn of the deal
            False
            >>> for _ in range(2):  # seats 1 and 0 exchange, without Stop
            ...     state = state.apply(state.legal_moves()[0])
            >>> state.can_clear()  # seat 1's second turn
            True
        """
        return (
            self.phase is Phase.TURN
            and not self.cleared
            and self.turns >= self.options.players
            and len(self.stock) + len(self.aside) >= TABLE_SIZE
        )

    def _generate_moves(self) -> tuple[Move, ...]:
        if self.phase is Phase.OVER:
            return ()
        stops = (False,) if self.stopper is not None else (False, True)
        moves = exchanges(self.table, self.hands[self.turn], len(stops) == 2)
        if self.can_clear():
            moves.append(CLEAR)
        options = self.options
        if (options.passing or options.swap_all) and self.turns >= options.players:
            if options.swap_all:  # J51-3.7
                moves.extend(_SWAP_ALLS[stop] for stop in stops)
            if options.passing and not self.cleared:  # J51-3.6
                moves.extend(_PASSES[stop] for stop in stops)
        return tuple(moves)

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now."""
        if isinstance(move, Exchange):
            if move.take not in self.table:
                return f"{move.take} is not on the table (J51-3.1)"
            if move.give not in self.hands[self.turn]:
                return f"{move.give} is not in the hand of seat {self.turn}"
            return f"seat {self.stopper} has already called Stop (J51-5.1)"
        if isinstance(move, (Pass, SwapAll)):
            name, clause = ("pass", "J51-3.6") if isinstance(move, Pass) else ("swapall", "J51-3.7")
            option_name = "passing" if isinstance(move, Pass) else "swap_all"
            if not getattr(self.options, option_name):
                return f"{name} is not played here ({option_name}=False, {clause})"
            if self.turns < self.options.players:
                return f"nobody may {name} on his first turn ({clause})"
            if isinstance(move, Pass) and self.cleared:
                return f"after clearing the board a player must exchange ({clause})"
            return f"seat {self.stopper} has already called Stop (J51-5.1)"
        if isinstance(move, Clear):
            if self.cleared:
                return "the board was already cleared this turn (J51-3.2)"
            if self.turns < self.options.players:
                return "nobody may clear the board on his first turn (J51-3.3)"
            return "there are not five cards left to refill the table (J51-3.4)"
        return super().explain(move)

    def _next(self, move: Move) -> State:
        seat = self.turn
        if type(move) is Exchange:  # the commonest move first (a legal move is exact)
            hand, table, mine = exchange(
                self.hands[seat], self.table, self.known[seat], move.give, move.take
            )
            hands, known = replace_at(self.hands, seat, hand), replace_at(self.known, seat, mine)
            return self._end_turn(move.stop, hands, table, known)
        if isinstance(move, Clear):
            return self._clear()
        if isinstance(move, Pass):  # J51-3.6
            return self._end_turn(move.stop, self.hands, self.table, self.known)
        assert isinstance(move, SwapAll)  # J51-3.7: the whole hand for the whole board
        hand, table = self.table, self.hands[seat]
        return self._end_turn(
            move.stop,
            replace_at(self.hands, seat, hand),
            table,
            replace_at(self.known, seat, hand),
        )

    def _end_turn(
        self,
        stop: bool,
        hands: tuple[tuple[Card, ...], ...],
        table: tuple[Card, ...],
        known: tuple[tuple[Card, ...], ...],
    ) -> State:
        """The state after a turn with these hands, board and known cards, with
        Stop and the last turns (J51-5) and the round limit (J51-5.4)."""
        seat = self.turn
        n = self.options.players
        stopper = self.stopper
        last_turns = self.last_turns
        if stop:
            stopper, last_turns = seat, n - 1
        elif stopper is not None:
            last_turns -= 1
        turns = self.turns + 1
        copier = _TURN_ENDERS.get(self.__class__)
        if copier is None:
            copier = _TURN_ENDERS[self.__class__] = fields_copier(self.__class__, _TURN_END)
        state: State = copier(
            self, hands, table, known, (seat + 1) % n, turns, False, stopper, last_turns
        )
        if stopper is not None and last_turns == 0:
            return state._end_deal(End.STOP)  # J51-5.2
        if stopper is None and turns >= n * self.options.round_limit:
            return state._end_deal(End.ROUND_LIMIT)  # J51-5.4
        return state

    # ---- rules helpers -------------------------------------------------------------

    def _clear(self) -> State:
        """J51-3.2 and J51-3.4: set the table aside, refill it from the stock,
        shuffling the cards set aside before into a new stock if needed."""
        stock = list(self.stock)
        aside = self.aside
        recycled = self.recycled
        table: list[Card] = []
        while len(table) < TABLE_SIZE:
            if not stock:
                stock = shuffled(self, aside, "recycle", self.deal, self.turns)
                aside = ()
                recycled = True
            table.append(stock.pop())
        return self._replace(
            table=tuple(table),
            stock=tuple(stock),
            aside=aside + self.table,
            recycled=recycled,
            cleared=True,
        )

    def _end_deal(self, end: End) -> State:
        values = tuple(_value(h, self.options.one_suit_only) for h in self.hands)
        won = _winners(values, self.stopper)  # values and stopper are the deal's own
        wins = tuple(w + (1 if i in won else 0) for i, w in enumerate(self.wins))
        result = DealResult(
            deal=self.deal,
            end=end,
            stopper=self.stopper,
            hands=self.hands,
            values=values,
            winners=won,
        )
        state = self._replace(wins=wins, last_deal=result)
        if self.deal + 1 >= self.deal_count:
            return state._replace(phase=Phase.OVER)
        return _deal(state, self.deal + 1, (self.dealer + 1) % self.options.players)

    # ---- views ---------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know (J51-7.1).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("japanese51", players=2).new_game(seed=1)
            >>> state.view(0).hand == state.hands[0], state.view(0).known
            (True, ((), ()))
        """
        return make_view(View, self, seat)

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal again what ``seat`` cannot see (J51-7.2): unknown hand cards and
        the stock; a stock rebuilt from set-aside cards is only reshuffled.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("japanese51", players=2).new_game(seed=1)
            >>> other = state.resample(0, random.Random(5))
            >>> other.view(0) == state.view(0), other.hands[1] == state.hands[1]
            (True, False)
        """
        seats_check(self.options.players, seat)
        if self.recycled:
            hands, _ = redeal_hidden(rng, self.hands, seat, known=self.known)
            stock = list(self.stock)
            rng.shuffle(stock)
            return self._replace(hands=hands, stock=tuple(stock), seed=rng.getrandbits(63))
        hands, (new_stock,) = redeal_hidden(
            rng, self.hands, seat, known=self.known, piles=(self.stock,)
        )
        return self._replace(hands=hands, stock=new_stock, seed=rng.getrandbits(63))

    def _check(self) -> None:
        n = self.options.players
        check_seats(self, ("hands", "known", "wins"), (self.turn, self.dealer, self.stopper))
        if not 0 <= self.deal < self.deal_count:
            raise InvalidStateError(f"deal {self.deal} is out of range")
        if any(len(h) != HAND_SIZE for h in self.hands) or len(self.table) != TABLE_SIZE:
            raise InvalidStateError("every hand and the table hold five cards")
        check_known(self)
        if len(self.aside) % TABLE_SIZE:
            raise InvalidStateError("cards are set aside five at a time")
        if self.stopper is None and self.last_turns:
            raise InvalidStateError("last turns are counted though nobody stopped")
        if self.stopper is not None and not 0 <= self.last_turns < n:
            raise InvalidStateError(f"{self.last_turns} last turns are left with {n} players")
        if self.cleared and self.turns < n:
            raise InvalidStateError("the board was cleared on a first turn")


def _deal(state: State, number: int, dealer: int) -> State:
    """Deal ``number`` (J51-2.1): five each, five face up, the rest the stock."""
    cards = shuffled(state, _DECK.cards, "deal", number)
    n = state.options.players
    hands: list[tuple[Card, ...]] = [()] * n
    for k in range(1, n + 1):
        hands[(dealer + k) % n] = tuple(cards[-HAND_SIZE:])
        del cards[-HAND_SIZE:]
    table = tuple(cards[-TABLE_SIZE:])
    del cards[-TABLE_SIZE:]
    return state._replace(
        deal=number,
        dealer=dealer,
        turn=(dealer + 1) % n,
        phase=Phase.TURN,
        hands=tuple(hands),
        table=table,
        stock=tuple(cards),
        aside=(),
        recycled=False,
        known=((),) * n,
        turns=0,
        cleared=False,
        stopper=None,
        last_turns=0,
    )


_DECK = standard()
_TURN_END = ("hands", "table", "known", "turn", "turns", "cleared", "stopper", "last_turns")
_TURN_ENDERS: dict[type, Callable[..., Any]] = {}  # per state class: its copier of _TURN_END


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
