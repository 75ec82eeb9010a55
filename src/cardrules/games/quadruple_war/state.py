"""The Quadruple War state: the deal, bidding, play, scoring and the game (QW-2 to QW-9).

Examples:
    >>> from cardrules import games
    >>> state = games.create("quadruple_war", deals=1).new_game(seed=3)
    >>> state.dealer, state.turn, [len(h) for h in state.hands], len(state.legal_moves())
    (3, 0, [13, 13, 13, 13], 13)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from cardrules import tricks
from cardrules.cards import Card, Suit, format_cards
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
from cardrules.games._trick_table import deal_around_voids, voids_shown
from cardrules.games.quadruple_war._ending import game_over, settle, sides
from cardrules.games.quadruple_war._moves import (
    BIDS,
    BLIND_NIL,
    NIL,
    PLAYS,
    Bid,
    BlindNil,
    Nil,
    Pass,
    Play,
)
from cardrules.games.quadruple_war.scoring import RULES, Options, pack

__all__ = ["NOT_BID", "DealResult", "Phase", "State", "View", "render", "sides"]

NOT_BID = -1
"""The entry of ``bids`` for a player who has not bid yet (0 is nil)."""
BLIND_NIL_GAP = 100
"""How far behind a player (or side) must be to bid blind nil (QW-7.2)."""


class Phase(enum.Enum):
    """What the game is doing."""

    BIDDING = "bidding"
    PLAY = "play"
    OVER = "over"


def _bid_text(bid: int, blind: bool) -> str:
    if bid == NOT_BID:
        return "-"
    if bid == 0:
        return "blind nil" if blind else "nil"
    return str(bid)


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of one deal: bids, tricks won, points and bags.

    Examples:
        >>> import random
        >>> from cardrules import games
        >>> game = games.create("quadruple_war", deals=1)
        >>> state = game.new_game(seed=2)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> result = state.last_deal
        >>> sum(result.won), result.points == state.totals
        (13, True)
    """

    deal: int
    dealer: int
    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    won: tuple[int, ...]
    points: tuple[int, ...]
    bags: tuple[int, ...]

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: each seat's bid, tricks won and points (QW-6)."""
        lines = [
            f"  deal {self.deal + 1} ends: dealer seat {self.dealer}, tricks won {list(self.won)}"
        ]
        for seat, bid in enumerate(self.bids):
            lines.append(
                f"    seat {seat}: bid {_bid_text(bid, self.blind[seat])}, won "
                f"{self.won[seat]}, scores {self.points[seat]}; bags {self.bags[seat]}"
            )
        return tuple(lines)


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (QW-10.1)."""

    seat: int
    options: Options
    deal: int
    dealer: int
    turn: int | None
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    leader: int
    trick: tuple[Card, ...]
    played: tuple[Card, ...]
    won: tuple[int, ...]
    broken: bool
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    last_deal: DealResult | None
    history: History


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A game of Quadruple War in progress.

    ``bids`` holds each seat's bid (``NOT_BID`` before it bids, 0 for nil),
    ``won`` the tricks each seat has won in this deal, ``played`` the cards of the
    finished tricks, ``broken`` whether spades are broken (QW-5.4); ``totals`` and
    ``bags`` are per seat (partners share theirs, QW-8.1).

    Examples:
        >>> from cardrules import games
        >>> state = games.create("quadruple_war", players=3).new_game(seed=1)
        >>> state.dealer, state.turn, [len(h) for h in state.hands]
        (0, 1, [18, 18, 18])
    """

    GAME: ClassVar[str] = "quadruple_war"
    MOVES: ClassVar[tuple[type[Move], ...]] = (Bid, Nil, BlindNil, Pass, Play)
    OVER: ClassVar[Phase] = Phase.OVER

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    leader: int = 0
    trick: tuple[Card, ...] = ()
    played: tuple[Card, ...] = ()
    won: tuple[int, ...]
    broken: bool = False
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move, ``None`` once the game is over."""
        return None if self.phase is Phase.OVER else self.turn

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (QW-9)."""
        return self.phase is _OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total (its side's, in the partnership game) (QW-9.1)."""
        return self.totals

    def deck(self) -> Deck:
        """The pack for these options (QW-1.2, QW-1.5)."""
        return pack(self.options.players, jokers=self.options.jokers)

    def all_cards(self) -> Iterable[Card]:
        """The hands, the trick on the table and the cards of the finished tricks."""
        for hand in self.hands:
            yield from hand
        yield from self.trick
        yield from self.played

    def _generate_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase is Phase.PLAY:  # tricks.legal_plays under RULES, unrolled (a test checks)
            return _plays(self.hands[self.turn], self.trick, self.broken)
        if phase is Phase.OVER:
            return ()
        return self._bids(self.turn)

    def _bids(self, seat: int) -> tuple[Move, ...]:
        """The bids ``seat`` may make (QW-3.3, QW-7), the totals as in this state."""
        options = self.options
        key = (options.tricks, options.nil, options.blind_nil and self.may_bid_blind(seat))
        moves = _BIDDING.get(key)
        if moves is None:
            extra = (NIL,) * key[1] + (BLIND_NIL,) * key[2]
            moves = _BIDDING[key] = (*BIDS[1 : key[0] + 1], *extra)
        return moves

    def may_bid_blind(self, seat: int) -> bool:
        """Whether ``seat``'s total (its side's) is at least 100 below the best other
        total, so that it may bid blind nil under the option (QW-7.2).

        Examples:
            >>> from cardrules import games
            >>> games.create("quadruple_war").new_game(seed=1).may_bid_blind(0)
            False
        """
        totals = self.totals
        side = next(s for s in sides(self.options) if seat in s)
        others = max(totals[i] for i in range(len(totals)) if i not in side)
        return others - totals[seat] >= BLIND_NIL_GAP

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now, naming the rule."""
        if self.phase is Phase.PLAY:
            if not isinstance(move, Play):
                return "the bidding is over: each player bids once (QW-3.1)"
            return self._explain_play(move.card)
        if isinstance(move, Play):
            return "cards are played only after the bidding (QW-3.1)"
        if isinstance(move, Pass):
            return "no player may pass: every player bids at least one trick (QW-3.4)"
        options = self.options
        if isinstance(move, Nil):
            return "nil is not bid in this game without the option nil (QW-7.1)"
        if isinstance(move, BlindNil):
            if not options.blind_nil:
                return "blind nil is not bid in this game without the option blind_nil (QW-7.2)"
            return f"seat {self.turn} is not 100 points behind, so may not bid blind nil (QW-7.2)"
        if isinstance(move, Bid):
            number = move.number
            if not isinstance(number, int) or isinstance(number, bool):
                return "a bid is a whole number of tricks (QW-3.3)"
            if number < 1:
                nil = "; bid nil instead" if options.nil else ""
                return f"a bid is at least one trick, not {number}{nil} (QW-3.3)"
            return (
                f"a bid is at most the {options.tricks} tricks of a deal of "
                f"{options.players} players, not {number} (QW-3.3)"
            )
        return super().explain(move)

    def _explain_play(self, card: Card) -> str:
        hand = self.hands[self.turn]
        if card not in hand:
            return f"seat {self.turn} does not hold {card}"
        if self.trick:
            led = tricks.suit_of(self.trick[0], RULES).name.lower()
            return f"seat {self.turn} holds a card of the suit led ({led}) and must follow (QW-5.2)"
        return "spades are not broken and the leader holds another suit: no spade lead (QW-5.4)"

    def _next(self, move: Move) -> State:
        if type(move) is Play:
            return self._play(move.card)
        n = self.options.players
        seat = self.turn
        bid = move.number if isinstance(move, Bid) else 0
        blind = replace_at(self.blind, seat, True) if type(move) is BlindNil else self.blind
        # QW-3.2: the dealer bids last; QW-5.1: his left leads. The copy carries the next
        # player's moves (the bids in the totals as they are, or the lead).
        nxt = (seat + 1) % n
        if seat == self.dealer:
            legal = _plays(self.hands[nxt], (), self.broken)
            return _BID(self, replace_at(self.bids, seat, bid), blind, nxt, Phase.PLAY, legal)  # type: ignore[no-any-return]
        legal = self._bids(nxt)
        return _BID(self, replace_at(self.bids, seat, bid), blind, nxt, self.phase, legal)  # type: ignore[no-any-return]

    # ---- rules helpers -------------------------------------------------------------

    def _play(self, card: Card) -> State:
        n = self.options.players
        seat = self.turn
        hands = self.hands
        hand = hands[seat]
        at = hand.index(card)
        hands = (*hands[:seat], hand[:at] + hand[at + 1 :], *hands[seat + 1 :])  # replace_at
        trick = (*self.trick, card)
        if len(trick) < n:  # the copy carries the next player's plays (``_plays``, inline)
            nxt = (seat + 1) % n
            hand = hands[nxt]
            legal: tuple[Move, ...] = tuple(filter(None, map(_OF_SUIT[_SUIT[trick[0]]].get, hand)))
            if not legal:
                legal = tuple(map(PLAYS.__getitem__, hand))
            return _PLAYED(self, hands, trick, nxt, legal)  # type: ignore[no-any-return]
        winner = (self.leader + _winning_index(trick)) % n  # QW-5.3
        broken = self.broken or not _SPADES.isdisjoint(trick)
        won = replace_at(self.won, winner, self.won[winner] + 1)
        if hands[0]:  # the next trick's lead, listed
            legal = _plays(hands[winner], (), broken)
            return _TAKEN(self, hands, (), self.played + trick, won, broken, winner, winner, legal)  # type: ignore[no-any-return]
        state: State = _TAKEN(
            self, hands, (), self.played + trick, won, broken, winner, winner, None
        )
        return state._score()

    def _score(self) -> State:
        """Score the deal (QW-6 to QW-8), then deal the next or end the game (QW-9)."""
        options = self.options
        n = options.players
        bids, won, blind = self.bids, self.won, self.blind
        totals, bags, points = settle(options, bids, won, blind, self.bags, self.totals)
        result = DealResult(
            deal=self.deal,
            dealer=self.dealer,
            bids=bids,
            blind=blind,
            won=won,
            points=points,
            bags=bags,
        )
        if game_over(options, self.deal, totals):
            return _OVER_COPY(self, totals, bags, result, Phase.OVER)  # type: ignore[no-any-return]
        # the next deal (``_deal``) in the same copy as the scores
        number, dealer = self.deal + 1, (self.dealer + 1) % n
        first = (dealer + 1) % n
        return _DEALT(  # type: ignore[no-any-return]
            self,
            totals,
            bags,
            result,
            number,
            dealer,
            first,
            Phase.BIDDING,
            _dealt_hands(self, number, dealer),
            (NOT_BID,) * n,
            (False,) * n,
            first,
            (),
            (),
            (0,) * n,
            False,
        )

    # ---- views ---------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know (QW-10.1).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("quadruple_war").new_game(seed=1)
            >>> view = state.view(2)
            >>> view.hand == state.hands[2], view.hand_sizes, view.bags
            (True, (13, 13, 13, 13), (0, 0, 0, 0))
        """
        return make_view(View, self, seat)

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal the cards ``seat`` cannot see (the other hands) again, with a new seed,
        giving no seat a card of a suit it has shown it lacks (QW-10.1).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("quadruple_war").new_game(seed=1)
            >>> state.resample(0, random.Random(2)).view(0) == state.view(0)
            True
        """
        seats_check(self.options.players, seat)
        voids = self.voids()
        if not any(v for i, v in enumerate(voids) if i != seat):
            hands, _ = redeal_hidden(rng, self.hands, seat)
        else:
            hands = deal_around_voids(rng, self.hands, seat, voids, _suit)
        return self._replace(hands=hands, seed=rng.getrandbits(63))

    def voids(self) -> tuple[frozenset[Suit], ...]:
        """The suits each seat has shown it holds none of in this deal's play: a
        seat that did not follow the suit led has none left (QW-5.2; a joker is a
        spade).

        Examples:
            >>> from cardrules import games
            >>> games.create("quadruple_war").new_game(seed=1).voids()
            (frozenset(), frozenset(), frozenset(), frozenset())
        """
        n = self.options.players
        if self.phase is not Phase.PLAY:
            return (frozenset(),) * n
        plays: list[Card] = []
        for move in reversed(self.history):
            if not isinstance(move, Play):
                break
            plays.append(move.card)
        plays.reverse()
        return voids_shown(plays, (self.dealer + 1) % n, n, RULES)

    def _check(self) -> None:
        options = self.options
        n, most = options.players, options.tricks
        for name in ("hands", "bids", "blind", "won", "totals", "bags"):
            if len(getattr(self, name)) != n:
                raise InvalidStateError(f"a game of {n} players has {n} entries in {name}")
        for seat in (self.turn, self.dealer, self.leader):
            if not 0 <= seat < n:
                raise InvalidStateError(f"seat {seat} does not exist with {n} players")
        for seat, bid in enumerate(self.bids):
            if not (bid == NOT_BID or 1 <= bid <= most or (bid == 0 and options.nil)):
                raise InvalidStateError(f"seat {seat}'s bid {bid} is not a bid of this game")
            if self.blind[seat] and (bid != 0 or not options.blind_nil):
                raise InvalidStateError(f"seat {seat}'s blind bid is not a blind nil")
        if any(not 0 <= b <= 9 for b in self.bags) or (any(self.bags) and not options.bags):
            raise InvalidStateError("bag counts run from 0 to 9, under the bags option")
        for side in sides(options):
            if len({self.totals[s] for s in side}) > 1 or len({self.bags[s] for s in side}) > 1:
                raise InvalidStateError(f"partners {side} have different totals or bags")
        if self.phase is Phase.OVER:
            return
        self._check_deal(n, most)

    def _check_deal(self, n: int, most: int) -> None:
        if len(self.played) % n or len(self.trick) >= n:
            raise InvalidStateError("tricks are not whole")
        done = len(self.played) // n
        if sum(self.won) != done:
            raise InvalidStateError(f"{sum(self.won)} tricks won, but {done} played")
        if self.broken != any(tricks.is_trump(c, RULES) for c in self.played):
            raise InvalidStateError("spades are broken exactly when a spade has been played")
        for seat, hand in enumerate(self.hands):
            played = (seat - self.leader) % n < len(self.trick)
            if len(hand) != most - done - played:
                raise InvalidStateError(f"seat {seat} holds {len(hand)} cards")
        made = sum(1 for b in self.bids if b != NOT_BID)
        order = [(self.dealer + 1 + k) % n for k in range(n)]
        if any((self.bids[s] != NOT_BID) != (k < made) for k, s in enumerate(order)):
            raise InvalidStateError("the bids were not made in turn from the dealer's left")
        if self.phase is Phase.BIDDING:
            if done or self.trick or made == n or self.turn != order[made % n]:
                raise InvalidStateError(f"seat {self.turn} is not the seat to bid")
        elif made != n or self.turn != (self.leader + len(self.trick)) % n:
            raise InvalidStateError("the play has bids missing, or the wrong seat to play")
        elif not done and self.leader != order[0]:
            raise InvalidStateError("the dealer's left leads to the first trick (QW-5.1)")


_BIDDING: dict[tuple[int, bool, bool], tuple[Move, ...]] = {}
# Positional copies (fields_copier): a card played to a trick, a trick taken, a bid.
# (A card played carries the next player's plays, ``_legal``.)
_PLAYED: Any = fields_copier(State, ("hands", "trick", "turn", "_legal"))
_TAKEN: Any = fields_copier(
    State, ("hands", "trick", "played", "won", "broken", "turn", "leader", "_legal")
)
_BID: Any = fields_copier(State, ("bids", "blind", "turn", "phase", "_legal"))
# The end of a deal: the scores and the game over, or the scores and the next deal.
_OVER_COPY: Any = fields_copier(State, ("totals", "bags", "last_deal", "phase"))
_DEALT: Any = fields_copier(
    State,
    ("totals", "bags", "last_deal", "deal", "dealer", "turn", "phase", "hands", "bids")
    + ("blind", "leader", "trick", "played", "won", "broken"),
)


def _suit(card: Card) -> Suit:
    return _SUIT[card]


_OVER = Phase.OVER

# The suit every card counts as under RULES (a joker is a spade), and its strength in
# its suit, for the hot path.
_SUIT: dict[Card, Suit] = {c: tricks.suit_of(c, RULES) for c in PLAYS}
_POWER: dict[Card, int] = {c: RULES.rank_power(c.rank) for c in PLAYS}
# Per suit (as RULES count it), the play of each card of that suit; the plays of the
# cards that are no spade; the cards that count as spades (a joker too).
_OF_SUIT: dict[Suit, dict[Card, Play]] = {
    suit: {c: PLAYS[c] for c in PLAYS if _SUIT[c] is suit} for suit in Suit
}
_NOT_SPADES: dict[Card, Play] = {c: PLAYS[c] for c in PLAYS if _SUIT[c] is not Suit.SPADES}
_SPADES: frozenset[Card] = frozenset(c for c in PLAYS if _SUIT[c] is Suit.SPADES)


def _plays(hand: tuple[Card, ...], trick: tuple[Card, ...], broken: bool) -> tuple[Move, ...]:
    """``tricks.legal_plays`` under RULES, unrolled (a test checks): the plays of
    ``hand`` to ``trick`` (``filter(None, map(...))``: one lookup a card, in C)."""
    if trick:
        plays: tuple[Move, ...] = tuple(filter(None, map(_OF_SUIT[_SUIT[trick[0]]].get, hand)))
    elif broken:
        plays = ()
    else:  # QW-5.4: no spade lead before spades are broken, if avoidable
        plays = tuple(filter(None, map(_NOT_SPADES.get, hand)))
    return plays or tuple(map(PLAYS.__getitem__, hand))  # none of those: any card


def _winning_index(trick: tuple[Card, ...]) -> int:
    """``tricks.winning_index(trick, RULES)``, unrolled (a test checks): the highest
    spade, else the highest card of the suit led (QW-5.3); each card's strength read
    from the table of the suit led, the first of the strongest winning."""
    strengths = list(map(_STRENGTH[_SUIT[trick[0]]].__getitem__, trick))
    return strengths.index(max(strengths))


# Per suit led: each card's strength in the trick (a spade above the suit led above
# the rest, each by its power under RULES; 0: a card that cannot win).
_STRENGTH: dict[Suit, dict[Card, int]] = {
    led: {
        c: 200 + _POWER[c] if _SUIT[c] is Suit.SPADES else 100 + _POWER[c] if _SUIT[c] is led else 0
        for c in PLAYS
    }
    for led in Suit
}


def first_dealer(state: State) -> int:
    """The seat that deals first: a draw for high card, each seat in turn from seat 0
    drawing a card from the pack by the seed; the seats tied for highest draw again,
    from the whole pack (QW-2.1)."""
    cards = state.deck().cards
    rng = state.rng("first dealer")
    seats = list(range(state.options.players))
    while len(seats) > 1:
        drawn = rng.sample(cards, len(seats))
        power = [_POWER[c] for c in drawn]
        top = max(power)
        seats = [s for s, p in zip(seats, power, strict=True) if p == top]
    return seats[0]


def _dealt_hands(state: State, number: int, dealer: int) -> tuple[tuple[Card, ...], ...]:
    """The hands of deal ``number``: the whole pack one card at a time from the
    dealer's left (QW-2.3)."""
    n = state.options.players
    cards = shuffled(state, state.deck().cards, "deal", number)
    hands: list[tuple[Card, ...]] = [()] * n
    for k in range(n):
        hands[(dealer + 1 + k) % n] = tuple(cards[k::n])
    return tuple(hands)


def _deal(state: State, number: int, dealer: int) -> State:
    """Deal ``number``: the whole pack one card at a time from the dealer's left (QW-2.3)."""
    n = state.options.players
    first = (dealer + 1) % n
    return state._replace(
        deal=number,
        dealer=dealer,
        turn=first,  # QW-3.2
        phase=Phase.BIDDING,
        hands=_dealt_hands(state, number, dealer),
        bids=(NOT_BID,) * n,
        blind=(False,) * n,
        leader=first,  # QW-5.1
        trick=(),
        played=(),
        won=(0,) * n,
        broken=False,
    )


def render(view: View) -> str:
    """The seat's view as plain text for a person.

    Examples:
        >>> from cardrules import games
        >>> print(render(games.create("quadruple_war").new_game(seed=1).view(1)))
        Quadruple War, deal 1; seat 1; dealer seat 0; bidding
        ...
    """
    lines = [
        f"Quadruple War, deal {view.deal + 1}; seat {view.seat}"
        f"{f' (side {view.seat % 2})' if view.options.partnership else ''}; "
        f"dealer seat {view.dealer}; {view.phase.value}",
        f"your hand: {format_cards(view.hand) or '(empty)'}",
        "bids: " + ", ".join(_bid_text(b, view.blind[s]) for s, b in enumerate(view.bids)),
    ]
    if view.phase is Phase.PLAY:
        broken = "broken" if view.broken else "not broken"
        lines.append(f"trick led by seat {view.leader}: {format_cards(view.trick) or '(none)'}")
        lines.append(f"tricks won: {list(view.won)}; spades {broken}")
    bags = f"; bags {list(view.bags)}" if view.options.bags else ""
    lines.append(f"totals: {list(view.totals)}{bags}; target {view.options.target}")
    if view.turn is not None:
        lines.append("your turn" if view.turn == view.seat else f"seat {view.turn} to move")
    return "\n".join(lines)
