"""The learning and search protocol on every registered game (issue 13).

Every property here runs over ``games.names()``: a game added to the registry
is checked at once, and one that lacks a hook fails.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import games
from cardrules.engine import Game
from cardrules.errors import (
    CardRulesError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
)

NAMES = games.names()


def _game(name: str) -> Game[Any, Any]:
    return games.create(name, deals=1)


def _positions(game: Game[Any, Any], seeds: int = 3, every: int = 7, cap: int = 400) -> list[Any]:
    """States met in random playouts: every ``every``-th step, and the last."""
    out = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        for step in range(cap):
            if step % every == 0 or state.is_terminal:
                out.append(state)
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_moves()))
    return out


@pytest.mark.parametrize("name", NAMES)
def test_action_mask_is_exactly_the_legal_moves(name: str) -> None:
    game = _game(name)
    size = game.num_actions
    for state in _positions(game):
        mask = state.action_mask()
        assert len(mask) == size
        legal = state.legal_moves()
        indices = [game.action_index(m) for m in legal]
        assert len(set(indices)) == len(indices), "two legal moves share a number"
        assert {i for i, bit in enumerate(mask) if bit} == set(indices)
        assert state.legal_actions() == tuple(indices)
        for move, index in zip(legal, indices, strict=True):
            assert 0 <= index < size
            assert game.action_move(state, index) == move


@pytest.mark.parametrize("name", NAMES)
def test_action_space_is_fixed_by_the_options(name: str) -> None:
    assert games.create(name).num_actions == games.create(name).num_actions > 0
    lines = games.create(name).action_space.describe()
    assert len(lines) == len(games.create(name).STATE.MOVES)


@pytest.mark.parametrize("name", NAMES)
def test_observation_has_fixed_size_and_hides_what_the_view_hides(name: str) -> None:
    game = _game(name)
    size = game.observation_size
    assert sum(n for _, _, n in game.observation_layout()) == size
    rng = random.Random(1)
    for state in _positions(game, seeds=2):
        for seat in range(game.players):
            obs = state.observation(seat)
            assert len(obs) == size
            assert all(isinstance(x, float) for x in obs)
            # a state the seat cannot tell from this one gives the same observation
            assert state.resample(seat, rng).observation(seat) == obs


@pytest.mark.parametrize("name", NAMES)
def test_returns_are_greater_is_better_scores(name: str) -> None:
    game = _game(name)
    for state in _positions(game, seeds=2):
        returns = state.returns()
        assert len(returns) == game.players
        sign = 1 if game.higher_is_better else -1
        assert returns == tuple(sign * float(s) for s in state.scores)
    assert game.higher_is_better is type(game).HIGHER_IS_BETTER


@pytest.mark.parametrize("name", NAMES)
def test_sample_state_shows_the_same_view(name: str) -> None:
    game = _game(name)
    rng = random.Random(3)
    for state in _positions(game, seeds=2):
        if state.is_terminal:
            continue
        for seat in range(game.players):
            view = state.view(seat)
            sampled = game.sample_state(view, rng)
            assert sampled.view(seat) == view
            sampled.validate()
            if seat == state.current_player:  # what the seat may do is in its view
                assert sampled.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("name", NAMES)
def test_docs_page_lists_the_numbering_and_layout(name: str) -> None:
    """docs/learning.md records each game's action families and observation blocks."""
    from pathlib import Path

    page = (Path(__file__).parent.parent / "docs" / "learning.md").read_text(encoding="utf-8")
    game = games.create(name)
    assert f"### {name}\n" in page
    section = page.split(f"### {name}\n", 1)[1].split("\n### ", 1)[0]
    assert f"{game.num_actions} actions, {game.observation_size} observation floats" in section
    for line in (*game.action_space.describe(), *game._encoder().describe()):
        assert line in section


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("thirty_one", {"knock_first_round": False, "players": 3}),
        ("thirty_one_no_elimination", {"knock_first_round": False}),
        ("turkish51", {"deals": 2}),
        ("kalooki51", {"deals": 2}),
        ("kalooki51", {"build_in_opening_turn": True, "players": 3}),
        ("cribbage", {"players": 3, "muggins": True}),
        ("cribbage", {"players": 4, "muggins": True}),
        ("cribbage", {"muggins": True}),
        ("blackjack", {"players": 4, "packs": 1, "deals": 20}),
        ("let_it_ride", {"players": 4, "bankroll": 3, "deals": 20}),
    ],
)
def test_sample_state_keeps_the_movers_legal_moves_under_options(
    name: str, options: dict[str, Any]
) -> None:
    """Public facts that decide the mover's moves (turns played, a cancelled
    opening) come through the view into the sampled state."""
    game = games.create(name, **options)
    rng = random.Random(5)
    for state in _positions(game, seeds=2, every=3, cap=900):
        if not state.is_terminal:
            view = state.view(state.current_player)
            assert game.sample_state(view, rng).legal_moves() == state.legal_moves()


@pytest.mark.parametrize("name", NAMES)
def test_game_page_states_the_sizes(name: str) -> None:
    """Each game's docs page gives its action space and observation sizes."""
    from pathlib import Path

    page = Path(__file__).parent.parent / "docs" / "games" / f"{name}.md"
    text = " ".join(page.read_text(encoding="utf-8").split())
    game = games.create(name)
    assert f"the action space has {game.num_actions} actions" in text
    assert f"an observation has {game.observation_size} floats" in text


