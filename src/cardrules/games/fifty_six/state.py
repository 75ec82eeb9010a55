"""The Fifty-Six state: bidding, play, the end of a game, the match (FS-3 to FS-9).

Examples:
    >>> from cardrules import games
    >>> state = games.create("fifty_six", deals=1).new_game(seed=3)
    >>> state.turn, len(state.legal_moves()), str(state.legal_moves()[0])
    (1, 145, 'bid 28 clubs')
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
    seat_lines,
    seats_check,
    shuffled,
)
from cardrules.errors import InvalidStateError
from cardrules.games._trick_table import deal_around_voids, voids_shown
from cardrules.games.fifty_six._moves import (
    _BIDS,
    _PLAYS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Double,
    Pass,
    Play,
    Redouble,
)
from cardrules.games.fifty_six.scoring import (
    _RULES,
    MAX_BID,
    MIN_BID,
    Denomination,
    Options,
    game_points,
    outcome,
)

__all__ = ["Contract", "DealResult", "Phase", "State", "View", "render"]


class Phase(enum.Enum):
    """What the game is doing."""

    BIDDING = "bidding"
    PLAY = "play"
    OVER = "over"


@attrs.frozen(kw_only=True)
class Contract:
    """The highest bid so far, and after the bidding the contract (FS-3.8, FS-4)."""

    number: int
    denomination: Denomination
    bidder: int
    doubled: bool = False
    redoubled: bool = False

    def __str__(self) -> str:
        word = self.denomination.value
        extra = " redoubled" if self.redoubled else " doubled" if self.doubled else ""
        return f"{self.number} {word}{extra} by seat {self.bidder}"


@attrs.frozen(kw_only=True)
class DealResult:
    """The public outcome of one game: the contract, the points taken, who scored.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("fifty_six", players=4, deals=1)
        >>> state = game.new_game(seed=2)
        >>> while not state.is_terminal:
        ...     state = state.apply(game.greedy_move(state, random.Random(0)))
        >>> result = state.last_deal
        >>> result.points == game_points(result.contract.number, made=result.made,
        ...     doubled=result.contract.doubled, redoubled=result.contract.redoubled)
        True
    """

    deal: int
    contract: Contract
    taken: tuple[int, int]
    made: bool
    team: int
    points: int
    tricks: int
    hands: tuple[tuple[Card, ...], ...]

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: the contract, the points taken, the cards left unplayed
        (FS-6.1) and the game points scored."""
        word = "made" if self.made else "defeated"
        return (
            f"  deal {self.deal + 1} ends: contract {self.contract}; {word} after "
            f"{self.tricks} tricks, card points {self.taken[0]}-{self.taken[1]}",
            *seat_lines(self.hands, team=[s & 1 for s in range(len(self.hands))]),
            f"    team {self.team} scores {self.points} (FS-7)",
        )


