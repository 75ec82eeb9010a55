"""Muggins in the play (CR-7.4): a card's pegging points claimed, overlooked ones taken.

Helpers of `_game` (rules digest ``seeds/cribbage.md``). With the ``muggins``
option a card that scores in the play (fifteen, pair, run, 31, and the go or
the last card it earns) is followed by its player's claim, ``count N`` from 0
to the true points, as a hand's count is claimed in the show (CR-7.1); an
undercount is offered to the opponents in turn (``muggins`` or ``pass``,
CR-7.2). Meanwhile ``state.pending`` holds the points and who moves once the
claim is settled. The state is typed ``Any`` here: this room sits below
`_game`.
"""

from __future__ import annotations

from typing import Any

from cardrules.cards import Card
from cardrules.engine import Move
from cardrules.errors import InvalidStateError
from cardrules.games.cribbage._scoring import VALUE, pegs
from cardrules.games.cribbage._values import Muggins, PegClaim, Phase

__all__ = ["answered", "check", "claimed", "played"]


def played(state: Any, card: Card) -> Any:
    """Play ``card`` (CR-5) pegging nothing yet; if it scored, its player claims next."""
    seat = state.turn
    count = state.count + VALUE[card]
    points = pegs(state.series, card, count)
    after = state._play(card, quiet=True)
    if count < 31 and not after.series:  # the series ended: the go or the last card
        points += 1  # (CR-5.3, CR-5.8)
    if not points:
        return after
    pending = PegClaim(seat=seat, points=points, turn=after.turn, phase=after.phase)
    return after._replace(phase=Phase.PEG, turn=seat, pending=pending, stage=0, counted=())


def _resume(state: Any) -> Any:
    """The claim is settled: the play goes on, or the show begins (CR-6.1)."""
    pending: PegClaim = state.pending
    counted = (None,) * (state.options.players + 1) if pending.phase is Phase.COUNT else ()
    return state._replace(
        phase=pending.phase,
        turn=pending.turn,
        pending=None,
        claim=None,
        asked=None,
        counted=counted,
    )


def claimed(state: Any, points: int) -> Any:
    """The player claims ``points`` of his card's true points (CR-7.4); reaching the
    target ends the game at once (CR-8.2); an undercount goes to the opponents."""
    pending: PegClaim = state.pending
    after, won = _resume(state)._peg(pending.seat, points)
    if won is not None:
        return won
    if points < pending.points:
        asked = state._next_opponent(None, pending.seat)
        if asked is not None:
            return after._replace(
                phase=Phase.MUGGINS, turn=asked, pending=pending, claim=points, asked=asked
            )
    return after


def answered(state: Any, move: Move) -> Any:
    """The opponent asked calls muggins and pegs the overlooked points, or passes
    and the next opponent is asked (CR-7.2, CR-7.4)."""
    pending: PegClaim = state.pending
    if isinstance(move, Muggins):
        after, won = _resume(state)._peg(state.asked, pending.points - state.claim)
        return won if won is not None else after
    asked = state._next_opponent(state.asked, pending.seat)
    return state._replace(turn=asked, asked=asked) if asked is not None else _resume(state)


def check(state: Any) -> None:
    """A claim of the play is pending exactly when it should be, and fits the state."""
    pending: PegClaim | None = state.pending
    if pending is None:
        if state.phase is Phase.PEG:
            raise InvalidStateError("a claim in the play needs the card's points (CR-7.4)")
        return
    n = state.options.players
    if not state.options.muggins or state.phase not in (Phase.PEG, Phase.MUGGINS):
        raise InvalidStateError("points of the play wait for a claim only with muggins (CR-7.4)")
    if not (0 <= pending.seat < n and 0 <= pending.turn < n and 1 <= pending.points <= 29):
        raise InvalidStateError(f"the claim of the play {pending} does not fit the table")
    if state.phase is Phase.PEG and state.turn != pending.seat:
        raise InvalidStateError("the player of the card claims its points (CR-7.4)")
    if state.phase is Phase.MUGGINS and not (state.claim or 0) < pending.points:
        raise InvalidStateError("muggins is asked only after an undercount (CR-7.2)")
    if pending.phase is Phase.PLAY:
        if not any(VALUE[c] <= 31 - state.count for c in state.hands[pending.turn]):
            raise InvalidStateError(f"seat {pending.turn} is to play next but cannot")
    elif pending.phase is not Phase.COUNT or any(state.hands):
        raise InvalidStateError("after a claim of the play comes a card or the show")
