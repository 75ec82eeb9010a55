"""A greedy Turkish 51 player: opens with the solver, lays off, discards its worst card.

It is meant for simulations that need deals with real winners, not as a strong player.

Examples:
    >>> import random
    >>> from cardrules.games.turkish51 import Turkish51
    >>> from cardrules.games.turkish51.bot import greedy_move
    >>> game = Turkish51.create(deals=1)
    >>> str(greedy_move(game.new_game(seed=0), random.Random(0)))
    'draw'
    >>> str(greedy_move(game.new_game(seed=1), random.Random(0)))
    'take'
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
    Cancel,
    LayMeld,
    LayOff,
    Open,
    Phase,
    Retrieve,
    bot_moves,
    least_worth,
    links,
    plan_move,
    table_fits,
)
from cardrules.games.turkish51._hand import _lay_melds
from cardrules.games.turkish51.moves import DECLARE
from cardrules.games.turkish51.scoring import DECK, RULES
from cardrules.games.turkish51.state import Position
from cardrules.melds import _best_value, _opening_values, _value_ceiling, card_points, solve

__all__ = ["greedy_move"]


def greedy_move(state: Position, rng: random.Random) -> Move:
    """The greedy bot's move in ``state`` (always one of ``state.legal_moves()``).

    Draw phase: take the discard when it opens the hand or, once down, when it fits the
    table or the hand; declare doubles with five pairs; else draw. Play phase: take jokers,
    open with the solver's best melds when they exceed the threshold, lay new melds and lay
    off once down, then discard the card least worth keeping.

    Raises:
        IllegalMoveError: the game is over.
        CardRulesError: ``state`` is not a Turkish 51 state.

    Examples:
        >>> import random
        >>> from cardrules.games.turkish51 import Turkish51
        >>> state = Turkish51.create(deals=1).new_game(seed=2)
        >>> greedy_move(state, random.Random(1)) in state.legal_moves()
        True
    """
    moves = bot_moves(state, Position, "Turkish 51")
    seat = state.turn
    hand = state.hands[seat]
    opened, doubles = state.opened[seat], state.doubles[seat]
    if state.phase is Phase.DRAW:
        if TAKE in moves:
            top = state.discard[-1]
            if not opened and not doubles:
                return TAKE  # offered only when the hand with it can open
            if doubles and top in hand:
                return TAKE
            if (
                opened
                and not doubles
                and (top in table_fits(state.table, RULES) or links(top, hand) >= 2)
            ):
                return TAKE
        if DECLARE in moves and _pairs(hand) >= 5:
            return DECLARE
        return DRAW
    legal = _Legal(moves)
    if doubles:
        pairs = [m for m in moves if isinstance(m, LayMeld)]
        if pairs and (opened or len(state.pending) + _pairs(hand) > state.doubles_threshold):
            natural = [m for m in pairs if not any(c.is_joker for c in m.cards)]
            return (natural or pairs)[0]
        if OPEN in legal:
            return OPEN
        if CANCEL in legal:
            return CANCEL
        if opened:  # once down, lay off single cards (T51-7.3); jokers make doubles
            offs = [
                m
                for m in moves
                if isinstance(m, LayOff) and not m.card.is_joker and hand.count(m.card) == 1
            ]
            if offs:
                return max(offs, key=lambda m: card_points(m.card, RULES))
        return _discard(state, moves, hand)
    if opened:  # only a player who has laid down may free a joker (T51-6.3)
        retrieve = [m for m in moves if isinstance(m, Retrieve)]
        if retrieve:
            return retrieve[0]
    can_meld = any(isinstance(m, LayMeld) for m in moves)
    if not opened:
        taken = state.taken
        if can_meld and taken is not None:  # taken to go out at once, perhaps (T51-5.4)
            whole = solve(hand, RULES, objective="all")
            left = whole.deadwood
            if len(left) == 1 and (left[0] != taken or hand.count(taken) != 1):
                move = plan_move(whole.melds, legal)
                if move is not None:
                    return move
        if can_meld and taken is not None and not any(taken in m.cards for m in state.pending):
            with_taken = _best_meld_with(taken, hand, legal)
            if with_taken is not None:
                return with_taken  # a discard taken to open must be melded (T51-4.3)
        key = tuple(sorted(hand))
        pending = state.pending_total
        if (
            can_meld
            and pending + _value_ceiling(key, RULES) > state.threshold
            and pending + _best_value(key, RULES) > state.threshold
        ):  # the hand's candidate melds are known from legal_moves()
            plan = solve(key, RULES, objective="value")
            if plan.melds and pending + plan.value > state.threshold:
                move = plan_move(plan.melds, legal)
                if move is not None:
                    return move
        if state.pending:  # open and cancel are offered only while an opening is laid
            if OPEN in legal:
                return OPEN
            if CANCEL in legal:
                return CANCEL
        return _discard(state, moves, hand)
    if can_meld:
        move = plan_move(solve(hand, RULES, objective="deadwood").melds, legal)
        if move is not None:
            return move
    offs = [m for m in moves if isinstance(m, LayOff)]
    if offs:
        return max(offs, key=lambda m: (m.card.is_joker, card_points(m.card, RULES)))
    return _discard(state, moves, hand)


class _Legal:
    """Membership in the legal moves of a play phase without hashing them all: the melds
    are those of the hand (remembered with it), other moves are few and compared by kind."""

    __slots__ = ("melds", "moves")

    def __init__(self, moves: tuple[Move, ...]) -> None:
        self.moves = moves
        self.melds: frozenset[Move] | None = None

    def __contains__(self, move: object) -> bool:
        if isinstance(move, (Open, Cancel)):  # no fields: equal to any move of its kind
            kind = type(move)
            return any(type(m) is kind for m in self.moves)
        if self.melds is None:
            self.melds = frozenset(m for m in self.moves if isinstance(m, LayMeld))
        return move in self.melds


def _best_meld_with(card: Card, hand: tuple[Card, ...], legal: _Legal) -> Move | None:
    """The meld holding ``card`` that leaves the best opening for the rest of the hand (the
    first such in the order of the legal moves)."""
    key = tuple(sorted(hand))
    best = -1
    chosen: Move | None = None
    for move, value in zip(_lay_melds(key), _opening_values(key, RULES, card), strict=True):
        if move is not None and value > best and card in move.cards and move in legal:
            best, chosen = value, move
    return chosen


def _pairs(hand: tuple[Card, ...]) -> int:
    counts: dict[Card, int] = {}
    for card in hand:
        if card.suit is not None:  # not a joker
            counts[card] = counts.get(card, 0) + 1
    return sum(n // 2 for n in counts.values())


def _discard(state: Position, moves: tuple[Move, ...], hand: tuple[Card, ...]) -> Move:
    """The discard least worth keeping (``least_worth``): a card the table takes is fined
    (T51-6.5), a pair is kept (more so in doubles), a joker is kept unless it goes out last
    (it doubles the charges)."""
    return least_worth(
        moves,
        hand,
        _POINTS.__getitem__,
        joker_extra=1000 if len(hand) > 1 else -1000,
        fits=table_fits(state.table, RULES),
        fit_extra=200,  # a 50-point fine (T51-6.5)
        pair_extra=30 if state.doubles[state.turn] else 5,
    )


_POINTS = {card: card_points(card, RULES) for card in set(DECK.cards)}
