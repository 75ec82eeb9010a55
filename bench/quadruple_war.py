"""Quadruple War benchmark: complete random deals per second against OpenSpiel's spades.

Measures, in one process, alternating the contestants round by round (so that the
load of a shared machine falls on both alike):

* cardrules ``quadruple_war``, 4 players, ``deals=1``, default options (two jokers,
  each for himself): complete random deals per second;
* the same with ``partnership=True, jokers=False, nil=True, set_penalty=True,
  bags=True``: the game OpenSpiel's ``spades`` plays;
* OpenSpiel's ``spades`` (C++ behind pybind11), when ``pyspiel`` is installed, two
  ways. OpenSpiel deals with 52 chance nodes; cardrules deals inside ``new_game``.
  "chance sampled" reads ``chance_outcomes()`` at each of them and draws one, as a
  generic OpenSpiel loop does; "dealt directly" applies a shuffled pack's cards in
  order (the same distribution), which costs one call a card and is the fairer
  peer, since cardrules' shuffle is one call too. OpenSpiel plays one deal a game
  with its default parameters (a deal's score is its return).

Every contestant is driven by the same Python loop: pick a uniformly random legal
move (``rng.choice`` of ``legal_moves()`` / ``legal_actions()``) and apply it until
the deal ends, so both pay the same per-move Python overhead, and both build a new
state value each move (cardrules an immutable state, OpenSpiel applies in place:
the loop keeps one state, which favours OpenSpiel).

Usage:
    python bench/quadruple_war.py [-n DEALS] [--rounds R]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from cardrules import games

SPADES = {
    "partnership": True,
    "jokers": False,
    "nil": True,
    "set_penalty": True,
    "bags": True,
}


def ours(options: dict[str, Any]) -> Callable[[int, int], None]:
    game = games.create("quadruple_war", players=4, deals=1, **options)

    def run(n: int, start: int) -> None:
        rng = random.Random(start)
        for seed in range(start, start + n):
            state = game.new_game(seed)
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_moves()))

    return run


def openspiel(direct: bool) -> Callable[[int, int], None] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("spades")

    def run(n: int, start: int) -> None:
        rng = random.Random(start)
        pack = list(range(52))
        for _ in range(n):
            state = game.new_initial_state()
            if direct:
                rng.shuffle(pack)
                for card in pack:
                    state.apply_action(card)
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=500, help="deals per contestant per round")
    parser.add_argument("--rounds", type=int, default=4, help="alternating rounds")
    args = parser.parse_args()
    contestants: dict[str, Callable[[int, int], None] | None] = {
        "cardrules quadruple_war (jokers, cutthroat)": ours({}),
        "cardrules quadruple_war (OpenSpiel's game)": ours(SPADES),
        "OpenSpiel spades, chance sampled": openspiel(direct=False),
        "OpenSpiel spades, dealt directly": openspiel(direct=True),
    }
    live = {k: v for k, v in contestants.items() if v is not None}
    spent = dict.fromkeys(live, 0.0)
    for run in live.values():  # warm-up: caches, imports
        run(20, 10**6)
    for r in range(args.rounds):
        for name, run in live.items():
            t0 = time.perf_counter()
            run(args.n, r * args.n)
            spent[name] += time.perf_counter() - t0
    total = args.n * args.rounds
    rates = {name: total / seconds for name, seconds in spent.items()}
    for name, rate in rates.items():
        print(f"{name}: {rate:,.0f} deals/s")
    if len(live) < len(contestants):
        print("OpenSpiel: pyspiel not installed, skipped")
        return
    base = rates["cardrules quadruple_war (OpenSpiel's game)"]
    for peer in ("OpenSpiel spades, chance sampled", "OpenSpiel spades, dealt directly"):
        print(f"ratio cardrules (same game) / {peer}: {base / rates[peer]:.2f}")


if __name__ == "__main__":
    main()
