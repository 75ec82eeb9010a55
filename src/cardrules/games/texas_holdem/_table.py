"""The play of a Texas Hold'em hand on a mutable working copy of a state.

A ``Table`` is made from a state for one move and what follows it
automatically (the end of a betting round, uncalled bets, the next street, the
showdown, the next hand); ``pack`` makes the next state. States stay immutable.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any, TypeVar

from cardrules.cards import Card
from cardrules.decks import standard
from cardrules.engine import GameState, Move, fields_copier
from cardrules.games.texas_holdem.pots import rake_amount
from cardrules.games.texas_holdem.rules import (
    Bet,
    Call,
    Fold,
    HandResult,
    Options,
    Phase,
    PotResult,
    Raise,
)
from cardrules.poker import encode, evaluate_board

State = TypeVar("State", bound=GameState[Any])

DECK = standard()
_CODES: dict[Card, int] = dict(zip(DECK.cards, encode(DECK.cards), strict=True))

#: Board cards dealt on each street (TH-8.1): none pre-flop, the flop, the turn, the river.
BOARD_SIZES = (0, 3, 4, 5)


def blind_level(opts: Options, street: int) -> int:
    """The smallest bet and raise of a round: the big blind, or the fixed limit's
    bet of the round (TH-3.2, TH-7.1)."""
    if opts.structure == "fixed_limit":
        small = opts.small_bet or opts.big_blind
        return small if street < 2 else (opts.big_bet or 2 * small)
    return opts.big_blind


def shuffled(seed: int, hand: int, dealt: int = 28) -> list[Card]:
    """The pack for ``hand``, dealt from its end, drawn from the seed (TH-5.1).

    A hand deals at most ``dealt`` cards (28: ten seats, three burns, five on the
    board): those are a uniformly random ordered sample of the pack, at the end;
    the cards never dealt stay below them in pack order (no view shows the stock).
    """
    # 512 bits from a hash of the seed and the hand choose the 28 cards one by one
    # (mixed radix 52, 51, ..., 25 needs about 150 bits; the bias is below 2**-350).
    key = f"{seed}/hand/{hand}".encode()
    number = int.from_bytes(hashlib.blake2b(key, digest_size=64).digest(), "big")
    pool = list(DECK.cards)
    picks = []
    pop = pool.pop
    for radix, sizes in _CHUNKS[min(dealt, _MOST_DEALT)]:  # one division of the big number
        number, low = divmod(number, radix)  # for four digits
        for size in sizes:
            low, place = divmod(low, size)
            picks.append(pop(place))
    pool.extend(reversed(picks))
    return pool


_MOST_DEALT = 28
#: ``_CHUNKS[d]``: the radices 52, 51, ... of ``d`` picks, four at a time, each group with
#: its product (the radix of its four digits together).
_CHUNKS = tuple(
    tuple(
        (math.prod(group), group)
        for group in (
            tuple(range(52 - start, 52 - min(start + 4, d), -1)) for start in range(0, d, 4)
        )
    )
    for d in range(_MOST_DEALT + 1)
)

# The fields ``Table.pack`` sets, in the order its copier takes them (one copier a state
# class, made on first use: the state's room is above this one).
_PACKED = (
    "deal", "phase", "turn", "button", "street", "holes", "board", "stock", "burned", "muck",
    "stacks", "bets", "paid", "antes", "live", "faced", "min_raise", "reopen", "raises",
    "aggressor", "raked", "last_deal", "finished",
)  # fmt: skip
_PACKERS: dict[type, Any] = {}
#: ``_AROUND[n][seat]``: the seats after ``seat`` at a table of ``n``, in turn, ``seat`` last.
_AROUND = tuple(
    tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n)) for n in range(11)
)


class Table:
    """A mutable working copy of a state for one move and what follows it."""

    __slots__ = (
        "aggressor",
        "antes",
        "bets",
        "board",
        "burned",
        "button",
        "deal",
        "faced",
        "finished",
        "holes",
        "last",
        "live",
        "min_raise",
        "muck",
        "opts",
        "paid",
        "phase",
        "raises",
        "raked",
        "reopen",
        "seed",
        "stacks",
        "start",
        "stock",
        "street",
        "turn",
    )

    def __init__(self, state: Any) -> None:
        self.opts: Options = state.options
        self.seed: int = state.seed
        self.start: tuple[int, ...] = state.start
        self.deal: int = state.deal
        self.phase: Phase = state.phase
        self.turn: int = state.turn
        self.button: int = state.button
        self.street: int = state.street
        self.holes: list[tuple[Card, ...]] = list(state.holes)
        self.board: tuple[Card, ...] = state.board
        self.stock: list[Card] | tuple[Card, ...] = state.stock
        self.burned: tuple[Card, ...] = state.burned
        self.muck: tuple[Card, ...] = state.muck
        self.stacks: list[int] = list(state.stacks)
        self.bets: list[int] = list(state.bets)
        self.paid: list[int] = list(state.paid)
        self.antes: list[int] = list(state.antes)
        self.live: list[bool] = list(state.live)
        self.faced: list[int] = list(state.faced)
        self.min_raise: int = state.min_raise
        self.reopen: int = state.reopen
        self.raises: int = state.raises
        self.aggressor: int | None = state.aggressor
        self.raked: int = state.raked
        self.last: HandResult | None = state.last_deal
        self.finished: list[HandResult] = []

    def pack(self, state: State) -> State:
        """The new state: ``state`` with every field the table works on."""
        copier = _PACKERS.get(state.__class__)
        if copier is None:
            copier = _PACKERS[state.__class__] = fields_copier(state.__class__, _PACKED)
        return copier(  # type: ignore[no-any-return]
            state, self.deal, self.phase, self.turn, self.button, self.street, tuple(self.holes),
            self.board, tuple(self.stock), self.burned, self.muck, tuple(self.stacks),
            tuple(self.bets), tuple(self.paid), tuple(self.antes), tuple(self.live),
            tuple(self.faced), self.min_raise, self.reopen, self.raises, self.aggressor,
            self.raked, self.last, tuple(self.finished),
        )  # fmt: skip

    # ---- betting -----------------------------------------------------------------

    def put(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.bets[seat] += chips
        self.paid[seat] += chips

    def act(self, move: Move) -> None:
        """Make ``move`` (legal) for the seat to move, then whatever follows."""
        seat = self.turn
        level = max(self.bets)
        cls = type(move)
        if cls is Fold:
            self.live[seat] = False
            self.muck += self.holes[seat]  # folded cards are mucked unseen (TH-6.1)
            self.holes[seat] = ()
        elif cls is Call:
            self.put(seat, min(level - self.bets[seat], self.stacks[seat]))
        elif cls is Bet or cls is Raise:
            to: int = move.amount  # type: ignore[attr-defined]
            self.put(seat, to - self.bets[seat])
            if to - level >= self.min_raise:  # a full bet or raise (TH-7.2)
                self.min_raise = max(self.min_raise, to - level)
                self.raises += 1
                self.reopen = to
            elif self.opts.structure == "fixed_limit" and 2 * (to - level) >= self.min_raise:
                self.reopen = to  # half a bet or more reopens a limit round (TH-6.7)
            self.aggressor = seat
            level = to
        self.faced[seat] = level
        self.advance()

    def needs(self, seat: int, level: int) -> bool:
        """Whether ``seat`` must still act in this betting round (TH-6.4)."""
        if not self.live[seat] or self.stacks[seat] == 0:
            return False
        if self.bets[seat] < level:
            return True
        if self.faced[seat] >= 0:
            return False
        n = len(self.live)
        return any(
            self.live[j] and self.stacks[j] > 0 for j in range(n) if j != seat
        )  # a round needs somebody to bet against

    def next_to_act(self, after: int) -> int | None:
        """The next seat after ``after`` that must act (``needs``), or ``None``."""
        bets, live, stacks, faced = self.bets, self.live, self.stacks, self.faced
        level = max(bets)
        able = -1  # the seats with chips, counted when first needed
        for seat in _AROUND[len(live)][after]:
            if live[seat] and stacks[seat]:
                if bets[seat] < level:
                    return seat
                if faced[seat] < 0:
                    if able < 0:
                        able = len([1 for f, s in zip(live, stacks, strict=True) if f and s])
                    if able > 1:
                        return seat
        return None

    def advance(self) -> None:
        """After a move: the next seat to act, else the next street or the showdown."""
        if sum(self.live) == 1:
            self.return_uncalled()
            self.finish(showdown=False)
            return
        nxt = self.next_to_act(self.turn)
        if nxt is not None:
            self.turn = nxt
            return
        self.end_round()

    def return_uncalled(self) -> None:
        """The part of the highest bet that nobody matched goes back to it (TH-9.1)."""
        bets = self.bets
        top = bets.index(max(bets))  # the first seat of the highest bet
        second = max(bets[:top] + bets[top + 1 :], default=0)
        extra = bets[top] - second
        if extra > 0:
            bets[top] -= extra
            self.paid[top] -= extra
            self.stacks[top] += extra

    def end_round(self) -> None:
        """The betting round is over: deal the next street (TH-8), or show down."""
        self.return_uncalled()
        n = len(self.bets)
        self.bets = [0] * n
        self.faced = [-1] * n
        stock = self.stock if isinstance(self.stock, list) else list(self.stock)
        self.stock = stock
        acting = True
        # With no bets and nobody having acted, whether a seat can act is the same on
        # every street: when nobody can (all-in), the rest of the board comes at once.
        while self.street < 3:
            self.street += 1
            self.min_raise = blind_level(self.opts, self.street)
            self.reopen = 0
            self.raises = 0
            self.aggressor = None
            # A burn card before each street (TH-8.2), then the street's cards, each
            # popped from the stock's end.
            take = BOARD_SIZES[self.street] - len(self.board) + 1
            cut = stock[-take:]
            del stock[-take:]
            self.burned += (cut[-1],)
            self.board += tuple(cut[-2::-1])
            if acting:
                first = self.next_to_act(self.button)  # first live seat after the button
                if first is not None:  # (TH-8.3)
                    self.turn = first
                    return
                acting = False  # nor on a later street
        self.finish(showdown=True)

    # ---- the end of a hand -------------------------------------------------------

    def finish(self, *, showdown: bool) -> None:
        """Award the pots (TH-10, TH-11), take the rake (TH-12) and start the next hand."""
        opts = self.opts
        live, paid, stacks, antes = self.live, self.paid, self.stacks, self.antes
        n = len(live)
        dead = sum(antes)
        if showdown:
            contenders = [i for i in range(n) if live[i]]
            level = paid[contenders[0]]
            if level > 0 and [paid[i] for i in contenders].count(level) == len(contenders):
                pots = [(sum(paid), tuple(contenders))]  # no side pot: as ``_pots`` finds
            else:
                pots = _pots(paid, live) if any(paid) else []
        else:  # one seat left: every chip paid is one pot for it (as ``_pots`` finds)
            alone = live.index(True)
            total = sum(paid)
            pots = [(total, (alone,))] if paid[alone] > 0 else _pots(paid, live) if total else []
        if dead:  # antes are dead money in the main pot, for every live seat (TH-4.6)
            everyone = tuple([i for i in range(n) if live[i]])
            if pots and pots[0][1] == everyone:
                pots[0] = (pots[0][0] + dead, everyone)
            else:
                pots.insert(0, (dead, everyone))
        rake = 0
        if opts.rake_percent and self.street > 0:  # no flop, no drop (TH-12.2)
            rake = rake_amount(sum(paid) + dead, opts.rake_percent, opts.rake_cap)
            left = rake
            for k, (amount, eligible) in enumerate(pots):  # from the main pot first
                take = min(left, amount)
                pots[k] = (amount - take, eligible)
                left -= take
        results: list[PotResult] = []
        won = [0] * n
        value: dict[int, int] = {}
        if showdown:
            holes = self.holes
            codes = _CODES
            pairs = [(codes[holes[i][0]], codes[holes[i][1]]) for i in contenders]
            board = [codes[c] for c in self.board]
            value = dict(zip(contenders, evaluate_board(board, pairs), strict=True))
        for amount, eligible in pots:
            if showdown and len(eligible) > 1:
                best = max([value[i] for i in eligible])
                winners = tuple([i for i in eligible if value[i] == best])
            else:
                winners = eligible
            shares = _split(amount, winners, self.button, n)
            for i in winners:
                won[i] += shares[i]
            results.append(
                PotResult(amount=amount, eligible=eligible, winners=winners, shares=shares)
            )
        shown: list[tuple[Card, ...]] = [()] * n
        if showdown:
            for i in self.show_order(won):
                shown[i] = self.holes[i]
        for i in range(n):
            stacks[i] += won[i]
        self.raked += rake
        self.last = HandResult(
            deal=self.deal,
            button=self.button,
            board=self.board,
            shown=tuple(shown),
            pots=tuple(results),
            rake=rake,
            net=tuple([w - p - a for w, p, a in zip(won, paid, antes, strict=True)]),
            stacks=tuple(stacks),
        )
        self.finished.append(self.last)
        self.next_hand()

    def show_order(self, won: list[int]) -> list[int]:
        """The seats that show at the showdown (TH-10.1, TH-10.2): the last bettor or
        raiser of the final round first (else the first live seat after the button),
        then each seat whose hand wins a share; every hand when nobody could bet on
        the river (an all-in showdown). The others muck unseen."""
        flags = self.live
        n = len(flags)
        live = [i for i in range(n) if flags[i]]
        first = self.aggressor
        if first is None or not flags[first]:
            first = _next_seat(flags, self.button)
        if self.aggressor is None:
            stacks = self.stacks
            if len([i for i in live if stacks[i] > 0]) < 2:  # all-in: every hand is tabled
                return live
        return [i for i in live if i == first or won[i] > 0]

    def next_hand(self) -> None:
        """Gather the cards; end the match or deal the next hand (TH-13)."""
        self.deal += 1
        n = len(self.stacks)
        self.holes = [()] * n
        self.board = self.burned = self.muck = ()
        self.bets = [0] * n
        self.paid = [0] * n
        self.antes = [0] * n
        self.faced = [-1] * n
        self.street = 0
        self.aggressor = None
        self.raises = 0
        self.min_raise = blind_level(self.opts, 0)
        self.reopen = 0
        holding = [s > 0 for s in self.stacks]
        if self.deal >= self.opts.deals or sum(holding) < 2:
            self.stock = list(DECK.cards)  # gathered (a next hand deals its own shuffle)
            self.phase = Phase.OVER
            self.live = [False] * n
            self.turn = 0
            return
        self.button = _next_seat(holding, self.button)
        self.deal_hand()

    def deal_hand(self, stock: list[Card] | None = None) -> None:
        """Antes, blinds and two hole cards to each seat with chips (TH-4, TH-5),
        from ``stock`` (dealt from its end) or else the hand's shuffle."""
        opts = self.opts
        n = len(self.stacks)
        live = self.live = [s > 0 for s in self.stacks]
        button = self.button
        order = [i for i in _AROUND[n][button] if live[i]]  # from the seat after the button
        count = len(order)
        if stock is None:
            stock = shuffled(self.seed, self.deal, 2 * count + 8)
        if count == 2:  # heads-up: the button posts the small blind (TH-4.3)
            small = button
            big = _next_seat(live, small)
        else:
            small, big = order[0], order[1]
        if opts.ante:
            for i in range(n):
                if self.live[i]:
                    self.pay_dead(i, opts.ante)
        if opts.bb_ante:
            self.pay_dead(big, opts.bb_ante)
        self.put(small, min(opts.small_blind, self.stacks[small]))
        self.put(big, min(opts.big_blind, self.stacks[big]))
        # One card at a time from the seat after the button, twice round (TH-5.2): the
        # cards popped from the stock's end, in the order they come off.
        dealt = stock[-2 * count :]
        del stock[-2 * count :]
        dealt.reverse()
        holes: list[tuple[Card, ...]] = [()] * n
        for k, i in enumerate(order):
            holes[i] = (dealt[k], dealt[count + k])
        self.holes = holes
        self.stock = stock
        top = max(self.bets)
        self.raises = 1 if top > 0 else 0  # the big blind is the first bet
        self.reopen = top
        self.min_raise = blind_level(opts, 0)
        first = self.next_to_act(big)  # the seat after the big blind (TH-6.2)
        if first is None:
            self.turn = big
            self.end_round()
        else:
            self.turn = first

    def pay_dead(self, seat: int, chips: int) -> None:
        """An ante: chips into the pot that are no part of the round's bets (TH-4.4)."""
        chips = min(chips, self.stacks[seat])
        self.stacks[seat] -= chips
        self.antes[seat] += chips


