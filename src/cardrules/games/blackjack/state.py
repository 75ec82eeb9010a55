"""Blackjack: the state and its rules (rules digest ``seeds/blackjack.md``).

The dealer is no seat: it deals, peeks, draws and settles inside the moves of
the seats, with chance from the seed. A round is: every seat bets, the deal,
insurance when an ace shows, the seats play their hands left to right, the
dealer plays, everything is settled and the cards go to the tray.

Examples:
    >>> from cardrules import games
    >>> game = games.create("blackjack", deals=1)
    >>> state = game.new_game(seed=3)
    >>> [str(m) for m in state.legal_moves()]
    ['bet 2', 'bet 5', 'bet 10', 'bet 20', 'bet 50', 'bet 100', 'bet 200', 'bet 500']
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from typing import ClassVar

import attrs

from cardrules.cards import Card, Rank, format_cards
from cardrules.decks import Deck
from cardrules.engine import (
    EMPTY_HISTORY,
    GameState,
    History,
    Move,
    fields_copier,
    make_view,
    seats_check,
)
from cardrules.errors import InvalidStateError, OptionError
from cardrules.games.blackjack import _solo
from cardrules.games.blackjack._round import (
    Table,
    _bet_moves,
    _insure_moves,
    _ladder_moves,
    _reserve,
    _shoe_deck,
    shuffle,
)
from cardrules.games.blackjack.moves import (
    DECLINE,
    DOUBLE,
    EVEN_MONEY,
    HIT,
    SPLIT,
    STAND,
    SURRENDER,
    Bet,
    DealResult,
    Decline,
    Double,
    DoubleFor,
    EvenMoney,
    Hand,
    Hit,
    Insure,
    Options,
    Phase,
    Split,
    Stand,
    Surrender,
    View,
)
from cardrules.games.blackjack.values import _VALUE, _total

__all__ = ["State", "new_state", "render"]

# --------------------------------------------------------------------------- state


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A Blackjack game in progress. The next card of the shoe is its last item.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("blackjack").new_game(seed=3)
        >>> state.phase, len(state.shoe), 60 <= state.cut <= 75
        (<Phase.BET: 'bet'>, 312, True)
    """

    GAME: ClassVar[str] = "blackjack"
    MOVES: ClassVar[tuple[type[Move], ...]] = (
        Bet, Insure, Decline, Hit, Stand, Double, Split, Surrender, EvenMoney, DoubleFor
    )  # fmt: skip
    RANGED: ClassVar[tuple[type[Move], ...]] = (Bet, Insure, DoubleFor)

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int = 0
    phase: Phase = Phase.BET
    turn: int = 0
    shoe: tuple[Card, ...]
    cut: int
    shuffles: int = 0
    reshuffle_due: bool = False
    tray: tuple[Card, ...] = ()
    dealer: tuple[Card, ...] = ()
    bets: tuple[int, ...]
    hands: tuple[tuple[Hand, ...], ...]
    insurance: tuple[int, ...]
    bankrolls: tuple[int, ...]
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move; ``None`` once the game is over."""
        return None if self.phase is Phase.OVER else self.turn

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (BJ-13.1)."""
        return self.phase is Phase.OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Net chips won per seat, settled rounds only (BJ-13.2)."""
        start = self.options.bankroll
        return tuple(b - start for b in self.bankrolls)

    def deck(self) -> Deck:
        """The shoe's packs (BJ-1.1)."""
        return _shoe_deck(self.options.packs)

    def all_cards(self) -> Iterable[Card]:
        """Shoe, tray, dealer and every hand (BJ-3.4)."""
        yield from self.shoe
        yield from self.tray
        yield from self.dealer
        for hands in self.hands:
            for hand in hands:
                yield from hand.cards

    def active_hand(self) -> Hand | None:
        """The hand being played now, or ``None`` outside the play.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("blackjack", deals=1).replay(3, ["bet 10"])
            >>> state.active_hand().stake
            10
        """
        if self.phase is not Phase.PLAY:
            return None
        for hand in self.hands[self.turn]:
            if not hand.done:
                return hand
        return None  # pragma: no cover - a valid PLAY state always has one

    def available(self, seat: int) -> int:
        """Chips ``seat`` holds beyond those already staked this round (BJ-4.3).

        Examples:
            >>> from cardrules import games
            >>> games.create("blackjack").replay(3, ["bet 10"]).available(0)
            990
        """
        return self._free(seats_check(self.options.players, seat))

    def _free(self, seat: int) -> int:
        staked = sum(h.stake for h in self.hands[seat]) or self.bets[seat]
        return self.bankrolls[seat] - staked - self.insurance[seat]

    def _generate_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase is Phase.PLAY:
            for hand in self.hands[self.turn]:  # the active hand: the first not done
                if not hand.done:
                    break
            else:
                raise AssertionError("a state in play has a hand to play")  # pragma: no cover
            cards = hand.cards
            if len(cards) != 2:  # the common case: only hit or stand
                return _HIT_STAND
            opts = self.options
            aces = hand.split and cards[0].rank == Rank.ACE and not opts.hit_split_aces
            moves: list[Move] = [STAND] if aces else [HIT, STAND]  # BJ-16.3: stand or split
            total = _total(cards)[0]  # a total no double takes needs no further check
            if (
                not aces
                and (opts.double_any_two or 9 <= total <= 11)
                and (not opts.double_ten_eleven or 10 <= total <= 11)
                and self._double_problem(hand) is None
            ):
                moves.append(DOUBLE)
            pair = cards[0].rank == cards[1].rank or opts.split_unlike_tens
            if pair and self._split_problem(hand) is None:
                moves.append(SPLIT)
            if opts.surrender and not hand.split:  # BJ-16.1: first two cards, no split
                moves.append(SURRENDER)
            less = self._amount_range(DoubleFor) if opts.double_for_less else None
            if less is not None:  # BJ-16.8: the chip ladder up to the bet
                ladder = _ladder_moves(DoubleFor, 1, hand.stake)
                moves.extend(m for m in ladder if m.amount <= less[1])  # type: ignore[attr-defined]
            return tuple(moves)
        if phase is Phase.BET:
            return _bet_moves(self.options.min_bet, self.options.max_bet, self.bankrolls[self.turn])
        if phase is Phase.INSURANCE:
            moves = [DECLINE, *_insure_moves(self.bets[self.turn], self._free(self.turn))]
            if self.options.even_money and self.hands[self.turn][0].natural:  # BJ-16.6
                moves.append(EVEN_MONEY)
            return tuple(moves)
        return ()

    def _amount_range(self, kind: type[Move]) -> tuple[int, int] | None:
        """Any whole bet between the table limits that the seat can cover (BJ-4.1,
        BJ-4.3); any insurance from 1 up to half the bet that it can cover (BJ-7.1)."""
        if kind is Bet and self.phase is Phase.BET:
            high = min(self.options.max_bet, self.bankrolls[self.turn])
            return (self.options.min_bet, high) if high >= self.options.min_bet else None
        if kind is Insure and self.phase is Phase.INSURANCE:
            high = min(self.bets[self.turn] // 2, self._free(self.turn))
            return (1, high) if high >= 1 else None
        if kind is DoubleFor and self.phase is Phase.PLAY and self.options.double_for_less:
            hand = self.active_hand()  # BJ-16.8: any amount up to the bet
            if hand is None or self._double_problem(hand, need=1) is not None:
                return None
            return (1, min(hand.stake, self._free(self.turn)))
        return None

    def _double_problem(self, hand: Hand, need: int | None = None) -> str | None:
        opts = self.options
        if hand.split and hand.cards[0].rank == Rank.ACE and not opts.hit_split_aces:
            return "split aces take one card each and do not double (BJ-9.4)"
        if len(hand.cards) != 2:
            return "a double is only made on a hand's first two cards (BJ-10.1)"
        if hand.split and not opts.double_after_split:
            return "a split hand may not double (BJ-10.3; option double_after_split)"
        total = hand.total
        if opts.double_ten_eleven and not 10 <= total <= 11:
            return f"a double needs a total of 10 or 11, not {total} (BJ-16.5)"
        if not opts.double_any_two and not 9 <= total <= 11:
            return f"a double needs a total of 9, 10 or 11, not {total} (BJ-10.1)"
        need = hand.stake if need is None else need
        if self._free(self.turn) < need:
            return f"seat {self.turn} cannot cover another {need} chips (BJ-4.3)"
        return None

    def _split_problem(self, hand: Hand) -> str | None:
        opts = self.options
        cards = hand.cards
        if len(cards) != 2:
            return "only a hand's first two cards may split (BJ-9.1)"
        a, b = cards
        tens = opts.split_unlike_tens and _VALUE[a.rank] == _VALUE[b.rank] == 10
        if a.rank != b.rank and not tens:
            return f"{a} and {b} are not a pair of the same rank (BJ-9.1, BJ-9.2)"
        if hand.split and a.rank == Rank.ACE and not opts.resplit_aces:
            return "split aces are not split again (BJ-9.6; option resplit_aces)"
        if len(self.hands[self.turn]) >= opts.max_hands:
            return f"a seat may hold at most {opts.max_hands} hands (BJ-9.6; option max_hands)"
        if self._free(self.turn) < hand.stake:
            return f"seat {self.turn} cannot cover another {hand.stake} chips (BJ-4.3)"
        return None

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now, naming the rule."""
        phase = self.phase
        opts = self.options
        if isinstance(move, Bet):
            if phase is not Phase.BET:
                return "bets are placed before the deal (BJ-4.1)"
            amount = move.amount
            if not isinstance(amount, int) or isinstance(amount, bool):
                return f"a bet is a whole number of chips, not {amount!r:.20} (BJ-4.1)"
            if not opts.min_bet <= amount <= opts.max_bet:
                return (
                    f"bet {amount} is outside the limits {opts.min_bet} to {opts.max_bet} (BJ-4.1)"
                )
            return f"seat {self.turn} holds only {self.bankrolls[self.turn]} chips (BJ-4.3)"
        if isinstance(move, EvenMoney):
            if not opts.even_money:
                return "even money is not a move at this table (BJ-16.6; option even_money)"
            return "even money is taken by a natural when the dealer shows an ace (BJ-16.6)"
        if isinstance(move, DoubleFor):
            if not opts.double_for_less:
                return "doubling for less is not allowed here (BJ-16.8; option double_for_less)"
            hand = self.active_hand()
            if hand is None:
                return "no hand is being played (BJ-16.8)"
            if not isinstance(move.amount, int) or isinstance(move.amount, bool):
                return f"a double is a whole number of chips, not {move.amount!r:.20} (BJ-16.8)"
            problem = self._double_problem(hand, need=1)
            if problem is not None:
                return problem
            return f"a double for less adds 1 to {hand.stake} chips, not {move.amount} (BJ-16.8)"
        if isinstance(move, Surrender):
            if not opts.surrender:
                return "surrender is not allowed at this table (BJ-16.1; option surrender)"
            return "only an unsplit hand's first two cards may surrender (BJ-16.1)"
        if isinstance(move, (Insure, Decline)):
            if phase is not Phase.INSURANCE:
                return (
                    "insurance is offered only when the dealer shows an ace, before play (BJ-7.1)"
                )
            if not isinstance(move, Insure):
                return super().explain(move)
            bet = self.bets[self.turn]
            if not isinstance(move.amount, int) or isinstance(move.amount, bool):
                return f"insurance is a whole number of chips, not {move.amount!r:.20} (BJ-7.1)"
            if move.amount > bet // 2:
                return f"insurance {move.amount} is more than half the bet {bet} (BJ-7.1)"
            if move.amount < 1:
                return f"insurance is at least 1 chip, not {move.amount} (BJ-7.1)"
            return f"seat {self.turn} cannot cover {move.amount} more chips (BJ-4.3)"
        if phase is Phase.BET:
            return "no hand is being played: the next move is a bet (BJ-4.1, BJ-8.1)"
        if phase is Phase.INSURANCE:
            return "each seat first takes or declines insurance (BJ-7.1)"
        hand = self.active_hand()
        if hand is not None and isinstance(move, Hit) and hand.split:
            return "split aces take one card each (BJ-9.4; option hit_split_aces)"
        if hand is not None and isinstance(move, Double):
            return self._double_problem(hand) or super().explain(move)
        if hand is not None and isinstance(move, Split):
            return self._split_problem(hand) or super().explain(move)
        return super().explain(move)

    def _next(self, move: Move) -> State:
        if self.options.players == 1:  # one seat, one hand: its moves by direct copies
            kind = move.__class__
            new: State | None
            if kind is Bet:
                new = _solo.bet(self, move.amount)  # type: ignore[attr-defined]
            elif self.phase is Phase.INSURANCE:
                if kind is Insure:
                    new = _solo.answer(self, move.amount)  # type: ignore[attr-defined]
                elif kind is Decline:
                    new = _solo.answer(self, 0)
                else:
                    new = _solo.even_money(self) if kind is EvenMoney else None
            else:
                hands = self.hands[0]
                new = _solo.play(self, hands[0], move) if len(hands) == 1 else None
            if new is not None:
                return new
        return self._by_table(move)

    def _by_table(self, move: Move) -> State:
        """The state after ``move``, made on a mutable working copy (every case)."""
        table = Table(self)
        seat = self.turn
        if isinstance(move, Bet):
            table.bets[seat] = move.amount
            table.after_bet()
        elif isinstance(move, (Insure, Decline)):
            table.insurance[seat] = move.amount if isinstance(move, Insure) else 0
            table.after_insurance()
        elif isinstance(move, EvenMoney):
            table.take_even_money()
        else:
            table.play(move)
        return table.pack(self)

    # ---- views ---------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know (BJ-13.3).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("blackjack", deals=1).replay(3, ["bet 10"])
            >>> view = state.view(0)
            >>> len(view.dealer), view.shoe_size == len(state.shoe)
            (1, True)
        """
        playing = self.phase in (Phase.INSURANCE, Phase.PLAY)
        return make_view(
            View,
            self,
            seat,
            turn=self.current_player,
            dealer=self.dealer[:1] if playing else self.dealer,
            hands=tuple(
                tuple(attrs.evolve(h, cards=h.cards[:-1]) if h.doubled else h for h in hands)
                for hands in self.hands
            ),
            shoe_size=len(self.shoe),
        )

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal again what ``seat`` cannot see: the shoe, the hole card, double-down cards.

        A hole card the dealer has peeked at stays one that makes no natural.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("blackjack", deals=1).replay(3, ["bet 10"])
            >>> other = state.resample(0, random.Random(1))
            >>> other.view(0) == state.view(0), other.shoe != state.shoe
            (True, True)
        """
        seats_check(self.options.players, seat)
        if not isinstance(rng, random.Random):
            raise OptionError(f"resample needs a random.Random, got {type(rng).__name__}")
        pool = list(self.shoe)
        hidden_hole = self.phase in (Phase.INSURANCE, Phase.PLAY) and not self.options.no_hole_card
        if hidden_hole:
            pool.append(self.dealer[1])
        for hands in self.hands:
            pool.extend(h.cards[-1] for h in hands if h.doubled)
        rng.shuffle(pool)
        dealer = self.dealer
        if hidden_hole:
            up = _VALUE[dealer[0].rank]
            peeked = self.phase is Phase.PLAY and up in (1, 10)
            forbidden = (11 - up) if peeked else 0  # the value that would make a natural
            index = next(i for i, c in enumerate(pool) if _VALUE[c.rank] != forbidden)
            dealer = (dealer[0], pool.pop(index), *dealer[2:])
        new_hands = tuple(
            tuple(
                attrs.evolve(h, cards=(*h.cards[:-1], pool.pop())) if h.doubled else h
                for h in hands
            )
            for hands in self.hands
        )
        return self._replace(
            shoe=tuple(pool), dealer=dealer, hands=new_hands, seed=rng.getrandbits(63)
        )

    def _check(self) -> None:
        opts = self.options
        n = opts.players
        for name in ("bets", "hands", "insurance", "bankrolls"):
            if len(getattr(self, name)) != n:
                raise InvalidStateError(f"{name} has {len(getattr(self, name))} seats, not {n}")
        if not 0 <= self.turn < n:
            raise InvalidStateError(f"seat {self.turn} does not exist with {n} players")
        if any(b < 0 for b in self.bankrolls) or any(self._free(s) < 0 for s in range(n)):
            raise InvalidStateError("a seat has staked more chips than it holds")
        if self.deal >= opts.deals and self.phase is not Phase.OVER:
            raise InvalidStateError(f"round {self.deal + 1} is past the {opts.deals} of the game")
        dealt = self.phase in (Phase.INSURANCE, Phase.PLAY)
        up_only = dealt and opts.no_hole_card  # BJ-16.7: one dealer card while played
        if dealt != (len(self.dealer) == 2 - up_only) or (not dealt and any(self.hands)):
            raise InvalidStateError(f"the dealer's and seats' cards do not fit phase {self.phase}")
        if self.phase is Phase.BET and self.bankrolls[self.turn] < opts.min_bet:
            raise InvalidStateError(f"seat {self.turn} cannot bet")
        if self.phase is Phase.INSURANCE and _VALUE[self.dealer[0].rank] != 1:
            raise InvalidStateError("insurance without an ace showing")
        if self.phase is Phase.PLAY and self.active_hand() is None:
            raise InvalidStateError(f"seat {self.turn} has no hand to play")
        if any(not opts.min_bet <= b <= opts.max_bet for b in self.bets if b):
            raise InvalidStateError(f"bets {self.bets} are outside the table limits")


def new_state(options: Options, seed: int) -> State:
    """The first state of a game: a shuffled shoe, the first seat to bet (BJ-3.1)."""
    rng = random.Random(f"{seed}/shoe/0")
    cards = shuffle(rng, _shoe_deck(options.packs).cards)
    blank = _blank(options)
    return _FIRST(blank, seed, cards, _reserve(rng, options.packs), blank.legal_moves())


@functools.lru_cache(maxsize=64)
def _blank(options: Options) -> State:
    """A first state but for the seed, the shoe and the cut card, built once per options
    (a copy of it is cheaper than a new state)."""
    n = options.players
    return State(
        options=options,
        seed=0,
        shoe=(),
        cut=0,
        bets=(0,) * n,
        hands=((),) * n,
        insurance=(0,) * n,
        bankrolls=(options.bankroll,) * n,
    )


_HIT_STAND = _solo._HIT_STAND
# The copy of a blank first state that starts a game, with its legal moves (the bets,
# which depend on the options alone).
_FIRST: Callable[..., State] = fields_copier(State, ("seed", "shoe", "cut", "_legal"))


def render(view: View) -> str:
    """The seat's view as plain text for a person.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("blackjack", deals=1).replay(3, ["bet 10"])
        >>> print(render(state.view(0)))
        round 1 of 1, seat 0 to play; shoe 308 cards, cut card at 65
        dealer: 4d ??
        seat 0 (you): 3d Kh = 13, bet 10; bankroll 1000
    """
    opts = view.options
    turn = "game over" if view.turn is None else f"seat {view.turn} to {view.phase.value}"
    lines = [
        f"round {min(view.deal + 1, opts.deals)} of {opts.deals}, {turn}; "
        f"shoe {view.shoe_size} cards, cut card at {view.cut}"
    ]
    if view.dealer:
        hidden = " ??" if len(view.dealer) == 1 and not opts.no_hole_card else ""
        lines.append(f"dealer: {format_cards(view.dealer)}{hidden}")
    for seat in range(opts.players):
        parts = []
        for hand in view.hands[seat]:
            shown = format_cards(hand.cards) + (" ??" if hand.doubled else "")
            total = "" if hand.doubled else f" = {_total(hand.cards)[0]}"
            parts.append(f"{shown}{total}, bet {hand.stake}")
        if not parts and view.bets[seat]:
            parts.append(f"bet {view.bets[seat]}")
        if view.insurance[seat]:
            parts.append(f"insurance {view.insurance[seat]}")
        you = " (you)" if seat == view.seat else ""
        body = "; ".join(parts) + "; " if parts else ""
        lines.append(f"seat {seat}{you}: {body}bankroll {view.bankrolls[seat]}")
    if view.last_deal is not None and not view.dealer:
        lines.extend(view.last_deal.describe())
    return "\n".join(lines)
