"""Cribbage, the game: the cut for the first deal, new games and the greedy bot.

Rules digest: ``seeds/cribbage.md`` (clauses ``CR-*``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import Codec, Game, GameState, Move, cards_codec, int_codec
from cardrules.errors import IllegalMoveError
from cardrules.games.cribbage import _learning
from cardrules.games.cribbage._deal import deal as _deal
from cardrules.games.cribbage._deal import draw
from cardrules.games.cribbage._game import State
from cardrules.games.cribbage._scoring import RANK, VALUE, best_discard, pegs
from cardrules.games.cribbage._values import _DECK_CARDS, MUGGINS, Options, Phase, Play, _lay

__all__ = ["Cribbage"]


def _cut_for_deal(seed: int, n: int) -> tuple[int, tuple[tuple[Card, ...], ...]]:
    """CR-2.1: the lowest cut deals (with four players the highest, CR-2.5); those
    tied cut again (each round of cuts is drawn like a deal, numbered -1, -2, ...)."""
    contenders = list(range(n))
    rounds: list[tuple[Card, ...]] = []
    pick = max if n == 4 else min
    while True:
        cards = draw(seed, -1 - len(rounds), len(contenders))[1]
        rounds.append(tuple(cards))
        low = pick(RANK[c] for c in cards)
        contenders = [s for s, c in zip(contenders, cards, strict=True) if RANK[c] == low]
        if len(contenders) == 1:
            return contenders[0], tuple(rounds)


@attrs.frozen
class Cribbage(Game[State, Options]):
    """Cribbage under fixed options.

    Examples:
        >>> game = Cribbage.create(deals=1)
        >>> state = game.new_game(seed=1)
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_moves()[0])
        >>> state.last_deal.crib_points is not None
        True
    """

    NAME: ClassVar[str] = "cribbage"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Cribbage: crib, starter, pegging to 31 and the show; game to 121"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """Crib cards by their faces (one or two); a count is 0 to 29 points."""
        return {"crib": {"cards": cards_codec(faces, 2, 1)}, "count": {"points": int_codec(0, 29)}}

    def _sample_fields(self, view: Any, rng: random.Random) -> dict[str, Any]:
        """The hidden crib and the count's stage (see ``_learning``)."""
        return _learning.sample_fields(view)

    def _sample_allows(self, view: Any) -> Callable[[int, Card], bool]:
        """No card a seat that said go could have played (CR-5)."""
        return _learning.sample_allows(view)

    def _sample_hands(
        self,
        view: Any,
        hands: tuple[tuple[Card, ...], ...],
        unseen: list[Card],
        deal: Callable[[int, str], tuple[Card, ...]],
    ) -> tuple[tuple[Card, ...], ...]:
        """The hands as usual, and a card to play for the seat to play next."""
        out = list(super()._sample_hands(view, hands, unseen, deal))
        _learning.fix_next_player(view, out, unseen)
        return tuple(out)

    def _new_game(self, seed: int) -> State:
        n = self.options.players
        blank = State(
            options=self.options,
            seed=seed,
            dealer=0,
            turn=0,
            phase=Phase.CRIB,
            hands=((),) * n,
            played=((),) * n,
            stock=_DECK_CARDS,
            passed=(False,) * n,
            low=(1,) * n,
            pegs=(0,) * n,
            game_points=(0,) * n,
        )
        dealer, cuts = _cut_for_deal(seed, n)
        return _deal(blank._replace(cuts=cuts), 0, dealer)

    def narrate(self, before: State | None, move: Move | None, after: State) -> tuple[str, ...]:
        """Transcript lines; a card played also gives the running count, the points it
        pegged, the gos said and the point for the go or the last card (CR-5).

        Examples:
            >>> game = Cribbage.create(deals=1)
            >>> state = game.replay(1, ["crib 4s,5c", "crib 2d,6s", "play Js", "play Qs"])
            >>> move = game.parse_move(state, "play Kd")
            >>> game.narrate(state, move, state.apply(move))
            ('seat 1: play Kd; count 30; pegs 3',)
        """
        lines = list(super().narrate(before, move, after))
        if before is not None and isinstance(move, Play) and lines:
            lines[0] += _play_note(before, move, after)
        return tuple(lines)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """Lay away by [`best_discard`][cardrules.games.cribbage.best_discard], peg the most points,
        count in full.

        Examples:
            >>> game = Cribbage.create()
            >>> state = game.new_game(seed=5)
            >>> str(game.greedy_move(state, random.Random(0)))
            'crib 8d,Qs'
        """
        self._own(state)
        moves = state.legal_moves()
        if not moves:
            raise IllegalMoveError(None, "the game is over")
        if state.phase is Phase.CRIB:
            seat = state.turn
            mine = state.side(seat) == state.side(state.dealer)
            best = best_discard(state.hands[seat], dealer=mine, keep=state.options.keep)[0]
            return _lay(tuple(c for c in state.hands[seat] if c in best.lay))
        if state.phase is Phase.PLAY:
            series = state.series
            count = state.count

            def gain(m: Move) -> tuple[int, int, int]:
                assert isinstance(m, Play)
                after = count + VALUE[m.card]
                risky = after in (5, 21)  # a ten-card makes 15 or 31 next
                return (pegs(series, m.card, after), -risky, VALUE[m.card])

            return max(moves, key=gain)
        if state.phase is Phase.COUNT or state.phase is Phase.PEG:
            return moves[-1]  # the full count (CR-7.1, CR-7.4)
        return MUGGINS


def _play_note(before: State, move: Play, after: State) -> str:
    """``; count 22; pegs 2; seat 0 says go; 1 for the go`` for a card played (CR-5.2 to CR-5.8)."""
    seat = before.turn
    if after.pending is not None:  # with muggins: what follows once it is claimed (CR-7.4)
        after = after._replace(phase=after.pending.phase, turn=after.pending.turn, pending=None)
    count = before.count + VALUE[move.card]
    points = pegs(before.series, move.card, count)
    parts = [f"count {count}"]
    if points:
        parts.append(f"pegs {points}")
    same_deal = after.deal == before.deal and after.phase is Phase.PLAY
    ended = not same_deal or after.count == 0
    if ended and count < 31:  # the others still holding cards could not play
        goes = [t for t, h in enumerate(before.hands) if t != seat and h and not before.passed[t]]
    else:
        goes = [t for t, said in enumerate(after.passed) if said and not before.passed[t]]
    parts.extend(f"seat {t} says go" for t in goes)
    side = [i for i in range(before.options.players) if before.side(i) == before.side(seat)]
    out = max(before.pegs[i] for i in side) + points >= before.options.goal
    if ended and count < 31 and not out:
        others = any(h for i, h in enumerate(before.hands) if i != seat)
        rest = len(before.hands[seat]) > 1
        parts.append("1 for the go" if others or rest else "1 for the last card")
    return "; " + "; ".join(parts)
