"""Texas Hold'em: the state and its rules (rules digest ``seeds/texas_holdem.md``).

A match is hands of Hold'em with stacks: blinds and antes, two hole cards each,
four betting rounds around the flop, turn and river, the showdown, and the
button moving on, until one seat holds every chip or ``deals`` hands are played.
Dealing, showing and the award of the pots happen inside the seats' moves.

Examples:
    >>> from cardrules import games
    >>> game = games.create("texas_holdem", players=3, deals=1)
    >>> state = game.new_game(seed=2)
    >>> state.current_player, state.bets, [str(m) for m in state.legal_moves()]
    (0, (0, 1, 2), ['fold', 'call', 'raise 4', 'raise 7', 'raise 12', 'raise 200'])
    >>> state.amount_range("raise")
    (4, 200)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import ClassVar

import attrs

from cardrules.cards import Card, format_cards
from cardrules.decks import Deck
from cardrules.engine import EMPTY_HISTORY, GameState, History, Move, make_view, seats_check
from cardrules.errors import InvalidStateError, OptionError
from cardrules.games.texas_holdem._table import (
    BOARD_SIZES,
    DECK,
    Table,
    blind_level,
    shuffled,
)
from cardrules.games.texas_holdem.rules import (
    CALL,
    CHECK,
    FOLD,
    SIZE_SLOTS,
    Bet,
    Call,
    Check,
    Fold,
    HandResult,
    Options,
    Phase,
    Raise,
    View,
)

__all__ = ["State", "arranged_state", "dealt_state", "first_state", "new_state", "render"]


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A Texas Hold'em match in progress.

    ``bets`` are the chips each seat put in this betting round, ``paid`` in the
    whole hand (antes apart, in ``antes``); ``faced[i]`` is the bet seat ``i`` last acted
    on this round (-1: not yet); ``min_raise`` the smallest raise now (the last
    full bet or raise, TH-7.2); ``reopen`` the bet of the last bet or raise that
    reopened the betting (TH-6.7); ``stock`` the undealt cards, dealt from its end.
    """

    GAME: ClassVar[str] = "texas_holdem"
    MOVES: ClassVar[tuple[type[Move], ...]] = (Fold, Check, Call, Bet, Raise)
    RANGED: ClassVar[tuple[type[Move], ...]] = (Bet, Raise)
    OVER: ClassVar[Phase] = Phase.OVER
    DECK: ClassVar[Deck] = DECK

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    start: tuple[int, ...]
    deal: int = 0
    phase: Phase = Phase.BETTING
    turn: int = 0
    button: int = 0
    street: int = 0
    holes: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...] = ()
    stock: tuple[Card, ...]
    burned: tuple[Card, ...] = ()
    muck: tuple[Card, ...] = ()
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    paid: tuple[int, ...]
    antes: tuple[int, ...]
    live: tuple[bool, ...]
    faced: tuple[int, ...]
    min_raise: int
    reopen: int = 0
    raises: int = 0
    aggressor: int | None = None
    raked: int = 0
    last_deal: HandResult | None = None
    #: The hands the last move finished, in order (more than one when a hand with
    #: every seat all-in from the blinds followed at once).
    finished: tuple[HandResult, ...] = ()
    # A match whose first hand was dealt from given cards (``arranged_state``,
    # ``from_phh``): that hand's stock, dealt from its end, and its button.
    arranged: tuple[Card, ...] = ()
    first_button: int = 0

    # ---- protocol -------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Chips won (or lost, negative) per seat since the start of the match (TH-13.2)."""
        chips = [s + p + a for s, p, a in zip(self.stacks, self.paid, self.antes, strict=True)]
        return tuple(c - s for c, s in zip(chips, self.start, strict=True))

    def all_cards(self) -> Iterable[Card]:
        """Hole cards, board, stock, burn cards and muck: always the pack (TH-1.1)."""
        for hole in self.holes:
            yield from hole
        yield from self.board
        yield from self.stock
        yield from self.burned
        yield from self.muck

    @property
    def level(self) -> int:
        """The bet to match in this round: the largest bet made (TH-6.1)."""
        return max(self.bets)

    @property
    def pot(self) -> int:
        """Every chip put into this hand, this round's bets included."""
        return sum(self.paid) + sum(self.antes)

    def to_call(self, seat: int | None = None) -> int:
        """The chips ``seat`` (by default the one to move) must add to call (TH-6.6).

        Examples:
            >>> from cardrules import games
            >>> games.create("texas_holdem", players=2).new_game(seed=1).to_call()
            1
        """
        seat = self.turn if seat is None else seats_check(self.options.players, seat)
        return min(self.level - self.bets[seat], self.stacks[seat])

    def _may_raise(self, seat: int, level: int | None = None) -> str | None:
        """Why ``seat`` may not bet or raise now, or ``None`` (TH-6.7, TH-3.3); ``level``:
        the largest bet, when the caller knows it."""
        bets, stacks, live = self.bets, self.stacks, self.live
        if level is None:
            level = max(bets)
        if bets[seat] + stacks[seat] <= level:
            return f"seat {seat} has no chips beyond a call (TH-6.6)"
        for j in range(len(live)):
            if j != seat and live[j] and stacks[j] and bets[j] + stacks[j] > level:
                break
        else:
            return "no other seat could call more: there is nobody to bet against (TH-6.8)"
        faced = self.faced[seat]
        limit = self.options.structure == "fixed_limit"
        if faced >= 0 and level - faced < self.min_raise and not (limit and faced < self.reopen):
            return (
                f"seat {seat} has acted and the all-in for less than a full raise since "
                f"did not reopen the betting: call or fold (TH-6.7)"
            )
        opts = self.options
        if opts.structure == "fixed_limit" and self.raises >= opts.cap:
            heads_up = sum(self.live) == 2
            if not (opts.uncapped_heads_up and heads_up):
                return f"the betting is capped at {opts.cap} bets this round (TH-3.3)"
        return None

    def _amount_range(self, kind: type[Move], level: int | None = None) -> tuple[int, int] | None:
        """The amounts a bet or raise may be made to now (TH-3, TH-7); ``level``: the
        largest bet, when the caller knows it."""
        if self.phase is Phase.OVER:
            return None
        seat = self.turn
        bets = self.bets
        if level is None:
            level = max(bets)
        if (kind is Bet) != (level == 0) or self._may_raise(seat, level) is not None:
            return None
        opts = self.options
        allin = bets[seat] + self.stacks[seat]
        if opts.structure == "fixed_limit":
            size = level + blind_level(opts, self.street)
            return (min(size, allin), min(size, allin))
        low = min(level + self.min_raise, allin)
        high = allin
        if opts.structure == "pot_limit":  # call, then raise the pot (TH-3.4)
            high = min(allin, level + self.pot + (level - bets[seat]))
        return (low, max(low, high))

    def _generate_moves(self) -> tuple[Move, ...]:
        if self.phase is Phase.OVER:
            return ()
        seat = self.turn
        bets = self.bets
        level = max(bets)
        head: tuple[Move, ...]
        if bets[seat] < level:
            head = _FOLD_CALL
            kind: type[Bet] | type[Raise] = Raise
        else:
            head = _CHECK
            kind = Raise if level else Bet
        bounds = self._amount_range(kind, level)
        if bounds is None:
            return head
        return head + tuple(self._sizes(kind, bounds, level))

    def _sizes(
        self, kind: type[Bet] | type[Raise], bounds: tuple[int, int], level: int
    ) -> Sequence[Move]:
        """The canonical amounts (TH-15.2): the minimum, half the pot, the pot, two
        pots and all-in, each clipped to the range, each amount once."""
        low, high = bounds
        if low == high:
            fixed = self.options.structure == "fixed_limit"
            return [_sized(kind, low, 0 if fixed else len(SIZE_SLOTS) - 1)]
        bets = self.bets
        base = sum(self.paid) + sum(self.antes) + level - bets[self.turn]  # the pot after calling
        key = (kind, low, high, level, base)
        listed = _SIZES.get(key)
        if listed is not None:
            return listed
        amounts = [low]
        for num, den in _PARTS:  # half the pot, the pot, two pots
            amount = level + base * num // den
            amounts.append(low if amount < low else high if amount > high else amount)
        amounts.append(high)
        out: list[Move] = []
        seen: set[int] = set()
        for slot, amount in enumerate(amounts):
            if amount not in seen:
                seen.add(amount)
                out.append(_sized(kind, amount, slot))
        if len(_SIZES) > 50_000:
            _SIZES.clear()
        listed = _SIZES[key] = tuple(out)
        return listed

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now, naming the rule."""
        seat = self.turn
        level = self.level
        if isinstance(move, Check):
            return f"seat {seat} faces a bet: call {self.to_call()} or fold (TH-6.2)"
        if isinstance(move, Fold):
            return "there is no bet to fold to: check instead (TH-6.3)"
        if isinstance(move, Call):
            return "there is no bet to call: check instead (TH-6.2)"
        if isinstance(move, (Bet, Raise)):
            amount = move.amount
            name = move.NAME
            if not isinstance(amount, int) or isinstance(amount, bool):
                return f"a {name} is to a whole number of chips, not {amount!r:.20} (TH-6.1)"
            if isinstance(move, Bet) and level:
                return f"there is a bet of {level} already: raise instead (TH-6.1)"
            if isinstance(move, Raise) and not level:
                return "there is no bet to raise: bet instead (TH-6.1)"
            why = self._may_raise(seat)
            if why is not None:
                return why
            bounds = self._amount_range(type(move))
            if bounds is None:  # pragma: no cover - ranges exist when raising may
                return super().explain(move)
            low, high = bounds
            allin = self.bets[seat] + self.stacks[seat]
            if amount > allin:
                return (
                    f"{name} to {amount} is more than seat {seat} holds: legal amounts are "
                    f"{low} to {high} (TH-6.5)"
                )
            rule = {"fixed_limit": "TH-3.2", "pot_limit": "TH-3.4"}.get(
                self.options.structure, "TH-7.1"
            )
            if amount > high:
                return (
                    f"{name} to {amount} is above the limit: legal amounts are {low} to "
                    f"{high} ({rule})"
                )
            return (
                f"{name} to {amount} is less than the minimum: legal amounts are {low} to "
                f"{high} (TH-7.1)"
            )
        return super().explain(move)

    def _next(self, move: Move) -> State:
        table = Table(self)
        table.act(move)
        return table.pack(self)

    # ---- views ---------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know (TH-14.1).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("texas_holdem", players=3).new_game(seed=2)
            >>> view = state.view(1)
            >>> len(view.hole), view.hole_sizes, view.stock_size
            (2, (2, 2, 2), 46)
        """
        seats_check(self.options.players, seat)  # before the hole cards are looked up
        return make_view(
            View,
            self,
            seat,
            hole=self.holes[seat],
            hole_sizes=tuple(len(h) for h in self.holes),
            burned_size=len(self.burned),
            muck_size=len(self.muck),
        )

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal again what ``seat`` cannot see: the other hole cards, the stock, the
        burn cards and the muck.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("texas_holdem", players=3).new_game(seed=2)
            >>> other = state.resample(0, random.Random(1))
            >>> other.view(0) == state.view(0), other.holes[1] != state.holes[1]
            (True, True)
        """
        seats_check(self.options.players, seat)
        if not isinstance(rng, random.Random):
            raise OptionError(f"resample needs a random.Random, got {type(rng).__name__}")
        pool = [*self.stock, *self.burned, *self.muck]
        for i, hole in enumerate(self.holes):
            if i != seat:
                pool.extend(hole)
        rng.shuffle(pool)
        holes = []
        for i, hole in enumerate(self.holes):
            if i == seat or not hole:
                holes.append(hole)
            else:
                holes.append((pool.pop(), pool.pop()))
        burned = tuple(pool.pop() for _ in self.burned)
        muck = tuple(pool.pop() for _ in self.muck)
        return self._replace(
            holes=tuple(holes),
            burned=burned,
            muck=muck,
            stock=tuple(pool),
            seed=rng.getrandbits(63),
        )

    def _check(self) -> None:
        opts = self.options
        n = opts.players
        for name in ("start", "holes", "stacks", "bets", "paid", "antes", "live", "faced"):
            if len(getattr(self, name)) != n:
                raise InvalidStateError(f"{name} has {len(getattr(self, name))} seats, not {n}")
        if any(c < 0 for c in (*self.stacks, *self.bets, *self.paid, *self.antes, self.raked)):
            raise InvalidStateError("a chip count is negative")
        total = sum(self.start)
        held = sum(self.stacks) + sum(self.paid) + sum(self.antes) + self.raked
        if held != total:  # chips are conserved exactly (TH-13.3)
            raise InvalidStateError(
                f"chips do not add up: stacks, pot and rake hold {held}, the match {total}"
            )
        if any(b > p for b, p in zip(self.bets, self.paid, strict=True)):
            raise InvalidStateError("a seat's bets this round exceed what it paid this hand")
        if not 0 <= self.turn < n or not 0 <= self.button < n:
            raise InvalidStateError(f"turn {self.turn} or button {self.button} is not a seat")
        if self.phase is Phase.OVER:
            if any(self.holes) or self.board or any(self.paid) or any(self.antes):
                raise InvalidStateError("cards or chips are out after the end of the match")
            return
        if not 0 <= self.street <= 3 or len(self.board) != BOARD_SIZES[self.street]:
            raise InvalidStateError(f"{len(self.board)} board cards on street {self.street}")
        if len(self.burned) != self.street:
            raise InvalidStateError(f"{len(self.burned)} burn cards on street {self.street}")
        for i in range(n):
            if len(self.holes[i]) != (2 if self.live[i] else 0):
                raise InvalidStateError(f"seat {i} holds {len(self.holes[i])} hole cards")
        if sum(self.live) < 2:
            raise InvalidStateError("a hand in play needs two seats in it")
        if not self.live[self.turn] or self.stacks[self.turn] == 0:
            raise InvalidStateError(f"seat {self.turn} cannot act")
        if self.deal >= opts.deals:
            raise InvalidStateError(f"hand {self.deal + 1} is past the {opts.deals} of the match")
        if self.aggressor is not None and not 0 <= self.aggressor < n:
            raise InvalidStateError(f"aggressor {self.aggressor} is not a seat")


_FOLD_CALL: tuple[Move, ...] = (FOLD, CALL)
_CHECK: tuple[Move, ...] = (CHECK,)
_SIZED: dict[tuple[type[Move], int, int], Move] = {}
# The sized moves by (kind, low, high, level, pot after calling): all that decides them.
_SIZES: dict[tuple[type[Move], int, int, int, int], tuple[Move, ...]] = {}
_PARTS = tuple(part for _, part in SIZE_SLOTS if part is not None)
# Options -> the table before the first deal (seed 0), copied for each new match.
_EMPTY: dict[int, State] = {}  # by id(options), checked by identity


def _sized(kind: type[Bet] | type[Raise], amount: int, slot: int) -> Move:
    """The listed bet or raise of ``amount`` at ``slot`` of the abstraction (kept:
    moves are immutable)."""
    key = (kind, amount, slot)
    move = _SIZED.get(key)
    if move is None:
        if len(_SIZED) > 50_000:
            _SIZED.clear()
        move = _SIZED[key] = kind(amount)
        object.__setattr__(move, "slot", slot)
    return move


def new_state(options: Options, seed: int) -> State:
    """The first state of a match: stacks, seat 0 on the button, the first deal (TH-13.1)."""
    empty = _EMPTY.get(id(options))
    if empty is None or empty.options is not options:
        n = options.players
        stacks = (options.stack,) * n
        if len(_EMPTY) > 256:
            _EMPTY.clear()
        empty = _EMPTY[id(options)] = State(
            options=options,
            seed=0,
            start=stacks,
            holes=((),) * n,
            stock=DECK.cards,
            stacks=stacks,
            bets=(0,) * n,
            paid=(0,) * n,
            antes=(0,) * n,
            live=(True,) * n,
            faced=(-1,) * n,
            min_raise=blind_level(options, 0),
        )
    blank = empty._replace(seed=seed)
    table = Table(blank)
    table.deal_hand()
    return table.pack(blank)


def arranged_state(
    options: Options,
    *,
    stacks: tuple[int, ...],
    button: int,
    holes: tuple[tuple[Card, ...], ...],
    board: tuple[Card, ...] = (),
    seed: int = 0,
) -> State:
    """A first hand with these stacks and these cards: ``holes`` per seat and the
    ``board`` to come (for hand histories and worked examples). Cards not named
    (burn cards, the rest of the board) come from the seed's shuffle.

    Its save loads only with ``trusted=True``: no seed deals these cards.

    Raises:
        OptionError: the stacks, button or cards do not fit the options.
    """
    if not isinstance(options, Options):
        raise OptionError(f"options must be Texas Hold'em's Options, got {options!r:.40}")
    n = options.players
    for name, value in (("stacks", stacks), ("holes", holes), ("board", board)):
        if not isinstance(value, tuple):
            raise OptionError(f"{name} must be a tuple, got {value!r:.40}")
    if any(not isinstance(h, tuple) or not all(isinstance(c, Card) for c in h) for h in holes):
        raise OptionError(f"holes must be tuples of cards, got {holes!r:.60}")
    if not all(isinstance(c, Card) for c in board):
        raise OptionError(f"board must be a tuple of cards, got {board!r:.60}")
    if len(stacks) != n or any(
        not isinstance(s, int) or isinstance(s, bool) or s < 0 for s in stacks
    ):
        raise OptionError(f"stacks must be {n} whole numbers from 0, got {stacks!r:.80}")
    if sum(1 for s in stacks if s > 0) < 2:
        raise OptionError("two seats at least must hold chips")
    if not isinstance(button, int) or isinstance(button, bool) or not 0 <= button < n:
        raise OptionError(f"button must be a seat from 0 to {n - 1}, got {button!r:.20}")
    if len(holes) != n or len(board) > 5:
        raise OptionError(f"holes must name {n} seats and the board at most 5 cards")
    named = [c for h in holes for c in h] + list(board)
    if len(set(named)) != len(named) or not set(named) <= set(DECK.cards):
        raise OptionError(f"cards named twice or not of the pack: {format_cards(named)}")
    for i, hole in enumerate(holes):
        if len(hole) != (2 if stacks[i] > 0 else 0):
            raise OptionError(f"seat {i} must be dealt 2 hole cards, got {len(hole)}")
    rest = [c for c in shuffled(seed, 0) if c not in set(named)]
    # The stock is dealt from its end: burn, flop, burn, turn, burn, river.
    order: list[Card] = []
    board_left = list(board)
    for street in (1, 2, 3):
        order.append(rest.pop())
        for _ in range(BOARD_SIZES[street] - BOARD_SIZES[street - 1]):
            order.append(board_left.pop(0) if board_left else rest.pop())
    stock = tuple(rest) + tuple(reversed(order))
    dealt: list[Card] = []
    for round_ in range(2):
        for i in ((button + k) % n for k in range(1, n + 1)):
            if holes[i]:
                dealt.append(holes[i][round_])
    return dealt_state(options, seed, stacks, button, stock + tuple(reversed(dealt)))


def dealt_state(
    options: Options, seed: int, stacks: tuple[int, ...], button: int, cards: tuple[Card, ...]
) -> State:
    """The first state of a match whose first hand is dealt from ``cards`` (from its end)."""
    n = options.players
    blank = State(
        options=options,
        seed=seed,
        start=stacks,
        holes=((),) * n,
        stock=DECK.cards,
        stacks=stacks,
        bets=(0,) * n,
        paid=(0,) * n,
        antes=(0,) * n,
        live=(True,) * n,
        faced=(-1,) * n,
        min_raise=blind_level(options, 0),
        button=button,
        arranged=cards,
        first_button=button,
    )
    table = Table(blank)
    table.deal_hand(list(cards))
    return table.pack(blank)


def render(view: View) -> str:
    """The seat's view as plain text for a person.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("texas_holdem", players=3).new_game(seed=2)
        >>> print(render(state.view(0)))
        hand 1 of 100, pre-flop, seat 0 to act; pot 3
        board: -
        seat 0 (you, button): 9c Jd; stack 200, bet 0
        seat 1 (small blind): ?? ??; stack 199, bet 1
        seat 2 (big blind): ?? ??; stack 198, bet 2
    """
    opts = view.options
    streets = ("pre-flop", "flop", "turn", "river")
    if view.turn is None:
        head = f"match over after {view.deal} hands"
    else:
        head = (
            f"hand {view.deal + 1} of {opts.deals}, {streets[view.street]}, "
            f"seat {view.turn} to act; pot {sum(view.paid) + sum(view.antes)}"
        )
    lines = [head, f"board: {format_cards(view.board) or '-'}"]
    n = opts.players
    holding = [i for i in range(n) if view.hole_sizes[i] or view.paid[i]]
    small = big = None
    if view.turn is not None and len(holding) >= 2:
        if len(holding) == 2:
            small = view.button
        else:
            small = next(s for s in ((view.button + k) % n for k in range(1, n)) if s in holding)
        big = next(s for s in ((small + k) % n for k in range(1, n)) if s in holding)
    for seat in range(n):
        notes = []
        if seat == view.seat:
            notes.append("you")
        if seat == view.button:
            notes.append("button")
        if seat == small and seat != view.button:
            notes.append("small blind")
        if seat == big:
            notes.append("big blind")
        label = f"seat {seat}" + (f" ({', '.join(notes)})" if notes else "")
        if seat == view.seat and view.hole:
            cards = format_cards(view.hole)
        elif view.hole_sizes[seat]:
            cards = "?? ??"
        else:
            cards = "folded" if view.paid[seat] or view.turn is not None else "out"
        lines.append(f"{label}: {cards}; stack {view.stacks[seat]}, bet {view.bets[seat]}")
    if view.last_deal is not None and view.street == 0:
        lines.extend(view.last_deal.describe())
    return "\n".join(lines)


def first_state(state: State) -> State:
    """The state a match began in: its seed's first deal, or its arranged first hand."""
    if state.arranged:
        return dealt_state(
            state.options, state.seed, state.start, state.first_button, state.arranged
        )
    return new_state(state.options, state.seed)
