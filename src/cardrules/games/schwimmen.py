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

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from cardrules import hands
from cardrules.cards import Card, Rank, Suit
from cardrules.decks import Deck, piquet, standard
from cardrules.engine import (
    EMPTY_HISTORY,
    GameState,
    GameView,
    History,
    option,
)
from cardrules.errors import InvalidCardError, OptionError
from cardrules.games._family31 import showdown_keys, void_if_nobody_left
from cardrules.games._family31._widow import (
    EXCHANGE_ALL as EXCHANGE_ALL,
)
from cardrules.games._family31._widow import (
    EXCHANGE_ALL_KNOCK as EXCHANGE_ALL_KNOCK,
)
from cardrules.games._family31._widow import KEEP as KEEP
from cardrules.games._family31._widow import KNOCK as KNOCK
from cardrules.games._family31._widow import PASS as PASS
from cardrules.games._family31._widow import TAKE_WIDOW as TAKE_WIDOW
from cardrules.games._family31._widow import (
    DealResult,
    End,
    Exchange,
    ExchangeAll,
    ExchangeAllKnock,
    ExchangeKnock,
    Keep,
    Knock,
    Pass,
    Phase,
    TakeWidow,
    WidowTable,
)
from cardrules.games._family31._widow_game import WidowGame, widow_picture
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
    "score_hand",
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
    if not isinstance(deck, Deck):
        raise OptionError(f"deck must be a Deck, got {deck!r:.40}")
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


# --------------------------------------------------------------------------- state


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
class State(WidowTable):
    """A Schwimmen game in progress. The stock's top is its last card."""

    GAME: ClassVar[str] = "schwimmen"
    VIEW: ClassVar[type[Any]] = View

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
        a, b, c = hand
        if (a.suit != b.suit or b.suit != c.suit) and (a.rank != b.rank or b.rank != c.rank):
            return None  # neither one suit (31) nor three of a kind (three aces): no key needed
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
        hands = self.hands
        if self.__class__.hand_order is State.hand_order:  # Schwimmen's own: its keys at once
            keys: list[tuple[int, ...]] = [_key(hands[i]) for i in live]
        else:
            order = self.hand_order
            keys = [order(hands[i]) for i in live]
        low = min(keys)
        return tuple([i for i, k in zip(live, keys, strict=True) if k == low]), False

    # ---- protocol -------------------------------------------------------------------

    def deck(self) -> Deck:
        """The 32-card pack, or the 52-card pack with ``full_pack`` (SCH-1.2)."""
        return _pack(self.options.full_pack)


@attrs.frozen
class Schwimmen(WidowGame):
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
    return widow_picture("Schwimmen", view, worth)


score_hand = hand_value
"""The scoring vocabulary's name for what a hand is worth as this game scores it:
the same function as [`hand_value`][cardrules.games.schwimmen.hand_value]."""
