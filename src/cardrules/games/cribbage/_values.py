"""Cribbage values: options, moves, phases, deal results, views and ``render``.

Rules digest: ``seeds/cribbage.md`` (clauses ``CR-*``).
"""

from __future__ import annotations

import enum
import itertools
from typing import ClassVar

import attrs

from cardrules.cards import Card, format_cards
from cardrules.decks import standard
from cardrules.engine import GameView, Move, option
from cardrules.errors import OptionError

__all__ = [
    "MUGGINS",
    "PASS",
    "Count",
    "DealResult",
    "LayAway",
    "Muggins",
    "Options",
    "Pass",
    "PegClaim",
    "Phase",
    "Play",
    "View",
    "render",
]


@attrs.frozen
class Options:
    """Cribbage options (see ``seeds/cribbage.md``).

    Examples:
        >>> Options().players, Options().target, Options().go_stops
        (2, None, False)
        >>> Options().goal, Options(players=3).goal, Options(players=3, target=121).goal
        (121, 61, 121)
    """

    players: int = option(2, doc="2, 3, or 4 as two partnerships (CR-1.1)", choices=(2, 3, 4))
    deals: int | None = option(
        None, kind=int, optional=True, minimum=1, doc="stop after this many deals (CR-8.6)"
    )
    target: int | None = option(
        None,
        kind=int,
        optional=True,
        choices=(121, 61),
        doc="points that win a game; none: 121, or 61 with three players (CR-8.1, CR-8.7)",
    )
    games: int = option(1, doc="games in the match (CR-8.6)", minimum=1, maximum=1000)
    muggins: bool = option(False, doc="counts are claimed, overlooked points taken (CR-7)")
    skunks: bool = option(False, doc="skunk and double skunk instead of the lurch (CR-8.4)")
    double_skunk_three: bool = option(
        False, doc="with skunks, a double skunk counts three games, not four (CR-8.8)"
    )
    go_stops: bool = option(
        False, doc="3 or 4 players: after the others' go the last player stops (CR-5.10)"
    )
    five_card: bool = option(
        False, doc="two players: the older five-card game, one series, to 61 (CR-9)"
    )

    def __attrs_post_init__(self) -> None:
        if self.skunks and self.goal != 121:
            raise OptionError("option skunks is only for games to 121 (CR-8.4)")
        if self.double_skunk_three and not self.skunks:
            raise OptionError("option double_skunk_three needs skunks (CR-8.8)")
        if self.go_stops and self.players == 2:
            raise OptionError("option go_stops is for three or four players (CR-5.10)")
        if self.five_card and self.players != 2:
            raise OptionError("option five_card is the two-player game (CR-9.1)")

    @property
    def goal(self) -> int:
        """The points that win a game: ``target``, else 61 with three players, else 121."""
        if self.target is not None:
            return self.target
        return 61 if self.players == 3 or self.five_card else 121

    @property
    def keep(self) -> int:
        """Cards a hand keeps after laying away: 4, or 3 in five-card cribbage (CR-9.2)."""
        return 3 if self.five_card else 4


# --------------------------------------------------------------------------- moves


@attrs.frozen
class LayAway(Move):
    """Lay cards away to the crib (CR-3.2): ``crib 5h,Kc``."""

    NAME: ClassVar[str] = "crib"
    cards: tuple[Card, ...]


@attrs.frozen
class Play(Move):
    """Play a card in the play (CR-5): ``play 7d``."""

    NAME: ClassVar[str] = "play"
    card: Card


@attrs.frozen
class Count(Move):
    """Claim a hand's count with muggins on (CR-7.1): ``count 12``."""

    NAME: ClassVar[str] = "count"
    points: int


@attrs.frozen
class Muggins(Move):
    """Take the points an opponent overlooked (CR-7.2)."""

    NAME: ClassVar[str] = "muggins"


@attrs.frozen
class Pass(Move):
    """Let an undercount go (CR-7.2)."""

    NAME: ClassVar[str] = "pass"


_DECK = standard()
_DECK_CARDS = _DECK.cards
_PLAY = {c: Play(c) for c in _DECK_CARDS}
_LAY: dict[tuple[Card, ...], LayAway] = {}
_COUNTS = tuple(Count(k) for k in range(30))
MUGGINS = Muggins()
PASS = Pass()


def _lay(cards: tuple[Card, ...]) -> LayAway:
    move = _LAY.get(cards)
    if move is None:
        move = _LAY[cards] = LayAway(cards)
    return move


