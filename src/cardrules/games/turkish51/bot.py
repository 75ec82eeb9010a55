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
from collections import Counter

from cardrules.cards import Card
from cardrules.engine import Move
from cardrules.errors import CardRulesError, IllegalMoveError
from cardrules.games.turkish51.game import State, _table_fits
from cardrules.games.turkish51.moves import (
    CANCEL,
    DECLARE,
    DRAW,
    OPEN,
    TAKE,
    Discard,
    LayMeld,
    LayOff,
    Phase,
    Retrieve,
)
from cardrules.games.turkish51.scoring import RULES
from cardrules.melds import card_points, check_meld, meld_value, solve

__all__ = ["greedy_move"]


def greedy_move(state: State, rng: random.Random) -> Move:
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
    if not isinstance(state, State):
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
    legal = set(moves)
    if doubles:
        pairs = [m for m in moves if isinstance(m, LayMeld)]
        if pairs and (opened or len(state.pending) + _pairs(hand) > state.doubles_threshold):
            natural = [m for m in pairs if not any(c.is_joker for c in m.cards)]
            return (natural or pairs)[0]
        if OPEN in legal:
            return OPEN
        if CANCEL in legal:
            return CANCEL
        return _discard(state, moves, hand)
    retrieve = [m for m in moves if isinstance(m, Retrieve)]
    if retrieve:
        return retrieve[0]
    can_meld = any(isinstance(m, LayMeld) for m in moves)
    if not opened:
        taken = state.taken
        if can_meld and taken is not None and not any(taken in m.cards for m in state.pending):
            with_taken = _best_meld_with(taken, hand, moves)
            if with_taken is not None:
                return with_taken  # a discard taken to open must be melded (T51-4.3)
        if can_meld:  # the hand's candidate melds are already known from legal_moves()
            plan = solve(hand, RULES, objective="value")
            if plan.melds and state.pending_total + plan.value > state.threshold:
                for meld in plan.melds:
                    move = LayMeld(meld.kind, meld.cards)
                    if move in legal:
                        return move
        if OPEN in legal:
            return OPEN
        if CANCEL in legal:
            return CANCEL
        return _discard(state, moves, hand)
    if can_meld:
        plan = solve(hand, RULES, objective="deadwood")
        for meld in plan.melds:
            move = LayMeld(meld.kind, meld.cards)
            if move in legal:
                return move
    offs = [m for m in moves if isinstance(m, LayOff)]
    if offs:
        return max(offs, key=lambda m: (m.card.is_joker, card_points(m.card, RULES)))
    return _discard(state, moves, hand)


def _best_meld_with(card: Card, hand: tuple[Card, ...], moves: tuple[Move, ...]) -> Move | None:
    """The meld holding ``card`` that leaves the best opening for the rest of the hand."""
    best: tuple[int, int] | None = None
    chosen: Move | None = None
    for i, move in enumerate(moves):
        if isinstance(move, LayMeld) and card in move.cards:
            rest = list(hand)
            for c in move.cards:
                rest.remove(c)
            value = meld_value(check_meld(move.cards, RULES, kind=move.kind), RULES)
            score = (value + solve(rest, RULES, objective="value").value, -i)
            if best is None or score > best:
                best, chosen = score, move
    return chosen


def _pairs(hand: tuple[Card, ...]) -> int:
    counts = Counter(c for c in hand if not c.is_joker)
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


def _link_table(hand: tuple[Card, ...]) -> dict[Card, int]:
    """:func:`_links` for every natural card of the hand at once (jokers are absent)."""
    jokers = 0
    of_rank: Counter[int] = Counter()
    at: Counter[tuple[int, int]] = Counter()
    for other in hand:
        if other.is_joker:
            jokers += 1
        else:
            rank = int(other.rank)
            of_rank[rank] += 1
            at[(other.suit or 0, rank)] += 1
    out: dict[Card, int] = {}
    for card in hand:
        if card.is_joker or card in out:
            continue
        suit, rank = card.suit or 0, int(card.rank)
        near = at[(suit, rank - 2)] + at[(suit, rank - 1)] + at[(suit, rank + 1)]
        near += at[(suit, rank + 2)]
        out[card] = jokers + of_rank[rank] - at[(suit, rank)] + near
    return out


def _discard(state: State, moves: tuple[Move, ...], hand: tuple[Card, ...]) -> Move:
    options = [m for m in moves if isinstance(m, Discard)]
    if not options:
        return moves[0]
    counts = Counter(hand)
    fits = _table_fits(state.table)
    links = _link_table(hand)

    def keep(move: Discard) -> tuple[int, int]:
        card = move.card
        worth = 0
        if card.is_joker:
            worth += 1000 if len(hand) > 1 else -1000  # a joker last doubles the charges
        if card in fits:
            worth += 200  # a 50-point fine (T51-6.5)
        if counts[card] > 1:
            worth += 30 if state.doubles[state.turn] else 5
        worth += 25 * links.get(card, 9) - card_points(card, RULES)
        return worth, -card.code

    return min(options, key=keep)
