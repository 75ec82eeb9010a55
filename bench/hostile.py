"""What a hostile client can make a server pay (issue 27): the time and the peak
memory of refusing a 20-million-character junk save, of several kinds, and the
size of a view's JSON after a long match.

Memory is the peak of Python's allocations during a second call (``tracemalloc``, which
slows allocation, so the time is taken on the first call alone),
beside the process's peak resident size (``resource``); the junk text itself is
made before the measure starts. The view is the one a server sends with the
event feed (``view.to_json(history=False)``); the whole view, history included,
is shown beside it.

Usage:
    python bench/hostile.py [--chars N] [--moves N]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import resource
import time
import tracemalloc
from collections.abc import Callable

import cardrules
from cardrules import games
from cardrules.engine._saves import MAX_SAVE_CHARS


def _junk(chars: int) -> dict[str, Callable[[], str]]:
    head = '{"format": 1, "game": "turkish51", "state": '
    real = games.create("turkish51").new_game(seed=1).to_json()
    played = _long_match(60)
    moves = ";".join(str(m) for m in played.history) + ";"  # the last one is cut: ok
    return {
        "random printable": lambda: "".join(
            random.Random(1).choices('[]{}",:0123456789abc ', k=chars)
        ),
        "open brackets": lambda: "[" * chars,
        "empty lists": lambda: "[" + "[]," * (chars // 3 - 1) + "[]]",
        "small numbers": lambda: "[" + "1000," * (chars // 5 - 1) + "1]",
        "short texts": lambda: "[" + '"ab",' * (chars // 5 - 1) + '"ab"]',
        "save head, state of lists": lambda: head + '{"x": [' + "[]," * (chars // 3) + "[]]}}",
        "save, junk history text": lambda: real.replace(
            '"history": "', '"history": "' + "ab;" * ((chars - len(real)) // 3), 1
        ),
        "save, history of moves": lambda: real.replace(
            '"history": "', '"history": "' + moves * ((chars - len(real)) // len(moves)), 1
        ),
    }


def _load(text: str) -> str:
    try:
        cardrules.load_state(text)
    except cardrules.InvalidStateError as exc:
        return str(exc)[:60]
    return "ACCEPTED"


def _refuse(text: str) -> tuple[float, float, str]:
    """Seconds (timed alone: tracemalloc slows allocation), peak MB, and the refusal."""
    start = time.perf_counter()
    outcome = _load(text)
    seconds = time.perf_counter() - start
    tracemalloc.start()
    _load(text)
    _size, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak / 1e6, outcome


def _long_match(moves: int) -> cardrules.engine.GameState:  # type: ignore[type-arg]
    game = games.create("turkish51", deals=10_000)
    state = game.new_game(seed=7)
    rng = random.Random(7)
    while len(state.history) < moves and not state.is_terminal:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def _parse_junk() -> None:
    """``parse_move`` of junk on the state with the most legal moves of a Kalooki 51 game."""
    game = games.create("kalooki51")
    state = busiest = game.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(300):
        if state.is_terminal:
            break
        if len(state.legal_moves()) > len(busiest.legal_moves()):
            busiest = state
        state = state.apply(rng.choice(state.legal_moves()))
    print(f"parse_move on a kalooki51 state with {len(busiest.legal_moves())} legal moves:")
    for text in ("zzz junk text", "discard Qz", "discard 2c", str(busiest.legal_moves()[-1])):
        start = time.perf_counter()
        for _ in range(2000):
            with contextlib.suppress(cardrules.CardRulesError):
                game.parse_move(busiest, text)
        each = (time.perf_counter() - start) / 2000 * 1e6
        print(f"  {text!r:24} {each:7.1f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=19_999_000)
    parser.add_argument("--moves", type=int, default=100_000)
    parser.add_argument("--whole", action="store_true", help="also play the long match out")
    args = parser.parse_args()
    print(f"refusing junk saves of about {args.chars:,} characters (untrusted load):")
    worst_s = worst_mb = 0.0
    for kind, make in _junk(args.chars).items():
        text = make()
        seconds, peak, outcome = _refuse(text)
        if kind != "save, history of moves":
            worst_s, worst_mb = max(worst_s, seconds), max(worst_mb, peak)
        print(f"  {kind:28} {len(text):>11,} chars {seconds:7.3f} s {peak:8.1f} MB  {outcome}")
    print(f"  worst junk: {worst_s:.3f} s, {worst_mb:.1f} MB (Python allocations, tracemalloc)")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  process peak resident size so far: {rss:.0f} MB (includes the junk texts)")
    _parse_junk()
    state = _long_match(args.moves)
    rng_for_whole = random.Random(8)
    view = state.view(0)
    feed = len(view.to_json(history=False))
    whole = len(view.to_json())
    print(
        f"turkish51 after {len(state.history):,} moves: view JSON {feed:,} characters "
        f"with the history left to the event feed (whole view with history: {whole:,})"
    )
    save = state.to_json()
    print(f"  its save: {len(save):,} characters ({len(save) / len(state.history):.1f} a move)")
    if args.whole:  # the case: Turkish 51 at deals=10000, played to its end
        while not state.is_terminal:
            state = state.apply(rng_for_whole.choice(state.legal_moves()))
        save = state.to_json()
        print(
            f"turkish51 deals=10000 played out: {len(state.history):,} moves, save "
            f"{len(save):,} characters ({len(save) / len(state.history):.1f} a move; "
            f"limit {MAX_SAVE_CHARS:,})"
        )
        start = time.perf_counter()
        try:
            outcome = str(cardrules.load_state(save, trusted=True) == state)
        except cardrules.InvalidStateError as exc:
            outcome = f"refused: {exc}"
        print(f"  trusted load: {time.perf_counter() - start:.1f} s, equal: {outcome}")


if __name__ == "__main__":
    main()
