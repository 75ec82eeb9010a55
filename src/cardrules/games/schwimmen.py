"""Schwimmen: Thirty-One played by exchanging cards with a face-up widow.

Rules digest: ``seeds/schwimmen.md`` (clauses ``SCH-*``). A whole game is
played by default: deals until one player is left; ``deals=1`` is one deal.
Stop the Bus ([`cardrules.games.stop_the_bus`][cardrules.games.stop_the_bus]) is this game with
another
hand ranking; it overrides only the hooks marked below.

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import schwimmen
    >>> schwimmen.hand_value(parse_cards("Ac Kc 9c")), schwimmen.hand_value(parse_cards("8h 8s 8d"))
    (30, 30.5)
    >>> game = games.create("schwimmen", players=3, deals=1)
    >>> state = game.new_game(seed=4)
    >>> " / ".join(str(m) for m in state.legal_moves())
    'keep / takewidow'
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, TypeVar, cast

import attrs

from cardrules import hands
from cardrules.cards import Card, Rank, Suit
from cardrules.decks import Deck, piquet, standard
from cardrules.engine import (
    EMPTY_HISTORY,
    Game,
    GameState,
    GameView,
    History,
    Move,
    Unseen,
    make_view,
    next_seat,
    option,
    redeal_hidden,
    replace_at,
    seat_lines,
    seats_check,
    shuffled,
)
from cardrules.errors import IllegalMoveError, InvalidCardError, InvalidStateError, OptionError
from cardrules.games._family31 import lose_tokens, next_turn, tokens_lost
from cardrules.hands import suit_totals

__all__ = [
    "DealResult",
    "End",
    "Exchange",
    "ExchangeAll",
    "ExchangeAllKnock",
    "ExchangeKnock",
    "Keep",
    "Knock",
    "Options",
    "Pass",
    "Phase",
    "Schwimmen",
    "State",
    "TakeWidow",
    "View",
    "check_hand",
    "deal_losses",
    "hand_key",
    "hand_mask",
    "hand_value",
]

HAND_SIZE = 3

# --------------------------------------------------------------------------- options


@attrs.frozen
class Options:
    """Schwimmen options (see ``seeds/schwimmen.md``)."""

    players: int = option(4, doc="number of seats (SCH-1.1)", minimum=2, maximum=9)
    deals: int | None = option(
        None, kind=int, optional=True, minimum=1, doc="stop after this many deals (SCH-8.1)"
    )
    tokens: int = option(3, doc="tokens each player starts with (SCH-1.3)", minimum=1, maximum=9)
    full_pack: bool = option(False, doc="play with the 52-card pack, not the 32-card one (SCH-1.2)")
    knock_after_exchange: bool = option(
        True, doc="a player may knock at the end of a turn on which he exchanged (SCH-5.1)"
    )
    passing: bool = option(True, doc="a player may pass, exchanging nothing, on his turn (SCH-4.6)")
    swimming: bool = option(
        True, doc="a player who loses his last token swims on until he loses again (SCH-7.4)"
    )


_FULL = standard()
# The same card objects in both packs (and in the move table below), so that
# lookups in play find cards by identity, the fastest way.
_PIQUET = Deck(piquet().name, tuple(c for c in _FULL.cards if c in set(piquet().cards)))


def _pack(full_pack: bool) -> Deck:
    return _FULL if full_pack else _PIQUET


def check_hand(cards: Sequence[Card], deck: Deck, game: str) -> None:
    """Refuse anything but three distinct cards of ``deck``
    ([`cardrules.hands.check_hand`][cardrules.hands.check_hand] for a hand of three).

    Raises:
        InvalidCardError: the wrong number of cards, a card twice, or a card
            that is not in the pack (the message names it).

    Examples:
        >>> from cardrules import parse_cards
        >>> check_hand(parse_cards("6h 7h 8h"), piquet(), "Schwimmen")
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: ... 6h is not in the piquet32 pack
    """
    hands.check_hand(cards, HAND_SIZE, f"a {game} hand", pack=deck)


# --------------------------------------------------------------------------- hand values

# SCH-6.3: equal totals are ranked by the suit of the cards counted.
_SUIT_ORDER = {Suit.CLUBS: 3, Suit.SPADES: 2, Suit.HEARTS: 1, Suit.DIAMONDS: 0}
_FIRE = 64  # three aces: 32 points, as twice the value
_THIRTY_ONE = 62  # 31 in one suit
_TRIPS = 61  # three of a kind: 30.5 points


def hand_value(cards: Sequence[Card], *, full_pack: bool = False) -> float:
    """The value of a Schwimmen hand: 32 for three aces, 30.5 for three of a
    kind, else the best points total of one suit (SCH-3).

    Args:
        cards: three distinct cards of the pack in play.
        full_pack: whether the 52-card pack is in play (SCH-1.2).

    Raises:
        InvalidCardError: not three distinct cards of the pack in play.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_value(parse_cards("As Ah Ad")), hand_value(parse_cards("Qh Th Jd"))
        (32, 20)
        >>> hand_value(parse_cards("2c 3c 4c"))
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: a Schwimmen hand cannot hold 2c: 2c is not in the ...
    """
    check_hand(cards, _pack(full_pack), "Schwimmen")
    doubled = _key(tuple(cards))[0]
    return doubled // 2 if doubled % 2 == 0 else doubled / 2


def hand_key(cards: Sequence[Card], *, full_pack: bool = False) -> tuple[int, int]:
    """A sort key ranking Schwimmen hands at the showdown; bigger is better.

    The first item is twice the hand value; the second breaks ties (SCH-6.3):
    the rank of a three of a kind, or else the best suit among those giving
    the total (clubs 3, spades 2, hearts 1, diamonds 0). Equal keys tie.

    Raises:
        InvalidCardError: not three distinct cards of the pack in play.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_key(parse_cards("Kc 7d 8h")), hand_key(parse_cards("Ks 7d 8h"))
        ((20, 3), (20, 2))
    """
    check_hand(cards, _pack(full_pack), "Schwimmen")
    return _key(tuple(cards))


def deal_losses(
    hands: Sequence[Sequence[Card]],
    *,
    end: End | str = "knock",
    alive: Sequence[bool] | None = None,
    tokens: Sequence[int] | None = None,
    swimming: bool = True,
    full_pack: bool = False,
) -> tuple[int, ...]:
    """Tokens each seat loses for a finished deal, from the final hands: settle a deal
    played at a real table without playing it here.

    Args:
        hands: every seat's final three cards (a seat out of the game: any, or none).
        end: ``"knock"`` or ``"thirty_one"`` (the showdown: the lowest hand loses one,
            equal lowest hands all lose one, SCH-6.2 to SCH-6.4), ``"three_aces"``
            (every other seat in the deal loses one, SCH-6.1) or ``"draw"`` (nobody).
        alive: per seat, whether it is still in the game (default: all).
        tokens: tokens each seat holds before the deal; with them, a tie that would
            leave nobody in the game makes the deal void, nobody losing (SCH-7.3).
        swimming: the ``swimming`` option (SCH-7.4), used with ``tokens``.
        full_pack: the hands are of the 52-card pack (SCH-1.2).

    Raises:
        InvalidCardError: a hand is not three distinct cards of the pack, or a card is
            in two hands.
        OptionError: an unknown ``end``, three aces that nobody holds, or ``alive``
            or ``tokens`` of the wrong length.

    Examples:
        >>> from cardrules import parse_cards
        >>> hands = [parse_cards(t) for t in ("Kc 7d 8h", "Ks 7c 8d", "Ac Ah 7s")]
        >>> deal_losses(hands)  # 10 in clubs beats 10 in spades (SCH-6.3)
        (0, 1, 0)
        >>> deal_losses([parse_cards("Ac As Ah"), *hands[:2]], end="three_aces")
        (0, 1, 1)
    """
    how = end.value if isinstance(end, End) else end
    if how not in ("knock", "thirty_one", "three_aces", "draw"):
        raise OptionError(f"end must be knock, thirty_one, three_aces or draw, got {end!r:.40}")
    keys, flags = showdown_keys(hands, alive, lambda h: hand_key(h, full_pack=full_pack))
    live = list(keys)
    losers: list[int] = []
    if how == "three_aces":
        holders = [i for i in live if keys[i][0] == _FIRE]
        if not holders:
            raise OptionError("nobody in the game holds three aces")
        losers = [i for i in live if i != holders[0]]  # SCH-6.1
    elif how != "draw" and live:
        low = min(keys.values())
        losers = [i for i in live if keys[i] == low]  # SCH-6.2 to SCH-6.4
    losses = tuple(1 if i in losers else 0 for i in range(len(hands)))
    return void_if_nobody_left(losses, flags, tokens, swimming=swimming)


K = TypeVar("K")


def showdown_keys(
    hands: Sequence[Sequence[Card]],
    alive: Sequence[bool] | None,
    key: Callable[[Sequence[Card]], K],
) -> tuple[dict[int, K], tuple[bool, ...]]:
    """The showdown key of every hand still in the game (by seat), and who is in: the
    argument checks shared by the standalone settlements of the Schwimmen family.

    Raises:
        InvalidCardError: ``hands`` is no sequence of hands, or a card is in two hands
            (``key`` raises for a bad hand).
        OptionError: ``alive`` of the wrong length.
    """
    if isinstance(hands, (str, Card)) or not isinstance(hands, Sequence):
        raise InvalidCardError(f"hands must be a sequence of hands, got {hands!r:.60}")
    players = len(hands)
    flags = tuple(alive) if alive is not None else (True,) * players
    if len(flags) != players or not all(isinstance(a, bool) for a in flags):
        raise OptionError(f"alive must be {players} booleans, one per seat")
    seen: set[Card] = set()
    keys: dict[int, K] = {}
    for i in range(players):
        if not flags[i]:
            continue
        keys[i] = key(hands[i])
        if seen & set(hands[i]):
            raise InvalidCardError(f"{sorted(seen & set(hands[i]))[0]} is in two hands")
        seen.update(hands[i])
    return keys, flags


def void_if_nobody_left(
    losses: tuple[int, ...],
    alive: tuple[bool, ...],
    tokens: Sequence[int] | None,
    *,
    swimming: bool,
) -> tuple[int, ...]:
    """``losses``, or none when they would leave nobody in the game (SCH-7.3); without
    ``tokens`` the losses stand.

    Raises:
        OptionError: ``tokens`` of the wrong length.
    """
    if tokens is None:
        return losses
    if len(tokens) != len(losses):
        raise OptionError(f"tokens must be {len(losses)} counts, one per seat")
    left, still = lose_tokens(tokens, alive, losses)
    if not swimming:
        still = tuple(a and t > 0 for a, t in zip(still, left, strict=True))
    if not any(still):  # SCH-7.3: a tie that would leave nobody in: void
        return (0,) * len(losses)
    return losses


def hand_mask(hand: Sequence[Card]) -> int:
    """A number naming a set of natural cards, whatever their order (one bit a card).

    Raises:
        InvalidCardError: something in ``hand`` is not a natural card.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_mask(parse_cards("2c 3c")) == hand_mask(parse_cards("3c 2c")) == 0b11
        True
    """
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
        raise InvalidCardError(f"expected cards, got {hand!r:.40}")
    mask = 0
    for card in hand:
        bit = _BITS.get(card) if isinstance(card, Card) else None
        if bit is None:
            raise InvalidCardError(f"expected a natural card, got {card!r}")
        mask |= bit
    return mask


_BITS = {card: 1 << card.code for card in _FULL.cards}
_KEYS: dict[int, tuple[int, int]] = {}


def _key(hand: tuple[Card, ...]) -> tuple[int, int]:
    mask = _BITS[hand[0]] | _BITS[hand[1]] | _BITS[hand[2]]
    key = _KEYS.get(mask)
    if key is not None:
        return key
    a, b, c = hand
    if a.rank == b.rank == c.rank:
        key = (_FIRE if a.rank == Rank.ACE else _TRIPS, int(a.rank))
    else:
        totals = suit_totals(hand)
        best = max(totals.values())
        key = (2 * best, max(_SUIT_ORDER[s] for s, t in totals.items() if t == best))
    _KEYS[mask] = key  # at most 22,100 hands of three
    return key


# --------------------------------------------------------------------------- moves


@attrs.frozen
class Keep(Move):
    """The dealer keeps the hand he was dealt (SCH-2.3)."""

    NAME: ClassVar[str] = "keep"


@attrs.frozen
class TakeWidow(Move):
    """The dealer trades his hand for the unseen widow (SCH-2.3)."""

    NAME: ClassVar[str] = "takewidow"


@attrs.frozen
class Exchange(Move):
    """Give one card of the hand to the widow and take one widow card (SCH-4.2)."""

    NAME: ClassVar[str] = "exchange"
    give: Card
    take: Card


@attrs.frozen
class ExchangeAll(Move):
    """Trade the whole hand for the whole widow (SCH-4.2)."""

    NAME: ClassVar[str] = "exchangeall"


@attrs.frozen
class ExchangeKnock(Move):
    """Exchange one card as `Exchange`, then knock to end the turn (SCH-5.1)."""

    NAME: ClassVar[str] = "exchangeknock"
    give: Card
    take: Card


@attrs.frozen
class ExchangeAllKnock(Move):
    """Trade the whole hand for the widow, then knock to end the turn (SCH-5.1)."""

    NAME: ClassVar[str] = "exchangeallknock"


@attrs.frozen
class Pass(Move):
    """Exchange nothing this turn (SCH-4.3)."""

    NAME: ClassVar[str] = "pass"


@attrs.frozen
class Knock(Move):
    """Knock without exchanging: every other player gets one last turn (SCH-5.1)."""

    NAME: ClassVar[str] = "knock"


KEEP = Keep()
TAKE_WIDOW = TakeWidow()
EXCHANGE_ALL = ExchangeAll()
EXCHANGE_ALL_KNOCK = ExchangeAllKnock()
PASS = Pass()
KNOCK = Knock()
# Every exchange of the 52-card pack, made once: legal_moves() only looks them up.
_EXCHANGES: dict[Card, dict[Card, Exchange]] = {
    give: {take: Exchange(give, take) for take in _FULL.cards} for give in _FULL.cards
}
_EXCHANGE_KNOCKS: dict[Card, dict[Card, ExchangeKnock]] = {
    give: {take: ExchangeKnock(give, take) for take in _FULL.cards} for give in _FULL.cards
}


# --------------------------------------------------------------------------- state


class Phase(enum.Enum):
    """What the player to move must do."""

    CHOOSE = "choose"  # the dealer keeps his hand or takes the widow
    TURN = "turn"  # exchange, pass or knock
    OVER = "over"  # the game is over


class End(enum.Enum):
    """How a deal ended."""

    KNOCK = "knock"
    THIRTY_ONE = "thirty_one"
    THREE_ACES = "three_aces"
    DRAW = "draw"


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of a finished deal: hands shown, tokens lost.

    ``caller`` is the seat whose special hand ended the deal; ``void`` says
    that the showdown decided nothing, so nobody lost a token: the players
    still in all tied for the lowest hand and would all have dropped out
    (SCH-7.3), or, in Stop the Bus, the best hand was tied (STB-5.3).
    """

    deal: int
    end: End
    hands: tuple[tuple[Card, ...], ...]
    knocker: int | None
    caller: int | None
    losses: tuple[int, ...]
    void: bool = False

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: how the deal ended, the hands shown, the tokens lost."""
        how = {
            End.KNOCK: f"seat {self.knocker} knocked",
            End.THIRTY_ONE: f"seat {self.caller} holds 31",
            End.THREE_ACES: f"seat {self.caller} holds three aces",
        }.get(self.end, "a draw")
        lines = [f"  deal {self.deal + 1} ends: {how}"]
        lines += seat_lines(self.hands, tokens_lost=self.losses)
        if self.void:
            lines.append("    every player still in ties for lowest: nobody loses a token")
        return tuple(lines)


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (SCH-8.4)."""

    seat: int
    options: Options
    deal: int
    dealer: int
    turn: int | None
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    widow: tuple[Card, ...]
    stock_size: int
    dead: tuple[Card, ...]
    tokens: tuple[int, ...]
    alive: tuple[bool, ...]
    knocker: int | None
    passes: int
    last_deal: DealResult | None
    history: History


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A Schwimmen game in progress. The stock's top is its last card."""

    GAME: ClassVar[str] = "schwimmen"
    MOVES: ClassVar[tuple[type[Move], ...]] = (
        Keep,
        TakeWidow,
        Exchange,
        ExchangeAll,
        Pass,
        Knock,
        ExchangeKnock,
        ExchangeAllKnock,
    )
    OVER: ClassVar[Phase] = Phase.OVER  # the game is over (SCH-7.2, SCH-8.1)
    PILES: ClassVar[tuple[str, ...]] = ("widow", "stock", "dead")  # beside the hands

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    widow: tuple[Card, ...]
    stock: tuple[Card, ...]
    dead: tuple[Card, ...] = ()
    tokens: tuple[int, ...]
    alive: tuple[bool, ...]
    knocker: int | None = None
    passes: int = 0
    known: tuple[tuple[Card, ...], ...]
    last_deal: DealResult | None = None

    # ---- hooks Stop the Bus replaces ---------------------------------------------

    def hand_order(self, hand: tuple[Card, ...]) -> tuple[int, ...]:
        """The showdown key of a hand under these rules; bigger is better (SCH-6).

        Examples:
            >>> from cardrules import games, parse_cards
            >>> state = games.create("schwimmen").new_game(seed=1)
            >>> state.hand_order(parse_cards("Kh Qs 9d"))
            (20, 2)
        """
        return _key(hand)

    def special(self, hand: tuple[Card, ...]) -> End | None:
        """The special hand that ends the deal at once, if ``hand`` is one (SCH-5.3).

        Examples:
            >>> from cardrules import games, parse_cards
            >>> state = games.create("schwimmen").new_game(seed=1)
            >>> state.special(parse_cards("Ac Ad Ah")), state.special(parse_cards("Ac Kc Tc"))
            (<End.THREE_ACES: 'three_aces'>, <End.THIRTY_ONE: 'thirty_one'>)
        """
        first = _key(hand)[0]
        if first == _FIRE:
            return End.THREE_ACES
        if first == _THIRTY_ONE:
            return End.THIRTY_ONE
        return None

    def showdown_losers(self, live: Sequence[int]) -> tuple[tuple[int, ...], bool]:
        """Who loses a token when the hands of the seats ``live`` are compared
        (SCH-6.2 to SCH-6.4), and whether the deal is void (never, in Schwimmen,
        by this hook: the deal applies SCH-7.3, a tie that would leave nobody
        in the game, itself).

        Examples:
            >>> import attrs
            >>> from cardrules import games, parse_cards
            >>> state = games.create("schwimmen", players=2).new_game(seed=1)
            >>> hands = (parse_cards("Kc 7d 8h"), parse_cards("Ks 7c 8d"))
            >>> attrs.evolve(state, hands=hands).showdown_losers([0, 1])
            ((1,), False)
        """
        keys = [self.hand_order(self.hands[i]) for i in live]
        low = min(keys)
        return tuple(i for i, k in zip(live, keys, strict=True) if k == low), False

    # ---- protocol -------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Tokens lost per seat; an out player counts his tokens plus one (SCH-8.2)."""
        return tokens_lost(self.options.tokens, self.tokens, self.alive)

    @property
    def winner(self) -> tuple[int, ...]:
        """The seats that won: the last one in, or the fewest tokens lost (SCH-8.2)."""
        if not self.is_terminal:
            return ()
        scores = self.scores
        low = min(scores)
        return tuple(i for i, s in enumerate(scores) if s == low)

    def deck(self) -> Deck:
        """The 32-card pack, or the 52-card pack with ``full_pack`` (SCH-1.2)."""
        return _pack(self.options.full_pack)

    def _generate_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase is Phase.TURN:
            a, b, c = self.widow
            x, y, z = (_EXCHANGES[give] for give in self.hands[self.turn])
            swaps = (x[a], x[b], x[c], y[a], y[b], y[c], z[a], z[b], z[c])
            passing = self.options.passing
            if self.knocker is not None:  # SCH-5.1: the last turns after a knock
                return (PASS, EXCHANGE_ALL, *swaps) if passing else (EXCHANGE_ALL, *swaps)
            if not self.options.knock_after_exchange:
                if passing:
                    return (KNOCK, PASS, EXCHANGE_ALL, *swaps)
                return (KNOCK, EXCHANGE_ALL, *swaps)  # SCH-4.6: a knock is the whole turn
            p, q, r = (_EXCHANGE_KNOCKS[give] for give in self.hands[self.turn])
            knocks = (p[a], p[b], p[c], q[a], q[b], q[c], r[a], r[b], r[c])
            if not passing:  # SCH-4.6: no pass, so no knock without an exchange
                return (EXCHANGE_ALL, *swaps, EXCHANGE_ALL_KNOCK, *knocks)
            return (KNOCK, PASS, EXCHANGE_ALL, *swaps, EXCHANGE_ALL_KNOCK, *knocks)
        if phase is Phase.CHOOSE:
            return (KEEP, TAKE_WIDOW)
        return ()

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now."""
        if self.phase is Phase.CHOOSE:
            return f"the dealer (seat {self.dealer}) must first keep his hand or take the widow"
        if isinstance(move, (Keep, TakeWidow)):
            return "only the dealer chooses, once, before the first turn (SCH-2.3)"
        knocks = isinstance(move, (Knock, ExchangeKnock, ExchangeAllKnock))
        if knocks and self.knocker is not None:
            return f"seat {self.knocker} has already knocked (SCH-5.1)"
        if knocks and not isinstance(move, Knock) and not self.options.knock_after_exchange:
            return "knocking ends a turn without an exchange here (knock_after_exchange=False)"
        if isinstance(move, (Pass, Knock)) and not self.options.passing:
            return (
                "every turn exchanges one card or three here: no passing (passing=False, SCH-4.6)"
            )
        if isinstance(move, (Exchange, ExchangeKnock)):
            if move.give not in self.hands[self.turn]:
                return f"{move.give} is not in the hand of seat {self.turn}"
            return f"{move.take} is not in the widow"
        return super().explain(move)

    def _next(self, move: Move) -> State:
        seat = self.turn
        if isinstance(move, (Exchange, ExchangeKnock)):
            hand = self.hands[seat]
            hand = replace_at(hand, hand.index(move.give), move.take)
            widow = replace_at(self.widow, self.widow.index(move.take), move.give)
            known = list(self.known[seat])
            if move.give in known:
                known.remove(move.give)
            knock = isinstance(move, ExchangeKnock)
            return self._exchanged(hand, widow, (*known, move.take), knock)
        if isinstance(move, (ExchangeAll, ExchangeAllKnock)):
            knock = isinstance(move, ExchangeAllKnock)
            return self._exchanged(self.widow, self.hands[seat], self.widow, knock)
        if isinstance(move, Pass):
            passes = self.passes + 1
            if passes < sum(self.alive):
                return self._pass_turn(passes=passes)
            if len(self.stock) < HAND_SIZE:  # SCH-4.5
                return self._replace(passes=passes)._end_deal(End.DRAW)
            return self._pass_turn(  # SCH-4.4
                passes=0,
                dead=(*self.dead, *self.widow),
                widow=self.stock[-HAND_SIZE:],
                stock=self.stock[:-HAND_SIZE],
            )
        if isinstance(move, Knock):
            return self._pass_turn(knocker=seat, passes=0)
        hands, widow = self.hands, self.widow
        if isinstance(move, TakeWidow):
            hands, widow = replace_at(hands, seat, widow), hands[seat]
        state = self._replace(
            phase=Phase.TURN,
            hands=hands,
            widow=widow,
            turn=next_seat(self.alive, seat),
        )
        dealt = [(state.special(state.hands[i]), i) for i in _order(self.alive, self.dealer)]
        for wanted in (End.THREE_ACES, End.THIRTY_ONE):  # SCH-5.4: special hands dealt
            for end, i in dealt:
                if end is wanted:
                    return state._end_deal(end, caller=i)
        return state

    # ---- rules helpers -------------------------------------------------------------

    def _exchanged(
        self,
        hand: tuple[Card, ...],
        widow: tuple[Card, ...],
        known: tuple[Card, ...],
        knock: bool,
    ) -> State:
        """Apply an exchange; a special hand ends the deal before any knock
        counts (SCH-5.3), else a knock made with it takes effect (SCH-5.1)."""
        seat = self.turn
        changes: dict[str, Any] = {
            "hands": replace_at(self.hands, seat, hand),
            "widow": widow,
            "known": replace_at(self.known, seat, known),
            "passes": 0,
        }
        end = self.special(hand)
        if end is not None:  # SCH-5.3
            return self._replace(**changes)._end_deal(end, caller=seat)
        if knock:
            changes["knocker"] = seat
        return self._pass_turn(**changes)

    def _pass_turn(self, **changes: Any) -> State:
        """Apply ``changes`` and give the turn on, or show hands after a knock."""
        knocker = changes.get("knocker", self.knocker)
        nxt = next_turn(self.alive, self.turn, knocker)
        if nxt is None:
            return self._replace(**changes)._end_deal(End.KNOCK)  # SCH-5.2
        return self._replace(turn=nxt, **changes)

    def _end_deal(self, end: End, caller: int | None = None) -> State:
        players = self.options.players
        live = [i for i in range(players) if self.alive[i]]
        losers: tuple[int, ...] = ()
        void = False
        if end is End.THREE_ACES:
            losers = tuple(i for i in live if i != caller)  # SCH-6.1
        elif end is not End.DRAW:
            losers, void = self.showdown_losers(live)  # SCH-6.2 to SCH-6.4
        losses = tuple(1 if i in losers else 0 for i in range(players))
        tokens, alive = lose_tokens(self.tokens, self.alive, losses)
        if not self.options.swimming:  # SCH-7.4: the last token lost, out at once
            alive = tuple(a and t > 0 for a, t in zip(alive, tokens, strict=True))
        if not any(alive):  # SCH-7.3: the last players all tied lowest; play again
            losses, tokens, alive, void = (0,) * players, self.tokens, self.alive, True
        result = DealResult(
            deal=self.deal,
            end=end,
            hands=self.hands,
            knocker=self.knocker,
            caller=caller,
            losses=losses,
            void=void,
        )
        state = self._replace(tokens=tokens, alive=alive, last_deal=result)
        limit = self.options.deals
        if sum(alive) <= 1 or (limit is not None and self.deal + 1 >= limit):
            return state._replace(phase=Phase.OVER, known=self.hands)  # all shown
        return _deal(state, self.deal + 1, next_seat(alive, self.dealer))

    # ---- views ---------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know (SCH-8.4)."""
        return make_view(View, self, seat, widow=() if self.phase is Phase.CHOOSE else self.widow)

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal the cards ``seat`` cannot see again, and pick a new seed."""
        seats_check(self.options.players, seat)
        hidden = self.phase is Phase.CHOOSE  # the widow is face down until the choice
        piles: tuple[tuple[Card, ...], ...] = (self.stock, self.widow) if hidden else (self.stock,)
        hands, dealt = redeal_hidden(rng, self.hands, seat, known=self.known, piles=piles)
        return self._replace(
            hands=hands,
            stock=dealt[0],
            widow=dealt[1] if hidden else self.widow,
            seed=rng.getrandbits(63),
        )

    def _check(self) -> None:
        n = self.options.players
        for name in ("hands", "tokens", "alive", "known"):
            if len(getattr(self, name)) != n:
                raise InvalidStateError(f"{name} has {len(getattr(self, name))} seats, not {n}")
        for seat in (self.turn, self.dealer, self.knocker):
            if seat is not None and not 0 <= seat < n:
                raise InvalidStateError(f"seat {seat} does not exist with {n} players")
        if not all(0 <= t <= self.options.tokens for t in self.tokens):
            raise InvalidStateError(f"token counts {self.tokens} are out of range")
        if any(len(set(h)) != len(h) for h in self.hands):
            raise InvalidStateError("a hand holds the same card twice")
        if len(self.widow) != HAND_SIZE:
            raise InvalidStateError(f"the widow holds {len(self.widow)} cards, not 3")
        for i, known in enumerate(self.known):
            if not set(known) <= set(self.hands[i]):
                raise InvalidStateError(f"seat {i} is said to hold cards it does not hold")
        if self.phase is Phase.OVER:
            return
        for i, hand in enumerate(self.hands):
            if len(hand) != (HAND_SIZE if self.alive[i] else 0):
                raise InvalidStateError(f"seat {i} holds {len(hand)} cards")
        if not self.alive[self.turn] or not 0 <= self.passes < sum(self.alive):
            raise InvalidStateError(f"seat {self.turn} cannot be to move after {self.passes}")
        if self.phase is Phase.CHOOSE and (self.turn != self.dealer or self.knocker is not None):
            raise InvalidStateError("only the dealer chooses, before anyone has played")


def _knock_with(move: Move) -> Move:
    """The exchange ``move`` made with a knock (SCH-5.1)."""
    if isinstance(move, Exchange):
        return _EXCHANGE_KNOCKS[move.give][move.take]
    return EXCHANGE_ALL_KNOCK


def _order(alive: tuple[bool, ...], dealer: int) -> list[int]:
    """Seats still in, clockwise from the dealer's left (the dealer last)."""
    n = len(alive)
    return [s for s in ((dealer + k) % n for k in range(1, n + 1)) if alive[s]]


