"""Kalooki 51 options, moves and the public records of a deal (K51-*).

The move notation is Turkish 51's: ``draw``, ``take``, ``meld set Kc,Kd,Ks``, ``open``,
``cancel``, ``layoff 4h 0 low``, ``retrieve 2 Kc,Kh``, ``discard 9s``.

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.melds import MeldKind
    >>> str(LayMeld(MeldKind.SET, parse_cards("Kd Ks Kc")))
    'meld set Kc,Kd,Ks'
"""

from __future__ import annotations

import attrs

from cardrules.cards import Card
from cardrules.engine import GameView, History, option, seat_lines
from cardrules.games._rummy import (
    CANCEL,
    DRAW,
    OPEN,
    TAKE,
    Cancel,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Phase,
    Retrieve,
    Side,
    TableMeld,
    Take,
)
from cardrules.melds import Meld

__all__ = [
    "CANCEL",
    "DRAW",
    "OPEN",
    "TAKE",
    "Cancel",
    "DealResult",
    "Discard",
    "Draw",
    "LayMeld",
    "LayOff",
    "Open",
    "Options",
    "Phase",
    "Retrieve",
    "Side",
    "TableMeld",
    "Take",
    "View",
]


# --------------------------------------------------------------------------- options


@attrs.frozen
class Options:
    """Kalooki 51 options (see ``seeds/kalooki51.md``)."""

    players: int = option(4, doc="seats (K51-1.2)", minimum=2, maximum=6)
    deals: int | None = option(
        None,
        kind=int,
        optional=True,
        minimum=1,
        doc="most deals in a match; None: play until one player is left (K51-10)",
    )
    threshold: int = option(51, doc="value of a first lay-down (K51-5.1)", minimum=1)
    ace_low: bool = option(True, doc="A-2-3 is a run (K51-2.2)")
    joker_penalty: int = option(25, doc="a joker's penalty in hand (K51-1.4)", choices=(25, 15))
    kalooki_bonus: int = option(25, doc="extra penalty for going Kalooki (K51-9.2)", minimum=0)
    build_in_opening_turn: bool = option(
        False, doc="build on melds in the turn one opens (K51-5.4)"
    )
    limit: int = option(150, doc="a total above this is out of the match (K51-10.1)", minimum=1)
    max_turns: int = option(
        400, doc="turns after which a deal ends with no winner (K51-8.4)", minimum=8
    )


# --------------------------------------------------------------------------- records


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of a finished deal."""

    deal: int
    winner: int | None
    kalooki: bool
    hands: tuple[tuple[Card, ...], ...]
    penalties: tuple[int, ...]

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: who went out and how, the cards left, the penalties."""
        if self.winner is None:
            how = "nobody goes out"
        else:
            how = f"seat {self.winner} goes " + ("Kalooki" if self.kalooki else "out")
        return (
            f"  deal {self.deal + 1} ends: {how}",
            *seat_lines(self.hands, charged=self.penalties),
        )


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know."""

    seat: int
    options: Options
    deal: int
    dealer: int
    turn: int | None
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock_size: int
    table: tuple[TableMeld, ...]
    pending: tuple[Meld, ...]
    opened: tuple[bool, ...]
    active: tuple[bool, ...]
    taken: Card | None
    loose: int
    totals: tuple[int, ...]
    last_deal: DealResult | None
    history: History
