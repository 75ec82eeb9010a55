"""Benchmark: the engine's hot path (apply at long histories, kept matches, hard hands).

Run: ``python bench/hotpath.py [seconds]`` (default 5 seconds per rate). Prints, in one run:

* ``apply()`` per call, every registered game, at a history of 0 / 1,000 / 10,000 / 100,000
  moves: the same mid-game states and moves each time, only the history made longer (the
  legal moves are listed before timing, so the figure is the lookup of the move and the
  new state); the last column is the cost at 100,000 over the cost at 0;
* the memory of keeping every state of a random Turkish 51 match of eleven deals alive (a
  search tree or an undo stack does), measured with ``tracemalloc``, with the share of it
  held by history objects and the bytes per state after one deal and after the match;
* the hard hands below (two jokers, overlapping runs and pairs, found by a random search
  of such hands, slowest first): ``melds.solve`` (value objective, caches emptied) and the
  draw-phase ``legal_moves()`` of a Turkish 51 seat that has not opened, holding the hand
  but one card, that card on the discard pile (the take-the-discard check);
* random one-deal games per second: Turkish 51 and, in the same run and in alternating
  slices (the machine's load changes), RLCard's gin rummy with random agents (skipped
  without ``rlcard``), with the median of the slices' ratios; and Thirty-One.

``python bench/hotpath.py 1 --hands [rounds]`` prints only the hard hands' table (each hand's
figures the best of ``rounds`` passes over all the hands, 3 by default): quick, and runnable
against an older tree (``PYTHONPATH=<tree>/src``) for before/after figures in turns.
``python bench/hotpath.py 1 --search N`` searches N random hands for the slowest to solve.

Older trees without ``cardrules.engine.History`` run too (histories are then tuples), so
that before/after figures come from the same script.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
import tracemalloc
from collections import Counter
from typing import Any

import attrs

from cardrules import JOKER, games, melds, parse_cards

try:  # the bench also runs on trees older than the shared history
    from cardrules.engine import History
except ImportError:  # pragma: no cover
    History = None  # type: ignore[assignment, misc]

SIZES = (0, 1_000, 10_000, 100_000)

# The slowest to solve of 3,000 hands of ``search_hard_hands`` (``python bench/hotpath.py 1
# --search 3000`` on the tree before issue 12), with the hand of the profile last; then
# those of the same search before and after issue 29's solver work that were slower than all
# of these.
HARD_HANDS = (
    "6c Jh Jc 9h 7h Tc 8c 6h Th 9c 6h 7c 8h Jk Jk",
    "Tc 9d Jd 8c 8d 7d 8c 9c Jc Qd Td Qc 8d Jk Jk",
    "5s 6c 9c 7s 7c 9s 8c Tc Ts 6c 6s 8s 5c Jk Jk",
    "Tc 8h Jc 9c 7h 7c Jh 7h 9h 8c Qh Th Qc Jk Jk",
    "8c 7h 5c 7d 6c 5d 9d 7c 5d 6d 5h 8d 9c Jk Jk",
    "Ts 5d 8s 7d 6d 4s 8d 9d 5s 9s 6s 6d 7s Jk Jk",
    "6s 3s 2s 6h 4s 2h 5s 2s 4s 5h 2h 4h 3h Jk Jk",
    "8c 6d 9d 9c 8c 7c 6c 7c 8d Tc 7d 5d Td Jk Jk",
    "8s Js 6s Js 8d Td 7d 9s 7s 6s 7d 9d Ts Jk Jk",
    "6h 4c 8h Th 9c 5h 7h 6c 7c 8c 4h 5c 9c Jk Jk",
    "Td Jh 7h Th 8h Jh Jd 9d 9d 8d 8d Qd 9h Jk Jk",
    "9s 7s 6c 3s 7c 9c 4c 6s 5c 3c Tc 6s 8c Jk Jk",
)


def _clear_caches() -> None:
    """Forget every hand the meld rooms and the Turkish 51 rules remember (their private
    functools caches), so that each figure is a first sight of the hand."""
    import importlib

    for name in ("cardrules.melds._solver", "cardrules.melds._bounds",
                 "cardrules.melds._candidates", "cardrules.games.turkish51._legal",
                 "cardrules.games.turkish51._hand", "cardrules.games._rummy._table",
                 "cardrules.games._rummy._moves"):  # fmt: skip
        try:
            room = importlib.import_module(name)
        except ImportError:  # pragma: no cover  # an older tree
            continue
        for value in list(vars(room).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


# --------------------------------------------------------------------------- apply


def _history_of(state: Any, moves: list[Any]) -> Any:
    return type(state.history)(moves) if History is not None else tuple(moves)


def apply_costs(name: str, samples: int = 60, rounds: int = 9) -> list[float]:
    """Seconds per apply() at each history size in SIZES, for one game."""
    game = games.create(name, deals=1)
    rng = random.Random(7)
    visited: list[tuple[Any, Any]] = []
    seed = 0
    while len(visited) < samples * 4 and seed < 50:
        state = game.new_game(seed)
        while not state.is_terminal:
            move = rng.choice(state.legal_moves())
            visited.append((state, move))
            state = state.apply(move)
        seed += 1
    pairs = visited[:: max(1, len(visited) // samples)][:samples]
    played = [m for _, m in visited]
    costs = []
    gc.collect()
    gc.disable()  # as timeit does
    for size in SIZES:
        filler = [played[i % len(played)] for i in range(size)]
        history = _history_of(pairs[0][0], filler)
        longer = [(attrs.evolve(s, history=history), m) for s, m in pairs]
        for s, _ in longer:
            s.legal_moves()
        best = float("inf")
        for _ in range(rounds):
            t0 = time.perf_counter()
            for s, m in longer:
                s.apply(m)
            best = min(best, (time.perf_counter() - t0) / len(longer))
        costs.append(best)
    gc.enable()
    return costs


# --------------------------------------------------------------------------- memory


def _history_bytes(states: list[Any]) -> int:
    """The bytes of the history objects of ``states`` (each object counted once)."""
    seen: set[int] = set()
    total = 0
    for state in states:
        node = state.history
        while node is not None and id(node) not in seen:
            seen.add(id(node))
            total += sys.getsizeof(node)
            node = getattr(node, "_prev", None)  # a tuple history is one object
    return total


def kept_match_memory(seed: int = 1) -> tuple[int, int, float, float, float]:
    """Keep every state of a random 11-deal Turkish 51 match: states, bytes, history share,
    bytes per state after the first deal and after the match."""
    game = games.create("turkish51")
    rng = random.Random(seed)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    state = game.new_game(seed)
    states = [state]
    first_deal = 0.0
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
        if not first_deal and state.deal > 0:
            first_deal = (tracemalloc.get_traced_memory()[0] - base) / len(states)
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    share = _history_bytes(states) / used
    return len(states), used, share, first_deal, used / len(states)


# --------------------------------------------------------------------------- hard hands


def _draw_phase_state(hand: tuple[Any, ...]) -> Any:
    """A Turkish 51 state: seat 0 to draw, not opened, holding ``hand`` but its last card,
    that card on the discard pile; the other cards dealt to the others and the stock."""
    game = games.create("turkish51", deals=1)
    base = game.new_game(0)
    top, held = hand[-1], tuple(hand[:-1])
    rest = list((Counter(base.deck().cards) - Counter(hand)).elements())
    random.Random(0).shuffle(rest)
    hands = (held, tuple(rest[:14]), tuple(rest[14:28]), tuple(rest[28:42]))
    return attrs.evolve(
        base,
        turn=0,
        phase=type(base.phase).DRAW,
        hands=hands,
        discard=(top,),
        stock=tuple(rest[42:]),
        opened=(False,) * 4,
        known=((),) * 4,
    )


def hard_hand_costs(hand: tuple[Any, ...], rounds: int = 5) -> tuple[float, float]:
    """Seconds of solve() and of the draw-phase legal_moves(), caches emptied, best of
    ``rounds`` (garbage collection off while timing, as ``timeit`` does)."""
    solve_s = draw_s = float("inf")
    state = _draw_phase_state(hand)
    gc.collect()
    gc.disable()
    for _ in range(rounds):
        _clear_caches()
        t0 = time.perf_counter()
        melds.solve(hand, objective="value")
        solve_s = min(solve_s, time.perf_counter() - t0)
        _clear_caches()
        fresh = attrs.evolve(state)
        t0 = time.perf_counter()
        fresh.legal_moves()
        draw_s = min(draw_s, time.perf_counter() - t0)
    gc.enable()
    return solve_s, draw_s


def search_hard_hands(tries: int, keep: int = 8, seed: int = 0) -> list[tuple[float, str]]:
    """The slowest of ``tries`` random hard-looking hands: 13 naturals from a window of five
    to eight ranks in two or three suits of the double pack, and two jokers."""
    rng = random.Random(seed)
    pack = [c for c in games.create("turkish51").new_game(0).deck().cards if not c.is_joker]
    found: list[tuple[float, str]] = []
    for _ in range(tries):
        low = rng.randint(1, 7)
        width = rng.randint(5, 8)
        suits = set(rng.sample(sorted({c.suit for c in pack}, key=str), rng.randint(2, 3)))
        pool = [c for c in pack if c.suit in suits and low <= int(c.rank) < low + width]
        if len(pool) < 13:
            continue
        hand = (*rng.sample(pool, 13), JOKER, JOKER)
        took = float("inf")
        for _ in range(2):
            _clear_caches()
            t0 = time.perf_counter()
            melds.solve(hand, objective="value")
            took = min(took, time.perf_counter() - t0)
        found.append((took, " ".join(map(str, hand))))
    found.sort(reverse=True)
    return found[:keep]


# --------------------------------------------------------------------------- rates


def random_deals(name: str, seconds: float, first_seed: int = 0) -> tuple[float, int]:
    """One-deal games of ``name`` per second under uniformly random legal play, and the
    next seed (so that slices of one measurement play different deals)."""
    game = games.create(name, deals=1)
    start = time.perf_counter()
    deals = 0
    seed = first_seed
    while time.perf_counter() - start < seconds:
        state = game.new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
        deals += 1
        seed += 1
    return deals / (time.perf_counter() - start), seed


def rlcard_gin_rummy(seconds: float, env: Any = None) -> tuple[float, Any] | None:
    """RLCard gin rummy games per second with random agents (its step loop, as
    ``bench/turkish51.py`` runs it), and its environment; None without rlcard."""
    if env is None:
        try:
            import rlcard  # type: ignore[import-not-found, unused-ignore]
            from rlcard.agents import RandomAgent  # type: ignore[import-not-found, unused-ignore]
        except ImportError:
            return None
        env = rlcard.make("gin-rummy", config={"seed": 0})
        env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    start = time.perf_counter()
    count = 0
    while time.perf_counter() - start < seconds:
        env.run(is_training=False)
        count += 1
    return count / (time.perf_counter() - start), env


def turkish51_against_gin(seconds: float, slices: int = 10) -> tuple[float, float, float] | None:
    """Turkish 51 and RLCard gin rummy in alternating slices of ``seconds / slices`` each,
    so that both see the same load: Turkish 51 deals/s, gin rummy games/s (totals over the
    slices), and the median of the slices' ratios. None without rlcard."""
    piece = seconds / slices
    t51: list[float] = []
    gin: list[float] = []
    env = None
    seed = 0
    for _ in range(slices):
        rate, seed = random_deals("turkish51", piece, seed)
        t51.append(rate)
        got = rlcard_gin_rummy(piece, env)
        if got is None:
            return None
        gin.append(got[0])
        env = got[1]
    ratio = statistics.median(a / b for a, b in zip(t51, gin, strict=True))
    return statistics.mean(t51), statistics.mean(gin), ratio


