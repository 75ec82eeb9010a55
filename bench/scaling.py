"""Scaling of ``cardrules.sim.simulate`` over process pools and Dask.

For each case (a game, a number of one-deal games and a policy) it times the
run in this process, then on a ``ProcessPoolExecutor`` and on a Dask
``LocalCluster`` of single-threaded worker processes for each worker count,
and prints each rate and its speed-up over the in-process rate. Pools and
clusters are started and warmed up (every worker has built the game) before
the clock starts; each timed run gives the same summary as the in-process run
(checked). Dask is skipped when it is not installed. The ``ceiling`` column is
the speed-up the machine itself gives that many processes at that moment (a
fixed loop run alone, then in every worker at once): on a shared machine it is
well under the worker count, and the other speed-ups are bounded by it. The
in-process rate is timed again for each row, beside the runs it is compared with.
``cpu eff`` is the in-process run's CPU time over the CPU time of every process
of the parallel run (driver with a local Dask scheduler, workers, nannies): the
share of the work that was games, which a busy machine disturbs far less than
wall-clock speed-ups (Linux only: it reads ``/proc``).

Usage:
    python bench/scaling.py [--workers 1,2,4,8,16] [--case GAME:N:POLICY ...]
                            [--option KEY=VALUE ...] [--repeat R] [--chunk C]
                            [--per-game]

The default cases are the issue's: 20,000 Thirty-One deals (random play) and
1,000 Turkish 51 deals (greedy play). ``--per-game`` adds the old way, one task
per game (``chunk=1``), on the pool, for comparison.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardrules import games
from cardrules.engine import Game, parse_option_value
from cardrules.sim import SimulationResult, simulate

DEFAULT_CASES = ["thirty_one:20000:random", "turkish51:1000:greedy"]


def _load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load average unknown"
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f}"


def _game(name: str, pairs: list[str]) -> Game[Any, Any]:
    cls = games.game_class(name)
    options: dict[str, Any] = {"deals": 1}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key in {f.name for f in cls.create().describe_options()}:
            options[key] = parse_option_value(cls.OPTIONS, key, value)
    return cls.create(**options)


def _burn(_: object = None) -> float:
    """Seconds of a fixed pure-Python loop (the machine's own yardstick)."""
    start = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i
    return time.perf_counter() - start


def _ceiling(pool: ProcessPoolExecutor, workers: int) -> float:
    """The speed-up the machine gives ``workers`` processes right now: a fixed
    loop timed alone here, then in every worker at once."""
    list(pool.map(_burn, range(workers)))  # start the workers
    alone = min(_burn() for _ in range(3))
    together = max(pool.map(_burn, range(workers)))
    return workers * alone / together


def _cpu(pids: Callable[[], list[int]]) -> float:
    """CPU seconds used so far by this process (with its threads: a local Dask
    scheduler runs here) and by the worker processes ``pids()`` names."""
    total = time.process_time()
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids():
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:  # not Linux, or the process has gone
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def _none() -> list[int]:
    return []


def _time(
    game: Game[Any, Any],
    n: int,
    policy: str,
    executor: Any,
    chunk: int | None,
    repeat: int,
    pids: Callable[[], list[int]] = _none,
) -> tuple[float, float, SimulationResult]:
    """The best wall-clock time of ``repeat`` runs, the CPU time of all the
    processes in that run, and the last result."""
    best = (float("inf"), 0.0)
    result = None
    for _ in range(repeat):
        cpu = _cpu(pids)
        start = time.perf_counter()
        result = simulate(
            game, n, seed=1, policies=policy, executor=executor, chunk=chunk, progress=False
        )
        best = min(best, (time.perf_counter() - start, _cpu(pids) - cpu))
    assert result is not None
    return best[0], best[1], result


def _measure(
    game: Game[Any, Any],
    n: int,
    policy: str,
    executor: Any,
    repeat: int,
    chunk: int | None,
    want: SimulationResult,
    pids: Callable[[], list[int]],
) -> tuple[float, float, SimulationResult]:
    """Warm the workers up (each imports and builds the game), then time."""
    simulate(game, 64, seed=99, policies=policy, executor=executor, chunk=1, progress=False)
    seconds, cpu, result = _time(game, n, policy, executor, chunk, repeat, pids)
    if result.summary != want.summary:
        raise SystemExit(f"{game.name}: the summary differs from the in-process run's")
    return seconds, cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", default="1,2", help="worker counts, e.g. 1,2,4,8,16")
    parser.add_argument(
        "--case", action="append", default=None, metavar="GAME:N:POLICY", help="repeatable"
    )
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--repeat", type=int, default=1, help="runs per figure; the best counts")
    parser.add_argument("--chunk", type=int, default=None, help="games per task (default: timed)")
    parser.add_argument("--per-game", action="store_true", help="also time one task per game")
    parser.add_argument("--no-dask", action="store_true", help="process pools only")
    parser.add_argument(
        "--dask-stock",
        action="store_true",
        help="Dask's default settings (default: those of cardrules simulate --dask-local)",
    )
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    cases = args.case or DEFAULT_CASES
    try:
        if args.no_dask:
            raise ImportError
        import dask
        from distributed import Client, LocalCluster

        from cardrules.sim._cli import QUIET_DASK

        if not args.dask_stock:
            dask.config.set(QUIET_DASK)
    except ImportError:
        Client = LocalCluster = None

    print(f"machine: {os.cpu_count()} cores, {_load()}")
    if Client is not None:
        print(f"dask: {'stock settings' if args.dask_stock else 'QUIET_DASK settings'}")
    print(
        f"{'game':<12}{'n':>7}{'policy':>8}{'here g/s':>10}{'workers':>9}"
        f"{'pool g/s':>10}{'speed-up':>9}{'cpu eff':>8}"
        f"{'dask g/s':>10}{'speed-up':>9}{'cpu eff':>8}{'ceiling':>9}"
        + (f"{'1/task g/s':>11}{'speed-up':>9}{'cpu eff':>8}" if args.per_game else "")
    )
    for case in cases:
        name, n_text, policy = case.split(":")
        n = int(n_text)
        game = _game(name, args.option)
        for workers in counts:
            # timed again beside each row: the load of a shared machine drifts
            here_s, here_cpu, here = _time(game, n, policy, None, None, args.repeat)
            here_rate = n / here_s
            with ProcessPoolExecutor(workers) as pool:
                ceiling = _ceiling(pool, workers)

                def pool_pids(pool: Any = pool) -> list[int]:
                    return list(pool._processes)

                pool_s, pool_cpu, pooled = _measure(
                    game, n, policy, pool, args.repeat, args.chunk, here, pool_pids
                )
                row = (
                    f"{name:<12}{n:>7}{policy:>8}{here_rate:>10.0f}{workers:>9}"
                    f"{n / pool_s:>10.0f}{here_s / pool_s:>8.2f}x{here_cpu / pool_cpu:>8.2f}"
                )
                per_game = ""
                if args.per_game:
                    one_s, one_cpu, _ = _measure(game, n, policy, pool, 1, 1, here, pool_pids)
                    per_game = (
                        f"{n / one_s:>11.0f}{here_s / one_s:>8.2f}x{here_cpu / one_cpu:>8.2f}"
                    )
            dask = f"{'-':>10}{'-':>9}{'-':>8}"
            if LocalCluster is not None and Client is not None:
                with (
                    LocalCluster(
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=True,
                        host="127.0.0.1",
                        dashboard_address=None,
                        silence_logs=logging.CRITICAL,  # not the heartbeat races of shutting down
                    ) as cluster,
                    Client(cluster) as client,
                ):
                    # the workers and their nannies
                    procs = [*client.run(os.getpid).values(), *client.run(os.getppid).values()]

                    def dask_pids(procs: list[int] = procs) -> list[int]:
                        return procs

                    dask_s, dask_cpu, _ = _measure(
                        game, n, policy, client, args.repeat, args.chunk, here, dask_pids
                    )
                dask = f"{n / dask_s:>10.0f}{here_s / dask_s:>8.2f}x{here_cpu / dask_cpu:>8.2f}"
            print(
                f"{row}{dask}{ceiling:>8.2f}x{per_game}"
                f"  (chunk {pooled.chunk}, {pooled.tasks} tasks)"
            )
    print(f"after: {_load()}")


if __name__ == "__main__":
    main()
