"""The two-handed Pinochle state: tricks, melds, the dix, the playoff, the match (PIN-2 to PIN-9).

Examples:
    >>> from cardrules import games
    >>> state = games.create("pinochle", deals=1).new_game(seed=3)
    >>> state.turn, len(state.hands[0]), len(state.stock), state.trump_card is not None
    (1, 12, 23, True)
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from cardrules import tricks
from cardrules.cards import Card, Suit
from cardrules.decks import Deck
from cardrules.engine import (
    EMPTY_HISTORY,
    GameState,
    GameView,
    History,
    Move,
    fields_copier,
    make_view,
    redeal_hidden,
    replace_at,
    seats_check,
    shuffled,
)
from cardrules.errors import InvalidStateError
from cardrules.games.pinochle.moves import (
    DECLARE,
    DIX,
    DRAW,
    EXCHANGE,
    Declare,
    Dix,
    Draw,
    Exchange,
    Meld,
    Play,
)
from cardrules.games.pinochle.scoring import (
    HAND_SIZE,
    LAST_TRICK,
    MeldKind,
    Options,
    TableCard,
    arrange,
    dix_rank,
    meld_kind,
    pack,
    possible_melds,
    round_count,
    trick_points,
    trick_rules,
)

__all__ = ["DealResult", "Phase", "State", "View", "deal"]


class Phase(enum.Enum):
    """What the game is doing."""

    PLAY = "play"  # a card to a trick
    MELD = "meld"  # the winner of a stock trick melds, then both draw
    OVER = "over"


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of one deal: counts, meld points, totals after it (PIN-7)."""

    deal: int
    counts: tuple[int, int]
    rounded: tuple[int, int]
    melds: tuple[int, int]
    totals: tuple[int, int]
    last_trick: int

    def describe(self) -> tuple[str, ...]:
        """Transcript lines for the deal."""
        head = f"  deal {self.deal + 1} ends: seat {self.last_trick} takes the last trick"
        return (head,) + tuple(
            f"    seat {s}: melds {self.melds[s]}, tricks {self.counts[s]} counting "
            f"{self.rounded[s]}, total {self.totals[s]}"
            for s in (0, 1)
        )


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (PIN-9)."""

    seat: int
    options: Options
    deal: int
    dealer: int
    turn: int | None
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    tables: tuple[tuple[TableCard, ...], ...]
    stock_size: int
    trump: Suit
    trump_card: Card | None
    leader: int
    trick: tuple[Card, ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    melds: tuple[int, int]
    dix_counted: tuple[int, int]
    melded: bool
    totals: tuple[int, int]
    target: int
    winner: int | None
    last_deal: DealResult | None
    history: History


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A two-handed Pinochle match in progress.

    ``hands`` hold the cards in the hands, ``tables`` the melded cards on the table
    (playable as if held, PIN-4.8); ``stock`` is drawn from its end.
    """

    GAME: ClassVar[str] = "pinochle"
    MOVES: ClassVar[tuple[type[Move], ...]] = (Play, Meld, Dix, Exchange, Draw, Declare)
    OVER: ClassVar[Phase] = Phase.OVER

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    known: tuple[tuple[Card, ...], ...] = ((), ())
    tables: tuple[tuple[TableCard, ...], ...] = ((), ())
    stock: tuple[Card, ...] = ()
    trump: Suit = Suit.CLUBS
    trump_card: Card | None = None
    leader: int = 0
    trick: tuple[Card, ...] = ()
    won: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    melds: tuple[int, int] = (0, 0)
    dix_counted: tuple[int, int] = (0, 0)
    melded: bool = False
    totals: tuple[int, int] = (0, 0)
    target: int = 1000
    winner: int | None = None
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's match total (PIN-8.5)."""
        return self.totals

    @property
    def playoff(self) -> bool:
        """Whether the stock is gone and the hands are being played out (PIN-6)."""
        return not self.stock and self.trump_card is None

    def deck(self) -> Deck:
        """The 48-card pack, or the 64-card one (PIN-1.2)."""
        return pack(self.options.pack)

    def all_cards(self) -> Iterable[Card]:
        """Hands, melds on the table, the stock, the trump card, the trick and tricks won."""
        cards = [c for hand in self.hands for c in hand]
        cards.extend(t.card for table in self.tables for t in table)
        cards.extend(self.stock)
        if self.trump_card is not None:
            cards.append(self.trump_card)
        cards.extend(self.trick)
        cards.extend(self.won[0])
        cards.extend(self.won[1])
        return cards

    def rules(self) -> tricks.TrickRules:
        """The trick rules in force now (PIN-3.2, PIN-6.4)."""
        opts = self.options
        key = (self.trump, self.playoff, opts.pack, opts.playoff_must_win)
        rules = _RULES.get(key)
        if rules is None:
            rules = _RULES[key] = trick_rules(key[0], playoff=key[1], size=key[2], must_win=key[3])
        return rules

    def held(self, seat: int) -> tuple[Card, ...]:
        """Every card ``seat`` may play: its hand and its melds on the table (PIN-4.8)."""
        return self.hands[seat] + tuple(t.card for t in self.tables[seat])

    def _match(self) -> bool:
        return self.options.deals != 1

    def _dix(self) -> Card:
        return _DIXES[self.options.pack, self.trump]

    def _generate_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase is Phase.OVER:
            return ()
        out: list[Move] = []
        seat = self.turn
        if phase is Phase.PLAY:
            held = self.held(seat)
            if self.stock or self.trump_card is not None:  # any card before the playoff (PIN-3.2)
                out.extend([_PLAYS[c] for c in sorted(set(held))])
            else:
                playable = tricks.legal_plays(held, self.trick, self.rules())
                out.extend([_PLAYS[c] for c in sorted(playable)])
        else:
            return self._meld_phase_moves(self._meld_moves(seat))
        if self._match():
            out.append(DECLARE)
        return tuple(out)

    def _meld_phase_moves(self, melds: list[Move]) -> tuple[Move, ...]:
        """The meld phase's moves: the melds, the dix moves, then draw (and declare out)."""
        return (*melds, DRAW, DECLARE) if self._match() else (*melds, DRAW)

    def _meld_moves(self, seat: int) -> list[Move]:
        out: list[Move] = []
        if not self.melded:
            at_once = self.options.double_pinochle_at_once
            found = possible_melds(self.hands[seat], self.tables[seat], self.trump, at_once=at_once)
            listed = _MELDS  # the meld moves, made once a shape
            out.extend(listed.get(m) or listed.setdefault(m, Meld(m)) for _, m in found)
        dixes = self.hands[seat].count(self._dix())
        if dixes > self.dix_counted[seat]:
            out.append(DIX)
        if dixes and self.trump_card is not None and self.trump_card != self._dix():
            out.append(EXCHANGE)
        return out

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now, naming the rule."""
        if isinstance(move, Declare):
            return "declaring out is for a match to a target, not a single deal (PIN-8.3)"
        if self.phase is Phase.PLAY:
            if isinstance(move, (Meld, Dix, Exchange)):
                return "only a trick's winner melds, after the trick and before the draw (PIN-4.1)"
            if isinstance(move, Draw):
                return "both players draw after a trick is won and melded (PIN-3.5)"
            if isinstance(move, Play):
                if move.card not in self.held(self.turn):
                    return f"seat {self.turn} holds no {move.card}"
                if self.playoff:
                    return (
                        "in the playoff a player follows suit, beats a trump lead and trumps"
                        " when void, if he can (PIN-6.4)"
                    )
        elif self.phase is Phase.MELD:
            if isinstance(move, Play):
                return "the trick's winner melds or draws before the next lead (PIN-3.5)"
            if isinstance(move, Meld):
                return self._explain_meld(move)
            if isinstance(move, Dix):
                return "a dix counts once, by showing one held and not yet counted (PIN-5.1)"
            if isinstance(move, Exchange):
                return (
                    "the trump card is exchanged for a dix held, once, and not when it is"
                    " itself a dix (PIN-5.3, PIN-5.4)"
                )
        return super().explain(move)

    def _explain_meld(self, move: Meld) -> str:
        if self.melded:
            return "only one meld may be made in a turn (PIN-4.5)"
        try:
            kind = meld_kind(move.cards, self.trump)
        except Exception as exc:  # an IllegalMeldError or a malformed field
            return str(exc)
        seat = self.turn
        at_once = self.options.double_pinochle_at_once and kind is MeldKind.DOUBLE_PINOCHLE
        found = arrange(kind, move.cards, self.hands[seat], self.tables[seat], at_once=at_once)
        if isinstance(found, str):
            if at_once and "neither" in found:
                return "the double pinochle scores only with all four cards from the hand (PIN-4.9)"
            return found
        return super().explain(move)

    # ---- transitions ----------------------------------------------------------------

    def _next(self, move: Move) -> State:
        kind = type(move)
        if kind is Play:
            return self._play(move.card)  # type: ignore[attr-defined]
        if kind is Draw:
            return self._draw()
        if kind is Declare:
            return self._declare()
        if kind is Meld:
            return self._meld(move.cards)  # type: ignore[attr-defined]
        if kind is Dix:
            return self._show_dix()
        return self._exchange()

    def _show_dix(self) -> State:
        """Count a dix (PIN-5.1): shown, so it is known to be held."""
        seat = self.turn
        counted = self.dix_counted[seat] + 1
        dix = self._dix()  # shown: known to be held, one copy a dix counted
        known = self.known[seat] + (dix,) * max(0, counted - self.known[seat].count(dix))
        state = self._score(seat, 10)._replace(
            dix_counted=replace_at(self.dix_counted, seat, counted),
            known=replace_at(self.known, seat, known),
        )
        return state._settle()

    def _score(self, seat: int, points: int) -> State:
        return self._replace(
            melds=replace_at(self.melds, seat, self.melds[seat] + points),
            totals=replace_at(self.totals, seat, self.totals[seat] + points),
        )

    def _play(self, card: Card) -> State:
        seat = self.turn
        hands, known, tables = self.hands, self.known, self.tables
        counted: tuple[int, ...] = self.dix_counted
        table = tables[seat]
        index = next((i for i, t in enumerate(table) if t.card == card), None) if table else None
        if index is not None:  # PIN-4.8: a melded copy is played before a held one
            tables = replace_at(tables, seat, table[:index] + table[index + 1 :])
        else:
            hand = list(hands[seat])
            hand.remove(card)
            if card == self._dix():  # the counted copy goes first (the player keeps the other)
                counted = replace_at(counted, seat, max(0, counted[seat] - 1))
            hands = replace_at(hands, seat, tuple(hand))
            known = replace_at(known, seat, _within(known[seat], hand))
        trick = (*self.trick, card)
        if len(trick) < 2:
            return _LED(self, hands, known, tables, counted, trick, 1 - seat)  # type: ignore[no-any-return]
        winner = (self.leader + tricks.winning_index(trick, self.rules())) % 2  # PIN-3.3, PIN-3.4
        won = replace_at(self.won, winner, self.won[winner] + trick)
        if self.playoff:
            state: State = _WON(self, hands, known, tables, counted, (), won, winner, winner)
            return state if hands[0] or hands[1] else state._end_deal(winner)
        state = _MELD(
            self, hands, known, tables, counted, (), won, winner, winner, Phase.MELD, False
        )
        return state._settle()

    def _settle(self) -> State:
        """In the meld phase with nothing left to do but draw, draw at once."""
        if self.phase is Phase.MELD:
            melds = self._meld_moves(self.turn)
            if not melds:
                return self._draw()
            legal = self._meld_phase_moves(melds)
            object.__setattr__(self, "_legal", legal)  # the legal moves, built once
        return self

    def _meld(self, cards: tuple[Card, ...]) -> State:
        seat = self.turn
        kind = meld_kind(cards, self.trump)
        at_once = self.options.double_pinochle_at_once and kind is MeldKind.DOUBLE_PINOCHLE
        found = arrange(kind, cards, self.hands[seat], self.tables[seat], at_once=at_once)
        assert isinstance(found, tuple)  # the move is legal
        used, from_hand = found
        table = list(self.tables[seat])
        for i in used:
            table[i] = table[i].melded(kind)
        table.extend(TableCard(c).melded(kind) for c in from_hand)
        hand = list(self.hands[seat])
        for card in from_hand:
            hand.remove(card)
        dixes = hand.count(self._dix())
        state = self._replace(
            hands=replace_at(self.hands, seat, tuple(hand)),
            known=replace_at(self.known, seat, _within(self.known[seat], hand)),
            tables=replace_at(self.tables, seat, tuple(table)),
            melded=True,
            dix_counted=replace_at(self.dix_counted, seat, min(self.dix_counted[seat], dixes)),
        )
        return state._score(seat, kind.points)._settle()

    def _exchange(self) -> State:
        seat = self.turn
        dix = self._dix()
        old = self.trump_card
        assert old is not None
        hand = list(self.hands[seat])
        hand.remove(dix)
        hand.append(old)
        counted = self.dix_counted[seat]
        state = self
        if self.hands[seat].count(dix) > counted and self.options.exchange_scores:
            state = state._score(seat, 10)  # PIN-5.3: the exchange counts this dix
        else:  # a counted dix (or, without the option, any) goes: keep the other to show
            counted = max(0, counted - 1)
        return state._replace(
            hands=replace_at(self.hands, seat, tuple(hand)),
            known=replace_at(self.known, seat, _within(self.known[seat] + (old,), hand)),
            trump_card=dix,
            dix_counted=replace_at(self.dix_counted, seat, counted),
        )._settle()

    def _draw(self) -> State:
        """Both draw, the winner first (PIN-3.5); the last stock card and the trump card
        start the playoff (PIN-6.2, PIN-6.3)."""
        winner = self.turn
        loser = 1 - winner
        stock = self.stock
        if len(stock) > 1:
            drawn = replace_at(self.hands, winner, self.hands[winner] + (stock[-1],))
            drawn = replace_at(drawn, loser, drawn[loser] + (stock[-2],))
            return self._replace(hands=drawn, stock=stock[:-2], phase=Phase.PLAY, melded=False)
        last, trump_card = stock[-1], self.trump_card
        assert trump_card is not None
        hands: list[tuple[Card, ...]] = list(self.hands)
        known: list[tuple[Card, ...]] = list(self.known)
        hands[winner] += (last,)
        known[winner] += (last,)
        hands[loser] += (trump_card,)
        known[loser] += (trump_card,)
        for seat in (0, 1):  # PIN-6.3: the melds go back into the hands, known to all
            back = tuple(t.card for t in self.tables[seat])
            hands[seat] += back
            known[seat] += back
        return self._replace(
            hands=tuple(hands),
            known=tuple(known),
            tables=((), ()),
            stock=(),
            trump_card=None,
            phase=Phase.PLAY,
            melded=False,
            dix_counted=(0, 0),
        )

    def _end_deal(self, last: int) -> State:
        """Count the tricks (PIN-7.2, PIN-7.3), then the match (PIN-8)."""
        counts = [trick_points(self.won[s]) + (LAST_TRICK if s == last else 0) for s in (0, 1)]
        rounded = (round_count(counts[0]), round_count(counts[1]))
        totals = (self.totals[0] + rounded[0], self.totals[1] + rounded[1])
        result = DealResult(
            deal=self.deal,
            counts=(counts[0], counts[1]),
            rounded=rounded,
            melds=self.melds,
            totals=totals,
            last_trick=last,
        )
        state = self._replace(totals=totals, last_deal=result)
        options = self.options
        target = self.target
        if options.deals is None or options.deals > 1:
            while totals[0] >= target and totals[1] >= target:  # PIN-8.2
                target += 250
            state = state._replace(target=target)
            reached = [s for s in (0, 1) if totals[s] >= target]
            if len(reached) == 1:  # PIN-8.1
                return state._replace(phase=Phase.OVER, winner=reached[0])
        if options.deals is not None and self.deal + 1 >= options.deals:  # PIN-7.4, PIN-8.4
            lead = None if totals[0] == totals[1] else int(totals[1] > totals[0])
            return state._replace(phase=Phase.OVER, winner=lead)
        return deal(state, self.deal + 1, 1 - self.dealer)

    def _declare(self) -> State:
        """Declare out (PIN-8.3): the declarer's tricks counted now; he wins if at the target."""
        seat = self.turn
        count = round_count(trick_points(self.won[seat]))
        totals = replace_at(self.totals, seat, self.totals[seat] + count)
        winner = seat if totals[seat] >= self.target else 1 - seat
        loser = 1 - winner
        if totals[loser] >= totals[winner]:  # PIN-8.5: the winner's score is the higher
            totals = replace_at(totals, loser, totals[winner] - 10)
        return self._replace(totals=totals, phase=Phase.OVER, winner=winner)

    # ---- views and checks -----------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know (PIN-9).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("pinochle").new_game(seed=1)
            >>> view = state.view(0)
            >>> view.hand == state.hands[0], view.hand_sizes, view.stock_size
            (True, (12, 12), 23)
        """
        return make_view(View, self, seat)

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal again what ``seat`` cannot see: the other hand (but its known cards) and
        the stock, in the same sizes.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("pinochle").new_game(seed=1)
            >>> state.resample(0, random.Random(2)).view(0) == state.view(0)
            True
        """
        seats_check(2, seat)
        hands, (stock,) = redeal_hidden(
            rng, self.hands, seat, known=self.known, piles=(self.stock,)
        )
        return self._replace(hands=hands, stock=stock, seed=rng.getrandbits(63))

    def _check(self) -> None:
        if len(self.hands) != 2 or len(self.tables) != 2 or len(self.known) != 2:
            raise InvalidStateError("two-handed Pinochle has two hands, two tables")
        for seat in (self.turn, self.dealer, self.leader):
            if seat not in (0, 1):
                raise InvalidStateError(f"seat {seat} does not exist with two players")
        for seat in (0, 1):
            if Counter(self.known[seat]) - Counter(self.hands[seat]):
                raise InvalidStateError(f"seat {seat}'s known cards are not in its hand")
            if self.dix_counted[seat] > self.hands[seat].count(self._dix()):
                raise InvalidStateError(f"seat {seat} counted more dixes than it holds")
        if self.phase is Phase.OVER:
            return
        if self.winner is not None:
            raise InvalidStateError("a winner before the match is over")
        if len(self.trick) > 1 or (self.phase is Phase.MELD and self.trick):
            raise InvalidStateError("a trick of more than one card is left on the table")
        if self.turn != (self.leader + len(self.trick)) % 2:
            raise InvalidStateError(f"seat {self.turn} is not the seat to play")
        if self.trump_card is not None and self.trump_card.suit is not self.trump:
            raise InvalidStateError("the trump card is not of the trump suit")
        if self.playoff and (self.tables[0] or self.tables[1] or self.phase is not Phase.PLAY):
            raise InvalidStateError("melds lie on the table in the playoff")
        held = [len(self.held(s)) for s in (0, 1)]
        first = (self.leader + len(self.trick)) % 2
        if self.phase is Phase.PLAY and self.trick:
            held[1 - first] += 1
        if self.phase is Phase.MELD:
            if self.stock and len(self.stock) % 2 == 0:
                raise InvalidStateError("the stock has an even number of cards before a draw")
            if held[0] != held[1] or held[0] != HAND_SIZE - 1:
                raise InvalidStateError("hands hold the wrong number of cards after a trick")
        elif held[0] != held[1] or (not self.playoff and held[0] != HAND_SIZE):
            raise InvalidStateError("hands hold the wrong number of cards")
        if self.target < self.options.target or (self.target - self.options.target) % 250:
            raise InvalidStateError(f"the target {self.target} is not a target of this match")


