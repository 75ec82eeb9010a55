"""Thirty-One (Scat): three cards, one suit, knock or Blitz, three tokens.

Rules digest: ``seeds/thirty_one.md`` (clauses ``T31-*``). A whole game is
played by default: deals until one player is left; ``deals=1`` is one deal.

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import thirty_one
    >>> thirty_one.hand_value(parse_cards("Ah Kh 9h"))
    30
    >>> game = games.create("thirty_one", players=3, deals=1)
    >>> state = game.new_game(seed=11)
    >>> [str(m) for m in state.legal_moves()]
    ['knock', 'draw stock', 'draw discard']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Self

import attrs

from cardrules.cards import Card, Rank, format_cards
from cardrules.decks import Deck, standard
from cardrules.engine import (
    EMPTY_HISTORY,
    GameState,
    GameView,
    History,
    option,
    seats_check,
)
from cardrules.errors import InvalidCardError, OptionError
from cardrules.games._family31 import DRAW_DISCARD as DRAW_DISCARD
from cardrules.games._family31 import DRAW_STOCK as DRAW_STOCK
from cardrules.games._family31 import KNOCK as KNOCK
from cardrules.games._family31 import PASS as PASS
from cardrules.games._family31 import (
    Copiers,
    Discard,
    Draw,
    Knock,
    Pass,
    Source,
    lose_tokens,
)
from cardrules.games._family31._draw import (
    DrawGame,
    DrawTable,
    End,
    Phase,
    deal_draw,
    draw_picture,
)
from cardrules.hands import check_hand, suit_totals

__all__ = [
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
    "ThirtyOne",
    "View",
    "deal_losses",
    "hand_key",
    "hand_value",
    "score_hand",
    "tokens_after",
]

HAND_SIZE = 3
TRIPS_VALUES = (30, 30.5)

# --------------------------------------------------------------------------- options


@attrs.frozen
class Options:
    """Thirty-One options (see ``seeds/thirty_one.md``).

    Examples:
        >>> Options()  # doctest: +NORMALIZE_WHITESPACE
        Options(players=4, deals=None, tokens=3, three_of_a_kind=False, knock_first_round=True,
                three_of_a_kind_value=30)
    """

    players: int = option(4, doc="number of seats (T31-1.1)", minimum=2, maximum=9)
    deals: int | None = option(
        None, kind=int, optional=True, minimum=1, doc="stop after this many deals (T31-7.1)"
    )
    tokens: int = option(3, doc="tokens each player starts with (T31-1.3)", minimum=1, maximum=9)
    three_of_a_kind: bool = option(False, doc="three of a kind counts 30 (T31-3.3)")
    knock_first_round: bool = option(
        True, doc="knocking allowed before everyone has had a turn (T31-4.5)"
    )
    three_of_a_kind_value: int | float = option(
        30,
        kind=float,
        choices=TRIPS_VALUES,
        doc="what three of a kind counts with three_of_a_kind: 30 or 30.5 (T31-3.5)",
    )

    def __attrs_post_init__(self) -> None:
        check_trips(self.three_of_a_kind, self.three_of_a_kind_value)


def check_trips(three_of_a_kind: bool, value: float) -> None:
    """Refuse a three-of-a-kind value without the three-of-a-kind rule (T31-3.5).

    Raises:
        OptionError: ``value`` is not 30 or 30.5, or it is 30.5 while
            ``three_of_a_kind`` is off.

    Examples:
        >>> check_trips(False, 30.5)
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: three_of_a_kind_value=30.5 needs three_of_a_kind=True ...
    """
    if isinstance(value, bool) or value not in TRIPS_VALUES:
        raise OptionError(f"three_of_a_kind_value must be 30 or 30.5, got {value!r} (T31-3.5)")
    if value != 30 and not three_of_a_kind:
        raise OptionError(f"three_of_a_kind_value={value} needs three_of_a_kind=True (T31-3.5)")


def trips_of(options: Any) -> float:
    """What three of a kind counts under ``options``: 0 (no such rule), 30 or 30.5."""
    return options.three_of_a_kind_value if options.three_of_a_kind else 0


# --------------------------------------------------------------------------- hand values


def _check_hand(cards: Sequence[Card]) -> None:
    """Refuse anything but three distinct cards of the 52-card pack (T31-1.1)."""
    check_hand(cards, HAND_SIZE, "a Thirty-One hand")


def hand_value(
    cards: Sequence[Card], *, three_of_a_kind: bool = False, three_of_a_kind_value: float = 30
) -> int | float:
    """The value of a three-card hand: the best one-suit total (T31-3.1).

    Args:
        cards: exactly three distinct cards of the 52-card pack.
        three_of_a_kind: count three of a kind as 30 (T31-3.3).
        three_of_a_kind_value: what three of a kind counts with
            ``three_of_a_kind``: 30, or 30.5 (T31-3.5).

    Raises:
        InvalidCardError: not three distinct cards of the pack (a wrong count,
            a card twice, a joker or something that is not a card); the
            message names the problem.
        OptionError: a ``three_of_a_kind_value`` other than 30 or 30.5, or
            30.5 without ``three_of_a_kind``.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_value(parse_cards("Jc 4d 9s")), hand_value(parse_cards("9h 5h Kc"))
        (10, 14)
        >>> hand_value(parse_cards("7c 7d 7h"), three_of_a_kind=True)
        30
        >>> hand_value(parse_cards("7c 7d 7h"), three_of_a_kind=True, three_of_a_kind_value=30.5)
        30.5
        >>> hand_value(parse_cards("Ah Kh"))
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: a Thirty-One hand has 3 cards, got 2
    """
    _check_hand(cards)
    check_trips(three_of_a_kind, three_of_a_kind_value)
    return _value(cards, three_of_a_kind_value if three_of_a_kind else 0)


def _value(cards: Sequence[Card], trips: float) -> int | float:
    """The hand's value; ``trips`` is what three of a kind counts (0: no such rule)."""
    if len(cards) == 3:  # every hand in play: no dict, no checks (the cards are the pack's)
        a, b, c = cards
        try:
            pa, pb, pc = _POINTS[a[0]], _POINTS[b[0]], _POINTS[c[0]]
        except (KeyError, TypeError, IndexError):  # not cards of the pack: say so below
            return max(suit_totals(cards).values())
        sa, sb, sc = a[1], b[1], c[1]
        if sa == sb:
            return pa + pb + pc if sb == sc else max(pa + pb, pc)
        if sa == sc:
            return max(pa + pc, pb)
        if sb == sc:
            return max(pb + pc, pa)
        best = max(pa, pb, pc)
        if trips and a[0] == b[0] == c[0]:
            return max(best, trips)
        return best
    totals = suit_totals(cards)
    best = max(totals.values())
    if trips and len(totals) == 3:
        a, b, c = cards
        if a.rank == b.rank == c.rank:
            return max(best, trips)
    return best


