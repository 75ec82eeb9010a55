"""The event feed streamed to every seat over a whole match (issue 26).

A server that streams each move to every seat calls ``state.events(seat, since=k)``
after every move, for each seat. This plays whole 4-player matches of Kalooki 51 (and
Turkish 51) with the greedy player, then streams them as such a server does and times
each call: the cost per move near move 50 and near move 500 (the median over moves 40-60 and
490-510 of the four seats' calls, per seat) must stay flat, not grow with the game so far.
The whole-history replay (what the feed did before, every call replaying from the
seed) is timed in the same run, alternating, as the reference.

Usage:
    python bench/event_feed.py [--game kalooki51] [--seed N] [--repeats R]

The machine is shared and loaded: read the ratios, not the absolute times.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from cardrules import games
from cardrules.engine import _events


def whole_match(name: str, seed: int, at_least: int) -> list[Any]:
    """The states of a whole greedy match of ``name`` of at least ``at_least`` moves."""
    game = games.create(name, players=4)
    while True:
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        states = [state]
        while not state.is_terminal:
            state = state.apply(game.greedy_move(state, rng))
            states.append(state)
        if len(states) > at_least:
            return states
        seed += 1


def stream(states: list[Any], window: range, incremental: bool) -> list[float]:
    """Seconds per seat of streaming move ``k`` to all four seats (the four calls'
    time over 4), for each ``k`` in ``window``."""
    times = []
    for k in window:
        state = states[k]
        start = time.perf_counter()
        for seat in range(4):
            if incremental:
                state.events(seat, since=k - 1)
            else:
                _events._replayed_events(state, seat, k - 1)
        times.append((time.perf_counter() - start) / 4)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="kalooki51")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    states = whole_match(args.game, args.seed, 520)
    print(f"{args.game}, 4 players: a match of {len(states) - 1} moves (seed {args.seed} on)")
    # The whole stream, as a server does it: every move to every seat.
    _events._STATES.clear()
    start = time.perf_counter()
    every = stream(states, range(1, len(states)), incremental=True)
    total = time.perf_counter() - start
    print(
        f"streaming all {len(states) - 1} moves to 4 seats: {total * 1e3:.0f} ms in all, "
        f"{statistics.mean(every) * 1e6:.0f} us per move and seat on average, "
        f"worst {max(every) * 1e6:.0f} us (move {every.index(max(every)) + 1})"
    )
    early, late = range(40, 61), range(490, 511)
    rows: dict[str, list[float]] = {"new 50": [], "new 500": [], "old 50": [], "old 500": []}
    for _ in range(args.repeats):  # alternating, on the same states
        for label, window, incremental in (
            ("new 50", early, True),
            ("old 50", early, False),
            ("new 500", late, True),
            ("old 500", late, False),
        ):
            # Each repeat streams the window afresh: the feed keeps the state of move
            # k - 1 from the call before, as in a server.
            _events._STATES.clear()
            states[window.start - 1].events(0, since=window.start - 2)
            rows[label].extend(stream(states, window, incremental))
    med = {k: statistics.median(v) * 1e6 for k, v in rows.items()}
    print("median us per move and seat  move 50  move 500  500/50")
    for kind in ("new", "old"):
        a, b = med[f"{kind} 50"], med[f"{kind} 500"]
        name = "incremental feed" if kind == "new" else "whole replay (before)"
        print(f"{name:27} {a:8.0f} {b:9.0f} {b / a:7.2f}")


if __name__ == "__main__":
    main()
