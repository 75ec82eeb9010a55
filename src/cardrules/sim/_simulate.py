"""Play many games in chunks, here or on any executor, and add them up."""

from __future__ import annotations

import concurrent.futures
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from cardrules.engine import Game, check_seed, need_count, seed_values
from cardrules.errors import OptionError
from cardrules.sim._policies import _game, seat_policies
from cardrules.sim._progress import Progress, Reporter
from cardrules.sim._run import (
    GameSpec,
    SimulationError,
    Task,
    game_seed,
    per_game,
    run_chunk,
)
from cardrules.sim._summary import (
    GameResult,
    SimulationResult,
    Tally,
    jsonl_target,
    summarise,
    write_jsonl,
)

__all__ = ["simulate"]

#: A task should last at least this long (seconds), so that what an executor
#: spends on a task (under a millisecond for a process pool, a few for Dask on
#: a quiet machine) is well under 5% of it.
MIN_TASK = 0.2
#: With less work than ``MIN_TASK`` for each worker, every worker still gets a
#: task while tasks last at least this long (seconds).
MIN_SHARE = 0.02
#: ... and at most this long, so that progress moves and records stay small.
MAX_TASK = 5.0
#: The first games are played here, to time them, until this many seconds ...
PILOT_TIME = 0.02
#: ... or this many games.
PILOT_GAMES = 100
#: Games per task when playing here (only progress and JSON lines see chunks).
HERE_CHUNK = 1000
#: Tasks per worker aimed at, so that workers finishing early find more work.
ROUNDS = 4


def simulate(
    game: Game[Any, Any],
    n: int | None = None,
    *,
    seed: int | None = None,
    seeds: Iterable[int] | None = None,
    policies: object = None,
    policy: str | None = None,
    executor: object = None,
    chunk: int | None = None,
    keep: str = "summary",
    jsonl: str | os.PathLike[str] | IO[str] | None = None,
    progress: bool | Callable[[Progress], object] | None = None,
    max_moves: int = 1_000_000,
) -> SimulationResult:
    """Play ``n`` complete games (or one per seed of ``seeds``) and add them up.

    Game ``i`` is played from ``game_seed`` ``(seed, i)`` (or from
    ``seeds[i]``), and its policies are seeded from the game's seed, so the
    records and the summary are the same whatever the executor, the number of
    workers and the chunking.

    Args:
        game: the game; it travels to workers as its name and options.
        n: the number of games (a whole number from 1), or give ``seeds``.
        seed: the run's seed (default 0); game ``i`` uses ``game_seed(seed, i)``.
        seeds: the game seeds, one game each, instead of ``n`` and ``seed``.
        policies: ``None`` (random for every seat), one policy for every seat,
            or one per seat; a policy is a name (``"random"``, ``"greedy"``) or a
            picklable object with ``choose(state)``. An object with a
            ``seeded(seed)`` method is asked for a fresh copy for each game.
        policy: the former name of ``policies`` (a policy name), still accepted.
        executor: ``None`` (play here), any ``concurrent.futures.Executor``
            (``ProcessPoolExecutor``, a Dask ``Client.get_executor()``), a Dask
            ``Client`` (its own batched ``map``), or a pool with
            ``imap_unordered`` (``multiprocessing.Pool``, ``ray.util.multiprocessing.Pool``).
        chunk: games per task; by default about four tasks per worker, each of
            0.2 to 5 seconds as timed on the first games (played here for
            up to 20 ms), or with little work one task per worker.
        keep: ``"summary"``, or ``"records"`` to keep one record per game.
        jsonl: a path or open text file to write one JSON line per game to, in
            game order, as the chunks come back (records need not be kept).
        progress: ``None`` shows progress on standard error once a run lasts
            2 s (a ``rich`` bar on a terminal, else a line every 10 s);
            ``True`` shows it from the start, ``False`` never; a callable is
            called with a ``Progress`` as games are done, instead.
        max_moves: a game that makes this many moves without ending is an error.

    Raises:
        OptionError: a bad argument (not a game, ``n`` not a whole number from
            1, an unknown policy, an executor with neither ``submit`` nor ``map``).
        SimulationError: a game failed (a policy chose an illegal move, a
            worker raised); it names the game's number, its seed and the move.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("thirty_one", players=2, deals=1)
        >>> result = simulate(game, 200, seed=1, policies=["greedy", "random"])
        >>> result.summary.games, result.summary.win_rates[0] > result.summary.win_rates[1]
        (200, True)
        >>> again = simulate(game, 200, seed=1, policies=["greedy", "random"], chunk=7)
        >>> again == result
        True
        >>> [r.seed for r in simulate(game, seeds=[4, 5], keep="records").records]
        [4, 5]
    """
    started = time.perf_counter()
    game = _game(game)
    policies = _policies(policies, policy)
    seed_list, total, seed = _games(n, seed, seeds)
    if keep not in ("summary", "records"):
        raise OptionError(f'keep is "summary" or "records", got {keep!r:.40}')
    need_count("max_moves", max_moves, 1)
    if chunk is not None:
        need_count("chunk", chunk, 1)
    if jsonl is not None:
        jsonl_target(jsonl)
    kind = _kind(executor)
    seat_policies(game, per_game(policies, 0), 0)  # refuse bad policies before any work
    spec = GameSpec.of(game)
    reporter = Reporter(game.name, total, progress)
    records = keep == "records" or jsonl is not None

    def task(first: int, count: int) -> Task:
        chunk_seeds = None if seed_list is None else tuple(seed_list[first : first + count])
        return Task(
            spec=spec,
            policies=policies,
            first=first,
            count=count,
            seed=seed,
            seeds=chunk_seeds,
            records=records,
            max_moves=max_moves,
        )

    tally = Tally(game.players, 0, keep == "records")
    writer = _Writer(jsonl)
    try:
        first = 0
        if kind != "here" and chunk is None:  # time the first games here to size the chunks
            t0 = time.perf_counter()
            while first < min(total, PILOT_GAMES) and time.perf_counter() - t0 < PILOT_TIME:
                _collect(tally, run_chunk(task(first, 1)), writer, reporter)
                first += 1
            seconds = (time.perf_counter() - t0) / first
            chunk = _chunk(total - first, seconds, _workers(executor, kind))
        if chunk is None:  # here: progress from inside each task; records stream out
            chunk = HERE_CHUNK
        tasks = [task(k, min(chunk, total - k)) for k in range(first, total, chunk)]
        for part in _completed(executor, kind, tasks, reporter):
            _collect(tally, part, writer, reporter, count=kind != "here")
    finally:
        reporter.close()
        writer.close()
    if tally.records is not None:
        tally.records.sort(key=_index)
    summary = summarise(game.name, tally, time.perf_counter() - started)
    kept = tuple(tally.records) if keep == "records" and tally.records is not None else ()
    tasks_run = len(tasks) + (1 if first else 0)  # the first games, played here, count as one
    return SimulationResult(summary=summary, records=kept, chunk=chunk, tasks=tasks_run)