def _losses(
    end: End,
    blitzers: Sequence[int],
    values: Sequence[int | float],
    live: Sequence[int],
    knocker: int | None,
) -> list[int]:
    """Tokens each seat loses for a deal that ended as ``end`` (T31-5.3, T31-6.1 to T31-6.3)."""
    losses = [0] * len(values)
    if end is End.BLITZ:
        for i in live:
            if i not in blitzers:
                losses[i] = 1  # T31-5.3
    elif end is End.KNOCK:
        low = min([values[i] for i in live])
        lowest = [i for i in live if values[i] == low]
        if knocker is not None and lowest == [knocker]:
            losses[knocker] = 2  # T31-6.3
        else:
            for i in lowest:
                if i != knocker:
                    losses[i] = 1  # T31-6.1, T31-6.2
    return losses


def deal_losses(
    hands: Sequence[Sequence[Card]],
    *,
    knocker: int | None = None,
    end: End | str = "knock",
    alive: Sequence[bool] | None = None,
    three_of_a_kind: bool = False,
    three_of_a_kind_value: float = 30,
) -> tuple[int, ...]:
    """Tokens each seat loses for a finished deal, from the final hands: settle a deal
    played at a real table without playing it here.

    Args:
        hands: every seat's final three cards (a seat out of the game: any three
            cards, or none).
        knocker: the seat that knocked (for ``end="knock"``).
        end: how the deal ended: ``"knock"``, ``"blitz"`` (someone showed 31
            before a knock: every seat in the game without 31 loses one,
            T31-5.3) or ``"stock_exhausted"`` (nobody loses, T31-5.4).
        alive: per seat, whether it is still in the game (default: all).
        three_of_a_kind: count three of a kind as 30 (T31-3.3).
        three_of_a_kind_value: 30 or 30.5 (T31-3.5).

    Returns:
        Per seat: 2 for a knocker alone lowest (T31-6.3), 1 for every other seat
        tied lowest (the knocker among them is spared, T31-6.1, T31-6.2), else 0.
        Apply them with `tokens_after`.

    Raises:
        InvalidCardError: a hand is not three distinct cards, or a card is in two hands.
        OptionError: a knocker that is no seat in the game, a blitz without 31,
            an unknown ``end``, or ``alive`` of the wrong length.

    Examples:
        >>> from cardrules import parse_cards
        >>> hands = [parse_cards(t) for t in ("Ah Kh 2c", "Qs Js 3d", "9c 8c 4h")]
        >>> deal_losses(hands, knocker=2)  # the knocker alone is lowest (17)
        (0, 0, 2)
        >>> deal_losses(hands, knocker=0)  # seat 2 is lowest
        (0, 0, 1)
        >>> deal_losses([parse_cards("Ah Kh Qh"), *hands[1:]], end="blitz")
        (0, 1, 1)
    """
    try:
        how = end if isinstance(end, End) else End(end)
    except ValueError:
        raise OptionError(f"end must be knock, blitz or stock_exhausted, got {end!r:.40}") from None
    if isinstance(hands, (str, Card)) or not isinstance(hands, Sequence):
        raise InvalidCardError(f"hands must be a sequence of hands, got {hands!r:.60}")
    players = len(hands)
    if not 2 <= players <= 9:
        raise OptionError(f"a deal has 2 to 9 hands, got {players}")
    if alive is not None and (isinstance(alive, (str, bytes)) or not isinstance(alive, Iterable)):
        raise OptionError(f"alive must be {players} booleans, one per seat")
    live_flags = tuple(alive) if alive is not None else (True,) * players
    if len(live_flags) != players or not all(isinstance(a, bool) for a in live_flags):
        raise OptionError(f"alive must be {players} booleans, one per seat")
    live = [i for i in range(players) if live_flags[i]]
    if not live:
        raise OptionError("no seat is in the game")
    check_trips(three_of_a_kind, three_of_a_kind_value)
    trips = three_of_a_kind_value if three_of_a_kind else 0
    seen: set[Card] = set()
    values: list[int | float] = [0] * players
    for i in live:
        _check_hand(hands[i])
        if seen & set(hands[i]):
            raise InvalidCardError(f"{format_cards(sorted(seen & set(hands[i])))} in two hands")
        seen.update(hands[i])
        values[i] = _value(hands[i], trips)
    blitzers = [i for i in live if values[i] == 31]
    if how is End.KNOCK and (
        not isinstance(knocker, int) or isinstance(knocker, bool) or knocker not in live
    ):
        raise OptionError(f"knocker must be a seat in the game, got {knocker!r:.20}")
    if how is End.BLITZ and not blitzers:
        raise OptionError("a blitz needs a hand of 31")
    return tuple(_losses(how, blitzers, values, live, knocker if how is End.KNOCK else None))


