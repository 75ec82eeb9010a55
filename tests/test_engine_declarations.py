"""The engine's declarations OVER, DECK and PILES, which give a state the hooks
``current_player``, ``is_terminal``, ``deck`` and ``all_cards``."""

from __future__ import annotations

import enum
from typing import ClassVar

import attrs
import pytest

from cardrules import games, parse_cards
from cardrules.decks import Deck, standard
from cardrules.engine import GameState
from cardrules.games import thirty_one


class Phase(enum.Enum):
    PLAY = "play"
    OVER = "over"


@attrs.frozen(kw_only=True)
class Bare(GameState[None]):
    """A state that declares nothing: it must write the hooks itself."""

    options: None = None
    seed: int = 0
    history: tuple[()] = ()
    phase: Phase = Phase.PLAY
    turn: int = 1
    hands: tuple[tuple[object, ...], ...] = ()
    stock: tuple[object, ...] = ()


@attrs.frozen(kw_only=True)
class Declared(Bare):
    """The same state with the three declarations."""

    OVER: ClassVar[Phase] = Phase.OVER
    DECK: ClassVar[Deck] = standard()
    PILES: ClassVar[tuple[str, ...]] = ("stock",)


class TestDeclarations:
    def test_undeclared_hooks_are_not_implemented(self) -> None:
        """Without the declarations the four hooks stay the game's to write."""
        state = Bare()
        for hook in (lambda: state.current_player, lambda: state.is_terminal):
            with pytest.raises(NotImplementedError):
                hook()
        with pytest.raises(NotImplementedError):
            state.deck()
        with pytest.raises(NotImplementedError):
            state.all_cards()

    def test_over_gives_turn_and_end(self) -> None:
        """current_player is the turn field until phase is OVER, then None."""
        state = Declared(turn=2)
        assert (state.current_player, state.is_terminal) == (2, False)
        over = attrs.evolve(state, phase=Phase.OVER)
        assert (over.current_player, over.is_terminal) == (None, True)

    def test_deck_and_piles(self) -> None:
        """deck() is DECK; all_cards() is the hands' cards, then each pile's."""
        hands = (tuple(parse_cards("Ah Kh")), tuple(parse_cards("2c")))
        state = Declared(hands=hands, stock=tuple(parse_cards("3d 4d")))
        assert state.deck() is Declared.DECK
        assert tuple(state.all_cards()) == parse_cards("Ah Kh 2c 3d 4d")

    def test_a_game_uses_them(self) -> None:
        """Thirty-One's state takes its four hooks from its declarations (T31-1.1)."""
        state = games.create("thirty_one", players=3).new_game(seed=1)
        assert thirty_one.State.OVER is thirty_one.Phase.OVER
        assert state.current_player == state.turn
        assert state.deck().size == 52
        assert list(state.all_cards()) == [
            *(c for hand in state.hands for c in hand),
            *state.stock,
            *state.discard,
        ]
