"""Cribbage chance and bookkeeping: the deal, the draw of cards, gos and pegs.

Small pure helpers of `_game` (rules digest ``seeds/cribbage.md``).
"""

from __future__ import annotations

from typing import Any, TypeVar

from cardrules.cards import Card
from cardrules.engine import GameState
from cardrules.engine._fast_copy import fields_copier
from cardrules.games.cribbage._scoring import VALUE
from cardrules.games.cribbage._values import _DECK_CARDS, _PLAY, Phase

# The state class of ._game, which builds on these helpers (a type variable, not an import,
# so that this room stays below it).
State = TypeVar("State", bound=GameState[Any])

__all__ = ["deal", "draw", "redeal"]

_FRESH = {n: (False,) * n for n in (2, 3, 4)}
_PLAY_OF = _PLAY.__getitem__
# The seats after each seat, in turn order, by number of players (the seat itself last),
# and the same without the seat itself: with go_stops he does not play on (CR-5.10).
_ORDER = {
    n: tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n)) for n in (2, 3, 4)
}
_STOPS = {n: tuple(order[:-1] for order in orders) for n, orders in _ORDER.items()}


def _said_go(
    passed: tuple[bool, ...], low: tuple[int, ...], gone: list[int], room: int
) -> tuple[tuple[bool, ...], tuple[int, ...]]:
    """Mark the seats in ``gone`` as having said go with ``room`` pips left:
    each is now known to hold no card of ``room`` pips or fewer."""
    new_passed = list(passed)
    new_low = list(low)
    for i in gone:
        new_passed[i] = True
        if new_low[i] <= room:
            new_low[i] = room + 1
    return tuple(new_passed), tuple(new_low)


def _add(pegs: tuple[int, ...], seat: int, points: int, players: int) -> tuple[int, ...]:
    """``pegs`` with ``points`` added for the seat's side (partners score together)."""
    out = list(pegs)
    out[seat] += points
    if players == 4:
        out[(seat + 2) % 4] += points
    return tuple(out)


_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(x: int) -> int:
    """The splitmix64 output function: a 64-bit number to a well-mixed one."""
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def draw(seed: int, number: int, count: int) -> tuple[list[Card], list[Card]]:
    """Deal ``number``'s chance: ``count`` random cards of the pack, and the rest.

    The cards are drawn by a partial Fisher-Yates shuffle whose choices are
    the mixed-radix digits of 128 bits (192 for more than 16 cards) of a
    splitmix64 stream keyed by the seed and the deal number, so every deal is
    decided by the seed alone (seeds equal modulo 2**64 deal alike). Seeding a
    Mersenne Twister for each deal would cost more than the whole deal.

    Examples:
        >>> rest, picked = draw(7, 0, 13)
        >>> len(rest), len(picked), len(set(rest + picked))
        (39, 13, 52)
        >>> draw(7, 0, 13) == (rest, picked) != draw(7, 1, 13)
        True
    """
    key = seed
    while key >> 64 or key < 0:  # fold big or negative seeds into 64 bits
        key = (key & _MASK) ^ ((key >> 64) & _MASK) ^ (1 if key < 0 else 0)
        if key < 0:
            key = -key
    x = (key + _mix((number + 1) * _GAMMA & _MASK)) & _MASK
    # 128 or 192 random bits, read as mixed-radix digits (bias below 2**-56)
    pool = 0
    for _ in range(2 if count <= 16 else 3):  # 128 bits: bias below 2**-56 for 16 cards
        x = (x + _GAMMA) & _MASK
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK  # _mix(x), inline
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        pool = (pool << 64) | (z ^ (z >> 31))
    cards = list(_DECK_CARDS)
    for i in range(51, 51 - count, -1):
        pool, j = divmod(pool, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards[: 52 - count], cards[52 - count :]


# The fields a deal sets, in the order the deal's copier takes them.
_DEALT = (
    "deal", "dealer", "turn", "hands", "crib", "stock", "game", "pegs", "last_deal",
    "phase", "played", "crib_from", "starter", "count", "series", "passed", "low",
    "stage", "claim", "asked", "counted",
)  # fmt: skip
# What a fresh deal holds, by number of players (the fields after last_deal).
_BLANK = {
    n: (Phase.CRIB, ((),) * n, (-1,) * (n == 3), None, 0, (), (False,) * n, (1,) * n, 0)
    + (None, None, ())
    for n in (2, 3, 4)
}
_COPIERS: dict[type, Any] = {}


def deal(
    state: State,
    number: int,
    dealer: int,
    *,
    game: int | None = None,
    pegs: tuple[int, ...] | None = None,
    last_deal: Any = None,
) -> State:
    """Deal ``number`` (CR-2.4): six (or five) cards each, one to the crib with three.

    ``game``, ``pegs`` and ``last_deal`` are set when given (else kept).
    """
    n = state.options.players
    size = 6 if n == 2 and not state.options.five_card else 5
    start = state.pegs if pegs is None else pegs  # type: ignore[attr-defined]
    if state.options.five_card and (number == 0 or game is not None):  # CR-9.4
        start = _add(start, (dealer + 1) % n, 3, n)
    extra = 1 if n == 3 else 0
    rest, picked = draw(state.seed, number, n * size + extra + 1)
    rest.append(picked[-1])  # the card the cut will turn up
    hands = tuple([tuple(sorted(picked[i * size : (i + 1) * size])) for i in range(n)])
    copier = _COPIERS.get(state.__class__)
    if copier is None:
        copier = _COPIERS[state.__class__] = fields_copier(state.__class__, _DEALT)
    return copier(  # type: ignore[no-any-return]
        state,
        number,
        dealer,
        (dealer + 1) % n,
        hands,
        (picked[n * size],) if extra else (),
        tuple(rest),
        state.game if game is None else game,  # type: ignore[attr-defined]
        start,
        state.last_deal if last_deal is None else last_deal,  # type: ignore[attr-defined]
        *_BLANK[n],
    )


def redeal(
    state: Any, pool: list[Card], others: list[int]
) -> tuple[list[tuple[Card, ...]], list[Card]] | None:
    """Deal ``pool`` to the ``others`` as the public facts allow (``resample``): no
    card below a seat's ``low``, and a playable card for the seat to play (in the
    play, or next once a claim of the play is settled, CR-7.4); ``None`` if the
    cards do not allow it."""
    hands = list(state.hands)
    rest = list(pool)
    pending = state.pending
    player = state.turn if state.phase is Phase.PLAY else None
    if pending is not None and pending.phase is Phase.PLAY:
        player = pending.turn
    room = 31 - state.count
    for i in others:
        size = len(state.hands[i])
        if not size:
            continue
        floor = state.low[i]
        take: list[Card] = []
        if i == player:
            k = next((j for j, c in enumerate(rest) if floor <= VALUE[c] <= room), None)
            if k is None:
                return None
            take.append(rest.pop(k))
        keep = []
        for c in rest:
            if len(take) < size and VALUE[c] >= floor:
                take.append(c)
            else:
                keep.append(c)
        if len(take) < size:
            return None
        hands[i] = tuple(sorted(take))
        rest = keep
    return hands, rest
