"""The moves of one seat playing one hand, made by direct copies of the state.

With one seat and one hand (no split yet), the bet and the deal, insurance and even
money, hit, stand, double and surrender, the dealer's play and the settlement after them
are made here by positional copies, without `_round`'s mutable ``Table``: the same cards
drawn from the shoe's end, the same hands and round result, field for field, in the
order of `_round`'s rules. Each function returns ``None`` for what it does not make (a
split, no hole card, more seats or hands, a shoe that runs out, a reshuffle after the
round): the ``Table`` makes those, as it makes every other move (private to the game).
"""

from __future__ import annotations

from typing import Any

from cardrules.engine import Move, fields_copier
from cardrules.games.blackjack._round import _bet_moves
from cardrules.games.blackjack.moves import (
    HIT,
    STAND,
    DealResult,
    Double,
    DoubleFor,
    Hand,
    Hit,
    Phase,
    Stand,
    Surrender,
)
from cardrules.games.blackjack.values import _CARD_VALUE, _total

_PLAY = Phase.PLAY
_BET = Phase.BET
_INSURANCE = Phase.INSURANCE
_OVER = Phase.OVER
_HIT_STAND: tuple[Move, ...] = (HIT, STAND)

# The fields each copy sets, in the order its copier takes them (one copier a state
# class, made on first use: this room is below the state's).
_DEALT = ("phase", "shoe", "dealer", "bets", "hands")
_ANSWERED = ("phase", "insurance")
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


def _done(hand: Hand) -> Hand:
    return Hand(
        cards=hand.cards, stake=hand.stake, doubled=hand.doubled, split=hand.split, done=True
    )


def _dealer_natural(dealer: tuple[Any, ...]) -> bool:
    """BJ-5.2, BJ-6.3: a ten-card or ace up card and the hole card make 21."""
    up = _CARD_VALUE[dealer[0]]
    return (up == 1 or up == 10) and up + _CARD_VALUE[dealer[1]] == 11


def bet(state: Any, amount: int) -> Any:
    """The state after one seat's bet (BJ-4): the deal (BJ-5.1), insurance offered
    (BJ-7.1), the peek (BJ-5.2), a natural settled (BJ-6) or the hand to play."""
    opts = state.options
    shoe = state.shoe
    if opts.players != 1 or opts.no_hole_card or len(shoe) < 4:
        return None
    # BJ-5.1: the seat's first card, the dealer's up card, the seat's second, the hole card
    first, up, second, hole = shoe[-1], shoe[-2], shoe[-3], shoe[-4]
    hand = Hand(cards=(first, second), stake=amount)
    dealer = (up, hole)
    if _CARD_VALUE[up] == 1 and (
        (opts.even_money and hand.natural) or (amount >= 2 and state.bankrolls[0] - amount >= 1)
    ):  # BJ-7.1, BJ-16.6: insurance (or even money) is offered
        return _copier(state.__class__, _DEALT)(
            state, _INSURANCE, shoe[:-4], dealer, (amount,), ((hand,),)
        )
    if _dealer_natural(dealer):
        return settle(state, hand, 4, dealer, state.insurance[0], True)
    if _total(hand.cards)[0] >= 21:  # a natural (BJ-6.2)
        return settle(state, _done(hand), 4, dealer, state.insurance[0], False)
    return _copier(state.__class__, _DEALT)(state, _PLAY, shoe[:-4], dealer, (amount,), ((hand,),))


def answer(state: Any, insured: int) -> Any:
    """The state after one seat insures ``insured`` chips, or none (BJ-7.1): the peek
    (BJ-5.2), then a natural settled or the hand to play."""
    hands = state.hands[0]
    if state.options.no_hole_card or len(hands) != 1:
        return None
    hand = hands[0]
    dealer = state.dealer
    if _dealer_natural(dealer):
        return settle(state, hand, 0, dealer, insured, True)
    if hand.done or _total(hand.cards)[0] >= 21:  # a natural (BJ-6.2)
        return settle(state, hand if hand.done else _done(hand), 0, dealer, insured, False)
    return _copier(state.__class__, _ANSWERED)(state, _PLAY, (insured,))


