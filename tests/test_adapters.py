"""The framework adapters, each checked by its framework's own checker (issue 13).

Each part skips cleanly when its framework is not installed (the extras
``pettingzoo``, ``gymnasium``, ``openspiel``).
"""

from __future__ import annotations

import random
import warnings

import pytest

from cardrules import games

NAMES = games.names()


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_api_and_seed_tests_pass(name: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from cardrules.adapters.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(name, deals=1), num_cycles=60, verbose_progress=False)
        seed_test(lambda: env(name, deals=1), num_cycles=20)


@pytest.mark.parametrize("seed", range(40))
def test_pettingzoo_rewards_add_up_to_the_returns(seed: int) -> None:
    pytest.importorskip("pettingzoo")
    from cardrules.adapters.pettingzoo import env

    e = env("thirty_one", players=4, deals=1)
    e.reset(seed=seed)  # seed 24 deals a game that is over at once
    rng = random.Random(0)
    total = dict.fromkeys(e.possible_agents, 0.0)
    while e.agents:
        agent = e.agent_selection
        _, reward, done, cut, _ = e.last()
        total[agent] += reward
        if done or cut:
            e.step(None)
            continue
        mask = e.observe(agent)["action_mask"]
        e.step(rng.choice([i for i, bit in enumerate(mask) if bit]))
    final = e.state.returns()
    for i, agent in enumerate(e.possible_agents):
        assert total[agent] == pytest.approx(final[i])


@pytest.mark.parametrize("name", ["thirty_one", "turkish51", "cribbage"])
def test_pettingzoo_info_mask_and_observation_agree_with_the_state(name: str) -> None:
    """The mover's ``legal_actions`` info is the mask's ones and the state's legal
    actions; observations are the state's, read-only; numpy actions are taken."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    from cardrules.adapters.pettingzoo import env

    e = env(name, deals=1)
    e.reset(seed=3)
    rng = random.Random(1)
    steps = 0
    while e.agents and steps < 300:
        agent = e.agent_selection
        obs, _, done, cut, info = e.last()
        if done or cut:
            e.step(None)
            continue
        seat = e.possible_agents.index(agent)
        legal = info["legal_actions"]
        assert sorted(legal) == sorted(e.state.legal_actions()) == sorted(e.legal_actions())
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(legal)
        assert obs["observation"].tolist() == pytest.approx(e.state.observation(seat))
        assert not obs["observation"].flags.writeable
        assert not obs["action_mask"].flags.writeable
        assert e.observe(agent)["observation"] is obs["observation"]  # made once a state
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(np.int64(rng.choice(legal)))
        steps += 1
    assert steps > 0


def test_pettingzoo_refuses_an_illegal_action_with_the_game_error() -> None:
    pytest.importorskip("pettingzoo")
    from cardrules.adapters.pettingzoo import env
    from cardrules.errors import IllegalMoveError

    e = env("thirty_one", players=2, deals=1)
    e.reset(seed=1)
    illegal = next(i for i in range(e.game.num_actions) if i not in e.legal_actions())
    for bad in (illegal, -1, e.game.num_actions, True, 1.0):
        with pytest.raises(IllegalMoveError):
            e.step(bad)


@pytest.mark.parametrize("name", NAMES)
def test_gymnasium_check_env_passes(name: str) -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from cardrules.adapters.gymnasium import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env(name, deals=1), skip_render_check=True)


def test_gymnasium_episode_follows_the_mask_to_the_end() -> None:
    pytest.importorskip("gymnasium")
    from cardrules.adapters.gymnasium import env

    e = env("turkish51", deals=1)
    _, info = e.reset(seed=2)
    rng = random.Random(2)
    done = False
    while not done:
        legal = [i for i, bit in enumerate(info["action_mask"]) if bit]
        _, _, done, _, info = e.step(rng.choice(legal))
        assert "illegal" not in info
    assert e.state.is_terminal


def test_gymnasium_illegal_action_ends_the_episode_with_the_penalty() -> None:
    pytest.importorskip("gymnasium")
    from cardrules.adapters.gymnasium import env

    e = env("thirty_one", players=2, illegal_reward=-5.0)
    _, info = e.reset(seed=1)
    illegal = list(info["action_mask"]).index(0)
    _, reward, done, _, info = e.step(illegal)
    assert (reward, done, info["illegal"]) == (-5.0, True, True)


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_sim_test_passes(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.adapters.openspiel import load

    game = load(name, seeds=4, deals=1)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiel_chance_picks_the_seed_and_mcts_runs() -> None:
    pytest.importorskip("pyspiel")
    import numpy as np
    from open_spiel.python.algorithms import mcts

    from cardrules.adapters.openspiel import load

    game = load("thirty_one", seeds=8, players=2, deals=1)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(i, 1 / 8) for i in range(8)]
    state.apply_action(5)
    assert state.state == games.create("thirty_one", players=2, deals=1).new_game(seed=5)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = mcts.MCTSBot(game, 2.0, 16, evaluator, random_state=rng)
    assert bot.step(state) in state.legal_actions()
