"""Texas Hold'em players: a random one and an equity bot (TH-16).

The equity bot estimates its chance to win against the hands still in play by
sampling (``cardrules.poker.equity_vs_random``): it deals the opponents' hole
cards and the rest of the board at random from the cards it cannot see, many
times, and values every seven-card hand. It then folds, calls or raises by
comparing that equity with the price of calling.

Examples:
    >>> import random
    >>> from cardrules import games
    >>> game = games.create("texas_holdem", players=3)
    >>> state = game.new_game(seed=5)
    >>> equity_move(state, random.Random(0), samples=200) in state.legal_moves()
    True
"""

from __future__ import annotations

import random
from typing import Any

from cardrules.engine import Move
from cardrules.errors import OptionError
from cardrules.games.texas_holdem.state import State
from cardrules.poker import equity_vs_random

__all__ = ["equity_move", "random_move"]


def _check(state: Any, rng: object) -> None:
    if not isinstance(state, State):
        raise OptionError(f"expected a Texas Hold'em state, got {type(state).__name__}")
    if not isinstance(rng, random.Random):
        raise OptionError(f"rng must be a random.Random, got {type(rng).__name__}")


def random_move(state: Any, rng: random.Random) -> Move:
    """A legal move chosen uniformly at random among the listed ones."""
    _check(state, rng)
    moves: tuple[Move, ...] = state.legal_moves()
    if not moves:
        raise OptionError("the match is over: there is no move to make")
    return rng.choice(moves)


def equity_move(state: Any, rng: random.Random, samples: int = 300) -> Move:
    """The equity bot's move (TH-16.2): raise the pot with a strong hand, call when
    the equity beats the price of calling, else check or fold.

    Equity is sampled (``cardrules.poker.equity_vs_random``, ``samples``
    deals) against as many random hands as there are other seats in the hand.
    It raises (the pot-sized amount, else the nearest listed) when its equity
    is at least ``1.5 / (players in the hand)`` and at least 0.5 heads-up;
    calls when the equity is at least the share of the pot after calling that
    the call costs; checks when it can; else folds.
    """
    _check(state, rng)
    if not isinstance(samples, int) or isinstance(samples, bool) or not 1 <= samples <= 10**6:
        raise OptionError(
            f"samples must be a whole number from 1 to 1,000,000, got {samples!r:.20}"
        )
    moves: tuple[Move, ...] = state.legal_moves()
    if not moves:
        raise OptionError("the match is over: there is no move to make")
    seat = state.turn
    others = sum(state.live) - 1
    estimate = equity_vs_random(
        state.holes[seat], state.board, max(1, others), samples=samples, rng=rng
    )
    share = estimate.equity
    owed = state.to_call()
    price = owed / (state.pot + owed) if owed else 0.0
    names = {m.NAME: m for m in moves}
    sized = [m for m in moves if m.NAME in ("bet", "raise")]
    strong = share >= max(1.5 / (others + 1), 0.5 if others == 1 else 0.0)
    if strong and sized:
        pot = [m for m in sized if getattr(m, "slot", None) == 2]
        return pot[0] if pot else sized[len(sized) // 2]
    if "check" in names:
        return names["check"]
    if share >= price and "call" in names:
        return names["call"]
    return names.get("fold", moves[0])