def even_money(state: Any) -> Any:
    """The state after one seat's natural takes even money (BJ-16.6): settled at once."""
    hands = state.hands[0]
    if state.options.no_hole_card or len(hands) != 1:
        return None
    hand = hands[0]
    paid = Hand(cards=hand.cards, stake=hand.stake, done=True, even_money=True)
    dealer = state.dealer
    return settle(state, paid, 0, dealer, 0, _dealer_natural(dealer))


def play(state: Any, hand: Hand, move: Move) -> Any:
    """The state after one seat's hit, stand, double or surrender of its only hand
    (BJ-8, BJ-10, BJ-16.1, BJ-16.8), or ``None`` (a split)."""
    if state.options.no_hole_card:  # the dealer's second card comes first (BJ-16.7)
        return None
    kind = move.__class__
    shoe = state.shoe
    if kind is Hit:
        if not shoe:
            return None
        cards = (*hand.cards, shoe[-1])
        if _total(cards)[0] < 21:
            new = Hand(cards=cards, stake=hand.stake, split=hand.split)
            return _copier(state.__class__, _HIT)(state, shoe[:-1], ((new,),), _HIT_STAND)
        # bust or 21: the hand is done, the dealer plays (BJ-8.3)
        done = Hand(cards=cards, stake=hand.stake, split=hand.split, done=True)
        return settle(state, done, 1, state.dealer, state.insurance[0], False)
    if kind is Stand:
        return settle(state, _done(hand), 0, state.dealer, state.insurance[0], False)
    if kind is Double or kind is DoubleFor:  # one card, face down (BJ-10.1, BJ-16.8)
        if not shoe:
            return None
        cards = (*hand.cards, shoe[-1])
        extra = move.amount if kind is DoubleFor else hand.stake  # type: ignore[attr-defined]
        doubled = Hand(
            cards=cards, stake=hand.stake + extra, doubled=True, split=hand.split, done=True
        )
        return settle(state, doubled, 1, state.dealer, state.insurance[0], False)
    if kind is Surrender:  # BJ-16.1
        given = Hand(cards=hand.cards, stake=hand.stake, done=True, surrendered=True)
        return settle(state, given, 0, state.dealer, state.insurance[0], False)
    return None


def settle(
    state: Any,
    hand: Hand,
    taken: int,
    dealer: tuple[Any, ...],
    insured: int,
    dealer_natural: bool,
) -> Any:
    """The dealer plays (BJ-11) and the round is settled (BJ-12) with one seat's one
    ``hand`` done (or beaten by a ``dealer_natural``), ``taken`` cards already drawn from
    the shoe's end, ``insured`` chips of insurance; ``None`` if the shoe runs out or is to
    be shuffled after the round (BJ-3.3, BJ-3.5)."""
    opts = state.options
    shoe = state.shoe
    left = len(shoe) - taken
    cards = hand.cards
    total = _total(cards)[0]
    if (
        not dealer_natural
        and not (hand.surrendered or hand.even_money)
        and (total < 21 or (total == 21 and (hand.split or len(cards) > 2)))
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
        pays = (6 * stake) // 5 if opts.six_to_five else (3 * stake) // 2
        won = 0 if dealer_natural else pays
    elif dealer_natural or total > 21 or total < dealer_total:
        won = -stake
    else:
        won = stake if total > dealer_total else 0
    insurance = (2 * insured if dealer_natural else -insured) if insured else 0  # BJ-7.2
    net = won + insurance
    bankroll = state.bankrolls[0] + net
    deal = state.deal
    result = DealResult(
        deal=deal,
        dealer=dealer,
        dealer_natural=dealer_natural,
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
