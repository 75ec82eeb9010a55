"""Blackjack values: options, moves, hands, round results and views (``seeds/blackjack.md``).

Examples:
    >>> str(Bet(10)), str(Insure(5)), str(HIT)
    ('bet 10', 'insure 5', 'hit')
"""

from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from cardrules.cards import Card, format_cards
from cardrules.engine import GameView, History, Move, option
from cardrules.errors import OptionError
from cardrules.games.blackjack.values import _total

__all__ = [
    "DECLINE",
    "DOUBLE",
    "EVEN_MONEY",
    "HIT",
    "SPLIT",
    "STAND",
    "SURRENDER",
    "Bet",
    "DealResult",
    "Decline",
    "Double",
    "DoubleFor",
    "EvenMoney",
    "Hand",
    "Hit",
    "Insure",
    "Options",
    "Phase",
    "Split",
    "Stand",
    "Surrender",
    "View",
]

# --------------------------------------------------------------------------- options


@attrs.frozen
class Options:
    """Blackjack options (see ``seeds/blackjack.md``).

    Examples:
        >>> Options().packs, Options().min_bet, Options().max_bet
        (6, 2, 500)
        >>> Options(min_bet=50, max_bet=10)
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: option min_bet 50 is above max_bet 10
    """

    players: int = option(1, doc="seats against the dealer (BJ-1.2)", minimum=1, maximum=7)
    deals: int = option(10, doc="rounds in a game (BJ-13.1)", minimum=1)
    packs: int = option(6, doc="packs in the shoe (BJ-1.1)", minimum=1, maximum=8)
    min_bet: int = option(2, doc="table minimum bet (BJ-4.1)", minimum=1)
    max_bet: int = option(500, doc="table maximum bet (BJ-4.1)", minimum=1)
    bankroll: int = option(
        1000, doc="chips each seat starts with (BJ-4.3)", minimum=1, maximum=10**9
    )
    hit_soft_17: bool = option(False, doc="the dealer draws to soft 17 (BJ-11.2)")
    double_any_two: bool = option(False, doc="double on any first two cards (BJ-10.1)")
    double_after_split: bool = option(False, doc="double a split hand (BJ-10.3)")
    max_hands: int = option(2, doc="hands a seat may split into (BJ-9.6)", minimum=2, maximum=4)
    split_unlike_tens: bool = option(False, doc="any two ten-cards may split (BJ-9.2)")
    surrender: bool = option(False, doc="late surrender of half the bet (BJ-16.1)")
    six_to_five: bool = option(False, doc="naturals pay 6 to 5, not 3 to 2 (BJ-16.2)")
    resplit_aces: bool = option(False, doc="split aces may split again (BJ-16.3)")
    hit_split_aces: bool = option(False, doc="split aces are played like other pairs (BJ-16.4)")
    double_ten_eleven: bool = option(False, doc="a double needs a total of 10 or 11 (BJ-16.5)")
    even_money: bool = option(False, doc="a natural may take even money at once (BJ-16.6)")
    double_for_less: bool = option(False, doc="a double may add any amount up to the bet (BJ-16.8)")
    no_hole_card: bool = option(
        False, doc="European: the dealer's second card comes after the players (BJ-16.7)"
    )

    def __attrs_post_init__(self) -> None:
        if self.double_ten_eleven and self.double_any_two:
            raise OptionError("options double_ten_eleven and double_any_two exclude each other")
        if self.min_bet > self.max_bet:
            raise OptionError(f"option min_bet {self.min_bet} is above max_bet {self.max_bet}")
        if self.bankroll < self.min_bet:
            raise OptionError(f"option bankroll {self.bankroll} cannot cover min_bet")


# --------------------------------------------------------------------------- moves


@attrs.frozen
class Bet(Move):
    """Bet this many chips on the coming round (BJ-4.1, BJ-4.2)."""

    NAME: ClassVar[str] = "bet"
    amount: int


@attrs.frozen
class Insure(Move):
    """Place an insurance bet of this many chips (BJ-7.1)."""

    NAME: ClassVar[str] = "insure"
    amount: int


@attrs.frozen
class Decline(Move):
    """Place no insurance bet (BJ-7.1)."""

    NAME: ClassVar[str] = "decline"


@attrs.frozen
class Hit(Move):
    """Take one more card (BJ-8.1)."""

    NAME: ClassVar[str] = "hit"


@attrs.frozen
class Stand(Move):
    """Take no more cards on this hand (BJ-8.1)."""

    NAME: ClassVar[str] = "stand"


@attrs.frozen
class Double(Move):
    """Double the bet and take exactly one card, face down (BJ-10.1, BJ-10.2)."""

    NAME: ClassVar[str] = "double"


