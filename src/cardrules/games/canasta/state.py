"""The Canasta state: the deal, red threes, the turn, the pile, going out, the game
(CAN-2 to CAN-13). Which moves are legal is ``_legal``'s; what they do is here.

Examples:
    >>> from cardrules import games
    >>> state = games.create("canasta", deals=1).new_game(seed=3)
    >>> state.turn, [len(h) for h in state.hands], state.phase.value
    (0, [11, 11, 11, 11], 'draw')
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable
from typing import ClassVar

import attrs

from cardrules.cards import Card, Rank
from cardrules.decks import Deck
from cardrules.engine import (
    EMPTY_HISTORY,
    GameState,
    History,
    Move,
    make_view,
    redeal_hidden,
    replace_at,
    seats_check,
    shuffled,
)
from cardrules.errors import IllegalMeldError
from cardrules.games._rummy import TableMeld, old_set_layoff, remove_cards
from cardrules.games.canasta._legal import (
    WILDS,
    check_state,
    explain,
    legal_moves,
    meld_rank,
    side_table,
)
from cardrules.games.canasta._records import DealResult, Phase, View
from cardrules.games.canasta.moves import (
    REFUSE,
    Answer,
    Ask,
    Cancel,
    Discard,
    Draw,
    How,
    LayMeld,
    LayOff,
    Open,
    Refuse,
    TakePile,
)
from cardrules.games.canasta.scoring import (
    _RED_THREES,
    RULES,
    Options,
    card_points,
    is_red_three,
    minimum_count,
    pack,
    red_three_bonus,
)
from cardrules.melds import Meld, MeldKind, check_meld

__all__ = ["DealResult", "Phase", "State", "View", "deal", "is_canasta", "meld_bonus"]

_WILD_UPCARDS = (Rank.JOKER, Rank.TWO, Rank.THREE)


def is_canasta(meld: Meld) -> bool:
    """Seven or more cards, four or more natural (CAN-6.1)."""
    cards = meld.cards
    return len(cards) >= 7 and sum(1 for c in cards if c not in WILDS) >= 4


def meld_bonus(meld: Meld) -> int:
    """500 for a natural canasta, 300 for a mixed one, 0 for a meld (CAN-6.2, CAN-6.3)."""
    if not is_canasta(meld):
        return 0
    return 300 if any(RULES.is_wild(c) for c in meld.cards) else 500


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A Canasta game in progress. Side ``s`` is the seats ``k`` with ``k % 2 == s``;
    ``table`` melds are owned by a side; ``stock`` and ``pile`` have their tops last."""

    GAME: ClassVar[str] = "canasta"
    MOVES: ClassVar[tuple[type[Move], ...]] = (
        Draw, TakePile, LayMeld, LayOff, Open, Cancel, Ask, Answer, Discard, Refuse,
    )  # fmt: skip
    OVER: ClassVar[Phase] = Phase.OVER

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    known: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    stock: tuple[Card, ...] = ()
    pile: tuple[Card, ...] = ()
    frozen: bool = False
    table: tuple[TableMeld, ...] = ()
    pending: tuple[Meld, ...] = ()
    opened: tuple[bool, ...] = (False, False)
    red_threes: tuple[tuple[Card, ...], ...] = ((), ())
    totals: tuple[int, ...] = (0, 0)
    took_pile: bool = False
    drew: bool = False
    melded_now: bool = False
    added_old: bool = False
    asked: bool = False
    permission: int = 0  # 1: the partner said yes; -1: no (CAN-9.3)
    ending: bool = False  # a red three was drawn last (CAN-10.1's option)
    has_melded: tuple[bool, ...] = (False, False, False, False)
    turn_melds: int = 0  # melds on the table when this turn began (CAN-9.5)
    turns: int = 0
    winner: int | None = None
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move: the partner while answering; ``None`` once over."""
        if self.phase is Phase.OVER:
            return None
        return (self.turn + 2) % 4 if self.phase is Phase.ANSWER else self.turn

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's side total (CAN-12.2)."""
        return tuple(self.totals[self.side_of(s)] for s in range(self.options.players))

    @property
    def side(self) -> int:
        """The side of the seat whose turn it is."""
        return self.side_of(self.turn)

    def side_of(self, seat: int) -> int:
        """The side of ``seat``: its partnership (``seat % 2``) with four players, else its own."""
        return seat % 2 if self.options.players == 4 else seat

    def canastas(self, side: int) -> int:
        """How many canastas the side has (its melds in progress included)."""
        count = side_table(self.table, side)[2]
        if side == self.side and self.pending:
            count += sum(1 for m in self.pending if is_canasta(m))
        return count

    @property
    def minimum(self) -> int:
        """The minimum count of the side to play's initial meld (CAN-7.2)."""
        return minimum_count(self.totals[self.side])

    @property
    def pending_count(self) -> int:
        """The count of the initial meld in progress (CAN-7.3)."""
        return sum(card_points(c) for m in self.pending for c in m.cards)

    def deck(self) -> Deck:
        """The 108-card pack (CAN-1.2)."""
        return pack()

    def all_cards(self) -> Iterable[Card]:
        """Hands, stock, pile, melds (laid and in progress) and red threes."""
        cards = [c for hand in self.hands for c in hand]
        cards.extend(self.stock)
        cards.extend(self.pile)
        for placed in self.table:
            cards.extend(placed.meld.cards)
        for meld in self.pending:
            cards.extend(meld.cards)
        for reds in self.red_threes:
            cards.extend(reds)
        return cards

    def side_melds(self, side: int) -> tuple[tuple[int, Meld], ...]:
        """The side's melds on the table, with their places."""
        return tuple((i, t.meld) for i, t in enumerate(self.table) if t.owner == side)

    def has_canasta(self, side: int) -> bool:
        """Whether the side has the canastas it needs to go out (its melds in progress
        included): one, two in the two-player game (CAN-9.1, CAN-14.1)."""
        return self.canastas(side) >= self.options.canastas_to_go_out

    def _generate_moves(self) -> tuple[Move, ...]:
        return legal_moves(self)

    def _equal_listed(self, move: object) -> Move | None:
        """The listed move equal to ``move``; or ``move`` itself when it is a lay-off in
        the notation of older saves (``layoff 7h 2 high``), read as legal and never
        offered (``old_set_layoff``)."""
        found = super()._equal_listed(move)
        if found is None:
            found = old_set_layoff(move, self.legal_moves())
        return found

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now, naming the rule."""
        return explain(self, move) or GameState.explain(self, move)

    # ---- transitions ----------------------------------------------------------------

    def _next(self, move: Move) -> State:
        seat = self.turn
        kind = type(move)
        if kind is Draw:
            return self._draw()
        if kind is Discard:
            return self._discard(move.card)  # type: ignore[attr-defined]
        if kind is LayMeld:
            return self._meld(move.cards)  # type: ignore[attr-defined]
        if kind is LayOff:
            return self._lay_off(move.card, move.target)  # type: ignore[attr-defined]
        if kind is TakePile:
            return self._take(move.how)  # type: ignore[attr-defined]
        if kind is Open:
            return self._opened()
        if kind is Cancel:
            back = tuple(c for m in self.pending for c in m.cards)
            return self._replace(
                pending=(), hands=replace_at(self.hands, seat, self.hands[seat] + back)
            )
        if kind is Ask:
            return self._replace(phase=Phase.ANSWER, asked=True)
        if kind is Answer:
            after = Phase.PLAY if self.drew or self.took_pile else Phase.DRAW  # CAN-9.3
            return self._replace(phase=after, permission=1 if move.yes else -1)  # type: ignore[attr-defined]
        return self._end_deal(None)  # Refuse

    def _lay_red_threes(self, seat: int) -> State:
        """Red threes in ``seat``'s hand face up, each replaced from the stock (CAN-3.1,
        CAN-3.2); a red three drawn as the stock's last card ends play (CAN-10.1)."""
        state = self
        side = self.side_of(seat)
        while True:
            hand = state.hands[seat]
            reds = tuple(c for c in hand if c in _RED_THREES)
            if not reds:
                return state
            rest = tuple(c for c in hand if c not in _RED_THREES)
            take = min(len(reds), len(state.stock))
            drawn = state.stock[len(state.stock) - take :]
            state = state._replace(
                hands=replace_at(state.hands, seat, rest + drawn[::-1]),
                stock=state.stock[: len(state.stock) - take],
                red_threes=replace_at(state.red_threes, side, state.red_threes[side] + reds),
            )
            if take < len(reds):
                return state  # the stock ran out: the caller ends play

    def _draw(self) -> State:
        state = self._draw_one()
        if (
            self.options.draw_count == 2
            and state.phase is Phase.PLAY
            and state.stock
            and not state.ending
        ):
            state = state._draw_one()  # CAN-14.1: two cards in the two-player game
        return state

    def _draw_one(self) -> State:
        seat = self.turn
        card = self.stock[-1]
        state = self._replace(
            hands=replace_at(self.hands, seat, (*self.hands[seat], card)),
            stock=self.stock[:-1],
            phase=Phase.PLAY,
            drew=True,
        )
        if card not in _RED_THREES:
            return state
        state = state._lay_red_threes(seat)
        if len(state.hands[seat]) <= len(self.hands[seat]):  # a red three drawn last
            if self.options.meld_after_last_red_three:  # CAN-10.1, the option
                return state._replace(ending=True)
            return state._end_deal(None)
        return state

    def _take(self, how: How) -> State:
        seat, side = self.turn, self.side
        top = self.pile[-1]
        hand = list(self.hands[seat])
        used: list[Card] = []
        if how is How.PAIR:
            used = [c for c in sorted(hand) if c.rank is top.rank and not RULES.is_wild(c)][:2]
        elif how in (How.DEUCE, How.JOKER):
            natural = next(c for c in sorted(hand) if c.rank is top.rank)
            wild = next(
                c for c in sorted(hand) if (c.is_joker if how is How.JOKER else c.rank is Rank.TWO)
            )
            used = [natural, wild]
        hands, known = remove_cards(self.hands, self.known, seat, tuple(used))
        state = self._replace(hands=hands, known=known)
        cards = (top, *used)
        mine = [i for i, m in state.side_melds(side) if m.faces and meld_rank(m.cards) is top.rank]
        if mine:
            index = mine[0]
            placed = state.table[index]
            merged = _set(placed.meld.cards + cards)
            state = state._replace(table=replace_at(state.table, index, TableMeld(side, merged)))
            if index < self.turn_melds:
                state = state._replace(added_old=True)
        elif not state.opened[side]:
            state = state._replace(pending=(*state.pending, _set(cards)))
        else:
            state = state._replace(table=(*state.table, TableMeld(side, _set(cards))))
        rest = self.pile[:-1]
        reds = tuple(c for c in rest if c in _RED_THREES)  # CAN-3.3: no replacement
        gained = tuple(c for c in rest if c not in _RED_THREES)
        state = state._replace(
            hands=replace_at(state.hands, seat, state.hands[seat] + gained),
            known=replace_at(state.known, seat, state.known[seat] + gained),
            pile=(),
            frozen=False,
            red_threes=replace_at(state.red_threes, side, state.red_threes[side] + reds),
            phase=Phase.PLAY,
            took_pile=True,
            melded_now=True,
        )
        if not state.opened[side]:
            state = state._opened()
        if not state.hands[seat]:  # the take emptied the hand: going out (CAN-9.1)
            return state._end_deal(seat)
        return state

    def _meld(self, cards: tuple[Card, ...]) -> State:
        seat, side = self.turn, self.side
        hands, known = remove_cards(self.hands, self.known, seat, cards)
        meld = _set(cards)
        if self.opened[side]:
            table, pending = (*self.table, TableMeld(side, meld)), self.pending
        else:
            table, pending = self.table, (*self.pending, meld)
        state = self._replace(
            hands=hands, known=known, melded_now=True, table=table, pending=pending
        )
        return state._after_meld()

    def _lay_off(self, card: Card, target: int) -> State:
        seat, side = self.turn, self.side
        hands, known = remove_cards(self.hands, self.known, seat, (card,))
        placed = self.table[target]
        merged = _set((*placed.meld.cards, card))
        state = self._replace(
            hands=hands,
            known=known,
            table=replace_at(self.table, target, TableMeld(side, merged)),
            melded_now=True,
            added_old=self.added_old or target < self.turn_melds,
        )
        return state._after_meld()

    def _after_meld(self) -> State:
        """Going out by melding the last card (CAN-9.1, CAN-9.2)."""
        if self.hands[self.turn]:
            return self
        state = self._opened() if self.pending else self
        return state._end_deal(self.turn)

    def _opened(self) -> State:
        side = self.side
        return self._replace(
            table=self.table + tuple(TableMeld(side, m) for m in self.pending),
            pending=(),
            opened=replace_at(self.opened, side, True),
        )

    def _discard(self, card: Card) -> State:
        seat = self.turn
        hands, known = remove_cards(self.hands, self.known, seat, (card,))
        freezes = card in WILDS or (card.rank is Rank.THREE and self.options.black_three_freezes)
        pile, frozen = (*self.pile, card), self.frozen or freezes
        if not hands[seat]:
            state = self._replace(hands=hands, known=known, pile=pile, frozen=frozen)
            return state._end_deal(seat)  # CAN-9.1
        melded = self.has_melded
        if self.melded_now:
            melded = replace_at(melded, seat, True)
        return self._start_turn(
            (seat + 1) % self.options.players,
            hands=hands, known=known, pile=pile, frozen=frozen, has_melded=melded,
        )  # fmt: skip

    def _start_turn(self, seat: int, **changes: object) -> State:
        """A new turn (CAN-4.1), with ``changes`` of the turn that ended in the same copy:
        flags reset; play ends on an empty stock and a pile the player cannot take
        (CAN-10.2), or past the turn limit (CAN-12.3)."""
        state = self._replace(
            turn=seat, phase=Phase.DRAW, took_pile=False, drew=False, melded_now=False,
            added_old=False, asked=False, permission=0, ending=False, turns=self.turns + 1,
            turn_melds=len(self.table), **changes,
        )  # fmt: skip
        if state.turns >= self.options.max_turns:
            return state._end_deal(None)
        if not state.stock and state.legal_moves() == (REFUSE,):
            return state._end_deal(None)  # CAN-10.2: he cannot take the discard
        return state

    # ---- the end of a deal ----------------------------------------------------------

    def _end_deal(self, out: int | None) -> State:
        """Score the deal (CAN-11) and deal again, or end the game (CAN-12)."""
        state = self._opened() if self.pending and out is not None else self
        concealed = out is not None and state._concealed(out)
        sides = self.options.sides
        base = [0] * sides
        points = [0] * sides
        for side in range(sides):
            melds = [m for _, m in state.side_melds(side)]
            base[side] = sum(meld_bonus(m) for m in melds) + red_three_bonus(
                len(state.red_threes[side]), melded=state.opened[side]
            )
            if out is not None and self.side_of(out) == side:
                base[side] += 100 + (100 if concealed else 0)
            points[side] = sum(card_points(c) for m in melds for c in m.cards) - sum(
                card_points(c)
                for s in range(self.options.players)
                if self.side_of(s) == side
                for c in state.hands[s]
            )
        scores = tuple(b + p for b, p in zip(base, points, strict=True))
        totals = tuple(t + d for t, d in zip(self.totals, scores, strict=True))
        result = DealResult(
            deal=self.deal, base=tuple(base), points=tuple(points),
            scores=scores, totals=totals, went_out=out, concealed=concealed,
            hands=state.hands,
        )  # fmt: skip
        state = state._replace(totals=totals, last_deal=result, pending=())
        target = self.options.target
        done = self.options.deals is not None and self.deal + 1 >= self.options.deals
        top = max(totals)
        lead = totals.index(top) if totals.count(top) == 1 else None
        if top >= target and lead is not None:  # CAN-12.1
            return state._replace(phase=Phase.OVER, winner=lead)
        if done:
            return state._replace(phase=Phase.OVER, winner=lead)
        return deal(state, self.deal + 1, (self.dealer + 1) % self.options.players)

    def _concealed(self, seat: int) -> bool:
        """Going out concealed (CAN-9.5): no meld in an earlier turn, nothing added this
        turn to a meld laid before it, a canasta among the melds laid this turn."""
        if self.has_melded[seat] or self.added_old:
            return False
        return any(is_canasta(t.meld) for t in self.table[self.turn_melds :])

    # ---- views and checks -----------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know (CAN-13).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("canasta").new_game(seed=1)
            >>> view = state.view(2)
            >>> view.hand == state.hands[2], view.hand_sizes, view.stock_size == len(state.stock)
            (True, (11, 11, 11, 11), True)
        """
        if self.options.players != 4:
            return make_view(View, self, seat)
        per_seat = (0, 1, 0, 1)  # a partnership's fields shown for each of its seats
        return make_view(
            View,
            self,
            seat,
            totals=tuple(self.totals[s] for s in per_seat),
            opened=tuple(self.opened[s] for s in per_seat),
            red_threes=tuple(self.red_threes[s] for s in per_seat),
        )

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal again what ``seat`` cannot see: the other hands (their known cards kept)
        and the stock.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("canasta").new_game(seed=1)
            >>> state.resample(0, random.Random(2)).view(0) == state.view(0)
            True
        """
        seats_check(self.options.players, seat)
        if not isinstance(rng, random.Random):
            hands, _ = redeal_hidden(rng, self.hands, seat)  # refuses a bad rng
        pool: list[Card] = list(self.stock)
        keep: list[tuple[Card, ...]] = []
        for i, hand in enumerate(self.hands):
            held = self.known[i] if i != seat else hand
            pool.extend((Counter(hand) - Counter(held)).elements())
            keep.append(held)
        rng.shuffle(pool)
        plain = [c for c in pool if not is_red_three(c)]  # a red three never stays in a hand
        reds = [c for c in pool if is_red_three(c)]
        hands = []
        for i, hand in enumerate(self.hands):
            need = len(hand) - len(keep[i])
            hands.append(keep[i] + tuple(plain[:need]))
            del plain[:need]
        stock = plain + reds
        rng.shuffle(stock)
        return self._replace(hands=tuple(hands), stock=tuple(stock), seed=rng.getrandbits(63))

    def _check(self) -> None:
        check_state(self)