def _deal(state: State, number: int, dealer: int) -> State:
    """Deal deal ``number`` (SCH-2.1, SCH-2.2): three cards each and a widow."""
    cards = shuffled(state, state.deck().cards, "deal", number)
    players = state.options.players
    hands: list[tuple[Card, ...]] = [()] * players
    for i in _order(state.alive, dealer):
        hands[i] = tuple(cards[-HAND_SIZE:])  # a shuffled pack: three at once is as fair
        del cards[-HAND_SIZE:]
    widow = tuple(cards[-HAND_SIZE:])
    del cards[-HAND_SIZE:]
    return state._replace(
        deal=number,
        dealer=dealer,
        turn=dealer,
        phase=Phase.CHOOSE,
        hands=tuple(hands),
        widow=widow,
        stock=tuple(cards),
        dead=(),
        knocker=None,
        passes=0,
        known=((),) * players,
    )


@attrs.frozen
class Schwimmen(Game[State, Options]):
    """Schwimmen under fixed options.

    Examples:
        >>> game = Schwimmen.create(players=2, deals=1)
        >>> state = game.new_game(seed=3)
        >>> state = state.apply(state.legal_moves()[0])  # the dealer keeps his hand
        >>> state.apply(state.legal_moves()[0]).knocker  # seat 1, on the dealer's left, knocks
        1
    """

    NAME: ClassVar[str] = "schwimmen"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Schwimmen: exchange with a widow for 31, three aces win; 3 tokens"
    HIGHER_IS_BETTER: ClassVar[bool] = False

    def _sample_fields(self, view: Any, rng: random.Random) -> dict[str, Any]:
        """The widow lies face down until the dealer chooses (SCH-8.4)."""
        return {"widow": Unseen(HAND_SIZE)} if view.phase is Phase.CHOOSE else {}

    def _new_game(self, seed: int) -> State:
        n = self.options.players
        state_type = cast(type[State], self.STATE)
        blank = state_type(
            options=self.options,
            seed=seed,
            deal=0,
            dealer=0,
            turn=0,
            phase=Phase.CHOOSE,
            hands=((),) * n,
            widow=(),
            stock=(),
            tokens=(self.options.tokens,) * n,
            alive=(True,) * n,
            known=((),) * n,
        )
        return _deal(blank, 0, 0)

    def keep_worthy(self, state: State, hand: tuple[Card, ...]) -> bool:
        """Whether the greedy dealer keeps his dealt hand (20 points or more).

        Examples:
            >>> from cardrules import parse_cards
            >>> game = Schwimmen.create()
            >>> game.keep_worthy(game.new_game(seed=1), parse_cards("Ac 9c 7d"))
            True
        """
        return state.hand_order(hand) >= (40, 0)

    def knock_worthy(self, state: State, hand: tuple[Card, ...]) -> bool:
        """Whether the greedy player knocks holding ``hand`` (26 points or more).

        Examples:
            >>> from cardrules import parse_cards
            >>> game = Schwimmen.create()
            >>> game.knock_worthy(game.new_game(seed=1), parse_cards("Ac Kc 7d"))
            False
        """
        return state.hand_order(hand) >= (52, 0)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """Take a special hand when one is in reach, else make the exchange
        that improves the hand most (knocking with it when the new hand is
        good enough), else knock on a good hand, else pass.

        The dealer keeps a dealt hand that
        [`keep_worthy`][cardrules.games.schwimmen.Schwimmen.keep_worthy] or
        [`knock_worthy`][cardrules.games.schwimmen.Schwimmen.knock_worthy] likes, and otherwise
        takes the widow. Every
        exchange it makes improves its own hand, so greedy players cannot
        trade cards back and forth for ever.
        """
        moves = state.legal_moves()
        if not moves:
            raise IllegalMoveError(None, "the game is over")
        hand = state.hands[state.turn]
        if state.phase is Phase.CHOOSE:
            keep = self.keep_worthy(state, hand) or self.knock_worthy(state, hand)
            return KEEP if keep else TAKE_WIDOW
        now = state.hand_order(hand)
        best: Move = PASS
        best_key, best_hand = now, hand
        least_bad: tuple[tuple[int, ...], Move] | None = None
        for move in moves:
            if isinstance(move, Exchange):
                after = tuple(move.take if c == move.give else c for c in hand)
            elif isinstance(move, ExchangeAll):
                after = state.widow
            else:
                continue
            if state.special(after) is not None:
                return move
            key = state.hand_order(after)
            if key > best_key:
                best, best_key, best_hand = move, key, after
            if least_bad is None or key > least_bad[0]:
                least_bad = (key, move)
        if best is PASS and PASS not in moves and least_bad is not None:
            # SCH-4.6: no passing; no exchange helps, so knock (with the least
            # harmful exchange when a knock needs one): greedy deals still end.
            if KNOCK in moves:
                return KNOCK
            best = least_bad[1]
            knocked = _knock_with(best)
            return knocked if knocked in moves else best
        if best is not PASS and self.knock_worthy(state, best_hand):
            knocked = _knock_with(best)
            if knocked in moves:
                return knocked
        if KNOCK in moves and self.knock_worthy(state, hand):
            return KNOCK
        return best


