"""Klondike card tables: ranks ace-low, colours, where a card may go (KL-1.2, KL-3), and the
steps of a move shared by play and auto-play (turning a card, safe cards going home).

Lookups by card, built once, so that the move generator does no arithmetic on
enums. Cards are also numbered ``0..51`` (``suit * 13 + rank - 1``, rank 1 for
the ace) for the solver's compact positions.

Examples:
    >>> from cardrules import parse_card
    >>> VALUE[parse_card("Ah")], VALUE[parse_card("Kd")], RED[parse_card("Ts")]
    (1, 13, False)
    >>> [str(c) for c in HOSTS[parse_card("7h")]]
    ['8c', '8s']
    >>> str(HOME_CARD[2][0]), is_safe(parse_card("3h"), (2, 1, 2, 2))
    ('Ah', True)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Card, Rank, Suit
from cardrules.engine import Move
from cardrules.errors import InvalidCardError, OptionError
from cardrules.games.klondike.moves import Home, Shift, standard_points

__all__ = [
    "CARD_OF",
    "CODE",
    "GUESTS",
    "HOME",
    "HOME_CARD",
    "HOSTS",
    "KINGS",
    "KINGS_LISTED",
    "PACK",
    "POINTS",
    "RED",
    "SHIFT",
    "SUIT",
    "VALUE",
    "auto_play",
    "is_safe",
    "turn_over",
]


def _rank(value: int) -> Rank:
    return Rank.ACE if value == 1 else Rank(value)


#: The pack, suit by suit, ace to king.
PACK: tuple[Card, ...] = tuple(Card(_rank(v), s) for s in Suit for v in range(1, 14))
#: Rank value, ace 1 to king 13 (KL-1.2).
VALUE: dict[Card, int] = {c: (1 if c.rank == Rank.ACE else int(c.rank)) for c in PACK}
#: Suit index, clubs 0 to spades 3 (the foundations' order).
SUIT: dict[Card, int] = {c: int(c.suit or 0) for c in PACK}
#: Whether a card is red (diamonds, hearts).
RED: dict[Card, bool] = {c: c.suit in (Suit.DIAMONDS, Suit.HEARTS) for c in PACK}
#: Card number 0..51 and back.
CODE: dict[Card, int] = {c: SUIT[c] * 13 + VALUE[c] - 1 for c in PACK}
CARD_OF: tuple[Card, ...] = PACK
#: ``HOME_CARD[suit][n]``: the card that goes on a foundation holding ``n`` cards.
HOME_CARD: tuple[tuple[Card, ...], ...] = tuple(PACK[s * 13 : s * 13 + 13] for s in range(4))
#: The cards a card may be built on in the tableau: one rank higher, other colour (KL-3.2).
HOSTS: dict[Card, tuple[Card, ...]] = {
    c: tuple(h for h in PACK if VALUE[h] == VALUE[c] + 1 and RED[h] != RED[c]) for c in PACK
}
#: ``GUESTS[top]``: the cards that may be built on ``top``, each with whether ``top`` is
#: the first of its ``HOSTS``.
GUESTS: dict[Card, tuple[tuple[Card, bool], ...]] = {
    h: tuple((c, HOSTS[c][0] == h) for c in PACK if h in HOSTS[c]) for h in PACK
}
#: The kings, which alone go to an empty pile (KL-3.4).
KINGS: frozenset[Card] = frozenset(c for c in PACK if VALUE[c] == 13)
KINGS_LISTED: tuple[Card, ...] = tuple(c for c in PACK if c in KINGS)
#: Interned moves, so that move generation builds no objects.
HOME: dict[Card, Move] = {c: Home(c) for c in PACK}
SHIFT: dict[Card, tuple[Move, ...]] = {c: tuple(Shift(c, j + 1) for j in range(7)) for c in PACK}

#: The standard points of each kind of move (KL-7.3).
POINTS: dict[str, int] = {
    kind: standard_points(kind)
    for kind in (
        "waste_to_tableau",
        "waste_to_foundation",
        "tableau_to_foundation",
        "turn_over",
        "foundation_to_tableau",
        "redeal_draw_one",
        "redeal_draw_three",
    )
}


def is_safe(card: Card, foundations: Sequence[int]) -> bool:
    """Whether ``card`` may go home with no loss (KL-5.2): it is an ace or a two,
    or both foundations of the other colour hold its rank less one and the other
    foundation of its colour its rank less two.

    Examples:
        >>> from cardrules import parse_card
        >>> is_safe(parse_card("2c"), (1, 0, 0, 0)), is_safe(parse_card("5c"), (4, 3, 4, 2))
        (True, False)
    """
    value = VALUE.get(card) if isinstance(card, Card) else None
    if value is None:
        raise InvalidCardError(f"not a card of the 52-card pack: {card!r:.40}")
    if (
        isinstance(foundations, (str, bytes))
        or not isinstance(foundations, Sequence)
        or len(foundations) != 4
        or not all(type(n) is int and 0 <= n <= 13 for n in foundations)
    ):
        raise OptionError(f"foundations are four counts from 0 to 13, got {foundations!r:.60}")
    if value <= 2:
        return True
    s = SUIT[card]
    if RED[card]:
        other, same = (foundations[0], foundations[3]), foundations[3 - s]
    else:
        other, same = (foundations[1], foundations[2]), foundations[3 - s]
    return min(other) >= value - 1 and same >= value - 2


def turn_over(tableau: list[tuple[Card, ...]], hidden: list[int], i: int) -> int:
    """Turn pile ``i``'s top card face up if it is face down (KL-3.5); the points."""
    if tableau[i] and hidden[i] == len(tableau[i]):
        hidden[i] -= 1
        return POINTS["turn_over"]
    return 0


def auto_play(
    tableau: list[tuple[Card, ...]],
    hidden: list[int],
    found: list[int],
    waste_box: list[tuple[Card, ...]],
) -> int:
    """Play safe cards home until none is left (KL-5.2); the points."""
    points = 0
    moved = True
    while moved:
        moved = False
        waste = waste_box[0]
        if waste:
            top = waste[-1]
            if found[SUIT[top]] == VALUE[top] - 1 and is_safe(top, found):
                found[SUIT[top]] += 1
                waste_box[0] = waste[:-1]
                points += POINTS["waste_to_foundation"]
                moved = True
        for i, pile in enumerate(tableau):
            if pile:
                top = pile[-1]
                if found[SUIT[top]] == VALUE[top] - 1 and is_safe(top, found):
                    found[SUIT[top]] += 1
                    tableau[i] = pile[:-1]
                    points += POINTS["tableau_to_foundation"] + turn_over(tableau, hidden, i)
                    moved = True
    return points
