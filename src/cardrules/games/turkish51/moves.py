"""Turkish 51 options, moves and the public records of a deal (T51-*).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.melds import MeldKind
    >>> str(LayMeld(MeldKind.SET, parse_cards("Kd Ks Kc")))
    'meld set Kc,Kd,Ks'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import GameView, History, Move, option, seat_lines
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
    "DECLARE",
    "DRAW",
    "OPEN",
    "TAKE",
    "Cancel",
    "DealResult",
    "Declare",
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
    """Turkish 51 options (see ``seeds/turkish51.md``)."""

    players: int = option(4, doc="four seats (T51-1.2)", minimum=4, maximum=4)
    deals: int | None = option(
        11, kind=int, optional=True, minimum=1, doc="deals in a match (T51-9.1)"
    )
    threshold: int = option(51, doc="opening threshold (T51-5.2)", choices=(51, 81, 101))
    rising_threshold: bool = option(True, doc="each opening raises the threshold (T51-5.3)")
    min_doubles: int = option(
        4, doc="doubles needed to open with doubles (T51-7.2)", minimum=1, maximum=7
    )
    partnerships: bool = option(False, doc="seats 0+2 against 1+3, scores added (T51-1.2)")
    first_gets_15: bool = option(False, doc="first player gets 15 cards, no upcard (T51-3.4)")
    discard_penalty: str = option(
        "any",
        doc="who is fined 50 for discarding a playable card (T51-6.5)",
        choices=("any", "unopened", "opened", "off"),
    )
    penalty_cap: int | None = option(
        800, kind=int, optional=True, minimum=0, doc="most charged in one deal (T51-8.5)"
    )
    use_taken: bool = option(
        True, doc="a discard taken to open must be in the opening melds (T51-4.3)"
    )
    stock_out: str = option(
        "score",
        doc="a deal whose stock runs out is scored or void (T51-8.7)",
        choices=("score", "void"),
    )
    max_turns: int = option(
        400, doc="turns after which a deal ends as a stock-out (T51-8.8)", minimum=8
    )
    fine_joker_card: bool = option(
        True, doc="a discard that could free a table joker is fined as addable (T51-6.5)"
    )
    joker_fine: str = option(
        "addable",
        doc="a joker discard is fined when a table meld could take it, or always (T51-6.5)",
        choices=("addable", "always"),
    )
    use_taken_down: bool = option(
        False, doc="a discard taken by a player already down must be laid at once (T51-4.4)"
    )
    layoff_on_opening: bool = option(
        True, doc="a player may lay off and take jokers in the turn he opens (T51-6.1)"
    )
    doubles_meld: bool = option(
        False, doc="a doubles opening may hold one set or run, counted as a double (T51-7.2)"
    )
    cap_fines: bool = option(
        True, doc="the cap bounds a deal's charge and fines together (T51-8.6)"
    )
    doubles_loser: str = option(
        "declared",
        doc="a losing doubles player pays double once declared, or only once down (T51-8.4)",
        choices=("declared", "laid"),
    )


# --------------------------------------------------------------------------- moves


@attrs.frozen
class Declare(Move):
    """Declare that one plays for doubles this deal (T51-7.1)."""

    NAME: ClassVar[str] = "declare"


DECLARE = Declare()

# --------------------------------------------------------------------------- records


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of a finished deal."""

    deal: int
    winner: int | None
    hands: tuple[tuple[Card, ...], ...]
    opened: tuple[bool, ...]
    doubles: tuple[bool, ...]
    at_once: bool
    joker_last: bool
    charges: tuple[int, ...]
    fines: tuple[int, ...]

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: who went out and how, the cards left, the charges."""
        if self.winner is None:
            how = "nobody goes out"
        else:
            how = f"seat {self.winner} goes out" + "".join(
                note
                for note, applies in (
                    (" at once", self.at_once),
                    (" in doubles", self.doubles[self.winner]),
                    (" on a joker", self.joker_last),
                )
                if applies
            )
        return (
            f"  deal {self.deal + 1} ends: {how}",
            *seat_lines(self.hands, charged=self.charges, fines=self.fines),
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
    doubles: tuple[bool, ...]
    threshold: int
    doubles_threshold: int
    taken: Card | None
    fines: tuple[int, ...]
    totals: tuple[int, ...]
    last_deal: DealResult | None
    history: History
