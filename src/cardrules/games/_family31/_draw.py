"""The draw-and-knock table of Thirty-One and No-Elimination Thirty-One.

A turn draws a card (from the stock or the discard pile) and discards one, or
knocks; after a knock everyone else has one last turn, and may pass. A hand of
31 ends the deal at once (Blitz), and so does an empty stock. The table does
all that once; a variant's state declares its fields and view and gives three
hooks: ``_value`` (a hand's value), ``_key`` (the showdown key), ``_trips``
(what three of a kind counts, 0 where it counts nothing special) and ``_settle``
(what a finished deal costs).

Examples:
    >>> from cardrules import games
    >>> state = games.create("thirty_one", players=2).new_game(seed=1)
    >>> [str(m) for m in state.legal_moves()]
    ['knock', 'draw stock', 'draw discard']
"""

from __future__ import annotations

import enum
import random
import typing
from collections.abc import Sequence
from typing import Any, ClassVar, Self

import attrs

from cardrules.cards import Card, format_cards
from cardrules.engine import (
    Game,
    Move,
    next_seat,
    replace_at,
    seeded_shuffle,
)
from cardrules.errors import InvalidStateError, OptionError
from cardrules.games._family31._books import check_taken, deal_order, next_turn
from cardrules.games._family31._moves import (
    _DISCARDS,
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK,
    PASS,
    Discard,
    Draw,
    Knock,
    Pass,
    Source,
)
from cardrules.games._family31._table import (
    Copiers,
    TokenTable,
    blank_state,
    check_known,
    check_tokens,
    drawn,
    out_seats,
    resample_stock,
    seat_columns,
)

__all__ = ["DrawGame", "DrawTable", "End", "Phase", "deal_draw", "describe_deal", "draw_picture"]


class Phase(enum.Enum):
    """What the player to move must do."""

    TURN = "turn"  # knock, draw or (after a knock) pass
    DISCARD = "discard"  # holds four cards
    OVER = "over"  # the game is over


class End(enum.Enum):
    """How a deal ended."""

    KNOCK = "knock"
    BLITZ = "blitz"
    STOCK_EXHAUSTED = "stock_exhausted"


