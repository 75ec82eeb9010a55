"""What the Thirty-One family shares: seats in turn, knocks, tokens and swimming.

Thirty-One, No-Elimination Thirty-One, Schwimmen and Stop the Bus differ in how
a turn improves a hand and in what a hand is worth, but they keep the same
books: whose turn comes next among the players still in, when the last turn
after a knock has been played, who loses tokens, and who "swims" on a free
ride or drops out. Those books are kept here, once, as small pure functions,
with the check of a card taken face up that Empat Satu shares too.

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

import random
from collections.abc import Sequence
from typing import TypeVar

from cardrules.cards import Card
from cardrules.engine import next_seat
from cardrules.errors import InvalidStateError

__all__ = ["check_taken", "lose_tokens", "next_turn", "seeded_shuffle", "tokens_lost"]


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


# --------------------------------------------------------------------------- the deal's shuffle

T = TypeVar("T")

_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
_FAST: list[bool] = []  # [whether this Python shuffles as _shuffle does], once checked


def seeded_shuffle(seed_text: str, items: Sequence[T]) -> list[T]:
    """``items`` shuffled exactly as ``random.Random(seed_text).shuffle`` does, faster.

    The same permutation for every seed text: the same Mersenne Twister words
    are drawn and rejected as ``random.Random.shuffle`` draws them (for a
    choice among ``n``, ``k`` random bits with ``k`` the bit length of ``n``,
    drawn again while too big), with the loop inlined and the bit lengths
    computed once. On a Python whose shuffle draws otherwise (checked once,
    on the first call) it calls that shuffle.

    Examples:
        >>> import random
        >>> cards = list(range(52))
        >>> expected = cards[:]
        >>> random.Random("7/deal/0").shuffle(expected)
        >>> seeded_shuffle("7/deal/0", cards) == expected
        True
    """
    if not _FAST:
        _FAST.append(_same_as_random())
    out = list(items)
    if _FAST[0]:
        _shuffle(seed_text, out)
    else:  # pragma: no cover  # a Python with another shuffle
        random.Random(seed_text).shuffle(out)
    return out


def _shuffle(seed_text: str, out: list[T]) -> None:
    size = len(out)
    steps = _STEPS.get(size)
    if steps is None:
        steps = _STEPS[size] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)
        )
    getrandbits = random.Random(seed_text).getrandbits
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]


def _same_as_random() -> bool:
    """Whether ``_shuffle`` gives what this Python's ``random`` shuffle gives."""
    for size in (0, 1, 2, 3, 17, 52, 300):
        for seed in ("0/deal/0", "1/deal/1", "12345/x", "-3/deal/10"):
            mine = list(range(size))
            theirs = mine[:]
            _shuffle(seed, mine)
            random.Random(seed).shuffle(theirs)
            if mine != theirs:
                return False
    return True
