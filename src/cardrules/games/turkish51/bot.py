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
from cardrules.errors import CardRulesError, IllegalMoveError
from cardrules.games.turkish51._legal import _lay_meld, _lay_melds, _table_fits
from cardrules.games.turkish51.moves import (
    CANCEL,
    DECLARE,
    DRAW,
    OPEN,
    TAKE,
    Cancel,
    Discard,
    LayMeld,
    LayOff,
    Open,
    Phase,
    Retrieve,
)
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
    if not isinstance(state, Position):
        raise CardRulesError(f"greedy_move plays a Turkish 51 State, got {state!r:.60}")
    moves = state.legal_moves()
    if not moves:
        raise IllegalMoveError(None, "the game is over")
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
                and (top in _table_fits(state.table) or _links(top, hand) >= 2)
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
                for meld in whole.melds:
                    move = _lay_meld(meld.kind, meld.cards)
                    if move in legal:
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
                for meld in plan.melds:
                    move = _lay_meld(meld.kind, meld.cards)
                    if move in legal:
                        return move
        if state.pending:  # open and cancel are offered only while an opening is laid
            if OPEN in legal:
                return OPEN
            if CANCEL in legal:
                return CANCEL
        return _discard(state, moves, hand)
    if can_meld:
        plan = solve(hand, RULES, objective="deadwood")
        for meld in plan.melds:
            move = _lay_meld(meld.kind, meld.cards)
            if move in legal:
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
    options = [m for m in moves if isinstance(m, Discard)]
    if not options:
        return moves[0]
    # `_links` and the copies held of every card of the hand, counted at once.
    jokers = 0
    of_rank = [0] * 15
    at = [0] * 80  # at[suit * 20 + rank]: room for rank +- 2 without leaving the suit
    for rank, suit in hand:
        if suit is None:
            jokers += 1
        else:
            of_rank[rank] += 1
            at[suit * 20 + rank] += 1
    fits = _table_fits(state.table)
    points = _POINTS
    pair_bonus = 30 if state.doubles[state.turn] else 5
    joker_worth = 1000 if len(hand) > 1 else -1000  # a joker last doubles the charges
    best: Move = options[0]
    least: int | None = None
    for move in options:
        card = move.card
        rank, suit = card
        if suit is None:
            links, copies = 9, jokers
        else:
            i = suit * 20 + rank
            copies = at[i]
            links = jokers + of_rank[rank] - copies + at[i - 2] + at[i - 1] + at[i + 1] + at[i + 2]
        worth = 25 * links - points[card]
        if suit is None:  # a joker
            worth += joker_worth
        if card in fits:
            worth += 200  # a 50-point fine (T51-6.5)
        if copies > 1:
            worth += pair_bonus
        score = worth * 64 - _CODES[card]  # least worth first, then the highest code
        if least is None or score < least:
            least, best = score, move
    return best


_POINTS = {card: card_points(card, RULES) for card in set(DECK.cards)}
_CODES = {card: card.code for card in set(DECK.cards)}