@attrs.frozen(kw_only=True)
class DrawTable(TokenTable):
    """The state of a draw-and-knock game: a variant declares the fields
    (``deal``, ``dealer``, ``turn``, ``phase``, ``hands``, ``stock``, ``discard``,
    ``tokens``, ``alive``, ``knocker``, ``taken``, ``turns``, ``known``,
    ``last_deal``), ``VIEW`` and the hooks."""

    MOVES: ClassVar[tuple[type[Move], ...]] = (Knock, Draw, Discard, Pass)
    OVER: ClassVar[Phase] = Phase.OVER
    PILES: ClassVar[tuple[str, ...]] = ("stock", "discard")  # beside the hands
    CLAUSE: ClassVar[str] = "T31"  # the clauses the table's reasons cite

    if typing.TYPE_CHECKING:
        phase: Phase
        discard: tuple[Card, ...]
        taken: Card | None
        turns: int

    # ---- hooks a variant gives -------------------------------------------------------

    @staticmethod
    def _value(cards: Sequence[Card], trips: float) -> int | float:
        """The value of a three-card hand, three of a kind counting ``trips``."""
        raise NotImplementedError

    @staticmethod
    def _key(cards: Sequence[Card], trips: float) -> tuple[int | float, ...]:
        """The showdown key of a three-card hand; bigger is better."""
        raise NotImplementedError

    def _trips(self) -> float:
        """What three of a kind counts under these options (0: nothing special)."""
        raise NotImplementedError

    def _settle(
        self, end: End, blitzers: tuple[int, ...], values: tuple[int | float, ...], best: int | None
    ) -> Self:
        """The state with the finished deal settled (tokens or points, the result)."""
        raise NotImplementedError

    # ---- the table -------------------------------------------------------------------

    def _generate_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase is Phase.DISCARD:
            return _discards(self.hands[self.turn], self.taken)
        if phase is Phase.OVER:
            return ()
        return self._turn_moves(self.knocker, self.turns)

    def _turn_moves(self, knocker: int | None, turns: int) -> tuple[Move, ...]:
        """The moves of a turn before the draw, with ``knocker`` and ``turns`` (the
        stock and the players in as in this state): one shared tuple of each kind."""
        if knocker is not None:
            return _LAST_TURN if self.stock else _LAST_TURN_NO_STOCK
        if self.options.knock_first_round or turns >= sum(self.alive):
            return _MAY_KNOCK
        return _DRAW_ONLY

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now."""
        if self.phase is Phase.DISCARD:
            if isinstance(move, Discard):
                if move.card == self.taken:
                    return f"{move.card} was just taken from the discard pile (T31-4.4)"
                return f"{move.card} is not in the hand of seat {self.turn}"
            return f"seat {self.turn} holds four cards and must discard (T31-4.3)"
        if isinstance(move, Discard):
            return "a discard comes only after drawing (T31-4.3)"
        if isinstance(move, Knock):
            if self.knocker is not None:
                return f"seat {self.knocker} has already knocked (T31-5.1)"
            return "nobody may knock before every player has had a turn (T31-4.5)"
        if isinstance(move, Pass):
            return "passing is only allowed on the last turn after a knock (T31-5.1)"
        if isinstance(move, Draw) and move.source is Source.STOCK:
            return "the stock is empty (T31-5.4)"
        return super().explain(move)

    def _next(self, move: Move) -> Self:
        seat = self.turn
        if isinstance(move, Discard):
            out = move.card
            hand = tuple([c for c in self.hands[seat] if c != out])
            known = self.known
            if out in known[seat]:
                known = replace_at(known, seat, tuple([c for c in known[seat] if c != out]))
            hands = self.hands
            hands = (*hands[:seat], hand, *hands[seat + 1 :])  # replace_at, inline
            discard = (*self.discard, out)
            knocker = self.knocker
            nxt = next_turn(self.alive, seat, knocker)
            if knocker is None:
                # T31-3.1: 31 is one suit's ace and two tens: only a one-suit hand is valued
                a, b, c = hand
                if a[1] == b[1] == c[1] and self._value(hand, self._trips()) == 31:
                    end = End.BLITZ  # T31-5.3
                elif not self.stock:
                    end = End.STOCK_EXHAUSTED  # T31-5.4
                else:
                    end = None
            else:
                end = None if nxt is not None else End.KNOCK  # T31-5.2
            if end is None:  # the turn passes: one copy, with the next turn's moves
                turns = self.turns + 1
                legal = self._turn_moves(knocker, turns)
                return _DISCARDED[self.__class__](  # type: ignore[no-any-return]
                    self, hands, known, discard, None, Phase.TURN, nxt, turns, legal
                )
            state = _ENDED[self.__class__](self, hands, known, discard, None, Phase.TURN)
            return state._end_deal(end, blitzers=(seat,) if end is End.BLITZ else ())  # type: ignore[no-any-return]
        if isinstance(move, Draw):
            return drawn(self, move.source, Phase.DISCARD, _discards)  # listed in the copy
        if isinstance(move, Knock):
            nxt = next_turn(self.alive, seat, seat)
            if nxt is None:  # pragma: no cover  # two players are always in
                return self._replace(knocker=seat)._end_deal(End.KNOCK)
            turns = self.turns + 1
            legal = self._turn_moves(seat, turns)
            return _KNOCKED[self.__class__](self, seat, nxt, turns, legal)  # type: ignore[no-any-return]
        return self._pass_turn()  # Pass

    def _pass_turn(self) -> Self:
        nxt = next_turn(self.alive, self.turn, self.knocker)
        if nxt is None:
            return self._end_deal(End.KNOCK)  # T31-5.2
        turns = self.turns + 1
        legal = self._turn_moves(self.knocker, turns)
        return _PASSED[self.__class__](self, nxt, turns, legal)  # type: ignore[no-any-return]

    def _end_deal(self, end: End, blitzers: tuple[int, ...] = ()) -> Self:
        players = self.options.players
        value, trips = self._value, self._trips()
        values = tuple([value(h, trips) if h else 0 for h in self.hands])
        alive = self.alive
        live = [i for i in range(players) if alive[i]]
        best = None
        if end is not End.STOCK_EXHAUSTED:
            best = self._best_seat(live, values, trips)
        state = self._settle(end, blitzers, values, best)
        # ``self._next_deal(state, deal_draw, known=((),) * players, taken=None)``, inline:
        # the next deal clears ``known`` and ``taken`` too.
        limit = self.options.deals
        if sum(state.alive) <= 1 or (limit is not None and self.deal + 1 >= limit):
            return state._replace(phase=self.OVER, known=((),) * players, taken=None)
        return deal_draw(state, self.deal + 1, next_seat(state.alive, self.dealer))  # type: ignore[no-any-return]

    def _best_seat(self, live: list[int], values: tuple[int | float, ...], trips: float) -> int:
        """The seat with the best hand by T31-3.2, ties to the first after the dealer.

        ``values`` are the hands' values: a hand's key starts with its value, so
        only the hands of the highest value need their keys.
        """
        top = max([values[i] for i in live])
        tops = [i for i in live if values[i] == top]
        if len(tops) == 1:  # the one hand of the highest value: no keys needed
            return tops[0]
        hands, dealer = self.hands, self.dealer
        n = len(hands)
        order = sorted(live, key=lambda i: (i - dealer - 1) % n)
        key = self._key
        ranked = [(key(hands[i], trips), -k, i) for k, i in enumerate(order) if values[i] == top]
        return max(ranked)[2]

    # ---- views -----------------------------------------------------------------------

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Deal the cards ``seat`` cannot see again, and pick a new seed.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=3).new_game(seed=11)
            >>> other = state.resample(0, random.Random(1))
            >>> other.view(0) == state.view(0)
            True
        """
        return resample_stock(self, seat, rng)

    def _check(self) -> None:
        check_tokens(self, (self.turn, self.dealer, self.knocker))
        check_known(self)
        if self.phase is Phase.OVER:
            return
        want = 4 if self.phase is Phase.DISCARD else 3
        if not self.alive[self.turn] or len(self.hands[self.turn]) != want:
            raise InvalidStateError(f"seat {self.turn} cannot be to move in phase {self.phase}")
        for i, hand in enumerate(self.hands):
            size = len(hand)
            if i != self.turn and size != (3 if self.alive[i] else 0):
                raise InvalidStateError(f"seat {i} holds {size} cards")
        check_taken(self.taken, self.known[self.turn], self.phase is Phase.DISCARD)
        if not self.discard and self.phase is Phase.TURN:
            raise InvalidStateError("the discard pile is empty at the start of a turn")


