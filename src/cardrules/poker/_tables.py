"""The evaluator's number forms and lookup tables (private).

A hand's strength is one integer, greater is better: the category in bits
20-23 and the five deciding ranks, most important first, in the five
nibbles below (rank values 2-14; the ace of a five-high straight is 1). So a
full house of kings over twos is ``FULL_HOUSE << 20 | 0xDDD22``.

The single-hand path (``evaluate``) adds up one integer per card
(``card_key``). Each card's integer holds, from
the low bits up: a 4-bit counter for its suit (the sum starts every counter
at 3, so a counter reaches 8, bit 3, exactly when a suit has five cards), a
52-bit field with one bit for the card itself (a card held twice carries into
another bit, so the field's bit count falls short of the number of cards),
and ``5 ** (rank - 2)`` (a base-5 number whose digits are the rank counts:
one key per multiset of ranks, as no rank is held more than four times).

Two tables finish the job (``Tables``, built on first use): one from the
rank key of every multiset of 5, 6 or 7 ranks to the best hand without a
flush, and one from the 13-bit mask of the ranks held in a suit of five or
more cards to the best flush or straight flush. The first one's values are
stored, compressed, in ``_data.py``, written by ``scripts/poker_tables.py``
(a test checks that it is up to date); building both takes about a tenth of a
second.

Batches (``evaluate_many``) use two smaller forms, ``code`` and
``wide_code`` (see ``CODE_MASK`` below), and one table per hand size from
the masked sum to the value (``Tables.keyed``).
"""

from __future__ import annotations

import base64
import sys
import zlib
from array import array
from itertools import combinations_with_replacement

__all__: list[str] = []

HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8
FIVE_OF_A_KIND = 9

SUIT_OFFSET = 0x3333  # each suit counter starts at 3
FLUSH_BITS = 0x8888  # a counter at 8 or more: five cards of that suit
CARD_SHIFT = 16
CARD_BITS = ((1 << 52) - 1) << CARD_SHIFT
RANK_SHIFT = CARD_SHIFT + 52
RANK_MASK = 0x1FFF

# The batch forms (``evaluate_many``). A card's *code* (the public integer of
# ``encode``) is ``5 ** (rank - 2) << 16 | 1 << (4 * suit)``: its rank digit
# and its suit counter, small enough that a hand's sum stays a machine
# integer. The *wide* form adds a 3-bit slot per card (``1 << (SLOT_SHIFT +
# 3 * card.code)``): a card held k times puts k in its slot, so a card held
# twice (up to seven times) sets one of the slot's two upper bits.
CODE_MASK = ((1 << 32) - 1) << 16 | FLUSH_BITS  # rank key and flush bits of a sum
SLOT_SHIFT = 48
SPREAD_MASK = (1 << 39) - 1  # one suit's 13 slots
DUP_BITS = sum(6 << (SLOT_SHIFT + 3 * c) for c in range(52))
WIDE_MASK = CODE_MASK | DUP_BITS  # a card twice leaves a bit that no key has


def pack(category: int, ranks: tuple[int, ...] | list[int]) -> int:
    """A strength from a category and its five deciding ranks."""
    a, b, c, d, e = ranks
    return category << 20 | a << 16 | b << 12 | c << 8 | d << 4 | e


def card_key(rank: int, suit: int) -> int:
    """The fast path's integer for the natural card of ``rank`` (2-14) and ``suit`` (0-3)."""
    index = rank - 2
    weight: int = 5**index
    return (weight << RANK_SHIFT) | (1 << (CARD_SHIFT + 13 * suit + index)) | (1 << (4 * suit))


def code(rank: int, suit: int) -> int:
    """The public integer (``encode``) of the natural card of ``rank`` (2-14) and ``suit``."""
    weight: int = 5 ** (rank - 2)
    return weight << 16 | 1 << (4 * suit)


def wide_code(rank: int, suit: int) -> int:
    """The checked batch form of a card: its code and a 3-bit slot for the card itself."""
    return code(rank, suit) | 1 << (SLOT_SHIFT + 3 * (13 * suit + rank - 2))


def spread(mask: int) -> int:
    """A 13-bit rank mask with its bits three apart, as a suit's slots hold them."""
    return sum(1 << (3 * i) for i in range(13) if mask >> i & 1)


def _window(top: int) -> int:
    """The rank mask of the straight with top card ``top`` (5 is the wheel)."""
    if top == 5:
        return 0b1_0000_0000_1111
    return 0b11111 << (top - 6)


WINDOWS = tuple((top, _window(top)) for top in range(14, 4, -1))


def straight_top(mask: int) -> int:
    """The top card of the best straight in a rank mask, 0 if none."""
    for top, window in WINDOWS:
        if mask & window == window:
            return top
    return 0


def straight_ranks(top: int) -> tuple[int, ...]:
    """The five ranks of the straight with top card ``top`` (the wheel's ace is 1)."""
    return tuple(range(top, top - 5, -1))


def mask_ranks(mask: int) -> list[int]:
    """The ranks of a mask, highest first."""
    return [i + 2 for i in range(12, -1, -1) if mask >> i & 1]


