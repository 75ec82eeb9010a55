"""Fifty-Six (56): two teams bid for the points of a double pack, then take tricks.

Rules digest: ``seeds/fifty_six.md`` (clauses ``FS-*``). A match of 12 games (16 with
eight players) is played by default; ``deals=1`` is one game. Tricks are resolved by
:mod:`cardrules.tricks`; this module states Fifty-Six's choices and its bidding.

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import fifty_six
    >>> fifty_six.card_points(parse_cards("Jh 9h Ah Th Kh"))
    7
    >>> fifty_six.game_points(56, made=False, doubled=True, redoubled=True)
    15
    >>> game = games.create("fifty_six", deals=1)
    >>> state = game.new_game(seed=3)
    >>> state.turn, len(state.legal_moves()), str(state.legal_moves()[0])
    (1, 145, 'bid 28 clubs')
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from typing import Any, ClassVar, Literal

import attrs

from cardrules import tricks
from cardrules.cards import Card, Rank, Suit, card_list, format_cards
from cardrules.decks import Deck
from cardrules.decks import fifty_six as _fifty_six_deck
from cardrules.engine import (
    Game,
    GameState,
    Move,
    make_view,
    option,
    redeal_hidden,
    replace_at,
    seats_check,
)
from cardrules.errors import InvalidMoveError, InvalidStateError, OptionError

__all__ = [
    "MAX_BID",
    "MIN_BID",
    "Bid",
    "Contract",
    "DealResult",
    "Denomination",
    "Double",
    "FiftySix",
    "Options",
    "Pass",
    "Phase",
    "Play",
    "Redouble",
    "State",
    "View",
    "card_points",
    "game_points",
    "outcome",
    "render",
    "trick_rules",
]

MIN_BID = 28
MAX_BID = 56
HAND_SIZE = 8

# --------------------------------------------------------------------------- options


@attrs.frozen
class Options:
    """Fifty-Six options (see ``seeds/fifty_six.md``).

    Examples:
        >>> Options()
        Options(players=6, deals=None, play_out=False)
        >>> Options(players=8).games
        16
    """

    players: int = option(6, doc="4, 6 or 8 seats in two teams (FS-1.1)", choices=(4, 6, 8))
    deals: int | None = option(
        None,
        kind=int,
        optional=True,
        minimum=1,
        doc="games in the match; none: 12, or 16 with 8 players (FS-8.2)",
    )
    play_out: bool = option(False, doc="play all eight tricks out (FS-6.2)")

    @property
    def games(self) -> int:
        """The number of games in the match (FS-8.2)."""
        if self.deals is not None:
            return self.deals
        return 16 if self.players == 8 else 12


# --------------------------------------------------------------------------- cards and points

_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT, Rank.SEVEN)
_POINTS = {Rank.JACK: 3, Rank.NINE: 2, Rank.ACE: 1, Rank.TEN: 1}


class Denomination(enum.Enum):
    """What a bid names: a trump suit, No Trump (``nt``) or Noes (``noes``)."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    NT = "nt"
    NOES = "noes"

    @property
    def trump(self) -> Suit | None:
        """The trump suit a contract in this denomination is played with (FS-3.6).

        Examples:
            >>> Denomination.HEARTS.trump, Denomination.NOES.trump
            (<Suit.HEARTS: 2>, None)
        """
        return _TRUMPS.get(self)


_TRUMPS = {Denomination(s.name.lower()): s for s in Suit}
_RULES = {d: tricks.TrickRules(order=_ORDER, points=_POINTS, trump=d.trump) for d in Denomination}


def trick_rules(denomination: Denomination) -> tricks.TrickRules:
    """The trick rules of a contract: J 9 A 10 K Q 8 7, follow suit, else any card
    (FS-1.5, FS-5.2 to FS-5.4).

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.tricks import winning_index
        >>> winning_index(parse_cards("Ah Jh 7s"), trick_rules(Denomination.SPADES))
        2
    """
    if not isinstance(denomination, Denomination):
        raise OptionError(f"a denomination is a Denomination, got {denomination!r:.40}")
    return _RULES[denomination]


