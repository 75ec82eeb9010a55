"""Moves with a legal range of amounts: the engine's ranged families and the kit's checks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import IllegalMoveError, games
from cardrules.errors import ConformanceError, InvalidMoveError
from cardrules.games.blackjack import Bet, State
from cardrules.testing import check_game, check_state


def test_games_without_ranged_moves_refuse_amount_range() -> None:
    """A game with no ranged moves names none; its kit run is unchanged."""
    state = games.create("thirty_one").new_game(seed=1)
    assert state.RANGED == ()
    with pytest.raises(InvalidMoveError, match="none"):
        state.amount_range("knock")


def test_unlisted_amount_is_accepted_everywhere() -> None:
    """is_legal, check_move, explain, apply, parse_move, replay, saves, events."""
    game = games.create("blackjack", deals=1)
    state = game.new_game(seed=3)
    move = game.parse_move(state, "bet 137")
    assert move == Bet(137)
    assert move not in state.legal_moves()
    assert state.is_legal(move)
    assert state.is_legal(move, seat=0)
    assert not state.is_legal(move, seat=1)
    state.check_move(move)
    after = state.apply(move)
    assert after.bets == (137,)
    assert game.replay(3, ["bet 137"]) == after
    assert game.state_from_json(after.to_json()) == after
    assert after.events(0)[0]["move"] == "bet 137"
    assert game.action_index(move) == 137  # Blackjack numbers every amount


def test_out_of_range_is_refused_with_the_range_and_nothing_applied() -> None:
    """A bet outside the range names the range and the rule; the state is unchanged."""
    game = games.create("blackjack", deals=1, bankroll=40)
    state = game.new_game(seed=3)
    before = state.to_json()
    for amount in (1, 41, -5):
        with pytest.raises(IllegalMoveError) as info:
            state.apply(Bet(amount))
        assert "2 to 40" in info.value.reason
        assert info.value.rule is not None
        assert not state.is_legal(Bet(amount))
    assert not state.is_legal(Bet(True))  # type: ignore[arg-type]
    assert state.to_json() == before


def test_kit_catches_a_range_wider_than_the_rules(monkeypatch: Any) -> None:
    """A game whose amount_range promises amounts its state cannot hold fails the kit."""

    def wide(self: State, kind: Any) -> tuple[int, int] | None:
        return (2, 10**6) if kind is Bet and self.phase.value == "bet" else None

    monkeypatch.setattr(State, "_amount_range", wide)
    with pytest.raises(ConformanceError):
        check_game(games.create("blackjack", deals=1), playouts=1)


def test_kit_catches_a_range_narrower_than_the_listed_moves(monkeypatch: Any) -> None:
    """Listed amounts outside amount_range fail the kit."""

    def narrow(self: State, kind: Any) -> tuple[int, int] | None:
        return (2, 3) if kind is Bet and self.phase.value == "bet" else None

    monkeypatch.setattr(State, "_amount_range", narrow)
    game = games.create("blackjack", deals=1)
    with pytest.raises(ConformanceError, match="leave"):
        check_state(game, game.new_game(seed=1), rng=random.Random(0))
