"""Embedding in a game server (issue 21): saves with a version and replay check,
bad input refused at the door, moves from a named seat, errors with their rule,
views as JSON and the per-seat event feed. Every check that concerns games runs
over every registered game (``games.names()``), so a new game is covered when it
is registered."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest

import cardrules
from cardrules import (
    CardRulesError,
    IllegalMeldError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    OptionError,
    games,
)
from cardrules.decks import shuffled, standard
from cardrules.engine import SAVE_FORMAT, GameState, parse_move_text
from cardrules.engine._moves import _read_move
from cardrules.games import thirty_one
from cardrules.games.thirty_one import Discard, Knock

NAMES = games.names()


def played(name: str, seed: int = 7, steps: int = 40, **options: Any) -> GameState[Any]:
    """A state of ``name`` after up to ``steps`` random moves."""
    game = games.create(name, **options)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


# ---- saves ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_load_state_reads_game_and_options_from_the_save(name: str) -> None:
    """cardrules.load_state needs no game: it rebuilds it from the save."""
    state = played(name, deals=1)
    back = cardrules.load_state(state.to_json())
    assert back == state
    assert back.options == state.options
    assert games.state_from_json(state.to_json(), trusted=True) == state


def test_every_save_carries_the_format_version() -> None:
    data = json.loads(played("thirty_one").to_json())
    assert data["format"] == SAVE_FORMAT == 1
    assert list(data) == ["format", "game", "state"]


@pytest.mark.parametrize(
    ("version", "words"),
    [(0, "older format"), (2, "newer format"), ("1", "not a number"), (None, "not a number")],
)
def test_a_save_of_another_version_is_refused(version: Any, words: str) -> None:
    data = json.loads(played("thirty_one").to_json())
    data["format"] = version
    with pytest.raises(InvalidStateError, match=words):
        cardrules.load_state(json.dumps(data))


def test_a_save_without_version_is_refused_as_older() -> None:
    data = json.loads(played("thirty_one").to_json())
    del data["format"]
    with pytest.raises(InvalidStateError, match="no format version"):
        cardrules.load_state(json.dumps(data))
    with pytest.raises(InvalidStateError, match="no format version"):
        games.create("thirty_one").state_from_json(json.dumps(data))


def test_game_state_from_json_still_wants_its_own_options() -> None:
    text = played("thirty_one", players=3).to_json()
    with pytest.raises(InvalidStateError, match="other options"):
        games.create("thirty_one", players=2).state_from_json(text)
    assert games.create("thirty_one", players=3).state_from_json(text).options.players == 3


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="not registered"):
        cardrules.load_state('{"format": 1, "game": "chess", "state": {}}')


def _tampered(state: GameState[Any], **changes: Any) -> str:
    data = json.loads(state.to_json())
    data["state"].update(changes)
    return json.dumps(data)


def test_a_stock_card_swapped_into_a_hand_is_refused_naming_the_place() -> None:
    """Cards still conserved, so only the replay finds it: the message names the field."""
    state = played("thirty_one", steps=3, players=2)
    data = json.loads(state.to_json())
    hand, stock = data["state"]["hands"][0], data["state"]["stock"]
    hand[0], stock[0] = stock[0], hand[0]
    text = json.dumps(data)
    with pytest.raises(InvalidStateError, match=r"\$\.hands\[0\]\[0\]: the save has"):
        cardrules.load_state(text)
    # trusted=True skips the replay: the state is consistent, so it loads.
    assert cardrules.load_state(text, trusted=True).hands[0][0] == state.stock[0]


@pytest.mark.parametrize(
    ("field", "value", "where"),
    [
        ("tokens", [2, 3], r"\$\.tokens\[0\]"),
        ("turn", None, r"\$\.turn"),
        ("phase", "over", r"\$\.phase"),
        ("deal", 1_000_000_000, r"\$\.deal"),
        ("knocker", "other", r"\$\.knocker"),
    ],
)
def test_changed_fields_are_refused(field: str, value: Any, where: str) -> None:
    state = played("thirty_one", steps=5, players=2)
    if value is None:
        value = 1 - state.turn
    if value == "other":
        value = 0 if state.knocker != 0 else 1
    with pytest.raises(InvalidStateError, match=where):
        cardrules.load_state(_tampered(state, **{field: value}))


def test_a_cut_history_is_refused() -> None:
    state = played("thirty_one", steps=6, players=2)
    data = json.loads(state.to_json())
    data["state"]["history"] = data["state"]["history"].split(";")[:-1]  # moves joined by ";"
    with pytest.raises(InvalidStateError, match="not what its seed and history give"):
        cardrules.load_state(json.dumps(data))


def test_a_forged_history_names_the_move() -> None:
    state = played("thirty_one", steps=6, players=2, knock_first_round=False)
    data = json.loads(state.to_json())
    moves = data["state"]["history"].split(";")  # a save joins the moves by ";"
    moves[0] = "knock"  # nobody may knock on the first turn (T31-4.5)
    data["state"]["history"] = ";".join(moves)
    with pytest.raises(InvalidStateError, match=r"history move 0 \('knock'"):
        cardrules.load_state(json.dumps(data))


# ---- bad input at the door -------------------------------------------------------------


def test_huge_integers_in_a_save_are_refused() -> None:
    text = played("thirty_one").to_json()
    data = json.loads(text)
    big = "9" * 5000
    huge = text.replace(f'"seed": {data["state"]["seed"]}', f'"seed": {big}')
    with pytest.raises(InvalidStateError):
        cardrules.load_state(huge)
    data["state"]["seed"] = 2**300
    with pytest.raises(InvalidStateError, match="more than 256 bits"):
        cardrules.load_state(json.dumps(data))


def test_huge_seeds_are_refused() -> None:
    game = games.create("thirty_one")
    with pytest.raises(OptionError, match="256 bits"):
        game.new_game(seed=10**5000)
    with pytest.raises(OptionError, match="256 bits"):
        shuffled(standard().cards, seed=10**400)


def test_a_seed_text_with_a_lone_surrogate_is_refused() -> None:
    with pytest.raises(OptionError, match="surrogate"):
        shuffled(standard().cards, seed="ab\ud800")


def test_a_lone_surrogate_in_a_save_is_refused() -> None:
    data = json.loads(played("thirty_one").to_json())
    data["state"]["history"] = ["draw\ud800"]
    with pytest.raises(InvalidStateError, match="surrogate"):
        cardrules.load_state(json.dumps(data))


@pytest.mark.parametrize("name", NAMES)
def test_every_number_option_has_a_maximum(name: str) -> None:
    """deals, target, penalty_cap, max_turns... all bounded, and 10**18 refused."""
    game = games.create(name)
    for info in game.describe_options():
        if info.kind.split(" ")[0] in ("int", "float") and info.choices is None:
            assert info.maximum is not None, info.name
            with pytest.raises(OptionError, match="at most"):
                games.create(name, **{info.name: 10**18})


def test_the_move_parser_refuses_long_texts_and_caches_only_short_ones() -> None:
    with pytest.raises(InvalidMoveError, match="at most 1000 characters"):
        parse_move_text(thirty_one.State.MOVES, "discard " + "x" * 2000)
    before = _read_move.cache_info().currsize
    with pytest.raises(InvalidMoveError):
        parse_move_text(thirty_one.State.MOVES, "discard " + "7h," * 150)
    assert _read_move.cache_info().currsize == before


def test_apply_refuses_a_move_from_a_seat_not_to_move() -> None:
    game = games.create("thirty_one", players=3)
    state = game.new_game(seed=1)
    move = state.legal_moves()[0]
    other = (state.turn + 1) % 3
    with pytest.raises(IllegalMoveError, match=f"seat {other} is not to move") as info:
        state.apply(move, seat=other)
    assert info.value.seat == other
    assert not state.is_legal(move, seat=other)
    with pytest.raises(IllegalMoveError, match="is to move"):
        state.check_move(move, seat=other)
    assert state.apply(move, seat=state.turn) == state.apply(move)
    assert state.is_legal(move, seat=state.turn)
    with pytest.raises(OptionError):
        state.apply(move, seat="1")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
def test_apply_with_seat_in_every_game(name: str) -> None:
    state = played(name, steps=5)
    move = state.legal_moves()[0]
    seat = state.current_player
    assert state.apply(move, seat=seat) == state.apply(move)
    wrong = 0 if seat != 0 else 1
    with pytest.raises(IllegalMoveError):
        state.apply(move, seat=wrong)


# ---- errors a server can use -------------------------------------------------------------


def test_t31_4_5_illegal_move_error_carries_rule_reason_seat_and_move() -> None:
    game = games.create("thirty_one", players=3, knock_first_round=False)
    state = game.new_game(seed=1)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(Knock())
    err = info.value
    assert err.rule == "T31-4.5"
    assert err.reason == "nobody may knock before every player has had a turn"
    assert "T31-4.5" not in err.reason
    assert "T31-4.5" in str(err)
    assert err.seat == state.turn
    assert err.move == Knock()


def test_replay_keeps_the_rule_of_the_refused_move() -> None:
    with pytest.raises(IllegalMoveError) as info:
        games.create("thirty_one", players=3, knock_first_round=False).replay(1, ["knock"])
    assert info.value.rule == "T31-4.5"
    assert "replay move 0" in info.value.reason


def test_illegal_meld_error_carries_its_rule() -> None:
    err = IllegalMeldError("a set has three or four cards of one rank (T51-4.3)")
    assert (err.rule, err.reason) == ("T51-4.3", "a set has three or four cards of one rank")
    assert IllegalMeldError("no rule here").rule is None


def test_t31_4_5_explain_of_a_legal_knock_says_it_is_legal() -> None:
    """The issue's case: knocking is legal, so explain must not give a reason against it."""
    game = games.create("thirty_one", players=2, knock_first_round=True)
    state = game.new_game(seed=1)
    assert state.is_legal(Knock())
    assert state.turns == 0  # the game's own explain would say nobody may knock yet
    assert state.explain(Knock()) == "'knock' is legal now"