def card_points(cards: Iterable[Card]) -> int:
    """The card points of ``cards``: J 3, 9 2, A 1, 10 1, the rest 0 (FS-1.4).

    Raises:
        InvalidCardError: ``cards`` is not an iterable of cards.

    Examples:
        >>> from cardrules import decks
        >>> card_points(decks.fifty_six(4).cards), card_points(decks.fifty_six(8).cards)
        (56, 56)
    """
    return tricks.points(card_list(cards, "card_points"), _RULES[Denomination.NT])


_TABLE = ((39, 1, 2), (47, 2, 3), (55, 3, 4), (56, 4, 5))


def _check_bid(bid: object) -> int:
    if not isinstance(bid, int) or isinstance(bid, bool) or not MIN_BID <= bid <= MAX_BID:
        raise OptionError(f"a bid is a whole number from 28 to 56, got {bid!r:.40}")
    return bid


def game_points(bid: int, *, made: bool, doubled: bool = False, redoubled: bool = False) -> int:
    """The game points the winning team of a game scores (FS-7.1, FS-7.2).

    Args:
        bid: the contract's number, 28 to 56.
        made: whether the bidding team made it (then it scores; else the other team).
        doubled: whether the contract was doubled (times 2).
        redoubled: whether it was redoubled (times 3; implies doubled).

    Raises:
        OptionError: a bid outside 28 to 56, or a flag that is not a bool.

    Examples:
        >>> game_points(28, made=True), game_points(28, made=False)
        (1, 2)
        >>> game_points(44, made=True, doubled=True), game_points(50, made=False, redoubled=True)
        (4, 12)
    """
    _check_bid(bid)
    for name, flag in (("made", made), ("doubled", doubled), ("redoubled", redoubled)):
        if not isinstance(flag, bool):
            raise OptionError(f"{name} must be True or False, got {flag!r:.40}")
    for top, won, lost in _TABLE:
        if bid <= top:
            base = won if made else lost
            break
    return base * (3 if redoubled else 2 if doubled else 1)


def outcome(bid: int, bidders: int, others: int) -> Literal["made", "defeated"] | None:
    """Whether a game is decided: the bidding team holds ``bidders`` card points and
    the other team ``others`` (FS-6.1).

    Examples:
        >>> outcome(30, 30, 5), outcome(30, 20, 27), outcome(30, 20, 26)
        ('made', 'defeated', None)
    """
    _check_bid(bid)
    if bidders >= bid:
        return "made"
    if others > MAX_BID - bid:
        return "defeated"
    return None


# --------------------------------------------------------------------------- moves


@attrs.frozen
class Bid(Move):
    """Bid a number of points with a denomination (FS-3.2); ``bid 30 hearts``."""

    NAME: ClassVar[str] = "bid"
    number: int
    denomination: Denomination


@attrs.frozen
class Pass(Move):
    """Pass (FS-3.2)."""

    NAME: ClassVar[str] = "pass"


@attrs.frozen
class Double(Move):
    """Double the other team's bid (FS-4.1)."""

    NAME: ClassVar[str] = "double"


@attrs.frozen
class Redouble(Move):
    """Redouble a double of one's own team's bid; ends the bidding (FS-4.2)."""

    NAME: ClassVar[str] = "redouble"


@attrs.frozen
class Play(Move):
    """Play a card to the trick (FS-5.2)."""

    NAME: ClassVar[str] = "play"
    card: Card


PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()
_PLAYS = {c: Play(c) for c in _fifty_six_deck(8).cards}


def _bids(low: int, noes: bool) -> tuple[Bid, ...]:
    kinds = tuple(Denomination) if noes else tuple(d for d in Denomination if d is not d.NOES)
    return tuple(Bid(n, d) for n in range(low, MAX_BID + 1) for d in kinds)


