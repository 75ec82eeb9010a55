"""The widow-exchange table of Schwimmen and Stop the Bus.

The dealer keeps his hand or takes the widow; then each turn exchanges one card
or all three with the face-up widow, passes, or knocks (with or without an
exchange). When everyone passes in a row the widow is put aside and a new one
dealt; a special hand ends the deal at once; after a knock everyone else has
one last turn; the lowest hands lose tokens. The table does all that once; a
variant's state declares its fields and view and gives three hooks:
``hand_order`` (the showdown key), ``special`` (a hand that ends the deal) and
``showdown_losers``; its game gives ``keep_worthy`` and ``knock_worthy``.

Examples:
    >>> from cardrules import games
    >>> state = games.create("schwimmen", players=3, deals=1).new_game(seed=4)
    >>> " / ".join(str(m) for m in state.legal_moves())
    'keep / takewidow'
"""

from __future__ import annotations

import enum
import random
import typing
from collections.abc import Sequence
from typing import Any, ClassVar, Self

import attrs

from cardrules.cards import Card
from cardrules.decks import standard
from cardrules.engine import (
    Move,
    make_view,
    next_seat,
    redeal_hidden,
    replace_at,
    seat_lines,
    seats_check,
    seeded_shuffle,
)
from cardrules.errors import InvalidStateError
from cardrules.games._family31._books import deal_order, lose_tokens, next_turn
from cardrules.games._family31._table import (
    Copiers,
    TokenTable,
    check_known,
    check_tokens,
    exchange,
)

__all__ = [
    "DealResult",
    "End",
    "Exchange",
    "ExchangeAll",
    "ExchangeAllKnock",
    "ExchangeKnock",
    "Keep",
    "Knock",
    "Pass",
    "Phase",
    "TakeWidow",
    "WidowTable",
    "deal_widow",
]

HAND_SIZE = 3
_FULL = standard()

# --------------------------------------------------------------------------- moves


@attrs.frozen
class Keep(Move):
    """The dealer keeps the hand he was dealt (SCH-2.3)."""

    NAME: ClassVar[str] = "keep"


@attrs.frozen
class TakeWidow(Move):
    """The dealer trades his hand for the unseen widow (SCH-2.3)."""

    NAME: ClassVar[str] = "takewidow"


@attrs.frozen
class Exchange(Move):
    """Give one card of the hand to the widow and take one widow card (SCH-4.2)."""

    NAME: ClassVar[str] = "exchange"
    give: Card
    take: Card


@attrs.frozen
class ExchangeAll(Move):
    """Trade the whole hand for the whole widow (SCH-4.2)."""

    NAME: ClassVar[str] = "exchangeall"


@attrs.frozen
class ExchangeKnock(Move):
    """Exchange one card as `Exchange`, then knock to end the turn (SCH-5.1)."""

    NAME: ClassVar[str] = "exchangeknock"
    give: Card
    take: Card


@attrs.frozen
class ExchangeAllKnock(Move):
    """Trade the whole hand for the widow, then knock to end the turn (SCH-5.1)."""

    NAME: ClassVar[str] = "exchangeallknock"


@attrs.frozen
class Pass(Move):
    """Exchange nothing this turn (SCH-4.3)."""

    NAME: ClassVar[str] = "pass"


@attrs.frozen
class Knock(Move):
    """Knock without exchanging: every other player gets one last turn (SCH-5.1)."""

    NAME: ClassVar[str] = "knock"


KEEP = Keep()
TAKE_WIDOW = TakeWidow()
EXCHANGE_ALL = ExchangeAll()
EXCHANGE_ALL_KNOCK = ExchangeAllKnock()
PASS = Pass()
KNOCK = Knock()
# Every exchange of the 52-card pack, made once: legal_moves() only looks them up.
_EXCHANGES: dict[Card, dict[Card, Exchange]] = {
    give: {take: Exchange(give, take) for take in _FULL.cards} for give in _FULL.cards
}
_EXCHANGE_KNOCKS: dict[Card, dict[Card, ExchangeKnock]] = {
    give: {take: ExchangeKnock(give, take) for take in _FULL.cards} for give in _FULL.cards
}