@functools.lru_cache(maxsize=4096)
def _set(cards: tuple[Card, ...]) -> Meld:
    try:
        return check_meld(cards, RULES, kind=MeldKind.SET)
    except IllegalMeldError:  # black threes (not a meld of the shared rules' naturals)
        return Meld(kind=MeldKind.SET, cards=tuple(sorted(cards)), faces=tuple(sorted(cards)))


def deal(state: State, number: int, dealer: int) -> State:
    """Deal ``number``: 11 cards each from the dealer's left, one at a time (CAN-2.2); the
    upcard, turned again while a joker, deuce or three (CAN-2.3); red threes laid and
    replaced (CAN-3.1); the player to the dealer's left to play (CAN-4.1)."""
    cards = shuffled(state, pack().cards, "deal", number)
    players = state.options.players
    dealt = players * state.options.hand_size
    hands: list[list[Card]] = [[] for _ in range(players)]
    for k in range(dealt):
        hands[(dealer + 1 + k) % players].append(cards[k])
    stock = cards[dealt:]
    pile: list[Card] = []
    frozen = False
    while True:
        up = stock.pop()
        pile.append(up)
        if RULES.is_wild(up) or is_red_three(up):
            frozen = True  # CAN-8.2
        elif up.rank is Rank.THREE and state.options.black_three_freezes:
            frozen = True  # CAN-8.2: a black three turned up, as the text says
        if up.rank not in _WILD_UPCARDS:
            break
    out = state._replace(
        deal=number, dealer=dealer, turn=(dealer + 1) % players, phase=Phase.DRAW,
        hands=tuple(tuple(h) for h in hands), known=((),) * players, stock=tuple(stock),
        pile=tuple(pile), frozen=frozen, table=(), pending=(),
        opened=(False,) * state.options.sides, red_threes=((),) * state.options.sides,
        took_pile=False, drew=False, melded_now=False, added_old=False,
        asked=False, permission=0, ending=False, has_melded=(False,) * players, turns=0,
        turn_melds=0,
    )  # fmt: skip
    for k in range(players):  # CAN-3.1 (Decision: laid at the deal, in turn order)
        out = out._lay_red_threes((dealer + 1 + k) % players)
    return out
