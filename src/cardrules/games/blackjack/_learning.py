"""Blackjack for ``Game.sample_state``: the cards a seat's view does not show.

Examples:
    >>> import random
    >>> from cardrules import games
    >>> game = games.create("blackjack", deals=1)
    >>> state = game.replay(3, ["bet 10"])
    >>> guess = game.sample_state(state.view(0), random.Random(1))
    >>> guess.view(0) == state.view(0), len(guess.dealer), len(guess.shoe)
    (True, 2, 308)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardrules.cards import Card
from cardrules.errors import InvalidStateError
from cardrules.games.blackjack._round import _shoe_deck
from cardrules.games.blackjack.moves import Hand, Phase
from cardrules.games.blackjack.values import _VALUE

__all__ = ["sample_fields"]


def sample_fields(view: Any, rng: random.Random) -> dict[str, Any]:
    """A Blackjack view's hidden cards dealt at random (for ``Game.sample_state``).

    The unseen cards (the packs less the tray, the dealer's shown cards and every
    shown hand card) make the hole card while the round is played, the last card
    of each doubled hand and the shoe, in random order. After the peek (BJ-5.2)
    the hole card is one that makes no natural with the up card.

    Raises:
        InvalidStateError: the view's card counts do not fit the packs.
    """
    shown: Counter[Card] = Counter(view.tray)
    shown.update(view.dealer)
    for hands in view.hands:
        for hand in hands:
            shown.update(hand.cards)
    packs = Counter(_shoe_deck(view.options.packs).cards)
    pool = list((packs - shown).elements())
    rng.shuffle(pool)
    phase = view.phase
    hole = phase in (Phase.INSURANCE, Phase.PLAY) and not view.options.no_hole_card
    doubled = sum(h.doubled for hands in view.hands for h in hands)
    if shown - packs or len(pool) != view.shoe_size + doubled + hole:
        raise InvalidStateError("the view's cards do not fit the shoe's packs")
    dealer: tuple[Card, ...] = view.dealer
    if hole:
        up = _VALUE[dealer[0].rank]
        peeked = phase is Phase.PLAY and up in (1, 10)
        forbidden = (11 - up) if peeked else 0  # the value that would make a natural
        index = next((i for i, c in enumerate(pool) if _VALUE[c.rank] != forbidden), None)
        if index is None:
            raise InvalidStateError("no unseen card can be the dealer's hole card (BJ-5.2)")
        dealer = (dealer[0], pool.pop(index))
    hands = tuple(
        tuple(
            Hand(
                cards=(*h.cards, pool.pop()),
                stake=h.stake,
                doubled=True,
                split=h.split,
                done=h.done,
            )
            if h.doubled
            else h
            for h in seat_hands
        )
        for seat_hands in view.hands
    )
    turn = 0 if view.turn is None else view.turn  # a finished game's turn is 0
    return {"dealer": dealer, "hands": hands, "shoe": tuple(pool), "turn": turn}
