"""A lay-off onto a set names no end; one onto a run names its end (issue 26, point 8).

Turkish 51 (T51-6.1 runs, T51-6.2 sets), Kalooki 51 (K51-6.1 runs, K51-6.2 sets) and Canasta
(CAN-5.3: every meld is of one rank) share the rummy table's ``LayOff``. A set's lay-off is
written ``layoff 7h 2``, a run's ``layoff 8h 0 low``. Saves written before this change wrote
a set's lay-off as ``layoff 7h 2 high``: the saves in ``data/old_layoff_saves.json`` were
made by the library before it (greedy play, seed 0) and must still load, replay and go on.

Written as a user of the public API would: ``load_state``, ``parse_move``, ``legal_moves``,
``apply``, ``explain``, the event feed and the action space.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardrules import games, load_state
from cardrules.cards import Card
from cardrules.engine import Move, parse_move_text
from cardrules.engine._moves import move_form
from cardrules.errors import IllegalMoveError, InvalidMoveError, InvalidStateError
from cardrules.games._rummy import LayOff, Side
from cardrules.melds import MeldKind

OLD_SAVES: dict[str, str] = json.loads(
    (Path(__file__).parent / "data" / "old_layoff_saves.json").read_text(encoding="utf-8")
)
GAMES = ("turkish51", "kalooki51", "canasta")
SET_CLAUSE = {"turkish51": "T51-6.2", "kalooki51": "K51-6.2", "canasta": "CAN-5.3"}
RUN_CLAUSE = {"turkish51": "T51-6.1", "kalooki51": "K51-6.1"}


def _same_rank(name: str, state: Any, target: int) -> bool:
    """Whether table meld ``target`` is of one rank (a set; every Canasta meld)."""
    return name == "canasta" or state.table[target].meld.kind is MeldKind.SET


def _layoffs(name: str) -> list[tuple[Any, LayOff, bool]]:
    """Each lay-off of the old save's history with the position before it and whether it
    went onto a meld of one rank, found by replaying the history from the seed."""
    saved = load_state(OLD_SAVES[name])
    state = saved.game.new_game(saved.seed)
    out = []
    for move in saved.history:
        if isinstance(move, LayOff):
            out.append((state, move, _same_rank(name, state, move.target)))
        state = state.apply(move)
    return out


# --------------------------------------------------------------------------- new notation


@pytest.mark.parametrize("name", GAMES)
def test_set_layoff_is_offered_without_an_end(name: str) -> None:
    """Where the old save laid a card onto a set, the legal moves now list it with no end."""
    found = [(before, move) for before, move, one_rank in _layoffs(name) if one_rank]
    assert found, "the fixture holds a lay-off onto a set"
    for before, old in found:
        assert old.side is Side.HIGH  # what the library wrote before
        texts = [str(m) for m in before.legal_moves()]
        assert f"layoff {old.card} {old.target}" in texts
        assert f"layoff {old.card} {old.target} high" not in texts
        for listed in before.legal_moves():
            if isinstance(listed, LayOff) and _same_rank(name, before, listed.target):
                assert listed.side is None
                assert len(str(listed).split()) == 3


@pytest.mark.parametrize("name", ["turkish51", "kalooki51"])
def test_run_layoff_keeps_its_end(name: str) -> None:
    """A run's lay-off is still written with its end (T51-6.1, K51-6.1)."""
    runs = [(before, move) for before, move, one_rank in _layoffs(name) if not one_rank]
    assert runs, "the fixture holds a lay-off onto a run"
    for before, move in runs:
        assert move.side in (Side.LOW, Side.HIGH)
        assert str(move) == f"layoff {move.card} {move.target} {move.side.value}"
        assert move in before.legal_moves()


@pytest.mark.parametrize("name", GAMES)
def test_layoff_text_round_trip(name: str) -> None:
    """Every listed lay-off reads back from its own text, in the notation and by parse_move;
    ``-`` still stands for no end."""
    game = load_state(OLD_SAVES[name]).game
    for before, _, _ in _layoffs(name):
        for listed in before.legal_moves():
            if isinstance(listed, LayOff):
                assert game.parse_move(before, str(listed)) == listed
                if listed.side is None:
                    assert game.parse_move(before, f"{listed} -") == listed


@pytest.mark.parametrize("name", GAMES)
def test_set_layoff_plays_as_before(name: str) -> None:
    """The side-less lay-off onto a set plays exactly as the old ``high`` one did."""
    for before, old, one_rank in _layoffs(name):
        if one_rank:
            new = before.game.parse_move(before, f"layoff {old.card} {old.target}")
            assert new.side is None
            assert before.apply(new).table == before.apply(old).table
            assert before.apply(new).hands == before.apply(old).hands


@pytest.mark.parametrize("name", GAMES)
def test_set_layoff_with_low_is_refused_naming_no_end(name: str) -> None:
    """A set's lay-off names no end: ``low`` is refused, saying so, with the game's clause."""
    for before, old, one_rank in _layoffs(name):
        if not one_rank:
            continue
        wrong = LayOff(old.card, old.target, Side.LOW)
        with pytest.raises(IllegalMoveError) as caught:
            before.apply(wrong)
        assert "names no end" in caught.value.reason
        assert f"'layoff {old.card} {old.target}'" in caught.value.reason
        assert caught.value.rule == SET_CLAUSE[name]


