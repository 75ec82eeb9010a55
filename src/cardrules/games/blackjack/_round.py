"""The automatic part of a Blackjack round: deal, peek, dealer's play, settlement.

A ``Table`` is a mutable working copy of a state for one move and what
follows it (private to the game; states stay immutable).
"""

from __future__ import annotations

import functools
import random
from operator import itemgetter
from typing import Any, TypeVar

from cardrules.cards import Card, Rank
from cardrules.decks import Deck, standard
from cardrules.engine import GameState, Move, fields_copier
from cardrules.errors import InvalidStateError
from cardrules.games.blackjack.moves import (
    Bet,
    DealResult,
    Double,
    DoubleFor,
    Hand,
    Hit,
    Insure,
    Options,
    Phase,
    Stand,
    Surrender,
)
from cardrules.games.blackjack.values import _VALUE, _ladder, _total

# The state class of .state, which builds on this room: a type variable, not an import,
# so that this room stays below it.
State = TypeVar("State", bound=GameState[Any])


@functools.lru_cache(maxsize=8)
def _shoe_deck(packs: int) -> Deck:
    return Deck(f"shoe{packs}x52", standard().cards * packs)


@functools.lru_cache(maxsize=256)
def _ladder_moves(
    kind: type[Bet] | type[Insure] | type[DoubleFor], low: int, high: int
) -> tuple[Move, ...]:
    return tuple(kind(a) for a in _ladder(low, high))


def _affordable(moves: tuple[Move, ...], chips: int) -> tuple[Move, ...]:
    """The leading moves of a ladder whose amount is at most ``chips``."""
    if moves and moves[-1].amount <= chips:  # type: ignore[attr-defined]
        return moves
    return tuple(m for m in moves if m.amount <= chips)  # type: ignore[attr-defined]


def _bet_moves(low: int, high: int, bankroll: int) -> tuple[Move, ...]:
    return _affordable(_ladder_moves(Bet, low, high), bankroll)


def _insure_moves(bet: int, available: int) -> tuple[Move, ...]:
    half = bet // 2
    if half < 1:
        return ()
    return _affordable(_ladder_moves(Insure, 1, half), available)