def _index(record: GameResult) -> int:
    return record.index


def _policies(policies: object, policy: object) -> object:
    if policy is not None:
        if policies is not None:
            raise OptionError("give policies or its former name policy, not both")
        if not isinstance(policy, str):
            raise OptionError(f"policy names a policy (greedy or random), got {policy!r:.40}")
        return policy
    if isinstance(policies, (list, tuple)):
        return tuple(policies)
    return policies


def _games(
    n: object, seed: object, seeds: Iterable[int] | None
) -> tuple[list[int] | None, int, int | None]:
    if seeds is not None:
        if n is not None or seed is not None:
            raise OptionError("give n (and seed) or seeds, not both")
        seed_list = seed_values(seeds)
        if not seed_list:
            raise OptionError("seeds is empty: there is no game to play")
        return seed_list, len(seed_list), None
    if n is None:
        raise OptionError("give the number of games n, or the game seeds")
    need_count("n", n, 1)
    if seed is None:
        seed = 0
    check_seed(seed)  # before any printing: a 4,300-digit number cannot be printed
    return None, n, seed  # type: ignore[return-value]


def _kind(executor: object) -> str:
    if executor is None:
        return "here"
    if _is_dask_client(executor):
        return "dask"
    if callable(getattr(executor, "imap_unordered", None)):
        return "pool"
    if callable(getattr(executor, "submit", None)):
        return "submit"
    if callable(getattr(executor, "map", None)):
        return "map"
    raise OptionError(
        f"executor must be a concurrent.futures.Executor, a Dask Client or a pool "
        f"(with submit, map or imap_unordered), got {executor!r:.40}"
    )


def _is_dask_client(executor: object) -> bool:
    module = sys.modules.get("distributed")
    client = getattr(module, "Client", None) if module is not None else None
    return client is not None and isinstance(executor, client)


def _workers(executor: Any, kind: str) -> int:
    """How many games an executor plays at once (a guess where it does not say)."""
    try:
        if kind == "dask":
            return max(1, int(sum(executor.nthreads().values())))
        client = getattr(executor, "_client", None)  # Dask's Client.get_executor()
        if client is not None and _is_dask_client(client):
            return max(1, int(sum(client.nthreads().values())))
        for name in ("_max_workers", "_processes"):  # concurrent.futures, multiprocessing
            count = getattr(executor, name, None)
            if isinstance(count, int) and count > 0:
                return count
    except Exception:  # a guess only: the run goes on with the machine's count
        pass
    return os.cpu_count() or 1


