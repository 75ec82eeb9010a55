"""The deal's shuffle: [`shuffled`][cardrules.engine.shuffled] gives the cards that
``state.rng(*salt).shuffle`` leaves, faster
([`seeded_shuffle`][cardrules.engine.seeded_shuffle])."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

__all__ = ["seeded_shuffle", "shuffled"]

T = TypeVar("T")

_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
_FAST: list[bool] = []  # [whether this Python shuffles as _shuffle does], once checked


def shuffled(state: Any, items: Sequence[T], *salt: object) -> list[T]:
    """``items`` in a new list, as ``state.rng(*salt).shuffle`` leaves them.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("thirty_one").new_game(seed=4)
        >>> cards = list(state.deck().cards)
        >>> expected = cards[:]
        >>> state.rng("deal", 2).shuffle(expected)
        >>> shuffled(state, cards, "deal", 2) == expected
        True
    """
    text = f"{state.seed!s}"
    for part in salt:  # the seed text of ``state.rng(*salt)``
        text = f"{text}/{part!s}"
    return seeded_shuffle(text, items)


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