def _every_seat_samples(game: Game[Any, Any], positions: list[Any], seed: int) -> list[Any]:
    """Sample every seat's view of every position (terminal ones too); each sample
    is valid and shows the same view. Returns (state, seat, sample) triples."""
    rng = random.Random(seed)
    out = []
    for state in positions:
        for seat in range(game.players):
            view = state.view(seat)
            sampled = game.sample_state(view, rng)
            sampled.validate()
            assert sampled.view(seat) == view
            out.append((state, seat, sampled))
    return out


def test_bj_13_3_sample_state_deals_the_shoe_hole_and_double_down_cards() -> None:
    """Blackjack: the shoe's order, the hole card and doubled hands' last cards
    are dealt from the unseen cards; reshuffles are public (BJ-3.5, BJ-13.3)."""
    from cardrules.games.blackjack import Phase

    # One pack leaves 18 to 26 cards behind the cut card (BJ-3.2): seven seats over ten
    # playouts run a shoe out mid-round; every position where that happened is sampled,
    # with every sixth of the others.
    game = games.create("blackjack", players=7, packs=1, deals=40)
    every = _positions(game, seeds=10, every=2, cap=2000)
    positions = [s for i, s in enumerate(every) if s.view(0).reshuffle_due or i % 6 == 0]
    assert any(s.view(0).reshuffle_due for s in positions)  # a shoe ran out mid-round
    assert any(h.doubled for s in positions for hs in s.hands for h in hs)
    moved = 0
    for state, _seat, sampled in _every_seat_samples(game, positions, 1):
        assert sampled.shuffles == state.shuffles
        assert sampled.cut == state.cut
        assert sampled.reshuffle_due == state.reshuffle_due
        assert len(sampled.shoe) == len(state.shoe)
        if state.phase in (Phase.INSURANCE, Phase.PLAY):
            moved += sampled.dealer[1] != state.dealer[1]
    assert moved > 0  # the hole card is really dealt again


def test_bj_5_2_a_sampled_hole_card_makes_no_natural_after_the_peek() -> None:
    from cardrules.games.blackjack import Phase, card_value, is_natural

    game = games.create("blackjack", players=2, deals=60)
    rng = random.Random(2)
    seen = 0
    for state in _positions(game, seeds=2, every=1, cap=3000):
        if state.phase is Phase.PLAY and card_value(state.dealer[0]) in (1, 10):
            for _ in range(5):
                sampled = game.sample_state(state.view(state.turn), rng)
                assert not is_natural(sampled.dealer)
                seen += 1
    assert seen > 0


def test_lir_2_3_sample_state_deals_other_hands_and_unturned_cards() -> None:
    """Let It Ride: other players' cards and the community cards not yet turned
    are dealt from the unseen cards; a seat sitting out gets none (LIR-6.2)."""
    game = games.create("let_it_ride", players=4, bankroll=3, deals=30)
    positions = _positions(game, seeds=3, every=1, cap=500)
    assert any(not all(s.playing) for s in positions if not s.is_terminal)
    other_hand = other_board = 0
    for state, seat, sampled in _every_seat_samples(game, positions, 2):
        assert sampled.board[: state.turned] == state.board[: state.turned]
        assert [len(h) for h in sampled.hands] == [len(h) for h in state.hands]
        if not state.is_terminal:
            other_board += sampled.board[state.turned :] != state.board[state.turned :]
            other_hand += any(
                sampled.hands[i] != state.hands[i] for i in range(game.players) if i != seat
            )
        else:  # every hand was shown
            assert sampled.hands == state.hands
            assert sampled.board == state.board
    assert other_hand > 0
    assert other_board > 0


# ------------------------------------------------------------------ bad input


def test_action_move_refuses_an_index_outside_the_space_or_illegal() -> None:
    game = games.create("thirty_one", players=2)
    state = game.new_game(seed=1)
    for bad in (-1, game.num_actions, "1", 1.0, True):
        with pytest.raises(IllegalMoveError):
            game.action_move(state, bad)  # type: ignore[arg-type]
    illegal = next(i for i, bit in enumerate(state.action_mask()) if not bit)
    with pytest.raises(IllegalMoveError, match="not a legal move now"):
        game.action_move(state, illegal)


def test_action_index_refuses_a_move_of_another_game() -> None:
    game = games.create("thirty_one")
    other = games.create("turkish51")
    with pytest.raises(InvalidMoveError):
        game.action_index(other.parse_move(None, "declare"))
    with pytest.raises(InvalidMoveError):
        game.action_index("knock")  # type: ignore[arg-type]


def test_action_move_refuses_a_state_of_another_game() -> None:
    state = games.create("empat_satu").new_game(seed=1)
    with pytest.raises(InvalidStateError):
        games.create("thirty_one").action_move(state, 0)


def test_sample_state_refuses_a_view_of_another_game_or_options() -> None:
    rng = random.Random(0)
    view = games.create("empat_satu").new_game(seed=1).view(0)
    with pytest.raises(InvalidStateError):
        games.create("thirty_one").sample_state(view, rng)
    with pytest.raises(InvalidStateError):
        games.create("empat_satu", players=3).sample_state(view, rng)
    with pytest.raises(CardRulesError):
        games.create("empat_satu").sample_state(view, 4)  # type: ignore[arg-type]


def test_observation_refuses_a_seat_outside_the_game() -> None:
    state = games.create("thirty_one", players=2).new_game(seed=1)
    for bad in (-1, 2, "0"):
        with pytest.raises(InvalidMoveError):
            state.observation(bad)  # type: ignore[arg-type]
