"""Turkish 51: why a move is not legal, in the rules' own words with the clause (T51-4 to
T51-7).

Package-internal: [`State`][cardrules.games.turkish51.State] asks ``explain`` when a move
is not among its legal moves; it reads the rules of ``_legal``, the room below.

Examples:
    >>> from cardrules.games.turkish51 import Turkish51
    >>> from cardrules.games._rummy import OPEN
    >>> explain(Turkish51.create(deals=1).new_game(seed=1), OPEN)
    'seat 1 must first draw or take the discard (T51-4.1)'
"""

from __future__ import annotations

from collections import Counter

from cardrules.cards import Card
from cardrules.engine import GameState, Move
from cardrules.errors import IllegalMeldError
from cardrules.games._rummy import (
    Cancel,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Phase,
    Retrieve,
    Take,
    bad_fields,
    end_problem,
    missing_cards,
    run_end,
)
from cardrules.games.turkish51._legal import (
    _lays,
    _may_add,
    _meld_in_doubles,
    _strands,
    _taken_unused,
)
from cardrules.games.turkish51.moves import Declare
from cardrules.games.turkish51.scoring import RULES
from cardrules.games.turkish51.state import Position
from cardrules.melds import MeldKind, check_meld, lay_off, retrieve_joker

__all__ = ["explain"]


def explain(state: Position, move: Move) -> str:
    """Why ``move`` is illegal in ``state`` (the rules' own words, with the clause)."""
    bad = bad_fields(move)
    if bad:
        return bad
    seat = state.turn
    hand = state.hands[seat] if state.phase is not Phase.OVER else ()
    if state.phase is Phase.DRAW and not isinstance(move, (Draw, Take, Declare)):
        return f"seat {seat} must first draw or take the discard (T51-4.1)"
    if state.phase is Phase.PLAY and isinstance(move, (Draw, Take)):
        return f"seat {seat} has already drawn this turn (T51-4.1)"
    if (
        state.use_now
        and isinstance(move, (Discard, LayMeld, LayOff, Retrieve))
        and not _lays(move, state.taken)
    ):
        return (
            f"the taken {state.taken} must be laid at once, in a meld, as a lay-off or to "
            "free a joker (T51-4.4, option use_taken_down)"
        )
    if isinstance(move, Take):
        if state.cancelled:
            return "the discard was given back this turn; draw from the stock (T51-4.3)"
        if state.opened[seat]:
            return (
                f"seat {seat} could not lay the top discard at once "
                "(T51-4.4, option use_taken_down)"
            )
        return (
            f"seat {seat} has not laid down and cannot open above {state.threshold} "
            "nor go out at once with the top discard (T51-4.3)"
        )
    if isinstance(move, Declare):
        return "only a player who has not laid down may declare doubles (T51-7.1)"
    if isinstance(move, Open):
        if not state.pending:
            return "no opening is in progress (T51-5.5)"
        if _taken_unused(state, seat):
            return f"the taken {state.taken} must be in the opening melds (T51-4.3)"
        if state.doubles[seat]:
            return (
                f"{len(state.pending)} doubles do not exceed the doubles threshold "
                f"{state.doubles_threshold} (T51-7.2)"
            )
        return (
            f"opening total {state.pending_total} does not exceed the threshold "
            f"{state.threshold} (T51-5.1)"
        )
    if isinstance(move, Cancel):
        return "no opening is in progress (T51-5.5)"
    if isinstance(move, LayMeld):
        return _explain_meld(state, move, hand)
    if isinstance(move, (LayOff, Retrieve)):
        if not state.opened[seat]:
            return f"seat {seat} has not laid down (T51-6.1)"
        if not 0 <= move.target < len(state.table):
            return f"there is no meld {move.target} on the table"
        if not _may_add(state):
            return (
                "no lay-off nor joker taken in the turn of opening "
                "(T51-6.1, option layoff_on_opening)"
            )
        return _explain_table(state, move, hand)
    if isinstance(move, Discard):
        if state.pending:
            return "finish the opening (open) or take it back (cancel) first (T51-5.5)"
        if state.taken is not None and not state.opened[seat] and not state.doubles[seat]:
            return "the top discard was taken: lay down this turn first (T51-4.3)"
        if move.card not in hand:
            return f"{move.card} is not in the hand of seat {seat}"
        return f"{move.card} was just taken from the discard pile (T51-4.6)"
    return GameState.explain(state, move)


def _explain_meld(state: Position, move: LayMeld, hand: tuple[Card, ...]) -> str:
    missing = missing_cards(move.cards, hand, state.turn)
    if missing:
        return missing
    if len(move.cards) >= len(hand):
        return "the last card is kept to discard (T51-4.5)"
    doubles = state.doubles[state.turn]
    if not doubles and move.kind is MeldKind.DOUBLE:
        return "only a doubles player lays doubles (T51-7.3)"
    if doubles and move.kind is not MeldKind.DOUBLE and not _meld_in_doubles(state, state.turn):
        if state.options.doubles_meld:
            return "a doubles player lays one set or run at most, in his opening (T51-7.2)"
        return "a doubles player lays only doubles (T51-7.3)"
    if state.cancelled and not state.opened[state.turn]:
        return "the opening was taken back this turn (T51-4.3)"
    try:
        meld = check_meld(move.cards, RULES, kind=move.kind)
    except IllegalMeldError as exc:
        return str(exc)
    if meld.cards != move.cards:
        return f"lay the run from low to high: {' '.join(map(str, meld.cards))}"
    return _explain_stranded(state, move) or GameState.explain(state, move)


def _explain_stranded(state: Position, move: LayMeld | LayOff | Retrieve) -> str:
    if not _strands(state, move):
        return ""
    return (
        f"that would leave only the {state.taken} just taken, which may not be "
        "discarded in this turn (T51-4.6)"
    )


def _explain_table(state: Position, move: LayOff | Retrieve, hand: tuple[Card, ...]) -> str:
    meld = state.table[move.target].meld
    try:
        if isinstance(move, LayOff):
            if move.card not in hand:
                return f"{move.card} is not in the hand of seat {state.turn}"
            if len(hand) == 1:
                return "the last card is kept to discard (T51-4.5)"
            grown = lay_off(meld, move.card, RULES, end=run_end(move.side))
            wrong_end = end_problem(meld, grown, move)
            if wrong_end:
                return f"{wrong_end} (T51-6.{2 if meld.kind is MeldKind.SET else 1})"
        else:
            if Counter(move.cards) - Counter(hand):
                return f"seat {state.turn} does not hold {' '.join(map(str, move.cards))}"
            retrieve_joker(meld, move.cards, RULES)
    except IllegalMeldError as exc:
        return str(exc)
    return _explain_stranded(state, move) or GameState.explain(state, move)
