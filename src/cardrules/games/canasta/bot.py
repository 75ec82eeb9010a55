"""The greedy Canasta player behind `Canasta.greedy_move`.

It takes the pile whenever it can, else draws; makes its initial meld as soon as it
counts enough; melds and adds every card it can while keeping two in hand (or goes out
with a canasta); asks its partner before going out and answers yes when its own hand is
light; and discards the card least useful to it, freezing the pile with a wild card when
the pile grows big and the opponents have melded.

Examples:
    >>> import random
    >>> from cardrules import games
    >>> game = games.create("canasta", deals=1)
    >>> state = game.new_game(seed=4)
    >>> while not state.is_terminal:
    ...     state = state.apply(game.greedy_move(state, random.Random(1)))
    >>> state.last_deal is not None
    True
"""

from __future__ import annotations

import random
from collections import Counter

from cardrules.cards import Rank
from cardrules.engine import Move
from cardrules.games.canasta.moves import (
    ASK,
    CANCEL,
    DRAW,
    NO,
    OPEN,
    REFUSE,
    YES,
    Discard,
    LayMeld,
    LayOff,
    TakePile,
)
from cardrules.games.canasta.scoring import RULES, card_points
from cardrules.games.canasta.state import Phase, State

__all__ = ["greedy_move"]


def greedy_move(state: State, rng: random.Random) -> Move:
    """The greedy move in ``state`` (see the module's docs)."""
    moves = state.legal_moves()
    seat = state.current_player
    assert seat is not None
    if state.phase is Phase.ANSWER:
        light = sum(card_points(c) for c in state.hands[seat]) <= 60
        return YES if light else NO
    takes = [m for m in moves if isinstance(m, TakePile)]
    if state.phase is Phase.DRAW:
        if takes:
            return takes[0]
        if DRAW in moves:
            return DRAW
        return REFUSE if REFUSE in moves else moves[0]
    if OPEN in moves:
        return OPEN
    if ASK in moves:
        return ASK
    melds = [m for m in moves if isinstance(m, LayMeld)]
    opened = state.opened[state.side_of(seat)]
    if melds and (opened or (not _cancelled(state) and _reaches(state, melds))):
        if opened:
            return max(melds, key=lambda m: (len(m.cards), -sum(RULES.is_wild(c) for c in m.cards)))
        return max(melds, key=lambda m: sum(card_points(c) for c in m.cards))
    layoffs = [m for m in moves if isinstance(m, LayOff) and not RULES.is_wild(m.card)]
    if layoffs:
        return layoffs[0]
    if CANCEL in moves:
        return CANCEL
    discards = [m for m in moves if isinstance(m, Discard)]
    if not discards:
        return REFUSE if REFUSE in moves else (CANCEL if CANCEL in moves else moves[0])
    return _discard(state, seat, discards)


def _cancelled(state: State) -> bool:
    """Whether this turn already cancelled an initial meld (so as not to try again)."""
    for move in reversed(state.history):
        if isinstance(move, Discard):
            return False
        if move is CANCEL or type(move) is type(CANCEL):
            return True
    return False


def _reaches(state: State, melds: list[LayMeld]) -> bool:
    """Whether the melds on offer, one of each rank (the largest), with those laid in the
    initial meld so far, reach the minimum count (CAN-7.2)."""
    best: dict[object, int] = {}
    for move in melds:
        rank = next(c.rank for c in move.cards if not RULES.is_wild(c))
        best[rank] = max(best.get(rank, 0), sum(card_points(c) for c in move.cards))
    return state.pending_count + sum(best.values()) >= state.minimum


def _discard(state: State, seat: int, discards: list[Discard]) -> Discard:
    hand = state.hands[seat]
    counts = Counter(c.rank for c in hand)
    mine = {
        next(c.rank for c in t.meld.cards if not RULES.is_wild(c))
        for t in state.table
        if t.owner == state.side_of(seat)
    }
    threat = any(o for s, o in enumerate(state.opened) if s != state.side_of(seat))
    if len(state.pile) >= 8 and threat:  # freeze against a threat
        wild = [d for d in discards if RULES.is_wild(d.card)]
        if wild:
            return min(wild, key=lambda d: card_points(d.card))

    def worth(move: Discard) -> tuple[int, int, int]:
        card = move.card
        if RULES.is_wild(card):
            return (3, 0, 0)
        if card.rank is Rank.THREE:
            return (-1, 0, 0)  # a black three stops the pile
        useful = 2 if card.rank in mine else (1 if counts[card.rank] >= 2 else 0)
        return (useful, card_points(card), counts[card.rank])

    return min(discards, key=worth)
