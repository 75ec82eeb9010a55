"""The conformance kit on every registered game, and on a broken game."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import pytest

from cardrules import ConformanceError, OptionError, games
from cardrules.engine import Game, GameState, Move
from cardrules.games import thirty_one
from cardrules.testing import check_game, check_state


@pytest.mark.parametrize("name", games.names())
def test_every_game_one_deal(name: str) -> None:
    """Single deals of every game pass the whole kit."""
    report = check_game(games.create(name, deals=1), playouts=6)
    assert report.terminal == 6
    assert report.deep_states > 0


@pytest.mark.parametrize("name", games.names())
def test_every_game_default_match(name: str) -> None:
    """Whole games (the default match) pass the kit and end."""
    report = check_game(games.create(name), playouts=2, deep_every=25)
    assert report.terminal == 2


class TestKitCatchesBugs:
    """The kit must fail on games that break the protocol."""

    def test_listed_move_refused(self) -> None:
        """A game that lists a move its apply refuses is caught."""

        @attrs.frozen(kw_only=True)
        class Liar(thirty_one.State):
            def _generate_moves(self) -> tuple[Move, ...]:
                moves = super()._generate_moves()
                return (
                    (*moves, thirty_one.PASS) if thirty_one.PASS not in moves and moves else moves
                )

            def _next(self, move: Move) -> Any:
                if move == thirty_one.PASS and self.knocker is None:
                    raise ValueError("boom")
                return super()._next(move)

        class LiarGame(thirty_one.ThirtyOne):
            STATE: ClassVar[type[GameState[Any]]] = Liar

            def _new_game(self, seed: int) -> Any:
                base = super()._new_game(seed)
                return Liar(**{f.name: getattr(base, f.name) for f in attrs.fields(Liar) if f.init})

        with pytest.raises(ConformanceError, match="refused"):
            check_game(LiarGame.create(players=3, deals=1), playouts=2, deep_every=1)

    def test_card_created(self) -> None:
        """A game whose move creates a card is caught by conservation."""

        @attrs.frozen(kw_only=True)
        class Forger(thirty_one.State):
            def _next(self, move: Move) -> Any:
                nxt = super()._next(move)
                return attrs.evolve(nxt, discard=(*nxt.discard, nxt.discard[-1]))

        class ForgerGame(thirty_one.ThirtyOne):
            STATE: ClassVar[type[GameState[Any]]] = Forger

            def _new_game(self, seed: int) -> Any:
                base = super()._new_game(seed)
                return Forger(
                    **{f.name: getattr(base, f.name) for f in attrs.fields(Forger) if f.init}
                )

        with pytest.raises(ConformanceError, match="cards are not the deck"):
            check_game(ForgerGame.create(players=3, deals=1), playouts=1)

    def test_leaky_view(self) -> None:
        """A view that shows the stock is caught by resampling."""

        @attrs.frozen(kw_only=True)
        class Leaky(thirty_one.State):
            def view(self, seat: int) -> Any:
                return (super().view(seat), self.stock)

        class LeakyGame(thirty_one.ThirtyOne):
            STATE: ClassVar[type[GameState[Any]]] = Leaky

            def _new_game(self, seed: int) -> Any:
                base = super()._new_game(seed)
                return Leaky(
                    **{f.name: getattr(base, f.name) for f in attrs.fields(Leaky) if f.init}
                )

        with pytest.raises(ConformanceError, match="resample"):
            check_game(LeakyGame.create(players=3, deals=1), playouts=1)

    def test_game_that_never_ends(self) -> None:
        """A game still running after max_moves fails."""
        with pytest.raises(ConformanceError, match="not over"):
            check_game(games.create("thirty_one"), playouts=1, max_moves=5)


def test_user_game_base_classes_are_public() -> None:
    """Users build games on the same public base classes."""
    assert issubclass(thirty_one.ThirtyOne, Game)
    assert issubclass(thirty_one.State, GameState)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"game": None}, "checks a game"),
        ({"playouts": 0}, "playouts"),
        ({"playouts": "3"}, "playouts"),
        ({"deep_every": 0}, "deep_every"),
        ({"max_moves": None}, "max_moves"),
        ({"seeds": 5}, "seeds"),
        ({"seeds": ["a"]}, "seeds"),
        ({"rng_seed": [1]}, "rng_seed"),
    ],
)
def test_kit_refuses_bad_arguments(kwargs: dict[str, Any], fragment: str) -> None:
    """check_game says which argument is wrong instead of crashing."""
    args: dict[str, Any] = {"game": games.create("thirty_one"), "playouts": 1, **kwargs}
    with pytest.raises(OptionError, match=fragment):
        check_game(**args)


def test_check_state_refuses_bad_arguments() -> None:
    """check_state needs a state of the game and a random.Random."""
    game = games.create("thirty_one")
    with pytest.raises(OptionError, match="state of thirty_one"):
        check_state(game, None, rng=random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="rng"):
        check_state(game, game.new_game(1), rng=0)  # type: ignore[arg-type]
