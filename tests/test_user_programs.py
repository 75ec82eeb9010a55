"""Issue 26: what three real programs (a score keeper, a table server, a learning and
search program) had to write by hand, each shown as a short test written as a user
would write it: the incremental event feed, ``state.game``, views back from JSON,
forgiving notation and the search bot."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import cardrules
from cardrules import games
from cardrules.engine import GameState, _events

NAMES = games.names()


def played(name: str, seed: int = 3, steps: int = 60, **options: Any) -> GameState[Any]:
    """A state of ``name`` after up to ``steps`` random moves."""
    state = games.create(name, **options).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


# ---- the event feed ------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_streamed_events_are_the_events_of_a_whole_replay(name: str) -> None:
    """A server streaming every move to every seat gets what a whole replay gives."""
    game = games.create(name)
    state = game.new_game(seed=5)
    rng = random.Random(5)
    _events._STATES.clear()
    streamed: list[list[dict[str, Any]]] = [[] for _ in range(game.players)]
    for _ in range(120):
        if state.is_terminal:
            break
        sent = len(state.history)
        state = state.apply(rng.choice(state.legal_moves()))
        for seat in range(game.players):
            streamed[seat].extend(state.events(seat, since=sent))
    for seat in range(game.players):
        assert streamed[seat] == list(_events._replayed_events(state, seat, 0))
        assert list(state.events(seat)) == streamed[seat]  # from the start, kept states


def test_events_from_a_state_the_feed_never_met() -> None:
    """Asking from the middle of a long history (nothing kept) still gives every event."""
    state = played("kalooki51", steps=200)
    _events._STATES.clear()
    late = state.events(2, since=150)
    assert [e["index"] for e in late if e["kind"] == "move"] == list(range(150, 200))
    assert late == _events._replayed_events(state, 2, 150)


# ---- the game of a state -------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_state_knows_its_game(name: str) -> None:
    """state.game: after new_game, load_state, replay and unpickling, options included."""
    game = games.create(name, deals=1)
    state = played(name, deals=1, steps=15)
    assert state.game == game
    assert state.game.options == state.options
    assert cardrules.load_state(state.to_json()).game == game
    assert game.replay(state.seed, state.history).game == game
    assert pickle.loads(pickle.dumps(state)).game == game
    if not state.is_terminal:
        move = state.legal_moves()[0]
        assert state.game.parse_move(state, str(move)) == move
        index = state.game.action_index(move)
        assert state.game.action_move(state, index) == move


def test_a_simulate_policy_reaches_the_game_from_the_state() -> None:
    """A policy holding only a state finds its game (and the game's parse_move)."""
    from cardrules.sim import simulate

    class FirstListed:
        def choose(self, state: Any) -> Any:
            return state.game.parse_move(state, str(state.legal_moves()[0]))

    game = games.create("thirty_one", players=2, deals=1)
    result = simulate(game, 2, seed=1, policies=FirstListed())
    assert result.summary.games == 2


# ---- views back from JSON ------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_client_reads_its_view_back_from_json(name: str) -> None:
    """View.from_json(view.to_json()) is the view again, in every game; a view sent
    without its history comes back with an empty one."""
    state = played(name)
    for seat in range(state.game.players):
        view = state.view(seat)
        back = type(view).from_json(view.to_json())
        assert back == view
        assert type(back) is type(view)
        bare = type(view).from_json(view.to_json(history=False))
        assert bare.options == view.options
        if hasattr(view, "history"):
            assert bare.history == ()


@pytest.mark.parametrize("name", NAMES)
def test_a_search_bot_samples_from_a_view_read_back_under_its_own_options(name: str) -> None:
    """sample_state works from the view's own options, whatever the game it is asked of."""
    game = games.create(name, deals=1)  # not the default options
    state, rng = game.new_game(seed=3), random.Random(3)
    for _ in range(12):
        after = state.apply(rng.choice(state.legal_moves()))
        if after.is_terminal:
            break
        state = after
    view = type(state.view(0)).from_json(state.view(0).to_json())
    guess = games.create(name).sample_state(view, random.Random(1))
    assert guess.options == state.options
    assert guess.view(0) == state.view(0)


@pytest.mark.parametrize(
    "text",
    ["", "[]", "{", '{"seat": 0}', '{"seat": 0, "options": 7}', '"x"', "1" * 10, b"\xff"],
)
def test_junk_view_json_is_refused_as_an_invalid_state(text: str | bytes) -> None:
    """Bad view text is refused with InvalidStateError, never a bare error."""
    from cardrules.games import kalooki51

    with pytest.raises(cardrules.InvalidStateError):
        kalooki51.View.from_json(text)


# ---- forgiving notation --------------------------------------------------------------


def _moves_with_cards(name: str) -> list[Any]:
    """Legal moves with several cards met in a few random games of ``name``."""
    from cardrules.engine._moves import _init_fields

    found = []
    game = games.create(name)
    for seed in range(3):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        for _ in range(300):
            if state.is_terminal:
                break
            for move in state.legal_moves():
                if any(
                    isinstance(getattr(move, f.name), tuple) and len(getattr(move, f.name)) > 1
                    for f in _init_fields(type(move))
                ):
                    found.append(move)
            state = state.apply(rng.choice(state.legal_moves()))
    return found[:200]


@pytest.mark.parametrize("name", NAMES)
def test_cards_of_a_move_may_be_separated_by_spaces_commas_or_both(name: str) -> None:
    """'meld set Jc Jh Js', 'meld set Jc, Jh, Js' and 'meld set Jc,Jh,Js' are one move."""
    game = games.create(name)
    for move in _moves_with_cards(name):
        text = str(move)
        for spelled in (
            text.replace(",", " "),
            text.replace(",", ", "),
            text.replace(",", " ,"),
            text.replace(",", " , ").upper(),
        ):
            assert game.parse_move(None, spelled) == move, spelled


def test_t51_2_2_a_meld_typed_with_spaces_is_the_listed_move() -> None:
    """The move a person types in the terminal form is read (T51-2.2)."""
    game = games.create("turkish51")
    move = game.parse_move(None, "meld run 5h 6h, 7h")
    assert str(move) == "meld run 5h,6h,7h"


@pytest.mark.parametrize(
    ("name", "text", "form"),
    [
        ("turkish51", "meld set", "'meld <kind> <cards>', e.g. 'meld set 7h 7d 7c'"),
        ("turkish51", "meld sett Jc Jh Js", "e.g. 'meld set 7h 7d 7c'"),
        ("kalooki51", "retrieve x 7h", "e.g. 'retrieve 0 7h 7d 7c'"),
        ("thirty_one", "discard 7h 8h", "'discard <card>', e.g. 'discard 7h'"),
        ("cribbage", "crib Zz", "e.g. 'crib 7h 7d 7c'"),
    ],
)
def test_refused_text_shows_the_form_with_an_example(name: str, text: str, form: str) -> None:
    """A refused move text names the expected form and an example."""
    with pytest.raises(cardrules.InvalidMoveError) as caught:
        games.create(name).parse_move(None, text)
    assert form in str(caught.value)


class TestRunsInAnyOrder:
    """Natural cards of a run may be given in any order (issue 26; T51-2.2)."""

    @pytest.mark.parametrize(
        ("text", "faces"),
        [
            ("7h 5h 6h", "5h 6h 7h"),
            ("6h 7h 5h", "5h 6h 7h"),
            ("7h Jk 5h", "5h 6h 7h"),
            ("Kh Ah Qh", "Qh Kh Ah"),
            ("3h Ah 2h", "Ah 2h 3h"),
            ("9c 7c Jk 8c", "7c 8c 9c Tc"),
            ("9c Jk 7c Jk", "6c 7c 8c 9c"),  # in order downwards: jokers as laid
            ("Qs Ks Js Jk", "Js Qs Ks As"),
        ],
    )
    def test_t51_2_2_out_of_order_naturals_are_sorted(self, text: str, faces: str) -> None:
        """The faces are the run's cards low to high, jokers filling the gaps."""
        from cardrules.melds import check_meld

        meld = check_meld(cardrules.parse_cards(text))
        assert " ".join(map(str, meld.faces)) == faces

    def test_t51_2_4_in_order_naturals_keep_their_jokers_places(self) -> None:
        """With the natural cards in order, a joker stands for the card of its place."""
        from cardrules.melds import check_meld

        assert str(check_meld(cardrules.parse_cards("5h Jk 7h")).faces[1]) == "6h"
        with pytest.raises(cardrules.IllegalMeldError, match="cannot stand"):
            check_meld(cardrules.parse_cards("5h Jk 6h"))

    def test_out_of_order_that_is_no_run_says_why(self) -> None:
        """A gap the jokers cannot fill is still refused."""
        from cardrules.melds import check_meld

        with pytest.raises(cardrules.IllegalMeldError):
            check_meld(cardrules.parse_cards("9h 5h 7h"))


# ---- the search bot ------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_the_search_bot_plays_every_game_from_its_view_only(name: str) -> None:
    """MCTSPolicy chooses a legal move in every game, and the same move in two states
    its seat cannot tell apart (it sees no more than the view)."""
    from cardrules.sim import MCTSPolicy

    game = games.create(name, deals=1)
    state, rng = game.new_game(seed=2), random.Random(2)
    for _ in range(6):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        move = MCTSPolicy(iterations=8, seed=5, rollout=30).choose(state)
        assert move in state.legal_moves()
        twin = game.sample_state(state.view(seat), random.Random(9))
        assert MCTSPolicy(iterations=8, seed=5, rollout=30).choose(twin) == move
        state = state.apply(rng.choice(state.legal_moves()))


def test_the_search_bot_in_simulate_by_name_and_as_an_object() -> None:
    """'mcts' is a policy name of simulate; an MCTSPolicy object is a policy."""
    from cardrules.sim import MCTSPolicy, simulate

    game = games.create("thirty_one", players=2, deals=1)
    named = simulate(game, 2, seed=3, policies=["mcts", "greedy"])
    assert named.summary.games == 2
    again = simulate(game, 2, seed=3, policies=["mcts", "greedy"])
    assert again.summary == named.summary  # seeded per game: reproducible
    objects = simulate(game, 2, seed=3, policies=[MCTSPolicy(iterations=10), "random"])
    assert objects.summary.games == 2


def test_the_search_bot_in_the_terminal() -> None:
    """cardrules play GAME --human 0 --bot mcts: the other seats search."""
    import io

    from cardrules.interactive import play

    out = io.StringIO()
    game = games.create("thirty_one", players=2, deals=1)
    status = play(game, humans=(0,), bot="mcts", seed=4, stdin=io.StringIO("1\n" * 30), stdout=out)
    assert status == 0
    assert "against mcts bots" in out.getvalue()


def test_the_search_bot_as_a_gymnasium_opponent() -> None:
    """An MCTSPolicy is a function (state, rng) -> move: a Gymnasium opponent."""
    pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed")
    from cardrules.adapters.gymnasium import env
    from cardrules.sim import MCTSPolicy

    e = env("thirty_one", players=2, deals=1, opponent=MCTSPolicy(iterations=5, seed=1))
    _obs, info = e.reset(seed=1)
    done = False
    while not done:
        action = int(info["action_mask"].nonzero()[0][0])
        _obs, _reward, done, _truncated, info = e.step(action)
    assert done


def test_the_search_bot_refuses_bad_settings() -> None:
    """Bad settings are refused with OptionError."""
    from cardrules.sim import MCTSPolicy

    for bad in (
        {"iterations": 0},
        {"iterations": "9"},
        {"exploration": -1},
        {"rollout": -1},
        {"playout": "smart"},
        {"opponents": "x"},
        {"seconds": 0},
        {"seed": 1.5},
    ):
        with pytest.raises(cardrules.OptionError):
            MCTSPolicy(**bad)


# ---- OpenSpiel shares the immutable state --------------------------------------------


def test_openspiel_clone_shares_the_immutable_state() -> None:
    """clone() (a deep copy) shares the cardrules state: the state is immutable."""
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    from cardrules.adapters import openspiel

    game = openspiel.load("turkish51", seeds=4)
    state = game.new_initial_state()
    state.apply_action(0)
    rng = random.Random(1)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    twin = state.clone()
    assert twin.state is state.state
    assert twin.history() == state.history()
    twin.apply_action(twin.legal_actions()[0])  # the clone moves on alone
    assert len(twin.history()) == len(state.history()) + 1
    assert twin.state is not state.state


def test_copies_of_immutable_values_are_the_values() -> None:
    import copy

    game = games.create("thirty_one")
    state = game.new_game(seed=1)
    move = state.legal_moves()[0]
    for value in (game, state, move):
        assert copy.copy(value) is value
        assert copy.deepcopy(value) is value


# ---- smaller items -------------------------------------------------------------------


def test_gymnasium_and_pettingzoo_observation_bounds_are_finite() -> None:
    """The observation spaces have finite bounds, and observations lie within them."""
    np = pytest.importorskip("numpy", reason="the gymnasium extra is not installed")
    pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed")
    from cardrules.adapters.gymnasium import env

    e = env("turkish51", deals=1)
    space = e.observation_space
    assert np.isfinite(space.low).all()
    assert np.isfinite(space.high).all()
    obs, _ = e.reset(seed=1)
    assert space.contains(obs)
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
    from cardrules.adapters import pettingzoo

    aec = pettingzoo.env("thirty_one", players=2)
    box = aec.observation_space("player_0")["observation"]
    assert np.isfinite(box.low).all()
    assert np.isfinite(box.high).all()


def test_simulate_footer_counts_what_ran(capsys: pytest.CaptureFixture[str]) -> None:
    """'1 task of 200 games', not '1 tasks of up to 1000 games' for 200."""
    from cardrules.cli import main

    assert main(["simulate", "thirty_one", "-n", "20", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "1 task of 20 games" in out


def test_no_to_the_save_question_saves_nothing(tmp_path: Any, monkeypatch: Any) -> None:
    """Answering 'n' to 'Save the game first?' leaves without a file named n."""
    import io

    from cardrules.interactive import play

    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    game = games.create("thirty_one", players=2)
    play(game, humans=(0,), seed=1, stdin=io.StringIO("quit\nn\n"), stdout=out)
    assert not (tmp_path / "n").exists()
    assert "Save the game first?" in out.getvalue()
