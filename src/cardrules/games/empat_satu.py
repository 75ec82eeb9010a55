"""Empat Satu (41): four cards, one suit counts for you, the others against.

Rules digest: ``seeds/empat_satu.md`` (clauses ``ES-*``). Each hand is a
complete game, so ``deals=1`` is the default; ``deals=N`` plays N hands in a
row, the loser dealing and the winner leading the next, and counts hands won.

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import empat_satu
    >>> empat_satu.hand_value(parse_cards("Kc Qc Tc 4h"))
    26
    >>> state = games.create("empat_satu", players=3).new_game(seed=4)
    >>> [str(m) for m in state.legal_moves()]
    ['draw stock']
"""

from __future__ import annotations

import enum
import operator
import random
from collections.abc import Iterable, Sequence
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
    make_view,
    option,
    replace_at,
    seat_lines,
    seats_check,
    shuffled,
)
from cardrules.errors import InvalidStateError, OptionError
from cardrules.games._family31 import (
    Copiers,
    Discard,
    Draw,
    Source,
    blank_state,
    check_known,
    check_seats,
    check_taken,
    drawn,
    resample_stock,
    seat_columns,
)
from cardrules.games._table51 import (
    check_hand,
    discard_moves,
    suit_keys,
)
from cardrules.hands import suit_totals

__all__ = [
    "DealResult",
    "Discard",
    "Draw",
    "EmpatSatu",
    "End",
    "Options",
    "Phase",
    "Refuse",
    "Source",
    "State",
    "Stop",
    "View",
    "hand_key",
    "hand_value",
    "score_hand",
]

HAND_SIZE = 4

# --------------------------------------------------------------------------- options


@attrs.frozen
class Options:
    """Empat Satu options (see ``seeds/empat_satu.md``).

    Examples:
        >>> Options()
        Options(players=4, deals=1, exhausted_rounds=40)
    """

    players: int = option(4, doc="number of seats (ES-1.1)", minimum=2, maximum=8)
    deals: int = option(1, doc="hands to play; each hand is a complete game (ES-6.1)", minimum=1)
    exhausted_rounds: int = option(
        40,
        doc="rounds of play allowed once the stock is empty before the hand ends (ES-4.3)",
        minimum=1,
        maximum=1000,
    )


# --------------------------------------------------------------------------- hand values


def _value(cards: Iterable[Card]) -> int:
    totals = suit_totals(cards)
    return 2 * max(totals.values()) - sum(totals.values())


def _key(cards: Sequence[Card]) -> tuple[int, int]:
    keys = suit_keys(cards)
    whole = sum(points for points, _ in keys.values())
    return max((2 * points - whole, low) for points, low in keys.values())


def hand_value(cards: Sequence[Card]) -> int:
    """The score of a hand: the best suit's points minus all other cards'
    points (ES-5.1).

    Args:
        cards: four distinct cards of the 52-card pack, or five as held
            between drawing and discarding (ES-5.5).

    Raises:
        InvalidCardError: not four or five distinct natural cards.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_value(parse_cards("Ah Kh Qh Jh")), hand_value(parse_cards("2c 3d 4h 5s"))
        (41, -4)
        >>> hand_value(parse_cards("9c 8c 7c 6c 4h"))  # the source's example
        26
    """
    return _value(check_hand(cards, HAND_SIZE, "an Empat Satu hand", mid_turn=True))


def hand_key(cards: Sequence[Card]) -> tuple[int, int]:
    """A sort key ranking hands (ES-5.2, ES-5.3): the score, then the rank of
    the lowest card of the scoring suit (higher is better). Bigger is better.

    Raises:
        InvalidCardError: not four (or five, mid-turn) distinct natural cards.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_key(parse_cards("Kc 9c 8c 6d")), hand_key(parse_cards("Qs Ts 7s 6h"))
        ((21, 8), (21, 7))
    """
    return _key(check_hand(cards, HAND_SIZE, "an Empat Satu hand", mid_turn=True))


_suit_of = operator.itemgetter(1)  # Card is a (rank, suit) tuple


def _one_suit(hand: tuple[Card, ...]) -> bool:
    if len(hand) == HAND_SIZE:  # every hand before a draw: compared in turn, no set
        a, b, c, d = hand
        return a[1] == b[1] == c[1] == d[1]
    return len(set(map(_suit_of, hand))) == 1


# --------------------------------------------------------------------------- moves


@attrs.frozen
class Stop(Move):
    """Call "Stop" before drawing, holding four cards of one suit (ES-3.1)."""

    NAME: ClassVar[str] = "stop"


@attrs.frozen
class Refuse(Move):
    """With the stock empty, decline the discard: the hand ends (ES-4.1)."""

    NAME: ClassVar[str] = "refuse"


