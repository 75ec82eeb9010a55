"""Turkish 51 as a game: the state and the rules that connect options and moves.

Rules digest: ``seeds/turkish51.md`` (clauses ``T51-*``). A match of 11 deals is the
default; ``deals=1`` is one deal.

Examples:
    >>> from cardrules.games.turkish51 import Turkish51
    >>> game = Turkish51.create(deals=1)
    >>> [str(m) for m in game.new_game(seed=0).legal_moves()]
    ['draw', 'declare']
    >>> [str(m) for m in game.new_game(seed=1).legal_moves()]
    ['draw', 'take', 'declare']
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from cardrules.cards import JOKER, Card, Rank
from cardrules.decks import Deck
from cardrules.engine import (
    Game,
    GameState,
    Move,
    redeal_hidden,
    replace_at,
    seats_check,
)
from cardrules.errors import CardRulesError, IllegalMeldError, InvalidStateError
from cardrules.games.turkish51.moves import (
    _DISCARDS,
    CANCEL,
    DECLARE,
    DRAW,
    OPEN,
    TAKE,
    Cancel,
    DealResult,
    Declare,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Options,
    Phase,
    Retrieve,
    Side,
    TableMeld,
    Take,
    View,
    _key,
)
from cardrules.games.turkish51.scoring import DECK, RULES, deal_penalties
from cardrules.melds import (
    Meld,
    MeldKind,
    candidate_melds,
    check_meld,
    lay_off,
    layoff_cards,
    meld_value,
    retrieve_joker,
    solve,
    value_bound,
)

__all__ = [
    "Cancel",
    "DealResult",
    "Declare",
    "Discard",
    "Draw",
    "LayMeld",
    "LayOff",
    "Open",
    "Options",
    "Phase",
    "Retrieve",
    "Side",
    "State",
    "TableMeld",
    "Take",
    "Turkish51",
    "View",
    "table_fits",
]

PLAYERS = 4
HAND = 14
FINE = 50


# --------------------------------------------------------------------------- state


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A Turkish 51 match in progress. Stock and discard tops are the last items."""

    GAME: ClassVar[str] = "turkish51"
    MOVES: ClassVar[tuple[type[Move], ...]] = (
        Draw, Take, Declare, LayMeld, Open, Cancel, LayOff, Retrieve, Discard,
    )  # fmt: skip

    options: Options
    seed: int
    history: tuple[Move, ...] = ()
    deal: int
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    table: tuple[TableMeld, ...] = ()
    pending: tuple[Meld, ...] = ()
    opened: tuple[bool, ...]
    doubles: tuple[bool, ...]
    threshold: int
    doubles_threshold: int
    taken: Card | None = None
    opened_now: bool = False
    cancelled: bool = False
    turns: int = 0
    known: tuple[tuple[Card, ...], ...]
    fines: tuple[int, ...]
    totals: tuple[int, ...]
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move, ``None`` once the match is over."""
        return None if self.phase is Phase.OVER else self.turn

    @property
    def is_terminal(self) -> bool:
        """Whether the match is over (T51-9.1)."""
        return self.phase is Phase.OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Penalty totals of the finished deals; a side's sum in partnerships (T51-9.2)."""
        totals = self.totals
        if self.options.partnerships:
            return tuple(totals[i % 2] + totals[i % 2 + 2] for i in range(PLAYERS))
        return totals

    @property
    def winner(self) -> tuple[int, ...]:
        """The seats with the lowest total once the match is over (T51-9.3)."""
        if not self.is_terminal:
            return ()
        low = min(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == low)

    def deck(self) -> Deck:
        """The 106-card pack (T51-1.1)."""
        return DECK

    def all_cards(self) -> Iterable[Card]:
        """Hands, stock, discard pile, table melds and the melds of an opening in progress."""
        for hand in self.hands:
            yield from hand
        yield from self.stock
        yield from self.discard
        for placed in self.table:
            yield from placed.meld.cards
        for meld in self.pending:
            yield from meld.cards

    @property
    def pending_total(self) -> int:
        """The value of the opening in progress (T51-5.1)."""
        return sum(meld_value(m, RULES) for m in self.pending)

    def _generate_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase is Phase.OVER:
            return ()
        seat = self.turn
        if phase is Phase.DRAW:
            out: list[Move] = [DRAW]
            if self.discard and not self.cancelled and self._may_take(seat):
                out.append(TAKE)
            if not self.opened[seat] and not self.doubles[seat]:
                out.append(DECLARE)
            return tuple(out)
        return self._play_moves(seat)

    def _may_take(self, seat: int) -> bool:
        if self.opened[seat] or self.doubles[seat]:
            return True
        top = self.discard[-1]
        hand = (*self.hands[seat], top)
        use_taken = self.options.use_taken
        if use_taken and not _could_meld(top, self.hands[seat]):
            return False
        if value_bound(hand, RULES) <= self.threshold:
            return False
        if solve(hand, RULES, objective="value").value <= self.threshold:
            return False
        if not use_taken:
            return True
        # The best opening that melds the top card: one of its melds, then the rest at best.
        for meld in candidate_melds(hand, RULES):
            if top in meld.cards:
                rest = list(hand)
                for card in meld.cards:
                    rest.remove(card)
                best = solve(rest, RULES, objective="value").value
                if meld_value(meld, RULES) + best > self.threshold:
                    return True
        return False

    def _play_moves(self, seat: int) -> tuple[Move, ...]:
        hand = self.hands[seat]
        out: list[Move] = []
        opened, doubles = self.opened[seat], self.doubles[seat]
        must_open = self.taken is not None and not opened and not doubles
        can_meld = opened or not self.cancelled
        if can_meld:
            if doubles:
                out.extend(_double_moves(hand))
            else:
                out.extend(
                    LayMeld(m.kind, m.cards)
                    for m in candidate_melds(hand, RULES)
                    if len(m.cards) < len(hand)
                )
        if self.pending:
            if self._open_ok(seat):
                out.append(OPEN)
            out.append(CANCEL)
            return tuple(out)
        if opened and not doubles and len(hand) > 1:
            out.extend(self._layoff_moves(hand))
            out.extend(self._retrieve_moves(hand))
        if must_open:
            return tuple(out)
        if not opened and not doubles and not self.cancelled:
            out.append(DECLARE)
        taken = self.taken
        out.extend(
            _DISCARDS[c]
            for c in sorted(set(hand), key=_key)
            if c != taken or hand.count(c) > 1 or len(hand) == 1
        )
        return tuple(out)

    def _open_ok(self, seat: int) -> bool:
        if self._taken_unused(seat):
            return False
        if len(self.hands[seat]) == 1:
            return True  # all but the discard melded: out at once (T51-5.4)
        if self.doubles[seat]:
            return len(self.pending) > self.doubles_threshold
        return self.pending_total > self.threshold

    def _taken_unused(self, seat: int) -> bool:
        """Whether a discard taken to open is still missing from the opening (T51-4.3)."""
        taken = self.taken
        if taken is None or self.opened[seat] or self.doubles[seat]:
            return False
        return self.options.use_taken and not any(taken in m.cards for m in self.pending)

    def _layoff_moves(self, hand: tuple[Card, ...]) -> list[Move]:
        held = set(hand)
        out: list[Move] = []
        for t, placed in enumerate(self.table):
            for card, side in _fits(placed.meld):
                if card in held:
                    out.append(LayOff(card, t, side))
        return out

    def _retrieve_moves(self, hand: tuple[Card, ...]) -> list[Move]:
        held = Counter(hand)
        out: list[Move] = []
        for t, placed in enumerate(self.table):
            meld = placed.meld
            jokers = meld.joker_positions
            if not jokers or meld.kind is MeldKind.DOUBLE:
                continue
            if meld.kind is MeldKind.RUN:
                for pos in jokers:
                    face = meld.faces[pos]
                    if face is not None and held[face]:
                        out.append(Retrieve(t, (face,)))
                continue
            rank = meld.rank
            assert rank is not None
            need = 4 - (len(meld.cards) - len(jokers)) - (len(jokers) - 1)
            have = [Card(rank, s) for s in sorted(meld.missing_suits) if held[Card(rank, s)]]
            out.extend(Retrieve(t, combo) for combo in itertools.combinations(have, need))
        return out

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now."""
        seat = self.turn
        hand = self.hands[seat] if self.phase is not Phase.OVER else ()
        if self.phase is Phase.DRAW and not isinstance(move, (Draw, Take, Declare)):
            return f"seat {seat} must first draw or take the discard (T51-4.1)"
        if self.phase is Phase.PLAY and isinstance(move, (Draw, Take)):
            return f"seat {seat} has already drawn this turn (T51-4.1)"
        if isinstance(move, Take):
            if self.cancelled:
                return "the discard was given back this turn; draw from the stock (T51-4.3)"
            return (
                f"seat {seat} has not laid down and cannot open above {self.threshold} "
                "with the top discard (T51-4.3)"
            )
        if isinstance(move, Declare):
            return "only a player who has not laid down may declare doubles (T51-7.1)"
        if isinstance(move, Open):
            if not self.pending:
                return "no opening is in progress (T51-5.5)"
            if self._taken_unused(seat):
                return f"the taken {self.taken} must be in the opening melds (T51-4.3)"
            if self.doubles[seat]:
                return (
                    f"{len(self.pending)} doubles do not exceed the doubles threshold "
                    f"{self.doubles_threshold} (T51-7.2)"
                )
            return (
                f"opening total {self.pending_total} does not exceed the threshold "
                f"{self.threshold} (T51-5.1)"
            )
        if isinstance(move, Cancel):
            return "no opening is in progress (T51-5.5)"
        if isinstance(move, LayMeld):
            return self._explain_meld(move, hand)
        if isinstance(move, (LayOff, Retrieve)):
            if not self.opened[seat] or self.doubles[seat]:
                return f"seat {seat} has not laid down with sets and runs (T51-6.1, T51-7.3)"
            if not 0 <= move.target < len(self.table):
                return f"there is no meld {move.target} on the table"
            return self._explain_table(move, hand)
        if isinstance(move, Discard):
            if self.pending:
                return "finish the opening (open) or take it back (cancel) first (T51-5.5)"
            if self.taken is not None and not self.opened[seat] and not self.doubles[seat]:
                return "the top discard was taken: lay down this turn first (T51-4.3)"
            if move.card not in hand:
                return f"{move.card} is not in the hand of seat {seat}"
            return f"{move.card} was just taken from the discard pile (T51-4.6)"
        return super().explain(move)

    def _explain_meld(self, move: LayMeld, hand: tuple[Card, ...]) -> str:
        missing = Counter(move.cards) - Counter(hand)
        if missing:
            return f"{' '.join(map(str, missing.elements()))} not in the hand of seat {self.turn}"
        if len(move.cards) >= len(hand):
            return "the last card is kept to discard (T51-4.5)"
        if self.doubles[self.turn] != (move.kind is MeldKind.DOUBLE):
            return "a doubles player lays only doubles, others no doubles (T51-7.3)"
        if self.cancelled and not self.opened[self.turn]:
            return "the opening was taken back this turn (T51-4.3)"
        try:
            meld = check_meld(move.cards, RULES, kind=move.kind)
        except IllegalMeldError as exc:
            return str(exc)
        if meld.cards != move.cards:
            return f"lay the run from low to high: {' '.join(map(str, meld.cards))}"
        return super().explain(move)

    def _explain_table(self, move: LayOff | Retrieve, hand: tuple[Card, ...]) -> str:
        meld = self.table[move.target].meld
        try:
            if isinstance(move, LayOff):
                if move.card not in hand:
                    return f"{move.card} is not in the hand of seat {self.turn}"
                if len(hand) == 1:
                    return "the last card is kept to discard (T51-4.5)"
                lay_off(meld, move.card, RULES, end=move.side.value)
            else:
                if Counter(move.cards) - Counter(hand):
                    return f"seat {self.turn} does not hold {' '.join(map(str, move.cards))}"
                retrieve_joker(meld, move.cards, RULES)
        except IllegalMeldError as exc:
            return str(exc)
        return super().explain(move)

    # ---- moves -----------------------------------------------------------------------

    def _next(self, move: Move) -> State:
        history = (*self.history, move)
        seat = self.turn
        hand = self.hands[seat]
        if isinstance(move, Draw):
            card = self.stock[-1]
            return self._replace(
                history=history,
                hands=_put(self.hands, seat, (*hand, card)),
                stock=self.stock[:-1],
                phase=Phase.PLAY,
            )
        if isinstance(move, Take):
            card = self.discard[-1]
            return self._replace(
                history=history,
                hands=_put(self.hands, seat, (*hand, card)),
                known=_put(self.known, seat, (*self.known[seat], card)),
                discard=self.discard[:-1],
                taken=card,
                phase=Phase.PLAY,
            )
        if isinstance(move, Declare):
            return self._replace(history=history, doubles=_put(self.doubles, seat, True))
        if isinstance(move, LayMeld):
            meld = check_meld(move.cards, RULES, kind=move.kind)
            changes = self._remove(seat, move.cards)
            if self.opened[seat]:
                table = (*self.table, TableMeld(seat, meld))
                return self._replace(history=history, table=table, **changes)
            return self._replace(history=history, pending=(*self.pending, meld), **changes)
        if isinstance(move, Open):
            total = len(self.pending) if self.doubles[seat] else self.pending_total
            table = self.table + tuple(TableMeld(seat, m) for m in self.pending)
            changes = {}
            if self.options.rising_threshold and len(self.hands[seat]) > 1:
                key = "doubles_threshold" if self.doubles[seat] else "threshold"
                changes[key] = max(total, getattr(self, key))
            return self._replace(
                history=history,
                table=table,
                pending=(),
                opened=_put(self.opened, seat, True),
                opened_now=True,
                **changes,
            )
        if isinstance(move, Cancel):
            back = tuple(c for m in self.pending for c in m.cards)
            hand = hand + back
            known = (*self.known[seat], *back)
            state = self._replace(
                history=history,
                pending=(),
                hands=_put(self.hands, seat, hand),
                known=_put(self.known, seat, known),
                cancelled=True,
            )
            taken = self.taken
            if taken is not None and not self.opened[seat] and not self.doubles[seat]:
                # T51-4.3: the taken card goes back; the player draws from the stock.
                rest = list(hand)
                rest.remove(taken)
                kept = list(known)
                kept.remove(taken)
                state = state._replace(
                    hands=_put(self.hands, seat, tuple(rest)),
                    known=_put(self.known, seat, tuple(kept)),
                    discard=(*self.discard, taken),
                    taken=None,
                    phase=Phase.DRAW,
                )
            return state
        if isinstance(move, LayOff):
            placed = self.table[move.target]
            meld = lay_off(placed.meld, move.card, RULES, end=move.side.value)
            table = _put(self.table, move.target, TableMeld(placed.owner, meld))
            return self._replace(history=history, table=table, **self._remove(seat, (move.card,)))
        if isinstance(move, Retrieve):
            placed = self.table[move.target]
            meld, joker = retrieve_joker(placed.meld, move.cards, RULES)
            table = _put(self.table, move.target, TableMeld(placed.owner, meld))
            changes = self._remove(seat, move.cards)
            hands = changes["hands"]
            hands = _put(hands, seat, (*hands[seat], joker))
            changes["hands"] = hands
            changes["known"] = _put(changes["known"], seat, (*changes["known"][seat], joker))
            return self._replace(history=history, table=table, **changes)
        assert isinstance(move, Discard)
        return self._discard(move.card, history)

    def _remove(self, seat: int, cards: Sequence[Card]) -> dict[str, Any]:
        hand = list(self.hands[seat])
        known = list(self.known[seat])
        for card in cards:
            hand.remove(card)
            if card in known:
                known.remove(card)
        return {
            "hands": _put(self.hands, seat, tuple(hand)),
            "known": _put(self.known, seat, tuple(known)),
        }

    def _discard(self, card: Card, history: tuple[Move, ...]) -> State:
        seat = self.turn
        changes = self._remove(seat, (card,))
        fines = self.fines
        if not changes["hands"][seat]:  # the last card: out (T51-8.1)
            state = self._replace(history=history, discard=(*self.discard, card), **changes)
            return state._end_deal(seat, at_once=self.opened_now, joker_last=card.is_joker)
        if self.table and self._fined(seat) and card in _table_fits(self.table):
            fines = _put(fines, seat, fines[seat] + FINE)  # T51-6.5
        return self._pass_turn(
            history=history, discard=(*self.discard, card), fines=fines, **changes
        )

    def _fined(self, seat: int) -> bool:
        rule = self.options.discard_penalty
        if rule == "off":
            return False
        if rule == "any":
            return True
        return self.opened[seat] == (rule == "opened")

    # ---- flow ------------------------------------------------------------------------

    def _pass_turn(self, **changes: Any) -> State:
        turns = self.turns + 1
        state = self._replace(
            turn=(self.turn + 1) % PLAYERS,  # anticlockwise = up the seat numbers (T51-1.3)
            phase=Phase.DRAW,
            taken=None,
            opened_now=False,
            cancelled=False,
            turns=turns,
            **changes,
        )
        if not state.stock or turns >= self.options.max_turns:
            return state._end_deal(None, at_once=False, joker_last=False)  # T51-8.7, 8.8
        return state

    def _end_deal(self, winner: int | None, *, at_once: bool, joker_last: bool) -> State:
        opts = self.options
        down = self.opened
        if winner is None and opts.stock_out == "void":
            charges = (0,) * PLAYERS
        else:
            charges = deal_penalties(
                hands=self.hands,
                winner=winner,
                opened=down,
                opened_with_doubles=self.doubles,
                finished_at_once=at_once,
                last_discard_joker=joker_last,
                cap=opts.penalty_cap,
            )
        result = DealResult(
            deal=self.deal,
            winner=winner,
            hands=self.hands,
            opened=down,
            doubles=self.doubles,
            at_once=at_once,
            joker_last=joker_last,
            charges=charges,
            fines=self.fines,
        )
        totals = tuple(t + c + f for t, c, f in zip(self.totals, charges, self.fines, strict=True))
        state = self._replace(totals=totals, last_deal=result)
        if opts.deals is not None and self.deal + 1 >= opts.deals:
            return state._replace(phase=Phase.OVER, taken=None, opened_now=False, cancelled=False)
        return _deal(state, self.deal + 1, (self.dealer + 1) % PLAYERS)

    # ---- views -----------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know: its hand, the table, the pile, sizes and totals."""
        seats_check(PLAYERS, seat)
        return View(
            seat=seat,
            options=self.options,
            deal=self.deal,
            dealer=self.dealer,
            turn=self.current_player,
            phase=self.phase,
            hand=self.hands[seat],
            hand_sizes=tuple(len(h) for h in self.hands),
            known=tuple(() if i == seat else k for i, k in enumerate(self.known)),
            discard=self.discard,
            stock_size=len(self.stock),
            table=self.table,
            pending=self.pending,
            opened=self.opened,
            doubles=self.doubles,
            threshold=self.threshold,
            doubles_threshold=self.doubles_threshold,
            taken=self.taken,
            fines=self.fines,
            totals=self.totals,
            last_deal=self.last_deal,
            history=self.history,
        )

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal the cards ``seat`` cannot see again (other hands' unknown cards, the stock)."""
        seats_check(PLAYERS, seat)
        hands, (stock,) = redeal_hidden(
            rng, self.hands, seat, known=self.known, piles=(self.stock,)
        )
        return self._replace(hands=hands, stock=stock, seed=rng.getrandbits(63))

    def _check(self) -> None:
        for name in ("hands", "opened", "doubles", "known", "fines", "totals"):
            if len(getattr(self, name)) != PLAYERS:
                raise InvalidStateError(f"{name} has {len(getattr(self, name))} seats, not 4")
        for seat in (self.turn, self.dealer):
            if not 0 <= seat < PLAYERS:
                raise InvalidStateError(f"seat {seat} does not exist")
        opts = self.options
        if self.threshold < opts.threshold or self.doubles_threshold < opts.min_doubles - 1:
            raise InvalidStateError("a threshold is below the one the game started with")
        if any(f < 0 or f % FINE for f in self.fines) or any(t < 0 for t in self.totals):
            raise InvalidStateError(f"fines {self.fines} or totals {self.totals} are impossible")
        if not 0 <= self.deal < (opts.deals or self.deal + 1):
            raise InvalidStateError(f"deal {self.deal} is outside the match")
        for i, known in enumerate(self.known):
            if Counter(known) - Counter(self.hands[i]):
                raise InvalidStateError(f"seat {i} is said to hold cards it does not hold")
        for placed in self.table:
            _recheck(placed.meld)
            if not 0 <= placed.owner < PLAYERS or not self.opened[placed.owner]:
                raise InvalidStateError(f"meld {placed.meld} has an owner who has not laid down")
        for meld in self.pending:
            _recheck(meld)
        if self.phase is Phase.OVER:
            return
        if self.pending and (self.phase is not Phase.PLAY or self.opened[self.turn]):
            raise InvalidStateError("an opening is in progress outside its player's turn")
        taken = self.taken
        if taken is not None and taken not in self.hands[self.turn]:
            laid = (c for m in (*self.pending, *(p.meld for p in self.table)) for c in m.cards)
            if self.phase is not Phase.PLAY or taken not in laid:
                raise InvalidStateError("the card just taken is not with the mover")
        for i, hand in enumerate(self.hands):
            if not hand and i != self.turn:
                raise InvalidStateError(f"seat {i} holds no card in a deal still going")


def _could_meld(card: Card, hand: tuple[Card, ...]) -> bool:
    """A quick necessary test: could ``card`` join cards of ``hand`` in some set or run?"""
    if card.is_joker:
        return True
    jokers = sum(1 for c in hand if c.is_joker)
    need = RULES.min_length - 1 - jokers  # other natural cards needed beside ``card``
    if need <= 0:
        return True
    suits = {c.suit for c in hand if c.rank == card.rank and not c.is_joker} - {card.suit}
    if len(suits) >= need:
        return True
    places = {int(c.rank) for c in hand if c.suit == card.suit and not c.is_joker}
    if 14 in places:
        places.add(1)
    mine = (1, 14) if card.rank == Rank.ACE else (int(card.rank),)
    length = RULES.min_length
    for place in mine:
        for start in range(place - length + 1, place + 1):
            window = set(range(start, start + length)) - {place}
            if len(window & places) >= need:
                return True
    return False


def _recheck(meld: Meld) -> None:
    try:
        again = check_meld(meld.cards, RULES, kind=meld.kind)
    except IllegalMeldError as exc:
        raise InvalidStateError(f"a meld on the table is no meld: {exc}") from None
    if again != meld:
        raise InvalidStateError(f"meld {meld} does not stand for what it says")


@functools.lru_cache(maxsize=4096)
def _fits(meld: Meld) -> tuple[tuple[Card, Side], ...]:
    """The cards (and jokers) that could be laid off on ``meld``, with the side."""
    return tuple((card, _SIDES[end]) for card, end in layoff_cards(meld, RULES))


def table_fits(table: Iterable[TableMeld]) -> frozenset[Card]:
    """Every card that could be laid off on some meld of ``table`` (T51-6.5).

    Raises:
        CardRulesError: ``table`` is not a sequence of :class:`TableMeld`.

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.games.turkish51.scoring import check_meld
        >>> fits = table_fits([TableMeld(0, check_meld(parse_cards("5c 6c 7c")))])
        >>> sorted(str(c) for c in fits)
        ['4c', '8c', 'Jk']
    """
    if isinstance(table, (str, bytes)) or not isinstance(table, Iterable):
        raise CardRulesError(f"a table is a sequence of TableMeld, got {table!r:.60}")
    melds = tuple(table)
    if not all(isinstance(p, TableMeld) and isinstance(p.meld, Meld) for p in melds):
        raise CardRulesError("a table is a sequence of TableMeld holding melds")
    return _table_fits(melds)


@functools.lru_cache(maxsize=1024)
def _table_fits(table: tuple[TableMeld, ...]) -> frozenset[Card]:
    return frozenset(card for placed in table for card, _ in _fits(placed.meld))


_SIDES = {"low": Side.LOW, "high": Side.HIGH}


def _double_moves(hand: tuple[Card, ...]) -> list[Move]:
    """Every double the hand can lay (T51-2.3, T51-2.6), keeping a card to discard."""
    if len(hand) <= 2:
        return []
    counts = Counter(hand)
    joker = counts.pop(JOKER, 0)
    out: list[Move] = []
    for card in sorted(counts, key=_key):
        if counts[card] >= 2:
            out.append(_TWINS[card])
        if joker:
            out.append(_WITH_JOKER[card])
    return out


_TWINS = {c: LayMeld(MeldKind.DOUBLE, (c, c)) for c in set(DECK.cards) if not c.is_joker}
_WITH_JOKER = {c: LayMeld(MeldKind.DOUBLE, (c, JOKER)) for c in set(DECK.cards) if not c.is_joker}


_put = replace_at


def _deal(state: State, number: int, dealer: int) -> State:
    """Deal deal ``number`` (T51-3): 14 each, an upcard, the first player to the right."""
    cards = list(DECK.cards)
    state.rng("deal", number).shuffle(cards)
    first = (dealer + 1) % PLAYERS
    hands: list[tuple[Card, ...]] = [()] * PLAYERS
    for k in range(PLAYERS):
        seat = (first + k) % PLAYERS
        size = HAND + 1 if k == 0 and state.options.first_gets_15 else HAND
        hands[seat] = tuple(cards[-size:])
        del cards[-size:]
    discard: tuple[Card, ...] = ()
    phase = Phase.DRAW
    if state.options.first_gets_15:
        phase = Phase.PLAY
    else:
        discard = (cards.pop(),)
    opts = state.options
    return state._replace(
        deal=number,
        dealer=dealer,
        turn=first,
        phase=phase,
        hands=tuple(hands),
        stock=tuple(cards),
        discard=discard,
        table=(),
        pending=(),
        opened=(False,) * PLAYERS,
        doubles=(False,) * PLAYERS,
        threshold=opts.threshold,
        doubles_threshold=opts.min_doubles - 1,
        taken=None,
        opened_now=False,
        cancelled=False,
        turns=0,
        known=((),) * PLAYERS,
        fines=(0,) * PLAYERS,
    )


@attrs.frozen
class Turkish51(Game[State, Options]):
    """Turkish 51 under fixed options.

    Examples:
        >>> game = Turkish51.create(deals=1)
        >>> state = game.new_game(seed=3)
        >>> rng = random.Random(0)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, rng))
        >>> state.last_deal.winner is not None or state.last_deal.winner is None
        True
    """

    NAME: ClassVar[str] = "turkish51"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Turkish 51: 106 cards, open above 51 (rising), doubles, 11 deals"
    HIGHER_IS_BETTER: ClassVar[bool] = False

    def _new_game(self, seed: int) -> State:
        blank = State(
            options=self.options,
            seed=seed,
            deal=0,
            dealer=0,
            turn=0,
            phase=Phase.DRAW,
            hands=((),) * PLAYERS,
            stock=(),
            discard=(),
            opened=(False,) * PLAYERS,
            doubles=(False,) * PLAYERS,
            threshold=self.options.threshold,
            doubles_threshold=self.options.min_doubles - 1,
            known=((),) * PLAYERS,
            fines=(0,) * PLAYERS,
            totals=(0,) * PLAYERS,
        )
        dealer = random.Random(f"{seed}/dealer").randrange(PLAYERS)  # T51-3.1
        return _deal(blank, 0, dealer)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """The greedy bot: see :func:`cardrules.games.turkish51.bot.greedy_move`."""
        from cardrules.games.turkish51.bot import greedy_move

        return greedy_move(state, rng)