_DIXES = {(size, s): Card(dix_rank(size), s) for size in (48, 64) for s in Suit}
_PLAYS = {c: Play(c) for c in pack(64).cards}
_RULES: dict[tuple[Suit, bool, int, bool], tricks.TrickRules] = {}  # trick_rules, kept
_MELDS: dict[tuple[Card, ...], Meld] = {}


# Positional copies (fields_copier): a lead, a trick won (in the playoff, and before the
# meld phase), a deal.
_PLAYED = ("hands", "known", "tables", "dix_counted", "trick")
_LED: Any = fields_copier(State, (*_PLAYED, "turn"))
_WON: Any = fields_copier(State, (*_PLAYED, "won", "turn", "leader"))
_MELD: Any = fields_copier(State, (*_PLAYED, "won", "turn", "leader", "phase", "melded"))
_DEALT: Any = fields_copier(State, (
    "deal", "dealer", "turn", "leader", "phase", "hands", "known", "tables", "stock", "trump",
    "trump_card", "trick", "won", "melds", "dix_counted", "melded",
))  # fmt: skip


def _within(known: tuple[Card, ...], hand: list[Card]) -> tuple[Card, ...]:
    """The known cards still in ``hand``: a card played leaves the known ones first."""
    if not known:
        return known
    left = Counter(hand)
    out = []
    for card in known:
        if left[card] > 0:
            left[card] -= 1
            out.append(card)
    return tuple(out)


def deal(state: State, number: int, dealer: int) -> State:
    """Deal ``number``: 12 cards each from the non-dealer, four at a time; the trump
    card; the stock (PIN-2). A dix turned scores the dealer 10 (PIN-2.3)."""
    size = state.options.pack
    cards = shuffled(state, pack(size).cards, "deal", number)
    hands: list[list[Card]] = [[], []]
    first = 1 - dealer
    for k in range(2 * HAND_SIZE // 4):
        hands[(first + k) % 2].extend(cards[4 * k : 4 * k + 4])
    trump_card = cards[2 * HAND_SIZE]
    stock = tuple(cards[2 * HAND_SIZE + 1 :])
    out: State = _DEALT(
        state, number, dealer, first, first, Phase.PLAY, (tuple(hands[0]), tuple(hands[1])),
        ((), ()), ((), ()), stock, trump_card.suit, trump_card, (), ((), ()), (0, 0), (0, 0), False,
    )  # fmt: skip
    if trump_card.rank is dix_rank(size):
        out = out._score(dealer, 10)
    return out
