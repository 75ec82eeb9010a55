"""Seat, view and re-deal helpers that the games share."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from cardrules.cards import Card, format_cards
from cardrules.engine._state import GameState
from cardrules.errors import InvalidStateError, OptionError

T = TypeVar("T")


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of ``items`` with ``items[index]`` replaced (states hold tuples).

    Examples:
        >>> replace_at((1, 2, 3), 1, 9)
        (1, 9, 3)
    """
    return (*items[:index], value, *items[index + 1 :])


def next_seat(active: Sequence[bool], seat: int, step: int = 1) -> int:
    """The next seat after ``seat`` still in play, going ``step`` (+1 or -1) around.

    Raises:
        InvalidStateError: no seat is in play.

    Examples:
        >>> next_seat((True, False, True), 0), next_seat((True, False, True), 0, step=-1)
        (2, 2)
    """
    n = len(active)
    for k in range(1, n + 1):
        nxt = (seat + k * step) % n
        if active[nxt]:
            return nxt
    raise InvalidStateError("no seat is left in play")


def redeal_hidden(
    rng: random.Random,
    hands: Sequence[tuple[Card, ...]],
    seat: int,
    *,
    known: Sequence[Sequence[Card]] | None = None,
    piles: Sequence[tuple[Card, ...]] = (),
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    """Deal again every card ``seat`` cannot see: for
    [`GameState.resample`][cardrules.engine.GameState.resample].

    The other seats' cards, except those in ``known[i]`` (cards everyone knows
    seat ``i`` holds), and the cards of the hidden ``piles`` (e.g. the stock)
    are shuffled together and dealt back in the same numbers. Known cards stay
    in their hands (placed first); ``seat``'s own hand is untouched.

    Returns:
        The new hands and the new piles.

    Examples:
        >>> import random
        >>> from cardrules import parse_cards
        >>> hands = (parse_cards("Ah Kh"), parse_cards("2c 3c"), parse_cards("4d 5d"))
        >>> new, (stock,) = redeal_hidden(
        ...     random.Random(1), hands, 0, known=((), parse_cards("3c"), ()),
        ...     piles=(parse_cards("6s 7s"),))
        >>> new[0] == hands[0], new[1][0], len(new[2]), len(stock)
        (True, <Card 3c>, 2, 2)
    """
    if not isinstance(rng, random.Random):
        raise OptionError(f"resample needs a random.Random, got {type(rng).__name__} {rng!r:.40}")
    pool: list[Card] = [c for pile in piles for c in pile]
    keep: list[tuple[Card, ...]] = []
    for i, hand in enumerate(hands):
        held = tuple(known[i]) if known is not None and i != seat else ()
        if i == seat:
            keep.append(hand)
            continue
        rest = Counter(hand)
        rest.subtract(held)
        if min(rest.values(), default=0) < 0:
            raise InvalidStateError(f"seat {i} is said to hold cards it does not hold")
        pool.extend(rest.elements())
        keep.append(held)
    rng.shuffle(pool)
    new_hands = []
    for i, hand in enumerate(hands):
        if i == seat:
            new_hands.append(hand)
            continue
        need = len(hand) - len(keep[i])
        new_hands.append(keep[i] + tuple(pool[len(pool) - need :]) if need else keep[i])
        del pool[len(pool) - need :]
    new_piles = []
    for pile in piles:
        new_piles.append(tuple(pool[len(pool) - len(pile) :]) if pile else ())
        del pool[len(pool) - len(pile) :]
    return tuple(new_hands), tuple(new_piles)


V = TypeVar("V")

# View fields every card game derives the same way from the state and the seat.
_DERIVED_VIEW_FIELDS: dict[str, Any] = {
    "turn": lambda state, seat: state.current_player,
    "hand": lambda state, seat: state.hands[seat],
    "hand_sizes": lambda state, seat: tuple(map(len, state.hands)),
    "known": lambda state, seat: tuple(
        () if i == seat else cards for i, cards in enumerate(state.known)
    ),
    "stock_size": lambda state, seat: len(state.stock),
}
_VIEW_NAMES: dict[type, tuple[str, ...]] = {}


def make_view(view_type: type[V], state: GameState[Any], seat: int, **given: Any) -> V:
    """Build ``view_type`` for ``seat``: what a game's ``view`` returns.

    A view class declares exactly what a seat may know. Each of its fields is
    filled, in this order of preference, from ``given``; from ``seat`` (the
    field ``seat``); by the usual derivation of ``turn`` (the current player),
    ``hand`` (``state.hands[seat]``), ``hand_sizes`` (the size of every hand),
    ``known`` (the cards known to be in the other hands; the seat's own entry
    is empty, as it sees its hand) and ``stock_size`` (``len(state.stock)``);
    or else from the state field of the same name, which must therefore be
    public information. Pass in ``given`` any field that is public only in part
    (a widow hidden while it is being chosen).

    Raises:
        OptionError: ``seat`` is not a seat of the game (``options.players``
            seats, or one per score for a game without that option).
        TypeError: a name in ``given`` is not a field of ``view_type``, or a
            field of ``view_type`` is neither given, derived nor a state field.

    Examples:
        >>> from cardrules import games
        >>> from cardrules.games import thirty_one
        >>> state = games.create("thirty_one", players=3).new_game(seed=1)
        >>> view = make_view(thirty_one.View, state, 2)
        >>> view == state.view(2), view.hand == state.hands[2], view.stock_size
        (True, True, 42)
    """
    players = getattr(state.options, "players", None)
    if not isinstance(players, int):  # a game without the option: one score per seat
        players = len(state.scores)
    seats_check(players, seat)
    names = _VIEW_NAMES.get(view_type)
    if names is None:
        fields = attrs.fields(view_type)  # type: ignore[arg-type]
        names = _VIEW_NAMES[view_type] = tuple(f.name for f in fields if f.init)
    unknown = given.keys() - set(names)
    if unknown:
        raise TypeError(f"not fields of {view_type.__name__}: {sorted(unknown)}")
    values: dict[str, Any] = {}
    for name in names:
        if name in given:
            values[name] = given[name]
        elif name == "seat":
            values[name] = seat
        elif name in _DERIVED_VIEW_FIELDS:
            values[name] = _DERIVED_VIEW_FIELDS[name](state, seat)
        elif hasattr(state, name):
            values[name] = getattr(state, name)
        else:  # a programming error of the game: say which field has no source
            raise TypeError(
                f"{view_type.__name__}.{name} is not given and {type(state).__name__} "
                "has no field of that name"
            )
    return view_type(**values)


def seat_lines(hands: Sequence[Sequence[Card]], **columns: Sequence[object]) -> list[str]:
    """One transcript line per seat of a finished deal: its cards shown, then
    each column's entry for that seat (a game's ``DealResult.describe`` uses it).

    Examples:
        >>> from cardrules import parse_cards
        >>> seat_lines([parse_cards("Ah Kh"), parse_cards("2c 3c")], value=[21, 5])
        ['    seat 0: Ah Kh; value 21', '    seat 1: 2c 3c; value 5']
    """
    lines = []
    for seat, hand in enumerate(hands):
        extra = "".join(
            f"; {name.replace('_', ' ')} {column[seat]}" for name, column in columns.items()
        )
        lines.append(f"    seat {seat}: {format_cards(hand) or '(no cards)'}{extra}")
    return lines


def seats_check(players: int, seat: object) -> int:
    """Validate a seat number for ``view`` and ``resample``.

    Examples:
        >>> seats_check(3, 2)
        2
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise OptionError(f"seat must be a whole number from 0 to {players - 1}, got {seat!r}")
    return seat
