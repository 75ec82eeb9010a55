"""The Fifty-Six game class: options, the deal, move notation, transcripts, the bot (FS-1 to FS-9).

Examples:
    >>> game = FiftySix.create(players=6)
    >>> game.players, game.NAME
    (6, 'fifty_six')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import Codec, Game, GameState, Move, int_codec
from cardrules.games.fifty_six._moves import Bid, Play, read_bid
from cardrules.games.fifty_six.bot import greedy_move as _greedy_move
from cardrules.games.fifty_six.scoring import MAX_BID, MIN_BID, TABLES, Options
from cardrules.games.fifty_six.state import Phase, State, _deal

__all__ = ["FiftySix"]


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

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """A bid's number runs from the lowest to the highest bid."""
        return {"bid": {"number": int_codec(MIN_BID, MAX_BID)}}

    def _sample_fields(self, view: Any, rng: random.Random) -> dict[str, Any]:
        """Whether a suit was bid in this deal's auction (the moves after the last card
        played), which decides the bids still open."""
        history = view.history
        start = max((i + 1 for i, m in enumerate(history) if isinstance(m, Play)), default=0)
        bids = (m for m in history[start:] if isinstance(m, Bid))
        return {"suit_bid": any(m.denomination.trump is not None for m in bids)}

    def _new_game(self, seed: int) -> State:
        n = self.options.players
        tables = (TABLES, TABLES) if self.options.tables else (0, 0)  # FS-8.4
        blank = State(
            options=self.options, seed=seed, deal=0, dealer=0, turn=1, phase=Phase.BIDDING,
            hands=((),) * n, totals=tables,
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
            high = state.high if isinstance(state, State) else None
            canonical = read_bid(text, high.number if high is not None else None)
            if canonical is not None:
                text = canonical
        return super().parse_move(state, text)

    def narrate_deal(self, before: State | None, after: State) -> tuple[str, ...]:
        """Transcript lines: each game's result, each new game with the totals, the end.

        Examples:
            >>> game = FiftySix.create(players=4)
            >>> game.narrate(None, None, game.new_game(seed=1))
            ('deal 1: seat 0 deals; team totals [0, 0]',)
        """
        lines: list[str] = []
        if before is not None and after.last_deal is not before.last_deal:
            lines.extend(after.last_deal.describe() if after.last_deal else ())
        if before is None or (after.deal != before.deal and not after.is_terminal):
            totals = list(after.totals)
            lines.append(f"deal {after.deal + 1}: seat {after.dealer} deals; team totals {totals}")
        if after.is_terminal:
            a, b = after.totals
            lines.append(f"game over: {'a tie' if a == b else f'team {int(b > a)} wins'} {a}-{b}")
        return tuple(lines)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """Bid on a fair estimate of the hand; follow, win a trick when it is cheap.

        Examples:
            >>> game = FiftySix.create()
            >>> state = game.new_game(seed=5)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        self._own(state)
        return _greedy_move(state, rng)
