"""Hold'em equity: each hand's share of the pot over every board to come (private).

See ``cardrules.poker`` for the public face. The exact count never looks at a
board one by one. Without a flush, a hand's value depends on ranks alone, so
the boards are counted by *rank multiset* (at most 6,188 of them for a whole
board): the number of boards with those ranks is a product of binomial
coefficients of the cards left of each rank, and each hand is valued by one
look-up of its seven ranks. Flushes are then put right suit by suit: a flush
in a suit needs three board cards of it, so at most one suit makes flushes on
any board. For that suit the board's cards of the suit are enumerated as rank
sets, the rest again by rank multiset from the other three suits, and only
where a flush changes who wins is the count moved from the outcome by ranks
to the true one. Heads-up before the flop that is about 50,000 small steps
instead of 3.4 million seven-card evaluations.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import combinations, islice

import attrs

from cardrules.cards import Card, parse_card
from cardrules.decks import standard
from cardrules.errors import InvalidCardError, OptionError
from cardrules.poker import _tables as T
from cardrules.poker._evaluate import _wide_flush

__all__ = ["EXACT_BOARDS", "HandEquity", "equity", "equity_vs_random"]

EXACT_BOARDS = 5_000_000
"""``equity`` counts every board when there are at most this many (always, for
two or more hands of two cards: heads-up before the flop there are 1,712,304);
beyond it, or when ``samples`` is given, it samples boards."""

DEFAULT_SAMPLES = 20_000
"""Boards (or deals) sampled when sampling was not asked for but is needed."""

MAX_SAMPLES = 100_000_000
"""The most samples one call takes (about ten minutes of work)."""

Patterns = dict[tuple[int, ...], int]
"""Outcome counts: the positions of the hands that share the pot, to how often."""

# Cards by their dense code (``Card.code``: suit * 13 + rank - 2), the pack's own objects.
CARDS: tuple[Card, ...] = tuple(sorted(standard().cards, key=lambda c: c.code))
_CODE_OF: dict[Card, int] = {card: card.code for card in CARDS}
WIDE: tuple[int, ...] = tuple(T.wide_code(c.code % 13 + 2, c.code // 13) for c in CARDS)
_POWER = tuple(5**i for i in range(13))


@attrs.frozen(kw_only=True)
class HandEquity:
    """One hand's (or range's) result against the others, exact or sampled.

    Attributes:
        wins: boards (deals, for ranges) where this hand alone takes the pot.
        ties: boards where it shares the best hand with others.
        losses: boards where another hand is better.
        total: the boards counted: ``wins + ties + losses``.
        share: the pot this hand takes summed over the boards, exactly: a win
            counts 1 and a tie of k hands 1/k.
        exact: whether every board was counted (else they were sampled).
        stderr: the standard error of ``equity`` when sampled; 0.0 when exact.

    Examples:
        >>> result = HandEquity(wins=3, ties=2, losses=5, total=10, share=Fraction(4), exact=True)
        >>> result.equity, result.tie_share
        (0.4, Fraction(1, 1))
        >>> str(result)
        '40.00% (won 3, tied 2, lost 5 of 10 boards, exact)'
    """

    wins: int
    ties: int
    losses: int
    total: int
    share: Fraction
    exact: bool
    stderr: float = 0.0

    @property
    def equity(self) -> float:
        """The hand's expected share of the pot, from 0 to 1."""
        return float(self.share / self.total) if self.total else 0.0

    @property
    def tie_share(self) -> Fraction:
        """The part of ``share`` that comes from split pots."""
        return self.share - self.wins

    def __str__(self) -> str:
        how = "exact" if self.exact else f"sampled, standard error {100 * self.stderr:.2f}%"
        return (
            f"{100 * self.equity:.2f}% (won {self.wins}, tied {self.ties}, lost {self.losses}"
            f" of {self.total} boards, {how})"
        )


# --------------------------------------------------------------------------- input checks


