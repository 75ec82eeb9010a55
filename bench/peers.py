"""Every game with a peer library, in one table: moves and games per CPU second, and ratios.

Run: ``python bench/peers.py [--slice S] [--slices K] [--only NAME ...]`` (defaults: slices of
0.5 CPU seconds, 5 per side; 35 CPU seconds, two to three minutes in wall time on a
busy machine). Peers that are not installed are skipped.

How it measures. Each row pits one cardrules loop against one peer loop. The two run in
alternating slices (ours, theirs, ours, theirs, ...) of ``--slice`` CPU seconds of this process
(``time.process_time``: a loaded machine's scheduling does not count); each slice plays whole
games until its time is spent and counts the games and the moves. A row's rates are the totals
over its slices; its ratio (cardrules / peer) is the median of the slices' ratios, so that a
change of load during the run hits both sides alike. The load average is printed before and
after.

The loops, each the fastest plain Python loop its library offers, all uniformly random play:

* cardrules (every game): ``state = game.new_game(seed)``, then
  ``state = state.apply(rng.choice(state.legal_moves()))`` until ``state.is_terminal`` (the loop
  of ``bench/hotpath.py``, ``bench/cribbage.py``, ``bench/blackjack.py``); cards are dealt inside
  ``new_game`` and ``apply``. A move is one ``apply``.
* OpenSpiel (``pyspiel``, C++): ``state = game.new_initial_state()``, then
  ``state.apply_action(rng.choice(state.legal_actions()))`` until ``state.is_terminal()``, at
  chance nodes too: every card deal of these games is uniform over the chance node's legal
  actions, so this is exact and cheaper than ``chance_outcomes()`` (``bench/cribbage.py``'s
  ``theirs(uniform=True)``). A move is a player's action; chance actions (cards dealt, the cut)
  are played in the loop but not counted, as ours happen inside ``apply``.
* RLCard: ``env.run(is_training=False)`` with one ``RandomAgent`` a seat (``bench/hotpath.py``'s
  ``rlcard_gin_rummy``, ``bench/blackjack.py``'s ``rlcard_rounds``); a move is an action in the
  returned trajectories.
* treys: ``Evaluator.evaluate`` over random 7-card hands converted beforehand
  (``bench/poker_eval.py``'s ``treys_runner``) against ``cardrules.poker.evaluate_many`` on the
  same hands as card codes (converted beforehand likewise); a "move" is a hand evaluated and a
  "game" a batch of 2,000 hands.

The rows:

* Turkish 51 (one deal, 4 players) and Kalooki 51 (one deal, 4 players) against RLCard gin
  rummy: different games (gin rummy is two-handed and shorter), so moves per second is the
  figure to compare; games per second is printed too.
* Cribbage (two players, a game to 121) against OpenSpiel ``cribbage``: the same game.
* Blackjack (one seat, one pack, one round a game) against OpenSpiel ``blackjack`` and RLCard
  ``blackjack`` (one seat, one round, a fresh pack each game).
* Fifty-Six (one deal, 4 players, play stops when the bid is decided) against OpenSpiel
  ``bridge(use_double_dummy_result=false)`` (an auction and 13 tricks): per move.
* The poker evaluator against treys, per hand.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardrules import decks, games

# A player: plays one game, returns its moves (counted as the module docstring says).
Player = Callable[[], int]


def cardrules_player(name: str, **options: Any) -> Player:
    """One random game of ``name`` a call."""
    game = games.create(name, **options)
    rng = random.Random(0)
    seed = iter(range(10**9))

    def play() -> int:
        state = game.new_game(next(seed))
        moves = 0
        choice = rng.choice
        while not state.is_terminal:
            state = state.apply(choice(state.legal_moves()))
            moves += 1
        return moves

    return play


def openspiel_player(name: str) -> Player | None:
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(0)

    def play() -> int:
        state = game.new_initial_state()
        moves = 0
        choice = rng.choice
        while not state.is_terminal():
            if not state.is_chance_node():
                moves += 1
            state.apply_action(choice(state.legal_actions()))
        return moves

    return play


def rlcard_player(name: str) -> Player | None:
    try:
        import rlcard  # type: ignore[import-not-found, unused-ignore]
        from rlcard.agents import RandomAgent  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    env = rlcard.make(name, config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def play() -> int:
        trajectories, _ = env.run(is_training=False)
        return sum(1 for t in trajectories for x in t if not isinstance(x, dict))

    return play


BATCH = 2_000  # poker hands a "game"


def _poker_hands(count: int) -> list[Any]:
    rng = random.Random(7)
    pack = decks.standard().cards
    return [tuple(rng.sample(pack, 7)) for _ in range(count)]


def poker_player() -> Player:
    from cardrules import poker

    codes = [poker.encode(h) for h in _poker_hands(BATCH)]
    evaluate_many = poker.evaluate_many

    def play() -> int:
        evaluate_many(codes)
        return BATCH

    return play


def treys_player() -> Player | None:
    sys.path.insert(0, str(Path(__file__).parent))
    try:
        from poker_eval import treys_runner  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    run = treys_runner(_poker_hands(BATCH))
    if run is None:
        return None

    def play() -> int:
        run()
        return BATCH

    return play


def one_slice(play: Player, seconds: float) -> tuple[int, int, float]:
    """Whole games until ``seconds`` of CPU pass: games, moves, CPU seconds."""
    clock = time.process_time
    start = clock()
    count = moves = 0
    while True:
        moves += play()
        count += 1
        spent = clock() - start
        if spent >= seconds:
            return count, moves, spent


def compare(ours: Player, theirs: Player, seconds: float, slices: int) -> dict[str, float]:
    """Alternating slices; rates are totals, ratios the median of the slices' ratios."""
    ours()  # warm: tables and caches built once per process, as for any user
    theirs()
    totals = {"og": 0.0, "om": 0.0, "ot": 0.0, "tg": 0.0, "tm": 0.0, "tt": 0.0}
    game_ratios: list[float] = []
    move_ratios: list[float] = []
    for _ in range(slices):
        og, om, ot = one_slice(ours, seconds)
        tg, tm, tt = one_slice(theirs, seconds)
        for key, value in zip(totals, (og, om, ot, tg, tm, tt), strict=True):
            totals[key] += value
        game_ratios.append((og / ot) / (tg / tt))
        move_ratios.append((om / ot) / (tm / tt))
    return {
        "ours_games": totals["og"] / totals["ot"],
        "ours_moves": totals["om"] / totals["ot"],
        "peer_games": totals["tg"] / totals["tt"],
        "peer_moves": totals["tm"] / totals["tt"],
        "games_ratio": statistics.median(game_ratios),
        "moves_ratio": statistics.median(move_ratios),
    }