def _move_pool(name: str) -> list[Any]:
    """Moves met in a few playouts of the game: legal somewhere, often illegal elsewhere."""
    pool: dict[str, Any] = {}
    for seed in range(3):
        game = games.create(name, deals=1)
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal and len(pool) < 400:
            for move in state.legal_moves():
                pool.setdefault(str(move), move)
            state = state.apply(rng.choice(state.legal_moves()))
    return list(pool.values())


@pytest.mark.parametrize("name", NAMES)
def test_explain_agrees_with_is_legal_in_every_game(name: str) -> None:
    """Property: explain never gives a reason against a legal move, and for an illegal one
    its reason is the one apply raises."""
    pool = _move_pool(name)
    rng = random.Random(3)
    game = games.create(name, deals=1)
    state = game.new_game(seed=11)
    steps = 0
    while not state.is_terminal and steps < 60:
        for move in state.legal_moves():
            assert state.explain(move) == f"'{move}' is legal now"
        for move in rng.sample(pool, min(15, len(pool))):
            if state.is_legal(move):
                assert state.explain(move) == f"'{move}' is legal now"
                continue
            why = state.explain(move)
            assert why
            assert "is legal now" not in why
            with pytest.raises(IllegalMoveError) as info:
                state.apply(move)
            assert info.value.reason == cardrules.errors.split_rule(why)[1]
        state = state.apply(rng.choice(state.legal_moves()))
        steps += 1
    move = pool[0]
    if state.is_terminal:
        assert state.explain(move) == "the game is over"


