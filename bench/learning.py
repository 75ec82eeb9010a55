"""Learning-protocol benchmark: encoding cost per step and adapter overhead.

For each game (default Thirty-One and Turkish 51, one deal each):

* ``observation(seat) + action_mask()`` per step, in microseconds, on the
  states of random games, next to one ``apply`` on the same states (the ratio
  says how many ``apply`` calls an encoding costs);
* random games played three ways, in the same run: the bare protocol
  (``legal_moves``, ``random.choice``, ``apply``); the bare protocol that also
  encodes the mover's observation and mask each step (what any learner pays);
  the PettingZoo AEC environment (``observe`` then ``step``, choosing among
  the mask's ones); and OpenSpiel (``legal_actions``, ``apply_action``). Each
  is reported as time per game and as the ratio to the bare protocol, and to
  the bare protocol with encoding. A framework that is not installed is
  skipped.

Usage:
    python bench/learning.py [GAME ...] [-n GAMES]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable
from typing import Any

from cardrules import games


def _states(game: Any, n: int) -> list[Any]:
    out = []
    for seed in range(n):
        rng = random.Random(seed)
        state = game.new_game(seed)
        while not state.is_terminal:
            out.append(state)
            state = state.apply(rng.choice(state.legal_moves()))
    return out


def _per_step(states: list[Any], work: Callable[[Any], object], rounds: int = 5) -> float:
    """The best of ``rounds`` passes over ``states``, in microseconds a state."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for state in states:
            work(state)
        best = min(best, time.perf_counter() - start)
    return best / len(states) * 1e6


def _bare(game: Any, seeds: range, encode: bool) -> None:
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(seed)
        while not state.is_terminal:
            if encode:
                state.observation(state.current_player)
                state.action_mask()
            state = state.apply(rng.choice(state.legal_moves()))


def _pettingzoo(e: Any, seeds: range) -> None:
    """A random agent as a masked learner runs: the mover's ``last()``
    (observation and mask) each step, then a legal action from the info's
    ``legal_actions``; an agent whose game is over steps ``None``."""
    for seed in seeds:
        rng = random.Random(seed)
        e.reset(seed=seed)
        while e.agents:
            agent = e.agent_selection
            if e.terminations[agent] or e.truncations[agent]:
                e.step(None)
                continue
            info = e.last()[4]
            e.step(rng.choice(info["legal_actions"]))


def _openspiel(game: Any, seeds: range) -> None:
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        state.apply_action(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))


def _pz(name: str) -> Any:
    """The environment, made and warmed (one game) before the clock starts."""
    from cardrules.adapters.pettingzoo import env

    e = env(name, deals=1)
    _pettingzoo(e, range(1))
    return e


def _os(name: str, n: int) -> Any:
    from cardrules.adapters.openspiel import load

    game = load(name, seeds=1000 + n, deals=1)
    _openspiel(game, range(1))
    return game


def _bind(play: Callable[[Any, range], None], made: Any, seeds: range) -> Callable[[], None]:
    return lambda: play(made, seeds)


def _timed(work: Callable[[], None]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=["thirty_one", "turkish51"])
    parser.add_argument("-n", type=int, default=50, help="random games per measure")
    args = parser.parse_args()
    for name in args.games:
        _measure(name, args.n)


def _measure(name: str, n: int) -> None:
    """Print the figures of game ``name`` over ``n`` random games."""
    game = games.create(name, deals=1)
    states = _states(game, max(2, n // 5))
    for state in states:  # warm the caches (move lists, encoders)
        state.legal_moves()
    game.observation_size, game.num_actions  # noqa: B018  # build encoder and space
    enc = _per_step(states, lambda s: (s.observation(s.current_player), s.action_mask()))
    moves = {id(s): random.Random(i).choice(s.legal_moves()) for i, s in enumerate(states)}
    apply_us = _per_step(states, lambda s: s.apply(moves[id(s)]))
    print(
        f"{name}: observation+action_mask {enc:.1f} us/step, apply {apply_us:.1f} us "
        f"(encoding = {enc / apply_us:.1f} applies); {len(states)} states, "
        f"observation {game.observation_size} floats, {game.num_actions} actions"
    )
    seeds = range(1000, 1000 + n)
    _bare(game, range(1), True)  # warm
    bare = _timed(lambda: _bare(game, seeds, False))
    encoded = _timed(lambda: _bare(game, seeds, True))
    print(f"  bare protocol          {bare / n * 1e3:8.2f} ms/game  1.00")
    print(f"  bare + encode/step     {encoded / n * 1e3:8.2f} ms/game  {encoded / bare:.2f}")
    peers: list[tuple[str, str, Callable[[], Callable[[], None]]]] = [
        ("pettingzoo AEC env", "pettingzoo", lambda: _bind(_pettingzoo, _pz(name), seeds)),
        ("openspiel game", "pyspiel", lambda: _bind(_openspiel, _os(name, n), seeds)),
    ]
    for label, module, work in peers:
        if importlib.util.find_spec(module) is None:
            print(f"  {label:22} skipped ({module} is not installed)")
            continue
        took = _timed(work())  # made (and warmed) first, then timed
        print(
            f"  {label:22} {took / n * 1e3:8.2f} ms/game  {took / bare:.2f} "
            f"(vs bare + encode: {took / encoded:.2f})"
        )


if __name__ == "__main__":
    main()