def card_codes(cards: object, what: str) -> list[int]:
    """Natural cards (or their text, ``"Ah Kh"`` or ``"AhKh"``) as dense codes.

    Raises:
        InvalidCardError: not cards, a joker, or a card twice; names ``what``.
    """
    if isinstance(cards, str):
        text = cards.replace(",", " ").strip()
        pairs = [text[i : i + 2] for i in range(0, len(text), 2)]
        tokens = text.split() if " " in text else pairs
        try:
            items: list[object] = [parse_card(token) for token in tokens]
        except InvalidCardError as exc:
            raise InvalidCardError(f"{what}: {exc}") from None
    elif isinstance(cards, (bytes, Card)) or not isinstance(cards, Iterable):
        raise InvalidCardError(f"{what} must be a sequence of cards, got {type(cards).__name__}")
    else:
        items = list(islice(cards, 53))
    if len(items) > 52:
        raise InvalidCardError(f"{what} holds more than 52 cards")
    out: list[int] = []
    for position, card in enumerate(items):
        code = _CODE_OF.get(card) if isinstance(card, Card) else None
        if code is None:
            raise InvalidCardError(f"{what}: item {position} is not a natural card: {card!r:.40}")
        if code in out:
            raise InvalidCardError(f"{what} holds {card} twice")
        out.append(code)
    return out


def check_disjoint(groups: Sequence[tuple[str, Sequence[int]]]) -> None:
    """Refuse a card that is in two of the named groups (hands, board, dead cards)."""
    owner: dict[int, str] = {}
    for what, codes in groups:
        for code in codes:
            if code in owner:
                raise InvalidCardError(f"{CARDS[code]} is in {owner[code]} and in {what}")
            owner[code] = what


def read_board(board: object, dead: object) -> tuple[list[int], list[int]]:
    """The board (0 to 5 cards) and the dead cards, checked."""
    board_codes = card_codes(board, "the board")
    if len(board_codes) > 5:
        raise InvalidCardError(f"the board has at most 5 cards, got {len(board_codes)}")
    dead_codes = card_codes(dead, "the dead cards")
    check_disjoint([("the board", board_codes), ("the dead cards", dead_codes)])
    return board_codes, dead_codes


def read_hand(hand: object, what: str) -> tuple[int, int]:
    """Two hole cards, checked."""
    codes = card_codes(hand, what)
    if len(codes) != 2:
        raise InvalidCardError(f"{what} must be two cards, got {len(codes)}")
    return codes[0], codes[1]


def make_rng(rng: object) -> random.Random:
    """``rng`` as a ``random.Random``: itself, one seeded by an int, or a fresh one."""
    if rng is None:
        return random.Random()
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, int) and not isinstance(rng, bool):
        return random.Random(rng)
    raise OptionError(f"rng must be a random.Random, an int seed or None, got {type(rng).__name__}")


def check_samples(samples: object, *, optional: bool) -> int | None:
    """A positive whole number of samples (or ``None`` where that is allowed)."""
    if samples is None and optional:
        return None
    if not isinstance(samples, int) or isinstance(samples, bool) or not 1 <= samples <= MAX_SAMPLES:
        raise OptionError(
            f"samples must be a whole number from 1 to {MAX_SAMPLES:,}, got {samples!r:.40}"
        )
    return samples


# --------------------------------------------------------------------------- exact


def rank_multisets(available: Sequence[int], n: int) -> list[tuple[int, int]]:
    """Each multiset of ``n`` ranks as (its rank key, the number of ways to draw it).

    ``available[r]`` cards of rank index r (0-12) are left; a multiset that
    needs more of a rank than are left is skipped. The ways add up to
    ``comb(sum(available), n)``.
    """
    out: list[tuple[int, int]] = []

    def extend(r: int, left: int, key: int, ways: int) -> None:
        if not left:
            out.append((key, ways))
            return
        if r < 0:
            return
        extend(r - 1, left, key, ways)
        have = available[r]
        for k in range(1, min(left, have) + 1):
            extend(r - 1, left - k, key + k * _POWER[r], ways * math.comb(have, k))

    extend(12, n, 0, 1)
    return out


