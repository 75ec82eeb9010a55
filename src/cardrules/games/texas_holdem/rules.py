"""Texas Hold'em values: options, moves, pots, hand results and views (``seeds/texas_holdem.md``).

Examples:
    >>> str(Raise(137)), str(Bet(4)), str(CALL), str(FOLD)
    ('raise 137', 'bet 4', 'call', 'fold')
    >>> Options().structure, Options().small_blind, Options().big_blind
    ('no_limit', 1, 2)
"""

from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from cardrules.cards import Card, format_cards
from cardrules.engine import GameView, History, Move, option
from cardrules.errors import OptionError

__all__ = [
    "CALL",
    "CHECK",
    "FOLD",
    "LIMIT_SLOTS",
    "SIZE_SLOTS",
    "STRUCTURES",
    "Bet",
    "Call",
    "Check",
    "Fold",
    "HandResult",
    "Options",
    "Phase",
    "PotResult",
    "Raise",
    "View",
]

#: The betting structures (TH-3.1): fixed limit, pot limit, no limit.
STRUCTURES: tuple[str, ...] = ("fixed_limit", "pot_limit", "no_limit")

#: The action abstraction of a bet or raise (TH-15.2): each name, and the part of
#: the pot (after calling) it adds; ``None`` for the minimum and for all-in.
SIZE_SLOTS: tuple[tuple[str, tuple[int, int] | None], ...] = (
    ("min", None),
    ("half_pot", (1, 2)),
    ("pot", (1, 1)),
    ("two_pots", (2, 1)),
    ("all_in", None),
)
#: Fixed limit has one size: the bet of the round (or all-in for less).
LIMIT_SLOTS: tuple[str, ...] = ("fixed",)

_MOST_CHIPS = 10**9

# --------------------------------------------------------------------------- options


@attrs.frozen
class Options:
    """Texas Hold'em options (see ``seeds/texas_holdem.md``).

    Examples:
        >>> Options(structure="fixed_limit").bet_sizes()
        (2, 4)
        >>> Options(structure="fixed_limit", small_bet=15, big_bet=30).bet_sizes()
        (15, 30)
        >>> Options(small_blind=5, big_blind=2)
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: option small_blind 5 is above big_blind 2
    """

    players: int = option(6, doc="seats at the table (TH-1.2)", minimum=2, maximum=10)
    deals: int = option(100, doc="most hands in a match (TH-13.1)", minimum=1, maximum=10_000)
    structure: str = option("no_limit", doc="betting structure (TH-3.1)", choices=STRUCTURES)
    small_blind: int = option(1, doc="small blind (TH-4.2)", minimum=0, maximum=10**6)
    big_blind: int = option(2, doc="big blind (TH-4.2)", minimum=1, maximum=10**6)
    ante: int = option(0, doc="ante every seat posts (TH-4.4)", minimum=0, maximum=10**6)
    bb_ante: int = option(
        0, doc="ante the big blind posts for the table (TH-4.5)", minimum=0, maximum=10**6
    )
    small_bet: int = option(
        0, doc="fixed limit: the small bet, 0 for the big blind (TH-3.2)", minimum=0, maximum=10**6
    )
    big_bet: int = option(
        0,
        doc="fixed limit: the big bet, 0 for twice the small bet (TH-3.2)",
        minimum=0,
        maximum=2 * 10**6,
    )
    cap: int = option(4, doc="fixed limit: most bets in a round (TH-3.3)", minimum=2, maximum=10)
    uncapped_heads_up: bool = option(
        False, doc="fixed limit: no cap when two players are left (TH-3.3)"
    )
    stack: int = option(
        200, doc="chips each seat starts with (TH-13.1)", minimum=1, maximum=_MOST_CHIPS
    )
    rake_percent: int = option(
        0, doc="rake, in whole percent of the pot (TH-12.1)", minimum=0, maximum=10
    )
    rake_cap: int = option(
        0, doc="most chips raked from a pot, 0 for no cap (TH-12.1)", minimum=0, maximum=10**6
    )

    def __attrs_post_init__(self) -> None:
        if self.small_blind > self.big_blind:
            raise OptionError(
                f"option small_blind {self.small_blind} is above big_blind {self.big_blind}"
            )
        if self.ante and self.bb_ante:
            raise OptionError("options ante and bb_ante exclude each other: choose one (TH-4.5)")
        small, big = self.bet_sizes()
        if big < small:
            raise OptionError(f"option big_bet {big} is below small_bet {small}")
        if self.players * self.stack > 10 * _MOST_CHIPS:
            raise OptionError("players times stack must be at most 10,000,000,000 chips")

    def bet_sizes(self) -> tuple[int, int]:
        """The fixed-limit small and big bets (TH-3.2)."""
        small = self.small_bet or self.big_blind
        return small, self.big_bet or 2 * small


