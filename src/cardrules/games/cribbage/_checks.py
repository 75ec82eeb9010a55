"""Cribbage's state checks: the fields agree with each other (``validate``, trusted loads).

A helper of `_game` (rules digest ``seeds/cribbage.md``); the state is typed ``Any`` here,
as this room sits below `_game`.
"""

from __future__ import annotations

from typing import Any

from cardrules.errors import InvalidStateError
from cardrules.games.cribbage import _peg_claims
from cardrules.games.cribbage._scoring import VALUE
from cardrules.games.cribbage._values import Phase

__all__ = ["check"]


def check(state: Any) -> None:
    """Raise ``InvalidStateError`` if the state's fields contradict each other."""
    n = state.options.players
    for name in ("hands", "played", "passed", "low", "pegs", "game_points"):
        if len(getattr(state, name)) != n:
            raise InvalidStateError(f"{name} has {len(getattr(state, name))} seats, not {n}")
    if not 0 <= state.dealer < n or not 0 <= state.turn < n:
        raise InvalidStateError(f"dealer {state.dealer} or turn {state.turn} is not a seat")
    if len(state.crib) != len(state.crib_from) or len(state.crib) > 4:
        raise InvalidStateError("the crib and the record of who laid it away disagree")
    if any(not -1 <= s < n for s in state.crib_from):
        raise InvalidStateError("a crib card was laid away by a seat that does not exist")
    if sum(VALUE[c] for c in state.series) != state.count or state.count > 31:
        raise InvalidStateError(f"the count {state.count} is not the series' pips")
    played = {c for cards in state.played for c in cards}
    if not set(state.series) <= played:
        raise InvalidStateError("the series holds cards nobody played")
    if state.phase is Phase.PLAY:
        if state.starter is None or len(state.crib) != 4:
            raise InvalidStateError("the play starts only after the crib and the starter")
        if not any(VALUE[c] <= 31 - state.count for c in state.hands[state.turn]):
            raise InvalidStateError(f"seat {state.turn} is to play but cannot")
    for i, hand in enumerate(state.hands):
        if any(VALUE[c] < state.low[i] for c in hand):
            raise InvalidStateError(f"seat {i} said go yet holds a card it could have played")
    if state.phase is Phase.CRIB and state.starter is not None:
        raise InvalidStateError("the starter is turned only after the crib is complete")
    if state.phase is Phase.CRIB and len(state.hands[state.turn]) <= state.options.keep:
        raise InvalidStateError(f"seat {state.turn} is to lay away but has nothing to lay")
    if (
        state.pending is None
        and state.phase in (Phase.COUNT, Phase.MUGGINS)
        and (len(state.counted) != n + 1 or not 0 <= state.stage <= n)
    ):
        raise InvalidStateError(f"the count is at stage {state.stage} of {len(state.counted)}")
    if state.pending is None and state.phase in (Phase.COUNT, Phase.MUGGINS) and any(state.hands):
        raise InvalidStateError("hands are counted only after the play")
    if state.phase is Phase.MUGGINS and (state.claim is None or state.asked is None):
        raise InvalidStateError("muggins is asked only after a claim")
    if not all(0 <= p < state.options.goal + 40 for p in state.pegs):
        raise InvalidStateError(f"points {state.pegs} are out of range")
    _peg_claims.check(state)