def exact_patterns(
    holes: Sequence[Sequence[int]], board: Sequence[int], dead: Iterable[int]
) -> Patterns:
    """Who takes the pot, counted over every way to complete the board.

    ``holes``, ``board`` and ``dead`` are dense card codes, all distinct (checked
    by the caller). See the module's docstring for the method.
    """
    ranks = T.tables().ranks
    used = [*board, *dead]
    for hole in holes:
        used.extend(hole)
    available = [4] * 13
    suit_left = [0x1FFF] * 4  # per suit, the ranks still in the pack
    for code in used:
        available[code % 13] -= 1
        suit_left[code // 13] &= ~(1 << code % 13)
    to_come = 5 - len(board)
    board_key = sum(_POWER[c % 13] for c in board)
    keys = [board_key + sum(_POWER[c % 13] for c in hole) for hole in holes]
    if len(holes) == 2:
        return _heads_up(keys, board, holes, available, suit_left, to_come)
    seats = range(len(holes))
    out: Patterns = {}
    # 1. Every board valued by its ranks alone, as if no flush were possible.
    for key, ways in rank_multisets(available, to_come):
        values = [ranks[k + key] for k in keys]
        top = max(values)
        pattern = tuple(i for i in seats if values[i] == top)
        out[pattern] = out.get(pattern, 0) + ways
    # 2. Boards where a suit makes a flush for someone: move their count.
    for flush, key_of, rest in _flush_boards(board, holes, available, suit_left, to_come):
        for key, ways in rest:
            key += key_of
            values = [ranks[k + key] for k in keys]
            top = max(values)
            before = tuple(i for i in seats if values[i] == top)
            values = [max(pair) for pair in zip(values, flush, strict=True)]
            top = max(values)
            after = tuple(i for i in seats if values[i] == top)
            if before != after:
                out[before] -= ways
                out[after] = out.get(after, 0) + ways
    return {pattern: n for pattern, n in out.items() if n}


def _flush_boards(
    board: Sequence[int],
    holes: Sequence[Sequence[int]],
    available: list[int],
    suit_left: list[int],
    to_come: int,
) -> Iterator[tuple[list[int], int, list[tuple[int, int]]]]:
    """The boards where someone makes a flush, grouped by the flush suit's cards.

    Yields, for each set of cards of one suit to come that gives someone a
    flush: each hand's best flush or straight flush (0 for none), the rank key
    of those cards, and the rest of the board as rank multisets of the other
    three suits (``rank_multisets``).
    """
    flushes = T.tables().flushes
    for suit in range(4):
        board_mask = sum(1 << c % 13 for c in board if c // 13 == suit)
        masks = [board_mask | sum(1 << c % 13 for c in h if c // 13 == suit) for h in holes]
        most = max(m.bit_count() for m in masks)
        if most + to_come < 5:
            continue
        left = suit_left[suit]
        suited = [r for r in range(13) if left >> r & 1]
        others = [available[r] - (left >> r & 1) for r in range(13)]
        for drawn in range(max(0, 5 - most), to_come + 1):
            rest = rank_multisets(others, to_come - drawn)
            for subset in combinations(suited, drawn):
                mask = key_of = 0
                for r in subset:
                    mask |= 1 << r
                    key_of += _POWER[r]
                flush = [flushes[m | mask] for m in masks]  # 0 below five cards of the suit
                if any(flush):
                    yield flush, key_of, rest


def _heads_up(
    keys: list[int],
    board: Sequence[int],
    holes: Sequence[Sequence[int]],
    available: list[int],
    suit_left: list[int],
    to_come: int,
) -> Patterns:
    """``exact_patterns`` for two hands: the same steps, with plain comparisons."""
    ranks = T.tables().ranks
    k0, k1 = keys
    found = [0, 0, 0]  # the first hand wins, the second wins, they split
    for key, ways in rank_multisets(available, to_come):
        a, b = ranks[k0 + key], ranks[k1 + key]
        found[0 if a > b else 1 if b > a else 2] += ways
    for (f0, f1), key_of, rest in _flush_boards(board, holes, available, suit_left, to_come):
        for key, ways in rest:
            key += key_of
            a, b = ranks[k0 + key], ranks[k1 + key]
            before = 0 if a > b else 1 if b > a else 2
            a, b = max(a, f0), max(b, f1)
            after = 0 if a > b else 1 if b > a else 2
            if before != after:
                found[before] -= ways
                found[after] += ways
    out = dict(zip(((0,), (1,), (0, 1)), found, strict=True))
    return {pattern: n for pattern, n in out.items() if n}


# --------------------------------------------------------------------------- sampled


def sampled_patterns(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Iterable[int],
    samples: int,
    rng: random.Random,
) -> Patterns:
    """Who takes the pot on ``samples`` boards drawn at random (with replacement of boards)."""
    tables = T.tables()
    get = tables.keyed[7].get
    used = {*board, *dead}
    for hole in holes:
        used.update(hole)
    pack = [WIDE[c] for c in range(52) if c not in used]
    to_come = 5 - len(board)
    base = sum(WIDE[c] for c in board) + T.SUIT_OFFSET
    sums = [base + WIDE[a] + WIDE[b] for a, b in holes]
    mask = T.CODE_MASK
    draw = rng.sample
    seats = range(len(holes))
    out: Patterns = {}
    for _ in range(samples):
        extra = sum(draw(pack, to_come))
        values = []
        for s in sums:
            s += extra
            values.append(get(s & mask, 0) or _wide_flush(s, tables))
        top = max(values)
        pattern = tuple(i for i in seats if values[i] == top)
        out[pattern] = out.get(pattern, 0) + 1
    return out


# --------------------------------------------------------------------------- results


def tally(patterns: Patterns, seats: int, *, exact: bool) -> tuple[HandEquity, ...]:
    """Each seat's ``HandEquity`` from the outcome counts."""
    total = sum(patterns.values())
    out = []
    for seat in range(seats):
        wins = ties = 0
        share = Fraction(0)
        square = Fraction(0)  # the sum of the squared shares, for the standard error
        for pattern, n in patterns.items():
            if seat in pattern:
                if len(pattern) == 1:
                    wins += n
                else:
                    ties += n
                part = Fraction(1, len(pattern))
                share += n * part
                square += n * part * part
        stderr = 0.0
        if not exact and total > 1:
            mean = share / total
            variance = (square - total * mean * mean) / (total - 1)
            stderr = math.sqrt(max(0.0, float(variance / total)))
        out.append(
            HandEquity(
                wins=wins,
                ties=ties,
                losses=total - wins - ties,
                total=total,
                share=share,
                exact=exact,
                stderr=stderr,
            )
        )
    return tuple(out)


def boards_to_come(left: int, to_come: int) -> int:
    """How many boards can complete the board from ``left`` unseen cards."""
    return math.comb(left, to_come)


# --------------------------------------------------------------------------- public


def equity(
    hands: Sequence[Sequence[Card] | str],
    board: Sequence[Card] | str = (),
    dead: Sequence[Card] | str = (),
    *,
    samples: int | None = None,
    rng: random.Random | int | None = None,
) -> tuple[HandEquity, ...]:
    """Each Hold'em hand's share of the pot over the boards to come.

    Every way to complete the board from the unseen cards is counted exactly
    when there are at most ``EXACT_BOARDS`` of them (always, for two or more
    hands) unless ``samples`` asks for sampling: then that many boards are
    drawn at random and each result carries its standard error. A split pot
    counts 1/k to each of the k hands that share it.

    Args:
        hands: two or more hands of two cards each (cards, or text such as
            ``"AhKh"`` or ``"Ah Kh"``).
        board: the board so far, 0 to 5 cards.
        dead: cards known to be out of play (folded, burnt, seen).
        samples: sample this many boards instead of counting them all.
        rng: a ``random.Random`` or an int seed for sampling (a fresh
            generator when ``None``).

    Returns:
        One ``HandEquity`` per hand, in the order given.

    Raises:
        InvalidCardError: fewer than two hands, a hand that is not two natural
            cards, a board of more than five, a card twice anywhere, or not
            enough cards left to finish the board.
        OptionError: ``samples`` is not a positive whole number, or ``rng`` is
            not a generator or a seed.

    Examples:
        Aces against kings before the flop, every one of the 1,712,304 boards:

        >>> aces, kings = equity(["AdAc", "KhKs"])
        >>> aces.wins, aces.ties, aces.losses, aces.total
        (1388072, 6538, 317694, 1712304)
        >>> round(aces.equity, 3), round(kings.equity, 3)
        (0.813, 0.187)

        On the turn, with a card known to be burnt: six hearts of the eight
        left make the flush (the 2 and the 5 give the queens a full house).

        >>> for result in equity(["Ah Kh", "Qs Qd"], board="Qh 7h 2c 5s", dead="3h"):
        ...     print(result)
        13.95% (won 6, tied 0, lost 37 of 43 boards, exact)
        86.05% (won 37, tied 0, lost 6 of 43 boards, exact)

        Sampled, with its standard error:

        >>> aces, _ = equity(["AdAc", "KhKs"], samples=10_000, rng=1)
        >>> aces.exact, abs(aces.equity - 0.8126) < 4 * aces.stderr
        (False, True)
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise InvalidCardError(f"equity takes a sequence of hands, got {type(hands).__name__}")
    given = list(islice(hands, 27))
    if len(given) > 26:
        raise InvalidCardError("equity takes at most 26 hands (a pack holds 52 cards)")
    holes = [read_hand(hand, f"hand {i}") for i, hand in enumerate(given)]
    if len(holes) < 2:
        raise InvalidCardError(f"equity needs two or more hands, got {len(holes)}")
    board_codes, dead_codes = read_board(board, dead)
    check_disjoint(
        [(f"hand {i}", hole) for i, hole in enumerate(holes)]
        + [("the board", board_codes), ("the dead cards", dead_codes)]
    )
    wanted = check_samples(samples, optional=True)
    generator = make_rng(rng)
    to_come = 5 - len(board_codes)
    left = 52 - 2 * len(holes) - len(board_codes) - len(dead_codes)
    if left < to_come:
        raise InvalidCardError(f"only {left} cards are left to deal {to_come} to the board")
    if wanted is None and boards_to_come(left, to_come) <= EXACT_BOARDS:
        return tally(exact_patterns(holes, board_codes, dead_codes), len(holes), exact=True)
    count = wanted if wanted is not None else DEFAULT_SAMPLES
    patterns = sampled_patterns(holes, board_codes, dead_codes, count, generator)
    return tally(patterns, len(holes), exact=False)


def equity_vs_random(
    hole: Sequence[Card] | str,
    board: Sequence[Card] | str = (),
    opponents: int = 1,
    *,
    samples: int = DEFAULT_SAMPLES,
    rng: random.Random | int | None = None,
) -> HandEquity:
    """A hand's share of the pot against ``opponents`` unknown hands, sampled.

    The helper for bots: each sample deals every opponent two cards and the
    rest of the board at random from the cards the hero cannot see, and the
    pot goes to the best hand (split among ties). The result is the hero's,
    with its standard error (about ``0.5 / sqrt(samples)`` at most).

    Args:
        hole: the hero's two cards.
        board: the board so far, 0 to 5 cards.
        opponents: how many hands the hero faces, 1 to 22.
        samples: how many deals to sample.
        rng: a ``random.Random`` or an int seed (a fresh generator when ``None``).

    Raises:
        InvalidCardError: a hole that is not two natural cards, a board of
            more than five, or a card twice.
        OptionError: ``opponents`` or ``samples`` out of range, or a bad ``rng``.

    Examples:
        >>> aces = equity_vs_random("As Ah", opponents=1, samples=4000, rng=7)
        >>> 0.82 < aces.equity < 0.88, aces.total, aces.exact
        (True, 4000, False)
        >>> four = equity_vs_random("As Ah", opponents=4, samples=4000, rng=7)
        >>> 0.52 < four.equity < 0.60, four.stderr < 0.01
        (True, True)
    """
    hero = read_hand(hole, "the hole cards")
    board_codes, _ = read_board(board, ())
    check_disjoint([("the hole cards", hero), ("the board", board_codes)])
    if not isinstance(opponents, int) or isinstance(opponents, bool) or not 1 <= opponents <= 22:
        raise OptionError(f"opponents must be a whole number from 1 to 22, got {opponents!r:.40}")
    count = check_samples(samples, optional=False)
    assert count is not None
    generator = make_rng(rng)
    tables = T.tables()
    get = tables.keyed[7].get
    mask = T.CODE_MASK
    used = {*hero, *board_codes}
    pack = [WIDE[c] for c in range(52) if c not in used]
    to_come = 5 - len(board_codes)
    if len(pack) < to_come + 2 * opponents:
        raise OptionError(f"not enough cards to deal {opponents} opponents and the board")
    base = sum(WIDE[c] for c in board_codes) + T.SUIT_OFFSET
    mine = base + WIDE[hero[0]] + WIDE[hero[1]]
    draw = generator.sample
    size = to_come + 2 * opponents
    out: Patterns = {}  # the hero is seat 0; a loss is (1,), a tie of k hands (0, ..., k-1)
    loss = (1,)
    shared = [tuple(range(k)) for k in range(opponents + 2)]
    for _ in range(count):
        cards = draw(pack, size)
        common = sum(cards[:to_come])
        s = mine + common
        me = get(s & mask, 0) or _wide_flush(s, tables)
        values = []
        for i in range(to_come, size, 2):
            s = base + common + cards[i] + cards[i + 1]
            values.append(get(s & mask, 0) or _wide_flush(s, tables))
        best = max(values)
        pattern = loss if best > me else shared[1 + values.count(me)]
        out[pattern] = out.get(pattern, 0) + 1
    return tally(out, 1, exact=False)[0]
