"""What trick games share above the trick rules: the voids a deal's play has shown,
and a re-deal of the hidden hands that keeps them (Fifty-Six, Quadruple War).

A player who does not follow the suit led shows that he holds none of it; a search
bot that deals the hidden cards again must give him none. These helpers work on the
plays of one deal, in playing order, and on a game's
[`TrickRules`][cardrules.tricks.TrickRules] (a joker counts as the trump suit).

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.cards import Rank, Suit
    >>> from cardrules.tricks import TrickRules
    >>> rules = TrickRules(order=(Rank.ACE, Rank.KING, Rank.QUEEN), trump=Suit.SPADES)
    >>> voids = voids_shown(parse_cards("Ah Kh Qs Ad"), leader=0, players=4, rules=rules)
    >>> [sorted(s.name for s in v) for v in voids]
    [[], [], ['HEARTS'], ['HEARTS']]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardrules import tricks
from cardrules.cards import Card, Suit
from cardrules.errors import InvalidStateError

__all__ = ["deal_around_voids", "voids_shown"]


def voids_shown(
    plays: Sequence[Card], leader: int, players: int, rules: tricks.TrickRules
) -> tuple[frozenset[Suit], ...]:
    """The suits each seat has shown it holds none of: the cards of one deal's play
    in order, the first trick led by ``leader``.

    A trick's winner (by ``rules``) leads the next; a seat that played a card of
    another suit than the one led holds none of the suit led.
    """
    found: list[set[Suit]] = [set() for _ in range(players)]
    for start in range(0, len(plays), players):
        trick = plays[start : start + players]
        led = tricks.suit_of(trick[0], rules)
        for k, card in enumerate(trick[1:], 1):
            if tricks.suit_of(card, rules) is not led:
                found[(leader + k) % players].add(led)
        if len(trick) == players:
            leader = (leader + tricks.winning_index(trick, rules)) % players
    return tuple(map(frozenset, found))


def deal_around_voids(
    rng: random.Random,
    hands: tuple[tuple[Card, ...], ...],
    seat: int,
    voids: tuple[frozenset[Suit], ...],
    suit_of: Callable[[Card], Suit],
) -> tuple[tuple[Card, ...], ...]:
    """Deal the other seats' cards again, in the same numbers, so that no seat gets a
    card of a suit it has shown void in (``suit_of`` tells a card's suit).

    Cards go out one at a time in a random order, each to a random seat that may
    take it and that leaves the rest dealable (Hall's condition over the four
    suits); the actual hands prove a deal exists.

    Raises:
        InvalidStateError: the hands do not obey the voids, so no deal does.
    """
    others = [i for i in range(len(hands)) if i != seat]
    pool = [c for i in others for c in hands[i]]
    rng.shuffle(pool)
    room = {i: len(hands[i]) for i in others}
    left = dict.fromkeys(Suit, 0)
    for card in pool:
        left[suit_of(card)] += 1
    subsets = [
        [s for k, s in enumerate(Suit) if mask >> k & 1] for mask in range(1, 1 << len(Suit))
    ]

    def dealable() -> bool:
        for group in subsets:
            need = sum(left[s] for s in group)
            if need and need > sum(
                r for i, r in room.items() if any(s not in voids[i] for s in group)
            ):
                return False
        return True

    dealt: dict[int, list[Card]] = {i: [] for i in others}
    for card in pool:
        suit = suit_of(card)
        left[suit] -= 1
        choices = [i for i in others if room[i] and suit not in voids[i]]
        rng.shuffle(choices)
        for i in choices:
            room[i] -= 1
            if dealable():
                dealt[i].append(card)
                break
            room[i] += 1
        else:  # cannot happen while the real hands obey the voids
            raise InvalidStateError("the hidden cards cannot be dealt around the voids shown")
    return tuple(hands[i] if i == seat else tuple(dealt[i]) for i in range(len(hands)))
