"""Five-card poker hands: the best five of 5, 6 or 7 cards, with jokers (private).

See ``cardrules.poker`` for the public face and
``cardrules.poker._tables`` for the number forms behind the speed.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from itertools import chain, repeat
from typing import Any

import attrs

from cardrules.cards import Card, Suit
from cardrules.decks import standard
from cardrules.errors import InvalidCardError, OptionError
from cardrules.poker import _tables as T

__all__ = [
    "JOKER_RULES",
    "HandCategory",
    "HandValue",
    "decode",
    "encode",
    "evaluate",
    "evaluate_board",
    "evaluate_many",
]

JOKER_RULES = ("wild", "bug")
"""How a joker counts: fully ``"wild"`` (any card; five of a kind possible),
or the ``"bug"`` (an ace, or any card that completes a straight or a flush)."""


class HandCategory(enum.IntEnum):
    """The kinds of five-card poker hand, weakest first.

    Examples:
        >>> HandCategory.FLUSH > HandCategory.STRAIGHT, HandCategory.FIVE_OF_A_KIND.words
        (True, 'five of a kind')
    """

    HIGH_CARD = T.HIGH_CARD
    PAIR = T.PAIR
    TWO_PAIR = T.TWO_PAIR
    THREE_OF_A_KIND = T.THREE_OF_A_KIND
    STRAIGHT = T.STRAIGHT
    FLUSH = T.FLUSH
    FULL_HOUSE = T.FULL_HOUSE
    FOUR_OF_A_KIND = T.FOUR_OF_A_KIND
    STRAIGHT_FLUSH = T.STRAIGHT_FLUSH
    FIVE_OF_A_KIND = T.FIVE_OF_A_KIND

    @property
    def words(self) -> str:
        """The category's name in lower-case words, e.g. ``'full house'``."""
        return self.name.lower().replace("_", " ")


_CATEGORIES = tuple(HandCategory)


