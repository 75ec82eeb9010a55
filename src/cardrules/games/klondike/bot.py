"""The greedy Klondike player (a baseline bot).

It plays cards home, then moves that turn a face-down card (the largest
face-down pile first), then the waste's card onto the tableau, then draws or
redeals, and resigns when nothing else is left. It never brings a card back
from a foundation nor shifts cards that turn nothing, so it cannot wander.

Examples:
    >>> from cardrules import games
    >>> state = games.create("klondike").new_game(seed=3)
    >>> str(greedy_move(state))
    'home Ah'
"""

from __future__ import annotations

from cardrules.engine import Move
from cardrules.errors import IllegalMoveError, InvalidStateError
from cardrules.games.klondike.moves import Draw, Home, Redeal, Resign, Shift
from cardrules.games.klondike.state import State

__all__ = ["greedy_move"]


def greedy_move(state: State) -> Move:
    """The greedy player's move in ``state``.

    Raises:
        InvalidStateError: ``state`` is not a Klondike state.
        IllegalMoveError: the game is over.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Klondike state, got {type(state).__name__}")
    moves = state.legal_moves()
    if not moves:
        raise IllegalMoveError(None, "the game is over")
    best: Move | None = None
    best_rank = 99.0
    for move in moves:
        rank = _rank(state, move)
        if rank < best_rank:
            best, best_rank = move, rank
    assert best is not None
    return best


def _rank(state: State, move: Move) -> float:
    if isinstance(move, Home):
        return 0.0
    if isinstance(move, Shift):
        where, i, k = state.locate(move.card)
        if where == "pile" and k == state.hidden[i] and k > 0:
            return 1.0 - 0.01 * k  # turns a face-down card
        if where == "waste":
            return 2.0
        return 50.0  # tableau shuffles and foundation cards: not played
    if isinstance(move, (Draw, Redeal)):
        return 3.0
    if isinstance(move, Resign):
        return 60.0
    return 70.0  # pragma: no cover
