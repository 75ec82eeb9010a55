"""The rummy scoring vocabulary, written once for the rummy games' standalone functions.

Every rummy game offers the same names and shapes to a score-keeping program:
``check_meld(cards)`` (a set's joker says what it stands for, a run's natural cards may come
in any order, a refusal carries its clause in ``.rule``), ``meld_value``, ``opening_value``
and ``opens``, ``hand_penalty(hand)`` and ``card_penalty(card)``, ``deal_penalties``. The
pieces here read and check the input the same way for each (``read_cards``, ``read_meld``,
``read_melds``, ``read_int``); the game module says its pack, its rules and its clauses.

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.melds import DEFAULT_RULES
    >>> meld = read_meld(parse_cards("7h Jk 5h 6h"), DEFAULT_RULES, _T51)
    >>> str(meld), [str(f) for f in meld.faces]
    ('5h-6h-7h-Jk', ['5h', '6h', '7h', '8h'])
    >>> [str(f) for f in read_meld(parse_cards("Ks Kd Jk"), DEFAULT_RULES, _T51).faces]
    ['Ks', 'Kd', 'Kc']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from cardrules.cards import Card, Rank
from cardrules.errors import CardRulesError, IllegalMeldError, InvalidCardError, OptionError
from cardrules.melds import Meld, MeldKind, MeldRules, check_meld

__all__ = ["check_flag", "read_cards", "read_int", "read_meld", "read_melds"]

Clauses = Mapping[str, str]
"""A game's clause per kind of meld refusal: ``set``, ``run``, ``double``, ``joker``
(a joker or natural-card rule) and ``meld`` (neither a set nor a run)."""

_T51: Clauses = {  # an example for the doctests (Turkish 51's own table lives with it)
    "set": "T51-2.1",
    "run": "T51-2.2",
    "double": "T51-2.3",
    "joker": "T51-2.4",
    "meld": "T51-2.1, T51-2.2",
}


def read_cards(cards: object, what: str, pack: Mapping[Card, int], game: str) -> tuple[Card, ...]:
    """``cards`` checked as cards of ``pack`` (each at most as often as the pack holds it).

    Raises:
        InvalidCardError: a single card (a Card is a tuple), not a sequence, not cards,
            cards of another pack or too many copies; the message names ``what``.
    """
    if isinstance(cards, Card):  # it would iterate as its rank and suit
        raise InvalidCardError(f"{what}: expected a sequence of cards, got the card {cards}")
    if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Iterable):
        raise InvalidCardError(f"{what} must be a sequence of cards, got {cards!r:.60}")
    out = tuple(cards)
    for card in out:
        if not isinstance(card, Card):
            raise InvalidCardError(f"{what} must hold cards, got {card!r:.60}")
        if card not in pack:
            raise InvalidCardError(f"{card} is not a card of the {game} pack ({what})")
    for card, n in Counter(out).items():
        if n > pack[card]:
            raise InvalidCardError(f"{what} hold {card} {n} times; the pack has {pack[card]}")
    return out


def read_int(value: object, name: str, *, minimum: int | None = None) -> int:
    """``value`` checked as a whole number (not a bool), at least ``minimum``.

    Raises:
        OptionError: it is not.
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionError(f"{name} must be a whole number, got {value!r:.40}")
    if minimum is not None and value < minimum:
        raise OptionError(f"{name} must be at least {minimum}, got {value}")
    return value


def _clause(message: str, kind: MeldKind | None, clauses: Clauses) -> str:
    if "joker" in message or "natural" in message or "wild" in message:
        return clauses["joker"]
    if message.startswith("meld"):
        return clauses["meld"]
    if message.startswith("double") or kind is MeldKind.DOUBLE:
        return clauses.get("double", clauses["meld"])
    if message.startswith("set") or kind is MeldKind.SET:
        return clauses["set"]
    return clauses["run"]