@attrs.frozen(repr=False)
class HandValue:
    """What a poker hand is worth: compare two values to compare the hands.

    Values are totally ordered (greater is better) and hashable. Two values are
    equal exactly when the hands tie: suits never break a tie, and which cards
    the ``best`` five are does not enter the comparison.

    Attributes:
        value: the strength as one integer (what ``evaluate_many``
            returns): the category times ``2**20`` plus the five deciding ranks,
            most important first, one hexadecimal digit each (2-14; the ace of
            a five-high straight counts 1).
        cards: the cards the hand was made from.

    Examples:
        >>> from cardrules import parse_cards
        >>> value = evaluate(parse_cards("Kh Kd Ks 2c 2d 9h 4s"))
        >>> value.category, hex(value.value)
        (<HandCategory.FULL_HOUSE: 6>, '0x6ddd22')
        >>> str(value)
        'full house: Ks Kh Kd 2d 2c'
    """

    value: int
    cards: tuple[Card, ...] = attrs.field(eq=False, order=False)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.value < other.value

    def __le__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.value <= other.value

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.value > other.value

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.value >= other.value

    @property
    def category(self) -> HandCategory:
        """The kind of hand (straight, flush...)."""
        return _CATEGORIES[self.value >> 20]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five deciding ranks, most important first (a wheel's ace is 1).

        Examples:
            >>> from cardrules import parse_cards
            >>> evaluate(parse_cards("5d 4c 3h 2s Ad")).ranks
            (5, 4, 3, 2, 1)
        """
        v = self.value
        return (v >> 16 & 15, v >> 12 & 15, v >> 8 & 15, v >> 4 & 15, v & 15)

    @property
    def best(self) -> tuple[Card, ...]:
        """The five cards that make the hand, in the order of ``ranks``.

        A joker stands in its own place (where the rank it stands for is).

        Examples:
            >>> from cardrules import parse_cards
            >>> hand = evaluate(parse_cards("Ah Jk 9h 4h 2h 2c Kd"))
            >>> hand.category.words, [str(c) for c in hand.best]
            ('flush', ['Ah', 'Jk', '9h', '4h', '2h'])
        """
        return _best_cards(self.category, self.ranks, self.cards)

    def __str__(self) -> str:
        return f"{self.category.words}: {' '.join(map(str, self.best))}"

    def __repr__(self) -> str:
        return f"<HandValue {self}>"


# --------------------------------------------------------------------------- fast path

# Keyed by the pack's own card objects (the interned cards of ``parse_card``):
# a lookup with one of them is decided by identity, without comparing tuples.
_KEYS: dict[Card, int] = {
    card: T.card_key(card.rank, int(card.suit))  # type: ignore[arg-type]
    for card in standard().cards
}
# The batch forms (see ``_tables``): a card's code (rank key and suit counter,
# the public integer of ``encode``), and its wide form with the card's slot.
_CODE: dict[Card, int] = {
    card: T.code(card.rank, int(card.suit))  # type: ignore[arg-type]
    for card in standard().cards
}
_CARD_OF: dict[int, Card] = {code: card for card, code in _CODE.items()}
_WIDE: dict[Card, int] = {
    card: T.wide_code(card.rank, int(card.suit))  # type: ignore[arg-type]
    for card in _CODE
}
_WIDE_OF_CODE: dict[int, int] = {code: _WIDE[card] for code, card in _CARD_OF.items()}


class _NotFast(Exception):
    """The hand needs the careful path: a joker, or bad input to explain."""


def _strength(hand: Sequence[Card]) -> int:
    """The strength of 5-7 distinct natural cards; raises on anything else."""
    s = sum(map(_KEYS.__getitem__, hand), T.SUIT_OFFSET)
    n = len(hand)
    if (s & T.CARD_BITS).bit_count() != n or not 5 <= n <= 7:
        raise _NotFast
    tables = T.tables()
    if s & T.FLUSH_BITS:
        suit = ((s & T.FLUSH_BITS).bit_length() >> 2) - 1
        return tables.flushes[s >> (T.CARD_SHIFT + 13 * suit) & T.RANK_MASK]
    return tables.ranks[s >> T.RANK_SHIFT]


def _check_rule(jokers: str) -> bool:
    """Whether the joker rule is the bug (else fully wild)."""
    if jokers not in JOKER_RULES:
        raise OptionError(f"jokers must be one of {list(JOKER_RULES)}, got {jokers!r:.40}")
    return jokers == "bug"


def _checked(cards: object) -> tuple[Card, ...]:
    """The hand as a tuple, refused with a clear message unless 5-7 distinct cards."""
    if isinstance(cards, (str, bytes)):
        raise InvalidCardError("a poker hand is a sequence of cards, not text; use parse_cards")
    try:
        hand: tuple[Card, ...] = tuple(cards)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidCardError(
            f"a poker hand is a sequence of cards, got {type(cards).__name__}"
        ) from None
    for position, card in enumerate(hand):
        if not isinstance(card, Card):
            raise InvalidCardError(f"a poker hand holds cards; item {position} is {card!r:.40}")
    if not 5 <= len(hand) <= 7:
        raise InvalidCardError(f"a poker hand has 5 to 7 cards, got {len(hand)}")
    seen: set[Card] = set()
    for card in hand:
        if card in seen and not card.is_joker:
            raise InvalidCardError(f"a poker hand cannot hold the same card twice: {card}")
        seen.add(card)
    return hand


def _careful(cards: object, bug: bool) -> int:
    return _value_of(_checked(cards), bug)


def _value_of(hand: tuple[Card, ...], bug: bool) -> int:
    """The strength of a checked hand."""
    naturals = [c for c in hand if not c.is_joker]
    wild = len(hand) - len(naturals)
    if not wild:
        return _strength(hand)
    return _wild_strength(naturals, wild, bug)


# --------------------------------------------------------------------------- jokers


def _wild_strength(naturals: list[Card], wild: int, bug: bool) -> int:
    """The best hand when ``wild`` jokers join ``naturals``.

    A joker stands for a card that is not in the hand; the one exception is
    five of a kind, where it adds a fifth card of a rank (only aces with the
    bug). The best hand is then either made by rank counts alone (the jokers
    all join one rank: the most numerous, highest first; the aces with the
    bug) or is a straight or flush the jokers complete.
    """
    counts = [0] * 15
    suit_masks = [0, 0, 0, 0]
    for card in naturals:
        rank = int(card.rank)
        counts[rank] += 1
        suit_masks[card.suit] |= 1 << (rank - 2)  # type: ignore[index]
    target = 14 if bug or not naturals else max(range(2, 15), key=lambda r: (counts[r], r))
    counts[target] += wild
    best = T.counts_value(counts)
    return max(best, _filled(suit_masks, wild))


def _filled(suit_masks: list[int], wild: int) -> int:
    """The best straight, flush or straight flush that ``wild`` jokers complete."""
    best = 0
    for mask in suit_masks:
        if mask.bit_count() + wild < 5:
            continue
        for top, window in T.WINDOWS:
            if 5 - (mask & window).bit_count() <= wild:
                return T.pack(T.STRAIGHT_FLUSH, T.straight_ranks(top))  # none better left
        filled = mask
        for _ in range(wild):
            free = ~filled & T.RANK_MASK
            filled |= 1 << (free.bit_length() - 1)
        best = max(best, T.pack(T.FLUSH, T.mask_ranks(filled)[:5]))
    if best:
        return best
    held = suit_masks[0] | suit_masks[1] | suit_masks[2] | suit_masks[3]
    for top, window in T.WINDOWS:
        if 5 - (held & window).bit_count() <= wild:
            return T.pack(T.STRAIGHT, T.straight_ranks(top))
    return 0


# --------------------------------------------------------------------------- best five


def _best_cards(
    category: HandCategory, ranks: tuple[int, ...], cards: tuple[Card, ...]
) -> tuple[Card, ...]:
    naturals = sorted((c for c in cards if not c.is_joker), reverse=True)
    jokers = [c for c in cards if c.is_joker]
    wanted = [14 if r == 1 else r for r in ranks]
    if category in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH):
        for suit in Suit:
            picked = {c.rank: c for c in naturals if c.suit is suit and c.rank in wanted}
            if len(picked) + len(jokers) >= 5:
                spare = iter(jokers)
                return tuple(picked[r] if r in picked else next(spare) for r in wanted)  # type: ignore[index]
    pool = list(naturals)
    spare = iter(jokers)
    out = []
    for rank in wanted:
        found = next((c for c in pool if c.rank == rank), None)
        if found is None:
            out.append(next(spare))
        else:
            pool.remove(found)
            out.append(found)
    return tuple(out)


# --------------------------------------------------------------------------- public


def evaluate(cards: Sequence[Card], *, jokers: str = "wild") -> HandValue:
    """The value of the best five-card poker hand among 5, 6 or 7 cards.

    Hands rank from five of a kind (only with jokers) down to high card; the
    ace is high, or low in the wheel A-2-3-4-5 (the lowest straight); suits
    never break a tie.

    Args:
        cards: 5 to 7 cards: distinct natural cards and any number of jokers.
        jokers: ``"wild"`` (a joker is any card, so four tens and a joker are
            five of a kind, above a straight flush) or ``"bug"`` (a joker is
            an ace, or any card that completes a straight, a flush or a
            straight flush).

    Raises:
        InvalidCardError: fewer than 5 or more than 7 cards, a natural card
            twice, text, or something that is not a card.
        OptionError: ``jokers`` is not one of ``JOKER_RULES``.

    Examples:
        >>> from cardrules import parse_cards
        >>> evaluate(parse_cards("Ah Kh Qh Jh Th 2c 2d")).category
        <HandCategory.STRAIGHT_FLUSH: 8>
        >>> evaluate(parse_cards("5c 4d 3h 2s Ac")) < evaluate(parse_cards("6c 5d 4h 3s 2c"))
        True
        >>> str(evaluate(parse_cards("Tc Td Th Ts Jk")))
        'five of a kind: Ts Th Td Tc Jk'
        >>> str(evaluate(parse_cards("Tc Td Th Ts Jk"), jokers="bug"))
        'four of a kind: Ts Th Td Tc Jk'
        >>> evaluate(parse_cards("Ah Kh"))
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: a poker hand has 5 to 7 cards, got 2
    """
    bug = _check_rule(jokers)
    if type(cards) is tuple or type(cards) is list:
        try:
            if all(map(isinstance, cards, repeat(Card))):
                return HandValue(_strength(cards), tuple(cards))
        except (_NotFast, LookupError, TypeError):
            pass  # a joker, or bad input to explain
    hand = _checked(cards)
    return HandValue(_value_of(hand, bug), hand)


def evaluate_many(
    hands: Iterable[Sequence[Card]] | Iterable[Sequence[int]],
    *,
    jokers: str = "wild",
    check: bool = True,
) -> list[int]:
    """The strengths of many hands at once: ``evaluate(hand).value`` for each.

    Use it to rank hands fast: comparing these integers compares the hands
    (greater is better, equal is a tie); ``HandValue`` shows what one
    means. Each hand is checked as ``evaluate`` checks it. A batch of hands
    of one size without jokers is valued in a few passes of built-in functions
    over all of its cards; any other batch hand by hand.

    Hands may also be given as card codes (``encode``), the fastest form:
    codes skip the look-up of each card object.

    Args:
        hands: sequences (tuples, lists) of 5 to 7 cards each, or of the codes
            of 5 to 7 natural cards.
        jokers: how jokers count, as for ``evaluate``.
        check: look for a card held twice in a hand. ``check=False`` is faster,
            for hands known to hold distinct cards (dealt from one pack); a hand
            that holds a natural card twice then gets a meaningless value.
            Everything else is checked either way, except that with
            ``check=False`` the numbers of a hand of codes are trusted to be
            codes (one that is not may give a meaningless value).

    Raises:
        InvalidCardError: a hand is not 5 to 7 cards as ``evaluate``
            takes them; the message gives its index.
        OptionError: ``jokers`` is not one of ``JOKER_RULES``.

    Examples:
        >>> from cardrules import parse_cards
        >>> a, b = parse_cards("As Ad Kc Qh 9s 4c 2d"), parse_cards("9c 9d 9h 2s 3d 7c Jh")
        >>> [hex(v) for v in evaluate_many([a, b])]
        ['0x1eedc9', '0x3999b7']
        >>> max([a, b], key=lambda hand: evaluate(hand)) == b
        True
    """
    bug = _check_rule(jokers)
    if isinstance(hands, (str, bytes)):
        raise InvalidCardError("evaluate_many takes a sequence of hands, not text")
    try:
        batch = list(hands)
    except TypeError:
        raise InvalidCardError(
            f"evaluate_many takes an iterable of hands, got {type(hands).__name__}"
        ) from None
    if not batch:
        return []
    try:
        return _batch(batch, check)
    except (_NotFast, LookupError, TypeError, ValueError):
        pass
    out: list[int] = []
    for hand in batch:
        hand = _from_codes(hand)
        try:
            out.append(_strength(hand))
        except (_NotFast, LookupError, TypeError):
            try:
                out.append(_careful(hand, bug))
            except InvalidCardError as exc:
                raise InvalidCardError(f"hand {len(out)}: {exc}") from None
    return out


def evaluate_board(board: Sequence[int], holes: Sequence[Sequence[int]]) -> list[int]:
    """``evaluate_many`` of each hole with one shared board, all as card codes, unchecked.

    The board's codes are summed once. Each value is ``evaluate_many([(*hole, *board)],
    check=False)[0]``: the caller deals the cards from one pack (distinct codes).

    Examples:
        >>> from cardrules import parse_cards
        >>> board = encode(parse_cards("Ah Kd 7c 7s 2h"))
        >>> holes = [encode(parse_cards("As 3c")), encode(parse_cards("Qh Jh"))]
        >>> evaluate_board(board, holes) == evaluate_many([(*h, *board) for h in holes])
        True
    """
    get = T.tables().keyed[len(board) + 2].get
    base = sum(board, T.SUIT_OFFSET)
    mask = T.CODE_MASK
    out = [get((base + a + b) & mask, 0) for a, b in holes]
    if 0 in out:  # a flush of six or seven cards, valued as ``evaluate_many`` values it
        for i in _zeros(out):
            out[i] = evaluate_many([(*holes[i], *board)], check=False)[0]
    return out


_CHUNK = 2048


def _batch(batch: list[Sequence[Any]], check: bool) -> list[int]:
    """Every hand of a batch of one size, natural cards or codes only, by built-in passes.

    A missing key gives 0 (no hand is worth 0: the least is 7-5-4-3-2), so the
    hands to look at again are found by ``list.index(0)``, a C loop.

    Raises:
        _NotFast: hands of several sizes, a size out of range, or a card twice.
        LookupError: a joker, something that is not a card, or not a code.
    """
    size = len(batch[0])
    if not 5 <= size <= 7:
        raise _NotFast
    tables = T.tables()
    get = tables.keyed[size].get
    offsets = repeat(T.SUIT_OFFSET)
    zeros = repeat(0)
    encoded = type(batch[0][0]) is int
    found: list[int]
    if encoded and not check:
        # Codes summed as they are, machine integers throughout, one lazy pass
        # over the batch. A hand of another size misses its table, so needs no
        # check here: it is valued again below, as cards.
        found = list(map(get, map(T.CODE_MASK.__and__, map(sum, batch, offsets)), zeros))
    else:
        # The cards of a chunk in one stream, cut into hands by ``zip``: every
        # hand must have the same size.
        if list(map(len, batch)).count(size) != len(batch):
            raise _NotFast
        wide = (_WIDE_OF_CODE if encoded else _WIDE).__getitem__
        narrow = _CODE.__getitem__
        found = []
        for start in range(0, len(batch), _CHUNK):  # chunks: the work stays in the CPU's cache
            chunk = batch[start : start + _CHUNK]
            if check:  # wide forms: a card twice leaves a bit in the key, which then misses
                cards = map(wide, chain.from_iterable(chunk))
                sums = list(map(sum, zip(*([cards] * size), strict=False), offsets))
                values = list(map(get, map(T.WIDE_MASK.__and__, sums), zeros))
                for i in _zeros(values):  # flushes of six or seven cards: the flush suit's slots
                    values[i] = _wide_flush(sums[i], tables)
                found += values
            else:
                cards = map(narrow, chain.from_iterable(chunk))
                hands = zip(*([cards] * size), strict=False)
                found += map(get, map(T.CODE_MASK.__and__, map(sum, hands, offsets)), zeros)
    for i in _zeros(found):  # unchecked: flushes of six or seven cards, or a card twice
        found[i] = _strength(_from_codes(batch[i]))
    return found


def _zeros(values: list[int]) -> list[int]:
    """The positions of 0 in ``values``, found by ``list.index`` (a C loop)."""
    out = []
    i = -1
    try:
        while True:
            i = values.index(0, i + 1)
            out.append(i)
    except ValueError:
        return out


def _wide_flush(s: int, tables: T.Tables) -> int:
    """The value of a wide sum of six or seven cards with a flush."""
    flags = s & T.FLUSH_BITS
    if not flags or s & T.DUP_BITS:
        raise _NotFast  # a card twice (or a code that is not a card's)
    suit = (flags.bit_length() >> 2) - 1
    return tables.spread[s >> (T.SLOT_SHIFT + 39 * suit) & T.SPREAD_MASK]


def _from_codes(hand: Any) -> Any:
    """A hand of card codes as cards (codes that are not cards left as they are)."""
    if isinstance(hand, (tuple, list)) and hand and all(type(x) is int for x in hand):
        return tuple(_CARD_OF.get(x, x) for x in hand)
    return hand


def encode(cards: Iterable[Card]) -> tuple[int, ...]:
    """The cards' integer codes, the fast form of a hand for ``evaluate_many``.

    Convert cards once (a pack, a board, each player's hole cards) and build
    hands from the codes, as tuples or lists: ``evaluate_many`` then skips the
    look-up of each card, its largest cost. A code is a plain ``int`` that
    stands for one natural card; ``decode`` turns codes back into cards.
    The numbers themselves are this library's business and may change between
    versions: store cards, not codes.

    Raises:
        InvalidCardError: something that is not a natural card (a joker has
            no code: hands with jokers go to ``evaluate_many`` as cards).

    Examples:
        >>> from cardrules import parse_cards
        >>> board = encode(parse_cards("Qs Jd Td 4c 4h"))
        >>> ace_king, nines = encode(parse_cards("Ac Kc")), encode(parse_cards("9c 9h"))
        >>> strong, weak = evaluate_many([ace_king + board, nines + board])
        >>> strong > weak, [str(c) for c in decode(ace_king)]
        (True, ['Ac', 'Kc'])
    """
    if isinstance(cards, (str, bytes)):
        raise InvalidCardError("encode takes a sequence of cards, not text; use parse_cards")
    out = []
    for card in cards:
        code = _CODE.get(card) if isinstance(card, Card) else None
        if code is None:
            raise InvalidCardError(f"only natural cards have codes, got {card!r:.40}")
        out.append(code)
    return tuple(out)


def decode(codes: Iterable[int]) -> tuple[Card, ...]:
    """The cards of ``encode``'s codes.

    Raises:
        InvalidCardError: a number that is not a card's code.

    Examples:
        >>> from cardrules import parse_cards
        >>> [str(c) for c in decode(encode(parse_cards("Th 2c")))]
        ['Th', '2c']
    """
    out = []
    for code in codes:
        card = _CARD_OF.get(code) if type(code) is int else None
        if card is None:
            raise InvalidCardError(f"not a card's code: {code!r:.40}")
        out.append(card)
    return tuple(out)