# The fields an exchange that passes the turn changes, and those a deal sets.
# (The copies that pass the turn carry the next turn's moves, ``_legal``.)
_EXCHANGED = Copiers(("hands", "widow", "known", "passes", "knocker", "turn", "_legal"))
_ENDED = Copiers(("hands", "widow", "known", "passes", "knocker"))  # an exchange that ends
_SETTLED_OVER = Copiers(("tokens", "alive", "last_deal", "phase", "known"))  # the game ends
_PASSED = Copiers(("passes", "turn", "_legal"))
_CHOSEN = Copiers(
    ("phase", "hands", "widow", "turn", "_legal")
)  # the dealer kept or took the widow
_KNOCKED = Copiers(("knocker", "passes", "turn", "_legal"))
_DEALT = Copiers(
    ("deal", "dealer", "turn", "phase", "hands", "widow", "stock", "dead", "knocker", "passes")
    + ("known",)
)
_SETTLED_DEALT = Copiers(  # a deal settled and the next dealt (``_DEALT``'s fields)
    ("tokens", "alive", "last_deal", "deal", "dealer", "turn", "phase", "hands", "widow")
    + ("stock", "dead", "knocker", "passes", "known")
)

# --------------------------------------------------------------------------- state


class Phase(enum.Enum):
    """What the player to move must do."""

    CHOOSE = "choose"  # the dealer keeps his hand or takes the widow
    TURN = "turn"  # exchange, pass or knock
    OVER = "over"  # the game is over


class End(enum.Enum):
    """How a deal ended."""

    KNOCK = "knock"
    THIRTY_ONE = "thirty_one"
    THREE_ACES = "three_aces"
    DRAW = "draw"


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of a finished deal: hands shown, tokens lost.

    ``caller`` is the seat whose special hand ended the deal; ``void`` says
    that the showdown decided nothing, so nobody lost a token: the players
    still in all tied for the lowest hand and would all have dropped out
    (SCH-7.3), or, in Stop the Bus, the best hand was tied (STB-5.3).
    """

    deal: int
    end: End
    hands: tuple[tuple[Card, ...], ...]
    knocker: int | None
    caller: int | None
    losses: tuple[int, ...]
    void: bool = False

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: how the deal ended, the hands shown, the tokens lost."""
        how = {
            End.KNOCK: f"seat {self.knocker} knocked",
            End.THIRTY_ONE: f"seat {self.caller} holds 31",
            End.THREE_ACES: f"seat {self.caller} holds three aces",
        }.get(self.end, "a draw")
        lines = [f"  deal {self.deal + 1} ends: {how}"]
        lines += seat_lines(self.hands, tokens_lost=self.losses)
        if self.void:
            lines.append("    every player still in ties for lowest: nobody loses a token")
        return tuple(lines)


