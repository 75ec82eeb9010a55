"""Chinese 51: draw, trade or swap with the face-up row, knock and be challenged.

Rules digest: ``seeds/chinese51.md`` (clauses ``C51-*``). Play is
counter-clockwise: the next seat is the one numbered one lower. The game runs
to ``target`` points (500); ``deals`` caps the number of hands.

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import chinese51
    >>> chinese51.hand_value(parse_cards("Ah Kh 9h 4c 2d"))
    30
    >>> chinese51.knock_scores([40, 45, 30, 20], caller=0, challengers=[1])
    (0, 85, 30, 20)
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.decks import Deck, standard
from cardrules.engine import (
    EMPTY_HISTORY,
    Codec,
    Game,
    GameState,
    GameView,
    History,
    Move,
    cards_codec,
    make_view,
    option,
    redeal_hidden,
    replace_at,
    seat_lines,
    seats_check,
    shuffled,
)
from cardrules.errors import InvalidCardError, InvalidStateError, OptionError
from cardrules.games._table51 import (
    check_hand,
    check_ints,
    remove_known,
    without,
)
from cardrules.games.thirty_one import Draw, Knock, Pass, Source
from cardrules.hands import best_suit_total

__all__ = [
    "Challenge",
    "Chinese51",
    "DealResult",
    "Discard",
    "Draw",
    "End",
    "Knock",
    "Options",
    "Pass",
    "Phase",
    "Source",
    "State",
    "Swap",
    "Trade",
    "View",
    "clear_count_scores",
    "hand_value",
    "knock_scores",
]

HAND_SIZE = 5
ROW_SIZE = 5
CLEAR_COUNT = 51
TIE_WINNERS = ("challenger", "caller", "literal")

# --------------------------------------------------------------------------- options


@attrs.frozen
class Options:
    """Chinese 51 options (see ``seeds/chinese51.md``).

    Examples:
        >>> Options()  # doctest: +NORMALIZE_WHITESPACE
        Options(players=4, deals=None, target=500, round_limit=40, knock_one_suit=False,
                knock_minimum=0, tie_winner='challenger')
    """

    players: int = option(4, doc="number of seats (C51-1.1)", minimum=2, maximum=5)
    deals: int | None = option(
        None, kind=int, optional=True, minimum=1, doc="stop after this many hands (C51-7.2)"
    )
    target: int = option(500, doc="points that end the game (C51-7.1)", minimum=1)
    round_limit: int = option(
        40,
        doc="rounds after which a hand is scored as if the stock ran out (C51-6.3)",
        minimum=1,
        maximum=1000,
    )
    knock_one_suit: bool = option(
        False, doc="a player may knock only with all five cards of one suit (C51-5.10)"
    )
    knock_minimum: int = option(
        0, doc="the least hand value a player may knock with (C51-5.10)", minimum=0, maximum=51
    )
    tie_winner: str = option(
        "challenger",
        choices=TIE_WINNERS,
        doc="who wins a tie between the caller and the best challenger (C51-5.11)",
    )


# --------------------------------------------------------------------------- hand values


def hand_value(cards: Sequence[Card]) -> int:
    """The value of a five-card hand: the largest points total of its cards of
    one suit (C51-4.1). Exactly 51 (A-K-Q-J-10 of a suit) is a clear count.

    Args:
        cards: five distinct cards of the 52-card pack.

    Raises:
        InvalidCardError: not five distinct natural cards.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_value(parse_cards("As Ks Qs Js Ts")), hand_value(parse_cards("2c 3d 4h 5s 6c"))
        (51, 8)
    """
    return best_suit_total(check_hand(cards, HAND_SIZE, "a Chinese 51 hand"))


def knock_scores(
    values: Sequence[int],
    caller: int,
    challengers: Sequence[int],
    *,
    tie_winner: str = "challenger",
) -> tuple[int, ...]:
    """What each seat scores for a hand ended by a knock (C51-5.3 to C51-5.7).

    A caller must beat every challenger; a tie with the best of them goes to
    the challenger (C51-5.5), unless ``tie_winner`` says otherwise (C51-5.11).
    This applies whatever the hands hold, a 51 included (C51-5.9); only a
    knock on 51 is scored by [`clear_count_scores`][cardrules.games.chinese51.clear_count_scores]
    (C51-5.8).

    Args:
        values: every seat's hand value.
        caller: the seat that knocked.
        challengers: the seats that challenged, in the order they did.
        tie_winner: ``"challenger"`` (default), ``"caller"`` (the caller wins
            any tie with the best challenger) or ``"literal"`` (the challenger
            wins a tie when he is alone, the caller when there are several).

    Raises:
        OptionError: a seat out of range, the caller among the challengers,
            or an unknown ``tie_winner``.

    Examples:
        >>> knock_scores([40, 38, 30, 20], caller=0, challengers=[1])
        (78, 0, 30, 20)
        >>> knock_scores([40, 45, 45, 20], caller=0, challengers=[2, 1])
        (0, 130, 0, 20)
        >>> knock_scores([40, 40, 30, 20], caller=0, challengers=[1], tie_winner="caller")
        (80, 0, 30, 20)
    """
    if tie_winner not in TIE_WINNERS:
        raise OptionError(
            f"tie_winner must be one of {list(TIE_WINNERS)}, got {tie_winner!r} (C51-5.11)"
        )
    values = check_ints(values, "hand values")
    seats = (*check_ints([caller], "the caller"), *check_ints(challengers, "challengers"))
    n = len(values)
    if any(not 0 <= s < n for s in seats):
        raise OptionError(f"seats {seats} do not all exist among {n} hands")
    if len(set(seats)) != len(seats):
        raise OptionError("the caller cannot challenge, nor anyone twice")
    scores = list(values)
    if not challengers:
        return tuple(scores)  # C51-5.3
    pot = sum(values[s] for s in seats)
    best = max(values[c] for c in challengers)
    # C51-5.4: the caller wins only above every challenger; C51-5.5, C51-5.6:
    # otherwise the last challenger with the top value wins. C51-5.11: ties.
    last_best = [c for c in challengers if values[c] == best][-1]
    caller_ties = tie_winner == "caller" or (tie_winner == "literal" and len(challengers) > 1)
    mine = values[caller]
    winner = caller if mine > best or (caller_ties and mine == best) else last_best
    for s in seats:
        scores[s] = 0
    scores[winner] = pot
    return tuple(scores)


def clear_count_scores(
    hands: Sequence[Sequence[Card]], *, caller: int | None = None
) -> tuple[int, ...]:
    """What each seat scores for a knock on exactly 51, a clear count (C51-5.8):
    the caller's 51 scores double, 102; every other hand of one suit scores its
    total (another 51 included: only the caller doubles); any other hand nothing.

    Args:
        hands: every seat's five cards.
        caller: the seat that knocked on 51; ``None`` doubles every 51 shown.

    Raises:
        InvalidCardError: a hand is not five distinct natural cards.
        OptionError: ``caller`` is no seat, or that seat does not hold 51.

    Examples:
        >>> from cardrules import parse_cards
        >>> clear_count_scores([parse_cards("Ah Kh Qh Jh Th"), parse_cards("2c 5c 9c Kc Ac"),
        ...                     parse_cards("As Ks Qs Js 2d")], caller=0)
        (102, 37, 0)
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise InvalidCardError(f"expected a sequence of hands, got {type(hands).__name__}")
    checked = [check_hand(h, HAND_SIZE, "a Chinese 51 hand") for h in hands]
    if caller is not None:
        (seat,) = check_ints([caller], "the caller")
        if not 0 <= seat < len(checked) or best_suit_total(checked[seat]) != CLEAR_COUNT:
            raise OptionError(f"seat {caller!r} is not a seat holding 51 (C51-5.8)")
    return _clear_count(checked, caller)