def tokens_after(
    tokens: Sequence[int], alive: Sequence[bool], losses: Sequence[int]
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Tokens and who is still in after a deal's losses (T31-6.4): a seat that loses
    its last token rides free until it loses again, then drops out.

    Raises:
        OptionError: the three are not sequences of one length, of whole numbers from
            0 (tokens, losses) and booleans (alive).

    Examples:
        >>> tokens_after((3, 1, 0), (True, True, True), (0, 2, 1))
        ((3, 0, 0), (True, False, False))
    """
    for name, values, kind in (
        ("tokens", tokens, int),
        ("alive", alive, bool),
        ("losses", losses, int),
    ):
        if (
            isinstance(values, (str, bytes))
            or not isinstance(values, Sequence)
            or len(values) != len(tokens)  # tokens is checked first
            or not all(type(v) is kind and v >= 0 for v in values)
        ):
            what = "booleans" if kind is bool else "whole numbers from 0"
            raise OptionError(f"{name} must be one of {what} per seat, got {values!r:.60}")
    return lose_tokens(tokens, alive, losses)


def hand_key(
    cards: Sequence[Card], *, three_of_a_kind: bool = False, three_of_a_kind_value: float = 30
) -> tuple[int | float, ...]:
    """A sort key ranking hands as T31-3.2 does: total, then the counted
    cards' ranks from the highest down. Bigger is better. With
    ``three_of_a_kind`` a three of a kind counts 30 (or
    ``three_of_a_kind_value``, 30.5, T31-3.5) and compares by its rank (T31-3.3).

    Raises:
        InvalidCardError: as [`hand_value`][cardrules.games.thirty_one.hand_value].

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_key(parse_cards("Kh Qs 2c")) > hand_key(parse_cards("Qh Jc 3d"))
        True
        >>> hand_key(parse_cards("8c 8d 8h"), three_of_a_kind=True)
        (30, 8, 8, 8)
    """
    _check_hand(cards)
    check_trips(three_of_a_kind, three_of_a_kind_value)
    return _key(cards, three_of_a_kind_value if three_of_a_kind else 0)


def _key(cards: Sequence[Card], trips: float) -> tuple[int | float, ...]:
    value = _value(cards, trips)
    a, b, c = cards
    if trips and a.rank == b.rank == c.rank and value == trips:
        rank = int(a.rank)
        return (trips, rank, rank, rank)
    # The cards by suit: one suit of three, a suit of two and one, or three of one each.
    ra, rb, rc = int(a[0]), int(b[0]), int(c[0])
    sa, sb, sc = a[1], b[1], c[1]
    if sa == sb == sc:
        return (value, *sorted((ra, rb, rc), reverse=True))
    if sa in (sb, sc) or sb == sc:
        x, y, z = (ra, rb, rc) if sa == sb else (ra, rc, rb) if sa == sc else (rb, rc, ra)
        pair: tuple[int | float, ...] = ()
        if _POINTS[x] + _POINTS[y] == value:
            pair = (value, x, y) if x >= y else (value, y, x)
        return max(pair, (value, z)) if _POINTS[z] == value else pair
    return (value, max(r for r in (ra, rb, rc) if _POINTS[r] == value))


# The points of each rank (T31-3.1): pips at face value, court cards 10, aces 11.
_POINTS: dict[int, int] = {r: min(r, 10) if r < Rank.ACE else 11 for r in range(2, Rank.ACE + 1)}


# --------------------------------------------------------------------------- state


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of a finished deal: hands shown, tokens lost.

    ``best`` is the seat with the best hand by T31-3.2 (``None`` for a drawn
    deal); ``losses`` are the tokens each seat lost in this deal.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("thirty_one", players=2, deals=1)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_moves()[0])
        >>> result = state.last_deal
        >>> result.end, result.knocker, sum(result.losses) > 0
        (<End.KNOCK: 'knock'>, 1, True)
    """

    deal: int
    end: End
    hands: tuple[tuple[Card, ...], ...]
    values: tuple[int | float, ...]
    knocker: int | None
    losses: tuple[int, ...]
    best: int | None


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (T31-7.4)."""

    seat: int
    options: Options
    deal: int
    dealer: int
    turn: int | None
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock_size: int
    tokens: tuple[int, ...]
    alive: tuple[bool, ...]
    knocker: int | None
    taken: Card | None
    turns: int  # turns played this deal: public, and it decides when knocking opens
    last_deal: DealResult | None
    history: History


@attrs.frozen(kw_only=True)
class State(DrawTable):
    """A Thirty-One game in progress. Stock and discard tops are the last items.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("thirty_one", players=3).new_game(seed=11)
        >>> state.dealer, state.turn, [len(h) for h in state.hands], len(state.discard)
        (0, 1, [3, 3, 3], 1)
    """

    GAME: ClassVar[str] = "thirty_one"
    DECK: ClassVar[Deck] = standard()  # the 52-card pack (T31-1.1); over at T31-6.6, T31-7.1
    VIEW: ClassVar[type[Any]] = View

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
    tokens: tuple[int, ...]
    alive: tuple[bool, ...]
    knocker: int | None = None
    taken: Card | None = None
    turns: int = 0
    known: tuple[tuple[Card, ...], ...]
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    def value_of(self, seat: int) -> int | float:
        """The value of a seat's hand (three cards; best three of four mid-turn).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=11)
            >>> state.value_of(0) == hand_value(state.hands[0])
            True
        """
        hand = self.hands[seats_check(self.options.players, seat)]
        trips = trips_of(self.options)
        if len(hand) == 4:
            return max(_value(hand[:i] + hand[i + 1 :], trips) for i in range(4))
        return _value(hand, trips) if hand else 0

    # ---- the hooks of the table ------------------------------------------------------

    _value = staticmethod(_value)
    _key = staticmethod(_key)

    def _trips(self) -> float:
        options = self.options  # trips_of, inlined: the table asks on every discard
        return options.three_of_a_kind_value if options.three_of_a_kind else 0

    def _settle(
        self,
        end: End,
        blitzers: tuple[int, ...],
        values: tuple[int | float, ...],
        best: int | None,
    ) -> Self:
        """Settle a finished deal: tokens lost (T31-5.3, T31-6) and the public result.

        The one step of the deal that No-Elimination Thirty-One replaces
        ([`cardrules.games.thirty_one_no_elimination`][cardrules.games.thirty_one_no_elimination]
        scores points instead).
        """
        alive = self.alive
        live = [i for i in range(self.options.players) if alive[i]]
        losses = _losses(end, blitzers, values, live, self.knocker)
        tokens, alive = lose_tokens(self.tokens, self.alive, losses)  # T31-6.4
        result = DealResult(
            deal=self.deal,
            end=end,
            hands=self.hands,
            values=values,
            knocker=self.knocker,
            losses=tuple(losses),
            best=best,
        )
        return _SETTLED[self.__class__](self, tokens, alive, result)  # type: ignore[no-any-return]


_SETTLED = Copiers(("tokens", "alive", "last_deal"))  # a deal settled
_deal = deal_draw
_DECK = standard()


@attrs.frozen
class ThirtyOne(DrawGame):
    """Thirty-One under fixed options.

    Examples:
        >>> game = ThirtyOne.create(players=2, deals=1)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_moves()[0])
        >>> state.last_deal.end
        <End.KNOCK: 'knock'>
    """

    NAME: ClassVar[str] = "thirty_one"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Thirty-One (Scat): knock or Blitz with 31 in one suit; 3 tokens"
    HIGHER_IS_BETTER: ClassVar[bool] = False


# --------------------------------------------------------------------------- picture


def render(view: View) -> str:
    """The view of one seat as plain text for a person (``cardrules play --human``).

    Examples:
        >>> from cardrules import games
        >>> state = games.create("thirty_one", players=2).new_game(seed=1)
        >>> print(render(state.view(0)))
        == Thirty-One: deal 1 ==
           seat    cards tokens
           you (0) 3     3      dealer
         > seat 1  3     3
        discard: 9d
        stock: 45 cards
        your hand: Jc Ac Ks (3 cards), worth 21
        turn: seat 1
    """
    return _picture("Thirty-One", view, {"tokens": view.tokens})


def _picture(title: str, view: View, scores: dict[str, tuple[int, ...]]) -> str:
    """Thirty-One's picture with the given score columns (No-Elimination shows points)."""
    # The worth shown counts three of a kind as the option's flag does (as it always has).
    trips = view.options.three_of_a_kind
    return draw_picture(title, view, scores, lambda hand: _value(hand, trips))


score_hand = hand_value
"""The scoring vocabulary's name for what a hand is worth as this game scores it:
the same function as [`hand_value`][cardrules.games.thirty_one.hand_value]."""