# (row name, cardrules player maker, peer name, peer player maker)
ROWS: tuple[tuple[str, Callable[[], Player], str, Callable[[], Player | None]], ...] = (
    ("turkish51", lambda: cardrules_player("turkish51", deals=1), "RLCard gin-rummy",
     lambda: rlcard_player("gin-rummy")),
    ("kalooki51", lambda: cardrules_player("kalooki51", deals=1), "RLCard gin-rummy",
     lambda: rlcard_player("gin-rummy")),
    ("cribbage", lambda: cardrules_player("cribbage"), "OpenSpiel cribbage",
     lambda: openspiel_player("cribbage")),
    ("blackjack", lambda: cardrules_player("blackjack", deals=1, packs=1, bankroll=10**9),
     "OpenSpiel blackjack", lambda: openspiel_player("blackjack")),
    ("blackjack", lambda: cardrules_player("blackjack", deals=1, packs=1, bankroll=10**9),
     "RLCard blackjack", lambda: rlcard_player("blackjack")),
    ("fifty_six", lambda: cardrules_player("fifty_six", players=4, deals=1), "OpenSpiel bridge",
     lambda: openspiel_player("bridge(use_double_dummy_result=false)")),
    ("poker.evaluate_many", poker_player, "treys Evaluator", treys_player),
)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--slice", type=float, default=0.5, help="CPU seconds a slice")
    parser.add_argument("--slices", type=int, default=5, help="slices a side and row")
    parser.add_argument("--only", nargs="*", default=None, help="rows whose game is named")
    args = parser.parse_args()
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(
        f"alternating slices of {args.slice} CPU s, {args.slices} a side; rates per CPU second; "
        "ratio = cardrules / peer, median of the slices"
    )
    head = (
        f"{'cardrules':20} {'peer':22} {'our moves/s':>12} {'peer moves/s':>12} {'x moves':>8} "
        f"{'our games/s':>12} {'peer games/s':>12} {'x games':>8}"
    )
    print(head)
    print("-" * len(head))
    for name, make_ours, peer_name, make_peer in ROWS:
        if args.only and name not in args.only:
            continue
        peer = make_peer()
        if peer is None:
            print(f"{name:20} {peer_name:22} skipped (not installed)")
            continue
        r = compare(make_ours(), peer, args.slice, args.slices)
        print(
            f"{name:20} {peer_name:22} {r['ours_moves']:12,.0f} {r['peer_moves']:12,.0f} "
            f"{r['moves_ratio']:7.2f}x {r['ours_games']:12,.1f} {r['peer_games']:12,.1f} "
            f"{r['games_ratio']:7.2f}x",
            flush=True,
        )
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
