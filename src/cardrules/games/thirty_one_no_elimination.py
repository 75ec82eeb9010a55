"""No-Elimination Thirty-One: Thirty-One's play, scored in points over a series.

Rules digest: ``seeds/thirty_one_no_elimination.md`` (clauses ``T31N-*``).
The play is Thirty-One's, move for move
([`cardrules.games.thirty_one`][cardrules.games.thirty_one]):
this module replaces only the settling of a finished deal. Nobody holds
tokens or drops out; every deal scores points by the chart of T31N-3, and
after ``deals`` deals (10 by default) the highest total wins.

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import thirty_one_no_elimination as t31n
    >>> hands = [parse_cards(t) for t in ("Ah Kh Qh", "Jc 9c 2d", "4s 3s 5d", "8d 7d 6c")]
    >>> t31n.deal_points(hands, knocker=1)
    (6, 1, 1, 2)
    >>> game = games.create("thirty_one_no_elimination", players=3)
    >>> game.options.deals, game.new_game(seed=1).scores
    (10, (0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import GameState, make_view, option
from cardrules.errors import InvalidCardError, InvalidStateError, OptionError
from cardrules.games import thirty_one
from cardrules.games._family31 import Copiers
from cardrules.games.thirty_one import TRIPS_VALUES, End, check_trips, hand_value

__all__ = [
    "BLITZ",
    "CHARTS",
    "DealResult",
    "Options",
    "State",
    "ThirtyOneNoElimination",
    "View",
    "deal_points",
    "score_hand",
]

BLITZ = 31
_MAX_PLAYERS = 9
_SCORED = Copiers(("points", "last_deal"))  # a deal scored

# T31N-3.1: (knocker, anyone else) for each category, as the text's chart gives
# them; T31N-3.7: the published chart swaps the columns (the knocker scores more).
CHARTS = {
    "text": {"blitz": (6, 6), "highest": (3, 4), "middle": (1, 2), "lowest": (0, 1)},
    "published": {"blitz": (6, 6), "highest": (4, 3), "middle": (2, 1), "lowest": (1, 0)},
}


@attrs.frozen
class Options:
    """No-Elimination Thirty-One options (see ``seeds/thirty_one_no_elimination.md``).

    Examples:
        >>> Options()  # doctest: +NORMALIZE_WHITESPACE
        Options(players=4, deals=10, three_of_a_kind=False, knock_first_round=True,
                three_of_a_kind_value=30, chart='text')
    """

    players: int = option(4, doc="number of seats (T31N-1.1)", minimum=2, maximum=_MAX_PLAYERS)
    deals: int = option(10, doc="deals in the series (T31N-4.1)", minimum=1, maximum=1000)
    three_of_a_kind: bool = option(False, doc="three of a kind counts 30 (T31-3.3)")
    knock_first_round: bool = option(
        True, doc="knocking allowed before everyone has had a turn (T31-4.5)"
    )
    three_of_a_kind_value: int | float = option(
        30,
        kind=float,
        choices=TRIPS_VALUES,
        doc="what three of a kind counts with three_of_a_kind: 30 or 30.5 (T31-3.5)",
    )
    chart: str = option(
        "text",
        choices=tuple(CHARTS),
        doc="the scoring chart: the text's, or the published one with the knocker's "
        "and the others' figures swapped (T31N-3.7)",
    )

    def __attrs_post_init__(self) -> None:
        check_trips(self.three_of_a_kind, self.three_of_a_kind_value)

    @property
    def tokens(self) -> int:
        """No tokens are used (T31N-1.2); Thirty-One's bookkeeping sees zero."""
        return 0


def _category_points(
    values: Sequence[float], knocker: int | None, chart: str = "text"
) -> tuple[int, ...]:
    table = CHARTS[chart]
    high, low = max(values), min(values)
    points = []
    for seat, value in enumerate(values):
        if value == BLITZ:
            category = "blitz"  # T31N-3.2
        elif value == high:
            category = "highest"  # T31N-3.3: a tie takes the better category
        elif value == low:
            category = "lowest"
        else:
            category = "middle"
        points.append(table[category][0 if seat == knocker else 1])
    return tuple(points)


