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
from cardrules.errors import CardRulesError, IllegalMoveError
from cardrules.games._rummy import meld_fits
from cardrules.games.kalooki51._legal import lay_meld
from cardrules.games.kalooki51.moves import (
    CANCEL,
    DRAW,
    OPEN,
    TAKE,
    Discard,
    LayMeld,
    LayOff,
    Phase,
    Retrieve,
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
    if not isinstance(state, Position):
        raise CardRulesError(f"greedy_move plays a Kalooki 51 State, got {state!r:.60}")
    moves = state.legal_moves()
    if not moves:
        raise IllegalMoveError(None, "the game is over")
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
            elif top.is_joker or _fits_table(state, top) or _links(top, hand) >= 2:
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
            plan = solve(key, rules, objective="value")
            for meld in plan.melds:
                move = lay_meld(meld.kind, meld.cards)
                if move in melds:
                    return move
        if state.pending:
            return OPEN if OPEN in moves else CANCEL
        return _discard(state, moves, hand)
    if melds:
        plan = solve(hand, rules, objective="deadwood")
        for meld in plan.melds:
            move = lay_meld(meld.kind, meld.cards)
            if move in melds:
                return move
    offs = [m for m in moves if isinstance(m, LayOff)]
    if offs:
        return max(offs, key=lambda m: (not m.card.is_joker, card_points(m.card, rules)))
    return _discard(state, moves, hand)


def _fits_table(state: Position, card: Card) -> bool:
    rules = state.rules
    return any(card == c for placed in state.table for c, _ in meld_fits(placed.meld, rules))


def _links(card: Card, hand: tuple[Card, ...]) -> int:
    """How many cards of the hand could meld with ``card`` (same rank, or near in suit)."""
    if card.is_joker:
        return 9
    out = 0
    for other in hand:
        if (
            other.is_joker
            or (other.rank == card.rank and other.suit != card.suit)
            or (other.suit == card.suit and 0 < abs(other.rank - card.rank) <= 2)
        ):
            out += 1
    return out


def _discard(state: Position, moves: tuple[Move, ...], hand: tuple[Card, ...]) -> Move:
    """The discard least worth keeping: few links to the hand (``_links``, counted for
    every card at once), many penalty points; never a joker while another card will do."""
    options = [m for m in moves if isinstance(m, Discard)]
    if not options:
        return moves[0]
    rules = state.rules
    jokers = 0
    of_rank = [0] * 15
    at = [0] * 80  # at[suit * 20 + rank]: room for rank +- 2 without leaving the suit
    for rank, suit in hand:
        if suit is None:
            jokers += 1
        else:
            of_rank[rank] += 1
            at[suit * 20 + rank] += 1
    best: Move = options[0]
    least: tuple[int, int] | None = None
    for move in options:
        card = move.card
        rank, suit = card
        if suit is None:  # a joker
            worth = 1000
        else:
            i = suit * 20 + rank
            links = jokers + of_rank[rank] - at[i] + at[i - 2] + at[i - 1] + at[i + 1] + at[i + 2]
            worth = 25 * links - card_points(card, rules)
        score = (worth, -card.code)
        if least is None or score < least:
            least, best = score, move
    return best