_BIDS = {
    (low, noes): _bids(low, bool(noes)) for low in range(MIN_BID, MAX_BID + 2) for noes in (0, 1)
}

# --------------------------------------------------------------------------- state


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

    def describe(self) -> tuple[str, ...]:
        """Transcript lines: the contract, the points taken and the game points scored."""
        word = "made" if self.made else "defeated"
        return (
            f"  game {self.deal + 1}: contract {self.contract}; {word} after "
            f"{self.tricks} tricks, card points {self.taken[0]}-{self.taken[1]}; "
            f"team {self.team} scores {self.points} (FS-7)",
        )


@attrs.frozen(kw_only=True)
class View:
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
    history: tuple[Move, ...]


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
    history: tuple[Move, ...] = ()
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
        return _DECKS[self.options.players]

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
            rules = _RULES[self.high.denomination]  # type: ignore[union-attr]
            playable = tricks.legal_plays(self.hands[self.turn], self.trick, rules)
            return tuple([_PLAYS[c] for c in playable])
        if phase is Phase.OVER:
            return ()
        high = self.high
        if high is None:
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
        history = self.history + (move,)
        n = self.options.players
        seat = self.turn
        if type(move) is Play:
            return self._play(move.card, history)
        high = self.high
        if type(move) is Bid:
            contract = Contract(number=move.number, denomination=move.denomination, bidder=seat)
            return self._replace(
                history=history,
                high=contract,
                passes=0,
                suit_bid=self.suit_bid or move.denomination.trump is not None,
                turn=(seat + 1) % n,
            )
        assert high is not None  # only bids are legal before the first bid
        if type(move) is Double:
            doubled = attrs.evolve(high, doubled=True)
            return self._replace(history=history, high=doubled, passes=0, turn=(seat + 1) % n)
        if type(move) is Redouble:
            return self._replace(history=history, high=attrs.evolve(high, redoubled=True))._start()
        if self.passes + 1 >= n - 1:  # FS-3.8: every other player has passed
            return self._replace(history=history)._start()
        return self._replace(history=history, passes=self.passes + 1, turn=(seat + 1) % n)

    # ---- rules helpers -------------------------------------------------------------

    def _start(self) -> State:
        """The bidding is over: the first bidder leads (FS-5.1)."""
        first = (self.dealer + 1) % self.options.players
        return self._replace(phase=Phase.PLAY, turn=first, leader=first, passes=0)

    def _play(self, card: Card, history: tuple[Move, ...]) -> State:
        n = self.options.players
        seat = self.turn
        hand = list(self.hands[seat])
        hand.remove(card)
        hands = replace_at(self.hands, seat, tuple(hand))
        trick = (*self.trick, card)
        if len(trick) < n:
            return self._replace(history=history, hands=hands, trick=trick, turn=(seat + 1) % n)
        high = self.high
        assert high is not None
        rules = _RULES[high.denomination]
        winner = (self.leader + tricks.winning_index(trick, rules)) % n  # FS-5.3, FS-5.4
        team = winner & 1
        taken = list(self.taken)
        taken[team] += tricks.points(trick, rules)  # FS-5.5
        won = replace_at(self.won, team, self.won[team] + trick)
        state = self._replace(
            history=history,
            hands=hands,
            trick=(),
            won=won,
            taken=(taken[0], taken[1]),
            turn=winner,
            leader=winner,
        )
        bidders = high.bidder & 1
        result = outcome(high.number, taken[bidders], taken[1 - bidders])
        if hands[0] and (result is None or self.options.play_out):
            return state
        return state._score(taken[bidders] >= high.number)

    def _score(self, made: bool) -> State:
        """Score the game (FS-7) and deal the next one, or end the match (FS-8)."""
        high = self.high
        assert high is not None
        points = game_points(high.number, made=made, doubled=high.doubled, redoubled=high.redoubled)
        team = (high.bidder & 1) ^ (0 if made else 1)
        totals = list(self.totals)
        totals[team] += points
        result = DealResult(
            deal=self.deal,
            contract=high,
            taken=self.taken,
            made=made,
            team=team,
            points=points,
            tricks=(len(self.won[0]) + len(self.won[1])) // self.options.players,
        )
        state = self._replace(totals=(totals[0], totals[1]), last_deal=result)
        if self.deal + 1 >= self.options.games:
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

        Examples:
            >>> from cardrules import games
            >>> state = games.create("fifty_six").new_game(seed=1)
            >>> state.resample(0, random.Random(2)).view(0) == state.view(0)
            True
        """
        seats_check(self.options.players, seat)
        hands, _ = redeal_hidden(rng, self.hands, seat)
        return self._replace(hands=hands, seed=rng.getrandbits(63))

    def _check(self) -> None:
        n = self.options.players
        if len(self.hands) != n or len(self.won) != 2 or len(self.taken) != 2:
            raise InvalidStateError(f"a game of {n} players has {n} hands and two teams")
        for seat in (self.turn, self.dealer, self.leader):
            if not 0 <= seat < n:
                raise InvalidStateError(f"seat {seat} does not exist with {n} players")
        if self.high is not None and not 0 <= self.high.bidder < n:
            raise InvalidStateError(f"seat {self.high.bidder} does not exist with {n} players")
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
            if len(hand) != HAND_SIZE - done - played:
                raise InvalidStateError(f"seat {seat} holds {len(hand)} cards")
        if self.phase is Phase.BIDDING:
            if done or self.trick or self.passes >= n - 1:
                raise InvalidStateError("cards are played or bidding is over during the bidding")
        elif self.high is None or self.turn != (self.leader + len(self.trick)) % n:
            raise InvalidStateError("the play has no contract, or the wrong seat to play")


_DECKS = {n: _fifty_six_deck(n) for n in (4, 6, 8)}
_BIDDING_MOVES: dict[tuple[int, bool, bool, bool, bool], tuple[Move, ...]] = {}


def _deal(state: State, number: int, dealer: int) -> State:
    """Deal game ``number``: 8 cards each, from the dealer's right (FS-2.1)."""
    n = state.options.players
    cards = list(_DECKS[n].cards)
    state.rng("deal", number).shuffle(cards)
    hands: list[tuple[Card, ...]] = [()] * n
    for k in range(n):
        hands[(dealer + 1 + k) % n] = tuple(cards[k * HAND_SIZE : (k + 1) * HAND_SIZE])
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


