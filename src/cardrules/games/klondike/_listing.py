"""The part of Klondike's legal moves that the piles alone decide, kept for the next state.

A draw leaves the tableau, the face-down counts and the foundations as they were (the very
same tuples), and random play draws about two moves in five: the moves made from the piles
(cards going home, shifts between piles and from the foundations) and what the repetition
rule needs of them (KL-6.1: the face-up cards and, per move, the position it leads to
before the waste's size is known) are worked out once for those piles and reused while they
stay. The last piles seen are kept, by identity (they are held, so never reused for others).

Examples:
    >>> from cardrules import games
    >>> state = games.create("klondike").new_game(seed=3)
    >>> part = piles_part(state.tableau, state.hidden, state.foundations, state.options)
    >>> part is piles_part(state.tableau, state.hidden, state.foundations, state.options)
    True
    >>> [str(m) for m in part.homes + part.shifts]
    ['home Ah', 'move Ah 5', 'move Ah 1']
"""

from __future__ import annotations

from typing import Any, cast

from cardrules.cards import Card
from cardrules.engine import Move
from cardrules.games.klondike._layout import _key
from cardrules.games.klondike._tables import (
    GUESTS,
    HOME,
    HOME_CARD,
    KINGS_LISTED,
    SHIFT,
    SUIT,
)
from cardrules.games.klondike.moves import Counts7, Four, Home, Options, Piles, Shift

__all__ = ["Part", "known_key", "piles_part"]


class Part:
    """The piles' moves, in the order listed: ``homes`` (pile tops going home), then, after
    the waste's moves (``onto``: the shifts each card could make, for the waste's top), the
    ``shifts`` of face-up cards and the ``back`` shifts from the foundations; ``up`` the
    face-up cards of each pile and ``pre`` each move's position without the waste's size."""

    __slots__ = ("back", "homes", "onto", "pre", "shifts", "up", "up_key")

    def __init__(self, tableau: Piles, hidden: Counts7, found: Four, options: Options) -> None:
        homes: list[Move] = []
        onto: dict[Card, list[Move]] = {}
        empties: list[int] = []
        nexts = {HOME_CARD[s][n] for s, n in enumerate(found) if n < 13}  # KL-3.1
        for i, pile in enumerate(tableau):
            if pile:
                top = pile[-1]
                if top in nexts:
                    homes.append(HOME[top])
                for guest, first, shift in GUEST_SHIFTS[top][i]:  # in the guest's hosts' order
                    there = onto.get(guest)
                    if there is None:
                        onto[guest] = [shift]
                    elif first:
                        there.insert(0, shift)
                    else:
                        there.append(shift)
            else:
                empties.append(i)
        if empties:  # a king alone fills an empty pile (KL-3.4)
            for king in KINGS_LISTED:
                onto[king] = [SHIFT[king][j] for j in empties]
        get = onto.get
        shifts: list[Move] = []
        up = [p[h:] for p, h in zip(tableau, hidden, strict=True)]
        for cards in up:
            for card in cards:  # the tableau's face-up cards
                moves = get(card)
                if moves:
                    shifts += moves
        back: list[Move] = []
        if options.foundation_to_tableau:
            for suit, count in enumerate(found):
                if count:
                    moves = get(HOME_CARD[suit][count - 1])
                    if moves:
                        back += moves
        self.homes = homes
        self.onto = onto
        self.shifts = shifts
        self.back = back
        self.up = up
        self.up_key = tuple(up)
        self.pre: dict[Move, tuple[Any, ...] | None] = {}

    def position(self, move: Move, hidden: Counts7, found: Four, options: Options) -> Any:
        """The face-up cards and foundations after ``move`` (from the piles, not the waste),
        or ``None`` if it turns a card or, without ``foundation_to_tableau``, goes home:
        irreversible (KL-6.1)."""
        pre = self.pre.get(move, _UNKNOWN)
        if pre is not _UNKNOWN:
            return pre
        up = self.up
        card = cast(Home | Shift, move).card
        new_found = list(found)
        after = list(up)
        pre = None
        if isinstance(move, Home):
            if options.foundation_to_tableau:
                i = next(i for i, p in enumerate(up) if p and p[-1] == card)
                if not (len(up[i]) == 1 and hidden[i]):  # else it turns a card
                    after[i] = up[i][:-1]
                    new_found[SUIT[card]] += 1
                    pre = (tuple(after), tuple(new_found))
        else:
            j = cast(Shift, move).pile - 1
            for i, pile in enumerate(up):
                if card in pile:
                    k = pile.index(card)
                    if not (k == 0 and hidden[i]):  # else it turns a card
                        after[j] = up[j] + pile[k:]
                        after[i] = pile[:k]
                        pre = (tuple(after), tuple(new_found))
                    break
            else:  # from a foundation
                after[j] = up[j] + (card,)
                new_found[SUIT[card]] -= 1
                pre = (tuple(after), tuple(new_found))
        self.pre[move] = pre
        return pre


_UNKNOWN = object()
#: ``GUEST_SHIFTS[top][i]``: for ``top`` on pile ``i``, each card that may be built on it,
#: whether ``top`` is the first of its hosts, and that shift.
GUEST_SHIFTS: dict[Card, tuple[tuple[tuple[Card, bool, Move], ...], ...]] = {
    top: tuple(tuple((g, first, SHIFT[g][i]) for g, first in GUESTS[top]) for i in range(7))
    for top in GUESTS
}
# The last piles' part: (tableau, hidden, foundations, options, part), one tuple.
_LAST: list[tuple[Any, ...]] = [(None, None, None, None, None)]


def piles_part(tableau: Piles, hidden: Counts7, found: Four, options: Options) -> Part:
    """The ``Part`` of these piles: the last one made, if they are the very same tuples."""
    last = _LAST[0]
    if last[0] is tableau and last[1] is hidden and last[2] is found and last[3] is options:
        return cast(Part, last[4])
    part = Part(tableau, hidden, found, options)
    if type(tableau) is tuple and type(hidden) is tuple and type(found) is tuple:
        _LAST[0] = (tableau, hidden, found, options, part)  # kept only for immutable piles
    return part


def known_key(tableau: Piles, hidden: Counts7, waste_size: int, found: Four) -> int:
    """``_layout._key`` of a position, from the last piles' part when these are its piles
    (their face-up cards are known already)."""
    last = _LAST[0]
    if last[0] is tableau and last[1] is hidden and last[2] is found:
        return hash((last[4].up_key, hidden, waste_size, found))
    return _key(tableau, hidden, waste_size, found)
