"""Klondike deals in the PySol deal format (KL-10): read and write.

The format is what PySolFC's deal generator (``pysol-cards``) prints and what
the ShootMe Klondike-Solver (``pyksolve``) loads: a ``Talon:`` line listing the
stock with the first card to be drawn first, then the seven tableau piles, one
line each from bottom to top, face-down cards in angle brackets. An optional
``Foundations:`` line (``H-0 C-0 D-0 S-0``, the rank on top of each foundation)
may come before the talon.

Examples:
    >>> text = write_pysol(DEMO)
    >>> print(text.splitlines()[0][:30])
    Talon: 4H AC 4D 7S 3S TD 4S TH
    >>> read_pysol(text) == DEMO
    True
"""

from __future__ import annotations

from collections import Counter

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import CardRulesError

__all__ = ["DEMO", "PysolDeal", "read_pysol", "write_pysol"]

_RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(v): v for v in range(2, 11)}}
_SUITS = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
_LETTER = "A23456789TJQK"


def _rank(value: int) -> Rank:
    return Rank.ACE if value == 1 else Rank(value)


def _value(card: Card) -> int:
    return 1 if card.rank == Rank.ACE else int(card.rank)


def _card_text(card: Card) -> str:
    return _LETTER[_value(card) - 1] + "CDHS"[int(card.suit or 0)]


@attrs.frozen(kw_only=True)
class PysolDeal:
    """A Klondike layout read from or written to the PySol format.

    ``piles`` hold each tableau pile from bottom to top, ``hidden`` how many of
    its bottom cards are face down, ``stock`` the stock with the next card to be
    drawn last (as a State holds it), ``foundations`` the cards on each
    foundation in suit order (clubs, diamonds, hearts, spades).
    """

    piles: tuple[tuple[Card, ...], ...]
    hidden: tuple[int, ...]
    stock: tuple[Card, ...]
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)


def _read_card(token: str, where: str) -> Card:
    text = token.strip().upper()
    if len(text) < 2 or text[:-1] not in _RANKS or text[-1] not in _SUITS:
        raise CardRulesError(f"malformed PySol deal: cannot read card {token!r} {where} (KL-10.1)")
    return Card(_rank(_RANKS[text[:-1]]), _SUITS[text[-1]])


