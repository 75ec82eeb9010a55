"""A SHA-256 digest of every game's behaviour, to prove that a change moved code only.

For each game, a few option sets and seeds are played by random and by greedy
policies; the digest covers, move by move, the legal-move lists (in order, as
notation), the saves and the views of every seat (every few moves and at the
end), each seat's event feed and the final scores. Run it on the tree before
and after a restructuring: every line must be identical.

Usage (from the repository root):

    PYTHONPATH=src python scripts/behaviour_digest.py            # every game
    PYTHONPATH=src python scripts/behaviour_digest.py cribbage   # some games
    PYTHONPATH=src python scripts/behaviour_digest.py --seeds 6  # more seeds

Only the public protocol is used, so the digest means the same thing on any tree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

from cardrules import games
from cardrules.sim import GreedyPolicy

# Option sets per game besides the default game: a single deal (so that every
# game reaches its scoring quickly) and the player counts the rules allow.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "thirty_one": [{"deals": 1}, {"players": 2}, {"players": 6}],
    "schwimmen": [{"deals": 1}, {"players": 2}, {"players": 5}],
    "stop_the_bus": [{"deals": 1}, {"players": 3}],
    "thirty_one_no_elimination": [{"deals": 1}, {"players": 5}],
    "empat_satu": [{"deals": 1}, {"players": 2}],
    "japanese51": [{"deals": 1}, {"players": 3}],
    "chinese51": [{"deals": 1}, {"players": 3}],
    "turkish51": [{"deals": 1}],
    "kalooki51": [{"deals": 1}, {"players": 3}],
    "fifty_six": [{"deals": 1}, {"players": 6}],
    "cribbage": [{"deals": 1}, {"players": 3}],
    "let_it_ride": [{"deals": 1}],
    "blackjack": [{"deals": 1}],
    "texas_holdem": [{"deals": 3}, {"players": 2, "deals": 5}, {"structure": "fixed_limit"}],
    "klondike": [{"draw": 3}, {"passes": 3, "scoring": "standard"}],
    "canasta": [{"deals": 1}, {"players": 2, "deals": 1}],
    "pinochle": [{"deals": 1}, {"pack": 64, "deals": 1}],
    "quadruple_war": [{"deals": 1}, {"players": 3, "deals": 1}, {"nil": True, "bags": True}],
}
MOVE_LIMIT = 1500  # moves per game played; long matches are cut here
EVERY = 7  # saves and views are hashed every EVERY moves and at the end


def _play(h: Any, name: str, options: dict[str, Any], seed: int, policy: str) -> None:
    game = games.create(name, **options)
    state = game.new_game(seed=seed)
    rng = random.Random(seed * 7919 + 1)
    greedy = GreedyPolicy(game, seed=seed) if policy == "greedy" else None
    h.update(f"|{name}|{json.dumps(options, sort_keys=True)}|{seed}|{policy}|".encode())
    moves = 0
    while not state.is_terminal and moves < MOVE_LIMIT:
        legal = state.legal_moves()
        h.update(("L" + ";".join(str(m) for m in legal)).encode())
        if moves % EVERY == 0:
            _snapshot(h, game, state)
        move = greedy.choose(state) if greedy is not None else rng.choice(legal)
        state = state.apply(move)
        moves += 1
    _snapshot(h, game, state)
    for seat in range(game.players):
        h.update(json.dumps(state.events(seat), sort_keys=True, default=str).encode())
    h.update(f"S{state.scores!r}T{state.is_terminal}".encode())


def _snapshot(h: Any, game: Any, state: Any) -> None:
    h.update(("J" + state.to_json()).encode())
    for seat in range(game.players):
        h.update(("V" + state.view(seat).to_json()).encode())


def digest(name: str, seeds: int) -> str:
    """The digest of one game over its option sets, ``seeds`` seeds and both policies."""
    h = hashlib.sha256()
    for options in [{}, *OPTIONS.get(name, [])]:
        for seed in range(seeds):
            for policy in ("random", "greedy"):
                _play(h, name, options, seed, policy)
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="games (default: every registered game)")
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args(argv)
    for name in args.names or sorted(games.names()):
        print(f"{name} {digest(name, args.seeds)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
