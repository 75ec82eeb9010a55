"""The family's books: seats in turn, knocks, tokens, swimming and the showdown's checks.

Thirty-One, No-Elimination Thirty-One, Schwimmen and Stop the Bus differ in how
a turn improves a hand and in what a hand is worth, but they keep the same
books: whose turn comes next among the players still in, when the last turn
after a knock has been played, who loses tokens, and who "swims" on a free
ride or drops out. Those books are kept here, once, as small pure functions,
with the check of a card taken face up that Empat Satu shares too, and the
argument checks of the standalone settlements of Schwimmen and Stop the Bus.

Seats and tuples are handled by [`cardrules.engine.next_seat`][cardrules.engine.next_seat] and
[`cardrules.engine.replace_at`][cardrules.engine.replace_at].

Examples:
    >>> from cardrules.games import _family31 as family
    >>> family.next_turn((True, False, True), 0, None)
    2
    >>> family.lose_tokens((2, 0, 1), (True, True, True), (1, 1, 0))
    ((1, 0, 1), (True, False, True))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from cardrules.cards import Card
from cardrules.engine import next_seat
from cardrules.errors import InvalidCardError, InvalidStateError, OptionError


def next_turn(alive: Sequence[bool], seat: int, knocker: int | None) -> int | None:
    """The seat whose turn follows ``seat``'s, or ``None`` when the deal is over
    because the turn would come back to the knocker (everyone else has had
    the one last turn a knock grants).

    Examples:
        >>> next_turn((True, True, True), 1, None), next_turn((True, True, True), 1, 2)
        (2, None)
    """
    nxt = next_seat(alive, seat)
    return None if nxt == knocker else nxt


def lose_tokens(
    tokens: Sequence[int], alive: Sequence[bool], losses: Sequence[int]
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Take tokens from the losers; a player with none left drops out.

    A player who loses his last token stays in on a free ride ("swimming");
    when he has to lose again he drops out. One who holds one token and must
    lose two loses it and drops out at once.

    Args:
        tokens: tokens each seat holds.
        alive: whether each seat is still in the game.
        losses: tokens each seat must give up this deal.

    Examples:
        >>> lose_tokens((1, 3), (True, True), (2, 1))
        ((0, 2), (False, True))
        >>> lose_tokens((1, 3), (True, True), (1, 0))
        ((0, 3), (True, True))
    """
    new_tokens = list(tokens)
    new_alive = list(alive)
    for seat, lost in enumerate(losses):
        if lost:
            if lost > new_tokens[seat]:
                new_tokens[seat], new_alive[seat] = 0, False
            else:
                new_tokens[seat] -= lost
    return tuple(new_tokens), tuple(new_alive)


def tokens_lost(start: int, tokens: Sequence[int], alive: Sequence[bool]) -> tuple[int, ...]:
    """Tokens lost per seat; a seat that dropped out counts its tokens plus one.

    Examples:
        >>> tokens_lost(3, (0, 2, 0), (False, True, True))
        (4, 1, 3)
    """
    return tuple(start - t + (0 if a else 1) for t, a in zip(tokens, alive, strict=True))


def check_taken(taken: Card | None, known: Sequence[Card], discarding: bool) -> None:
    """Check a state's card just taken from the discard pile: it is taken face up,
    so it is known to be in the mover's hand (a resample must not move it), and
    the mover has yet to discard.

    Raises:
        InvalidStateError: the state says otherwise.

    Examples:
        >>> from cardrules import parse_card
        >>> check_taken(parse_card("Kh"), (parse_card("Kh"),), discarding=True)
        >>> check_taken(parse_card("Kh"), (), discarding=True)
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidStateError: the card just taken is not known to be in the ...
    """
    if taken is not None and (not discarding or taken not in known):
        raise InvalidStateError("the card just taken is not known to be in the mover's hand")


def deal_order(alive: Sequence[bool], dealer: int) -> list[int]:
    """Seats still in, clockwise from the dealer's left (the dealer last).

    Examples:
        >>> deal_order((True, False, True, True), 2)
        [3, 0, 2]
    """
    n = len(alive)
    around = _AROUND.get((n, dealer))
    if around is None:
        around = _AROUND[n, dealer] = tuple([(dealer + k) % n for k in range(1, n + 1)])
    return [s for s in around if alive[s]]


# The seats clockwise from a dealer's left, the dealer last: (players, dealer) -> seats.
_AROUND: dict[tuple[int, int], tuple[int, ...]] = {}


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
    if alive is not None and (isinstance(alive, (str, bytes)) or not isinstance(alive, Iterable)):
        raise OptionError(f"alive must be {players} booleans, one per seat")
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
    if (
        isinstance(tokens, (str, bytes))
        or not isinstance(tokens, Sequence)
        or len(tokens) != len(losses)
        or not all(type(t) is int and t >= 0 for t in tokens)
    ):
        raise OptionError(f"tokens must be {len(losses)} counts, one per seat")
    if not isinstance(swimming, bool):
        raise OptionError(f"swimming must be True or False, got {swimming!r:.40}")
    left, still = lose_tokens(tokens, alive, losses)
    if not swimming:
        still = tuple(a and t > 0 for a, t in zip(still, left, strict=True))
    if not any(still):  # SCH-7.3: a tie that would leave nobody in: void
        return (0,) * len(losses)
    return losses
