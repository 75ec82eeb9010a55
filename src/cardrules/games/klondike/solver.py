"""The Klondike solver on game states (KL-9): solve, hint, winnable deals.

The search itself (``_search``) works on compact positions; this room turns a
[`State`][cardrules.games.klondike.State] into one (every card known: the
*thoughtful* game) and the winning line back into the game's moves.

Examples:
    >>> from cardrules import games
    >>> state = games.create("klondike").new_game(seed=3)
    >>> result = solve(state, limit=50_000)
    >>> result.verdict, result.winnable
    ('won', True)
    >>> after = state
    >>> for move in result.moves:
    ...     after = after.apply(move)
    >>> after.last_deal.won
    True
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.engine import Move
from cardrules.errors import IllegalMoveError, InvalidStateError, OptionError
from cardrules.games.klondike._layout import deal_layout
from cardrules.games.klondike._search import Step, search
from cardrules.games.klondike._tables import CARD_OF, HOME, SHIFT
from cardrules.games.klondike.moves import DRAW, REDEAL, Options
from cardrules.games.klondike.state import State

__all__ = ["Solution", "hint", "solve", "winnable_seed"]

#: The default state limit of ``solve`` (KL-9.1).
DEFAULT_LIMIT = 200_000


@attrs.frozen(kw_only=True)
class Solution:
    """The solver's answer (KL-9.1).

    ``verdict``: ``"won"`` (``moves`` win the deal from the state), ``"lost"``
    (no line wins: every position was searched) or ``"unknown"`` (the limit
    came first); ``states`` the positions searched, ``seconds`` the time.
    """

    verdict: str
    moves: tuple[Move, ...]
    states: int
    seconds: float

    @property
    def winnable(self) -> bool | None:
        """``True`` won, ``False`` lost, ``None`` unknown."""
        return {"won": True, "lost": False}.get(self.verdict)


def _limits(limit: object, seconds: object) -> None:
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise OptionError(f"limit must be a whole number of states, at least 1, got {limit!r:.40}")
    if seconds is not None and (
        not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not seconds > 0
    ):
        raise OptionError(f"seconds must be a positive number or None, got {seconds!r:.40}")


def solve(state: State, *, limit: int = DEFAULT_LIMIT, seconds: float | None = None) -> Solution:
    """Solve the deal in progress with every card known (KL-9.1).

    Args:
        state: a Klondike state whose deal is not over.
        limit: the most positions to search.
        seconds: the most time to search, or ``None``.

    Raises:
        InvalidStateError: ``state`` is not a Klondike state.
        IllegalMoveError: the game is over.
        OptionError: a bad limit.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Klondike state, got {type(state).__name__}")
    _limits(limit, seconds)
    if state.is_terminal:
        raise IllegalMoveError(None, "the game is over")
    opts = state.options
    outcome = search(
        state.tableau,
        state.hidden,
        state.stock,
        waste=state.waste,
        foundations=state.foundations,
        draw=opts.draw,
        passes=opts.passes,
        passes_used=state.passes,
        foundation_to_tableau=opts.foundation_to_tableau,
        limit=limit,
        seconds=seconds,
    )
    moves: tuple[Move, ...] = ()
    verdict = outcome.verdict
    if verdict == "won":
        moves = _public_line(state, outcome.line)
    return Solution(verdict=verdict, moves=moves, states=outcome.states, seconds=outcome.seconds)


def _public_line(state: State, line: tuple[Step, ...]) -> tuple[Move, ...]:
    """The game's moves for the search's steps: each talon step becomes the draws
    (and redeal) that bring its card up, then the play; a step already made by
    the game's own auto-play is left out."""
    piles = [list(p) for p in state.tableau]
    out: list[Move] = []
    current = state
    deal = state.deal

    def play(move: Move) -> None:
        nonlocal current
        current = current.apply(move)
        out.append(move)

    for kind, a, b, target, _redeal in line:
        if kind == "p":
            card = piles[a][b]
            moved = piles[a][b:]
            del piles[a][b:]
        else:
            card = CARD_OF[a]
            moved = [card]
        if target >= 0:
            piles[target].extend(moved)
        if current.deal != deal or current.is_terminal:
            break
        if current.locate(card)[0] == "foundation" and target < 0:
            continue  # auto-played already
        if kind == "t":
            for _ in range(3 * len(current.stock) + 3 * len(current.waste) + 3):
                if current.waste and current.waste[-1] == card:
                    break
                play(DRAW if current.stock else REDEAL)
        play(HOME[card] if target < 0 else SHIFT[card][target])
    return tuple(out)


def hint(state: State, *, limit: int = DEFAULT_LIMIT, seconds: float | None = None) -> Move | None:
    """The solver's next move: the first move of a winning line, or ``None`` when
    it finds none within the limit (KL-9.1).

    Examples:
        >>> from cardrules import games
        >>> state = games.create("klondike").new_game(seed=3)
        >>> str(hint(state, limit=50_000))
        'home Ah'
    """
    result = solve(state, limit=limit, seconds=seconds)
    return result.moves[0] if result.moves else None


def winnable_seed(seed: int, *, limit: int = 20_000, tries: int = 1000, **options: Any) -> int:
    """The first seed from ``seed`` on whose first deal the solver proves
    winnable within ``limit`` states (KL-2.4); the same arguments always give
    the same seed.

    Raises:
        OptionError: bad options or limits, or no winnable deal in ``tries`` seeds.

    Examples:
        >>> winnable_seed(0, draw=3) >= 0
        True
    """
    _limits(limit, None)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise OptionError(f"seed must be a whole number from 0, got {seed!r:.40}")
    if not isinstance(tries, int) or isinstance(tries, bool) or not 1 <= tries <= 1_000_000:
        raise OptionError(f"tries must be a whole number from 1 to 1,000,000, got {tries!r:.40}")
    from cardrules.engine import build_options

    opts: Options = build_options(Options, options)
    for candidate in range(seed, seed + tries):
        tableau, hidden, stock = deal_layout(opts, candidate, 0)
        outcome = search(
            tableau,
            hidden,
            stock,
            draw=opts.draw,
            passes=opts.passes,
            foundation_to_tableau=opts.foundation_to_tableau,
            limit=limit,
        )
        if outcome.verdict == "won":
            return candidate
    raise OptionError(f"no winnable deal among seeds {seed} to {seed + tries - 1}")