def _clear_count(hands: Sequence[Sequence[Card]], caller: int | None) -> tuple[int, ...]:
    out = []
    for seat, hand in enumerate(hands):
        value = best_suit_total(hand)
        if value == CLEAR_COUNT and caller in (None, seat):
            out.append(2 * CLEAR_COUNT)
        elif len({c.suit for c in hand}) == 1:
            out.append(value)
        else:
            out.append(0)
    return tuple(out)


def _suit_counts(hand: tuple[Card, ...]) -> list[int]:
    """How many cards of each suit (indexed by suit) ``hand`` holds."""
    counts = [0, 0, 0, 0]
    for _, suit in hand:
        counts[suit] += 1  # type: ignore[index]  # a natural card's suit is an int 0-3
    return counts


def _is_clear_count(hand: tuple[Card, ...]) -> bool:
    suit = hand[0].suit
    return all(c.suit is suit for c in hand) and best_suit_total(hand) == CLEAR_COUNT


# --------------------------------------------------------------------------- moves


def _card_set(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of a trade in one order, so that any order names the same move."""
    given = tuple(cards)
    if all(isinstance(c, Card) for c in given):
        return tuple(sorted(given))
    return given  # not all cards: kept as given, refused when applied


@attrs.frozen
class Discard(Move):
    """After drawing, put one card face up on the row (C51-3.2); ``knock`` ends
    the turn with a clear-count knock, legal only if the five cards kept make
    exactly 51 (C51-5.8).

    Examples:
        >>> from cardrules import parse_card
        >>> str(Discard(parse_card("7h"))), str(Discard(parse_card("7h"), knock=True))
        ('discard 7h no', 'discard 7h yes')
    """

    NAME: ClassVar[str] = "discard"
    card: Card
    knock: bool = False


@attrs.frozen
class Trade(Move):
    """Take every face-up card of the row and put as many of one's own there
    (C51-3.3); ``knock`` as for `Discard`. The cards given may be named
    in any order.

    Examples:
        >>> from cardrules import parse_cards
        >>> trade = Trade(parse_cards("Kc 2d"))
        >>> str(trade), trade == Trade(parse_cards("2d Kc"))
        ('trade 2d,Kc no', True)
    """

    NAME: ClassVar[str] = "trade"
    give: tuple[Card, ...] = attrs.field(converter=_card_set)
    knock: bool = False


@attrs.frozen
class Swap(Move):
    """With five cards in the row, exchange one of them for one's own card
    (C51-3.4); ``knock`` as for `Discard`.

    Examples:
        >>> from cardrules import parse_card
        >>> str(Swap(parse_card("Th"), parse_card("2c")))
        'swap Th 2c no'
    """

    NAME: ClassVar[str] = "swap"
    take: Card
    give: Card
    knock: bool = False


@attrs.frozen
class Challenge(Move):
    """Challenge the caller's knock (C51-5.2).

    Examples:
        >>> str(Challenge())
        'challenge'
    """

    NAME: ClassVar[str] = "challenge"


_SWAPS: dict[tuple[Card, Card, bool], Swap] = {}
_DISCARDS: dict[tuple[Card, bool], Discard] = {}


def _swap(take: Card, give: Card, knock: bool = False) -> Swap:
    move = _SWAPS.get((take, give, knock))
    if move is None:
        move = _SWAPS[take, give, knock] = Swap(take, give, knock)
    return move


_TRADES: dict[tuple[tuple[Card, ...], bool], Trade] = {}


def _trade(give: tuple[Card, ...], knock: bool = False) -> Trade:
    """``Trade(give, knock)`` for sorted ``give``, shared between states."""
    move = _TRADES.get((give, knock))
    if move is None:
        move = _TRADES[give, knock] = Trade(give, knock)
    return move


def _discard(card: Card, knock: bool = False) -> Discard:
    move = _DISCARDS.get((card, knock))
    if move is None:
        move = _DISCARDS[card, knock] = Discard(card, knock)
    return move


KNOCK = Knock()
PASS = Pass()
_KNOCK_51 = "a knock at the end of a turn needs exactly 51 in the five cards kept (C51-5.8)"
CHALLENGE = Challenge()
DRAW = Draw(Source.STOCK)


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
            for give in itertools.combinations(sorted(hand), len(row)):
                moves.append(_trade(give))
                if trade_knock and _is_clear_count(tuple(c for c in hand if c not in give) + row):
                    moves.append(_trade(give, knock=True))
            if len(row) == ROW_SIZE:
                near = max(suits) >= HAND_SIZE - 1
                for take in row:
                    for card in hand:
                        moves.append(_swap(take, card))
                        if near and _is_clear_count(tuple(take if c == card else c for c in hand)):
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
            changes: dict[str, Any] = {
                "hands": replace_at(self.hands, seat, without(hand, card)),
                "known": remove_known(self.known, seat, (card,)),
                "row": (*self.row, card),
            }
            if not self.stock and not move.knock:
                return self._replace(**changes)._end_deal(End.STOCK_EXHAUSTED)  # C51-6.1
            return self._end_turn(changes, move.knock)
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
                {
                    "hands": replace_at(self.hands, seat, kept + taken),
                    "known": replace_at(known, seat, known[seat] + taken),
                    "row": move.give,
                },
                move.knock,
            )
        if isinstance(move, Swap):
            take, give = move.take, move.give
            known = remove_known(self.known, seat, (give,))
            return self._end_turn(
                {
                    "hands": replace_at(
                        self.hands, seat, tuple(take if c == give else c for c in hand)
                    ),
                    "known": replace_at(known, seat, (*known[seat], take)),
                    "row": tuple(give if c == take else c for c in self.row),
                },
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

    def _end_turn(self, changes: dict[str, Any], knock: bool) -> State:
        """The state after a turn's action: a knock on 51 ends the hand
        (C51-5.8), otherwise play moves on."""
        if knock:
            state = self._replace(caller=self.turn, **changes)
            return state._end_deal(End.CLEAR_COUNT)
        turns = self.turns + 1
        if turns >= self.options.players * self.options.round_limit:
            state = self._replace(turns=turns, **changes)
            return state._end_deal(End.ROUND_LIMIT)  # C51-6.3
        return self._replace(turn=self._right(self.turn), turns=turns, phase=Phase.TURN, **changes)

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
            scored = knock_scores(
                values, self.caller, self.challengers, tie_winner=self.options.tie_winner
            )
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
        seats_check(self.options.players, seat)
        hands, (stock,) = redeal_hidden(
            rng, self.hands, seat, known=self.known, piles=(self.stock,)
        )
        return self._replace(hands=hands, stock=stock, seed=rng.getrandbits(63))

    def _check(self) -> None:
        n = self.options.players
        for name in ("hands", "known", "points"):
            if len(getattr(self, name)) != n:
                raise InvalidStateError(f"{name} has {len(getattr(self, name))} seats, not {n}")
        for seat in (self.turn, self.starter, self.caller, *self.challengers):
            if seat is not None and not 0 <= seat < n:
                raise InvalidStateError(f"seat {seat} does not exist with {n} players")
        for i, known in enumerate(self.known):
            if not set(known) <= set(self.hands[i]):
                raise InvalidStateError(f"seat {i} is said to hold cards it does not hold")
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


@attrs.frozen
class Chinese51(Game[State, Options]):
    """Chinese 51 under fixed options.

    Examples:
        >>> game = Chinese51.create(players=3, target=150)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> max(state.scores) >= 150
        True
    """

    NAME: ClassVar[str] = "chinese51"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Chinese 51: trade with the face-up row, knock, challenge; to 500"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """The cards given in a trade are numbered by their faces (1 to 5 of them)."""
        return {"trade": {"give": cards_codec(faces, ROW_SIZE, 1)}}

    def _new_game(self, seed: int) -> State:
        n = self.options.players
        blank = State(
            options=self.options,
            seed=seed,
            deal=0,
            starter=0,
            turn=0,
            phase=Phase.DISCARD,
            hands=((),) * n,
            stock=(),
            known=((),) * n,
            points=(0,) * n,
        )
        return _deal(blank, 0, 0)  # C51-2.4: seat 0 starts the first hand

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """Knock with 51 or 44 and more, challenge with 44 and more, trade or
        swap when that beats the hand, otherwise draw; discard the least useful card.

        Examples:
            >>> game = Chinese51.create(players=2)
            >>> state = game.new_game(seed=1)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        moves = state.legal_moves()
        if not moves:
            raise OptionError("the game is over")
        phase = state.phase
        hand = state.hands[state.turn]
        now = best_suit_total(hand)
        knocks = [m for m in moves if getattr(m, "knock", False)]
        if knocks:
            return knocks[0]  # C51-5.8: go out with 51 whenever possible
        if phase is Phase.CHALLENGE:
            return CHALLENGE if now >= 44 else PASS
        if phase is Phase.DISCARD:
            discards = [m for m in moves if isinstance(m, Discard)]
            return max(discards, key=lambda m: best_suit_total([c for c in hand if c != m.card]))
        if now >= 44 and KNOCK in moves:
            return KNOCK
        best: tuple[int, Move] | None = None
        for move in moves:
            if isinstance(move, Trade):
                after = [c for c in hand if c not in move.give] + list(state.row)
            elif isinstance(move, Swap):
                after = [move.take if c == move.give else c for c in hand]
            else:
                continue
            value = best_suit_total(after)
            if best is None or value > best[0]:
                best = (value, move)
        if best is not None and (best[0] > now + 3 or DRAW not in moves):
            return best[1]
        return DRAW if DRAW in moves else moves[0]


# --------------------------------------------------------------------------- picture


def render(view: View) -> str:
    """The view of one seat as plain text for a person (``cardrules play --human``).

    Examples:
        >>> from cardrules import games
        >>> state = games.create("chinese51", players=2).new_game(seed=1)
        >>> print(render(state.view(0)))
        == Chinese 51: hand 1 ==
           seat    cards points
         > you (0) 6     0      starts
           seat 1  5     0
        row: -
        stock: 41 cards
        your hand: ... (6 cards), worth ...
        your turn: discard a card to the row (yes = knock with it)
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

    n = len(view.hand_sizes)
    marks = {"starts": view.starter, "knocked": view.caller, "challenges": view.challengers}
    notes = seat_notes(n, marks, known=view.known)
    doing = {
        Phase.DISCARD: "discard a card to the row (yes = knock with it)",
        Phase.TURN: "knock, draw, trade with the row or swap with a full row",
        Phase.CHALLENGE: "challenge the caller or pass",
    }.get(view.phase, "")
    stock = f"stock: {count_text(view.stock_size)}"
    if view.aside:
        stock += f"; set aside: {count_text(len(view.aside))}"
    return frame(
        f"Chinese 51: hand {view.deal + 1}",
        seat_table(view.seat, view.turn, {"cards": view.hand_sizes, "points": view.points}, notes),
        f"row: {cards_text(view.row)}",
        stock,
        f"{hand_line(view.hand)}, worth {best_suit_total(view.hand)}" if view.hand else None,
        turn_line(view.turn, view.seat, doing if view.turn == view.seat else ""),
    )
