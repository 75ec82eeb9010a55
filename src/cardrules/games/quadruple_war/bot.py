"""The greedy Quadruple War player behind `QuadrupleWar.greedy_move`.

It bids what its trumps and high cards should win (nil, where allowed, with a hand
too weak for a trick and no high spade). In the play it tries to win the tricks its
contract (its side's) still needs, cheaply, and once the contract is made it ducks, to
take no overtricks, unless it can take a trick from a player who still needs tricks
(setting him costs it one overtrick and him his whole bid). A nil bidder ducks always.

Examples:
    >>> import random
    >>> from cardrules import games, parse_cards
    >>> estimate(parse_cards("Jb As Ks 2s Ah Kh 3h 4d 5d 6d 7c 8c 9c"), 4)
    5
    >>> game = games.create("quadruple_war", deals=1)
    >>> state = game.new_game(seed=8)
    >>> while not state.is_terminal:
    ...     state = state.apply(game.greedy_move(state, random.Random(1)))
    >>> sum(state.last_deal.won)
    13
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules import tricks
from cardrules.cards import Card, Rank, Suit
from cardrules.engine import Move
from cardrules.errors import IllegalMoveError
from cardrules.games.quadruple_war._moves import NIL, Bid, Play
from cardrules.games.quadruple_war.scoring import RULES
from cardrules.games.quadruple_war.state import Phase, State, sides

__all__ = ["estimate", "greedy_move"]

_TOP_TRUMPS = (Rank.BIG_JOKER, Rank.LITTLE_JOKER, Rank.ACE, Rank.KING, Rank.QUEEN)


def estimate(hand: Sequence[Card], players: int) -> int:
    """The tricks the greedy player expects ``hand`` to win among ``players``.

    A top trump (a joker, A, K or Q of spades) counts one if the hand holds enough
    spades to guard it (the K one more, the Q two more); each spade past four (past
    the top trumps counted, if more) one more; a side ace one, a side king with
    another card of its suit a half; with two or three players (longer hands) a side
    queen with two guards a half too. Never more than the cards held.

    Examples:
        >>> from cardrules import parse_cards
        >>> estimate(parse_cards("7c 8c 9c 4d 5d 6d 3h 4h 5h 2s 3s 6h 7h"), 4)
        0
    """
    spades = sorted((c for c in hand if tricks.is_trump(c, RULES)), key=_power, reverse=True)
    count = 0.0
    for rank in _TOP_TRUMPS:
        held = [c for c in spades if c.rank is rank]
        above = _TOP_TRUMPS.index(rank) - (2 if rank in (Rank.ACE, Rank.KING, Rank.QUEEN) else 0)
        if held and len(spades) > max(0, above):
            count += 1
    count += max(0, len(spades) - max(4, int(count)))  # long spades past the top ones
    by_suit: dict[Suit, list[Card]] = {}
    for card in hand:
        if not tricks.is_trump(card, RULES):
            by_suit.setdefault(card.suit, []).append(card)  # type: ignore[arg-type]
    for cards in by_suit.values():
        ranks = {c.rank for c in cards}
        count += Rank.ACE in ranks
        count += 0.5 * (Rank.KING in ranks and len(cards) >= 2)
        count += 0.5 * (players <= 3 and Rank.QUEEN in ranks and len(cards) >= 3)
    return min(int(count + 0.5), len(hand))


def _power(card: Card) -> int:
    return RULES.rank_power(card.rank) + (100 if tricks.is_trump(card, RULES) else 0)


def greedy_move(state: State, rng: random.Random) -> Move:
    """The greedy player's move in ``state`` (deterministic: ``rng`` is not used).

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
    guess = estimate(hand, state.options.players)
    high_spade = any(
        tricks.is_trump(c, RULES) and RULES.rank_power(c.rank) >= RULES.rank_power(Rank.QUEEN)
        for c in hand
    )
    if guess == 0 and not high_spade and NIL in moves:
        return NIL
    return Bid(min(max(guess, 1), state.options.tricks))


def _play(state: State, cards: list[Card]) -> Move:
    n = state.options.players
    seat = state.turn
    side = next(s for s in sides(state.options) if seat in s)
    nil = state.bids[seat] == 0
    need = sum(state.bids[s] for s in side) - sum(state.won[s] for s in side)
    trick = state.trick
    if not trick:
        if nil or need <= 0:
            return Play(min(cards, key=_power))  # lead low: give the lead away
        return Play(max(cards, key=_power))  # lead strong: take what we need
    best = (state.leader + tricks.winning_index(trick, RULES)) % n
    winning = [c for c in cards if tricks.winning_index((*trick, c), RULES) == len(trick)]
    losing = [c for c in cards if c not in winning]
    if nil:
        return Play(max(losing, key=_power) if losing else min(cards, key=_power))
    partner_wins = best in side and best != seat
    if need > 0 and not partner_wins and winning:
        last = len(trick) == n - 1
        return Play(min(winning, key=_power) if last else max(winning, key=_power))
    if need <= 0 and winning and not partner_wins and _needs(state, best):
        return Play(min(winning, key=_power))  # QW bot: set a player who needs tricks
    if losing:
        return Play(max(losing, key=_power) if need <= 0 else min(losing, key=_power))
    return Play(min(cards, key=_power))


def _needs(state: State, seat: int) -> bool:
    """Whether ``seat``'s contract (its side's) still needs tricks."""
    side = next(s for s in sides(state.options) if seat in s)
    bid = sum(state.bids[s] for s in side)
    return bid > 0 and sum(state.won[s] for s in side) < bid
