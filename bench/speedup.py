"""Moves per second of every registered game, this tree against an earlier commit.

Run (from the repository root): ``python bench/speedup.py --before REF [--games NAME ...]
[--moves N] [--slices K] [--jobs J]``. ``REF`` is a commit (default: ``HEAD``); its ``src``
is exported into a temporary folder with ``git archive`` (or ``--before-src FOLDER`` names
such an export, on a machine without the repository's history).

How it measures. For each game, both trees play the *same* work: uniformly random play of
the game's default match (``state = game.new_game(seed)``, then ``state =
state.apply(rng.choice(state.legal_moves()))`` until ``state.is_terminal``, the next seed
when a match ends) until ``--moves`` moves have been made, from the same first seed. A
change that keeps the behaviour identical (``scripts/behaviour_digest.py``) makes exactly the
same moves in both trees, so the two times compare the same work. Each slice is a fresh
child process per tree (imports and a warm-up of a few hundred moves first, not timed),
timed with ``time.process_time`` (a loaded machine's scheduling does not count); the trees
alternate (before, after, after, before, ...) and each slice starts from another seed. A
game's rate is the median of its slices; its ratio the median of the slices' ratios; the
summary is the geometric mean of the ratios over the games, and the slowest game.

``--jobs J`` runs J games at once (one process each at a time): on a machine with idle cores
this measures every game in the time of a few; on a busy one keep the default 1.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

_CHILD = r"""
import json, random, sys, time
from cardrules import games
name, moves, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = games.create(name)

def play(count, seed):
    made = 0
    while made < count:
        state = game.new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal and made < count:
            state = state.apply(rng.choice(state.legal_moves()))
            made += 1
        seed += 1
    return made

play(300, 10**6)  # warm-up: imports, generated copiers, first caches
start = time.process_time()
made = play(moves, seed)
print(json.dumps({"moves": made, "cpu": time.process_time() - start}))
"""


def export(ref: str) -> Path:
    """The ``src`` folder of commit ``ref``, in a new temporary folder."""
    where = Path(tempfile.mkdtemp(prefix="cardrules-before-"))
    archive = subprocess.run(["git", "archive", ref, "src"], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive.stdout, check=True)
    return where / "src"


def one_slice(src: Path, name: str, moves: int, seed: int) -> float:
    """Moves per CPU second of ``name`` in the tree ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, name, str(moves), str(seed)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    got = json.loads(out.stdout.strip().splitlines()[-1])
    return float(got["moves"] / got["cpu"])


def measure(
    name: str, before: Path, after: Path, moves: int, slices: int
) -> tuple[float, float, float]:
    """Median moves/s before and after, and the median of the slices' ratios."""
    old: list[float] = []
    new: list[float] = []
    for k in range(slices):
        seed = 1 + 1000 * k
        if k % 2 == 0:
            old.append(one_slice(before, name, moves, seed))
            new.append(one_slice(after, name, moves, seed))
        else:
            new.append(one_slice(after, name, moves, seed))
            old.append(one_slice(before, name, moves, seed))
    ratio = statistics.median(n / o for n, o in zip(new, old, strict=True))
    return statistics.median(old), statistics.median(new), ratio


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default="HEAD", help="the commit to compare against")
    parser.add_argument("--before-src", help="its exported src folder instead (no git there)")
    parser.add_argument("--games", nargs="*", help="only these games")
    parser.add_argument("--moves", type=int, default=20_000, help="moves a slice")
    parser.add_argument("--slices", type=int, default=5, help="slices a tree")
    parser.add_argument("--jobs", type=int, default=1, help="games measured at once")
    args = parser.parse_args()
    after = Path(__file__).resolve().parent.parent / "src"
    sys.path.insert(0, str(after))
    from cardrules import games

    names = args.games or list(games.names())
    before = Path(args.before_src) if args.before_src else export(args.before)
    print(f"before: {args.before_src or args.before}; after: this tree; "
          f"{args.moves:,} moves a slice, {args.slices} slices a tree; "
          f"load {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"{'game':28} {'before/s':>10} {'after/s':>10} {'ratio':>7}")

    def row(name: str) -> tuple[str, float, float, float]:
        return (name, *measure(name, before, after, args.moves, args.slices))

    ratios = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, old, new, ratio in pool.map(row, names):
            ratios.append((ratio, name))
            print(f"{name:28} {old:10,.0f} {new:10,.0f} {ratio:7.3f}", flush=True)
    geo = math.exp(statistics.fmean(math.log(r) for r, _ in ratios))
    worst = min(ratios)
    print(f"geometric mean of the ratios {geo:.3f}; slowest {worst[1]} {worst[0]:.3f}; "
          f"load {os.getloadavg()[0]:.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