# ---- views and events ---------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_view_is_json(name: str) -> None:
    state = played(name)
    for seat in range(len(state.scores)):
        view = state.view(seat)
        data = json.loads(view.to_json())
        assert data == cardrules.to_data(view)
        assert data["seat"] == seat
        assert "history" not in json.loads(view.to_json(history=False))


def _cards_in(text: str) -> set[str]:
    found = set()
    for token in text.replace(",", " ").split():
        with contextlib.suppress(CardRulesError):
            found.add(str(cardrules.parse_card(token)))
    return found


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


@pytest.mark.parametrize("name", NAMES)
def test_events_never_reveal_a_card_the_view_does_not_show(name: str) -> None:
    """Property: every card named in a seat's events has been shown by that seat's views."""
    game = games.create(name)
    state = game.new_game(seed=5)
    rng = random.Random(5)
    states = [state]
    while not state.is_terminal and len(states) < 120:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    for seat in range(len(state.scores)):
        events = state.events(seat)
        seen: set[str] = set()
        shown_upto = -1
        for event in events:
            index = event["index"]
            while shown_upto < index + 1:
                shown_upto += 1
                view_data = states[shown_upto].view(seat).to_data()
                seen |= {c for s in _strings(view_data) for c in _cards_in(s)}
            named = {c for s in _strings(event) for c in _cards_in(s)}
            assert named <= seen, (seat, event, named - seen)
        assert json.loads(json.dumps(events)) == list(events)
        # since=k gives the tail
        k = len(state.history) // 2
        assert state.events(seat, since=k) == tuple(e for e in events if e["index"] >= k)


