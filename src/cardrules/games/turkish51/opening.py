"""Turkish 51 openings without the engine: the value of a set of melds, whether it
opens above a threshold, and what a joker in a meld stands for.

For programs that keep score at a real table. Clauses are those of ``seeds/turkish51.md``.

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games import turkish51
    >>> melds = [parse_cards("Qh Kh Ah"), parse_cards("7s 7d 7c")]
    >>> turkish51.opening_value(melds), turkish51.opens(melds, threshold=51)
    (52, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from cardrules.cards import Card
from cardrules.errors import IllegalMeldError
from cardrules.games._rummy import read_int, read_melds
from cardrules.games.turkish51.scoring import DECK, RULES, check_meld
from cardrules.melds import Meld, MeldKind, meld_value

__all__ = ["joker_faces", "opening_value", "opens", "opens_with_doubles"]

_PACK = DECK.counts()


def _melds(melds: object) -> tuple[Meld, ...]:
    """Melds given as ``Meld`` values or as sequences of cards (checked), at most two
    copies of a card over all of them (the 106-card pack)."""
    return read_melds(melds, check_meld, _PACK)


def opening_value(melds: Iterable[Meld | Iterable[Card]]) -> int:
    """The value of an opening: the sum of its melds' values (T51-5.1).

    Each card counts as the card it plays as: a joker as the card it stands for, an
    ace low (1) at the start of ``A-2-3`` and high (11) elsewhere (T51-1.4).

    Raises:
        IllegalMeldError: a group of cards is no meld (saying why, with ``.rule``).
        InvalidCardError: cards not of the pack, or more copies than it holds.

    Examples:
        >>> from cardrules import parse_cards
        >>> opening_value([parse_cards("Ah 2h 3h"), parse_cards("Ks Kd Jk")])
        36
    """
    return sum(meld_value(m, RULES) for m in _melds(melds) if m.kind is not MeldKind.DOUBLE)


def opens(melds: Iterable[Meld | Iterable[Card]], threshold: int = 51) -> bool:
    """Whether these melds, laid in one turn, open above ``threshold`` (T51-5.1: strictly
    more; after an opening of 91 the next needs 92, T51-5.3).

    Raises:
        IllegalMeldError: a group of cards is no meld, or a double among them (a doubles
            opening is `opens_with_doubles`).
        OptionError: ``threshold`` is not a whole number.

    Examples:
        >>> from cardrules import parse_cards
        >>> melds = [parse_cards("9s Ts Js Qs"), parse_cards("Kh Kd Kc")]
        >>> opening_value(melds), opens(melds, 51), opens(melds, 69), opens(melds, 68)
        (69, True, False, True)
    """
    read_int(threshold, "threshold")
    got = _melds(melds)
    if any(m.kind is MeldKind.DOUBLE for m in got):
        raise IllegalMeldError("an opening with sets and runs has no doubles in it (T51-7.3)")
    return opening_value(got) > threshold


def opens_with_doubles(melds: Iterable[Meld | Iterable[Card]], doubles_threshold: int = 3) -> bool:
    """Whether these doubles open a doubles player: more doubles than ``doubles_threshold``
    (T51-7.2: at least four at first, i.e. more than 3; then more than the last opening).

    Raises:
        IllegalMeldError: a group of cards is not a double.

    Examples:
        >>> from cardrules import parse_cards
        >>> pairs = [parse_cards(t) for t in ("7h 7h", "Ks Ks", "2c 2c", "Ad Ad")]
        >>> opens_with_doubles(pairs), opens_with_doubles(pairs, doubles_threshold=4)
        (True, False)
    """
    read_int(doubles_threshold, "doubles_threshold")
    got = _melds(melds)
    for meld in got:
        if meld.kind is not MeldKind.DOUBLE:
            raise IllegalMeldError(f"{meld} is not a double (T51-7.2)")
    return len(got) > doubles_threshold


def joker_faces(meld: Meld | Iterable[Card]) -> tuple[str, ...]:
    """Each card of a meld as the card it plays as, in notation; a joker in a set shows
    every card it may stand for (the suits the set lacks), joined by ``/``.

    Raises:
        IllegalMeldError: the cards are no meld.

    Examples:
        >>> from cardrules import parse_cards
        >>> joker_faces(parse_cards("Ks Kd Jk"))
        ('Ks', 'Kd', 'Kc/Kh')
        >>> joker_faces(parse_cards("7c Jk 9c"))
        ('7c', '8c', '9c')
    """
    (got,) = _melds([meld])
    out = []
    jokers = got.joker_positions
    for i, face in enumerate(got.faces):
        if got.kind is MeldKind.SET and i in jokers:
            out.append("/".join(str(c) for c in sorted(got.joker_options(i))))
        else:
            out.append(str(face))
    return tuple(out)