def hard_hands_table(rounds: int = 3) -> list[tuple[str, float, float]]:
    """Each of HARD_HANDS with its solve() and draw-phase legal_moves() seconds, each the
    best of ``rounds`` passes over all the hands (`hard_hand_costs`, best of 5, in each)."""
    best: dict[str, tuple[float, float]] = {}
    for _ in range(rounds):
        for text in HARD_HANDS:
            solve_s, draw_s = hard_hand_costs(tuple(parse_cards(text)))
            old = best.get(text, (float("inf"), float("inf")))
            best[text] = (min(old[0], solve_s), min(old[1], draw_s))
    return [(text, *best[text]) for text in HARD_HANDS]


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    if len(sys.argv) > 2 and sys.argv[2] == "--hands":
        rows = hard_hands_table(int(sys.argv[3]) if len(sys.argv) > 3 else 3)
        for text, solve_s, draw_s in rows:
            print(f"  solve {solve_s * 1e3:6.3f} ms  draw {draw_s * 1e3:6.3f} ms  {text}")
        print(
            f"worst solve {max(r[1] for r in rows) * 1e3:.3f} ms, "
            f"worst draw-phase legal_moves {max(r[2] for r in rows) * 1e3:.3f} ms"
        )
        return
    if len(sys.argv) > 2 and sys.argv[2] == "--search":
        for took, text in search_hard_hands(int(sys.argv[3]) if len(sys.argv) > 3 else 2000):
            print(f"{took * 1e3:8.3f} ms  {text}")
        return
    print("apply() per call, us, at history " + " / ".join(f"{n:,}" for n in SIZES))
    for name in games.names():
        costs = apply_costs(name)
        cells = " / ".join(f"{c * 1e6:7.2f}" for c in costs)
        print(f"  {name:28} {cells}   100k/0: {costs[-1] / costs[0]:.2f}x")
    count, used, share, first, whole = kept_match_memory()
    print(
        f"kept Turkish 51 match (11 deals, random play): {count} states, {used / 1e6:.2f} MB, "
        f"{share:.0%} of it history objects; {first:.0f} B/state after deal 1, "
        f"{whole:.0f} B/state after the match"
    )
    worst_solve = worst_draw = 0.0
    for text in HARD_HANDS:
        hand = tuple(parse_cards(text))
        solve_s, draw_s = hard_hand_costs(hand)
        worst_solve, worst_draw = max(worst_solve, solve_s), max(worst_draw, draw_s)
        print(f"  hard hand {text}: solve {solve_s * 1e3:.3f} ms, draw {draw_s * 1e3:.3f} ms")
    if HARD_HANDS:
        print(
            f"hard hands ({len(HARD_HANDS)}): worst solve {worst_solve * 1e3:.3f} ms, "
            f"worst draw-phase legal_moves {worst_draw * 1e3:.3f} ms"
        )
    against = turkish51_against_gin(2 * seconds)
    if against is None:
        t51, _ = random_deals("turkish51", seconds)
        print(f"turkish51 random deals/s: {t51:.1f}; rlcard gin rummy: skipped (not installed)")
    else:
        t51, gin, ratio = against
        print(
            f"turkish51 random deals/s: {t51:.1f}; rlcard gin rummy games/s: {gin:.1f} "
            f"(alternating slices); turkish51 / gin rummy, median of slices: {ratio:.2f}x"
        )
    t31, _ = random_deals("thirty_one", seconds)
    print(f"thirty_one random deals/s: {t31:.1f}")


if __name__ == "__main__":
    main()