def deal_points(
    hands: Sequence[Sequence[Card]],
    *,
    knocker: int | None = None,
    three_of_a_kind: bool = False,
    three_of_a_kind_value: float = 30,
    chart: str = "text",
) -> tuple[int, ...]:
    """Points each player scores for a finished deal (T31N-3).

    Each hand falls in a category by its total among all hands: a total of 31
    is Blitz (6 points); otherwise the highest total scores 3 for the knocker
    and 4 for anyone else, the lowest 0 and 1, anything between 1 and 2.
    Tied players all take the better category.

    Args:
        hands: the three-card hands of the players in the deal, in seat order.
        knocker: the seat that knocked, or ``None`` (a deal ended by Blitz).
        three_of_a_kind: count three of a kind as 30 (T31-3.3).
        three_of_a_kind_value: 30, or 30.5 (T31-3.5), with ``three_of_a_kind``.
        chart: ``"text"`` (the text's chart) or ``"published"`` (the knocker
            scores 4, 2, 1 and the others 3, 1, 0; T31N-3.7).

    Raises:
        InvalidCardError: a hand is not three distinct cards of the pack, or
            one card is in two hands.
        OptionError: not two to nine hands (T31N-1.1), ``knocker`` is no
            seat, or an unknown ``chart`` or three-of-a-kind value.

    Examples:
        >>> from cardrules import parse_cards
        >>> deal_points([parse_cards("Kc Qc 9c"), parse_cards("Ts 9s 8h")], knocker=0)
        (3, 1)
        >>> deal_points([parse_cards("Kc Qc 9c"), parse_cards("Ks Qs 9s")], knocker=0)
        (3, 4)
        >>> deal_points([parse_cards("Kc Qc 9c"), parse_cards("Ts 9s 8h")], knocker=0,
        ...             chart="published")
        (4, 0)
        >>> deal_points([parse_cards("Kc Qc 9c"), parse_cards("Kc Qs 9s")])
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: Kc is in two hands; a deal uses one pack
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) < 2:
        raise OptionError(f"a deal has at least two hands, got {hands!r:.60}")
    if len(hands) > _MAX_PLAYERS:
        raise OptionError(f"a deal has at most {_MAX_PLAYERS} hands, got {len(hands)}")
    for hand in hands:
        if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence):
            raise InvalidCardError(f"a Thirty-One hand is a sequence of cards, got {hand!r:.40}")
    if knocker is not None and (
        not isinstance(knocker, int) or isinstance(knocker, bool) or not 0 <= knocker < len(hands)
    ):
        raise OptionError(f"knocker must be a seat from 0 to {len(hands) - 1}, got {knocker!r}")
    if not isinstance(chart, str) or chart not in CHARTS:
        raise OptionError(f"chart must be one of {list(CHARTS)}, got {chart!r} (T31N-3.7)")
    values = [
        hand_value(h, three_of_a_kind=three_of_a_kind, three_of_a_kind_value=three_of_a_kind_value)
        for h in hands
    ]
    seen: set[Card] = set()
    for hand in hands:
        for card in hand:
            if card in seen:
                raise InvalidCardError(f"{card} is in two hands; a deal uses one pack")
            seen.add(card)
    return _category_points(values, knocker, chart)


@attrs.frozen(kw_only=True)
class DealResult(thirty_one.DealResult):
    """The public outcome of a finished deal, with the points it scored.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("thirty_one_no_elimination", players=2, deals=1)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_moves()[0])
        >>> state.last_deal.points == state.scores
        True
    """

    points: tuple[int, ...]


@attrs.frozen(kw_only=True)
class View(thirty_one.View):
    """What one seat may know: Thirty-One's view plus the points so far (T31N-4.3).

    Examples:
        >>> from cardrules import games
        >>> state = games.create("thirty_one_no_elimination", players=3).new_game(seed=1)
        >>> state.view(2).points
        (0, 0, 0)
    """

    points: tuple[int, ...]
    # this game's own options and deal record (not Thirty-One's): the JSON reads back
    options: Options  # type: ignore[assignment]
    last_deal: DealResult | None


@attrs.frozen(kw_only=True)
class State(thirty_one.State):
    """A No-Elimination Thirty-One series in progress: Thirty-One's state plus points.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("thirty_one_no_elimination", players=3).new_game(seed=1)
        >>> state.points, state.alive, state.winner
        ((0, 0, 0), (True, True, True), ())
    """

    GAME: ClassVar[str] = "thirty_one_no_elimination"

    # Thirty-One's loop reads players, deals, three_of_a_kind, knock_first_round
    # and tokens, which these options all provide (tokens is always 0); they are
    # not a subclass because No-Elimination takes no tokens option.
    options: Options  # type: ignore[assignment]
    points: tuple[int, ...]
    last_deal: DealResult | None = None

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per seat so far; higher is better (T31N-4.2)."""
        return self.points

    @property
    def winner(self) -> tuple[int, ...]:
        """The seats with the highest total once the series is over (T31N-4.2)."""
        if not self.is_terminal:
            return ()
        top = max(self.points)
        return tuple(i for i, p in enumerate(self.points) if p == top)

    def _settle(
        self,
        end: End,
        blitzers: tuple[int, ...],
        values: tuple[int | float, ...],
        best: int | None,
    ) -> State:
        """Score the deal by the chart (T31N-3); a drawn deal scores nothing (T31N-3.4)."""
        n = self.options.players
        gained = (
            (0,) * n
            if end is End.STOCK_EXHAUSTED
            else _category_points(values, self.knocker, self.options.chart)
        )
        result = DealResult(
            deal=self.deal,
            end=end,
            hands=self.hands,
            values=values,
            knocker=self.knocker,
            losses=(0,) * n,
            best=best,
            points=gained,
        )
        points = tuple([p + g for p, g in zip(self.points, gained, strict=True)])
        return _SCORED[self.__class__](self, points, result)  # type: ignore[no-any-return]

    def view(self, seat: int) -> View:
        """What ``seat`` may know: what it would in Thirty-One, and the points (T31N-4.3)."""
        return make_view(View, self, seat)

    def _check(self) -> None:
        super()._check()
        if len(self.points) != self.options.players or min(self.points) < 0:
            raise InvalidStateError(f"points {self.points} do not fit the players")
        if not all(self.alive) or any(self.tokens):
            raise InvalidStateError("nobody holds tokens or drops out in No-Elimination")


