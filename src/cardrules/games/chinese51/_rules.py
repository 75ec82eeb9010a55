"""Chinese 51's rule values: the options, the hand value, the scoring and the moves."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import (
    Move,
    option,
)
from cardrules.errors import InvalidCardError, OptionError
from cardrules.games._family31 import Draw, Knock, Pass, Source
from cardrules.games._table51 import (
    check_hand,
    check_ints,
)
from cardrules.hands import best_suit_total

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
    return _knock_scores(values, caller, tuple(challengers), tie_winner)


def _knock_scores(
    values: Sequence[int], caller: int, challengers: Sequence[int], tie_winner: str
) -> tuple[int, ...]:
    """`knock_scores` of inputs already checked (the deal's own)."""
    seats = (caller, *challengers)
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
    if not isinstance(cards, (tuple, list)):  # not a list of cards: refused when applied
        return cards  # type: ignore[return-value]
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


class _PlainTrades(dict[tuple[Card, ...], Trade]):
    """``Trade(give)`` by sorted ``give``, shared between states: a dict lookup once made."""

    def __missing__(self, give: tuple[Card, ...]) -> Trade:
        # ``give`` is already a sorted tuple of cards, what the converter makes: the move is
        # filled in directly (an equal ``Trade(give, False)`` at a third of the cost)
        move: Trade = object.__new__(Trade)
        object.__setattr__(move, "give", give)
        object.__setattr__(move, "knock", False)
        self[give] = move
        return move


PLAIN_TRADES = _PlainTrades()
_TRADES: dict[tuple[Card, ...], Trade] = {}  # the knocking trades by ``give``


def _trade(give: tuple[Card, ...], knock: bool = False) -> Trade:
    """``Trade(give, knock)`` for sorted ``give``, shared between states."""
    if not knock:
        return PLAIN_TRADES[give]
    move = _TRADES.get(give)
    if move is None:
        move = _TRADES[give] = Trade(give, knock)
    return move


class _SwapRow(dict[Card, Swap]):
    """For one row card: ``_swap(take, give)`` by the hand card ``give``."""

    def __init__(self, take: Card) -> None:
        super().__init__()
        self.take = take

    def __missing__(self, give: Card) -> Swap:
        move = self[give] = _swap(self.take, give)
        return move


class _SwapRows(dict[Card, _SwapRow]):
    def __missing__(self, take: Card) -> _SwapRow:
        row = self[take] = _SwapRow(take)
        return row


SWAP_ROWS = _SwapRows()


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
