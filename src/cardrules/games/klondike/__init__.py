"""Klondike patience: seven piles, a stock and waste, four foundations, and a solver.

Rules digest: ``seeds/klondike.md`` (clauses ``KL-*``). The game is
``games.create("klondike")`` (draw one, unlimited redeals, one deal);
``solve``/``hint`` answer for the deal with every card known, and
``read_pysol``/``write_pysol`` trade deals with PySol and the ShootMe solver.

Examples:
    >>> from cardrules import games
    >>> from cardrules.games import klondike
    >>> state = games.create("klondike").new_game(seed=3)
    >>> klondike.solve(state, limit=50_000).verdict
    'won'
    >>> klondike.vegas_score(20)
    48
"""

from __future__ import annotations

from cardrules.games.klondike._layout import deal_layout, position_key
from cardrules.games.klondike._tables import is_safe
from cardrules.games.klondike.bot import greedy_move
from cardrules.games.klondike.game import Klondike
from cardrules.games.klondike.moves import (
    DealResult,
    Draw,
    Home,
    Options,
    Redeal,
    Resign,
    Shift,
    View,
    deal_score,
    standard_points,
    vegas_score,
)
from cardrules.games.klondike.pysol import DEMO, PysolDeal, read_pysol, write_pysol
from cardrules.games.klondike.solver import Solution, hint, solve, winnable_seed
from cardrules.games.klondike.state import State, render

__all__ = [
    "DEMO",
    "DealResult",
    "Draw",
    "Home",
    "Klondike",
    "Options",
    "PysolDeal",
    "Redeal",
    "Resign",
    "Shift",
    "Solution",
    "State",
    "View",
    "deal_layout",
    "deal_score",
    "greedy_move",
    "hint",
    "is_safe",
    "position_key",
    "read_pysol",
    "render",
    "solve",
    "standard_points",
    "vegas_score",
    "winnable_seed",
    "write_pysol",
]
