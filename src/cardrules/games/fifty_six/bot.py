"""The greedy Fifty-Six player behind `FiftySix.greedy_move`.

It bids on a simple estimate of what its team can take (its own card points against
a fair share, and the length of its best suit), never bids Noes, doubles a bid far
above its estimate and redoubles one well below it. In the play it follows suit, wins
a trick with its cheapest winning card when the trick is worth it, feeds points to a
partner who is winning as the last to play, and otherwise throws its cheapest card.

Examples:
    >>> import random
    >>> from cardrules import games
    >>> game = games.create("fifty_six", players=4, deals=1)
    >>> state = game.new_game(seed=8)
    >>> while not state.is_terminal:
    ...     state = state.apply(game.greedy_move(state, random.Random(1)))
    >>> sum(state.totals) > 0
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules import tricks
from cardrules.cards import Card, Rank, Suit
from cardrules.engine import Move
from cardrules.errors import IllegalMoveError
from cardrules.games.fifty_six._moves import DOUBLE, PASS, REDOUBLE, Bid, Play
from cardrules.games.fifty_six.scoring import (
    MAX_BID,
    MIN_BID,
    Denomination,
    card_points,
    trick_rules,
)
from cardrules.games.fifty_six.state import Phase, State

__all__ = ["estimate", "greedy_move"]

_SUIT_BID = {s: Denomination(s.name.lower()) for s in Suit}
_NO_TRUMP = trick_rules(Denomination.NT)


def _best_suit(hand: Sequence[Card]) -> Suit:
    by_suit: dict[Suit, list[Card]] = {s: [] for s in Suit}
    for card in hand:
        by_suit[card.suit].append(card)  # type: ignore[index]
    return max(Suit, key=lambda s: (len(by_suit[s]), card_points(by_suit[s]), s))


def estimate(hand: Sequence[Card], players: int) -> int:
    """What the greedy player thinks its team can take with its best suit as trumps.

    A fair share of the 56 points plus 1.5 per point above the hand's fair share
    and 2 per card of the best suit above two.

    Examples:
        >>> from cardrules import parse_cards
        >>> estimate(parse_cards("Jh Jh 9h 9h Ah Js 9c Tc"), 6)
        46
        >>> estimate(parse_cards("Kh Qh Ks Qs Kc Qc Kd Qd"), 6)
        14
    """
    best = _best_suit(hand)
    length = sum(1 for c in hand if c.suit is best)
    fair = 56 / players
    return round(28 + 1.5 * (card_points(hand) - fair) + 2 * (length - len(hand) / 4))


def greedy_move(state: State, rng: random.Random) -> Move:
    """The greedy player's move in ``state`` (``rng`` is not needed: it is deterministic).

    Raises:
        IllegalMoveError: the game is over.
    """
    moves = state.legal_moves()
    if not moves:
        raise IllegalMoveError(None, "the game is over")
    if state.phase is Phase.BIDDING:
        return _bid(state, moves)
    return _play(state, [m.card for m in moves if isinstance(m, Play)])


def _bid(state: State, moves: Sequence[Move]) -> Move:
    hand = state.hands[state.turn]
    suit = _SUIT_BID[_best_suit(hand)]
    high = state.high
    if high is None:
        if PASS in moves and estimate(hand, state.options.players) < MIN_BID:  # FS-3.10
            return PASS
        return moves[0] if Bid(28, suit) not in moves else Bid(28, suit)
    guess = estimate(hand, state.options.players)
    if (high.bidder ^ state.turn) & 1 == 0:  # our team holds the bid
        if REDOUBLE in moves and guess >= high.number + 6:
            return REDOUBLE
        return PASS
    target = high.number + 1
    if target <= MAX_BID and guess >= target:
        return Bid(target, suit)
    if DOUBLE in moves and guess + 12 <= high.number:
        return DOUBLE
    return PASS


def _play(state: State, cards: list[Card]) -> Move:
    high = state.high
    assert high is not None
    rules = trick_rules(high.denomination)
    n = state.options.players

    def cost(card: Card) -> tuple[int, int]:
        return tricks.points((card,), _NO_TRUMP), rules.rank_power(card.rank)

    trick = state.trick
    if not trick:
        jacks = [c for c in cards if c.rank is Rank.JACK and not tricks.is_trump(c, rules)]
        return Play(jacks[0] if jacks else min(cards, key=cost))
    team = state.turn & 1
    best = (state.leader + tricks.winning_index(trick, rules)) % n
    last = len(trick) == n - 1
    beating = [c for c in cards if tricks.winning_index((*trick, c), rules) == len(trick)]
    if best & 1 == team:
        safe = [c for c in cards if c not in beating] or cards
        return Play(max(safe, key=cost) if last else min(safe, key=cost))
    if beating:
        cheapest = min(beating, key=cost)
        worth = tricks.points(trick, _NO_TRUMP)
        if worth > 0 or last or cheapest.rank is not Rank.JACK:
            return Play(cheapest)
    return Play(min(cards, key=cost))