def shuffle(rng: random.Random, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards in a uniformly random order drawn from ``rng`` (BJ-3.1).

    Sorting by one random number a card gives the same chances as
    ``rng.shuffle`` and is several times faster for a shoe.
    """
    draw = rng.random
    keys = [draw() for _ in cards]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    if len(order) > 1:  # one C call picks them all (it gives a tuple for two or more)
        return itemgetter(*order)(cards)  # type: ignore[no-any-return]
    return tuple([cards[i] for i in order])


def _done(hand: Hand) -> Hand:
    """The hand, taking no more cards."""
    return Hand(
        cards=hand.cards, stake=hand.stake, doubled=hand.doubled, split=hand.split, done=True
    )


def _reserve(rng: random.Random, packs: int) -> int:
    """Cards left behind the cut card (BJ-3.2): 18 to 26 of one pack, 26 to 35 of two."""
    if packs <= 2:
        return rng.randint(18, 26) if packs == 1 else rng.randint(26, 35)
    return rng.randint(10 * packs, (25 * packs) // 2)


# The fields ``Table.pack`` sets, in the order its copier takes them (one copier a state
# class, made on first use: this room is below the state's).
_PACKED = (
    "deal", "phase", "turn", "shoe", "cut", "shuffles", "reshuffle_due", "tray", "dealer",
    "bets", "hands", "insurance", "bankrolls", "last_deal",
)  # fmt: skip
_PACKERS: dict[type, Any] = {}


class Table:
    """A mutable working copy of a state for one move and what follows it
    automatically (the deal, the peek, the dealer's play, settlement)."""

    __slots__ = (
        "bankrolls",
        "bets",
        "cut",
        "deal",
        "dealer",
        "due",
        "hands",
        "insurance",
        "last",
        "opts",
        "phase",
        "seed",
        "shoe",
        "shuffles",
        "taken",
        "tray",
        "turn",
    )

    def __init__(self, state: Any) -> None:  # a .state.State
        self.opts: Options = state.options
        self.seed: int = state.seed
        self.deal: int = state.deal
        self.phase: Phase = state.phase
        self.turn: int = state.turn
        self.shoe: tuple[Card, ...] = state.shoe
        self.taken = 0  # cards drawn from the end of ``shoe``
        self.cut: int = state.cut
        self.shuffles: int = state.shuffles
        self.due: bool = state.reshuffle_due
        self.tray: tuple[Card, ...] = state.tray
        self.dealer: list[Card] = list(state.dealer)
        self.bets: list[int] = list(state.bets)
        self.hands: list[list[Hand]] = [list(h) for h in state.hands]
        self.insurance: list[int] = list(state.insurance)
        self.bankrolls: list[int] = list(state.bankrolls)
        self.last: DealResult | None = state.last_deal

    def pack(self, state: State) -> State:
        """The new state: ``state`` with every field the table works on."""
        copier = _PACKERS.get(state.__class__)
        if copier is None:
            copier = _PACKERS[state.__class__] = fields_copier(state.__class__, _PACKED)
        return copier(  # type: ignore[no-any-return]
            state,
            self.deal,
            self.phase,
            self.turn,
            self.shoe[: len(self.shoe) - self.taken] if self.taken else self.shoe,
            self.cut,
            self.shuffles,
            self.due,
            self.tray,
            tuple(self.dealer),
            tuple(self.bets),
            tuple(map(tuple, self.hands)),
            tuple(self.insurance),
            tuple(self.bankrolls),
            self.last,
        )

    def rng(self, *salt: object) -> random.Random:
        return random.Random("/".join([str(self.seed), *map(str, salt)]))

    def draw(self) -> Card:
        left = len(self.shoe) - self.taken
        if left == 0:  # BJ-3.5: the tray becomes the shoe
            if not self.tray:
                raise InvalidStateError("no cards are left in the shoe or the tray")
            self.shuffles += 1
            cards = shuffle(self.rng("shoe", self.shuffles), self.tray)
            self.shoe, self.taken, self.tray, self.due = cards, 0, (), True
            left = len(cards)
        self.taken += 1
        return self.shoe[left - 1]

    # ---- the round, in the order of the rules -----------------------------------

    def after_bet(self) -> None:
        for seat in range(self.turn + 1, self.opts.players):
            if self.bankrolls[seat] >= self.opts.min_bet:
                self.turn = seat
                return
        self.deal_cards()

    def deal_cards(self) -> None:
        """BJ-5.1: one up to each bettor, one up to the dealer, again, the hole card."""
        seats = [s for s, bet in enumerate(self.bets) if bet]
        first = [self.draw() for _ in seats]
        up = self.draw()
        for seat, card in zip(seats, first, strict=True):
            self.hands[seat] = [Hand(cards=(card, self.draw()), stake=self.bets[seat])]
        self.dealer = [up] if self.opts.no_hole_card else [up, self.draw()]  # BJ-16.7
        if _VALUE[up.rank] == 1 and self.next_insurer(-1):  # BJ-7.1
            return
        self.peek()

    def next_insurer(self, after: int) -> bool:
        even = self.opts.even_money
        for seat in range(after + 1, self.opts.players):
            bet = self.bets[seat]
            natural = even and bet and self.hands[seat][0].natural  # BJ-16.6
            if natural or (bet >= 2 and self.bankrolls[seat] - bet >= 1):
                self.phase, self.turn = Phase.INSURANCE, seat
                return True
        return False

    def take_even_money(self) -> None:
        """BJ-16.6: the natural is paid one to one, whatever the hole card."""
        hand = self.hands[self.turn][0]
        self.hands[self.turn][0] = Hand(
            cards=hand.cards, stake=hand.stake, done=True, even_money=True
        )
        self.insurance[self.turn] = 0
        self.after_insurance()

    def after_insurance(self) -> None:
        if not self.next_insurer(self.turn):
            self.peek()

    def peek(self) -> None:
        """BJ-5.2, BJ-6.3: a ten-card or ace up card is checked for a natural
        (no peek without a hole card, BJ-16.7)."""
        if self.opts.no_hole_card:
            self.next_hand()
            return
        up, hole = self.dealer
        if _VALUE[up.rank] + _VALUE[hole.rank] == 11 and _VALUE[up.rank] in (1, 10):
            self.settle(dealer_natural=True)
        else:
            self.next_hand()

    def next_hand(self) -> None:
        """Find the next hand that needs a choice (BJ-8.1, BJ-9.3), else the dealer plays."""
        for seat, hands in enumerate(self.hands):
            for i, hand in enumerate(hands):
                if hand.done:
                    continue
                if len(hand.cards) == 1:  # a split hand gets its second card (BJ-9.3)
                    hand = Hand(cards=(*hand.cards, self.draw()), stake=hand.stake, split=True)
                if _total(hand.cards)[0] >= 21:  # BJ-6.2, BJ-8.3
                    hands[i] = _done(hand)
                    continue
                hands[i] = hand
                self.phase, self.turn = Phase.PLAY, seat
                return
        self.settle(dealer_natural=self.dealer_play())

    def play(self, move: Move) -> None:
        hands = self.hands[self.turn]
        i = 0
        while hands[i].done:  # the hand being played: the first not done
            i += 1
        hand = hands[i]
        if isinstance(move, Hit):
            cards = (*hand.cards, self.draw())
            hands[i] = Hand(
                cards=cards, stake=hand.stake, split=hand.split, done=_total(cards)[0] >= 21
            )
        elif isinstance(move, Stand):
            hands[i] = _done(hand)
        elif isinstance(move, Surrender):  # BJ-16.1
            hands[i] = Hand(cards=hand.cards, stake=hand.stake, done=True, surrendered=True)
        elif isinstance(move, (Double, DoubleFor)):  # BJ-10.1, BJ-16.8
            cards = (*hand.cards, self.draw())
            extra = move.amount if isinstance(move, DoubleFor) else hand.stake
            hands[i] = Hand(
                cards=cards, stake=hand.stake + extra, doubled=True, split=hand.split, done=True
            )
        else:  # Split, BJ-9.1
            a, b = hand.cards
            left = Hand(cards=(a,), stake=hand.stake, split=True)
            right = Hand(cards=(b,), stake=hand.stake, split=True)
            opts = self.opts
            if a.rank == Rank.ACE and not opts.hit_split_aces:  # BJ-9.4: one card each
                room = opts.resplit_aces and len(hands) + 1 < opts.max_hands  # BJ-16.3
                c, d = self.draw(), self.draw()
                left = Hand(
                    cards=(a, c), stake=hand.stake, split=True, done=not (room and c.rank == a.rank)
                )
                right = Hand(
                    cards=(b, d), stake=hand.stake, split=True, done=not (room and d.rank == b.rank)
                )
            hands[i : i + 1] = [left, right]
        self.next_hand()

    def dealer_play(self) -> bool:
        """BJ-11: draw to 17; stand on soft 17 unless hit_soft_17; BJ-11.4. Without a
        hole card the second card comes first, and a natural wins every bet still
        out, doubles and splits whole (BJ-16.7); whether it is one is returned."""
        dealer = self.dealer
        if len(dealer) == 1:
            dealer.append(self.draw())
            if _total(dealer)[0] == 21:
                return True
        for hands in self.hands:
            for hand in hands:
                cards = hand.cards
                total = _total(cards)[0]
                if hand.surrendered or hand.even_money:
                    continue  # settled without the dealer (BJ-16.1, BJ-16.6)
                if total < 21 or (total == 21 and (hand.split or len(cards) > 2)):
                    break  # a hand still standing: the dealer plays
            else:
                continue
            break
        else:
            return False
        h17 = self.opts.hit_soft_17
        while True:
            total, soft = _total(dealer)
            if total > 17 or (total == 17 and not (h17 and soft)):
                return False
            dealer.append(self.draw())

    def settle(self, *, dealer_natural: bool) -> None:
        """BJ-6, BJ-7.2, BJ-12: pay and collect, tray the cards, next round."""
        dealer = tuple(self.dealer)
        dealer_total = _total(dealer)[0]
        if dealer_total > 21:
            dealer_total = 0  # every standing hand beats a bust dealer (BJ-12.2)
        n = self.opts.players
        results: list[tuple[int, ...]] = []
        insurance = [0] * n
        net = [0] * n
        used: list[Card] = []
        bankrolls = self.bankrolls
        for seat, hands in enumerate(self.hands):
            won = []
            for hand in hands:
                cards = hand.cards
                used.extend(cards)
                stake = hand.stake
                total = _total(cards)[0]
                if hand.even_money:  # BJ-16.6: paid one to one whatever the hole card
                    won.append(stake)
                elif hand.surrendered:  # BJ-16.1: half the bet back, rounded down
                    won.append(stake // 2 - stake)
                elif total == 21 and len(cards) == 2 and not hand.split:  # a natural
                    pays = (6 * stake) // 5 if self.opts.six_to_five else (3 * stake) // 2
                    won.append(0 if dealer_natural else pays)  # BJ-6.2, BJ-16.2
                elif dealer_natural or total > 21 or total < dealer_total:
                    won.append(-stake)
                else:
                    won.append(stake if total > dealer_total else 0)
            results.append(tuple(won))
            ins = self.insurance[seat]
            if ins:
                insurance[seat] = 2 * ins if dealer_natural else -ins
            net[seat] = won_net = sum(won) + insurance[seat]
            bankrolls[seat] += won_net
        self.last = DealResult(
            deal=self.deal,
            dealer=dealer,
            dealer_natural=dealer_natural,
            hands=tuple(map(tuple, self.hands)),
            results=tuple(results),
            insurance=tuple(insurance),
            net=tuple(net),
        )
        self.tray = (*self.tray, *used, *dealer)
        self.dealer, self.hands = [], [[] for _ in range(n)]
        self.bets, self.insurance = [0] * n, [0] * n
        if self.due or len(self.shoe) - self.taken <= self.cut:  # BJ-3.3
            self.reshuffle()
        self.deal += 1
        self.phase, self.turn = Phase.OVER, 0
        if self.deal < self.opts.deals:  # the first seat that can bet opens the next round
            low = self.opts.min_bet
            for seat in range(n):
                if bankrolls[seat] >= low:
                    self.phase, self.turn = Phase.BET, seat
                    break

    def reshuffle(self) -> None:
        self.shuffles += 1
        rng = self.rng("shoe", self.shuffles)
        cards = shuffle(rng, (*self.shoe[: len(self.shoe) - self.taken], *self.tray))
        self.shoe, self.taken, self.tray, self.due = cards, 0, (), False
        self.cut = _reserve(rng, self.opts.packs)
