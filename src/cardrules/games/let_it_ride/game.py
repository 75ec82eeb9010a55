"""Let It Ride's play: options, moves, the state, the game and its views (LIR-1, 2, 4-6).

Examples:
    >>> from cardrules import games
    >>> state = games.create("let_it_ride", players=2, deals=1).new_game(seed=3)
    >>> [str(m) for m in state.legal_moves()]
    ['pull 1', 'ride 1']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.decks import Deck, standard
from cardrules.engine import (
    EMPTY_HISTORY,
    Codec,
    Game,
    GameState,
    History,
    Move,
    Unseen,
    fields_copier,
    int_codec,
    make_view,
    redeal_hidden,
    replace_at,
    seats_check,
    shuffled,
)
from cardrules.errors import InvalidStateError, OptionError
from cardrules.games.let_it_ride._options import Options
from cardrules.games.let_it_ride._view import HandResult, Phase, View, render
from cardrules.games.let_it_ride.bonus import (
    _bonus,
    _three,
    _three_net,
    parse_bonus_table,
    parse_three_card_table,
)
from cardrules.games.let_it_ride.pay import PayLine, _line, _net, parse_pay_table
from cardrules.games.let_it_ride.strategy import ride_first, ride_second
from cardrules.poker import encode, evaluate_many

__all__ = [
    "HandResult",
    "LetItRide",
    "Options",
    "Phase",
    "Pull",
    "Ride",
    "State",
    "View",
    "render",
]

# --------------------------------------------------------------------------- moves


@attrs.frozen
class Pull(Move):
    """Take back bet 1 or bet 2 (LIR-4.1, LIR-4.3)."""

    NAME: ClassVar[str] = "pull"
    bet: int


@attrs.frozen
class Ride(Move):
    """Let bet 1 or bet 2 ride (LIR-4.1, LIR-4.3)."""

    NAME: ClassVar[str] = "ride"
    bet: int


_MOVES = ((Pull(1), Ride(1)), (Pull(2), Ride(2)))


# --------------------------------------------------------------------------- state


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A Let It Ride series in progress.

    ``riding[seat]`` says which of the seat's three bets are on the table;
    ``bankrolls`` are the chips off the table; ``turned`` is how many of the
    two community cards (``board``) are face up.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("let_it_ride", players=2).new_game(seed=1)
        >>> state.turn, state.bankrolls, state.riding[0], state.turned
        (0, (97, 97), (True, True, True), 0)
    """

    GAME: ClassVar[str] = "let_it_ride"
    MOVES: ClassVar[tuple[type[Move], ...]] = (Pull, Ride)

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int
    phase: Phase
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    turned: int
    stock: tuple[Card, ...]
    playing: tuple[bool, ...]
    riding: tuple[tuple[bool, ...], ...]
    bankrolls: tuple[int, ...]
    last_deal: HandResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat deciding a bet, ``None`` once the series is over."""
        return None if self.phase is Phase.OVER else self.turn

    @property
    def is_terminal(self) -> bool:
        """Whether the series is over (LIR-6.1, LIR-6.2)."""
        return self.phase is Phase.OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Net chips won per seat, bets on the table counted as the player's (LIR-6.3)."""
        options = self.options
        bet = options.bet
        side = 0 if self.phase is Phase.OVER else int(options.bonus) + options.three_card
        start = options.bankroll
        return tuple(
            money + bet * sum(bets) + side * playing - start
            for money, bets, playing in zip(self.bankrolls, self.riding, self.playing, strict=True)
        )

    def deck(self) -> Deck:
        """The 52-card pack (LIR-1.1)."""
        return _DECK

    def all_cards(self) -> Iterable[Card]:
        """Hands, community cards and the rest of the pack."""
        for hand in self.hands:
            yield from hand
        yield from self.board
        yield from self.stock

    def final_hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's five cards: its three and the two community cards (LIR-3.1).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("let_it_ride", players=1).new_game(seed=1)
            >>> len(state.final_hand(0))
            5
        """
        return self.hands[seats_check(self.options.players, seat)] + self.board

    def _generate_moves(self) -> tuple[Move, ...]:
        if self.phase is Phase.OVER:
            return ()
        return _MOVES[self.phase is Phase.SECOND]

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now."""
        if isinstance(move, (Pull, Ride)):
            deciding = 2 if self.phase is Phase.SECOND else 1
            if move.bet not in (1, 2, 3):
                return f"there is no bet {move.bet}; the bets are 1, 2 and 3 (LIR-2.1)"
            if move.bet == 3:
                return "the third bet always stays; it is neither pulled nor let ride (LIR-4.4)"
            if move.bet < deciding:
                return f"bet {move.bet} was already decided (LIR-4.4)"
            return "bet 2 is decided after the first community card is turned (LIR-4.3)"
        return super().explain(move)

    def _next(self, move: Move) -> State:
        seat = self.turn
        riding, bankrolls = self.riding, self.bankrolls
        if isinstance(move, Pull):  # the bet goes back to the bankroll (LIR-5.1)
            bets = list(riding[seat])
            bets[move.bet - 1] = False
            riding = replace_at(riding, seat, tuple(bets))
            bankrolls = replace_at(bankrolls, seat, bankrolls[seat] + self.options.bet)
        following = _next_playing(self.playing, seat)
        if following is not None:
            return _DECIDED(self, riding, bankrolls, following)  # type: ignore[no-any-return]
        first = self.playing.index(True)
        if self.phase is Phase.FIRST:  # LIR-4.2
            return _TURNED(self, riding, bankrolls, first, Phase.SECOND, 1)  # type: ignore[no-any-return]
        state: State = _TURNED(self, riding, bankrolls, self.turn, self.phase, self.turned)
        return state._show()

    # ---- rules helpers -------------------------------------------------------------

    def _show(self) -> State:
        """Turn the second community card, pay every hand (LIR-4.5, LIR-5) and deal on."""
        options = self.options
        odds = _parsed(parse_pay_table, options.pay_table)
        bet = options.bet
        n = options.players
        has_side = options.bonus or options.three_card > 0
        lines: list[PayLine] = []
        stakes: list[int] = []
        won: list[int] = []
        sides: list[int] = []
        bankrolls = list(self.bankrolls)
        playing, hands, board = self.playing, self.hands, self.board
        up = tuple([_CODES[c] for c in board])  # evaluate(...).value of each hand, at once
        finals = [tuple([_CODES[c] for c in hands[i]]) + up for i in range(n) if playing[i]]
        values = iter(evaluate_many(finals, check=False))
        for seat in range(n):
            if not playing[seat]:
                lines.append(PayLine.NOTHING)
                stakes.append(0)
                won.append(0)
                sides.append(0)
                continue
            value = next(values) >> 16  # the category and the top rank decide the line
            line = _LINES.get(value)
            if line is None:
                line = _LINES[value] = _line(value << 16)
            count = sum(self.riding[seat])
            nets = [_net(line, count * bet, odds), *self._side_nets(seat, line)]
            net = sum(nets)
            if options.cap and sum(w for w in nets if w > 0) > options.cap:  # LIR-8.3
                net = options.cap + sum(w for w in nets if w < 0)
            bankrolls[seat] += count * bet + int(options.bonus) + options.three_card + net
            lines.append(line)
            stakes.append(count)
            won.append(net)
            sides.append(sum(nets[1:]))
        result = HandResult(
            deal=self.deal,
            hands=tuple(h if self.playing[i] else () for i, h in enumerate(self.hands)),
            board=self.board,
            lines=tuple(lines),
            riding=tuple(stakes),
            won=tuple(won),
            side=tuple(sides) if has_side else (),
        )
        state: State = _SHOWN(self, tuple(bankrolls), ((False,) * 3,) * n, 2, result)
        return _deal(state, self.deal + 1)

    def _side_nets(self, seat: int, line: PayLine) -> list[int]:
        """Net chips of the seat's side bets: the bonus on the final hand (LIR-8.1),
        the 3-Card Bonus on its own three cards (LIR-8.2)."""
        options = self.options
        nets = []
        if options.bonus:
            nets.append(_bonus(line, _parsed(parse_bonus_table, options.bonus_table)))
        if options.three_card:
            odds = _parsed(parse_three_card_table, options.three_card_table)
            nets.append(_three_net(_three(self.hands[seat]), options.three_card, odds))
        return nets

    # ---- views ---------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know: its own cards, the turned community cards, the table.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("let_it_ride", players=2).new_game(seed=1)
            >>> view = state.view(1)
            >>> view.hand == state.hands[1], view.community
            (True, ())
        """
        return make_view(View, self, seat, community=self.board[: self.turned])

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal again what ``seat`` cannot see: the other hands, unturned community cards.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("let_it_ride", players=3).new_game(seed=1)
            >>> other = state.resample(0, random.Random(1))
            >>> other.view(0) == state.view(0), other.hands[1] == state.hands[1]
            (True, False)
        """
        seats_check(self.options.players, seat)
        if self.phase is Phase.OVER:  # every hand was shown; only the rest is unknown
            rest = list(self.stock)
            rng.shuffle(rest)
            return self._replace(stock=tuple(rest), seed=rng.getrandbits(63))
        shown = self.board[: self.turned]
        hands, (hidden, stock) = redeal_hidden(
            rng, self.hands, seat, piles=(self.board[self.turned :], self.stock)
        )
        return self._replace(
            hands=hands, board=shown + hidden, stock=stock, seed=rng.getrandbits(63)
        )

    def _check(self) -> None:
        n = self.options.players
        for name in ("hands", "playing", "riding", "bankrolls"):
            if len(getattr(self, name)) != n:
                raise InvalidStateError(f"{name} has {len(getattr(self, name))} seats, not {n}")
        if not 0 <= self.turn < n:
            raise InvalidStateError(f"seat {self.turn} does not exist with {n} players")
        if len(self.board) != 2:
            raise InvalidStateError(f"there are 2 community cards, not {len(self.board)}")
        if any(m < 0 for m in self.bankrolls):
            raise InvalidStateError(f"bankrolls {self.bankrolls} cannot be negative")
        if any(len(bets) != 3 for bets in self.riding):
            raise InvalidStateError("each seat has three bets")
        if self.phase is Phase.OVER:
            if self.turned != 2 or any(any(bets) for bets in self.riding):
                raise InvalidStateError("a finished series has every card up and no bet out")
            return
        want = 0 if self.phase is Phase.FIRST else 1
        if self.turned != want:
            raise InvalidStateError(f"{self.turned} community cards up in phase {self.phase}")
        if not self.playing[self.turn]:
            raise InvalidStateError(f"seat {self.turn} is not in this hand")
        for i in range(n):
            size = len(self.hands[i])
            if size != (3 if self.playing[i] else 0):
                raise InvalidStateError(f"seat {i} holds {size} cards")
            bets = self.riding[i]
            if not self.playing[i]:
                if any(bets):
                    raise InvalidStateError(f"seat {i} sits out but has bets out")
                continue
            if not bets[2]:
                raise InvalidStateError(f"seat {i}'s third bet must stay (LIR-4.4)")
            undecided = i >= self.turn
            if not bets[1] and (self.phase is Phase.FIRST or undecided):
                raise InvalidStateError(f"seat {i}'s second bet is pulled before its turn")
            if not bets[0] and self.phase is Phase.FIRST and undecided:
                raise InvalidStateError(f"seat {i}'s first bet is pulled before its turn")


