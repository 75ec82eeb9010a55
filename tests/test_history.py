"""The engine's hot path: the history shared between states, and the lookup of a move."""

from __future__ import annotations

import copy
import json
import pickle
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import IllegalMoveError, games
from cardrules.engine import EMPTY_HISTORY, History, Move, from_data, to_data
from cardrules.games.thirty_one import DRAW_STOCK, KNOCK, Discard, Knock


@attrs.frozen
class Step(Move):
    NAME = "step"
    number: int


def steps(n: int, start: int = 0) -> History:
    history = EMPTY_HISTORY
    for i in range(start, start + n):
        history = history.append(Step(i))
    return history


class TestHistoryIsASequence:
    @given(st.integers(0, 60), st.data())
    def test_reads_like_the_tuple_of_its_moves(self, n: int, data: st.DataObject) -> None:
        """len, iteration, reversed, indexing, slicing, in, index, count: as the tuple."""
        history = steps(n)
        moves = tuple(Step(i) for i in range(n))
        assert len(history) == n
        assert bool(history) == bool(n)
        assert list(history) == list(moves)
        assert list(reversed(history)) == list(reversed(moves))
        index = data.draw(st.integers(-n - 3, n + 3))
        if -n <= index < n:
            assert history[index] == moves[index]
        else:
            with pytest.raises(IndexError):
                history[index]
        cut = data.draw(st.slices(n + 2))
        assert history[cut] == moves[cut]
        assert isinstance(history[cut], History)
        assert (Step(n // 2) in history) == (n > 0)
        assert Step(n) not in history
        if n:
            assert history.index(Step(n - 1)) == n - 1
        assert history.count(Step(0)) == (1 if n else 0)

    def test_equal_to_histories_and_tuples_of_the_same_moves(self) -> None:
        """Equal to a tuple of the same moves (either way round), hashed like it; not to a
        list (as a tuple is not)."""
        history = steps(5)
        moves = tuple(Step(i) for i in range(5))
        assert history == moves
        assert moves == history
        assert not history.__ne__(moves)
        assert hash(history) == hash(moves)
        assert history == History(moves) == steps(5)
        assert history != steps(4)
        assert history != steps(5, start=1)
        assert history != list(moves)
        assert EMPTY_HISTORY == () == History()

    def test_a_new_move_is_one_link_on_the_old_history(self) -> None:
        """Appending shares the old history: the prefix slice is the old object itself."""
        old = steps(1000)
        new = old.append(Step(1000))
        assert new[:1000] is old
        assert len(old) == 1000
        assert len(new) == 1001
        assert new[-1] == Step(1000)
        assert old[-1] == Step(999)
        assert old + (Step(1000),) == new
        assert (Step(-1),) + steps(2) == (Step(-1), Step(0), Step(1))
        assert History(old) is old

    def test_repr_copy_pickle(self) -> None:
        """Copies are the object itself; a long history pickles without deep recursion and
        states pickled together share their earlier history."""
        history = steps(5000)
        assert repr(steps(1)) == "History((Step(number=0),))"
        assert copy.copy(history) is history
        assert copy.deepcopy(history) is history
        later = history.append(Step(5000))
        back, back_later = pickle.loads(pickle.dumps((history, later)))
        assert back == history
        assert back_later == later
        assert back_later[:4096] is back[:4096]

    def test_json_data(self) -> None:
        """A history is a list of move notations in JSON data, and comes back from it."""
        game = games.create("thirty_one", players=2)
        state = game.replay(1, ["draw stock", "discard 9h"])
        assert to_data(state.history) == ["draw stock", "discard 9h"]
        back = from_data(History, ["draw stock", "discard 9h"], game.STATE.MOVES)
        assert isinstance(back, History)
        assert back == state.history


class TestEngineKeepsTheHistory:
    def test_every_state_shares_its_parents_history(self) -> None:
        """The engine appends the move in apply; a child's history is one link on its
        parent's, in every game."""
        for name in games.names():
            game = games.create(name)
            state = game.new_game(seed=2)
            rng = random.Random(2)
            for _ in range(30):
                if state.is_terminal:
                    break
                move = rng.choice(state.legal_moves())
                after = state.apply(move)
                assert isinstance(after.history, History), name
                assert after.history[:-1] is state.history, name
                assert after.history[-1] is move, name
                state = after

    def test_state_with_a_tuple_history(self) -> None:
        """A state built by hand with a tuple history still plays on; equality, JSON and
        pickling do not see the difference."""
        game = games.create("thirty_one", players=2)
        state = game.replay(1, ["draw stock"])
        as_tuple = attrs.evolve(state, history=tuple(state.history))
        assert as_tuple == state
        assert hash(as_tuple) == hash(state)
        assert as_tuple.to_json() == state.to_json()
        move = state.legal_moves()[0]
        assert as_tuple.apply(move) == state.apply(move)
        assert isinstance(as_tuple.apply(move).history, History)
        assert pickle.loads(pickle.dumps(state)) == state
        assert game.state_from_json(state.to_json()) == state

    def test_greedy_bot_look_ahead_leaves_history_alone(self) -> None:
        """Game.greedy_move looks one move ahead through _next; the states it plays from
        keep their own histories."""
        game = games.create("empat_satu")
        state = game.new_game(seed=3)
        move = game.greedy_move(state, random.Random(1))
        assert len(state.history) == 0
        assert len(state.apply(move).history) == 1


class TestMoveLookup:
    def test_equal_move_is_replaced_by_the_listed_one(self) -> None:
        """A parsed (equal, not identical) move finds the listed one by hash."""
        game = games.create("thirty_one", players=2)
        state = game.replay(1, ["draw stock"])
        listed = state.legal_moves()[-1]
        parsed = Discard(listed.card)
        assert parsed is not listed
        assert state.is_legal(parsed)
        assert state.apply(parsed).history[-1] is listed
        assert state.apply(parsed) == state.apply(listed)

    def test_junk_and_foreign_moves_are_refused_as_before(self) -> None:
        """Unhashable junk, moves of another game and equal moves of another class."""
        game = games.create("thirty_one", players=2)
        state = game.new_game(seed=1)

        class Unhashable(Move):
            __hash__ = None  # type: ignore[assignment]

        @attrs.frozen(eq=False)
        class Impostor(Knock):
            def __eq__(self, other: object) -> bool:
                return True

            def __hash__(self) -> int:
                return hash(KNOCK)

        for junk in ([1, 2], Unhashable(), Impostor(), Step(1), None):
            assert not state.is_legal(junk)
            with pytest.raises(IllegalMoveError):
                state.apply(junk)
        with pytest.raises(
            IllegalMoveError, match="it is a Impostor, not the legal move 'knock' it equals"
        ):
            state.apply(Impostor())
        assert state.is_legal(KNOCK)
        assert state.is_legal(DRAW_STOCK)
        assert not state.is_legal(Discard(state.hands[1][0]))

    def test_first_of_equal_listed_moves_wins(self) -> None:
        """The hash table keeps the first listed of equal moves, as the scan did."""
        game = games.create("thirty_one", players=2)
        state = game.new_game(seed=1)
        object.__setattr__(state, "_legal", (KNOCK, Step(1), Step(1)))
        first = state.legal_moves()[1]
        assert state._listed(Step(1)) is first


def test_history_json_unchanged() -> None:
    """A save holds the history as one text of notations joined by ";" (its compact
    form, issue 27); a save with the history as a list of notations still reads."""
    game = games.create("thirty_one", players=2)
    state = game.replay(1, ["draw stock", "discard 9h"])
    data = json.loads(state.to_json())
    assert data["state"]["history"] == "draw stock;discard 9h"
    data["state"]["history"] = ["draw stock", "discard 9h"]
    assert game.state_from_json(json.dumps(data)) == state
