"""Learning-protocol benchmark: encoding cost per step and adapter overhead.

For each game (default Thirty-One and Turkish 51, one deal each):

* ``observation(seat) + action_mask()`` per step, in microseconds, on the
  states of random games, next to one ``apply`` on the same states (the ratio
  says how many ``apply`` calls an encoding costs);
* random games played several ways, in the same run: the bare protocol
  (``legal_moves``, ``random.choice``, ``apply``); the bare protocol that also
  encodes the mover's observation and mask each step (``observation`` and
  ``action_mask``: the work any learner needs, the fair peer of an adapter);
  the PettingZoo AEC environment (the mover's ``last()``, observation and
  mask, then ``step`` with an action drawn from its ``legal_actions`` info);
  OpenSpiel bare (``legal_actions``, ``apply_action``) and OpenSpiel with the
  mover's ``observation_tensor`` each step. Each is reported as time per game
  and as its ratio to its peer: the bare protocol for the bare OpenSpiel run,
  the bare protocol with encoding for the others (the ratio to the bare
  protocol is printed too). The runs take turns, a few games each, so that a
  shared machine's changing load falls on all alike. A framework that is not
  installed is skipped.

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


def _openspiel(game: Any, seeds: range, observe: bool = False) -> None:
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        state.apply_action(seed)
        while not state.is_terminal():
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))


def _openspiel_observed(game: Any, seeds: range) -> None:
    _openspiel(game, seeds, observe=True)


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


Work = Callable[[range], None]


def _race(works: dict[str, Work], seeds: range, chunk: int = 5) -> dict[str, float]:
    """CPU seconds each work takes over ``seeds``, the works taking turns
    ``chunk`` games at a time (a drifting load on a shared machine falls on all
    alike; the process's CPU time leaves out the time other work holds the core)."""
    took = dict.fromkeys(works, 0.0)
    clock = time.process_time
    for start in range(seeds.start, seeds.stop, chunk):
        part = range(start, min(start + chunk, seeds.stop))
        for label, work in works.items():
            begin = clock()
            work(part)
            took[label] += clock() - begin
    return took


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
    bare, encoded = "bare protocol", "bare + obs + mask/step"
    works: dict[str, Work] = {
        bare: lambda r: _bare(game, r, False),
        encoded: lambda r: _bare(game, r, True),
    }
    peer = {encoded: bare}
    if importlib.util.find_spec("pettingzoo") is not None:
        e = _pz(name)  # made (and warmed) before the clock starts
        works["pettingzoo AEC env"] = lambda r: _pettingzoo(e, r)
        peer["pettingzoo AEC env"] = encoded
    if importlib.util.find_spec("pyspiel") is not None:
        spiel = _os(name, n)
        works["openspiel (bare)"] = lambda r: _openspiel(spiel, r)
        works["openspiel + obs/step"] = lambda r: _openspiel_observed(spiel, r)
        peer["openspiel (bare)"] = bare
        peer["openspiel + obs/step"] = encoded
    took = _race(works, seeds)
    print(f"  {bare:24} {took[bare] / n * 1e3:8.2f} ms/game")
    for label, seconds in took.items():
        if label == bare:
            continue
        vs = peer[label]
        also = "" if vs == bare else f" ({seconds / took[bare]:.2f} x bare)"
        print(
            f"  {label:24} {seconds / n * 1e3:8.2f} ms/game  {seconds / took[vs]:.2f} x {vs}{also}"
        )
    for module in ("pettingzoo", "pyspiel"):
        if importlib.util.find_spec(module) is None:
            print(f"  {module} skipped (not installed)")


if __name__ == "__main__":
    main()
