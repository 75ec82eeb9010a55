"""Klondike values: options, moves, the view, deal results and scoring (``seeds/klondike.md``).

Examples:
    >>> from cardrules import parse_card
    >>> str(Home(parse_card("Ah"))), str(Shift(parse_card("7s"), 3)), str(DRAW)
    ('home Ah', 'move 7s 3', 'draw')
    >>> standard_points("waste_to_foundation"), vegas_score(13)
    (10, 13)
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from cardrules.cards import Card
from cardrules.engine import GameView, History, Move, option
from cardrules.errors import CardRulesError, OptionError
from cardrules.games.klondike.pysol import read_pysol

__all__ = [
    "DRAW",
    "REDEAL",
    "RESIGN",
    "SCORINGS",
    "DealResult",
    "Draw",
    "Home",
    "Options",
    "Redeal",
    "Resign",
    "Shift",
    "View",
    "deal_score",
    "standard_points",
    "vegas_score",
]

Pile: TypeAlias = tuple[Card, ...]
Piles: TypeAlias = tuple[Pile, Pile, Pile, Pile, Pile, Pile, Pile]
Counts7: TypeAlias = tuple[int, int, int, int, int, int, int]
Four: TypeAlias = tuple[int, int, int, int]

#: The scoring systems (KL-7).
SCORINGS = ("cards", "standard", "vegas")

# --------------------------------------------------------------------------- options


@attrs.frozen
class Options:
    """Klondike options (see ``seeds/klondike.md``).

    Examples:
        >>> Options().draw, Options().passes, Options().foundation_to_tableau
        (1, None, True)
        >>> Options(draw=2)
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: option draw must be one of [1, 3], got 2
    """

    players: int = option(1, doc="one player (KL-1.1)", minimum=1, maximum=1)
    deals: int = option(1, doc="deals in the session (KL-6.5)", minimum=1, maximum=100_000)
    draw: int = option(1, doc="cards turned from the stock at a time (KL-4.1)", choices=(1, 3))
    passes: int | None = option(
        None,
        doc="passes through the stock, None for no limit (KL-4.3)",
        kind=int,
        minimum=1,
        maximum=1000,
        optional=True,
    )
    foundation_to_tableau: bool = option(
        True, doc="a foundation's top card may come back to the tableau (KL-5.1)"
    )
    auto_play: bool = option(False, doc="safe cards go to the foundations by themselves (KL-5.2)")
    scoring: str = option("cards", doc="cards, standard or vegas (KL-7)", choices=SCORINGS)
    max_moves: int = option(
        1000, doc="moves after which a deal ends (KL-6.4)", minimum=10, maximum=100_000
    )
    winnable: bool = option(False, doc="deal only deals the solver proves winnable (KL-2.4)")
    deal: str | None = option(
        None, doc="the first deal in the PySol format (KL-10.1)", kind=str, optional=True
    )

    def __attrs_post_init__(self) -> None:
        if self.deal is not None:
            try:
                found = read_pysol(self.deal)
            except CardRulesError as exc:
                raise OptionError(f"option deal: {exc}") from None
            if any(found.foundations) or any(
                len(p) != k + 1 or h != k
                for k, (p, h) in enumerate(zip(found.piles, found.hidden, strict=False))
            ):
                raise OptionError(
                    "option deal: a deal has piles of 1 to 7 cards, only the top face up (KL-2.1)"
                )


# --------------------------------------------------------------------------- moves


@attrs.frozen
class Draw(Move):
    """Turn the stock's top card (or three) onto the waste (KL-4.1)."""

    NAME: ClassVar[str] = "draw"


@attrs.frozen
class Redeal(Move):
    """Turn the waste over as a new stock (KL-4.3)."""

    NAME: ClassVar[str] = "redeal"


@attrs.frozen
class Home(Move):
    """Play ``card`` (the waste's or a pile's top card) to its foundation (KL-3.1)."""

    NAME: ClassVar[str] = "home"
    card: Card


@attrs.frozen
class Shift(Move):
    """Move ``card`` and every card on it onto tableau pile ``pile`` (1 to 7).

    ``card`` is the waste's top card, a face-up tableau card or, with
    ``foundation_to_tableau``, a foundation's top card (KL-3.3, KL-4.2, KL-5.1).
    """

    NAME: ClassVar[str] = "move"
    card: Card
    pile: int


@attrs.frozen
class Resign(Move):
    """Give the deal up once the whole stock has been turned: it ends lost (KL-6.2)."""

    NAME: ClassVar[str] = "resign"


