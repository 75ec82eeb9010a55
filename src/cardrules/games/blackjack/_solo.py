"""The common moves of one seat playing one hand, made by direct copies of the state.

With one seat and one hand (no split), a bet that deals a hand to play, a hit, a stand
and the end of the round they lead to are made here by positional copies, without
`_round`'s mutable ``Table``: the same cards drawn from the shoe's end, the same hands
and round result, field for field. Each function returns ``None`` for what it does not
make (an ace or a ten showing with a natural possible, a natural, a shoe that runs out,
a reshuffle, no hole card, more seats or hands): the ``Table`` makes those, as it makes
every other move (private to the game; the rules are `_round`'s).
"""

from __future__ import annotations

from typing import Any

from cardrules.engine import Move, fields_copier
from cardrules.games.blackjack._round import _bet_moves
from cardrules.games.blackjack.moves import HIT, STAND, DealResult, Hand, Phase
from cardrules.games.blackjack.values import _CARD_VALUE, _total

_PLAY = Phase.PLAY
_BET = Phase.BET
_OVER = Phase.OVER
_HIT_STAND: tuple[Move, ...] = (HIT, STAND)

# The fields each copy sets, in the order its copier takes them (one copier a state
# class, made on first use: this room is below the state's).
_DEALT = ("phase", "shoe", "dealer", "bets", "hands")
_HIT = ("shoe", "hands", "_legal")
_SETTLED = (
    "deal", "phase", "shoe", "tray", "dealer", "bets", "hands", "insurance", "bankrolls",
    "last_deal", "_legal",
)  # fmt: skip
_COPIERS: dict[tuple[type, tuple[str, ...]], Any] = {}


def _copier(cls: type, names: tuple[str, ...]) -> Any:
    copier = _COPIERS.get((cls, names))
    if copier is None:
        copier = _COPIERS[cls, names] = fields_copier(cls, names)
    return copier


def bet(state: Any, amount: int) -> Any:
    """The state after one seat's bet, when the deal leaves its hand to play: no ace
    showing (insurance, BJ-7.1), no natural on either side (BJ-5.2, BJ-6); else ``None``."""
    opts = state.options
    shoe = state.shoe
    if opts.players != 1 or opts.no_hole_card or len(shoe) < 4:
        return None
    # BJ-5.1: the seat's first card, the dealer's up card, the seat's second, the hole card
    first, up, second, hole = shoe[-1], shoe[-2], shoe[-3], shoe[-4]
    shown = _CARD_VALUE[up]
    if shown == 1 or (shown == 10 and _CARD_VALUE[hole] == 1):
        return None
    cards = (first, second)
    if _total(cards)[0] >= 21:  # a natural: settled at once (BJ-6.2)
        return None
    hand = Hand(cards=cards, stake=amount)
    return _copier(state.__class__, _DEALT)(
        state, _PLAY, shoe[:-4], (up, hole), (amount,), ((hand,),)
    )


def hit(state: Any, hand: Hand) -> Any:
    """The state after one seat hits its only hand (BJ-8.1), or ``None``."""
    shoe = state.shoe
    if not shoe:
        return None
    cards = (*hand.cards, shoe[-1])
    if _total(cards)[0] >= 21:  # bust or 21: the hand is done, the dealer plays (BJ-8.3)
        done = Hand(cards=cards, stake=hand.stake, split=hand.split, done=True)
        return settle(state, done, 1)
    new = Hand(cards=cards, stake=hand.stake, split=hand.split)
    return _copier(state.__class__, _HIT)(state, shoe[:-1], ((new,),), _HIT_STAND)


def stand(state: Any, hand: Hand) -> Any:
    """The state after one seat stands on its only hand (BJ-8.1), or ``None``."""
    done = Hand(
        cards=hand.cards, stake=hand.stake, doubled=hand.doubled, split=hand.split, done=True
    )
    return settle(state, done, 0)


def settle(state: Any, hand: Hand, taken: int) -> Any:
    """The dealer plays (BJ-11) and the round is settled (BJ-12) with one seat's one
    ``hand`` done, ``taken`` cards already drawn from the shoe's end; ``None`` if the
    shoe runs out or is to be shuffled after the round (BJ-3.3, BJ-3.5)."""
    opts = state.options
    if opts.no_hole_card:
        return None
    shoe = state.shoe
    left = len(shoe) - taken
    dealer = state.dealer
    cards = hand.cards
    total = _total(cards)[0]
    if not (hand.surrendered or hand.even_money) and (
        total < 21 or (total == 21 and (hand.split or len(cards) > 2))
    ):  # a hand still standing: the dealer draws to 17 (BJ-11)
        h17 = opts.hit_soft_17
        while True:
            got, soft = _total(dealer)
            if got > 17 or (got == 17 and not (h17 and soft)):
                break
            if not left:
                return None
            left -= 1
            dealer = (*dealer, shoe[left])
    if state.reshuffle_due or left <= state.cut:  # BJ-3.3: the Table shuffles
        return None
    dealer_total = _total(dealer)[0]
    if dealer_total > 21:
        dealer_total = 0  # every standing hand beats a bust dealer (BJ-12.2)
    stake = hand.stake
    if hand.even_money:  # BJ-16.6
        won = stake
    elif hand.surrendered:  # BJ-16.1
        won = stake // 2 - stake
    elif total == 21 and len(cards) == 2 and not hand.split:  # a natural (BJ-6.2, BJ-16.2)
        won = (6 * stake) // 5 if opts.six_to_five else (3 * stake) // 2
    elif total > 21 or total < dealer_total:
        won = -stake
    else:
        won = stake if total > dealer_total else 0
    insured = state.insurance[0]
    insurance = -insured if insured else 0  # the dealer had no natural (BJ-7.2)
    net = won + insurance
    bankroll = state.bankrolls[0] + net
    deal = state.deal
    result = DealResult(
        deal=deal,
        dealer=dealer,
        dealer_natural=False,
        hands=((hand,),),
        results=((won,),),
        insurance=(insurance,),
        net=(net,),
    )
    deal += 1
    if deal < opts.deals and bankroll >= opts.min_bet:  # the next round's bet
        phase = _BET
        legal = _bet_moves(opts.min_bet, opts.max_bet, bankroll)
    else:
        phase, legal = _OVER, ()
    return _copier(state.__class__, _SETTLED)(
        state,
        deal,
        phase,
        shoe[:left],
        (*state.tray, *cards, *dealer),
        (),
        (0,),
        ((),),
        (0,),
        (bankroll,),
        result,
        legal,
    )
