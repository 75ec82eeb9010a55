"""Cribbage chance and bookkeeping: the deal, the draw of cards, gos and pegs.

Small pure helpers of `_game` (rules digest ``seeds/cribbage.md``).
"""

from __future__ import annotations

import itertools
import random
from typing import Any, TypeVar

from cardrules.cards import Card
from cardrules.engine import GameState, fields_copier, seats_check
from cardrules.errors import OptionError
from cardrules.games.cribbage._scoring import VALUE
from cardrules.games.cribbage._values import _DECK_CARDS, _LAY_OF, _PLAY, Phase

# The state class of ._game, which builds on these helpers (a type variable, not an import,
# so that this room stays below it).
State = TypeVar("State", bound=GameState[Any])

__all__ = ["deal", "draw", "lays", "redeal", "resample"]

_FRESH = {n: (False,) * n for n in (2, 3, 4)}
_PLAY_OF = _PLAY.__getitem__
# The seats after each seat, in turn order, by number of players (the seat itself last),
# and the same without the seat itself: with go_stops he does not play on (CR-5.10).
_ORDER = {
    n: tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n)) for n in (2, 3, 4)
}
_STOPS = {n: tuple(order[:-1] for order in orders) for n, orders in _ORDER.items()}


# The lay-away moves of two cards by the first card, then the second (a < b), and of one
# card: what ``_LAY_OF`` finds for (a, b) and (a,), looked up without hashing a pair.
_PAIRS: dict[Card, dict[Card, Any]] = {}
for _cards in itertools.combinations(sorted(_DECK_CARDS), 2):
    _PAIRS.setdefault(_cards[0], {})[_cards[1]] = _LAY_OF(_cards)
_ONE_OF = {card: _LAY_OF((card,)) for card in _DECK_CARDS}.__getitem__


def lays(cards: list[Card] | tuple[Card, ...], keep: int) -> tuple[Any, ...]:
    """The moves laying away all but ``keep`` of ``cards`` (in order) to the crib (CR-3.2),
    in the order of ``itertools.combinations``."""
    size = len(cards) - keep
    if size == 1:  # three or four players
        return tuple(map(_ONE_OF, cards))
    if size == 2 and len(cards) == 6:  # two players
        a, b, c, d, e, f = cards
        pa, pb, pc, pd, pe = _PAIRS[a], _PAIRS[b], _PAIRS[c], _PAIRS[d], _PAIRS[e]
        return (
            pa[b], pa[c], pa[d], pa[e], pa[f], pb[c], pb[d], pb[e], pb[f], pc[d], pc[e], pc[f],
            pd[e], pd[f], pe[f],
        )  # fmt: skip
    if size == 2 and len(cards) == 5:  # five-card cribbage
        a, b, c, d, e = cards
        pa, pb, pc, pd = _PAIRS[a], _PAIRS[b], _PAIRS[c], _PAIRS[d]
        return (pa[b], pa[c], pa[d], pa[e], pb[c], pb[d], pb[e], pc[d], pc[e], pd[e])
    return tuple(map(_LAY_OF, itertools.combinations(cards, size)))


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
    if players == 2:
        return (pegs[0] + points, pegs[1]) if seat == 0 else (pegs[0], pegs[1] + points)
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


# The mixed deal numbers of the first deals (``_mix`` of each, worked out once).
_MIXED = tuple(_mix((number + 1) * _GAMMA & _MASK) for number in range(256))


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
    mixed = _MIXED[number] if 0 <= number < 256 else _mix((number + 1) * _GAMMA & _MASK)
    x = (key + mixed) & _MASK
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
    "deal", "dealer", "turn", "hands", "crib", "stock", "game_number", "pegs", "last_deal",
    "phase", "played", "crib_from", "starter", "count", "series", "passed", "low",
    "stage", "claim", "asked", "counted", "_legal",
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
    game_number: int | None = None,
    pegs: tuple[int, ...] | None = None,
    last_deal: Any = None,
) -> State:
    """Deal ``number`` (CR-2.4): six (or five) cards each, one to the crib with three.

    ``game_number``, ``pegs`` and ``last_deal`` are set when given (else kept).
    """
    n = state.options.players
    size = 6 if n == 2 and not state.options.five_card else 5
    start = state.pegs if pegs is None else pegs  # type: ignore[attr-defined]
    if state.options.five_card and (number == 0 or game_number is not None):  # CR-9.4
        start = _add(start, (dealer + 1) % n, 3, n)
    extra = 1 if n == 3 else 0
    rest, picked = draw(state.seed, number, n * size + extra + 1)
    rest.append(picked[-1])  # the card the cut will turn up
    hands = tuple([tuple(sorted(picked[i * size : (i + 1) * size])) for i in range(n)])
    first = (dealer + 1) % n  # the first to lay away, from a hand in order
    copier = _COPIERS.get(state.__class__)
    if copier is None:
        copier = _COPIERS[state.__class__] = fields_copier(state.__class__, _DEALT)
    return copier(  # type: ignore[no-any-return]
        state,
        number,
        dealer,
        first,
        hands,
        (picked[n * size],) if extra else (),
        tuple(rest),
        state.game_number if game_number is None else game_number,  # type: ignore[attr-defined]
        start,
        state.last_deal if last_deal is None else last_deal,  # type: ignore[attr-defined]
        *_BLANK[n],
        lays(hands[first], state.options.keep),
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


def resample(state: Any, seat: int, rng: random.Random) -> Any:
    """``state.resample``: the others' hands, the hidden crib cards and the stock dealt
    again as the seat's knowledge allows."""
    seats_check(state.options.players, seat)
    if not isinstance(rng, random.Random):
        raise OptionError(f"resample needs a random.Random, got {type(rng).__name__}")
    shown = state._crib_shown()
    hidden_crib = [i for i, s in enumerate(state.crib_from) if not shown and s != seat]
    others = [i for i in range(state.options.players) if i != seat]
    pool = [c for i in others for c in state.hands[i]]
    pool += [state.crib[i] for i in hidden_crib]
    pool += state.stock
    hands = list(state.hands)
    for _ in range(100):
        rng.shuffle(pool)
        dealt = redeal(state, pool, others)
        if dealt is not None:
            hands, pool = dealt
            break
    else:  # pragma: no cover - a position this constrained keeps its hands
        rng.shuffle(pool)
    crib = list(state.crib)
    for i in hidden_crib:
        crib[i] = pool.pop()
    return state._replace(
        hands=tuple(hands), crib=tuple(crib), stock=tuple(pool), seed=rng.getrandbits(63)
    )
