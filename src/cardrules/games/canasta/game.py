"""The Canasta game class: options, the deal, transcripts, the bot, the picture.

Examples:
    >>> game = Canasta.create(deals=1)
    >>> game.players, game.NAME
    (4, 'canasta')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import Codec, Game, GameState, Move
from cardrules.games.canasta.bot import greedy_move as _greedy_move
from cardrules.games.canasta.moves import action_fields
from cardrules.games.canasta.scoring import Options, is_red_three
from cardrules.games.canasta.state import Phase, State, View, deal
from cardrules.render import cards_text, frame, hand_line, seat_table, turn_line

__all__ = ["Canasta", "render"]


@attrs.frozen
class Canasta(Game[State, Options]):
    """Canasta under fixed options.

    Examples:
        >>> state = Canasta.create().new_game(seed=4)
        >>> state.current_player, state.totals
        (0, (0, 0))
    """

    NAME: ClassVar[str] = "canasta"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Canasta: two partnerships meld same-rank sets with wild cards"
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """A meld by rank and counts; a lay-off's meld by its place."""
        return action_fields(faces)

    def _sample_allows(self, view: Any) -> Callable[[int, Card], bool] | None:
        """A red three is never dealt into a hand: it is laid at once (CAN-3)."""
        return lambda seat, card: not is_red_three(card)

    def _sample_fields(self, view: Any, rng: random.Random) -> dict[str, Any]:
        """A partnership's fields from the view's per-seat copies (seats 0 and 1)."""
        if self.options.players != 4:
            return {}
        return {
            "totals": view.totals[:2],
            "opened": view.opened[:2],
            "red_threes": view.red_threes[:2],
        }

    def _new_game(self, seed: int) -> State:
        blank = State(
            options=self.options, seed=seed, deal=0, dealer=self.options.players - 1, turn=0,
            phase=Phase.DRAW, hands=((),) * self.options.players, totals=(0,) * self.options.sides,
        )  # fmt: skip
        return deal(blank, 0, self.options.players - 1)

    def narrate_deal(self, before: State | None, after: State) -> tuple[str, ...]:
        """Transcript lines: each deal's scores, each new deal, the end.

        Examples:
            >>> game = Canasta.create()
            >>> game.narrate(None, None, game.new_game(seed=1))[0][:30]
            'deal 1: seat 3 deals; totals ['
        """
        lines: list[str] = []
        if before is not None and after.last_deal is not before.last_deal:
            lines.extend(after.last_deal.describe() if after.last_deal else ())
        if before is None or (after.deal != before.deal and not after.is_terminal):
            lines.append(
                f"deal {after.deal + 1}: seat {after.dealer} deals; totals {list(after.totals)}"
            )
        if after.is_terminal:
            who = "a tie" if after.winner is None else f"side {after.winner} wins"
            lines.append(f"game over: {who} {after.totals[0]}-{after.totals[1]}")
        return tuple(lines)

    def greedy_move(self, state: State, rng: random.Random) -> Move:
        """Take the pile, meld, go out with a canasta (see ``bot``).

        Examples:
            >>> game = Canasta.create()
            >>> state = game.new_game(seed=5)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        self._own(state)
        return _greedy_move(state, rng)


def render(view: View) -> str:
    """The seat's view as plain text for a person.

    Examples:
        >>> from cardrules import games
        >>> print(render(games.create("canasta").new_game(seed=1).view(0)))
        == Canasta, deal 1, to 5000 ==
        ...
    """
    me = view.seat
    top = cards_text(view.pile[-1:]) if view.pile else "-"
    lines = [
        f"pile: {len(view.pile)} cards, top {top}{' (frozen)' if view.frozen else ''}; "
        f"stock {view.stock_size}",
        hand_line(view.hand),
    ]
    for side in range(len(view.totals)):
        melds = [cards_text(t.meld.cards) for t in view.table if t.owner == side]
        reds = cards_text(view.red_threes[side]) if view.red_threes[side] else "-"
        lines.append(
            f"side {side} ({'melded' if view.opened[side] else 'not melded'}), total "
            f"{view.totals[side]}, red threes {reds}: " + ("; ".join(melds) or "no melds")
        )
    if view.pending:
        lines.append(
            "initial meld in progress: " + "; ".join(cards_text(m.cards) for m in view.pending)
        )
    sides = tuple(s % 2 if len(view.hand_sizes) == 4 else s for s in range(len(view.hand_sizes)))
    table = seat_table(me, view.turn, {"cards": view.hand_sizes, "side": sides})
    doing = {"draw": "draw or take the pile", "play": "meld and discard", "answer": "answer"}
    return frame(
        f"Canasta, deal {view.deal + 1}, to {view.options.target}",
        lines,
        table,
        turn_line(view.turn, me, doing.get(view.phase.value, "")),
    )