STOP = Stop()
REFUSE = Refuse()
DRAW_STOCK = Draw(Source.STOCK)
DRAW_DISCARD = Draw(Source.DISCARD)

# ES-3.1, ES-3.2, ES-4.1: the turn's moves by (four of a suit, stock left, discard pile).
_TURN_MOVES: dict[tuple[bool, bool, bool], tuple[Move, ...]] = {
    (four, stock, pile): tuple(
        m
        for m, ok in (
            (STOP, four),
            (DRAW_STOCK, stock),
            (DRAW_DISCARD, pile),
            (REFUSE, pile and not stock),
        )
        if ok
    )
    for four in (False, True)
    for stock in (False, True)
    for pile in (False, True)
}


# --------------------------------------------------------------------------- state


class Phase(enum.Enum):
    """What the player to move must do."""

    TURN = "turn"  # stop, draw, take the discard or (empty stock) refuse
    DISCARD = "discard"  # holds five cards
    OVER = "over"


class End(enum.Enum):
    """How a hand ended."""

    STOP = "stop"
    EXHAUSTED = "exhausted"


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of a finished hand: hands shown, winner and loser.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("empat_satu", players=2)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> result = state.last_deal
        >>> state.scores[result.winner], result.winner != result.loser
        (1, True)
    """

    deal: int
    end: End
    stopper: int | None
    hands: tuple[tuple[Card, ...], ...]
    values: tuple[int, ...]
    winner: int
    loser: int

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: how the hand ended, the hands shown, winner and loser."""
        how = f"seat {self.stopper} stops" if self.end is End.STOP else "the stock is exhausted"
        return (
            f"  hand {self.deal + 1} ends: {how}",
            *seat_lines(self.hands, score=self.values),
            f"    seat {self.winner} wins, seat {self.loser} loses (ES-5)",
        )


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (ES-7.1)."""

    seat: int
    options: Options
    deal: int
    dealer: int
    leader: int
    turn: int | None
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock_size: int
    empty_turns: int
    wins: tuple[int, ...]
    taken: Card | None
    last_deal: DealResult | None
    history: History


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """An Empat Satu game in progress. Stock and discard tops are the last items.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("empat_satu", players=3).new_game(seed=4)
        >>> state.dealer, state.turn, [len(h) for h in state.hands], state.discard
        (0, 0, [4, 4, 4], ())
    """

    GAME: ClassVar[str] = "empat_satu"
    MOVES: ClassVar[tuple[type[Move], ...]] = (Stop, Draw, Discard, Refuse)
    OVER: ClassVar[Phase] = Phase.OVER  # the last hand is scored (ES-6.1)
    DECK: ClassVar[Deck] = standard()  # the 52-card pack (ES-1.1)
    PILES: ClassVar[tuple[str, ...]] = ("stock", "discard")  # beside the hands

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int
    dealer: int
    leader: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    known: tuple[tuple[Card, ...], ...]
    wins: tuple[int, ...]
    taken: Card | None = None
    empty_turns: int = 0
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Hands won per seat (ES-6.1): 1 for the winner of a one-hand game."""
        return self.wins

    def value_of(self, seat: int) -> int:
        """The score of a seat's four-card hand (ES-5.1).

        Raises:
            InvalidStateError: the seat holds five cards (mid-turn).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("empat_satu", players=3).new_game(seed=4)
            >>> state.value_of(0) == hand_value(state.hands[0])
            True
        """
        hand = self.hands[seats_check(self.options.players, seat)]
        if len(hand) != HAND_SIZE:
            raise InvalidStateError(f"seat {seat} holds {len(hand)} cards mid-turn")
        return _value(hand)

    def _generate_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase is Phase.DISCARD:
            return discard_moves(self.hands[self.turn], self.taken)
        if phase is Phase.OVER:
            return ()
        return _TURN_MOVES[(_one_suit(self.hands[self.turn]), bool(self.stock), bool(self.discard))]

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now."""
        if self.phase is Phase.DISCARD:
            if isinstance(move, Discard):
                if move.card == self.taken:
                    return f"{move.card} was just taken from the discard pile (ES-3.3)"
                return f"{move.card} is not in the hand of seat {self.turn}"
            return f"seat {self.turn} holds five cards and must discard (ES-3.3)"
        if isinstance(move, Discard):
            return "a discard comes only after drawing (ES-3.3)"
        if isinstance(move, Stop):
            return "Stop needs four cards of one suit, before drawing (ES-3.1)"
        if isinstance(move, Refuse):
            return "the discard can only be refused once the stock is empty (ES-4.1)"
        if isinstance(move, Draw):
            if move.source is Source.STOCK:
                return "the stock is empty (ES-4.1)"
            return "there is no discard pile on the first turn (ES-3.2)"
        return super().explain(move)

    def _next(self, move: Move) -> State:
        seat = self.turn
        if type(move) is Discard:  # the commonest move first (a legal move is exact)
            card = move.card
            hands = self.hands
            options = self.options
            players = options.players
            hand = hands[seat]  # ``replace_at(hands, seat, without(hand, card))``, inline
            at = hand.index(card)
            hands = (*hands[:seat], hand[:at] + hand[at + 1 :], *hands[seat + 1 :])
            known = self.known  # ``remove_known(known, seat, (card,))``, inline
            if card in known[seat]:
                kept = tuple([c for c in known[seat] if c != card])
                known = (*known[:seat], kept, *known[seat + 1 :])
            nxt = (seat + 1) % players
            if self.empty_turns >= players * options.exhausted_rounds:
                state: State = _DISCARDED[self.__class__](
                    self, hands, known, (*self.discard, card), None, Phase.TURN, nxt
                )
                return state._end_deal(End.EXHAUSTED, None)  # ES-4.3
            # The next turn's moves are known here (a card on the discard pile, the stock as
            # it was): the copy carries them, as ``_generate_moves`` would list them.
            legal = _TURN_MOVES[(_one_suit(hands[nxt]), bool(self.stock), True)]
            return _DISCARDED_LISTED[self.__class__](  # type: ignore[no-any-return]
                self, hands, known, (*self.discard, card), None, Phase.TURN, nxt, legal
            )
        if isinstance(move, Draw):
            state = drawn(self, move.source, Phase.DISCARD, discard_moves)  # listed in the copy
            if self.stock:
                return state
            turns = self.empty_turns + 1  # ES-4.3: only the discard to take
            return _EMPTY_TURN[self.__class__](state, turns)  # type: ignore[no-any-return]
        state = self
        if isinstance(move, Stop):
            return state._end_deal(End.STOP, seat)
        return state._end_deal(End.EXHAUSTED, None)  # Refuse

    # ---- rules helpers -------------------------------------------------------------

    def _end_deal(self, end: End, stopper: int | None) -> State:
        n = self.options.players
        order = [(self.leader + k) % n for k in range(n)]
        keys = {i: _key(self.hands[i]) for i in order}
        # ES-5.4: full ties go to the seat earliest in this hand's play order.
        winner = max(order, key=lambda i: (keys[i], -order.index(i)))
        loser = min(order, key=lambda i: (keys[i], -order.index(i)))
        result = DealResult(
            deal=self.deal,
            end=end,
            stopper=stopper,
            hands=self.hands,
            values=tuple(_value(h) for h in self.hands),
            winner=winner,
            loser=loser,
        )
        state = self._replace(
            wins=replace_at(self.wins, winner, self.wins[winner] + 1),
            last_deal=result,
            taken=None,
        )
        if self.deal + 1 >= self.options.deals:
            return state._replace(phase=Phase.OVER)
        return _deal(state, self.deal + 1, dealer=loser, leader=winner)  # ES-6.2

    # ---- views ---------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know (ES-7.1).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("empat_satu", players=3).new_game(seed=4)
            >>> view = state.view(1)
            >>> view.hand == state.hands[1], view.stock_size, view.hand_sizes
            (True, 40, (4, 4, 4))
        """
        return make_view(View, self, seat)

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal the cards ``seat`` cannot see again, and pick a new seed (ES-7.2).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("empat_satu", players=3).new_game(seed=4)
            >>> state.resample(0, random.Random(1)).view(0) == state.view(0)
            True
        """
        return resample_stock(self, seat, rng)

    def _check(self) -> None:
        check_seats(self, ("hands", "known", "wins"), (self.turn, self.dealer, self.leader))
        if sum(self.wins) != self.deal + (1 if self.phase is Phase.OVER else 0):
            raise InvalidStateError(f"wins {self.wins} do not match {self.deal} hands played")
        if not 0 <= self.deal < self.options.deals:
            raise InvalidStateError(f"hand {self.deal} is out of range")
        check_known(self)
        if self.phase is Phase.OVER:
            return
        want = 5 if self.phase is Phase.DISCARD else HAND_SIZE
        for i, hand in enumerate(self.hands):
            size = want if i == self.turn else HAND_SIZE
            if len(hand) != size:
                raise InvalidStateError(f"seat {i} holds {len(hand)} cards, not {size}")
        check_taken(self.taken, self.known[self.turn], self.phase is Phase.DISCARD)
        if self.stock and self.empty_turns:
            raise InvalidStateError("turns are counted on an empty stock while it holds cards")


def _deal(state: State, number: int, dealer: int, leader: int) -> State:
    """Deal hand ``number`` (ES-2.1): four cards each; the rest is the stock."""
    cards = shuffled(state, _DECK.cards, "deal", number)
    n = state.options.players
    hands: list[tuple[Card, ...]] = [()] * n
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        hands[seat] = tuple(cards[-HAND_SIZE:])  # a shuffled pack: four at once is as fair
        del cards[-HAND_SIZE:]
    return _DEALT[state.__class__](  # type: ignore[no-any-return]
        state, number, dealer, leader, leader, Phase.TURN, tuple(hands), tuple(cards), (),
        ((),) * n, None, 0,
    )  # fmt: skip


_DECK = standard()
# The fields a discard changes, and those a deal sets (positional copiers).
_DISCARDED = Copiers(("hands", "known", "discard", "taken", "phase", "turn"))
_DISCARDED_LISTED = Copiers(("hands", "known", "discard", "taken", "phase", "turn", "_legal"))
_EMPTY_TURN = Copiers(("empty_turns",))  # a turn that could only take the discard
_DEALT = Copiers(
    ("deal", "dealer", "leader", "turn", "phase", "hands", "stock", "discard", "known", "taken")
    + ("empty_turns",)
)


@attrs.frozen
class EmpatSatu(Game[State, Options]):
    """Empat Satu (41) under fixed options.

    Examples:
        >>> game = EmpatSatu.create(players=2)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> sum(state.scores)
        1
    """

    NAME: ClassVar[str] = "empat_satu"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Empat Satu (41): four cards, one suit minus the rest, Stop at will"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _new_game(self, seed: int) -> State:
        fields = {"dealer": 0, "leader": 0, "phase": Phase.TURN, "stock": (), "discard": ()}
        blank = blank_state(self, seed, {"wins": 0}, **fields)
        return _deal(blank, 0, dealer=0, leader=0)  # ES-1.3, ES-2.2

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """Stop with a one-suit hand worth 30 or more, take a discard that helps,
        discard the card whose loss leaves the best hand.

        Examples:
            >>> game = EmpatSatu.create(players=2)
            >>> state = game.new_game(seed=3)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        moves = state.legal_moves()
        if not moves:
            raise OptionError("the game is over")
        hand = state.hands[state.turn]
        if state.phase is Phase.DISCARD:
            options = [m for m in moves if isinstance(m, Discard)]
            return max(options, key=lambda m: _key(tuple(c for c in hand if c != m.card)))
        now = _key(hand)
        if STOP in moves and (now[0] >= 30 or REFUSE in moves):
            return STOP
        if DRAW_DISCARD in moves:
            top = state.discard[-1]
            with_top = max(_key(tuple(c for c in (*hand, top) if c != out)) for out in hand)
            if with_top > now:
                return DRAW_DISCARD
        if DRAW_STOCK in moves:
            return DRAW_STOCK
        return REFUSE


