"""Klondike benchmark: the solver's figures, move generation and random play.

1. The solver (``klondike.solve``) on seeded deals ``0 .. N-1``, draw 1 and draw
   3 separately, unlimited redeals, cards allowed back from the foundations:
   won, proven lost and undecided within ``--seconds`` a deal, the median and
   worst time. Published anchors (issue 30): thoughtful draw-3 Klondike is won
   81.956% of deals (Blake and Gent, arXiv:1906.12314), so at N deals the 95%
   interval of the won share is about 81.956% +- 1.96 * sqrt(p(1-p)/N); the
   ShootMe solver solves 91.9% of 1,000 draw-1 deals (6.2% impossible, 1.9%
   undecided).
2. On the first ``--peer-deals`` deals of each draw (the same deals, written in
   the PySol format), the ShootMe solver (``pyksolve``, ``solve_minimal`` with a
   ``--peer-states`` limit) right after ours on each deal: whether every
   verdict both decide agrees, and the ratio of the median times.
3. ``legal_moves()`` time on fresh states met in random play (median, 90th
   percentile).
4. Random moves per second: whole random games of ours against OpenSpiel's
   ``solitaire`` (a different game: a fixed waste, no stock moves, a 150-move
   cap), per move, in alternating rounds.

Usage:
    python bench/klondike.py [--deals N] [--seconds S] [--peer-deals M]
        [--peer-states K] [--draws 1,3] [--skip-solver]

The issue's figure is 1,000 deals a draw at 10 s a deal (hours of one core);
the defaults are that figure; a busy machine runs a smaller one, e.g.
``--deals 200 --seconds 2 --peer-deals 100``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from typing import Any

from cardrules import games
from cardrules.games import klondike

PUBLISHED_DRAW3 = 0.81956
SHOOTME_DRAW1 = (0.919, 0.062, 0.019)


def pysol_text(state: Any) -> str:
    """The state's deal as PySol text (padded: the ShootMe loader wants 211+ characters)."""
    deal = klondike.PysolDeal(piles=state.tableau, hidden=state.hidden, stock=state.stock)
    return klondike.write_pysol(deal) + "\n" * 12


def solver_figure(
    draw: int, deals: int, seconds: float, peer_deals: int = 0, peer_states: int = 0
) -> dict[str, Any]:
    """Verdicts and times of our solver over seeds 0..deals-1; on the first
    ``peer_deals`` of them pyksolve solves the same deal right after ours."""
    game = games.create("klondike", draw=draw)
    verdicts: dict[str, int] = {"won": 0, "lost": 0, "unknown": 0}
    times: list[float] = []
    states: list[int] = []
    peer: list[tuple[str, str, float, float]] = []
    for seed in range(deals):
        state = game.new_game(seed=seed)
        result = klondike.solve(state, limit=10**9, seconds=seconds)
        verdicts[result.verdict] += 1
        times.append(result.seconds)
        states.append(result.states)
        if seed < peer_deals:
            verdict, spent = pyksolve_verdict(state, draw, peer_states)
            peer.append((result.verdict, verdict, result.seconds, spent))
    return {"verdicts": verdicts, "times": times, "states": states, "peer": peer}


def pyksolve_verdict(state: Any, draw: int, peer_states: int) -> tuple[str, float]:
    """The ShootMe solver's verdict on the state's deal, and its time."""
    from pyksolve import solver as ks

    peer = ks.Solitaire()
    if not peer.load_pysol(pysol_text(state)):
        raise SystemExit(f"pyksolve refused the deal of seed {state.seed}")
    peer.reset_game(draw)
    start = time.perf_counter()
    result = peer.solve_minimal(peer_states)
    spent = time.perf_counter() - start
    if result in (ks.SolveResult.SolvedMinimal, ks.SolveResult.SolvedMayNotBeMinimal):
        return "won", spent
    if result == ks.SolveResult.Impossible:
        return "lost", spent
    return "unknown", spent


def report_solver(draw: int, deals: int, seconds: float, fig: dict[str, Any]) -> None:
    v = fig["verdicts"]
    times = fig["times"]
    won = v["won"] / deals
    print(f"draw {draw}, {deals} deals, {seconds:g} s a deal:")
    print(
        f"  won {v['won']} ({won:.1%}), proven lost {v['lost']} ({v['lost'] / deals:.1%}), "
        f"undecided {v['unknown']} ({v['unknown'] / deals:.1%})"
    )
    print(
        f"  time a deal: median {statistics.median(times):.3f} s, worst {max(times):.2f} s; "
        f"positions: median {statistics.median(fig['states']):.0f}"
    )
    if draw == 3:
        half = 1.96 * math.sqrt(PUBLISHED_DRAW3 * (1 - PUBLISHED_DRAW3) / deals)
        low, high = PUBLISHED_DRAW3 - half, PUBLISHED_DRAW3 + half
        inside = low <= won <= high
        print(
            f"  published won share 81.956%: 95% interval at {deals} deals "
            f"{low:.1%} .. {high:.1%}; ours {won:.1%} is {'inside' if inside else 'outside'}"
        )
        upper = (v["won"] + v["unknown"]) / deals
        print(f"  (every undecided deal won would make {upper:.1%})")
    else:
        s, i, u = SHOOTME_DRAW1
        print(f"  ShootMe (1,000 deals): solved {s:.1%}, impossible {i:.1%}, undecided {u:.1%}")