def flush_value(mask: int) -> int:
    """The best flush or straight flush in a suit holding the ranks of ``mask``."""
    top = straight_top(mask)
    if top:
        return pack(STRAIGHT_FLUSH, straight_ranks(top))
    return pack(FLUSH, mask_ranks(mask)[:5])


def counts_value(counts: list[int]) -> int:
    """The best hand without a flush from rank counts (``counts[r]`` for rank r, 2-14).

    Counts of five or more make five of a kind (wild cards); any number of
    cards from five up is taken, best five of them.
    """
    groups = sorted(((n, r) for r, n in enumerate(counts) if n), reverse=True)
    n1, r1 = groups[0]
    if n1 >= 5:
        return pack(FIVE_OF_A_KIND, (r1,) * 5)
    others = sorted((r for n, r in groups[1:]), reverse=True)
    if n1 == 4:
        return pack(FOUR_OF_A_KIND, (r1, r1, r1, r1, others[0]))
    n2 = groups[1][0]
    if n1 == 3 and n2 >= 2:
        pair = max(r for n, r in groups[1:] if n >= 2)
        return pack(FULL_HOUSE, (r1, r1, r1, pair, pair))
    mask = 0
    for r, n in enumerate(counts):
        if n:
            mask |= 1 << (r - 2)
    top = straight_top(mask)
    if top:
        return pack(STRAIGHT, straight_ranks(top))
    if n1 == 3:
        return pack(THREE_OF_A_KIND, (r1, r1, r1, others[0], others[1]))
    if n2 == 2:
        r2 = groups[1][1]
        kicker = max(r for r in others if r != r2)
        return pack(TWO_PAIR, (r1, r1, r2, r2, kicker))
    if n1 == 2:
        return pack(PAIR, (r1, r1, others[0], others[1], others[2]))
    return pack(HIGH_CARD, [r for n, r in groups[:5]])


def combos() -> list[tuple[int, ...]]:
    """Every multiset of 5, 6 or 7 rank indices (0-12), in the order ``DATA`` stores them.

    A few hold a rank more than four times; they get the value 0 and are dropped.
    """
    out: list[tuple[int, ...]] = []
    for size in (5, 6, 7):
        out.extend(combinations_with_replacement(range(13), size))
    return out


def compute_data() -> str:
    """The text of ``_data.DATA``: every multiset's best hand without a flush.

    Slow (about half a second): ``scripts/poker_tables.py`` runs it to write
    ``_data.py``, and a test runs it to check that file.
    """
    out = bytearray()
    for combo in combos():
        counts = [0] * 15
        for index in combo:
            counts[index + 2] += 1
        value = counts_value(counts) if max(counts) <= 4 else 0
        out += value.to_bytes(4, "little")
    return base64.b85encode(zlib.compress(bytes(out), 9)).decode("ascii")


class Tables:
    """The lookup tables, built once on first use (``tables``).

    Attributes:
        ranks: rank key (base 5) to the best hand without a flush.
        flushes: 13-bit rank mask of a suit of five or more to its best hand.
        keyed: per hand size, a sum of card codes masked by ``CODE_MASK``
            (rank key and flush bits) to the hand's value: flush hands of five
            cards included; of six or seven absent (those look at the flush
            suit's cards).
        spread: a suit's slots in a wide sum (``spread`` of its rank
            mask) to its best flush or straight flush, for masks of 5-7 ranks.
    """

    __slots__ = ("flushes", "keyed", "ranks", "spread")

    def __init__(self) -> None:
        from cardrules.poker._data import DATA

        raw = zlib.decompress(base64.b85decode(DATA))
        values = array("I")  # four bytes, little-endian, on every platform CPython supports
        values.frombytes(raw)
        if sys.byteorder == "big":
            values.byteswap()
        power = [5**i for i in range(13)]
        every = combos()
        keys = [sum(map(power.__getitem__, combo)) for combo in every]
        shared: dict[int, int] = {}  # one object per distinct value: fewer cache misses
        values = [shared.setdefault(v, v) for v in values]  # type: ignore[assignment]
        self.ranks = {k: v for k, v in zip(keys, values, strict=True) if v}
        self.flushes = [0] * 8192
        self.spread: dict[int, int] = {}
        for mask in range(8192):
            if mask.bit_count() >= 5:
                self.flushes[mask] = flush_value(mask)
                if mask.bit_count() <= 7:
                    self.spread[spread(mask)] = self.flushes[mask]
        # One table per hand size: a small one for five cards stays in the CPU's cache.
        self.keyed: dict[int, dict[int, int]] = {size: {} for size in (5, 6, 7)}
        for combo, key, value in zip(every, keys, values, strict=True):
            if value:
                self.keyed[len(combo)][key << 16] = value
        for mask in range(8192):
            if mask.bit_count() == 5:
                key = sum(power[i] for i in range(13) if mask >> i & 1)
                for suit in range(4):
                    self.keyed[5][key << 16 | 8 << (4 * suit)] = self.flushes[mask]


_TABLES: list[Tables] = []


def tables() -> Tables:
    """The tables, built on the first call (about a tenth of a second)."""
    if not _TABLES:
        _TABLES.append(Tables())
    return _TABLES[0]
