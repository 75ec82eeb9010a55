"""Hold'em ranges: the usual shorthand for sets of starting hands, and their equity (private).

See ``cardrules.poker`` for the public face. A range is read token by token
(commas or spaces between them) into the set of two-card hands it stands for;
range equity counts every matchup of one hand from each range that shares no
card, each matchup weighing the same, as the common equity calculators do.
Matchups that differ only by a renaming of suits (one that leaves the board
and the dead cards where they are) have the same equity, so the exact count
is made once per such class.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Sequence
from itertools import islice, product

from cardrules.cards import Card
from cardrules.errors import InvalidCardError
from cardrules.poker import _tables as T
from cardrules.poker._equity import (
    CARDS,
    DEFAULT_SAMPLES,
    WIDE,
    HandEquity,
    Patterns,
    card_codes,
    check_samples,
    exact_patterns,
    make_rng,
    read_board,
    tally,
)
from cardrules.poker._evaluate import _wide_flush

__all__ = ["EXACT_WORK", "InvalidRangeError", "parse_range", "range_equity"]

Hand = tuple[Card, Card]
Matchup = tuple[tuple[int, int], ...]  # one hand (two card codes) per seat
Signature = tuple[tuple[tuple[int, int], ...], ...]

EXACT_WORK = 400_000
"""``range_equity`` counts exactly when the distinct matchups (up to suits)
times the rank patterns of the cards to come (6,188 for a whole board, 1,820
for four cards, 455, 91 for the turn and river, 13, 1) is at most this: about
a second of work. Otherwise it samples."""

MATCHUP_LIMIT = 200_000
"""More pairings of hands than this (before removing the clashing ones) are
sampled rather than listed."""

_PATTERNS = (1, 13, 91, 455, 1820, 6188)  # rank multisets of 0-5 cards
_RANKS = "23456789TJQKA"
_CARD = re.compile(r"[2-9TJQKA][CDHS]", re.IGNORECASE)
_COMBO = re.compile(r"[2-9TJQKA][CDHS][2-9TJQKA][CDHS]", re.IGNORECASE)
_TOKEN = re.compile(
    r"(?P<a>[2-9TJQKA])(?P<b>[2-9TJQKA])(?P<kind>[SO]?)"
    r"(?:(?P<plus>\+)|-(?P<a2>[2-9TJQKA])(?P<b2>[2-9TJQKA])(?P<kind2>[SO]?))?",
    re.IGNORECASE,
)


_DASH = (
    "a dash joins two pairs (22-55), two hands with the same top card and kind (A5s-A2s)"
    " or two hands with the same gap and kind (T9s-65s)"
)


class InvalidRangeError(InvalidCardError):
    """Range text that cannot be read, or a range with no hand left; says which token."""


def _hands_of(high: int, low: int, kind: str) -> list[tuple[int, int]]:
    """The hands of ranks ``high`` and ``low`` (0-12) as card-code pairs, higher card first."""
    if high == low:
        return [
            (high + 13 * s, high + 13 * t) for s in range(3, -1, -1) for t in range(s - 1, -1, -1)
        ]
    out = []
    for s in range(3, -1, -1):
        for t in range(3, -1, -1):
            if (s == t and kind != "o") or (s != t and kind != "s"):
                out.append((high + 13 * s, low + 13 * t))
    return out


def _token_hands(token: str, text: str) -> list[tuple[int, int]]:
    """The hands of one token of range text."""
    where = f"cannot read range {text!r:.80}: token {token!r:.20}"
    if _COMBO.fullmatch(token):
        try:
            high, low = card_codes(token, "")
        except InvalidCardError:
            raise InvalidRangeError(f"{where} holds one card twice") from None
        return [(high, low) if high % 13 >= low % 13 else (low, high)]
    found = _TOKEN.fullmatch(token)
    if found is None:
        raise InvalidRangeError(
            f"{where} is no hand: write pairs (TT, 22-55, 99+), suited or offsuit hands"
            " (AKs, KQo, AK, KTs+, A5s-A2s) or cards (AhKh)"
        )
    rank = _RANKS.index
    a, b = sorted((rank(found["a"].upper()), rank(found["b"].upper())), reverse=True)
    kind = found["kind"].lower()
    if a == b and kind:
        raise InvalidRangeError(f"{where}: a pair is neither suited nor offsuit")
    if found["plus"]:
        if a == b:
            return [h for r in range(a, 13) for h in _hands_of(r, r, "")]
        return [h for low in range(b, a) for h in _hands_of(a, low, kind)]
    if found["a2"]:
        a2, b2 = sorted((rank(found["a2"].upper()), rank(found["b2"].upper())), reverse=True)
        if a == b and a2 == b2:
            lo, hi = sorted((a, a2))
            return [h for r in range(lo, hi + 1) for h in _hands_of(r, r, "")]
        if a == b or a2 == b2 or kind != found["kind2"].lower():
            raise InvalidRangeError(f"{where}: {_DASH}")
        if a == a2:
            lo, hi = sorted((b, b2))
            return [h for low in range(lo, hi + 1) for h in _hands_of(a, low, kind)]
        if a - b != a2 - b2:
            raise InvalidRangeError(f"{where}: {_DASH}")
        lo, hi = sorted((b, b2))  # a series of hands with the same gap, T9s-65s
        return [h for low in range(lo, hi + 1) for h in _hands_of(low + a - b, low, kind)]
    return _hands_of(a, b, kind)


def _range_codes(text: object, dead: Iterable[int]) -> list[tuple[int, int]]:
    """Range text (or hands) as sorted, distinct code pairs, without the dead cards."""
    if isinstance(text, str):
        tokens: list[str] = []
        for word in text.replace(",", " , ").split():
            if _CARD.fullmatch(word) and tokens and _CARD.fullmatch(tokens[-1]):
                tokens[-1] += word  # a hand written as two cards, "Ah Kh"
            else:
                tokens.append(word)
        tokens = [t for t in tokens if t != ","]
        if not tokens:
            raise InvalidRangeError(f"range {text!r:.80} names no hand")
        seen: dict[frozenset[int], tuple[int, int]] = {}
        for token in tokens:
            for hand in _token_hands(token, text):
                seen.setdefault(frozenset(hand), hand)
        hands = list(seen.values())
        what = f"range {text!r:.80}"
    elif isinstance(text, (bytes, Card)) or not isinstance(text, Iterable):
        raise InvalidRangeError(
            f"a range is text or a sequence of hands, got {type(text).__name__}"
        )
    else:
        items = list(islice(text, 1327))
        if len(items) > 1326:
            raise InvalidRangeError("a range holds at most the 1,326 two-card hands")
        if len(items) == 2 and all(isinstance(c, Card) for c in items):
            items = [items]  # one hand
        hands = []
        keys: set[frozenset[int]] = set()
        for i, item in enumerate(items):
            codes = card_codes(item, f"hand {i} of a range")
            if len(codes) != 2:
                raise InvalidRangeError(f"hand {i} of a range must be two cards, got {len(codes)}")
            if codes[0] % 13 < codes[1] % 13:
                codes.reverse()
            if frozenset(codes) not in keys:
                keys.add(frozenset(codes))
                hands.append((codes[0], codes[1]))
        what = "the range"
        if not hands:
            raise InvalidRangeError("a range needs at least one hand")
    out = set(dead)
    kept = [h for h in hands if h[0] not in out and h[1] not in out]
    if not kept:
        raise InvalidRangeError(f"{what} has no hand left without the cards already seen")
    kept.sort(key=lambda h: (-(h[0] % 13), -(h[1] % 13), -(h[0] // 13), -(h[1] // 13)))
    return kept


def parse_range(text: str, dead: Sequence[Card] | str = ()) -> tuple[Hand, ...]:
    """The two-card hands that range text stands for, without those that hold a dead card.

    Tokens, separated by commas or spaces: a pair ``TT`` (6 hands), pairs from
    one up ``TT+``, a span of pairs ``22-55``; suited ``AKs`` (4), offsuit
    ``KQo`` (12), both ``AK`` (16); ``KTs+`` raises the second card up to one
    below the first (KTs, KJs, KQs); ``A5s-A2s`` spans the second card,
    ``T9s-65s`` both cards with the same gap; exact cards ``AhKh`` (or
    ``Ah Kh``). Rank letters may be lower-case. Each hand appears once,
    higher card first, strongest ranks first.

    Args:
        text: the range.
        dead: cards that no hand may hold (the board, your own cards).

    Raises:
        InvalidRangeError: a token that is no hand (the message quotes the
            text and the token), or no hand left once the dead cards are out.
        InvalidCardError: ``dead`` is not distinct natural cards.

    Examples:
        >>> len(parse_range("AA")), len(parse_range("AKs")), len(parse_range("AKo"))
        (6, 4, 12)
        >>> len(parse_range("TT+, A5s-A2s, KQo, AK")), len(parse_range("22-55"))
        (74, 24)
        >>> [" ".join(map(str, hand)) for hand in parse_range("KTs+", dead="Ks")]
        ['Kh Qh', 'Kd Qd', 'Kc Qc', 'Kh Jh', 'Kd Jd', 'Kc Jc', 'Kh Th', 'Kd Td', 'Kc Tc']
        >>> parse_range("AK, QZs")
        Traceback (most recent call last):
        ...
        cardrules.poker._ranges.InvalidRangeError: cannot read range 'AK, QZs': token 'QZs' ...
    """
    if not isinstance(text, str):
        raise InvalidRangeError(f"parse_range reads text, got {type(text).__name__}")
    dead_codes = card_codes(dead, "the dead cards")
    return tuple((CARDS[a], CARDS[b]) for a, b in _range_codes(text, dead_codes))


def _signature(hands: Matchup, fixed: list[list[tuple[int, int]]]) -> Signature:
    """The matchup up to a renaming of suits that keeps the board and dead cards.

    Per suit, the sorted (owner, rank) of its cards (owner: the seat, or -1 for
    the board and -2 for dead cards); the four sorted. Two matchups have the
    same signature exactly when a renaming of suits turns one into the other.
    """
    suits = [list(cards) for cards in fixed]
    for seat, hand in enumerate(hands):
        for code in hand:
            suits[code // 13].append((seat, code % 13))
    return tuple(sorted(tuple(sorted(cards)) for cards in suits))


def range_equity(
    ranges: Sequence[str | Sequence[Sequence[Card]] | Sequence[Card]],
    board: Sequence[Card] | str = (),
    dead: Sequence[Card] | str = (),
    *,
    samples: int | None = None,
    rng: random.Random | int | None = None,
) -> tuple[HandEquity, ...]:
    """Each range's share of the pot, over every matchup of its hands and every board.

    A matchup deals one hand from each range, with no card shared and none on
    the board or dead; every such matchup weighs the same. The count is exact
    when it is small (``EXACT_WORK``), else ``samples`` (by default 20,000)
    matchups and boards are drawn at random, and each result carries its
    standard error. A range may be a single hand, so this is also hand
    against range.

    Args:
        ranges: two or more ranges: text (``"QQ+, AKs"``, ``"AhKh"``) or
            sequences of hands (two cards each), or a single hand of cards.
        board: the board so far, 0 to 5 cards.
        dead: cards out of play.
        samples: sample this many matchups instead of counting them all.
        rng: a ``random.Random`` or an int seed for sampling.

    Returns:
        One ``HandEquity`` per range, in the order given; its counts are of
        (matchup, board) pairs.

    Raises:
        InvalidRangeError: range text that cannot be read, or a range with no
            hand left.
        InvalidCardError: bad cards, fewer than two ranges, or ranges that
            cannot be dealt together without sharing a card.
        OptionError: a bad ``samples`` or ``rng``.

    Examples:
        Aces against kings or ace-king suited, every matchup and board:

        >>> aces, other = range_equity(["AA", "KK, AKs"])
        >>> aces.exact, aces.total, round(aces.equity, 4)
        (True, 82190592, 0.8342)

        The same on a flop, and a hand against a range on the river (nine
        hands, each better than ace high):

        >>> [round(r.equity, 4) for r in range_equity(["AA", "KK, AKs"], board="Kd 7c 2h")]
        [0.3519, 0.6481]
        >>> for result in range_equity(["Ah Kh", "QQ+"], board="Qh Jh 2c 3d 9s"):
        ...     print(result)
        0.00% (won 0, tied 0, lost 9 of 9 boards, exact)
        100.00% (won 9, tied 0, lost 0 of 9 boards, exact)
    """
    if isinstance(ranges, (str, bytes)) or not isinstance(ranges, Iterable):
        raise InvalidCardError(
            f"range_equity takes a sequence of ranges, got {type(ranges).__name__}"
        )
    board_codes, dead_codes = read_board(board, dead)
    seen = [*board_codes, *dead_codes]
    given = list(islice(ranges, 27))
    if len(given) > 26:
        raise InvalidCardError("range_equity takes at most 26 ranges (a pack holds 52 cards)")
    lists = [_range_codes(r, seen) for r in given]
    if len(lists) < 2:
        raise InvalidCardError(f"range_equity needs two or more ranges, got {len(lists)}")
    wanted = check_samples(samples, optional=True)
    generator = make_rng(rng)
    to_come = 5 - len(board_codes)
    left = 52 - 2 * len(lists) - len(seen)
    if left < to_come:
        raise InvalidCardError(f"only {left} cards are left to deal {to_come} to the board")
    matchups: list[Matchup] | None = None  # every matchup, where there are few enough
    if math.prod(map(len, lists)) <= MATCHUP_LIMIT:
        matchups = [
            hands
            for hands in product(*lists)
            if len({c for hand in hands for c in hand}) == 2 * len(hands)
        ]
        if not matchups:
            raise InvalidCardError("the ranges cannot be dealt together without sharing a card")
        if wanted is None:
            classes = _classes(matchups, board_codes, dead_codes, EXACT_WORK // _PATTERNS[to_come])
            if classes is not None:
                total: Patterns = {}
                for hands, weight in classes.values():
                    for pattern, n in exact_patterns(hands, board_codes, dead_codes).items():
                        total[pattern] = total.get(pattern, 0) + n * weight
                return tally(total, len(lists), exact=True)
    count = wanted if wanted is not None else DEFAULT_SAMPLES
    return _sample(lists, matchups, board_codes, dead_codes, count, generator)


def _classes(
    matchups: list[Matchup], board: list[int], dead: list[int], limit: int
) -> dict[Signature, tuple[Matchup, int]] | None:
    """The matchups by class (up to suits): one of each and how many; None past ``limit``."""
    fixed: list[list[tuple[int, int]]] = [[], [], [], []]
    for owner, codes in ((-1, board), (-2, dead)):
        for code in codes:
            fixed[code // 13].append((owner, code % 13))
    out: dict[Signature, tuple[Matchup, int]] = {}
    for hands in matchups:
        key = _signature(hands, fixed)
        entry = out.get(key)
        if entry is None:
            if len(out) == limit:
                return None
            out[key] = (hands, 1)
        else:
            out[key] = (entry[0], entry[1] + 1)
    return out


def _sample(
    lists: list[list[tuple[int, int]]],
    matchups: list[Matchup] | None,
    board: list[int],
    dead: list[int],
    count: int,
    rng: random.Random,
) -> tuple[HandEquity, ...]:
    """Range equity from ``count`` matchups drawn at random, each with a random board.

    A matchup is drawn from the list where there is one, else one hand from
    each range, drawn again while two of them share a card.
    """
    tables = T.tables()
    get = tables.keyed[7].get
    mask = T.CODE_MASK
    seen = {*board, *dead}
    pack = [c for c in range(52) if c not in seen]
    base = sum(WIDE[c] for c in board) + T.SUIT_OFFSET
    to_come = 5 - len(board)
    seats = range(len(lists))
    total: Patterns = {}
    tries = 0
    for _ in range(count):
        if matchups is not None:
            hands = rng.choice(matchups)
        else:
            while True:
                hands = tuple(rng.choice(options) for options in lists)
                if len({c for hand in hands for c in hand}) == 2 * len(hands):
                    break
                tries += 1
                if tries > 100 * count + 10_000:
                    raise InvalidCardError("the ranges almost never deal together without a clash")
        used = {c for hand in hands for c in hand}
        extra = base + sum(WIDE[c] for c in rng.sample([c for c in pack if c not in used], to_come))
        values = []
        for a, b in hands:
            s = extra + WIDE[a] + WIDE[b]
            values.append(get(s & mask, 0) or _wide_flush(s, tables))
        top = max(values)
        pattern = tuple(i for i in seats if values[i] == top)
        total[pattern] = total.get(pattern, 0) + 1
    return tally(total, len(lists), exact=False)