def report_peer(draw: int, seconds: float, peer_states: int, peer: list[Any]) -> None:
    """Verdict agreement and the median time ratio on the deals both solved."""
    if not peer:
        return
    counts = {"won": 0, "lost": 0, "unknown": 0}
    both = agree = 0
    for seed, (mine, theirs, _, _) in enumerate(peer):
        counts[theirs] += 1
        if mine != "unknown" and theirs != "unknown":
            both += 1
            agree += mine == theirs
            if mine != theirs:
                print(f"  DISAGREE on deal {seed}: ours {mine}, pyksolve {theirs}")
    ours_t = statistics.median(p[2] for p in peer)
    theirs_t = statistics.median(p[3] for p in peer)
    print(
        f"  the first {len(peer)} deals beside pyksolve (solve_minimal, {peer_states:,} "
        f"states; each deal ours then theirs):"
    )
    print(
        f"    pyksolve: won {counts['won']}, impossible {counts['lost']}, "
        f"undecided {counts['unknown']}"
    )
    print(
        f"    verdicts both decide: {both}, agreeing: {agree}; median time ours "
        f"{ours_t:.4f} s / pyksolve {theirs_t:.3f} s = {ours_t / theirs_t:.3f}"
    )


def legal_moves_figure(games_played: int = 40) -> None:
    game = games.create("klondike")
    rng = random.Random(1)
    states = []
    for seed in range(games_played):
        state = game.new_game(seed=seed)
        while not state.is_terminal:
            states.append(state)
            state = state.apply(rng.choice(state.legal_moves()))
    times = []
    for state in states:
        fresh = state._replace()  # no cached moves
        start = time.perf_counter()
        fresh.legal_moves()
        times.append(time.perf_counter() - start)
    times.sort()
    print(
        f"legal_moves() on {len(times)} fresh states of random play: median "
        f"{statistics.median(times) * 1e6:.1f} us, 90th percentile "
        f"{times[int(0.9 * len(times))] * 1e6:.1f} us (goal: median <= 20 us)"
    )


def ours_moves(seconds: float, seed: int) -> tuple[int, float]:
    game = games.create("klondike")
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(seed=rng.getrandbits(32))
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
            moves += 1
    return moves, time.perf_counter() - start


def spiel_moves(seconds: float, seed: int) -> tuple[int, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("solitaire")
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
    return moves, time.perf_counter() - start


def random_figure(rounds: int = 3, seconds: float = 4.0) -> None:
    ours_n = ours_s = spiel_n = spiel_s = 0.0
    for r in range(rounds):  # alternating rounds on the same loaded machine
        n, s = ours_moves(seconds, r)
        ours_n, ours_s = ours_n + n, ours_s + s
        other = spiel_moves(seconds, r)
        if other is not None:
            spiel_n, spiel_s = spiel_n + other[0], spiel_s + other[1]
    ours_rate = ours_n / ours_s
    print(f"random moves per second, ours (whole games, draw 1): {ours_rate:,.0f}")
    if spiel_s:
        rate = spiel_n / spiel_s
        print(
            f"random moves per second, OpenSpiel solitaire (player moves): {rate:,.0f}; "
            f"ours / OpenSpiel = {ours_rate / rate:.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--peer-deals", type=int, default=200)
    parser.add_argument("--peer-states", type=int, default=200_000)
    parser.add_argument("--draws", default="1,3")
    parser.add_argument("--skip-solver", action="store_true")
    args = parser.parse_args()
    legal_moves_figure()
    random_figure()
    if args.skip_solver:
        return
    try:
        import pyksolve  # noqa: F401
    except ImportError:
        print("pyksolve is not installed: no peer comparison")
        args.peer_deals = 0
    for draw in (int(d) for d in args.draws.split(",")):
        fig = solver_figure(draw, args.deals, args.seconds, args.peer_deals, args.peer_states)
        report_solver(draw, args.deals, args.seconds, fig)
        report_peer(draw, args.seconds, args.peer_states, fig["peer"])


if __name__ == "__main__":
    main()
