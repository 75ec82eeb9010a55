"""The greedy two-handed Pinochle player behind `Pinochle.greedy_move`.

After winning a trick it makes its best meld, counts a dix, exchanges a dix for the
trump card, then draws. It declares out as soon as its tricks would carry it to the
target. In play it counts cards (both copies of each): it leads a card no unseen card
can beat when it has one, else its cheapest card, keeping trumps; as second to play it
wins a trick worth points with its cheapest winning card, else throws its cheapest.

Examples:
    >>> import random
    >>> from cardrules import games
    >>> game = games.create("pinochle", deals=1)
    >>> state = game.new_game(seed=8)
    >>> while not state.is_terminal:
    ...     state = state.apply(game.greedy_move(state, random.Random(1)))
    >>> sum(state.totals) >= 240
    True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from cardrules import tricks
from cardrules.cards import Card
from cardrules.engine import Move
from cardrules.games.pinochle.moves import DECLARE, DIX, DRAW, EXCHANGE, Meld, Play
from cardrules.games.pinochle.scoring import meld_points, round_count, trick_points
from cardrules.games.pinochle.state import Phase, State

__all__ = ["greedy_move", "unseen"]


def unseen(state: State, seat: int) -> Counter[Card]:
    """The cards ``seat`` has not seen, with multiplicity: the pack less its own cards,
    the opponent's melds and known cards, the trump card, the trick and tricks won.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("pinochle").new_game(seed=1)
        >>> sum(unseen(state, 0).values())
        35
    """
    left = Counter(state.deck().cards)
    left.subtract(state.held(seat))
    other = 1 - seat
    left.subtract(t.card for t in state.tables[other])
    left.subtract(state.known[other])
    if state.trump_card is not None:
        left.subtract([state.trump_card])
    left.subtract(state.trick)
    left.subtract(state.won[0] + state.won[1])
    return +left


def _cost(card: Card, rules: tricks.TrickRules) -> tuple[int, int, int]:
    return (int(tricks.is_trump(card, rules)), trick_points([card]), rules.rank_power(card.rank))


def greedy_move(state: State, rng: random.Random) -> Move:
    """The greedy move in ``state`` (see the module's docs)."""
    moves = state.legal_moves()
    seat = state.turn
    if DECLARE in moves:
        count = round_count(trick_points(state.won[seat]))
        if state.totals[seat] + count >= state.target:
            return DECLARE
    if state.phase is Phase.MELD:
        melds = [m for m in moves if isinstance(m, Meld)]
        if melds:
            return max(melds, key=lambda m: meld_points(m.cards, state.trump))
        for move in (DIX, EXCHANGE):
            if move in moves:
                return move
        return DRAW
    plays: Sequence[Card] = [m.card for m in moves if isinstance(m, Play)]
    rules = state.rules()
    if not state.trick:
        return Play(_lead(state, seat, plays, rules))
    led = state.trick[0]
    winners = [c for c in plays if tricks.winning_index((led, c), rules) == 1]
    worth = trick_points([led])
    if winners and (
        worth >= 10 or state.playoff or any(not tricks.is_trump(c, rules) for c in winners)
    ):
        return Play(min(winners, key=lambda c: _cost(c, rules)))
    return Play(min(plays, key=lambda c: _cost(c, rules)))


def _lead(state: State, seat: int, plays: Sequence[Card], rules: tricks.TrickRules) -> Card:
    left = unseen(state, seat)
    sure = [
        c
        for c in plays
        if not any(
            n > 0 and tricks.winning_index((c, other), rules) == 1 for other, n in left.items()
        )
    ]
    if sure:
        return max(sure, key=lambda c: trick_points([c]))
    return min(plays, key=lambda c: _cost(c, rules))
