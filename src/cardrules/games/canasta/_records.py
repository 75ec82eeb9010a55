"""Canasta's public records: the phase, a deal's result and a seat's view (CAN-11, CAN-13)."""

from __future__ import annotations

import enum

import attrs

from cardrules.cards import Card
from cardrules.engine import GameView, History
from cardrules.games._rummy import TableMeld
from cardrules.games.canasta.scoring import Options
from cardrules.melds import Meld

__all__ = ["DealResult", "Phase", "View"]


class Phase(enum.Enum):
    """What the player to move does now."""

    DRAW = "draw"  # draw from the stock or take the pile
    PLAY = "play"  # meld, lay off, open, ask, discard
    ANSWER = "answer"  # the partner answers "may I go out?"
    OVER = "over"


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of a deal: each side's base and point scores (CAN-11)."""

    deal: int
    base: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    went_out: int | None
    concealed: bool
    hands: tuple[tuple[Card, ...], ...]

    def describe(self) -> tuple[str, ...]:
        """Transcript lines for the deal."""
        how = "nobody went out" if self.went_out is None else f"seat {self.went_out} went out"
        if self.concealed:
            how += " concealed"
        return (
            f"  deal {self.deal + 1} ends: {how}",
            *(
                f"    seat {k}: left {' '.join(map(str, h)) or '-'}"
                for k, h in enumerate(self.hands)
            ),
            *(
                f"    side {s}: base {self.base[s]}, points {self.points[s]}, "
                f"deal {self.scores[s]:+d}, total {self.totals[s]}"
                for s in range(len(self.totals))
            ),
        )


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (CAN-13). With four players ``totals``, ``opened`` and
    ``red_threes`` are given for every seat (its partnership's), so that they read as
    per-seat numbers."""

    seat: int
    options: Options
    deal: int
    dealer: int
    turn: int | None
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    stock_size: int
    pile: tuple[Card, ...]
    frozen: bool
    table: tuple[TableMeld, ...]
    pending: tuple[Meld, ...]
    opened: tuple[bool, ...]
    red_threes: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    took_pile: bool
    drew: bool
    melded_now: bool
    added_old: bool
    asked: bool
    permission: int
    ending: bool
    has_melded: tuple[bool, ...]
    turn_melds: int
    turns: int
    winner: int | None
    last_deal: DealResult | None
    history: History