def _chunk(games: int, seconds: float, workers: int) -> int:
    """Games per task: about ``ROUNDS`` tasks per worker, each from ``MIN_TASK``
    to ``MAX_TASK`` seconds long at ``seconds`` a game; with less work, one
    task per worker of at least ``MIN_SHARE`` seconds.

    Examples:
        >>> _chunk(20_000, 0.0002, 2)  # 4 s of work: 8 tasks of 0.5 s
        2500
        >>> _chunk(20_000, 0.0002, 16)  # 0.25 s a worker: one task each
        1250
        >>> _chunk(20_000, 0.0001, 16)  # 0.125 s a worker: still one task each
        1250
        >>> _chunk(1000, 0.0075, 16)  # 0.47 s a worker: two tasks each
        32
        >>> _chunk(10**6, 0.0002, 2)  # 200 s: tasks of at most 5 s
        25000
        >>> _chunk(1000, 0.0002, 2)  # 0.1 s a worker: one task each
        500
        >>> _chunk(100, 0.0001, 2)  # 10 ms of work: one task
        100
    """
    if games <= 0:
        return 1
    work = games * max(seconds, 1e-6)
    if work < workers * MIN_TASK:  # little work: one task per worker, unless tiny
        return math.ceil(games / max(1, min(workers, int(work / MIN_SHARE))))
    rounds = max(
        math.ceil(work / (workers * MAX_TASK)), min(ROUNDS, int(work / MIN_TASK / workers))
    )
    return math.ceil(games / (workers * rounds))


def _completed(executor: Any, kind: str, tasks: list[Task], reporter: Reporter) -> Iterator[Tally]:
    """The tasks' tallies as they are done."""
    if kind == "here":
        for task in tasks:
            yield run_chunk(task, reporter.advance)
    elif kind == "dask":
        from distributed import as_completed

        futures = executor.map(run_chunk, tasks, pure=False)
        of = {future.key: task for future, task in zip(futures, tasks, strict=True)}
        try:
            for future in as_completed(futures):  # type: ignore[no-untyped-call, unused-ignore]
                yield _result(future, of[future.key])
        finally:
            executor.cancel(futures)
    elif kind == "pool":
        try:
            for part in executor.imap_unordered(run_chunk, tasks):
                yield _tally(part)
        except SimulationError:
            raise
        except Exception as exc:
            raise _failed(None, exc) from exc
    elif kind == "submit":
        futures = {executor.submit(run_chunk, task): task for task in tasks}
        try:
            for future in concurrent.futures.as_completed(futures):
                yield _result(future, futures[future])
        finally:
            for future in futures:
                future.cancel()
    else:
        done = iter(executor.map(run_chunk, tasks))
        for task in tasks:
            try:
                part = next(done)
            except SimulationError:
                raise
            except Exception as exc:
                raise _failed(task, exc) from exc
            yield _tally(part)


def _result(future: Any, task: Task) -> Tally:
    """The tally of a finished future; a failure outside the games (a policy that
    cannot be pickled, a worker that died) names the task's games and first seed."""
    try:
        part = future.result()
    except SimulationError:
        raise
    except Exception as exc:
        raise _failed(task, exc) from exc
    return _tally(part)


def _failed(task: Task | None, exc: BaseException) -> SimulationError:
    hint = (
        " (what travels to worker processes, the policies and a game outside the"
        " registry, must be picklable)"
        if "pickl" in f"{type(exc).__name__} {exc}".lower()
        else ""
    )
    if task is None:
        return SimulationError(f"a task of games failed: {type(exc).__name__}: {exc}{hint}")
    last = task.first + task.count - 1
    seed = task.seeds[0] if task.seeds is not None else game_seed(task.seed or 0, task.first)
    return SimulationError(
        f"the task of games {task.first} to {last} (game {task.first} has seed {seed}) "
        f"failed: {type(exc).__name__}: {exc}{hint}",
        index=task.first,
        seed=seed,
    )


def _tally(part: object) -> Tally:
    """A chunk's tally, or the error a pool handed back in its place (Ray's pool
    yields a ``PoolTaskError`` holding the worker's exception, rather than raising)."""
    if isinstance(part, Tally):
        return part
    cause = getattr(part, "underlying", part)
    if isinstance(cause, BaseException):
        raise cause
    raise SimulationError(f"a worker sent back {part!r:.80} instead of a chunk's results")


def _collect(
    tally: Tally, part: Tally, writer: _Writer, reporter: Reporter, count: bool = True
) -> None:
    if writer.file is not None and part.records is not None:
        writer.add(part.first, part.records)
    tally.merge(part)
    if count:
        reporter.advance(part.games)


class _Writer:
    """Writes records as JSON lines in game order as chunks come back in any order."""

    def __init__(self, target: str | os.PathLike[str] | IO[str] | None) -> None:
        self.next = 0
        self.waiting: dict[int, list[GameResult]] = {}
        self.own = isinstance(target, (str, os.PathLike))
        self.file: IO[str] | None = None
        if isinstance(target, (str, os.PathLike)):
            try:
                self.file = open(target, "w", encoding="utf-8")  # noqa: SIM115 (closed in close())
            except OSError as exc:
                raise OptionError(f"cannot write JSON lines to {target}: {exc.strerror}") from None
        else:
            self.file = target

    def add(self, first: int, records: list[GameResult]) -> None:
        self.waiting[first] = records
        while self.file is not None and self.next in self.waiting:
            ready = self.waiting.pop(self.next)
            write_jsonl(ready, self.file)
            self.next += len(ready)

    def close(self) -> None:
        if self.own and self.file is not None:
            self.file.close()