@attrs.frozen
class ThirtyOneNoElimination(thirty_one.ThirtyOne):
    """No-Elimination Thirty-One under fixed options.

    Examples:
        >>> game = ThirtyOneNoElimination.create(players=2, deals=1)
        >>> state = game.new_game(seed=3)
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_moves()[0])
        >>> state.last_deal.end, sum(state.scores) > 0
        (<End.KNOCK: 'knock'>, True)
    """

    NAME: ClassVar[str] = "thirty_one_no_elimination"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "No-Elimination Thirty-One: Thirty-One scored in points over a series"
    HIGHER_IS_BETTER: ClassVar[bool] = True
    SEATS: ClassVar[dict[str, Any]] = {"points": 0}  # every seat starts with none


# --------------------------------------------------------------------------- picture


def render(view: View) -> str:
    """The view of one seat as plain text for a person: Thirty-One's picture
    with the points so far in place of tokens.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("thirty_one_no_elimination", players=2).new_game(seed=1)
        >>> print(render(state.view(0)))
        == No-Elimination Thirty-One: deal 1 ==
           seat    cards points
           you (0) 3     0      dealer
         > seat 1  3     0
        ...
    """
    return thirty_one._picture("No-Elimination Thirty-One", view, {"points": view.points})


score_hand = hand_value
"""The scoring vocabulary's name for what a hand is worth as this game scores it:
the same function as [`hand_value`][cardrules.games.thirty_one.hand_value]."""