@attrs.frozen(kw_only=True)
class WidowTable(TokenTable):
    """The state of a widow-exchange game: a variant declares the fields (``deal``,
    ``dealer``, ``turn``, ``phase``, ``hands``, ``widow``, ``stock``, ``dead``,
    ``tokens``, ``alive``, ``knocker``, ``passes``, ``known``, ``last_deal``),
    ``VIEW`` and the hooks."""

    MOVES: ClassVar[tuple[type[Move], ...]] = (
        Keep,
        TakeWidow,
        Exchange,
        ExchangeAll,
        Pass,
        Knock,
        ExchangeKnock,
        ExchangeAllKnock,
    )
    OVER: ClassVar[Phase] = Phase.OVER  # the game is over (SCH-7.2, SCH-8.1)
    PILES: ClassVar[tuple[str, ...]] = ("widow", "stock", "dead")  # beside the hands

    if typing.TYPE_CHECKING:
        phase: Phase
        widow: tuple[Card, ...]
        dead: tuple[Card, ...]
        passes: int

    # ---- hooks a variant gives -------------------------------------------------------

    def hand_order(self, hand: tuple[Card, ...]) -> tuple[int, ...]:
        """The showdown key of a hand under these rules; bigger is better."""
        raise NotImplementedError

    def special(self, hand: tuple[Card, ...]) -> End | None:
        """The special hand that ends the deal at once, if ``hand`` is one."""
        raise NotImplementedError

    def showdown_losers(self, live: Sequence[int]) -> tuple[tuple[int, ...], bool]:
        """Who loses a token at the showdown of the seats ``live``, and whether the
        deal is void."""
        raise NotImplementedError

    # ---- the table -------------------------------------------------------------------

    def _generate_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase is Phase.TURN:
            return self._turn_moves(self.hands[self.turn], self.widow, self.knocker)
        if phase is Phase.CHOOSE:
            return (KEEP, TAKE_WIDOW)
        return ()

    def _turn_moves(
        self, hand: tuple[Card, ...], widow: tuple[Card, ...], knocker: int | None
    ) -> tuple[Move, ...]:
        """The moves of a turn of ``hand`` with ``widow`` face up and ``knocker`` (the
        options as in this state); the copies that pass the turn carry them."""
        a, b, c = widow
        g, h, i = hand  # no generators: this runs on every turn
        x, y, z = _EXCHANGES[g], _EXCHANGES[h], _EXCHANGES[i]
        options = self.options
        passing = options.passing
        if knocker is not None:  # SCH-5.1: the last turns after a knock
            if passing:
                return (
                    PASS,
                    EXCHANGE_ALL,
                    x[a],
                    x[b],
                    x[c],
                    y[a],
                    y[b],
                    y[c],
                    z[a],
                    z[b],
                    z[c],
                )
            return (EXCHANGE_ALL, x[a], x[b], x[c], y[a], y[b], y[c], z[a], z[b], z[c])
        if not options.knock_after_exchange:
            if passing:
                return (
                    KNOCK,
                    PASS,
                    EXCHANGE_ALL,
                    x[a],
                    x[b],
                    x[c],
                    y[a],
                    y[b],
                    y[c],
                    z[a],
                    z[b],
                    z[c],
                )
            # SCH-4.6: a knock is the whole turn
            return (KNOCK, EXCHANGE_ALL, x[a], x[b], x[c], y[a], y[b], y[c], z[a], z[b], z[c])
        swaps = (x[a], x[b], x[c], y[a], y[b], y[c], z[a], z[b], z[c])
        p, q, r = _EXCHANGE_KNOCKS[g], _EXCHANGE_KNOCKS[h], _EXCHANGE_KNOCKS[i]
        knocks = (p[a], p[b], p[c], q[a], q[b], q[c], r[a], r[b], r[c])
        if not passing:  # SCH-4.6: no pass, so no knock without an exchange
            return (EXCHANGE_ALL, *swaps, EXCHANGE_ALL_KNOCK, *knocks)
        return (KNOCK, PASS, EXCHANGE_ALL, *swaps, EXCHANGE_ALL_KNOCK, *knocks)

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now."""
        if self.phase is Phase.CHOOSE:
            return f"the dealer (seat {self.dealer}) must first keep his hand or take the widow"
        if isinstance(move, (Keep, TakeWidow)):
            return "only the dealer chooses, once, before the first turn (SCH-2.3)"
        knocks = isinstance(move, (Knock, ExchangeKnock, ExchangeAllKnock))
        if knocks and self.knocker is not None:
            return f"seat {self.knocker} has already knocked (SCH-5.1)"
        if knocks and not isinstance(move, Knock) and not self.options.knock_after_exchange:
            return "knocking ends a turn without an exchange here (knock_after_exchange=False)"
        if isinstance(move, (Pass, Knock)) and not self.options.passing:
            return (
                "every turn exchanges one card or three here: no passing (passing=False, SCH-4.6)"
            )
        if isinstance(move, (Exchange, ExchangeKnock)):
            if move.give not in self.hands[self.turn]:
                return f"{move.give} is not in the hand of seat {self.turn}"
            return f"{move.take} is not in the widow"
        return super().explain(move)

    def _next(self, move: Move) -> Self:
        seat = self.turn
        cls = move.__class__
        if cls is Exchange or cls is ExchangeKnock or isinstance(move, (Exchange, ExchangeKnock)):
            hand, widow, known = exchange(
                self.hands[seat],
                self.widow,
                self.known[seat],
                move.give,  # type: ignore[attr-defined]
                move.take,  # type: ignore[attr-defined]
            )
            return self._exchanged(hand, widow, known, isinstance(move, ExchangeKnock))
        if isinstance(move, (ExchangeAll, ExchangeAllKnock)):
            knock = isinstance(move, ExchangeAllKnock)
            return self._exchanged(self.widow, self.hands[seat], self.widow, knock)
        if isinstance(move, Pass):
            passes = self.passes + 1
            if passes < sum(self.alive):
                nxt = next_turn(self.alive, seat, self.knocker)
                if nxt is not None:  # the turn passes on: one positional copy
                    legal = self._turn_moves(self.hands[nxt], self.widow, self.knocker)
                    return _PASSED[self.__class__](self, passes, nxt, legal)  # type: ignore[no-any-return]
                return self._pass_turn(passes=passes)
            if len(self.stock) < HAND_SIZE:  # SCH-4.5
                return self._replace(passes=passes)._end_deal(End.DRAW)
            return self._pass_turn(  # SCH-4.4
                passes=0,
                dead=(*self.dead, *self.widow),
                widow=self.stock[-HAND_SIZE:],
                stock=self.stock[:-HAND_SIZE],
            )
        if isinstance(move, Knock):
            nxt = next_turn(self.alive, seat, seat)
            if nxt is not None:
                legal = self._turn_moves(self.hands[nxt], self.widow, seat)
                return _KNOCKED[self.__class__](self, seat, 0, nxt, legal)  # type: ignore[no-any-return]
            return self._pass_turn(knocker=seat, passes=0)
        hands, widow = self.hands, self.widow
        if isinstance(move, TakeWidow):
            hands, widow = replace_at(hands, seat, widow), hands[seat]
        turn = next_seat(self.alive, seat)
        legal = self._turn_moves(hands[turn], widow, self.knocker)
        state = _CHOSEN[self.__class__](self, Phase.TURN, hands, widow, turn, legal)
        special = state.special
        first = None  # SCH-5.4: special hands dealt, three aces before 31, each in deal order
        for i in deal_order(self.alive, self.dealer):
            end = special(hands[i])
            if end is End.THREE_ACES:
                return state._end_deal(end, caller=i)  # type: ignore[no-any-return]
            if end is End.THIRTY_ONE and first is None:
                first = i
        if first is not None:
            return state._end_deal(End.THIRTY_ONE, caller=first)  # type: ignore[no-any-return]
        return state  # type: ignore[no-any-return]

    # ---- rules helpers -------------------------------------------------------------

    def _exchanged(
        self,
        hand: tuple[Card, ...],
        widow: tuple[Card, ...],
        known: tuple[Card, ...],
        knock: bool,
    ) -> Self:
        """Apply an exchange; a special hand ends the deal before any knock
        counts (SCH-5.3), else a knock made with it takes effect (SCH-5.1)."""
        seat = self.turn
        hands, known_all = self.hands, self.known
        hands = (*hands[:seat], hand, *hands[seat + 1 :])  # replace_at, inline
        known_all = (*known_all[:seat], known, *known_all[seat + 1 :])
        end = self.special(hand)
        if end is not None:  # SCH-5.3
            changed = _ENDED[self.__class__](self, hands, widow, known_all, 0, self.knocker)
            return changed._end_deal(end, caller=seat)  # type: ignore[no-any-return]
        knocker = seat if knock else self.knocker
        nxt = next_turn(self.alive, seat, knocker)
        if nxt is None:  # SCH-5.2
            changed = _ENDED[self.__class__](self, hands, widow, known_all, 0, knocker)
            return changed._end_deal(End.KNOCK)  # type: ignore[no-any-return]
        legal = self._turn_moves(hands[nxt], widow, knocker)
        return _EXCHANGED[self.__class__](  # type: ignore[no-any-return]
            self, hands, widow, known_all, 0, knocker, nxt, legal
        )

    def _pass_turn(self, **changes: Any) -> Self:
        """Apply ``changes`` and give the turn on, or show hands after a knock."""
        knocker = changes.get("knocker", self.knocker)
        nxt = next_turn(self.alive, self.turn, knocker)
        if nxt is None:
            return self._replace(**changes)._end_deal(End.KNOCK)  # SCH-5.2
        return self._replace(turn=nxt, **changes)

    def _end_deal(self, end: End, caller: int | None = None) -> Self:
        players = self.options.players
        flags = self.alive
        live = [i for i in range(players) if flags[i]]
        losers: tuple[int, ...] = ()
        void = False
        if end is End.THREE_ACES:
            losers = tuple([i for i in live if i != caller])  # SCH-6.1
        elif end is not End.DRAW:
            losers, void = self.showdown_losers(live)  # SCH-6.2 to SCH-6.4
        losses = tuple([1 if i in losers else 0 for i in range(players)])
        tokens, alive = lose_tokens(self.tokens, flags, losses)
        if not self.options.swimming:  # SCH-7.4: the last token lost, out at once
            alive = tuple([a and t > 0 for a, t in zip(alive, tokens, strict=True)])
        if not any(alive):  # SCH-7.3: the last players all tied lowest; play again
            losses, tokens, alive, void = (0,) * players, self.tokens, self.alive, True
        result = DealResult(
            deal=self.deal,
            end=end,
            hands=self.hands,
            knocker=self.knocker,
            caller=caller,
            losses=losses,
            void=void,
        )
        # ``self._next_deal(state, deal_widow, known=self.hands)`` inline (all shown at the
        # end): the settlement and the next deal (``deal_widow``) in one positional copy
        limit = self.options.deals
        if sum(alive) <= 1 or (limit is not None and self.deal + 1 >= limit):
            return _SETTLED_OVER[self.__class__](  # type: ignore[no-any-return]
                self, tokens, alive, result, self.OVER, self.hands
            )
        number, dealer = self.deal + 1, next_seat(alive, self.dealer)
        return _SETTLED_DEALT[self.__class__](  # type: ignore[no-any-return]
            self, tokens, alive, result, *_dealt(self, number, dealer, alive)
        )

    # ---- views ---------------------------------------------------------------------

    def view(self, seat: int) -> Any:
        """What ``seat`` may know (SCH-8.4)."""
        return make_view(
            self.VIEW, self, seat, widow=() if self.phase is Phase.CHOOSE else self.widow
        )

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Deal the cards ``seat`` cannot see again, and pick a new seed."""
        seats_check(self.options.players, seat)
        hidden = self.phase is Phase.CHOOSE  # the widow is face down until the choice
        piles: tuple[tuple[Card, ...], ...] = (self.stock, self.widow) if hidden else (self.stock,)
        hands, dealt = redeal_hidden(rng, self.hands, seat, known=self.known, piles=piles)
        return self._replace(
            hands=hands,
            stock=dealt[0],
            widow=dealt[1] if hidden else self.widow,
            seed=rng.getrandbits(63),
        )

    def _check(self) -> None:
        check_tokens(self, (self.turn, self.dealer, self.knocker))
        if len(self.widow) != HAND_SIZE:
            raise InvalidStateError(f"the widow holds {len(self.widow)} cards, not 3")
        check_known(self)
        if self.phase is Phase.OVER:
            return
        for i, hand in enumerate(self.hands):
            if len(hand) != (HAND_SIZE if self.alive[i] else 0):
                raise InvalidStateError(f"seat {i} holds {len(hand)} cards")
        if not self.alive[self.turn] or not 0 <= self.passes < sum(self.alive):
            raise InvalidStateError(f"seat {self.turn} cannot be to move after {self.passes}")
        if self.phase is Phase.CHOOSE and (self.turn != self.dealer or self.knocker is not None):
            raise InvalidStateError("only the dealer chooses, before anyone has played")