_DECK = standard()


# Positional copies (fields_copier): a bet decided, the last decision of a round, a deal.
_DECIDED: Any = fields_copier(State, ("riding", "bankrolls", "turn"))
_TURNED: Any = fields_copier(State, ("riding", "bankrolls", "turn", "phase", "turned"))
_SHOWN: Any = fields_copier(State, ("bankrolls", "riding", "turned", "last_deal"))
_DEALT: Any = fields_copier(State, (
    "deal", "phase", "turn", "hands", "board", "turned", "stock", "playing", "riding", "bankrolls",
))  # fmt: skip
_PARSED: dict[tuple[Any, str], Any] = {}
_CODES: dict[Card, int] = dict(zip(_DECK.cards, encode(_DECK.cards), strict=True))
_LINES: dict[int, PayLine] = {}  # by a hand value's category and top rank (its bits from 16)


def _parsed(parse: Any, text: str) -> Any:
    """``parse(text)`` of an option's table, kept (the options are checked when made)."""
    key = (parse, text)
    got = _PARSED.get(key)
    if got is None:
        if len(_PARSED) > 256:
            _PARSED.clear()
        got = _PARSED[key] = parse(text)
    return got


def _next_playing(playing: tuple[bool, ...], seat: int) -> int | None:
    for i in range(seat + 1, len(playing)):
        if playing[i]:
            return i
    return None


