"""Chinese 51's state: the deal, the turn, the knock and its challenges, the scoring of a hand."""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.decks import Deck, standard
from cardrules.engine import (
    EMPTY_HISTORY,
    GameState,
    GameView,
    History,
    Move,
    fields_copier,
    make_view,
    replace_at,
    seat_lines,
    seats_check,
    shuffled,
)
from cardrules.errors import InvalidStateError
from cardrules.games._family31 import (
    Draw,
    Knock,
    Pass,
    Source,
    check_known,
    check_seats,
    exchange,
    resample_stock,
)
from cardrules.games._table51 import (
    remove_known,
    without,
)
from cardrules.games.chinese51._rules import (
    _KNOCK_51,
    CHALLENGE,
    CLEAR_COUNT,
    DRAW,
    HAND_SIZE,
    KNOCK,
    PASS,
    PLAIN_TRADES,
    ROW_SIZE,
    SWAP_ROWS,
    Challenge,
    Discard,
    Options,
    Swap,
    Trade,
    _clear_count,
    _discard,
    _is_clear_count,
    _knock_scores,
    _suit_counts,
    _swap,
    _trade,
)
from cardrules.hands import best_suit_total

# --------------------------------------------------------------------------- state


class Phase(enum.Enum):
    """What the player to move must do.

    Examples:
        >>> from cardrules import games
        >>> games.create("chinese51").new_game(seed=1).phase  # the starter's opening discard
        <Phase.DISCARD: 'discard'>
    """

    DISCARD = "discard"  # holds six cards (the starter's opening, or after drawing)
    TURN = "turn"  # knock, draw, trade or swap
    CHALLENGE = "challenge"  # challenge the caller or pass
    OVER = "over"