# --------------------------------------------------------------------------- moves


@attrs.frozen
class Fold(Move):
    """Give up the hand and any claim to the pot (TH-6.1)."""

    NAME: ClassVar[str] = "fold"


@attrs.frozen
class Check(Move):
    """Stay in without betting, when there is nothing to call (TH-6.1)."""

    NAME: ClassVar[str] = "check"


@attrs.frozen
class Call(Move):
    """Match the bet, or put in every chip left when that is less (TH-6.1, TH-6.6)."""

    NAME: ClassVar[str] = "call"


@attrs.frozen
class Bet(Move):
    """Open the betting of a round: put in chips up to ``amount`` this round (TH-6.1).

    ``amount`` is any whole number in ``state.amount_range(Bet)``. A bet listed by
    ``legal_moves`` also knows its place in the action abstraction (``slot``).
    """

    NAME: ClassVar[str] = "bet"
    amount: int
    slot: int | None = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)


@attrs.frozen
class Raise(Move):
    """Raise to ``amount``: this seat's whole bet of the round becomes ``amount`` (TH-6.1).

    ``amount`` is any whole number in ``state.amount_range(Raise)``.
    """

    NAME: ClassVar[str] = "raise"
    amount: int
    slot: int | None = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)


FOLD = Fold()
CHECK = Check()
CALL = Call()


class Phase(enum.Enum):
    """Whether hands are being played or the match is over."""

    BETTING = "betting"
    OVER = "over"


# --------------------------------------------------------------------------- results


@attrs.frozen(kw_only=True)
class PotResult:
    """One pot of a finished hand: its chips after rake, who could win it, who did.

    Examples:
        >>> PotResult(amount=30, eligible=(0, 2), winners=(2,), shares=(0, 0, 30)).amount
        30
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@attrs.frozen(kw_only=True)
class HandResult:
    """A finished hand: the board, the hands shown, the pots and what each seat won.

    ``shown[i]`` is seat ``i``'s hole cards if they were shown at the showdown,
    else ``()`` (folded, mucked unshown or not dealt in: hidden forever).
    ``net[i]`` is what seat ``i`` ended with minus what it had at the start of the hand.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("texas_holdem", players=2, deals=1)
        >>> state = game.replay(1, ["fold"])
        >>> state.last_deal.net, state.last_deal.shown
        ((-1, 1), ((), ()))
    """

    deal: int
    button: int
    board: tuple[Card, ...]
    shown: tuple[tuple[Card, ...], ...]
    pots: tuple[PotResult, ...]
    rake: int
    net: tuple[int, ...]
    stacks: tuple[int, ...]

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: the board, the hands shown and each pot."""
        lines = [f"  hand {self.deal + 1} ends: board {format_cards(self.board) or '-'}"]
        for seat, cards in enumerate(self.shown):
            shows = f"shows {format_cards(cards)}, " if cards else ""
            lines.append(f"    seat {seat}: {shows}net {self.net[seat]:+d}")
        for k, pot in enumerate(self.pots):
            name = "main pot" if k == 0 else f"side pot {k}"
            who = ", ".join(f"seat {w}" for w in pot.winners)
            lines.append(f"    {name} {pot.amount} to {who}")
        if self.rake:
            lines.append(f"    rake {self.rake}")
        return tuple(lines)


# --------------------------------------------------------------------------- views


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (TH-14.1): its hole cards, the board, chips, the betting.

    The other seats' hole cards are never shown in a hand; those shown at a
    showdown are in ``last_deal``; mucked hands stay hidden (TH-10.3).
    """

    seat: int
    options: Options
    start: tuple[int, ...]
    deal: int
    phase: Phase
    turn: int | None
    button: int
    street: int
    hole: tuple[Card, ...]
    hole_sizes: tuple[int, ...]
    board: tuple[Card, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    paid: tuple[int, ...]
    antes: tuple[int, ...]
    live: tuple[bool, ...]
    faced: tuple[int, ...]
    min_raise: int
    reopen: int
    raises: int
    aggressor: int | None
    stock_size: int
    burned_size: int
    muck_size: int
    raked: int
    last_deal: HandResult | None
    history: History