# --------------------------------------------------------------------------- notation

_DENOMINATION_WORDS = {
    **dict.fromkeys(("c", "club", "clubs", "♣"), Denomination.CLUBS),
    **dict.fromkeys(("d", "diamond", "diamonds", "♦"), Denomination.DIAMONDS),
    **dict.fromkeys(("h", "heart", "hearts", "♥"), Denomination.HEARTS),
    **dict.fromkeys(("s", "spade", "spades", "♠"), Denomination.SPADES),
    **dict.fromkeys(("nt", "notrump", "notrumps", "no-trump", "no-trumps"), Denomination.NT),
    **dict.fromkeys(("ns", "noes", "no's", "nos"), Denomination.NOES),
}


def _read_bid(text: str, state: State | None) -> str | None:
    """The canonical notation of a bid written in any format of FS-3.4, or ``None``
    when ``text`` is no bid."""
    words = text.lower().replace("no trumps", "nt").replace("no trump", "nt").split()
    if words[:1] == ["bid"]:
        words = words[1:]
    if len(words) != 2:
        return None
    first, second = words
    if first in _DENOMINATION_WORDS:
        first, second = second, first
    denomination = _DENOMINATION_WORDS.get(second)
    if denomination is None:
        return None
    if first.startswith("+"):
        if not first[1:].isdigit() or int(first[1:]) < 1:
            raise InvalidMoveError(f"a jump bid is +1, +2, ..., got {first!r} (FS-3.4)")
        high = state.high if state is not None else None
        if high is None:
            raise InvalidMoveError(f"{text!r} raises the last bid, but there is none (FS-3.4)")
        number = high.number + int(first[1:])
    elif first.isdigit():
        number = int(first)
    else:
        raise InvalidMoveError(f"cannot read a bid from {text!r}: like '28 hearts' (FS-3.4)")
    return f"bid {number} {denomination.name.lower()}"


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
    lines.append(f"match: team 0 {view.totals[0]}, team 1 {view.totals[1]}")
    if view.turn is not None:
        lines.append("your turn" if view.turn == view.seat else f"seat {view.turn} to move")
    return "\n".join(lines)