def _pots(paid: list[int], live: list[bool]) -> list[tuple[int, tuple[int, ...]]]:
    """``pots.side_pots`` without its checks, for the play's own valid counts."""
    levels = sorted({p for p, f in zip(paid, live, strict=True) if f and p > 0})
    pots: list[tuple[int, tuple[int, ...]]] = []
    below = 0
    for level in levels:
        amount = 0
        for p in paid:
            if p > below:
                amount += (level if p > level else p) - below
        eligible = tuple(i for i, p in enumerate(paid) if live[i] and p >= level)
        pots.append((amount, eligible))
        below = level
    rest = sum(p - below for p in paid if p > below)
    if rest and pots:
        pots[-1] = (pots[-1][0] + rest, pots[-1][1])
    return pots


def _split(amount: int, winners: tuple[int, ...], button: int, n: int) -> tuple[int, ...]:
    """``pots.split_pot`` without its checks."""
    shares = [0] * n
    if len(winners) == 1:
        shares[winners[0]] = amount
        return tuple(shares)
    each, odd = divmod(amount, len(winners))
    for k, seat in enumerate(sorted(winners, key=lambda s: (s - button - 1) % n)):
        shares[seat] = each + (1 if k < odd else 0)
    return tuple(shares)


def _next_seat(holding: list[bool], seat: int) -> int:
    n = len(holding)
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if holding[nxt]:
            return nxt
    raise AssertionError("no seat holds chips")  # pragma: no cover