# The fields a discard that passes the turn changes, and those a deal sets.
# (The copies that pass the turn carry the next turn's moves, ``_legal``.)
_DISCARDED = Copiers(("hands", "known", "discard", "taken", "phase", "turn", "turns", "_legal"))
_ENDED = Copiers(("hands", "known", "discard", "taken", "phase"))  # a discard that ends
_KNOCKED = Copiers(("knocker", "turn", "turns", "_legal"))
_PASSED = Copiers(("turn", "turns", "_legal"))


def _discards(hand: tuple[Card, ...], taken: Card | None) -> tuple[Move, ...]:
    """The discards of a hand of four, less the card just taken (T31-4.3, T31-4.4)."""
    listed = _DISCARDS
    return tuple([listed.get(c) or Discard(c) for c in hand if c != taken])


# The moves of a turn before the draw: after a knock (T31-5.1), with the stock or
# not (T31-5.4); when a knock is allowed (T31-4.5); else only a draw.
_LAST_TURN: tuple[Move, ...] = (DRAW_STOCK, DRAW_DISCARD, PASS)
_LAST_TURN_NO_STOCK: tuple[Move, ...] = (DRAW_DISCARD, PASS)
_MAY_KNOCK: tuple[Move, ...] = (KNOCK, DRAW_STOCK, DRAW_DISCARD)
_DRAW_ONLY: tuple[Move, ...] = (DRAW_STOCK, DRAW_DISCARD)
_DEALT = Copiers(
    ("deal", "dealer", "turn", "phase", "hands", "stock", "discard", "knocker", "taken", "turns")
    + ("known",)
)

# The state before the first deal, by state class and options (a random deal is this,
# the deal and a dozen moves: a copy is cheaper than a new state).
_BLANKS: dict[tuple[type, Any], Any] = {}