def read_meld(
    cards: tuple[Card, ...], rules: MeldRules, clauses: Clauses, *, kind: MeldKind | None = None
) -> Meld:
    """Checked cards read as a meld for a score keeper: a run's natural cards in any order
    (laid order first), a set's jokers given the suits it lacks in suit order (``faces``).

    Raises:
        IllegalMeldError: no meld; the message and ``.rule`` name the game's clause.
    """
    if kind is not None and not isinstance(kind, MeldKind):
        raise IllegalMeldError(f"kind must be a MeldKind or None, got {kind!r:.40}")
    try:
        meld = check_meld(cards, rules, kind=kind)
    except IllegalMeldError as exc:
        ordered = None if kind not in (None, MeldKind.RUN) else _run_order(cards, rules)
        if ordered is None:
            raise IllegalMeldError(f"{exc} ({_clause(str(exc), kind, clauses)})") from None
        try:
            meld = check_meld(ordered, rules, kind=MeldKind.RUN)
        except IllegalMeldError:
            raise IllegalMeldError(f"{exc} ({_clause(str(exc), kind, clauses)})") from None
    return _set_faces(meld)


def _set_faces(meld: Meld) -> Meld:
    """A set whose jokers say what they stand for: the suits it lacks, in suit order."""
    if meld.kind is not MeldKind.SET or None not in meld.faces:
        return meld
    rank = meld.rank
    assert rank is not None
    lacking = iter(sorted(meld.missing_suits))
    faces = tuple(f if f is not None else Card(rank, next(lacking)) for f in meld.faces)
    return Meld(kind=meld.kind, cards=meld.cards, faces=faces, start=meld.start)


def _run_order(cards: tuple[Card, ...], rules: MeldRules) -> tuple[Card, ...] | None:
    """The cards of a would-be run laid low to high, jokers in the gaps and then past the
    high end (or below the low end where the high end is the ace); ``None`` when the
    natural cards are not of one suit or cannot make a run at all."""
    wild = [c for c in cards if rules.is_wild(c)]
    naturals = [c for c in cards if not rules.is_wild(c)]
    if len(naturals) < 2 or len({c.suit for c in naturals}) != 1:
        return None
    ace_places = [p for p, ok in ((14, rules.ace_high), (1, rules.ace_low)) if ok]
    for ace in ace_places or [14]:
        placed = sorted(((ace if c.rank == Rank.ACE else int(c.rank)), c) for c in naturals)
        places = [p for p, _ in placed]
        if len(set(places)) != len(places):
            return None
        gaps = places[-1] - places[0] + 1 - len(places)
        if gaps > len(wild):
            continue
        out: list[Card] = []
        jokers = list(wild)
        at = dict(placed)
        for place in range(places[0], places[-1] + 1):
            out.append(at[place] if place in at else jokers.pop())
        top = places[-1]
        while jokers and top < 14:
            out.append(jokers.pop())
            top += 1
        while jokers:
            out.insert(0, jokers.pop())
        return tuple(out)
    return None


def read_melds(
    melds: object,
    read: Callable[[Iterable[Card]], Meld],
    pack: Mapping[Card, int],
) -> tuple[Meld, ...]:
    """Melds given as ``Meld`` values or as sequences of cards (each read by ``read``), at
    most as many copies of a card over all of them as ``pack`` holds.

    Raises:
        IllegalMeldError: not a sequence of melds, or a group that is no meld.
        InvalidCardError: cards not of the pack, or too many copies over the melds.
    """
    if isinstance(melds, (str, bytes, Card, Meld, Mapping)) or not isinstance(melds, Iterable):
        raise IllegalMeldError(f"expected a list of melds, got {melds!r:.60}")
    out = tuple(m if isinstance(m, Meld) else read(m) for m in melds)  # read checks m
    for meld in out:
        if not all(isinstance(c, Card) and c in pack for c in meld.cards):
            raise InvalidCardError(f"meld {meld} holds cards of another pack")
    counts = Counter(c for m in out for c in m.cards)
    for card, n in counts.items():
        if n > pack[card]:
            raise InvalidCardError(f"the melds hold {card} {n} times; the pack has {pack[card]}")
    return out


def check_flag(value: object, name: str) -> bool:
    """``value`` checked as ``True`` or ``False``.

    Raises:
        CardRulesError: it is not a bool.
    """
    if not isinstance(value, bool):
        raise CardRulesError(f"{name} must be True or False, got {value!r:.40}")
    return value
