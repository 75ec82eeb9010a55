"""Blackjack players: the text's standard strategy and the full basic-strategy chart.

Examples:
    >>> from cardrules import games
    >>> game = games.create("blackjack", deals=1)
    >>> state = game.new_game(seed=3)
    >>> str(strategy_move(state)), str(strategy_move(state, chart=True))
    ('bet 2', 'bet 2')
"""

from __future__ import annotations

from cardrules.cards import Card, Rank
from cardrules.engine import Move
from cardrules.errors import IllegalMoveError, InvalidStateError
from cardrules.games.blackjack.moves import DECLINE, DOUBLE, HIT, SPLIT, STAND, SURRENDER, Phase
from cardrules.games.blackjack.state import State
from cardrules.games.blackjack.strategy import chart_action, text_action
from cardrules.games.blackjack.values import _VALUE, _total

__all__ = ["strategy_move"]

_MOVES: dict[str, Move] = {"hit": HIT, "stand": STAND, "double": DOUBLE, "split": SPLIT}


def strategy_move(state: State, *, chart: bool = False) -> Move:
    """The move of a basic-strategy player: the text's (BJ-14) or, with
    ``chart=True``, the complete published chart for the table's rules (BJ-14.6).

    It bets the table minimum and declines insurance (BJ-14.5).

    Raises:
        IllegalMoveError: the game is over.
        InvalidStateError: ``state`` is not a Blackjack state.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("blackjack", deals=1)
        >>> state = game.replay(9, ["bet 10"])
        >>> state.active_hand().cards, state.dealer[0]
        ((<Card Jd>, <Card 3c>), <Card 7h>)
        >>> str(strategy_move(state)), str(strategy_move(state, chart=True))
        ('hit', 'hit')
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Blackjack state, got {type(state).__name__}")
    moves = state.legal_moves()
    if not moves:
        raise IllegalMoveError(None, "the game is over")
    if state.phase is Phase.BET:
        return moves[0]
    if state.phase is Phase.INSURANCE:
        return DECLINE
    hand = state.active_hand()
    assert hand is not None
    can_double = DOUBLE in moves
    can_split = SPLIT in moves
    up = state.dealer[0]
    if chart:
        opts = state.options
        if SURRENDER in moves and _surrenders(hand.cards, up.rank, opts.hit_soft_17):
            return SURRENDER
        action = chart_action(
            hand.cards,
            up,
            can_double=can_double,
            can_split=can_split,
            double_after_split=opts.double_after_split,
            hit_soft_17=opts.hit_soft_17,
        )
    else:
        action = text_action(hand.cards, up, can_double=can_double, can_split=can_split)
    return _MOVES[action]


def _surrenders(cards: tuple[Card, ...], up: Rank, hit_soft_17: bool) -> bool:
    """The published late-surrender lines for four to eight packs (Wizard of Odds):
    hard 16 (not two eights) against 9, a ten-card or an ace, hard 15 against a
    ten-card; with ``hit_soft_17`` also hard 15 and 17 and two eights against an ace
    (BJ-16.1)."""
    total, soft = _total(cards)
    dealer = _VALUE[up]
    if soft:
        return False
    eights = cards[0].rank == cards[1].rank == Rank.EIGHT
    if hit_soft_17 and dealer == 1 and (total in (15, 16, 17) or eights):
        return True
    if eights:
        return False
    return (total == 16 and dealer in (9, 10, 1)) or (total == 15 and dealer == 10)