def test_events_say_who_moved_and_what_deal_scored() -> None:
    game = games.create("thirty_one", players=2, deals=1)
    state = game.new_game(seed=1)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_moves()))
    events = state.events(0)
    moves = [e for e in events if e["kind"] == "move"]
    assert [e["move"] for e in moves] == [str(m) for m in state.history]
    assert moves[0]["text"] == f"seat 1: {state.history[0]}"
    assert [e["kind"] for e in events[-2:]] == ["deal", "over"]
    assert events[-1]["scores"] == list(state.scores)
    with pytest.raises(OptionError):
        state.events(2)
    with pytest.raises(OptionError):
        state.events(0, since=len(state.history) + 1)
    assert state.events(0, since=len(state.history)) == ()


def test_cr_3_1_a_laid_away_crib_is_hidden_from_the_other_seat() -> None:
    """Cribbage's view keeps no history: a seat's lay-away shows to it alone."""
    state = games.create("cribbage").new_game(seed=3)
    mover = state.current_player
    state = state.apply(state.legal_moves()[0])
    mine, theirs = state.events(mover)[0], state.events(1 - mover)[0]
    assert mine["move"] == str(state.history[0])
    assert theirs["move"] is None
    assert theirs["text"] == f"seat {mover} moved"


def test_discard_notation_in_events_is_the_move_notation() -> None:
    move = Discard(cardrules.parse_card("7h"))
    assert str(move) == "discard 7h"


def test_cr_5_1_a_card_played_is_public_in_the_events() -> None:
    game = games.create("cribbage")
    state = game.new_game(seed=3)
    while not any(str(m).startswith("play") for m in state.legal_moves()):
        state = state.apply(state.legal_moves()[0])
    mover = state.current_player
    state = state.apply(state.legal_moves()[0])
    for seat in (0, 1):
        event = state.events(seat, since=len(state.history) - 1)[0]
        assert event["move"] == str(state.history[-1])
        assert event["seat"] == mover


def test_rule_errors_survive_pickling() -> None:
    """A worker process sends refusals back whole: move, rule, seat, reason, message."""
    import pickle

    from cardrules.errors import IllegalMeldError, IllegalMoveError

    err = IllegalMoveError("knock", "nobody may knock yet (T31-4.5)", seat=2)
    back = pickle.loads(pickle.dumps(err))
    assert (back.move, back.rule, back.seat, back.reason, str(back)) == (
        "knock",
        "T31-4.5",
        2,
        "nobody may knock yet",
        str(err),
    )
    meld = IllegalMeldError("a run needs three cards", rule="T51-2.2")
    again = pickle.loads(pickle.dumps(meld))
    assert (again.rule, again.reason, str(again)) == ("T51-2.2", meld.reason, str(meld))
