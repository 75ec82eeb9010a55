"""Cribbage rules: the state, the deal, the play and the count, and the game.

Rules digest: ``seeds/cribbage.md`` (clauses ``CR-*``). The values (options,
moves, views) are in `_values`, the scoring in `_scoring`, the deal
and the draw of cards in `_deal`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import ClassVar

import attrs

from cardrules.cards import Card, format_cards
from cardrules.decks import Deck
from cardrules.engine import EMPTY_HISTORY, GameState, History, Move, make_view, seats_check
from cardrules.engine import fields_copier as fields_copier  # its own line: the one above is full
from cardrules.games.cribbage import _checks, _peg_claims
from cardrules.games.cribbage._deal import _FRESH, _ORDER, _PLAY_OF, _STOPS, _add, _said_go, lays
from cardrules.games.cribbage._deal import deal as _deal
from cardrules.games.cribbage._deal import resample as _resample
from cardrules.games.cribbage._scoring import VALUE, hand_points, pegs
from cardrules.games.cribbage._values import (
    _COUNTS,
    _DECK,
    _PLAY,
    MUGGINS,
    PASS,
    Count,
    DealResult,
    LayAway,
    Muggins,
    Options,
    Pass,
    PegClaim,
    Phase,
    Play,
    View,
)

__all__ = ["State"]

_Hands = tuple[tuple[Card, ...], ...]
_Ints = tuple[int, ...]


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A Cribbage match in progress.

    ``hands`` are the cards not yet played, ``played`` the cards each seat
    has played this deal (its four-card hand once the play is over),
    ``series`` the cards played since the count last started from zero,
    ``passed`` who has said go in this series, ``low`` the lowest pip value
    each seat's unplayed cards can have, as its gos this deal showed,
    ``stock[-1]`` the card the cut will turn up, ``pending`` (with muggins) the
    points of the card just played until they are claimed (CR-7.4).

    Examples:
        >>> from cardrules import games
        >>> state = games.create("cribbage").new_game(seed=3)
        >>> state.phase, [len(h) for h in state.hands], len(state.legal_moves())
        (<Phase.CRIB: 'crib'>, [6, 6], 15)
    """

    GAME: ClassVar[str] = "cribbage"
    MOVES: ClassVar[tuple[type[Move], ...]] = (LayAway, Play, Count, Muggins, Pass)

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    game_number: int = 0
    deal: int = 0
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    played: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...] = ()
    crib_from: tuple[int, ...] = ()
    stock: tuple[Card, ...]
    starter: Card | None = None
    count: int = 0
    series: tuple[Card, ...] = ()
    passed: tuple[bool, ...]
    low: tuple[int, ...]
    pegs: tuple[int, ...]
    game_points: tuple[int, ...]
    cuts: tuple[tuple[Card, ...], ...] = ()
    stage: int = 0
    claim: int | None = None
    asked: int | None = None
    counted: tuple[int | None, ...] = ()
    pending: PegClaim | None = None
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move, ``None`` once the match is over."""
        return None if self.phase is _OVER else self.turn

    @property
    def is_terminal(self) -> bool:
        """Whether the match is over (CR-8)."""
        return self.phase is _OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Points in the game (``games=1``) or games won in the match (CR-8.6)."""
        return self.pegs if self.options.games == 1 else self.game_points

    def deck(self) -> Deck:
        """The 52-card pack (CR-1.2)."""
        return _DECK

    def all_cards(self) -> Iterable[Card]:
        """Hands, played cards, crib, stock and starter."""
        for hand in self.hands:
            yield from hand
        for cards in self.played:
            yield from cards
        yield from self.crib
        yield from self.stock
        if self.starter is not None:
            yield self.starter

    def side(self, seat: int) -> int:
        """The seat's side: itself, or seat mod 2 in the partnership game (CR-1.1)."""
        return seat % 2 if self.options.players == 4 else seat

    def true_count(self) -> int:
        """The true count of the hand (or crib) now being counted (CR-6), or with a
        claim of the play pending, the true points of the card (CR-7.4)."""
        if self.pending is not None:
            return self.pending.points
        if self.starter is None or self.stage > self.options.players:
            return 0
        if self.stage == self.options.players:
            return hand_points(self.crib, self.starter, True)
        return hand_points(self.played[self._counter()], self.starter)

    def _generate_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase is Phase.PLAY:
            room = 31 - self.count
            hand = self.hands[self.turn]
            if room >= 10:  # every card fits
                return tuple(map(_PLAY_OF, hand))
            return tuple([_PLAY[c] for c in hand if VALUE[c] <= room])
        if phase is Phase.CRIB:
            return lays(sorted(self.hands[self.turn]), self.options.keep)  # keyed in order
        if phase is Phase.COUNT or phase is Phase.PEG:
            return _COUNTS[: self.true_count() + 1]
        if phase is Phase.MUGGINS:
            return (MUGGINS, PASS)
        return ()

    def public_move(self, move: Move, seat: int) -> str | None:
        """A move as ``seat`` may know it: the cards laid away into the crib are
        secret (CR-3.1); the play, the counts and muggins are public.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("cribbage").new_game(seed=3)
            >>> move = state.legal_moves()[0]
            >>> state.public_move(move, state.turn) == str(move)
            True
            >>> state.public_move(move, 1 - state.turn) is None
            True
        """
        if isinstance(move, LayAway) and seat != self.turn:
            return None
        return str(move)

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now."""
        seat = self.turn
        if isinstance(move, LayAway):
            if self.phase is not Phase.CRIB:
                return "cards are laid away only before the starter is cut (CR-3.1)"
            need = len(self.hands[seat]) - self.options.keep
            if len(move.cards) != need:
                return f"seat {seat} must lay away {need} card(s), not {len(move.cards)} (CR-3.2)"
            return f"seat {seat} does not hold {format_cards(move.cards)} (CR-3.2)"
        if isinstance(move, Play):
            if self.phase is not Phase.PLAY:
                return "cards are played only in the play (CR-5.1)"
            if move.card not in self.hands[seat]:
                return f"seat {seat} does not hold {move.card} (CR-5.1)"
            value = VALUE[move.card]
            return (
                f"{move.card} would take the count from {self.count} to "
                f"{self.count + value}, past 31 (CR-5.2)"
            )
        if isinstance(move, Count):
            if self.phase is Phase.PEG:
                return f"the claim {move.points} is more than the card's points (CR-7.4)"
            if self.phase is not Phase.COUNT:
                return "a count is claimed only in the show, with muggins on (CR-7.1, CR-7.4)"
            return f"the claim {move.points} is more than the true count (CR-7.1)"
        if isinstance(move, (Muggins, Pass)):
            return "muggins is called only after an undercount (CR-7.2)"
        return super().explain(move)

    # ---- the rules ------------------------------------------------------------------

    def _next(self, move: Move) -> State:
        if isinstance(move, Play):
            if self.options.muggins:  # the card's points are claimed (CR-7.4)
                return _peg_claims.played(self, move.card)  # type: ignore[no-any-return]
            return self._play(move.card)
        if isinstance(move, LayAway):
            return self._lay_away(move.cards)
        if self.pending is not None:  # a claim of the play, or muggins on it (CR-7.4)
            if isinstance(move, Count):
                return _peg_claims.claimed(self, move.points)  # type: ignore[no-any-return]
            return _peg_claims.answered(self, move)  # type: ignore[no-any-return]
        if isinstance(move, Count):
            return self._claim(move.points)
        if isinstance(move, Muggins):
            state = self
            assert state.claim is not None
            assert state.asked is not None
            state, won = state._peg(state.asked, state.true_count() - state.claim)
            return won if won is not None else state._next_stage()
        # Pass: ask the next opponent, or go on
        state = self
        nxt = state._next_opponent(self.asked)
        return state._replace(asked=nxt, turn=nxt) if nxt is not None else state._next_stage()

    def _peg(self, seat: int, points: int) -> tuple[State, State | None]:
        """Add points to the seat's side; the second value is the state after
        the game ends, if it reached the target (CR-8.2)."""
        if not points:
            return self, None
        pegs = _add(self.pegs, seat, points, self.options.players)
        state = self._replace(pegs=pegs)
        if pegs[seat] >= self.options.goal:
            return state, state._end_game(seat)
        return state, None

    def _lay_away(self, cards: tuple[Card, ...]) -> State:
        seat = self.turn
        n = self.options.players
        hand = tuple([c for c in self.hands[seat] if c not in cards])
        hands = (*self.hands[:seat], hand, *self.hands[seat + 1 :])
        crib = self.crib + cards
        crib_from = self.crib_from + (seat,) * len(cards)
        if len(crib) < 4:  # the next lays away; his moves, as _generate_moves lists them
            after = (seat + 1) % n
            cards = hands[after]
            keep = self.options.keep
            legal = None  # a hand that cannot lay away is left to _generate_moves
            if len(cards) > keep:
                try:
                    legal = lays(sorted(cards), keep)
                except (KeyError, TypeError):  # junk in a hand made by hand: raised when asked
                    legal = None
            return _LAY_COPY(self, hands, crib, crib_from, after, legal)
        starter = self.stock[-1]  # CR-4.1
        first = (self.dealer + 1) % n  # every card fits a count of 0
        state = _CUT_COPY(
            self, hands, crib, crib_from, self.stock[:-1], starter, _PLAYING, first,
            tuple(map(_PLAY_OF, hands[first])),
        )  # fmt: skip
        if starter.rank == 11:  # his heels, CR-4.2
            state, won = state._peg(self.dealer, 2)
            if won is not None:
                return won
        return state

    def _play(self, card: Card, quiet: bool = False) -> State:
        """Play ``card`` (CR-5): peg (unless ``quiet``: with muggins it is claimed),
        then the next player (with his legal moves, found on the way) or a new
        series, all in one copy of the state (the hot path of a random game)."""
        seat = self.turn
        opts = self.options
        n = opts.players
        count = self.count + VALUE[card]
        series = self.series
        points = pegs(series, card, count)
        series = (*series, card)
        hands = self.hands
        hand = hands[seat]
        i = hand.index(card)
        played = self.played
        score = self.pegs
        if n == 2:  # the common table, in short: the other seat plays next if he can
            other = 1 - seat
            if seat:
                hands = (hands[0], hand[:i] + hand[i + 1 :])
                played = (played[0], (*played[1], card))
                if points and not quiet:
                    score = (score[0], score[1] + points)
            else:
                hands = (hand[:i] + hand[i + 1 :], hands[1])
                played = ((*played[0], card), played[1])
                if points and not quiet:
                    score = (score[0] + points, score[1])
            passed = self.passed
            theirs = hands[other]
            if (
                count < 31
                and theirs
                and not passed[other]
                and (score is self.pegs or score[seat] < opts.goal)
            ):
                if count <= 21:  # every card fits
                    legal = tuple(map(_PLAY_OF, theirs))
                else:
                    legal = tuple([_PLAY[c] for c in theirs if VALUE[c] <= 31 - count])
                if legal:
                    return _PLAY_COPY(
                        self, hands, played, count, series, score, other, passed, self.low, legal
                    )
            if score is not self.pegs and score[seat] >= opts.goal:
                return self._replace(
                    hands=hands, played=played, count=count, series=series, pegs=score
                )._end_game(seat)
            if not theirs and not hands[seat] and not opts.five_card:  # the deal's last card
                low = self.low
                if count < 31:  # its point, and neither holds a card (CR-5.3, CR-5.8)
                    said = [t for t in (other, seat) if not passed[t]]
                    low = _said_go(passed, low, said, 31 - count)[1]
                    if not quiet:
                        score = (score[0] + 1, score[1]) if seat == 0 else (score[0], score[1] + 1)
                    if score[seat] >= opts.goal:
                        return self._replace(
                            hands=hands, played=played, count=count, series=series, pegs=score,
                            low=low,
                        )._end_game(seat)  # fmt: skip
                return self._show(hands, played, score, low)
        else:
            hands = (*hands[:seat], hand[:i] + hand[i + 1 :], *hands[seat + 1 :])
            played = (*played[:seat], (*played[seat], card), *played[seat + 1 :])
            if points and not quiet:
                score = _add(score, seat, points, n)
                if score[seat] >= opts.goal:
                    return self._replace(
                        hands=hands, played=played, count=count, series=series, pegs=score
                    )._end_game(seat)
        low = self.low
        if count < 31:  # who plays next: the go goes round (CR-5.3)
            passed = self.passed
            order = (_STOPS if opts.go_stops else _ORDER)[n][seat]  # CR-5.10
            room = 31 - count
            if room >= 10:  # every card fits: the next seat, if he has cards, plays them
                for t in order:
                    if not passed[t]:
                        if hands[t]:
                            return _PLAY_COPY(
                                self, hands, played, count, series, score, t, passed, low,
                                tuple(map(_PLAY_OF, hands[t])),
                            )  # fmt: skip
                        break
            gone: list[int] = []
            for t in order:
                if passed[t]:
                    continue
                legal = tuple([_PLAY[c] for c in hands[t] if VALUE[c] <= room])
                if legal:
                    if gone:
                        passed, low = _said_go(passed, low, gone, room)
                    return _PLAY_COPY(
                        self, hands, played, count, series, score, t, passed, low, legal
                    )
                gone.append(t)  # he says go, or has no cards left
            low = _said_go(passed, low, gone, room)[1]
            if not quiet:  # the go, or the last card (CR-5.3, CR-5.8)
                score = _add(score, seat, 1, n)
            if score[seat] >= opts.goal:
                return self._replace(
                    hands=hands, played=played, count=count, series=series, pegs=score, low=low
                )._end_game(seat)
        if opts.five_card:  # CR-9.3: one series; the cards left are shown
            shown = tuple([p + h for p, h in zip(played, hands, strict=True)])
            return self._show(((),) * n, shown, score, low)
        for t in _ORDER[n][seat]:  # the count restarts (CR-5.7, CR-5.10): the next with cards leads
            if hands[t]:
                return _PLAY_COPY(
                    self, hands, played, 0, (), score, t, _FRESH[n], low,
                    tuple(map(_PLAY_OF, hands[t])),
                )  # fmt: skip
        return self._show(hands, played, score, low)

    def _show(self, hands: _Hands, played: _Hands, score: _Ints, low: _Ints) -> State:
        """The play is over (the last card made ``hands``, ``played``, ``score`` and
        ``low``): count the hands (CR-6.1), by claims with muggins; without them the
        next deal is dealt from this state (it sets every field the play changed)."""
        opts = self.options
        n = opts.players
        if opts.muggins:
            return _SHOW_COPY(self, hands, played, 0, (), score, _FRESH[n], low)._replace(
                stage=0, counted=(None,) * (n + 1), phase=Phase.COUNT, turn=(self.dealer + 1) % n
            )
        starter = self.starter
        assert starter is not None
        dealer = self.dealer
        target = opts.goal
        counted: list[int | None] = [None] * (n + 1)
        for stage in range(n + 1):
            if stage < n:
                seat = (dealer + 1 + stage) % n
                points = hand_points(played[seat], starter)
            else:
                seat = dealer
                points = hand_points(self.crib, starter, True)
            counted[stage] = points
            if points:
                score = _add(score, seat, points, n)
            if score[seat] >= target:  # counted out (CR-8.2)
                return (
                    _SHOW_COPY(self, hands, played, 0, (), score, _FRESH[n], low)
                    ._replace(stage=stage, counted=tuple(counted))
                    ._end_game(seat)
                )
        result = DealResult(  # every hand counted: the deal's record (as _result makes it)
            deal=self.deal,
            dealer=dealer,
            starter=starter,
            hands=played,
            crib=self.crib,
            points=tuple([counted[(seat - dealer - 1) % n] for seat in range(n)]),
            crib_points=counted[n],
        )
        limit = opts.deals
        if limit is not None and self.deal + 1 >= limit:
            return _SHOW_COPY(self, hands, played, 0, (), score, _FRESH[n], low)._replace(
                counted=tuple(counted), stage=n + 1, last_deal=result, phase=Phase.OVER
            )
        return _deal(self, self.deal + 1, (dealer + 1) % n, last_deal=result, pegs=score)

    def _counter(self) -> int:
        n = self.options.players
        return self.dealer if self.stage == n else (self.dealer + 1 + self.stage) % n

    def _count_stage(self, points: int) -> tuple[State, State | None]:
        """Peg ``points`` for the hand now counted and note them."""
        counted = list(self.counted)
        counted[self.stage] = points
        return self._replace(counted=tuple(counted))._peg(self._counter(), points)

    def _claim(self, points: int) -> State:
        truth = self.true_count()
        state, won = self._count_stage(points)
        if won is not None:
            return won
        if points < truth:
            nxt = state._next_opponent(None)
            if nxt is not None:
                return state._replace(phase=Phase.MUGGINS, claim=points, asked=nxt, turn=nxt)
        return state._next_stage()

    def _next_opponent(self, after: int | None, counter: int | None = None) -> int | None:
        """The next opponent of the counter (or ``counter``) to be asked about muggins."""
        n = self.options.players
        counter = self._counter() if counter is None else counter
        start = counter if after is None else after
        for k in range(1, n):
            t = (start + k) % n
            if t == counter:
                return None
            if self.side(t) != self.side(counter):
                return t
        return None

    def _next_stage(self) -> State:
        stage = self.stage + 1
        state = self._replace(stage=stage, claim=None, asked=None, phase=Phase.COUNT)
        if stage > self.options.players:
            return state._end_deal()
        return state._replace(turn=state._counter())

    def _result(self, counted: tuple[int | None, ...] | None = None) -> DealResult:
        n = self.options.players
        counted = (self.counted if counted is None else counted) or (None,) * (n + 1)
        return DealResult(
            deal=self.deal,
            dealer=self.dealer,
            starter=self.starter,
            hands=self.played,
            crib=self.crib if counted[n] is not None else (),  # shown once counted
            points=tuple([counted[(seat - self.dealer - 1) % n] for seat in range(n)]),
            crib_points=counted[n],
        )

    def _end_deal(
        self, score: tuple[int, ...] | None = None, counted: tuple[int | None, ...] | None = None
    ) -> State:
        """Every hand is counted: record the deal, then deal the next one."""
        pegs = self.pegs if score is None else score
        counted = self.counted if counted is None else counted
        result = self._result(counted)
        limit = self.options.deals
        if limit is not None and self.deal + 1 >= limit:
            return self._replace(
                pegs=pegs,
                counted=counted,
                stage=self.options.players + 1,
                last_deal=result,
                phase=Phase.OVER,
            )
        dealer = (self.dealer + 1) % self.options.players
        return _deal(self, self.deal + 1, dealer, last_deal=result, pegs=pegs)

    def _end_game(self, winner: int) -> State:
        """A side reached the target: games won (CR-8.3, CR-8.4), then the next game."""
        n = self.options.players
        target = self.options.goal
        losers = [i for i in range(n) if self.side(i) != self.side(winner)]
        best = max(self.pegs[i] for i in losers)
        won = 1
        if self.options.skunks:
            double = 3 if self.options.double_skunk_three else 4  # CR-8.4, CR-8.8
            won = double if best < 61 else 2 if best < 91 else 1
        elif best < (target + 1) // 2:
            won = 2
        gp = tuple(
            p + (won if self.side(i) == self.side(winner) else 0)
            for i, p in enumerate(self.game_points)
        )
        state = self._replace(game_points=gp, last_deal=self._result())
        limit = self.options.deals
        if self.game_number + 1 >= self.options.games or (
            limit is not None and self.deal + 1 >= limit
        ):
            return state._replace(phase=Phase.OVER)
        low = min(self.pegs[i] for i in losers)  # CR-2.3: the loser deals
        dealer = next(
            t
            for t in ((self.dealer + k) % n for k in range(1, n + 1))
            if t in losers and self.pegs[t] == low
        )
        return _deal(state, self.deal + 1, dealer, game_number=self.game_number + 1, pegs=(0,) * n)

    # ---- views ---------------------------------------------------------------------

    def _crib_shown(self) -> bool:
        return self.phase in (Phase.COUNT, Phase.MUGGINS) and self.stage >= self.options.players

    def view(self, seat: int) -> View:
        """What ``seat`` may know (CR-3.1: the crib stays hidden until counted).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("cribbage").new_game(seed=3)
            >>> view = state.view(0)
            >>> view.hand == state.hands[0], view.crib_size, view.starter
            (True, 0, None)
        """
        seats_check(self.options.players, seat)
        laid = tuple(c for c, s in zip(self.crib, self.crib_from, strict=True) if s == seat)
        return make_view(
            View,
            self,
            seat,
            laid=laid,
            crib=self.crib if self._crib_shown() else (),
            crib_size=len(self.crib),
        )

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal again what ``seat`` cannot see: the others' hands, the hidden
        crib cards and the stock (with the card the cut will turn up).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("cribbage").new_game(seed=3)
            >>> state.resample(1, random.Random(2)).view(1) == state.view(1)
            True
        """
        return _resample(self, seat, rng)  # type: ignore[no-any-return]

    def _check(self) -> None:
        _checks.check(self)


_OVER = Phase.OVER
_PLAYING = Phase.PLAY
# The copies of a lay-away, and of the last one, which cuts the starter.
_LAY_COPY: Callable[..., State] = fields_copier(
    State, ("hands", "crib", "crib_from", "turn", "_legal")
)
_CUT_COPY: Callable[..., State] = fields_copier(
    State, ("hands", "crib", "crib_from", "stock", "starter", "phase", "turn", "_legal")
)
# The copy of the last card of a deal, before the show.
_SHOW_COPY: Callable[..., State] = fields_copier(
    State, ("hands", "played", "count", "series", "pegs", "passed", "low")
)
# The copy of a play: the fields a card changes, and the next player's legal moves.
_PLAY_COPY: Callable[..., State] = fields_copier(
    State, ("hands", "played", "count", "series", "pegs", "turn", "passed", "low", "_legal")
)