DRAW = Draw()
REDEAL = Redeal()
RESIGN = Resign()

# --------------------------------------------------------------------------- scoring

_STANDARD = {
    "waste_to_tableau": 5,
    "waste_to_foundation": 10,
    "tableau_to_foundation": 10,
    "turn_over": 5,
    "foundation_to_tableau": -15,
    "redeal_draw_one": -100,
    "redeal_draw_three": 0,
}


def standard_points(kind: str) -> int:
    """The standard score of one kind of move (KL-7.3).

    Kinds: ``waste_to_tableau`` 5, ``waste_to_foundation`` 10,
    ``tableau_to_foundation`` 10, ``turn_over`` 5, ``foundation_to_tableau``
    -15, ``redeal_draw_one`` -100, ``redeal_draw_three`` 0.

    Raises:
        OptionError: no such kind.

    Examples:
        >>> standard_points("turn_over"), standard_points("foundation_to_tableau")
        (5, -15)
        >>> standard_points("shuffle")
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: no standard score for 'shuffle'; kinds are: ...
    """
    points = _STANDARD.get(kind) if isinstance(kind, str) else None
    if points is None:
        raise OptionError(
            f"no standard score for {kind!r:.40}; kinds are: {', '.join(_STANDARD)} (KL-7.3)"
        )
    return points


def vegas_score(cards: int) -> int:
    """The Vegas result of one deal: 52 paid, 5 back per card on the foundations (KL-7.4).

    Raises:
        OptionError: ``cards`` is not a whole number from 0 to 52.

    Examples:
        >>> vegas_score(0), vegas_score(11), vegas_score(52)
        (-52, 3, 208)
        >>> vegas_score(53)
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: cards on the foundations must be 0 to 52, got 53
    """
    _cards_check(cards)
    return 5 * cards - 52


def _cards_check(cards: object) -> None:
    if not isinstance(cards, int) or isinstance(cards, bool) or not 0 <= cards <= 52:
        raise OptionError(f"cards on the foundations must be 0 to 52, got {cards!r:.20}")


def deal_score(scoring: str, cards: int, points: int = 0) -> int:
    """A finished deal's score under ``scoring`` (KL-7.2 to KL-7.4).

    ``cards``: the cards on the foundations; ``points``: the standard points
    the deal earned (used by ``standard``; never below 0).

    Raises:
        OptionError: an unknown scoring, or ``cards`` out of range.

    Examples:
        >>> deal_score("cards", 30), deal_score("vegas", 30), deal_score("standard", 52, 640)
        (30, 98, 640)
    """
    _cards_check(cards)
    if scoring == "cards":
        return cards
    if scoring == "vegas":
        return vegas_score(cards)
    if scoring == "standard":
        if not isinstance(points, int) or isinstance(points, bool):
            raise OptionError(f"points must be a whole number, got {points!r:.20}")
        return max(0, points)
    raise OptionError(f"scoring must be one of {', '.join(SCORINGS)}, got {scoring!r:.40}")


# --------------------------------------------------------------------------- results, view


@attrs.frozen(kw_only=True)
class DealResult:
    """A finished deal: how it ended, the cards home and its score (KL-7.1).

    Examples:
        >>> DealResult(deal=0, won=True, cards=52, points=600, score=52, how="won").describe()
        ('  deal 1 ends: won', '    seat 0: 52 cards on the foundations, score 52')
    """

    deal: int
    won: bool
    cards: int
    points: int
    score: int
    how: str

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: how the deal ended, then the player's result."""
        return (
            f"  deal {self.deal + 1} ends: {self.how}",
            f"    seat 0: {self.cards} cards on the foundations, score {self.score}",
        )


@attrs.frozen(kw_only=True)
class View(GameView):
    """What the player may know (KL-8.1).

    ``tableau`` holds each pile's face-up cards, ``hidden`` how many face-down
    cards lie under them; ``stock`` the stock's order once every card of it
    has been seen (after the first redeal; the next card is last), else empty;
    ``seen`` the positions met since the last irreversible move (KL-6.1).
    """

    seat: int
    options: Options
    deal: int
    turn: int | None
    tableau: Piles
    hidden: Counts7
    stock_size: int
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    foundations: Four
    passes: int
    moves: int
    points: int
    total: int
    won: int
    seen: tuple[int, ...]
    last_deal: DealResult | None
    history: History
