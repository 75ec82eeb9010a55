"""``cardrules simulate``: many games from the command line, here, on processes or Dask."""

from __future__ import annotations

import argparse
import contextlib
import logging
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardrules.engine import Game
from cardrules.errors import CardRulesError, OptionError
from cardrules.sim._simulate import simulate

#: Seconds to wait for a Dask scheduler named by ``--dask``.
DASK_TIMEOUT = 10.0

#: Dask settings for a local cluster that plays games: no statistical profiler
#: (it samples every worker's stack every 10 ms) and slower housekeeping ticks.
#: Idle, two workers with their nannies and the scheduler then use about a
#: fifth of the CPU time they use with Dask's defaults (measured with
#: bench/scaling.py's CPU accounting).
QUIET_DASK = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}


def add_simulate(sub: Any) -> None:
    """Add the ``simulate`` command to the command line's sub-parsers."""
    sim = sub.add_parser(
        "simulate",
        help="play many games between bots and print a summary",
        description="Play N games between bots (here, on processes or on Dask) and "
        "print each seat's mean score, its standard error and win rate.",
    )
    sim.add_argument("game", help="a game name (see 'cardrules games')")
    sim.add_argument("-n", type=int, required=True, help="the number of games")
    sim.add_argument("--players", type=int, default=None, help="number of seats")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument(
        "--policy",
        default="random",
        metavar="random|greedy|mcts[,...]",
        help="one policy for every seat, or one per seat separated by commas",
    )
    sim.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    sim.add_argument("--chunk", type=int, default=None, help="games per task (default: timed)")
    where = sim.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None, metavar="K", help="K processes")
    where.add_argument("--dask", default=None, metavar="ADDRESS", help="a Dask scheduler")
    where.add_argument(
        "--dask-local", type=int, default=None, metavar="K", help="a local Dask cluster of K"
    )
    sim.add_argument("--jsonl", default=None, metavar="FILE", help="write one JSON line a game")
    sim.add_argument("--quiet", action="store_true", help="no progress display")


def run_simulate(args: argparse.Namespace, game: Game[Any, Any]) -> None:
    """Run ``cardrules simulate`` with parsed ``args`` on ``game`` and print the summary."""
    names = [p.strip() for p in str(args.policy).split(",")]
    policies: str | list[str] = names[0] if len(names) == 1 else names
    for name in names:
        if name not in ("greedy", "random", "mcts"):
            raise OptionError(f"unknown policy {name!r}; policies are: greedy, random, mcts")
    with _executor(args) as (executor, where):
        result = simulate(
            game,
            args.n,
            seed=args.seed,
            policies=policies,
            executor=executor,
            chunk=args.chunk,
            jsonl=args.jsonl,
            progress=False if args.quiet else None,
        )
    print(result.summary.table())
    games_run = result.summary.games
    size = min(result.chunk, games_run)  # a chunk larger than the run holds the run
    tasks = "1 task" if result.tasks == 1 else f"{result.tasks} tasks"
    each = f"of {size} games" if result.tasks == 1 else f"of up to {size} games"
    print(f"policies {','.join(names)}, seed {args.seed}, {where}, {tasks} {each}")
    if args.jsonl:
        print(f"records written to {args.jsonl}")


@contextlib.contextmanager
def _executor(args: argparse.Namespace) -> Iterator[tuple[Any, str]]:
    if args.workers is not None:
        if args.workers < 1:
            raise OptionError(f"--workers must be a whole number from 1, got {args.workers}")
        with ProcessPoolExecutor(args.workers) as pool:
            yield pool, f"{args.workers} processes"
        return
    if args.dask is None and args.dask_local is None:
        yield None, "in this process"
        return
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise CardRulesError(
            "the --dask options need Dask: pip install 'cardrules[dask]'"
        ) from None
    if args.dask_local is not None:
        if args.dask_local < 1:
            raise OptionError(f"--dask-local must be a whole number from 1, got {args.dask_local}")
        with (
            dask.config.set(QUIET_DASK),
            LocalCluster(  # type: ignore[no-untyped-call, unused-ignore]
                n_workers=args.dask_local,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.CRITICAL,  # not the heartbeat races of shutting down
            ) as cluster,
            Client(cluster) as client,  # type: ignore[no-untyped-call, unused-ignore]
        ):
            yield client, f"a local Dask cluster of {args.dask_local} processes"
        return
    try:
        client = Client(args.dask, timeout=DASK_TIMEOUT)  # type: ignore[no-untyped-call, unused-ignore]
    except (OSError, TimeoutError, ValueError) as exc:
        raise CardRulesError(f"cannot reach the Dask scheduler at {args.dask}: {exc}") from None
    with client:
        yield client, f"Dask at {args.dask}"
