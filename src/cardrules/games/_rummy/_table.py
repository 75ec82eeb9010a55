"""The table of a rummy game, read once per table: what it takes, what frees its jokers,
and the legal-move pieces built on that, under the game's ``MeldRules``.

Every function here is a pure read of immutable values, remembered per meld or per table
(the same table is read turn after turn): ``meld_fits`` (what a meld takes),
``joker_wants`` (what frees its joker), ``table_layoffs``, ``table_fits``,
``table_jokers`` and ``joker_cards`` (the same over a whole table), ``meld_moves`` (the new
melds a hand can lay), ``retrieve_moves``; and the checks every rummy move passes first
(``bad_fields``) and the removal of cards from a hand and its known-card record
(``remove_cards``).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.melds import DEFAULT_RULES, check_meld
    >>> [(str(c), end) for c, end in meld_fits(check_meld(parse_cards("5c 6c 7c")), DEFAULT_RULES)]
    [('4c', 'low'), ('Jk', 'low'), ('8c', 'high'), ('Jk', 'high')]
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence

import attrs

from cardrules.cards import Card
from cardrules.engine import Move, replace_at
from cardrules.games._rummy._moves import (
    SIDES,
    LayMeld,
    LayOff,
    Retrieve,
    Side,
    TableMeld,
    lay_meld_move,
    lay_off_move,
)
from cardrules.melds import (
    Meld,
    MeldKind,
    MeldRules,
    _candidate_cards,
    check_meld,
    layoff_cards,
)

__all__ = [
    "bad_fields",
    "end_problem",
    "joker_cards",
    "joker_wants",
    "laid_meld",
    "meld_fits",
    "meld_moves",
    "missing_cards",
    "remove_cards",
    "retrieve_moves",
    "table_fits",
    "table_jokers",
    "table_layoffs",
]


@functools.lru_cache(maxsize=4096)
def meld_fits(meld: Meld, rules: MeldRules) -> tuple[tuple[Card, str], ...]:
    """The cards (jokers as ``Jk``) that may be laid off on ``meld``, with the run end:
    ``cardrules.melds.layoff_cards``, remembered per meld."""
    return layoff_cards(meld, rules)


@functools.lru_cache(maxsize=4096)
def joker_wants(meld: Meld, rules: MeldRules) -> tuple[tuple[Card, ...], int]:
    """What releases a joker of a table meld: for a run, the cards its jokers stand for
    (and 0: one of them frees its joker); for a set, its missing cards and how many of them
    must be supplied together. Nothing for a meld whose joker the rules keep.

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.melds import check_meld
        >>> closed = MeldRules(set_joker_retrieval="closed")
        >>> wants = [joker_wants(check_meld(parse_cards(t)), closed)
        ...          for t in ("7c Jk 9c", "Ks Kd Jk", "Ks Kd Kc Jk")]
        >>> [([str(c) for c in cards], need) for cards, need in wants]
        [(['8c'], 0), (['Kc', 'Kh'], 2), ([], 0)]
    """
    jokers = meld.joker_positions
    if not jokers or meld.kind is MeldKind.DOUBLE:
        return (), 0
    if meld.kind is MeldKind.RUN:
        return tuple(f for f in (meld.faces[p] for p in jokers) if f is not None), 0
    retrieval = rules.set_joker_retrieval
    if retrieval == "never" or (retrieval == "closed" and len(meld.cards) >= 4):
        return (), 0
    rank = meld.rank
    assert rank is not None
    need = 4 - (len(meld.cards) - len(jokers)) - (len(jokers) - 1)
    return tuple(Card(rank, s) for s in sorted(meld.missing_suits)), need


def remove_cards(
    hands: tuple[tuple[Card, ...], ...],
    known: tuple[tuple[Card, ...], ...],
    seat: int,
    cards: Sequence[Card],
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    """``hands`` and the known-card record ``known`` with ``cards`` gone from ``seat``.

    Examples:
        >>> from cardrules import parse_cards
        >>> hands, known = remove_cards((parse_cards("Ah Kh 2c"),), (parse_cards("Kh"),), 0,
        ...                             parse_cards("Kh"))
        >>> [str(c) for c in hands[0]], known
        (['Ah', '2c'], ((),))
    """
    hand = list(hands[seat])
    for card in cards:
        hand.remove(card)
    mine = known[seat]
    if mine:  # most hands hold no card known to the others
        kept = list(mine)
        for card in cards:
            if card in kept:
                kept.remove(card)
        if len(kept) != len(mine):
            known = replace_at(known, seat, tuple(kept))
    return replace_at(hands, seat, tuple(hand)), known


def missing_cards(cards: Sequence[Card], hand: Sequence[Card], seat: int) -> str:
    """Which of ``cards`` ``seat``'s hand lacks, as a refusal (``""`` when it holds them).

    Examples:
        >>> from cardrules import parse_cards
        >>> missing_cards(parse_cards("Kc Kd"), parse_cards("Kc 2h"), 1)
        'Kd not in the hand of seat 1'
    """
    missing = Counter(cards) - Counter(hand)
    if missing:
        return f"{' '.join(map(str, missing.elements()))} not in the hand of seat {seat}"
    return ""


def bad_fields(move: Move) -> str:
    """Why a move's fields have the wrong types (``""`` when they are right), by the field
    names the rummy moves use: ``card``, ``cards``, ``target``, ``side`` and ``kind``.

    Examples:
        >>> from cardrules import parse_card
        >>> from cardrules.games._rummy import Discard
        >>> bad_fields(LayOff(parse_card("4c"), "0", Side.LOW))
        "a meld on the table is named by its number, got '0'"
        >>> bad_fields(Discard(parse_card("4c")))
        ''
    """
    fields: tuple[attrs.Attribute[object], ...] = getattr(type(move), "__attrs_attrs__", ())
    for field in fields:
        value = getattr(move, field.name)
        name = field.name
        if name == "card" and type(value) is not Card:
            return f"expected one card, got {value!r:.40}"
        if name == "target" and type(value) is not int:
            return f"a meld on the table is named by its number, got {value!r:.40}"
        if name == "cards" and not (type(value) is tuple and all(type(c) is Card for c in value)):
            if isinstance(value, Card):
                return f"expected a tuple of cards, got the card {value}"
            return f"expected a tuple of cards, got {value!r:.60}"
        if name == "side" and value is not None and type(value) is not Side:
            return f"the side must be Side.LOW, Side.HIGH or None, got {value!r:.40}"
        if name == "kind" and type(value) is not MeldKind:
            return f"the meld kind must be a MeldKind, got {value!r:.40}"
    return ""


def end_problem(meld: Meld, grown: Meld, move: LayOff) -> str:
    """Why the end that ``move`` names (or does not name) is wrong for ``meld``, which the
    card fits (``grown``: the meld with it), or ``""``: a run's lay-off names the end the
    card goes to, a set's names none. The caller adds its clause.

    Examples:
        >>> from cardrules import parse_card, parse_cards
        >>> from cardrules.melds import check_meld, lay_off
        >>> run = check_meld(parse_cards("5h 6h 7h"))
        >>> move = LayOff(parse_card("8h"), 0)
        >>> end_problem(run, lay_off(run, move.card), move)
        "a lay-off onto a run names its end, low or high: 'layoff 8h 0 high'"
        >>> sevens = check_meld(parse_cards("7c 7d 7s"))
        >>> move = LayOff(parse_card("7h"), 1, Side.LOW)
        >>> end_problem(sevens, lay_off(sevens, move.card), move)
        "a lay-off onto a set names no end: 'layoff 7h 1'"
    """
    if meld.kind is MeldKind.RUN:
        if move.side is not None:
            return ""
        named = LayOff(move.card, move.target, Side.LOW if grown.start < meld.start else Side.HIGH)
        return f"a lay-off onto a run names its end, low or high: '{named}'"
    if move.side is None:
        return ""
    return f"a lay-off onto a set names no end: '{LayOff(move.card, move.target)}'"


@functools.lru_cache(maxsize=1024)
def table_layoffs(
    table: tuple[TableMeld, ...], rules: MeldRules
) -> tuple[tuple[Card, LayOff], ...]:
    """Every lay-off onto the melds of ``table``, in order, with the card it lays: at a
    run's end, and naming no end onto a set.

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.melds import DEFAULT_RULES, check_meld
        >>> melds = [check_meld(parse_cards(t)) for t in ("7c 7d 7s", "3h 4h 5h")]
        >>> table = tuple(TableMeld(0, meld) for meld in melds)
        >>> [str(move) for _, move in table_layoffs(table, DEFAULT_RULES)][::2]
        ['layoff 7h 0', 'layoff 2h 1 low', 'layoff 6h 1 high']
    """
    return tuple(
        (card, lay_off_move(card, t, None if placed.meld.kind is MeldKind.SET else SIDES[end]))
        for t, placed in enumerate(table)
        for card, end in meld_fits(placed.meld, rules)
    )


@functools.lru_cache(maxsize=1024)
def table_fits(table: tuple[TableMeld, ...], rules: MeldRules) -> frozenset[Card]:
    """Every card (jokers as ``Jk``) that some meld of ``table`` takes."""
    return frozenset(card for placed in table for card, _ in meld_fits(placed.meld, rules))


@functools.lru_cache(maxsize=1024)
def table_jokers(
    table: tuple[TableMeld, ...], rules: MeldRules
) -> tuple[tuple[int, tuple[Card, ...], int], ...]:
    """The melds of ``table`` holding a joker that may be freed: each one's number and
    ``joker_wants``."""
    out = []
    for t, placed in enumerate(table):
        wanted, need = joker_wants(placed.meld, rules)
        if wanted:
            out.append((t, wanted, need))
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def joker_cards(table: tuple[TableMeld, ...], rules: MeldRules) -> frozenset[Card]:
    """The cards that alone free a joker of ``table``.

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.melds import DEFAULT_RULES, check_meld
        >>> melds = ("7d Jk 9d", "Ks Kd Kc Jk", "Qs Qd Jk")
        >>> table = tuple(TableMeld(1, check_meld(parse_cards(m))) for m in melds)
        >>> sorted(str(c) for c in joker_cards(table, DEFAULT_RULES))
        ['8d', 'Kh']
    """
    return frozenset(
        card for _, wanted, need in table_jokers(table, rules) if need <= 1 for card in wanted
    )


def retrieve_moves(
    table: tuple[TableMeld, ...], hand: Sequence[Card], rules: MeldRules
) -> list[Retrieve]:
    """Every joker retrieval the cards of ``hand`` make on ``table``, meld by meld: a run's
    joker for the one card it stands for, a set's for the missing cards it needs."""
    held = set(hand)
    out: list[Retrieve] = []
    for t, wanted, need in table_jokers(table, rules):
        if need == 0:
            out.extend(Retrieve(t, (face,)) for face in wanted if face in held)
            continue
        have = [card for card in wanted if card in held]
        out.extend(Retrieve(t, combo) for combo in itertools.combinations(have, need))
    return out


@functools.lru_cache(maxsize=64)
def meld_moves(hand: tuple[Card, ...], rules: MeldRules) -> tuple[LayMeld, ...]:
    """The new melds a sorted hand can lay, in the solver's candidate order (the whole hand
    included)."""
    return tuple([lay_meld_move(kind, cards) for kind, cards in _candidate_cards(hand, rules)])


@functools.lru_cache(maxsize=4096)
def laid_meld(cards: tuple[Card, ...], kind: MeldKind, rules: MeldRules) -> Meld:
    """``check_meld(cards, rules, kind=kind)`` of a legal meld move, remembered: the same
    melds are laid game after game.

    Raises:
        IllegalMeldError: ``cards`` are no such meld (not remembered).

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.melds import DEFAULT_RULES
        >>> cards = tuple(parse_cards("5c 6c 7c"))
        >>> laid_meld(cards, MeldKind.RUN, DEFAULT_RULES) == check_meld(cards, kind=MeldKind.RUN)
        True
    """
    return check_meld(cards, rules, kind=kind)