# --------------------------------------------------------------------------- picture


def render(view: View) -> str:
    """The view of one seat as plain text for a person (``cardrules play --human``).

    Examples:
        >>> from cardrules import games
        >>> state = games.create("empat_satu", players=2).new_game(seed=1)
        >>> print(render(state.view(0)))
        == Empat Satu: hand 1 ==
           seat    cards wins
         > you (0) 4     0    dealer, leads
           seat 1  4     0
        discard: empty
        stock: 44 cards
        your hand: ... (4 cards), worth ...
        your turn: stop (four of one suit), draw, take the discard or refuse it
    """
    # Imported here so that this picture stays one appended block of the module.
    from cardrules.render import card_text, count_text, frame, hand_line, pile_line, turn_line

    doing = "stop (four of one suit), draw, take the discard or refuse it"
    if view.phase is Phase.DISCARD:
        doing = "discard a card"
    stock = f"stock: {count_text(view.stock_size)}"
    if not view.stock_size:
        stock += f" (rounds on the empty stock: {view.empty_turns})"
    return frame(
        f"Empat Satu: hand {view.deal + 1}",
        seat_columns(view, {"wins": view.wins}, leads=view.leader),
        pile_line("discard", view.discard, top_only=len(view.discard) > 6),
        stock,
        f"{hand_line(view.hand)}, worth {_value(view.hand)}" if view.hand else None,
        (
            f"you took {card_text(view.taken)} from the discard pile"
            if view.taken is not None
            else None
        ),
        turn_line(view.turn, view.seat, doing if view.turn == view.seat else ""),
    )


score_hand = hand_value
"""The scoring vocabulary's name for what a hand is worth as this game scores it:
the same function as [`hand_value`][cardrules.games.empat_satu.hand_value]."""