@attrs.frozen(kw_only=True)
class View(GameView):
    """What one seat may know (FS-9.1)."""

    seat: int
    options: Options
    deal: int
    dealer: int
    turn: int | None
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    high: Contract | None
    passes: int
    leader: int
    trick: tuple[Card, ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    taken: tuple[int, int]
    totals: tuple[int, int]
    last_deal: DealResult | None
    history: History


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A Fifty-Six match in progress. Team ``t`` is the seats ``s`` with ``s % 2 == t``.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("fifty_six").new_game(seed=1)
        >>> state.dealer, state.turn, [len(h) for h in state.hands]
        (0, 1, [8, 8, 8, 8, 8, 8])
    """

    GAME: ClassVar[str] = "fifty_six"
    MOVES: ClassVar[tuple[type[Move], ...]] = (Bid, Pass, Double, Redouble, Play)

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    high: Contract | None = None
    passes: int = 0
    suit_bid: bool = False
    leader: int = 0
    trick: tuple[Card, ...] = ()
    won: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    taken: tuple[int, int] = (0, 0)
    totals: tuple[int, int] = (0, 0)
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move, ``None`` once the match is over."""
        return None if self.phase is Phase.OVER else self.turn

    @property
    def is_terminal(self) -> bool:
        """Whether the match is over (FS-8.2)."""
        return self.phase is Phase.OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's team total of game points (FS-8.3)."""
        totals = self.totals
        return tuple(totals[s & 1] for s in range(self.options.players))

    @property
    def contract(self) -> Contract | None:
        """The contract being played (``None`` while bidding)."""
        return self.high if self.phase is Phase.PLAY else None

    def deck(self) -> Deck:
        """The pack for this number of players (FS-1.3)."""
        return self.options.pack

    def all_cards(self) -> Iterable[Card]:
        """Hands, the trick on the table and both teams' tricks taken."""
        for hand in self.hands:
            yield from hand
        yield from self.trick
        yield from self.won[0]
        yield from self.won[1]

    def _generate_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase is Phase.PLAY:
            cards = dict.fromkeys(self.hands[self.turn])  # each card once, in hand order
            trick = self.trick
            if trick:  # tricks.legal_plays under _RULES, inline: follow suit if able (FS-5.2)
                trump = self.high.denomination.trump  # type: ignore[union-attr]
                led = trick[0][1]
                if led is None:
                    led = trump
                follow = [_PLAYS[c] for c in cards if (trump if c[1] is None else c[1]) is led]
                if follow:
                    return tuple(follow)
            return tuple([_PLAYS[c] for c in cards])
        if phase is Phase.OVER:
            return ()
        high = self.high
        if high is None:
            if self.options.all_pass:  # FS-3.10
                return (PASS, *_BIDS[MIN_BID, 0])
            return _BIDS[MIN_BID, 0]  # FS-3.7: the first bidder must bid
        ours = (high.bidder ^ self.turn) & 1 == 0
        key = (high.number, self.suit_bid, ours, high.doubled, high.redoubled)
        moves = _BIDDING_MOVES.get(key)
        if moves is None:
            calls: list[Move] = [PASS]
            if not ours and not high.doubled:
                calls.append(DOUBLE)
            if ours and high.doubled and not high.redoubled:
                calls.append(REDOUBLE)
            moves = _BIDDING_MOVES[key] = (*calls, *_BIDS[high.number + 1, int(self.suit_bid)])
        return moves

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now, naming the rule."""
        if self.phase is Phase.PLAY:
            if not isinstance(move, Play):
                return "the bidding is over; cards are played now (FS-3.8)"
            hand = self.hands[self.turn]
            if move.card not in hand:
                return f"seat {self.turn} does not hold {move.card}"
            led = self.trick[0].suit if self.trick else None
            return (
                f"seat {self.turn} holds a card of the suit led ({led.name.lower() if led else ''})"
                " and must follow suit (FS-5.2)"
            )
        if isinstance(move, Play):
            return "cards are played only after the bidding (FS-3.8)"
        high = self.high
        if isinstance(move, Pass):
            return "the first bidder must bid, at least 28 (FS-3.7)"
        if isinstance(move, Bid):
            return self._explain_bid(move)
        if high is None:
            return "there is no bid to double or redouble yet (FS-4)"
        ours = (high.bidder ^ self.turn) & 1 == 0
        if isinstance(move, Double):
            if ours:
                return "a player may not double his own team's bid (FS-4.1)"
            return "this bid is already doubled (FS-4.1)"
        if isinstance(move, Redouble):
            if not high.doubled or high.redoubled:
                return "only a doubled bid can be redoubled, once (FS-4.2)"
            return "only the bidding team may redouble (FS-4.2)"
        return super().explain(move)

    def _explain_bid(self, move: Bid) -> str:
        number = move.number
        if not isinstance(move.denomination, Denomination):
            return "a bid names a suit, nt or noes (FS-3.2)"
        if not isinstance(number, int) or isinstance(number, bool):
            return "a bid's number is a whole number from 28 to 56 (FS-3.3)"
        if not MIN_BID <= number <= MAX_BID:
            return f"bids run from 28 to 56, not {number} (FS-3.3)"
        if self.high is not None and number <= self.high.number:
            return f"a bid must be at least one more than the last bid, {self.high.number} (FS-3.3)"
        if move.denomination is Denomination.NOES:
            return "noes needs a suit bid earlier in the bidding to refer to (FS-3.6)"
        return super().explain(move)

    def _next(self, move: Move) -> State:
        n = self.options.players
        seat = self.turn
        if type(move) is Play:
            return self._play(move.card)
        high = self.high
        if high is None and type(move) is Pass:  # FS-3.10: no bid yet, all_pass
            if self.passes + 1 >= n:
                return self._replace(high=_all_passed(self.dealer, n))._start()
            return self._replace(passes=self.passes + 1, turn=(seat + 1) % n)
        if type(move) is Bid:
            contract = Contract(number=move.number, denomination=move.denomination, bidder=seat)
            suit_bid = self.suit_bid or move.denomination.trump is not None
            return _BID(self, contract, 0, suit_bid, (seat + 1) % n)  # type: ignore[no-any-return]
        assert high is not None  # only bids are legal before the first bid
        if type(move) is Double:
            doubled = attrs.evolve(high, doubled=True)
            return self._replace(high=doubled, passes=0, turn=(seat + 1) % n)
        if type(move) is Redouble:
            return self._replace(high=attrs.evolve(high, redoubled=True))._start()
        if self.passes + 1 >= n - 1:  # FS-3.8: every other player has passed
            return self._start()
        return self._replace(passes=self.passes + 1, turn=(seat + 1) % n)

    # ---- rules helpers -------------------------------------------------------------

    def _start(self) -> State:
        """The bidding is over: the first bidder leads (FS-5.1)."""
        first = (self.dealer + 1) % self.options.players
        return self._replace(phase=Phase.PLAY, turn=first, leader=first, passes=0)

    def _play(self, card: Card) -> State:
        n = self.options.players
        seat = self.turn
        hands = self.hands
        hand = hands[seat]
        at = hand.index(card)  # the first copy, as list.remove takes
        hands = (*hands[:seat], hand[:at] + hand[at + 1 :], *hands[seat + 1 :])  # replace_at
        trick = (*self.trick, card)
        if len(trick) < n:
            return _PLAYED(self, hands, trick, (seat + 1) % n)  # type: ignore[no-any-return]
        high = self.high
        assert high is not None
        rules = _RULES[high.denomination]
        winner = (self.leader + tricks.winning_index(trick, rules)) % n  # FS-5.3, FS-5.4
        team = winner & 1
        taken = list(self.taken)
        taken[team] += tricks.points(trick, rules)  # FS-5.5
        won = replace_at(self.won, team, self.won[team] + trick)
        state: State = _TAKEN(self, hands, (), won, (taken[0], taken[1]), winner, winner)
        bidders = high.bidder & 1
        result = outcome(high.number, taken[bidders], taken[1 - bidders])
        if hands[0] and (result is None or self.options.play_out):
            return state
        return state._score(taken[bidders] >= high.number)

    def _score(self, made: bool) -> State:
        """Score the game (FS-7) and deal the next one, or end the match (FS-8)."""
        high = self.high
        assert high is not None
        options = self.options
        points = game_points(
            high.number,
            made=made,
            doubled=high.doubled,
            redoubled=high.redoubled,
            international=options.international,
        )
        team = (high.bidder & 1) ^ (0 if made else 1)
        totals = list(self.totals)
        if options.tables:  # FS-8.4: the winners take tables from the losers
            moved = min(points, totals[1 - team])
            totals[team] += moved
            totals[1 - team] -= moved
        else:
            totals[team] += points
        result = DealResult(
            deal=self.deal,
            contract=high,
            taken=self.taken,
            made=made,
            team=team,
            points=points,
            tricks=(len(self.won[0]) + len(self.won[1])) // self.options.players,
            hands=self.hands,
        )
        state = self._replace(totals=(totals[0], totals[1]), last_deal=result)
        if self.deal + 1 >= options.games or (options.tables and not all(totals)):
            return state._replace(phase=Phase.OVER)
        return _deal(state, self.deal + 1, (self.dealer + 1) % self.options.players)

    # ---- views ---------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know (FS-9.1).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("fifty_six").new_game(seed=1)
            >>> view = state.view(2)
            >>> view.hand == state.hands[2], view.hand_sizes
            (True, (8, 8, 8, 8, 8, 8))
        """
        return make_view(View, self, seat)

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal the cards ``seat`` cannot see (the other hands) again, with a new seed.

        A player who did not follow suit in this deal has shown that he holds no card
        of the suit led (FS-5.2); he is dealt none of it again.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("fifty_six").new_game(seed=1)
            >>> state.resample(0, random.Random(2)).view(0) == state.view(0)
            True
        """
        seats_check(self.options.players, seat)
        voids = self.voids() if self.phase is Phase.PLAY else None
        if not voids or not any(v for i, v in enumerate(voids) if i != seat):
            hands, _ = redeal_hidden(rng, self.hands, seat)
        else:
            hands = deal_around_voids(rng, self.hands, seat, voids, _suit)
        return self._replace(hands=hands, seed=rng.getrandbits(63))

    def voids(self) -> tuple[frozenset[Suit], ...]:
        """The suits each seat has shown it holds none of in this deal's play: a
        seat that did not follow the suit led has none left (FS-5.2).

        Examples:
            >>> from cardrules import games
            >>> game = games.create("fifty_six", players=4)
            >>> state = game.new_game(seed=1)
            >>> state.voids()
            (frozenset(), frozenset(), frozenset(), frozenset())
        """
        n = self.options.players
        if self.phase is not Phase.PLAY or self.high is None:
            return (frozenset(),) * n
        plays: list[Card] = []
        for move in reversed(self.history):
            if not isinstance(move, Play):
                break
            plays.append(move.card)
        plays.reverse()
        leader = (self.dealer + 1) % n  # FS-5.1
        return voids_shown(plays, leader, n, _RULES[self.high.denomination])

    def _check(self) -> None:
        n = self.options.players
        if len(self.hands) != n or len(self.won) != 2 or len(self.taken) != 2:
            raise InvalidStateError(f"a game of {n} players has {n} hands and two teams")
        for seat in (self.turn, self.dealer, self.leader):
            if not 0 <= seat < n:
                raise InvalidStateError(f"seat {seat} does not exist with {n} players")
        high = self.high
        if high is not None:
            if not 0 <= high.bidder < n or not MIN_BID <= high.number <= MAX_BID:
                raise InvalidStateError(f"the bid {high} is not a bid of this game")
            if high.redoubled and not high.doubled:
                raise InvalidStateError("a bid is redoubled without a double")
        if any(
            tricks.points(w, _RULES[Denomination.NT]) != t
            for w, t in zip(self.won, self.taken, strict=True)
        ):
            raise InvalidStateError("the points taken do not match the tricks taken")
        if self.phase is Phase.OVER:
            return
        if any(len(w) % n for w in self.won) or len(self.trick) >= n:
            raise InvalidStateError("tricks are not whole")
        done = (len(self.won[0]) + len(self.won[1])) // n
        for seat, hand in enumerate(self.hands):
            played = (seat - self.leader) % n < len(self.trick)
            if len(hand) != self.options.hand_size - done - played:
                raise InvalidStateError(f"seat {seat} holds {len(hand)} cards")
        if self.phase is Phase.BIDDING:
            most = n - 1 if high is not None or not self.options.all_pass else n
            if done or self.trick or self.passes >= most or (high and high.redoubled):
                raise InvalidStateError("cards are played or bidding is over during the bidding")
            calls = 0  # the bidding moves of this deal: every one passes the turn on
            for move in reversed(self.history):
                if isinstance(move, Play):
                    break
                calls += 1
            if self.turn != (self.dealer + 1 + calls) % n:
                raise InvalidStateError(f"seat {self.turn} is not the seat to bid")
        elif self.high is None or self.turn != (self.leader + len(self.trick)) % n:
            raise InvalidStateError("the play has no contract, or the wrong seat to play")


_BIDDING_MOVES: dict[tuple[int, bool, bool, bool, bool], tuple[Move, ...]] = {}
# Positional copies (fields_copier): a card played to a trick, a trick taken, a bid.
_PLAYED: Any = fields_copier(State, ("hands", "trick", "turn"))
_TAKEN: Any = fields_copier(State, ("hands", "trick", "won", "taken", "turn", "leader"))
_BID: Any = fields_copier(State, ("high", "passes", "suit_bid", "turn"))


def _all_passed(dealer: int, n: int) -> Contract:
    """FS-3.10: nobody bid; the hand is played at no trump as 28 by the first bidder."""
    return Contract(number=MIN_BID, denomination=Denomination.NT, bidder=(dealer + 1) % n)


def _suit(card: Card) -> Suit:
    return card.suit  # type: ignore[return-value]  # the packs have no jokers


def _deal(state: State, number: int, dealer: int) -> State:
    """Deal game ``number``: 8 cards each (12 with ``pack48``), from the dealer's right
    (FS-2.1, FS-1.6)."""
    n = state.options.players
    size = state.options.hand_size
    cards = shuffled(state, state.options.pack.cards, "deal", number)
    hands: list[tuple[Card, ...]] = [()] * n
    for k in range(n):
        hands[(dealer + 1 + k) % n] = tuple(cards[k * size : (k + 1) * size])
    return state._replace(
        deal=number,
        dealer=dealer,
        turn=(dealer + 1) % n,  # FS-3.1
        phase=Phase.BIDDING,
        hands=tuple(hands),
        high=None,
        passes=0,
        suit_bid=False,
        leader=(dealer + 1) % n,
        trick=(),
        won=((), ()),
        taken=(0, 0),
    )


def render(view: View) -> str:
    """The seat's view as plain text for a person.

    Examples:
        >>> from cardrules import games
        >>> print(render(games.create("fifty_six", players=4).new_game(seed=1).view(1)))
        Fifty-Six, game 1 of 12; seat 1 (team 1); dealer seat 0; bidding
        ...
    """
    phase = view.phase.value
    lines = [
        f"Fifty-Six, game {view.deal + 1} of {view.options.games}; seat {view.seat} "
        f"(team {view.seat & 1}); dealer seat {view.dealer}; {phase}",
        f"your hand: {format_cards(view.hand) or '(empty)'}",
        f"highest bid: {view.high if view.high else 'none yet'}",
    ]
    if view.phase is Phase.PLAY:
        lines.append(f"trick led by seat {view.leader}: {format_cards(view.trick) or '(none)'}")
        lines.append(f"card points taken: team 0 {view.taken[0]}, team 1 {view.taken[1]}")
    word = "tables" if view.options.tables else "match"  # FS-8.4
    lines.append(f"{word}: team 0 {view.totals[0]}, team 1 {view.totals[1]}")
    if view.turn is not None:
        lines.append("your turn" if view.turn == view.seat else f"seat {view.turn} to move")
    return "\n".join(lines)
