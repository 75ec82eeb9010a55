"""Let It Ride's phases, shown hands, views and text rendering (LIR-2.3, 4.5, 6.4).

Examples:
    >>> Phase.FIRST.value
    'first'
"""

from __future__ import annotations

import enum

import attrs

from cardrules.cards import Card, format_cards
from cardrules.engine import GameView, History
from cardrules.errors import InvalidCardError
from cardrules.games.let_it_ride._options import Options
from cardrules.games.let_it_ride.pay import PayLine

__all__ = ["HandResult", "Phase", "View", "render"]


class Phase(enum.Enum):
    """Which bet the players are deciding."""

    FIRST = "first"  # three cards seen (LIR-4.1)
    SECOND = "second"  # the first community card is up (LIR-4.3)
    OVER = "over"  # the series is over


@attrs.frozen(kw_only=True)
class HandResult:
    """A shown hand (LIR-4.5, LIR-6.4): every player's cards, lines and net chips.

    ``won`` is each seat's net for the hand, side bets included; ``side`` is the
    part of it the side bets made, empty when the table has none (LIR-8).

    Examples:
        >>> from cardrules import games
        >>> state = games.create("let_it_ride", players=1, deals=1).new_game(seed=2)
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_moves()[0])
        >>> result = state.last_deal
        >>> len(result.board), result.riding, result.won[0] == state.scores[0]
        (2, (1,), True)
    """

    deal: int
    hands: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    lines: tuple[PayLine, ...]
    riding: tuple[int, ...]
    won: tuple[int, ...]
    side: tuple[int, ...] = ()

    def describe(self) -> list[str]:
        """Transcript lines: the board, then each player's hand, line and net chips."""
        lines = [f"  hand {self.deal + 1} ends: community {format_cards(self.board)}; hands shown"]
        for seat, hand in enumerate(self.hands):
            if hand:
                line = self.lines[seat].name.lower().replace("_", " ")
                side = f" (side bets {self.side[seat]:+d})" if self.side else ""
                lines.append(
                    f"    seat {seat}: {format_cards(hand)}; {line}; "
                    f"{self.riding[seat]} riding; {self.won[seat]:+d}{side}"
                )
        return lines


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (LIR-2.3, LIR-6.4)."""

    seat: int
    options: Options
    deal: int
    phase: Phase
    turn: int | None
    hand: tuple[Card, ...]
    community: tuple[Card, ...]
    playing: tuple[bool, ...]
    riding: tuple[tuple[bool, ...], ...]
    bankrolls: tuple[int, ...]
    last_deal: HandResult | None
    history: History


def render(view: View) -> str:
    """The seat's view as plain text for a person.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("let_it_ride", players=2).new_game(seed=1)
        >>> print(render(state.view(0)))  # doctest: +ELLIPSIS
        Let It Ride, hand 1 of 10: seat 0 to decide bet 1
        community: ?? ??
        your cards (seat 0): ...
        seat 0: bankroll 97; bets riding 1 2 3 (you)
        seat 1: bankroll 97; bets riding 1 2 3
    """
    if not isinstance(view, View):
        raise InvalidCardError(f"render takes a Let It Ride view, got {type(view).__name__}")
    total = view.options.deals
    if view.phase is Phase.OVER:
        head = f"Let It Ride, over after {total} hand{'s' * (total > 1)}"
    else:
        deciding = 1 if view.phase is Phase.FIRST else 2
        head = f"Let It Ride, hand {view.deal + 1} of {total}: "
        head += f"seat {view.turn} to decide bet {deciding}"
    shown = [str(c) for c in view.community] + ["??"] * (2 - len(view.community))
    lines = [head]
    if view.phase is not Phase.OVER:
        lines.append(f"community: {' '.join(shown)}")
        lines.append(f"your cards (seat {view.seat}): {format_cards(view.hand) or '(sitting out)'}")
    for seat, money in enumerate(view.bankrolls):
        bets = " ".join(str(k + 1) for k, up in enumerate(view.riding[seat]) if up) or "none"
        you = " (you)" if seat == view.seat else ""
        lines.append(f"seat {seat}: bankroll {money}; bets riding {bets}{you}")
    if view.last_deal is not None:
        lines.extend(view.last_deal.describe())
    return "\n".join(lines)