@pytest.mark.parametrize("name", ["turkish51", "kalooki51"])
def test_run_layoff_without_an_end_is_refused(name: str) -> None:
    """A run's lay-off must name its end: without one it is refused, naming the right one."""
    for before, move, one_rank in _layoffs(name):
        if one_rank:
            continue
        bare = before.game.parse_move(before, f"layoff {move.card} {move.target}")
        assert bare.side is None
        with pytest.raises(IllegalMoveError) as caught:
            before.apply(bare)
        assert "names its end, low or high" in caught.value.reason
        assert caught.value.rule == RUN_CLAUSE[name]
        if not move.card.is_joker:  # a natural card fits one end: the hint names it
            assert f"'{move}'" in caught.value.reason


@pytest.mark.parametrize("name", GAMES)
def test_set_layoff_action_round_trip(name: str) -> None:
    """The action space numbers a set's lay-off (no end) and gives it back."""
    for before, old, one_rank in _layoffs(name):
        if one_rank:
            game = before.game
            new = LayOff(old.card, old.target)
            index = game.action_index(new)
            assert game.action_move(before, index) == new
            assert index in before.legal_actions()
            assert game.action_index(old) not in before.legal_actions()


# --------------------------------------------------------------------------- old saves


@pytest.mark.parametrize("name", GAMES)
def test_old_save_loads_and_writes_back_unchanged(name: str) -> None:
    """A save made before the change loads (replayed and checked), and is written back as it
    was: its history keeps the moves as played."""
    text = OLD_SAVES[name]
    assert " high" in text
    state = load_state(text)
    assert state.to_json() == text
    assert load_state(text, trusted=True) == state
    assert state.game.state_from_json(text) == state
    assert games.create(name).NAME == state.GAME


@pytest.mark.parametrize("name", GAMES)
def test_old_save_goes_on(name: str) -> None:
    """The loaded old save is played on, saved and loaded again; its event feed is whole."""
    state = load_state(OLD_SAVES[name])
    feed = state.events(0)
    assert feed == load_state(OLD_SAVES[name], trusted=True).events(0)
    assert any("layoff" in json.dumps(event) for event in feed)
    for _ in range(6):
        if state.is_terminal:
            break
        state = state.apply(state.legal_moves()[-1])
    assert load_state(state.to_json()) == state


@pytest.mark.parametrize("name", GAMES)
def test_old_save_tampered_is_refused(name: str) -> None:
    """The replay check still catches a changed move: the old set lay-off turned to ``low``
    (not what was played, and no end for a set) or onto another meld."""
    old = next(m for _, m, one_rank in _layoffs(name) if one_rank)
    text = OLD_SAVES[name]
    old_text = f"layoff {old.card} {old.target} high"
    assert old_text in text
    with pytest.raises(InvalidStateError, match="names no end"):
        load_state(text.replace(old_text, f"layoff {old.card} {old.target} low", 1))
    with pytest.raises(InvalidStateError):
        load_state(text.replace(old_text, f"layoff {old.card} {old.target + 7} high", 1))


@pytest.mark.parametrize("name", GAMES)
def test_old_form_is_read_but_never_offered(name: str) -> None:
    """``layoff 7h 2 high`` onto a set (the old notation) is still read as legal, so old
    saves replay exactly, but it is never listed: the listed move names no end."""
    for before, old, one_rank in _layoffs(name):
        if one_rank:
            assert before.is_legal(old)
            assert old not in before.legal_moves()
            assert before.apply(old).history[-1] == old  # kept as given: replays exactly


# --------------------------------------------------------------------------- the engine


@attrs.frozen
class _Mark(Move):
    NAME = "mark"
    card: Card
    place: int
    note: Side | None = None


def test_engine_trailing_none_default_is_left_out() -> None:
    """A trailing field left at its default ``None`` is not written, and may be left out of
    the text read; written out, or as ``-``, it reads the same."""
    move = parse_move_text([_Mark], "mark 7h 2")
    card = move.card
    assert move == _Mark(card, 2)
    assert str(move) == "mark 7h 2"
    assert parse_move_text([_Mark], "mark 7h 2 -") == move
    assert str(_Mark(card, 2, Side.LOW)) == "mark 7h 2 low"
    assert parse_move_text([_Mark], "mark 7h 2 low") == _Mark(card, 2, Side.LOW)
    assert move_form(_Mark).startswith("'mark <card> <place> [<note>]'")
    with pytest.raises(InvalidMoveError, match="expected 'mark <card> <place> \\[<note>\\]'"):
        parse_move_text([_Mark], "mark 7h")


def test_engine_other_notations_unchanged() -> None:
    """A field typed ``X | None`` with no default is still written ``-`` and must be given;
    a default other than ``None`` is still written."""

    @attrs.frozen
    class Pick(Move):
        NAME = "pick"
        place: int | None
        knock: bool = False

    assert str(Pick(None)) == "pick - no"
    assert parse_move_text([Pick], "pick - no") == Pick(None)
    with pytest.raises(InvalidMoveError):
        parse_move_text([Pick], "pick")