for _size in (1, 2):  # every move of laying away one card or two sorted cards
    for _cards in itertools.combinations(sorted(_DECK_CARDS), _size):
        _lay(_cards)
_LAY_OF = _LAY.__getitem__


class Phase(enum.Enum):
    """What the player to move must do."""

    CRIB = "crib"  # lay away (CR-3)
    PLAY = "play"  # play a card (CR-5)
    PEG = "peg"  # claim the points of the card just played (muggins, CR-7.4)
    COUNT = "count"  # claim a count (muggins, CR-7.1)
    MUGGINS = "muggins"  # call muggins or pass (CR-7.2)
    OVER = "over"


@attrs.frozen(kw_only=True)
class PegClaim:
    """With muggins, the points a card earned in the play, waiting for its player's
    claim (CR-7.4).

    ``seat`` played the card; ``points`` is what it truly pegs (fifteen, pair,
    run, 31, and the go or the last card it earned); ``turn`` and ``phase``
    say who moves next, and to do what, once the claim (and any muggins) is
    settled: the next card of the play, or the first count of the show.
    """

    seat: int
    points: int
    turn: int
    phase: Phase


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of a counted deal: hands, crib and their counts.

    ``points[i]`` is what seat ``i``'s hand scored (the claim, with
    muggins; ``None`` if the game ended before it was counted);
    ``crib_points`` likewise for the crib, and ``crib`` is empty unless the
    crib was counted (it is never shown otherwise, CR-3.1). ``hands`` are the
    cards each seat played.
    """

    deal: int
    dealer: int
    starter: Card | None
    hands: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    points: tuple[int | None, ...]
    crib_points: int | None

    def describe(self) -> list[str]:
        """Transcript lines for the deal."""
        lines = [f"  deal {self.deal + 1} ends: seat {self.dealer} dealt; starter {self.starter}"]
        for seat, hand in enumerate(self.hands):
            lines.append(f"    seat {seat}: {format_cards(hand)} {_counted(self.points[seat])}")
        crib = format_cards(self.crib) if self.crib_points is not None else "(not shown)"
        lines.append(f"    crib: {crib} {_counted(self.crib_points)}")
        return lines


def _counted(points: int | None) -> str:
    """How a hand's count reads in a transcript: never ``None`` (a hand not counted
    because the game ended first, CR-8.2)."""
    return "not counted (the game ended first)" if points is None else f"counts {points}"


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know: its hand, every card played, the starter and
    the scores; the crib only once it is counted, and its own crib cards."""

    seat: int
    options: Options
    game: int
    deal: int
    dealer: int
    turn: int | None
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[Card, ...], ...]
    laid: tuple[Card, ...]
    crib: tuple[Card, ...]
    crib_size: int
    starter: Card | None
    count: int
    series: tuple[Card, ...]
    passed: tuple[bool, ...]
    low: tuple[int, ...]
    pegs: tuple[int, ...]
    game_points: tuple[int, ...]
    cuts: tuple[tuple[Card, ...], ...]
    claim: int | None
    pending: PegClaim | None
    last_deal: DealResult | None


def render(view: View) -> str:
    """The seat's view as plain text for a person.

    Examples:
        >>> from cardrules import games
        >>> print(render(games.create("cribbage").new_game(seed=3).view(0)).splitlines()[0])
        cribbage, game 1, deal 1: seat 0 deals; points [0, 0]
    """
    lines = [
        f"cribbage, game {view.game + 1}, deal {view.deal + 1}: seat {view.dealer} deals; "
        f"points {list(view.pegs)}"
    ]
    lines.append(f"your hand (seat {view.seat}): {format_cards(view.hand) or '-'}")
    if view.laid:
        lines.append(f"you laid away: {format_cards(view.laid)}")
    if view.starter is not None:
        lines.append(f"starter: {view.starter}")
    for seat, cards in enumerate(view.played):
        if cards:
            lines.append(f"seat {seat} played: {format_cards(cards)}")
    if view.phase is Phase.PLAY or view.pending is not None:
        lines.append(f"running count {view.count}: {format_cards(view.series) or '-'}")
        gone = [str(s) for s, said in enumerate(view.passed) if said]
        if gone:
            lines.append(f"go said by seat {', '.join(gone)}")
    if view.pending is not None:
        lines.append(f"seat {view.pending.seat}'s card scored {view.pending.points} to claim")
    if view.crib:
        lines.append(f"crib: {format_cards(view.crib)}")
    if view.turn is not None and view.phase is not Phase.OVER:
        lines.append(f"seat {view.turn} to {view.phase.value}")
    else:
        lines.append("the game is over")
    return "\n".join(lines)