class End(enum.Enum):
    """How a hand ended. ``CLEAR_COUNT`` is a knock on 51 (C51-5.8), the only
    end scored as a clear count (C51-5.9).

    Examples:
        >>> End("stock_exhausted")
        <End.STOCK_EXHAUSTED: 'stock_exhausted'>
    """

    KNOCK = "knock"
    CLEAR_COUNT = "clear_count"
    STOCK_EXHAUSTED = "stock_exhausted"
    ROUND_LIMIT = "round_limit"


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of a finished hand.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("chinese51", players=2, deals=1)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> result = state.last_deal
        >>> state.points == result.scored, len(result.hands)
        (True, 2)
    """

    deal: int
    end: End
    caller: int | None
    challengers: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    values: tuple[int, ...]
    scored: tuple[int, ...]

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: how the hand ended, the hands shown, the points scored."""
        if self.end is End.KNOCK:
            asked = ", ".join(f"seat {seat}" for seat in self.challengers) or "nobody"
            how = f"seat {self.caller} knocked, challenged by {asked}"
        else:
            how = self.end.value.replace("_", " ")
        return (
            f"  hand {self.deal + 1} ends: {how}",
            *seat_lines(self.hands, value=self.values, scores=self.scored),
        )


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (C51-8.1).

    Examples:
        >>> from cardrules import games
        >>> view = games.create("chinese51", players=3).new_game(seed=1).view(1)
        >>> view.seat, len(view.hand), view.hand_sizes, view.stock_size
        (1, 5, (6, 5, 5), 36)
    """

    seat: int
    options: Options
    deal: int
    starter: int
    turn: int | None
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    row: tuple[Card, ...]
    aside: tuple[Card, ...]
    stock_size: int
    turns: int
    caller: int | None
    challengers: tuple[int, ...]
    points: tuple[int, ...]
    last_deal: DealResult | None
    history: History


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A Chinese 51 game in progress. The top of the stock is its last item.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("chinese51", players=3).new_game(seed=1)
        >>> state.starter, state.current_player, [len(h) for h in state.hands], len(state.stock)
        (0, 0, [6, 5, 5], 36)
        >>> state = state.apply(state.legal_moves()[0])  # the opening discard
        >>> state.current_player, len(state.row)  # play goes to the right: seat 2
        (2, 1)
    """

    GAME: ClassVar[str] = "chinese51"
    MOVES: ClassVar[tuple[type[Move], ...]] = (
        Discard,
        Draw,
        Trade,
        Swap,
        Knock,
        Pass,
        Challenge,
    )
    OVER: ClassVar[Phase] = Phase.OVER  # the game is over (C51-7.1, C51-7.2)
    DECK: ClassVar[Deck] = standard()  # the 52-card pack (C51-1.1)
    PILES: ClassVar[tuple[str, ...]] = ("row", "stock", "aside")  # beside the hands

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int
    starter: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    row: tuple[Card, ...] = ()
    stock: tuple[Card, ...]
    aside: tuple[Card, ...] = ()
    known: tuple[tuple[Card, ...], ...]
    turns: int = 0
    caller: int | None = None
    challengers: tuple[int, ...] = ()
    points: tuple[int, ...]
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per seat, accumulated over the hands played (C51-7.1)."""
        return self.points

    def value_of(self, seat: int) -> int:
        """The value of a seat's hand (C51-4.1; best five of six mid-turn).

        Examples:
            >>> from cardrules import games
            >>> from cardrules.games.chinese51 import hand_value
            >>> state = games.create("chinese51", players=2).new_game(seed=1)
            >>> state.value_of(1) == hand_value(state.hands[1])
            True
        """
        hand = self.hands[seats_check(self.options.players, seat)]
        if len(hand) > HAND_SIZE:
            return max(best_suit_total(hand[:i] + hand[i + 1 :]) for i in range(len(hand)))
        return best_suit_total(hand)

    def _may_knock(self, hand: tuple[Card, ...]) -> bool:
        """Whether a plain knock is allowed with ``hand`` (C51-5.10); 51 always is."""
        options = self.options
        if not options.knock_one_suit and not options.knock_minimum:
            return True
        value = best_suit_total(hand)
        if value == CLEAR_COUNT:
            return True
        if options.knock_one_suit and len({c.suit for c in hand}) != 1:
            return False
        return value >= options.knock_minimum

    def _right(self, seat: int) -> int:
        return (seat - 1) % self.options.players  # C51-1.2: play goes to the right

    def _generate_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase is Phase.TURN:
            hand = self.hands[self.turn]
            moves: list[Move] = [KNOCK] if self._may_knock(hand) else []
            if self.stock:
                moves.append(DRAW)
            row = self.row
            # C51-5.8: a knocking variant only where the five cards kept can be one suit
            # (counted first: most turns have none).
            suits = _suit_counts(hand)
            row_suit = int(row[0].suit or 0)  # natural cards only: suits 0-3
            trade_knock = all(suit == row_suit for _, suit in row) and (
                suits[row_suit] >= len(hand) - len(row)
            )
            gives = itertools.combinations(sorted(hand), len(row))
            if not trade_knock:  # most turns: each trade once, without a knock
                moves.extend(map(PLAIN_TRADES.__getitem__, gives))
            else:
                for give in gives:
                    moves.append(_trade(give))
                    if _is_clear_count(tuple(c for c in hand if c not in give) + row):
                        moves.append(_trade(give, knock=True))
            if len(row) == ROW_SIZE:
                near = max(suits) >= HAND_SIZE - 1
                for take in row:
                    if not near:  # no swap can make a clear count: no knocking swaps
                        moves.extend(map(SWAP_ROWS[take].__getitem__, hand))
                        continue
                    for card in hand:
                        moves.append(_swap(take, card))
                        if _is_clear_count(tuple(take if c == card else c for c in hand)):
                            moves.append(_swap(take, card, knock=True))
            return tuple(moves)
        if phase is Phase.DISCARD:
            hand = self.hands[self.turn]
            out: list[Move] = []
            near = max(_suit_counts(hand)) >= HAND_SIZE
            for card in hand:
                out.append(_discard(card))
                if near and _is_clear_count(without(hand, card)):
                    out.append(_discard(card, knock=True))  # C51-5.8
            return tuple(out)
        if phase is Phase.CHALLENGE:
            return (CHALLENGE, PASS)
        return ()

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now."""
        phase = self.phase
        if phase is Phase.OVER:
            return "the game is over"
        hand = self.hands[self.turn]
        if phase is Phase.CHALLENGE:
            return f"seat {self.turn} must challenge seat {self.caller}'s knock or pass (C51-5.2)"
        if phase is Phase.DISCARD:
            if isinstance(move, Discard):
                if move.card not in hand:
                    return f"{move.card} is not in the hand of seat {self.turn}"
                return _KNOCK_51
            return f"seat {self.turn} holds six cards and must discard to the row (C51-3.2)"
        if isinstance(move, Discard):
            return "a discard comes only after drawing (C51-3.2)"
        if isinstance(move, (Challenge, Pass)):
            return "nobody has knocked (C51-5.2)"
        if isinstance(move, Knock):
            if self.options.knock_one_suit and len({c.suit for c in hand}) != 1:
                return "a knock needs all five cards of one suit here (knock_one_suit, C51-5.10)"
            return (
                f"a knock needs a hand worth {self.options.knock_minimum} or more here "
                f"(knock_minimum, C51-5.10)"
            )
        if isinstance(move, Draw):
            if move.source is Source.DISCARD:
                return "the face-up row is taken by trading, not drawing (C51-3.3)"
            return "the stock is empty (C51-6.1)"
        if isinstance(move, Swap):
            if len(self.row) != ROW_SIZE:
                return f"a one-card swap needs five cards in the row, not {len(self.row)} (C51-3.4)"
            if move.take not in self.row:
                return f"{move.take} is not in the face-up row (C51-3.4)"
            if move.give not in hand:
                return f"{move.give} is not in the hand of seat {self.turn}"
            return _KNOCK_51
        if isinstance(move, Trade):
            give = move.give
            if len(give) != len(self.row):
                return (
                    f"a trade gives {len(self.row)} cards of the hand for the whole row "
                    f"({len(give)} offered) (C51-3.3)"
                )
            taken = [c for c in give if c in self.row]
            if taken:
                return f"cards taken from the row ({taken[0]}) cannot be given back (C51-3.3)"
            if any(c not in hand for c in give):
                return f"seat {self.turn} does not hold all of {', '.join(map(str, give))}"
            if len(set(give)) != len(give):
                return "a trade cannot give the same card twice (C51-3.3)"
            return _KNOCK_51
        return super().explain(move)

    def _next(self, move: Move) -> State:
        seat = self.turn
        hand = self.hands[seat]
        if isinstance(move, Discard):
            card = move.card
            hands = replace_at(self.hands, seat, without(hand, card))
            known = remove_known(self.known, seat, (card,))
            row = (*self.row, card)
            if not self.stock and not move.knock:
                state = self._replace(hands=hands, known=known, row=row)
                return state._end_deal(End.STOCK_EXHAUSTED)  # C51-6.1
            return self._end_turn(hands, known, row, move.knock)
        if isinstance(move, Draw):
            row, aside = self.row, self.aside
            if len(row) == ROW_SIZE:
                row, aside = (), aside + row  # C51-3.2: a full row is set aside
            return self._replace(
                hands=replace_at(self.hands, seat, (*hand, self.stock[-1])),
                stock=self.stock[:-1],
                row=row,
                aside=aside,
                phase=Phase.DISCARD,
            )
        if isinstance(move, Trade):
            given = set(move.give)
            taken = self.row
            known = remove_known(self.known, seat, given)
            kept = tuple(c for c in hand if c not in given)
            return self._end_turn(
                replace_at(self.hands, seat, kept + taken),
                replace_at(known, seat, known[seat] + taken),
                move.give,
                move.knock,
            )
        if isinstance(move, Swap):
            hand, row, mine = exchange(hand, self.row, self.known[seat], move.give, move.take)
            return self._end_turn(
                replace_at(self.hands, seat, hand),
                replace_at(self.known, seat, mine),
                row,
                move.knock,
            )
        if isinstance(move, Knock):
            state = self._replace(caller=seat)
            if best_suit_total(hand) == CLEAR_COUNT:
                return state._end_deal(End.CLEAR_COUNT)  # C51-5.8: no challenge
            return state._replace(phase=Phase.CHALLENGE, turn=self._right(seat))
        if isinstance(move, Challenge):
            state = self._replace(challengers=(*self.challengers, seat))
            return state._next_challenger()
        assert isinstance(move, Pass)  # decline to challenge
        return self._next_challenger()

    # ---- rules helpers -------------------------------------------------------------

    def _end_turn(
        self,
        hands: tuple[tuple[Card, ...], ...],
        known: tuple[tuple[Card, ...], ...],
        row: tuple[Card, ...],
        knock: bool,
    ) -> State:
        """The state after a turn's action with these hands, known cards and row: a knock
        on 51 ends the hand (C51-5.8), otherwise play moves on."""
        if knock:
            state = self._replace(caller=self.turn, hands=hands, known=known, row=row)
            return state._end_deal(End.CLEAR_COUNT)
        turns = self.turns + 1
        if turns >= self.options.players * self.options.round_limit:
            state = self._replace(turns=turns, hands=hands, known=known, row=row)
            return state._end_deal(End.ROUND_LIMIT)  # C51-6.3
        copier = _TURN_ENDERS.get(self.__class__)
        if copier is None:
            copier = _TURN_ENDERS[self.__class__] = fields_copier(self.__class__, _TURN_END)
        after: State = copier(self, self._right(self.turn), turns, Phase.TURN, hands, known, row)
        return after

    def _next_challenger(self) -> State:
        nxt = self._right(self.turn)
        if nxt == self.caller:
            return self._end_deal(End.KNOCK)
        return self._replace(turn=nxt)

    def _end_deal(self, end: End) -> State:
        hands = self.hands
        values = tuple(best_suit_total(h) for h in hands)
        if end is End.CLEAR_COUNT:
            scored = _clear_count(hands, self.caller)  # C51-5.8: only a knock on 51
        elif end is End.KNOCK:
            assert self.caller is not None  # C51-5.9: a 51 shown here scores as any hand
            # the deal's own values and seats: scored without checking them again
            scored = _knock_scores(values, self.caller, self.challengers, self.options.tie_winner)
        else:
            scored = values  # C51-6.2
        points = tuple(p + s for p, s in zip(self.points, scored, strict=True))
        result = DealResult(
            deal=self.deal,
            end=end,
            caller=self.caller,
            challengers=self.challengers,
            hands=hands,
            values=values,
            scored=scored,
        )
        state = self._replace(points=points, last_deal=result)
        top = max(points)
        limit = self.options.deals
        if (top >= self.options.target and points.count(top) == 1) or (
            limit is not None and self.deal + 1 >= limit
        ):
            return state._replace(phase=Phase.OVER)  # C51-7.1, C51-7.2
        return _deal(state, self.deal + 1, self._right(self.starter))  # C51-2.4

    # ---- views ---------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know (C51-8.1): a caller's hand stays face down.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("chinese51", players=2).new_game(seed=1)
            >>> state.view(1).hand == state.hands[1], state.view(1).known
            (True, ((), ()))
        """
        return make_view(View, self, seat)

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal again the stock and the hand cards ``seat`` cannot know (C51-8.2).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("chinese51", players=2).new_game(seed=1)
            >>> other = state.resample(1, random.Random(5))
            >>> other.view(1) == state.view(1), other.hands[0] == state.hands[0]
            (True, False)
        """
        return resample_stock(self, seat, rng)

    def _check(self) -> None:
        seats = (self.turn, self.starter, self.caller, *self.challengers)
        check_seats(self, ("hands", "known", "points"), seats)
        check_known(self)
        if any(p < 0 for p in self.points):
            raise InvalidStateError(f"points {self.points} cannot be negative")
        if len(self.aside) % ROW_SIZE or len(self.row) > ROW_SIZE:
            raise InvalidStateError("the row holds at most five cards, set aside five at a time")
        if self.phase is Phase.OVER:
            return
        if (self.caller is None) != (self.phase is not Phase.CHALLENGE):
            raise InvalidStateError("a caller is named exactly while challenges are asked")
        if self.caller in self.challengers or len(set(self.challengers)) != len(self.challengers):
            raise InvalidStateError(f"challengers {self.challengers} are not distinct others")
        if self.caller is not None:  # C51-5.2: asked one by one to the caller's right
            if self.turn == self.caller:
                raise InvalidStateError(f"seat {self.turn} cannot challenge its own knock")
            asked, seat = [], self._right(self.caller)
            while seat != self.turn:
                asked.append(seat)
                seat = self._right(seat)
            if self.challengers != tuple(s for s in asked if s in self.challengers):
                raise InvalidStateError(
                    f"challengers {self.challengers} are not seats asked before seat {self.turn}"
                )
        for i, hand in enumerate(self.hands):
            size = 6 if (i == self.turn and self.phase is Phase.DISCARD) else HAND_SIZE
            if len(hand) != size:
                raise InvalidStateError(f"seat {i} holds {len(hand)} cards, not {size}")
        if self.phase is Phase.TURN and not self.row:
            raise InvalidStateError("the face-up row is empty between turns")


def _deal(state: State, number: int, starter: int) -> State:
    """Deal hand ``number`` the Chinese way (C51-2.1 to C51-2.3)."""
    cards = shuffled(state, _DECK.cards, "deal", number)
    n = state.options.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    seat = starter
    for _ in range(n * HAND_SIZE + 1):  # one at a time to the right; the starter takes six
        hands[seat].append(cards.pop())
        seat = (seat - 1) % n
    return state._replace(
        deal=number,
        starter=starter,
        turn=starter,
        phase=Phase.DISCARD,
        hands=tuple(tuple(h) for h in hands),
        row=(),
        stock=tuple(cards),
        aside=(),
        known=((),) * n,
        turns=0,
        caller=None,
        challengers=(),
    )


_DECK = standard()


_TURN_END = ("turn", "turns", "phase", "hands", "known", "row")
_TURN_ENDERS: dict[type, Callable[..., Any]] = {}  # per state class: its copier of _TURN_END