def _knock_with(move: Move) -> Move:
    """The exchange ``move`` made with a knock (SCH-5.1)."""
    if isinstance(move, Exchange):
        return _EXCHANGE_KNOCKS[move.give][move.take]
    return EXCHANGE_ALL_KNOCK


def deal_widow(state: Any, number: int, dealer: int) -> Any:
    """Deal deal ``number`` (SCH-2.1, SCH-2.2): three cards each and a widow."""
    return _DEALT[state.__class__](state, *_dealt(state, number, dealer, state.alive))


def _dealt(state: Any, number: int, dealer: int, alive: tuple[bool, ...]) -> tuple[Any, ...]:
    """The values of ``_DEALT``'s fields for deal ``number`` to the seats ``alive``."""
    # ``shuffled(state, state.deck().cards, "deal", number)``: the same seed text
    cards = seeded_shuffle(f"{state.seed}/deal/{number}", state.deck().cards)
    players = state.options.players
    hands: list[tuple[Card, ...]] = [()] * players
    for i in deal_order(alive, dealer):
        hands[i] = tuple(cards[-HAND_SIZE:])  # a shuffled pack: three at once is as fair
        del cards[-HAND_SIZE:]
    widow = tuple(cards[-HAND_SIZE:])
    del cards[-HAND_SIZE:]
    return (
        number,
        dealer,
        dealer,
        Phase.CHOOSE,
        tuple(hands),
        widow,
        tuple(cards),
        (),
        None,
        0,
        ((),) * players,
    )