@attrs.frozen
class DrawGame(Game[Any, Any]):
    """A draw-and-knock game: its first deal, its transcript and its greedy player."""

    SEATS: ClassVar[dict[str, Any]] = {}  # per-seat fields a variant adds, with their start

    def _new_game(self, seed: int) -> Any:
        blank = _BLANKS.get((self.STATE, self.options))
        if blank is None:  # made once per state class and options, then copied
            seats = {"tokens": self.options.tokens, "alive": True, **self.SEATS}
            fields = {"dealer": 0, "phase": Phase.TURN, "stock": (), "discard": ()}
            blank = blank_state(self, 0, seats, **fields)
            _BLANKS[self.STATE, self.options] = blank
        return deal_draw(blank._replace(seed=seed), 0, 0)

    def narrate_deal(self, before: Any, after: Any) -> tuple[str, ...]:
        """Transcript lines: each deal's result, each new deal with the tokens, the winner.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one", players=2)
            >>> game.narrate(None, None, game.new_game(seed=1))[0]
            'deal 1: seat 0 deals; tokens [3, 3]'
        """
        lines: list[str] = []
        if before is not None and after.last_deal is not before.last_deal:
            lines.extend(describe_deal(after.last_deal))
        if before is None or (after.deal != before.deal and not after.is_terminal):
            lines.append(
                f"deal {after.deal + 1}: seat {after.dealer} deals; tokens {list(after.tokens)}"
            )
        if after.is_terminal:
            lines.append(f"game over: winner {', '.join(f'seat {w}' for w in after.winner)}")
        return tuple(lines)

    def greedy_move(self, state: Any, rng: random.Random) -> Move:
        """Knock at 27 or more, take a discard that helps, discard the least useful card.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one", players=2)
            >>> state = game.new_game(seed=5)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        moves = state.legal_moves()
        if not moves:
            raise OptionError("the game is over")
        hand = state.hands[state.turn]
        value, trips = state._value, state._trips()

        def worth(hand: tuple[Card, ...]) -> int | float:
            return value(hand, trips)  # type: ignore[no-any-return]

        if state.phase is Phase.DISCARD:
            options = [m for m in moves if isinstance(m, Discard)]
            return max(
                options,
                key=lambda m: (
                    worth(tuple(c for c in hand if c != m.card)),
                    -min(int(m.card.rank), 11),
                ),
            )
        now = worth(hand)
        if KNOCK in moves and now >= 27:
            return KNOCK
        top = state.discard[-1]
        with_top = max(worth(tuple(c for c in (*hand, top) if c != out)) for out in hand)
        if with_top > now:
            return DRAW_DISCARD
        if KNOCK in moves and now >= 22 and state.turns >= sum(state.alive):
            return KNOCK
        if DRAW_STOCK in moves:
            return DRAW_STOCK
        return PASS


def deal_draw(state: Any, number: int, dealer: int) -> Any:
    """Deal deal ``number`` (T31-2) and settle any Blitz dealt (T31-5.3)."""
    cards = seeded_shuffle(f"{state.seed}/deal/{number}", state.DECK.cards)  # shuffled(), faster
    players = state.options.players
    hands: list[tuple[Card, ...]] = [()] * players
    order = deal_order(state.alive, dealer)  # from the dealer's left
    for i in order:
        hands[i] = tuple(cards[-3:])  # a shuffled pack: three at once deals the same chances
        del cards[-3:]
    upcard = cards.pop()
    dealt = _DEALT[state.__class__](
        state,
        number,
        dealer,
        order[0],
        Phase.TURN,
        tuple(hands),
        tuple(cards),
        (upcard,),
        None,
        None,
        0,
        ((),) * players,
    )
    value, trips = dealt._value, dealt._trips()
    blitzers: tuple[int, ...] = ()  # T31-3.1: only a hand of one suit can be worth 31
    for i in order:
        hand = hands[i]
        if hand[0][1] == hand[1][1] == hand[2][1] and value(hand, trips) == 31:
            blitzers += (i,)
    return dealt._end_deal(End.BLITZ, blitzers) if blitzers else dealt


def describe_deal(result: Any) -> list[str]:
    """Transcript lines of a finished deal: how it ended, the hands, the tokens lost."""
    if result is None:
        return []
    how = {End.KNOCK: f"seat {result.knocker} knocked", End.BLITZ: "Blitz (31)"}
    lines = [f"  deal {result.deal + 1} ends: {how.get(result.end, 'stock ran out: a draw')}"]
    for seat, hand in enumerate(result.hands):
        if hand:
            lost = result.losses[seat]
            note = f", loses {lost} token{'s' * (lost > 1)}" if lost else ""
            lines.append(f"    seat {seat}: {format_cards(hand)} = {result.values[seat]}{note}")
    return lines


def draw_picture(title: str, view: Any, scores: dict[str, tuple[int, ...]], worth: Any) -> str:
    """The table's picture with the given score columns; ``worth(hand)`` values a hand."""
    # Imported here so that the picture stays one appended block of the module.
    from cardrules.render import card_text, count_text, frame, hand_line, pile_line, turn_line

    hand = view.hand
    mine = "your hand: none (out of the game)"
    if hand:
        best = max(worth(hand[:i] + hand[i + 1 :]) for i in range(len(hand)))
        mine = f"{hand_line(hand)}, worth {best if len(hand) == 4 else worth(hand)}"
    doing = "discard a card" if view.phase is Phase.DISCARD else "knock, draw or pass"
    return frame(
        f"{title}: deal {view.deal + 1}",
        seat_columns(view, scores, knocked=view.knocker, out=out_seats(view)),
        pile_line("discard", view.discard, top_only=len(view.discard) > 6),
        f"stock: {count_text(view.stock_size)}",
        mine,
        (
            f"you took {card_text(view.taken)} from the discard pile"
            if view.taken is not None
            else None
        ),
        turn_line(view.turn, view.seat, doing if view.turn == view.seat else ""),
    )