@attrs.frozen
class Split(Move):
    """Split a pair into two hands, each with the bet (BJ-9.1)."""

    NAME: ClassVar[str] = "split"


@attrs.frozen
class DoubleFor(Move):
    """Double for less: add this many chips, up to the bet, and take one card
    (option ``double_for_less``, BJ-16.8): ``double_for 5``."""

    NAME: ClassVar[str] = "double_for"
    amount: int


@attrs.frozen
class Surrender(Move):
    """Give up the hand and half its bet (option ``surrender``, BJ-16.1)."""

    NAME: ClassVar[str] = "surrender"


@attrs.frozen
class EvenMoney(Move):
    """Take even money for a natural against an ace (option ``even_money``, BJ-16.6)."""

    NAME: ClassVar[str] = "even_money"


DECLINE = Decline()
HIT = Hit()
STAND = Stand()
DOUBLE = Double()
SPLIT = Split()
SURRENDER = Surrender()
EVEN_MONEY = EvenMoney()

# --------------------------------------------------------------------------- values


class Phase(enum.Enum):
    """What the seat to move must do."""

    BET = "bet"
    INSURANCE = "insurance"
    PLAY = "play"
    OVER = "over"


@attrs.frozen(kw_only=True)
class Hand:
    """One hand of a seat: its cards, its stake, how it came about.

    ``split`` marks a hand made by a split; ``done`` one that takes no more
    cards (stood, busted, doubled, 21, a natural or a split ace);
    ``surrendered`` and ``even_money`` a hand given up (BJ-16.1) or a natural
    paid even money (BJ-16.6).

    Examples:
        >>> from cardrules import parse_cards
        >>> hand = Hand(cards=parse_cards("Ah Kd"), stake=10)
        >>> hand.total, hand.natural
        (21, True)
        >>> Hand(cards=parse_cards("Ah Kd"), stake=10, split=True).natural
        False
    """

    cards: tuple[Card, ...]
    stake: int
    doubled: bool = False
    split: bool = False
    done: bool = False
    surrendered: bool = False
    even_money: bool = False

    @property
    def total(self) -> int:
        """The hand's total (BJ-2.2)."""
        return _total(self.cards)[0]

    @property
    def natural(self) -> bool:
        """Whether the hand is a natural: two cards, 21, not from a split (BJ-6.1, BJ-9.5)."""
        return not self.split and len(self.cards) == 2 and _total(self.cards)[0] == 21


@attrs.frozen(kw_only=True)
class DealResult:
    """A settled round, all cards shown: what each hand and insurance bet won.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("blackjack", deals=1)
        >>> state = game.replay(3, ["bet 10", "stand"])
        >>> result = state.last_deal
        >>> result.net == state.scores, len(result.dealer) >= 2
        (True, True)
    """

    deal: int
    dealer: tuple[Card, ...]
    dealer_natural: bool
    hands: tuple[tuple[Hand, ...], ...]
    results: tuple[tuple[int, ...], ...]
    insurance: tuple[int, ...]
    net: tuple[int, ...]

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: the dealer's cards, then each seat's hands and winnings."""
        total = _total(self.dealer)[0]
        shown = "natural" if self.dealer_natural else "bust" if total > 21 else str(total)
        lines = [f"  deal {self.deal + 1} ends: dealer {format_cards(self.dealer)} = {shown}"]
        for seat, hands in enumerate(self.hands):
            parts = [
                f"{format_cards(h.cards)} ({h.stake}{' doubled' if h.doubled else ''}) {r:+d}"
                for h, r in zip(hands, self.results[seat], strict=True)
            ]
            if self.insurance[seat]:
                parts.append(f"insurance {self.insurance[seat]:+d}")
            if parts:
                lines.append(f"    seat {seat}: {'; '.join(parts)}; net {self.net[seat]:+d}")
        return tuple(lines)


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (BJ-13.3): face-up cards, bets, bankrolls.

    ``dealer`` shows the up card only while the round is played; a doubled
    hand's last card is left out until the round is settled (BJ-10.2).
    ``shuffles`` counts the shoe's shuffles so far and ``reshuffle_due`` says a
    shoe run out this round is to be shuffled in full after it (BJ-3.5): every
    seat sees a shuffle made at the table.
    """

    seat: int
    options: Options
    deal: int
    phase: Phase
    turn: int | None
    dealer: tuple[Card, ...]
    hands: tuple[tuple[Hand, ...], ...]
    bets: tuple[int, ...]
    insurance: tuple[int, ...]
    bankrolls: tuple[int, ...]
    tray: tuple[Card, ...]
    shoe_size: int
    cut: int
    shuffles: int
    reshuffle_due: bool
    last_deal: DealResult | None
    history: History
