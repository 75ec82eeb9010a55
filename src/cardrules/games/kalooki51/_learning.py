"""Kalooki 51 for ``sample_state``: the state fields of the turn in progress.

The view leaves out whether the player to move has laid down this turn
(K51-5.4), built or released a joker this turn (K51-8.2) or cancelled an
opening, and the turns of the deal (the stock-out limit); they follow from the
view's history, where a turn ends with a discard (K51-4). The turns are exact
in the first deal; in a later deal the view cannot tell where the deal began,
so they are the match's discards kept below ``max_turns`` (inexact only for a
deal near that limit). Which bottom cards of the stock were the discard pile
(``stock_known``) is left at none: a sampled stock is shuffled anyway.
"""

from __future__ import annotations

from typing import Any

from cardrules.games.kalooki51.moves import Cancel, Discard, LayOff, Open, Retrieve


def sample_fields(view: Any) -> dict[str, Any]:
    """``opened_now``, ``built``, ``cancelled`` and ``turns`` from the view's history."""
    history = view.history
    start = max((i + 1 for i, m in enumerate(history) if isinstance(m, Discard)), default=0)
    turn = history[start:]
    discards = sum(isinstance(m, Discard) for m in history)
    return {
        "opened_now": any(isinstance(m, Open) for m in turn),
        "built": any(isinstance(m, (LayOff, Retrieve)) for m in turn),
        "cancelled": any(isinstance(m, Cancel) for m in turn),
        "turns": discards if view.deal == 0 else min(discards, view.options.max_turns - 1),
    }