# --------------------------------------------------------------------------- picture


def render(view: View) -> str:
    """The view of one seat as plain text for a person (``cardrules play --human``).

    Examples:
        >>> from cardrules import games
        >>> state = games.create("schwimmen", players=2).new_game(seed=1)
        >>> print(render(state.view(0)))
        == Schwimmen: deal 1 ==
           seat    cards tokens
         > you (0) 3     3      dealer
           seat 1  3     3
        widow: face down
        stock: 23 cards
        your hand: ... (3 cards), worth ...
        your turn: keep your hand or take the widow
    """
    worth = ""
    if len(view.hand) == 3:
        worth = f"{hand_value(view.hand, full_pack=view.options.full_pack):g}"
    return _picture("Schwimmen", view, worth)


def _picture(title: str, view: View, worth: str) -> str:
    """Schwimmen's picture; ``worth`` is the seat's hand value in the game's terms."""
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
    out = [i for i in range(n) if not view.alive[i]]
    swimming = [i for i in range(n) if view.alive[i] and view.tokens[i] == 0]
    notes = seat_notes(
        n,
        {"dealer": view.dealer, "knocked": view.knocker, "swimming": swimming, "out": out},
        known=view.known,
    )
    widow = cards_text(view.widow) if view.widow else "face down"
    mine = f"{hand_line(view.hand)}, worth {worth}" if view.hand else "your hand: none (out)"
    doing = "keep your hand or take the widow"
    if view.phase is Phase.TURN:
        doing = "exchange one or all cards with the widow, pass, or knock"
    return frame(
        f"{title}: deal {view.deal + 1}",
        seat_table(view.seat, view.turn, {"cards": view.hand_sizes, "tokens": view.tokens}, notes),
        f"widow: {widow}",
        f"stock: {count_text(view.stock_size)}"
        + (f"; put aside: {count_text(len(view.dead))}" if view.dead else ""),
        f"passes in a row: {view.passes}" if view.passes else None,
        mine,
        turn_line(view.turn, view.seat, doing if view.turn == view.seat else ""),
    )
