"""The state of a rummy table: what every rummy game's ``Position`` reads the same way.

A rummy game declares its fields in its own ``Position`` (their order is its save format)
and inherits from ``RummyPosition`` the reads that follow from the fields every rummy
table has: ``hands``, ``stock`` and ``discard`` (tops last), ``table`` (the
``TableMeld`` values laid), ``pending`` (the melds of a first lay-down in progress),
``opened``, ``known`` (the cards each hand is known to hold, taken face up), ``turn``,
``dealer``, ``phase`` and ``taken`` (the card just taken from the pile). The game says
its meld rules (``rules``) and its view class (``VIEW``).

Examples:
    >>> from cardrules.games.kalooki51 import Kalooki51
    >>> state = Kalooki51.create(deals=1).new_game(seed=0)
    >>> isinstance(state, RummyPosition), state.pending_total, len(list(state.all_cards()))
    (True, 0, 106)
"""

from __future__ import annotations

import typing
from collections import Counter
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import GameState, Move, make_view
from cardrules.errors import IllegalMeldError, InvalidStateError
from cardrules.games._rummy._moves import Phase, TableMeld, old_set_layoff
from cardrules.melds import Meld, MeldKind, MeldRules, check_meld, meld_value

__all__ = ["RummyPosition", "recheck_meld"]

OptionsT = typing.TypeVar("OptionsT")


@attrs.frozen(kw_only=True)
class RummyPosition(GameState[OptionsT]):
    """The reads shared by the rummy games' states; the fields are each game's own.

    A subclass sets ``VIEW`` (its view class) and gives ``rules`` (its ``MeldRules``, a
    constant or read from the options).
    """

    OVER: ClassVar[Phase] = Phase.OVER
    VIEW: ClassVar[type[Any]]
    SEAT_FIELDS: ClassVar[tuple[str, ...]] = ("hands", "opened", "known", "totals")
    """The per-seat fields ``check_table`` counts."""
    SAME_MELD: ClassVar[bool] = True
    """Whether a meld read back must equal the meld laid (its faces too); ``False``
    compares the shape only (a set's joker may stand for any suit it lacks)."""

    if typing.TYPE_CHECKING:
        hands: tuple[tuple[Card, ...], ...]
        stock: tuple[Card, ...]
        discard: tuple[Card, ...]
        table: tuple[TableMeld, ...]
        pending: tuple[Meld, ...]
        opened: tuple[bool, ...]
        known: tuple[tuple[Card, ...], ...]
        turn: int
        dealer: int
        phase: Phase

        @property
        def rules(self) -> MeldRules: ...

    def _equal_listed(self, move: object) -> Move | None:
        """The listed move equal to ``move``; or ``move`` itself when it is a set's lay-off
        in the notation of older saves (``layoff 7h 2 high``), read as legal and never
        offered (``old_set_layoff``)."""
        found = super()._equal_listed(move)
        if found is None:
            found = old_set_layoff(move, self.legal_moves())
        return found

    def all_cards(self) -> Iterable[Card]:
        """Hands, stock, discard pile, table melds and the melds of an opening in progress."""
        for hand in self.hands:
            yield from hand
        yield from self.stock
        yield from self.discard
        for placed in self.table:
            yield from placed.meld.cards
        for meld in self.pending:
            yield from meld.cards

    @property
    def pending_total(self) -> int:
        """The value of the first lay-down in progress."""
        rules = self.rules
        return sum(meld_value(m, rules) for m in self.pending)

    def view(self, seat: int) -> Any:
        """What ``seat`` may know: its hand, the table, the pile, sizes and totals."""
        return make_view(self.VIEW, self, seat)

    def check_table(self, players: int) -> None:
        """The checks every rummy state passes: seats, known cards, the melds laid.

        Raises:
            InvalidStateError: a per-seat field of the wrong size, a seat that does not
                exist, a hand said to hold cards it does not hold, a meld that is no meld
                or whose owner has not laid down, an opening outside its player's turn.
        """
        for name in self.SEAT_FIELDS:
            if len(getattr(self, name)) != players:
                raise InvalidStateError(f"{name} has {len(getattr(self, name))} seats")
        for seat in (self.turn, self.dealer):
            if not 0 <= seat < players:
                raise InvalidStateError(f"seat {seat} does not exist")
        for i, known in enumerate(self.known):
            if Counter(known) - Counter(self.hands[i]):
                raise InvalidStateError(f"seat {i} is said to hold cards it does not hold")
        rules = self.rules
        same = self.SAME_MELD
        for placed in self.table:
            recheck_meld(placed.meld, rules, same=same)
            if not 0 <= placed.owner < players or not self.opened[placed.owner]:
                raise InvalidStateError(f"meld {placed.meld} has an owner who has not laid down")
        for meld in self.pending:
            recheck_meld(meld, rules, same=same)
        if (
            self.pending
            and self.phase is not Phase.OVER
            and (self.phase is not Phase.PLAY or self.opened[self.turn])
        ):
            raise InvalidStateError("an opening is in progress outside its player's turn")


def recheck_meld(meld: Meld, rules: MeldRules, *, same: bool = True) -> None:
    """Check a meld read from a save again under ``rules``.

    Raises:
        InvalidStateError: it is no meld, or it does not stand for what it says.
    """
    try:
        again = check_meld(meld.cards, rules, kind=meld.kind)
    except IllegalMeldError as exc:
        raise InvalidStateError(f"a meld on the table is no meld: {exc}") from None
    if same and meld.kind is MeldKind.SET and None not in meld.faces:
        # a set whose jokers were given faces by a score keeper's check_meld: each face
        # must be a card the joker may stand for
        jokers = meld.joker_positions
        if any(meld.faces[i] not in meld.joker_options(i) for i in jokers):
            raise InvalidStateError(f"meld {meld} does not stand for what it says")
        faces = tuple(None if i in jokers else f for i, f in enumerate(meld.faces))
        meld = Meld(kind=meld.kind, cards=meld.cards, faces=faces, start=meld.start)
    if same:
        if again != meld:
            raise InvalidStateError(f"meld {meld} does not stand for what it says")
    else:
        # a set's joker may stand for any suit the set lacks: compare the shape, then each
        # face that differs must be such a joker's
        if (again.kind, again.cards, again.start) != (meld.kind, meld.cards, meld.start):
            raise InvalidStateError(f"meld {meld} does not stand for what it says")
        naturals = [c for c in meld.cards if not c.is_joker]
        for card, face, want in zip(meld.cards, meld.faces, again.faces, strict=True):
            if face == want:
                continue
            free = card.is_joker and meld.kind is MeldKind.SET
            if not free or (
                face is not None
                and (face.is_joker or face.rank != naturals[0].rank or face in naturals)
            ):
                raise InvalidStateError(f"meld {meld} says a card plays as another")
