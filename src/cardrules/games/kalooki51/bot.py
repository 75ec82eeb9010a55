"""A greedy Kalooki 51 player: opens with the solver, builds, discards its worst card.

It is meant for simulations that need deals with real winners, not as a strong player.

Examples:
    >>> import random
    >>> from cardrules.games.kalooki51 import Kalooki51
    >>> from cardrules.games.kalooki51.bot import greedy_move
    >>> str(greedy_move(Kalooki51.create(deals=1).new_game(seed=0), random.Random(0)))
    'draw'
"""

from __future__ import annotations

import random

from cardrules.cards import Card
from cardrules.engine import Move
from cardrules.games._rummy import (
    CANCEL,
    DRAW,
    OPEN,
    TAKE,
    LayMeld,
    LayOff,
    Phase,
    Retrieve,
    bot_moves,
    least_worth,
    links,
    plan_move,
    table_fits,
)
from cardrules.games.kalooki51.state import Position
from cardrules.melds import _best_value, _value_ceiling, card_points, solve

__all__ = ["greedy_move"]


def greedy_move(state: Position, rng: random.Random) -> Move:
    """The greedy bot's move in ``state`` (always one of ``state.legal_moves()``).

    Draw phase: take the discard when it lets the hand open, or once down when it fits the
    table or the hand; else draw. Play phase: place a released joker, release jokers, open
    with the solver's best melds when they reach the threshold, lay new melds and build once
    down, then discard the card least worth keeping.

    Raises:
        IllegalMoveError: the game is over.
        CardRulesError: ``state`` is not a Kalooki 51 state.

    Examples:
        >>> import random
        >>> from cardrules.games.kalooki51 import Kalooki51
        >>> state = Kalooki51.create(deals=1).new_game(seed=2)
        >>> greedy_move(state, random.Random(1)) in state.legal_moves()
        True
    """
    moves = bot_moves(state, Position, "Kalooki 51")
    seat = state.turn
    hand = state.hands[seat]
    rules = state.rules
    threshold = state.options.threshold
    opened = state.opened[seat]
    if state.phase is Phase.DRAW:
        if TAKE in moves:
            top = state.discard[-1]
            if not opened:
                key = tuple(sorted(hand))
                with_top = tuple(sorted((*hand, top)))
                if (
                    _value_ceiling(with_top, rules) >= threshold
                    and _best_value(with_top, rules) >= threshold
                    and _best_value(key, rules) < threshold
                ):
                    return TAKE
            elif top.is_joker or _fits_table(state, top) or links(top, hand) >= 2:
                return TAKE
        return DRAW
    if state.loose:  # a released joker: on a meld of the table, else in a new meld
        offs = [m for m in moves if isinstance(m, LayOff)]
        return offs[0] if offs else moves[0]
    retrieve = [m for m in moves if isinstance(m, Retrieve)]
    if retrieve:
        return retrieve[0]
    melds = {m for m in moves if isinstance(m, LayMeld)}
    if not opened:
        key = tuple(sorted(hand))
        pending = state.pending_total
        if (
            melds
            and pending + _value_ceiling(key, rules) >= threshold
            and pending + _best_value(key, rules) >= threshold
        ):
            move = plan_move(solve(key, rules, objective="value").melds, melds)
            if move is not None:
                return move
        if state.pending:
            return OPEN if OPEN in moves else CANCEL
        return _discard(state, moves, hand)
    if melds:
        move = plan_move(solve(hand, rules, objective="deadwood").melds, melds)
        if move is not None:
            return move
    offs = [m for m in moves if isinstance(m, LayOff)]
    if offs:
        return max(offs, key=lambda m: (not m.card.is_joker, card_points(m.card, rules)))
    return _discard(state, moves, hand)


def _fits_table(state: Position, card: Card) -> bool:
    return card in table_fits(state.table, state.rules)


def _discard(state: Position, moves: tuple[Move, ...], hand: tuple[Card, ...]) -> Move:
    """The discard least worth keeping (``least_worth``); never a joker while another
    card will do."""
    rules = state.rules
    return least_worth(moves, hand, lambda card: card_points(card, rules), joker=1000)