def _deal(state: State, number: int) -> State:
    """Place the bets and deal hand ``number`` (LIR-2), or end the series (LIR-6)."""
    options = state.options
    stake = options.stake  # three bets and any side bets (LIR-2.1, LIR-8)
    playing = tuple(money >= stake for money in state.bankrolls)  # LIR-6.2
    if number >= options.deals or not any(playing):
        return state._replace(phase=Phase.OVER, turned=2)
    cards = shuffled(state, _DECK.cards, "deal", number)
    hands: list[tuple[Card, ...]] = []
    for seat_plays in playing:
        if seat_plays:
            hands.append(tuple(cards[-3:]))
            del cards[-3:]
        else:
            hands.append(())
    board = (cards.pop(), cards.pop())
    bankrolls = tuple(m - stake if p else m for m, p in zip(state.bankrolls, playing, strict=True))
    riding = tuple((p, p, p) for p in playing)
    dealt: State = _DEALT(
        state, number, Phase.FIRST, playing.index(True), tuple(hands), board, 0, tuple(cards),
        playing, riding, bankrolls,
    )  # fmt: skip
    return dealt


@attrs.frozen
class LetItRide(Game[State, Options]):
    """Let It Ride under fixed options.

    Examples:
        >>> game = LetItRide.create(players=1, deals=3)
        >>> state = game.new_game(seed=7)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> len(state.history)
        6
    """

    NAME: ClassVar[str] = "let_it_ride"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Let It Ride: pull or ride two of three bets; paid by a pay table"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """Which of the two bets that may come back is pulled or left riding."""
        return {"pull": {"bet": int_codec(1, 2)}, "ride": {"bet": int_codec(1, 2)}}

    def _sample_fields(self, view: Any, rng: random.Random) -> dict[str, Any]:
        """For ``sample_state``: the community cards not yet turned come from the
        unseen cards; once the series is over every hand was shown (LIR-4.5)."""
        if view.phase is Phase.OVER:
            shown = view.last_deal
            assert shown is not None  # a series always plays its first hand
            return {"turn": 0, "hands": shown.hands, "board": shown.board, "turned": 2}
        community = view.community
        return {"board": Unseen(2 - len(community), first=community), "turned": len(community)}

    def _sample_sizes(self, view: Any) -> tuple[int, ...]:
        """Three cards for each seat in the hand, none for a seat sitting out (LIR-2.2)."""
        if view.phase is Phase.OVER:
            assert view.last_deal is not None
            return tuple(len(hand) for hand in view.last_deal.hands)
        return tuple(3 if playing else 0 for playing in view.playing)

    def _new_game(self, seed: int) -> State:
        n = self.options.players
        blank = State(
            options=self.options,
            seed=seed,
            deal=0,
            phase=Phase.FIRST,
            turn=0,
            hands=((),) * n,
            board=(),
            turned=0,
            stock=_DECK.cards,
            playing=(True,) * n,
            riding=((False,) * 3,) * n,
            bankrolls=(self.options.bankroll,) * n,
        )
        return _deal(blank, 0)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """The published basic strategy (LIR-7): ride the bet if it says so, else pull it.

        Examples:
            >>> game = LetItRide.create(players=1)
            >>> state = game.new_game(seed=5)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        self._own(state)
        if state.is_terminal:
            raise OptionError("the game is over")
        hand = state.hands[state.turn]
        if state.phase is Phase.FIRST:
            return Ride(1) if ride_first(hand) else Pull(1)
        return Ride(2) if ride_second(hand + state.board[:1]) else Pull(2)
