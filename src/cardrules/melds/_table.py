"""Table operations on laid melds: laying a card off and freeing a joker."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import attrs

from cardrules.cards import JOKER as _JOKER
from cardrules.cards import Card, Suit
from cardrules.errors import IllegalMeldError
from cardrules.melds._check import _as_cards, _show
from cardrules.melds._rules import (
    DEFAULT_RULES,
    Meld,
    MeldKind,
    MeldRules,
    _card_at,
    _check_rules,
    _run_fits,
)

# ---------------------------------------------------------------------------------------
# Laying off and freeing jokers


def lay_off(
    meld: Meld,
    card: Card,
    rules: MeldRules = DEFAULT_RULES,
    *,
    end: Literal["low", "high"] | None = None,
) -> Meld:
    """Add one card to a meld: at either end of a run, or a missing suit of a set.

    A joker laid on a run goes to ``end`` (by default the high end, or the low end when the
    run already reaches its top). A joker may not join a full set (every suit held).

    Raises:
        IllegalMeldError: the card does not fit, saying why.

    Examples:
        >>> from cardrules import parse_card, parse_cards
        >>> from cardrules.melds import check_meld
        >>> str(lay_off(check_meld(parse_cards("5h 6h 7h")), parse_card("4h")))
        '4h-5h-6h-7h'
        >>> lay_off(check_meld(parse_cards("7c 7d 7h 7s")), parse_card("Jk"))
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalMeldError: cannot lay off Jk on set 7c-7d-7h-7s: the set is full
    """
    _check_rules(rules)
    if not isinstance(meld, Meld):
        raise IllegalMeldError(f"expected a Meld to lay off on, got {meld!r}")
    (got,) = _as_cards((card,), "card")
    where = f"cannot lay off {got} on {meld.kind.value} {meld}"
    if end not in (None, "low", "high"):
        raise IllegalMeldError(f"{where}: end must be 'low' or 'high', got {end!r}")
    if meld.kind is MeldKind.DOUBLE:
        raise IllegalMeldError(f"{where}: nothing may be added to a double")
    wild = rules.is_wild(got)
    if wild and not rules.jokers_allowed:
        raise IllegalMeldError(f"{where}: these rules allow no joker in melds")
    if wild and rules.max_jokers is not None and len(meld.joker_positions) >= rules.max_jokers:
        raise IllegalMeldError(f"{where}: the meld already holds {rules.max_jokers} jokers")
    if meld.kind is MeldKind.SET:
        rank = meld.rank
        assert rank is not None
        size = len(meld.cards)
        if rules.set_suits_distinct and size >= 4:
            raise IllegalMeldError(f"{where}: the set is full")
        if rules.max_set_size is not None and size >= rules.max_set_size:
            raise IllegalMeldError(f"{where}: the set is full")
        if wild:
            if rules.set_suits_distinct and len(meld.missing_suits) <= len(meld.joker_positions):
                raise IllegalMeldError(f"{where}: the set is full")
            return Meld(kind=meld.kind, cards=(*meld.cards, got), faces=(*meld.faces, None))
        if got.rank != rank:
            raise IllegalMeldError(f"{where}: rank {got.rank.letter} differs")
        if rules.set_suits_distinct and got.suit not in meld.missing_suits:
            raise IllegalMeldError(f"{where}: the set already holds {got}")
        # a joker given this card as its face (a score keeper's choice) now stands for
        # another suit the set lacks: its face goes back to None
        faces = tuple(
            None if f == got and c != f else f for c, f in zip(meld.cards, meld.faces, strict=True)
        )
        return Meld(kind=meld.kind, cards=(*meld.cards, got), faces=(*faces, got))
    suit = meld.suit
    assert suit is not None
    n = len(meld.cards)
    fits_low = _run_fits(meld.start - 1, n + 1, rules)
    fits_high = _run_fits(meld.start, n + 1, rules)
    if wild:
        side = end or ("high" if fits_high else "low")
    else:
        if got.suit != suit:
            raise IllegalMeldError(f"{where}: the run is in another suit")
        below = _card_at(meld.start - 1, suit) if fits_low else None
        above = _card_at(meld.start + n, suit) if fits_high else None
        if end == "low" or (end is None and got == below and got != above):
            side = "low"
        elif end == "high" or (end is None and got == above):
            side = "high"
        else:
            ends = " or ".join(str(c) for c in (below, above) if c is not None)
            needs = f"only {ends} fits" if ends else "the run is complete"
            raise IllegalMeldError(f"{where}: {needs}")
        if (side == "low" and got != below) or (side == "high" and got != above):
            wanted = below if side == "low" else above
            needs = f"only {wanted} fits" if wanted else "the run cannot grow there"
            raise IllegalMeldError(f"{where}: at the {side} end {needs}")
    if side == "low":
        if not fits_low:
            raise IllegalMeldError(f"{where}: the run cannot grow at the low end")
        face = _card_at(meld.start - 1, suit)
        return Meld(
            kind=meld.kind,
            cards=(got, *meld.cards),
            faces=(face, *meld.faces),
            start=meld.start - 1,
        )
    if not fits_high:
        raise IllegalMeldError(f"{where}: the run cannot grow at the high end")
    face = _card_at(meld.start + n, suit)
    return Meld(
        kind=meld.kind, cards=(*meld.cards, got), faces=(*meld.faces, face), start=meld.start
    )


def layoff_cards(meld: Meld, rules: MeldRules = DEFAULT_RULES) -> tuple[tuple[Card, str], ...]:
    """Every card that [`lay_off`][cardrules.melds.lay_off] would accept on ``meld`` now, with the
    run end.

    Jokers are listed as the plain joker ``Jk``. Sets use the end ``"high"``.

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.melds import check_meld
        >>> [(str(c), end) for c, end in layoff_cards(check_meld(parse_cards("Ah 2h 3h")))]
        [('4h', 'high'), ('Jk', 'high')]
        >>> [str(c) for c, _ in layoff_cards(check_meld(parse_cards("7c 7d Jk")))]
        ['7h', '7s', 'Jk']
    """
    _check_rules(rules)
    if not isinstance(meld, Meld):
        raise IllegalMeldError(f"expected a Meld, got {meld!r}")
    out: list[tuple[Card, str]] = []
    if meld.kind is MeldKind.DOUBLE:
        return ()
    room_for_joker = rules.jokers_allowed and (
        rules.max_jokers is None or len(meld.joker_positions) < rules.max_jokers
    )
    if meld.kind is MeldKind.SET:
        size = len(meld.cards)
        if (rules.max_set_size is not None and size >= rules.max_set_size) or (
            rules.set_suits_distinct and size >= 4
        ):
            return ()
        rank = meld.rank
        assert rank is not None
        if rules.set_suits_distinct:
            out.extend((Card(rank, s), "high") for s in sorted(meld.missing_suits))
        else:
            out.extend((Card(rank, s), "high") for s in Suit)
        if room_for_joker and (
            not rules.set_suits_distinct or len(meld.missing_suits) > len(meld.joker_positions)
        ):
            out.append((_JOKER, "high"))
        return tuple(out)
    suit = meld.suit
    assert suit is not None
    n = len(meld.cards)
    for end, start, place in (
        ("low", meld.start - 1, meld.start - 1),
        ("high", meld.start, meld.start + n),
    ):
        if _run_fits(start, n + 1, rules):
            out.append((_card_at(place, suit), end))
            if room_for_joker:
                out.append((_JOKER, end))
    return tuple(out)


def retrieve_joker(
    meld: Meld, cards: Iterable[Card], rules: MeldRules = DEFAULT_RULES
) -> tuple[Meld, Card]:
    """Free a joker from a meld by supplying the natural card(s) it stands for.

    In a run the one card the joker stands for takes its place. In a set (rule
    ``set_joker_retrieval="fill"``) the cards supplied must be missing suits and, with the
    jokers that stay, make the set full (all four suits): ``Ks Kd Jk`` needs both ``Kc`` and
    ``Kh``; ``Ks Kd Kc Jk`` needs ``Kh``. Under ``"closed"`` only a set of three frees a
    joker that way (``Ks Jk Jk`` frees one for two missing kings); a set of four holding a
    joker is closed and keeps it.

    Returns:
        The new meld and the freed joker.

    Raises:
        IllegalMeldError: no joker there, or the cards are not what it stands for.

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.melds import check_meld
        >>> meld, joker = retrieve_joker(check_meld(parse_cards("7c Jk 9c")), parse_cards("8c"))
        >>> str(meld), str(joker)
        ('7c-8c-9c', 'Jk')
        >>> try:
        ...     retrieve_joker(check_meld(parse_cards("Ks Kd Jk")), parse_cards("Kh"))
        ... except IllegalMeldError as exc:
        ...     print(exc)
        cannot take the joker from set Ks-Kd-Jk with Kh: supply Kc and Kh
        >>> closed = MeldRules(set_joker_retrieval="closed")
        >>> try:
        ...     retrieve_joker(check_meld(parse_cards("Ks Kd Kc Jk")), parse_cards("Kh"), closed)
        ... except IllegalMeldError as exc:
        ...     print(exc)
        cannot take the joker from set Ks-Kd-Kc-Jk with Kh: the set of four is closed
    """
    _check_rules(rules)
    if not isinstance(meld, Meld):
        raise IllegalMeldError(f"expected a Meld to take a joker from, got {meld!r}")
    given = _as_cards(cards, "supply")
    where = f"cannot take the joker from {meld.kind.value} {meld} with {_show(given)}"
    jokers = meld.joker_positions
    if not jokers:
        raise IllegalMeldError(f"{where}: it holds no joker")
    if any(rules.is_wild(c) for c in given):
        raise IllegalMeldError(f"{where}: supply natural cards, not a joker")
    if meld.kind is MeldKind.SET:
        rank = meld.rank
        assert rank is not None
        if rules.set_joker_retrieval == "never" or not rules.set_suits_distinct:
            raise IllegalMeldError(f"{where}: these rules never free a joker from a set")
        if rules.set_joker_retrieval == "closed" and len(meld.cards) >= 4:
            raise IllegalMeldError(f"{where}: the set of four is closed")
        missing = sorted(meld.missing_suits)
        needed = 4 - (len(meld.cards) - len(jokers)) - (len(jokers) - 1)
        wanted = " and ".join(str(Card(rank, s)) for s in missing)
        if len(missing) != needed and needed < len(missing):
            wanted = f"{needed} of {', '.join(str(Card(rank, s)) for s in missing)}"
        ok = (
            len(given) == needed
            and len(set(given)) == len(given)
            and all(c.rank == rank and c.suit in meld.missing_suits for c in given)
        )
        if not ok:
            raise IllegalMeldError(f"{where}: supply {wanted}")
        pos = jokers[0]
        joker = meld.cards[pos]
        cards_out = meld.cards[:pos] + meld.cards[pos + 1 :] + given
        faces_out = meld.faces[:pos] + meld.faces[pos + 1 :] + given
        return Meld(kind=meld.kind, cards=cards_out, faces=faces_out), joker
    if len(given) != 1:
        raise IllegalMeldError(f"{where}: supply exactly the one card the joker stands for")
    (card,) = given
    for pos in jokers:
        if meld.faces[pos] == card:
            joker = meld.cards[pos]
            cards_out = (*meld.cards[:pos], card, *meld.cards[pos + 1 :])
            return attrs.evolve(meld, cards=cards_out), joker
    wanted = " or ".join(str(meld.faces[p]) for p in jokers)
    raise IllegalMeldError(f"{where}: the joker stands for {wanted}")