def read_pysol(text: str) -> PysolDeal:
    """Read a Klondike deal (or position) in the PySol format (KL-10.1).

    Raises:
        CardRulesError: the text is not such a deal: a line missing, a card that
            cannot be read, a card twice or missing (KL-10.2).

    Examples:
        >>> deal = read_pysol(write_pysol(DEMO))
        >>> deal.piles[0], deal.hidden[6], len(deal.stock)
        ((<Card Qh>,), 6, 24)
        >>> read_pysol(write_pysol(DEMO).replace("QH", "QS"))
        Traceback (most recent call last):
        ...
        cardrules.errors.CardRulesError: malformed PySol deal: QS twice, Qh missing (KL-10.2)
    """
    if not isinstance(text, str):
        raise CardRulesError(f"a PySol deal is text, got {type(text).__name__} (KL-10.1)")
    lines = [line.strip() for line in text.replace("\r", "").split("\n")]
    lines = [line for line in lines if line]
    foundations = [0, 0, 0, 0]
    if lines and lines[0].lower().startswith("foundations:"):
        for token in lines.pop(0).split(":", 1)[1].split():
            suit, _, rank = token.upper().partition("-")
            if suit not in _SUITS or not (rank == "0" or rank in _RANKS):
                raise CardRulesError(
                    f"malformed PySol deal: foundation {token!r} is not like H-5 (KL-10.1)"
                )
            foundations[_SUITS[suit]] = 0 if rank == "0" else _RANKS[rank]
    if not lines or not lines[0].lower().startswith("talon:"):
        raise CardRulesError("malformed PySol deal: the first line must be 'Talon: ...' (KL-10.1)")
    talon = [_read_card(t, "in the talon") for t in lines[0].split(":", 1)[1].split()]
    rows = [line.lstrip(":").split() for line in lines[1:]]
    if len(rows) != 7:
        raise CardRulesError(f"malformed PySol deal: {len(rows)} tableau lines, not 7 (KL-10.1)")
    piles: list[tuple[Card, ...]] = []
    hidden: list[int] = []
    for number, row in enumerate(rows, 1):
        cards: list[Card] = []
        down = 0
        for token in row:
            face_down = token.startswith("<") and token.endswith(">")
            if face_down and len(cards) > down:
                raise CardRulesError(
                    f"malformed PySol deal: pile {number} has a face-down card "
                    f"above a face-up one (KL-10.1)"
                )
            down += face_down
            cards.append(_read_card(token.strip("<>"), f"in pile {number}"))
        if cards and down == len(cards):
            raise CardRulesError(
                f"malformed PySol deal: pile {number}'s top card is face down (KL-3.5)"
            )
        piles.append(tuple(cards))
        hidden.append(down)
    found = Counter(talon)
    for pile in piles:
        found.update(pile)
    for home_suit, count in zip(Suit, foundations, strict=True):
        found.update(Card(_rank(v), home_suit) for v in range(1, count + 1))
    twice = sorted(c for c, n in found.items() if n > 1)
    pack = {Card(_rank(v), s) for s in Suit for v in range(1, 14)}
    missing = sorted(pack - set(found))
    if twice or missing:
        parts = []
        if twice:
            parts.append(", ".join(_card_text(c) for c in twice) + " twice")
        if missing:
            parts.append(", ".join(str(c) for c in missing) + " missing")
        raise CardRulesError(f"malformed PySol deal: {', '.join(parts)} (KL-10.2)")
    return PysolDeal(
        piles=tuple(piles),
        hidden=tuple(hidden),
        stock=tuple(reversed(talon)),
        foundations=(foundations[0], foundations[1], foundations[2], foundations[3]),
    )


def write_pysol(deal: PysolDeal) -> str:
    """The deal as PySol text (KL-10.1); ``pyksolve``'s ``load_pysol`` reads it.

    Examples:
        >>> print(write_pysol(DEMO).splitlines()[7])
        <JD> <7C> <5S> <3H> <9D> <JS> AS
    """
    if not isinstance(deal, PysolDeal):
        raise CardRulesError(f"write_pysol takes a PysolDeal, got {type(deal).__name__}")
    lines = []
    if any(deal.foundations):
        shown = [
            f"{'CDHS'[s]}-{_LETTER[deal.foundations[s] - 1] if deal.foundations[s] else '0'}"
            for s in (2, 0, 1, 3)
        ]
        lines.append("Foundations: " + " ".join(shown))
    lines.append("Talon: " + " ".join(_card_text(c) for c in reversed(deal.stock)))
    for pile, down in zip(deal.piles, deal.hidden, strict=True):
        lines.append(
            " ".join(
                f"<{_card_text(c)}>" if k < down else _card_text(c) for k, c in enumerate(pile)
            )
        )
    return "\n".join(lines) + "\n"


def _demo() -> PysolDeal:
    talon = [
        "4H",
        "AC",
        "4D",
        "7S",
        "3S",
        "TD",
        "4S",
        "TH",
        "8H",
        "2C",
        "JH",
        "7D",
        "6D",
        "8S",
        "8D",
        "QS",
        "6C",
        "3D",
        "8C",
        "TC",
        "6S",
        "9C",
        "2H",
        "6H",
    ]
    rows = [
        "QH",
        "7H TS",
        "5D 9S 5C",
        "JC KC KH 4C",
        "9H KD QC KS 3C",
        "2D 5H AD 2S QD AH",
        "JD 7C 5S 3H 9D JS AS",
    ]
    piles = tuple(tuple(_read_card(t, "") for t in row.split()) for row in rows)
    return PysolDeal(
        piles=piles,
        hidden=tuple(range(7)),
        stock=tuple(_read_card(t, "") for t in reversed(talon)),
    )


#: PySolFC's Klondike deal number 1 (as ``pysol-cards`` prints it), for examples and tests.
DEMO = _demo()