# --------------------------------------------------------------------------- game


@attrs.frozen
class FiftySix(Game[State, Options]):
    """Fifty-Six under fixed options.

    Examples:
        >>> game = FiftySix.create(players=4, deals=1)
        >>> state = game.replay(5, ["28 hearts", "pass", "pass", "pass"])
        >>> state.contract.number, state.contract.denomination, state.turn
        (28, <Denomination.HEARTS: 'hearts'>, 1)
    """

    NAME: ClassVar[str] = "fifty_six"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Fifty-Six: two teams bid for the 56 card points of a double pack"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _new_game(self, seed: int) -> State:
        n = self.options.players
        blank = State(
            options=self.options, seed=seed, deal=0, dealer=0, turn=1, phase=Phase.BIDDING,
            hands=((),) * n,
        )  # fmt: skip
        return _deal(blank, 0, 0)

    def parse_move(self, state: GameState[Any] | None, text: str) -> Move:
        """Read a move; bids in every format of FS-3.4 (``28 hearts``, ``hearts 28``,
        ``+1 hearts``, ``28 nt``, ``30 ns``) are read as the contract they name.

        Raises:
            InvalidMoveError: malformed text, or a jump bid with no bid to raise.

        Examples:
            >>> game = FiftySix.create()
            >>> state = game.replay(1, ["bid 30 spades"])
            >>> str(game.parse_move(state, "Hearts 31")), str(game.parse_move(state, "+2 NS"))
            ('bid 31 hearts', 'bid 32 noes')
        """
        if state is not None:
            self._own(state)
        if isinstance(text, str) and text.strip():
            canonical = _read_bid(text, state if isinstance(state, State) else None)
            if canonical is not None:
                text = canonical
        return super().parse_move(state, text)

    def narrate_deal(self, before: State | None, after: State) -> tuple[str, ...]:
        """Transcript lines: each game's result, each new game with the totals, the end.

        Examples:
            >>> game = FiftySix.create(players=4)
            >>> game.narrate(None, None, game.new_game(seed=1))
            ('game 1: seat 0 deals; team totals [0, 0]',)
        """
        lines: list[str] = []
        if before is not None and after.last_deal is not before.last_deal:
            lines.extend(after.last_deal.describe() if after.last_deal else ())
        if before is None or (after.deal != before.deal and not after.is_terminal):
            totals = list(after.totals)
            lines.append(f"game {after.deal + 1}: seat {after.dealer} deals; team totals {totals}")
        if after.is_terminal:
            a, b = after.totals
            lines.append(f"match over: {'a tie' if a == b else f'team {int(b > a)} wins'} {a}-{b}")
        return tuple(lines)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """Bid on a fair estimate of the hand; follow, win a trick when it is cheap.

        Examples:
            >>> game = FiftySix.create()
            >>> state = game.new_game(seed=5)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        from cardrules.games._fifty_six_bot import greedy_move

        self._own(state)
        return greedy_move(state, rng)
