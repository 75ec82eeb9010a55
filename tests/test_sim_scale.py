"""Simulation at scale (issue 15): chunks, executors, exact reproducibility, progress."""

from __future__ import annotations

import hashlib
import io
import json
import math
import multiprocessing
import pickle
import statistics
import subprocess
import sys
import types
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cardrules import CardRulesError, ConformanceError, OptionError, games
from cardrules.engine import GameState, Move
from cardrules.games.thirty_one import KNOCK, ThirtyOne
from cardrules.sim import (
    GameResult,
    GameSpec,
    GreedyPolicy,
    Progress,
    RandomPolicy,
    SimulationError,
    SimulationResult,
    game_seed,
    play,
    simulate,
)
from cardrules.sim import _progress as progress_module

GAME = games.create("thirty_one", players=3, deals=1)
N = 60


@pytest.fixture(scope="module")
def baseline() -> SimulationResult:
    """The in-process run every other executor must match."""
    return simulate(GAME, N, seed=11, policies=["greedy", "random", "random"], keep="records")


def _run(executor: Any = None, chunk: int | None = None) -> SimulationResult:
    return simulate(
        GAME,
        N,
        seed=11,
        policies=["greedy", "random", "random"],
        keep="records",
        executor=executor,
        chunk=chunk,
    )


class _MapOnly:
    """An executor with only an ordered ``map`` (e.g. a plain pool wrapper)."""

    def map(self, fn: Any, items: Any) -> Iterator[Any]:
        return map(fn, items)


class TestSeeding:
    """Game i is played from (seed, i), the same everywhere."""

    def test_game_seed_is_the_documented_hash(self) -> None:
        """game_seed is the first 8 bytes of BLAKE2b of 'cardrules.sim/seed/i', halved."""
        digest = hashlib.blake2b(b"cardrules.sim/7/12", digest_size=8).digest()
        assert game_seed(7, 12) == int.from_bytes(digest, "big") // 2
        assert game_seed(7, 12) != game_seed(7, 13) != game_seed(8, 12)

    def test_game_seed_same_in_another_process(self) -> None:
        """A fresh interpreter with another hash seed derives the same game seeds."""
        code = "from cardrules.sim import game_seed; print(game_seed(3, 99), game_seed(-1, 0))"
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": "12345", "PYTHONPATH": str(Path(__file__).parents[1] / "src")},
        )
        assert done.stdout.split() == [str(game_seed(3, 99)), str(game_seed(-1, 0))]

    def test_each_record_is_the_game_play_gives(self, baseline: SimulationResult) -> None:
        """Record i is game_seed(11, i) played by play() with the same policies."""
        assert [r.index for r in baseline.records] == list(range(N))
        for record in baseline.records[:12]:
            assert record.seed == game_seed(11, record.index)
            final = play(GAME, ["greedy", "random", "random"], seed=record.seed)
            assert record.scores == tuple(final.scores)
            assert record.moves == len(final.history)

    def test_explicit_seeds_are_the_game_seeds(self) -> None:
        """With seeds=, game i is played from seeds[i]."""
        result = simulate(GAME, seeds=[5, 3, 5], keep="records")
        assert [r.seed for r in result.records] == [5, 3, 5]
        assert result.records[0].scores == result.records[2].scores
        assert result.records[1].scores == tuple(play(GAME, "random", seed=3).scores)

    def test_another_run_seed_gives_other_games(self, baseline: SimulationResult) -> None:
        """The run's seed matters."""
        other = simulate(GAME, N, seed=12, policies=["greedy", "random", "random"])
        assert other.summary != baseline.summary


class TestSameResultsEverywhere:
    """Records and summary do not depend on executor, workers or chunking."""

    @pytest.mark.parametrize("chunk", [1, 7, N])
    def test_chunking_here(self, chunk: int, baseline: SimulationResult) -> None:
        """Any chunk size in this process."""
        assert _run(chunk=chunk) == baseline

    def test_thread_pool(self, baseline: SimulationResult) -> None:
        """A thread pool, with the timed default chunk."""
        with ThreadPoolExecutor(3) as pool:
            assert _run(pool) == baseline

    @pytest.mark.parametrize("chunk", [None, 1, 13])
    def test_process_pool(self, chunk: int | None, baseline: SimulationResult) -> None:
        """Two processes, default and odd chunk sizes."""
        with ProcessPoolExecutor(2) as pool:
            result = _run(pool, chunk)
        assert result == baseline
        assert result.summary == baseline.summary

    def test_multiprocessing_pool(self, baseline: SimulationResult) -> None:
        """A pool with imap_unordered (as ray.util.multiprocessing.Pool has)."""
        with multiprocessing.get_context("fork").Pool(2) as pool:
            assert _run(pool, 9) == baseline

    def test_map_only_executor(self, baseline: SimulationResult) -> None:
        """An object with an ordered map only."""
        assert _run(_MapOnly(), 10) == baseline

    def test_summary_alone_equals_summary_with_records(self, baseline: SimulationResult) -> None:
        """keep='summary' computes the same summary and keeps no records."""
        with ProcessPoolExecutor(2) as pool:
            alone = simulate(
                GAME, N, seed=11, policies=["greedy", "random", "random"], executor=pool, chunk=8
            )
        assert alone.records == ()
        assert alone.summary == baseline.summary


class TestPolicies:
    """None, one policy, one per seat; names or objects."""

    def test_none_is_random_for_every_seat(self) -> None:
        """policies=None plays the 'random' policy for every seat."""
        assert simulate(GAME, 20) == simulate(GAME, 20, policies="random")

    def test_objects_with_seeded_equal_names(self) -> None:
        """RandomPolicy and GreedyPolicy objects are re-seeded per game like their names."""
        assert simulate(GAME, 20, policies=RandomPolicy(99)) == simulate(GAME, 20)
        by_object = simulate(GAME, 20, policies=GreedyPolicy(GAME), keep="records")
        assert by_object == simulate(GAME, 20, policies="greedy", keep="records")
        seats = [GreedyPolicy(GAME), RandomPolicy(), "random"]
        assert simulate(GAME, 20, policies=seats) == simulate(
            GAME, 20, policies=["greedy", "random", "random"]
        )

    def test_former_keyword_policy(self) -> None:
        """policy='greedy' (the former keyword) still works."""
        assert simulate(GAME, 10, policy="greedy") == simulate(GAME, 10, policies="greedy")

    def test_stateless_object_on_processes(self) -> None:
        """A picklable policy object without seeded() travels to workers."""
        here = simulate(GAME, 30, policies=_FirstMove(), keep="records")
        with ProcessPoolExecutor(2) as pool:
            assert simulate(GAME, 30, policies=_FirstMove(), executor=pool, keep="records") == here

    def test_greedy_wins_more_than_random(self) -> None:
        """A greedy seat against two random ones wins more than its share."""
        result = simulate(GAME, 300, policies=["greedy", "random", "random"])
        assert result.summary.win_rates[0] > 0.4
        assert result.summary.mean_scores[0] < result.summary.mean_scores[1]


class _FirstMove:
    """Always the first legal move: stateless, so it needs no seeded()."""

    def choose(self, state: GameState[Any]) -> Move:
        return state.legal_moves()[0]


class TestSummary:
    """The streaming summary adds up the records exactly."""

    def test_summary_from_records_by_hand(self, baseline: SimulationResult) -> None:
        """Means, standard errors, shared wins and move counts, recomputed here."""
        records = baseline.records
        summary = baseline.summary
        assert summary.games == N
        assert summary.game == "thirty_one"
        for seat in range(3):
            column = [r.scores[seat] for r in records]
            assert summary.mean_scores[seat] == pytest.approx(statistics.fmean(column))
            want = statistics.stdev(column) / math.sqrt(N)
            assert summary.std_errors[seat] == pytest.approx(want)
        wins = [0.0, 0.0, 0.0]
        for r in records:  # Thirty-One counts tokens lost: the fewest is best
            best = [s for s in range(3) if r.scores[s] == min(r.scores)]
            for s in best:
                wins[s] += 1 / len(best)
        assert summary.win_rates == pytest.approx([w / N for w in wins])
        assert sum(summary.win_rates) == pytest.approx(1)
        assert summary.mean_moves == pytest.approx(statistics.fmean(r.moves for r in records))
        assert summary.max_moves == max(r.moves for r in records)
        assert summary.games_per_second > 0

    def test_two_games_by_hand(self) -> None:
        """Two games whose numbers are easy to check."""
        result = simulate(GAME, seeds=[1, 2], keep="records")
        a, b = (r.scores for r in result.records)
        s = result.summary
        for seat in range(3):
            assert s.mean_scores[seat] == (a[seat] + b[seat]) / 2
            assert s.std_errors[seat] == pytest.approx(abs(a[seat] - b[seat]) / 2)

    def test_one_game_has_zero_error(self) -> None:
        """A single game: standard error 0.0, as documented."""
        assert simulate(GAME, 1).summary.std_errors == (0.0, 0.0, 0.0)

    def test_fractional_scores_add_up_exactly_in_any_order(self) -> None:
        """Scores that are not whole give the same summary however they are merged."""
        from cardrules.sim._summary import Tally, summarise

        scores = [(0.1, 0.7), (0.2, 0.3), (0.3, 0.1), (1e16, 1.0), (-1e16, 2.5)]
        results = [GameResult(index=i, seed=i, scores=s, moves=i) for i, s in enumerate(scores)]

        def tally_of(parts: list[list[GameResult]]) -> Tally:
            total = Tally(2)
            for part in parts:
                chunk = Tally(2)
                for result in part:
                    chunk.add(result, higher_is_better=True)
                total.merge(chunk)
            return total

        one = summarise("x", tally_of([results]), 1.0)
        split = summarise("x", tally_of([results[3:], results[:1], results[1:3]]), 1.0)
        assert one == split
        # seat 0: 0.1 + 0.2 + 0.3 + 1e16 - 1e16 = 0.6 (a float sum in this order gives 0);
        # seat 1: 0.7 + 0.3 + 0.1 + 1 + 2.5 = 4.6
        assert one.mean_scores == (0.12, 0.92)
        assert one.win_rates == (0.4, 0.6)

    def test_table_lists_every_seat(self, baseline: SimulationResult) -> None:
        """The table has a row per seat and the move counts."""
        lines = baseline.summary.table().splitlines()
        assert lines[0].startswith("thirty_one: 60 games")
        assert [line.split()[0] for line in lines[2:5]] == ["0", "1", "2"]
        assert lines[-1].startswith("moves per game: mean")


class TestRecordsAndJsonl:
    """Records when asked, JSON lines in game order."""

    def test_write_jsonl(self, baseline: SimulationResult, tmp_path: Path) -> None:
        """write_jsonl writes one line per game that reads back to the record."""
        path = tmp_path / "games.jsonl"
        assert baseline.write_jsonl(path) == N
        lines = path.read_text(encoding="utf-8").splitlines()
        first = json.loads(lines[0])
        assert first == {
            "game": 0,
            "seed": baseline.records[0].seed,
            "scores": list(baseline.records[0].scores),
            "moves": baseline.records[0].moves,
        }

    def test_streamed_jsonl_in_game_order_from_a_pool(
        self, baseline: SimulationResult, tmp_path: Path
    ) -> None:
        """jsonl= writes every game in order though chunks finish in any order."""
        path = tmp_path / "stream.jsonl"
        with ProcessPoolExecutor(2) as pool:
            result = simulate(
                GAME,
                N,
                seed=11,
                policies=["greedy", "random", "random"],
                executor=pool,
                chunk=4,
                jsonl=path,
            )
        assert result.records == ()  # written, not kept
        expected = "".join(r.to_json() + "\n" for r in baseline.records)
        assert path.read_text(encoding="utf-8") == expected

    def test_jsonl_to_an_open_file(self) -> None:
        """jsonl= also takes an open text file."""
        out = io.StringIO()
        simulate(GAME, 5, jsonl=out, chunk=2)
        assert [json.loads(line)["game"] for line in out.getvalue().splitlines()] == [0, 1, 2, 3, 4]

    def test_no_records_to_write(self) -> None:
        """write_jsonl without kept records says how to keep them."""
        with pytest.raises(OptionError, match='keep="records"'):
            simulate(GAME, 3).write_jsonl(io.StringIO())


class TestProgress:
    """A callback for programs, a display for people, nothing when quiet."""

    def test_callback_sees_every_game(self) -> None:
        """The callback is told of progress up to the total, never backwards."""
        seen: list[Progress] = []
        simulate(GAME, 150, progress=seen.append, chunk=40)
        done = [p.done for p in seen]
        assert done == sorted(done)
        assert done[-1] == 150
        assert all(p.total == 150 for p in seen)

    def test_callback_on_a_pool(self) -> None:
        """On a pool the callback is told as chunks come back."""
        seen: list[int] = []
        with ThreadPoolExecutor(2) as pool:
            simulate(GAME, 50, executor=pool, chunk=10, progress=lambda p: seen.append(p.done))
        assert seen == [10, 20, 30, 40, 50]

    def test_quiet_and_short_runs_print_nothing(self, capsys: pytest.CaptureFixture[str]) -> None:
        """progress=False prints nothing; an automatic display waits for a long run."""
        simulate(GAME, 30, progress=False)
        simulate(GAME, 30)
        assert capsys.readouterr() == ("", "")

    def test_automatic_display_on_a_long_run(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """progress=None shows progress once a run has lasted LONG_RUN seconds."""
        monkeypatch.setattr(progress_module, "LONG_RUN", 0.0)
        simulate(GAME, 30, chunk=10)
        err = capsys.readouterr().err
        assert err.rstrip().splitlines()[-1].startswith("thirty_one: 30/30 games (100%)")

    def test_lines_when_not_a_terminal(self, capsys: pytest.CaptureFixture[str]) -> None:
        """progress=True off a terminal prints plain lines on standard error."""
        simulate(GAME, 30, progress=True, chunk=10)
        out, err = capsys.readouterr()
        assert out == ""
        assert "thirty_one: 10/30 games (33%)" in err
        assert err.rstrip().splitlines()[-1].startswith("thirty_one: 30/30 games (100%)")

    def test_rich_bar_on_a_terminal(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """On a terminal the display is a rich progress bar."""
        pytest.importorskip("rich")
        monkeypatch.setattr(progress_module, "_is_terminal", lambda stream: True)
        shown: list[object] = []
        real_open = progress_module._open

        def spy(name: str, total: int) -> Any:
            display = real_open(name, total)
            shown.append(display)
            return display

        monkeypatch.setattr(progress_module, "_open", spy)
        simulate(GAME, 20, progress=True, chunk=5)
        assert [type(d).__name__ for d in shown] == ["_Bar"]

    def test_bad_progress(self) -> None:
        """progress takes a bool, None or a callable."""
        with pytest.raises(OptionError, match="progress"):
            simulate(GAME, 3, progress="yes")  # type: ignore[arg-type]


class _Cheat:
    """Knocks whether or not knocking is legal."""

    def choose(self, state: object) -> Move:
        return KNOCK


class _Broken:
    """Raises a bare KeyError on its third move."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, state: GameState[Any]) -> Move:
        if len(state.history) >= 2:
            raise KeyError("no such card")
        return state.legal_moves()[0]


class _Unpicklable:
    """Holds a lambda, which pickle cannot send to another process."""

    def __init__(self) -> None:
        self.pick = lambda state: state.legal_moves()[0]

    def choose(self, state: GameState[Any]) -> Move:
        move: Move = self.pick(state)
        return move


class TestBadInput:
    """Clear CardRulesError subclasses, and failures that name the seed."""

    @pytest.mark.parametrize("n", [0, -3, 1.5, True, "10", None])
    def test_n_must_be_a_positive_whole_number(self, n: Any) -> None:
        """n is a whole number from 1."""
        with pytest.raises(OptionError, match="n"):
            simulate(GAME, n)

    @pytest.mark.parametrize(
        ("kwargs", "fragment"),
        [
            ({"executor": object()}, "submit, map or imap_unordered"),
            ({"executor": "pool"}, "Executor"),
            ({"keep": "all"}, "keep"),
            ({"chunk": 0}, "chunk"),
            ({"seed": 1.5}, "seed"),
            ({"seeds": [1]}, "not both"),
            ({"policies": "clever"}, "unknown policy"),
            ({"policies": ["greedy"]}, "3 seats"),
            ({"policies": "random", "policy": "greedy"}, "not both"),
            ({"policies": object()}, "no choose"),
            ({"jsonl": 3}, "jsonl"),
            ({"max_moves": 0}, "max_moves"),
        ],
    )
    def test_bad_arguments(self, kwargs: dict[str, Any], fragment: str) -> None:
        """Each bad argument is an OptionError saying what was expected."""
        with pytest.raises(OptionError, match=fragment):
            simulate(GAME, 5, **kwargs)

    def test_not_a_game(self) -> None:
        """A game name instead of a game is refused with a hint."""
        with pytest.raises(OptionError, match="expected a game"):
            simulate("thirty_one", 5)  # type: ignore[arg-type]

    def test_empty_seeds(self) -> None:
        """An empty seed list is refused."""
        with pytest.raises(OptionError, match="empty"):
            simulate(GAME, seeds=[])

    @pytest.mark.parametrize("pool", [None, "process"])
    def test_illegal_move_names_seed_and_move(self, pool: str | None) -> None:
        """An illegal choice names the game, its seed and the move, here or in a worker;
        play() with that seed fails at the same move."""
        executor: Executor | None = ProcessPoolExecutor(2) if pool else None
        try:
            with pytest.raises(SimulationError, match="illegal move at move") as info:
                simulate(GAME, 10, seed=4, policies=_Cheat(), executor=executor)
        finally:
            if executor is not None:
                executor.shutdown()
        err = info.value
        assert err.index is not None
        assert err.seed == game_seed(4, err.index)
        assert f"seed {err.seed}" in str(err)
        with pytest.raises(ConformanceError, match=f"at move {err.move}:"):
            play(GAME, _Cheat(), seed=err.seed)
        assert err.move is not None
        assert len(err.history) == err.move
        position = GAME.replay(err.seed, err.history)  # where the policy went wrong
        assert KNOCK not in position.legal_moves()

    def test_worker_failure_names_the_seed(self) -> None:
        """A policy's own exception in a worker comes back naming seed and move."""
        with (
            ProcessPoolExecutor(2) as pool,
            pytest.raises(SimulationError, match=r"seed \d+\) failed at move 2: KeyError") as info,
        ):
            simulate(GAME, 6, policies=_Broken(), executor=pool, chunk=3)
        assert "Traceback" in info.value.details
        assert "Traceback" not in str(info.value)
        assert isinstance(info.value, CardRulesError)

    def test_unpicklable_policy_on_processes(self) -> None:
        """A policy that cannot travel to a worker process is named with its games' seed."""
        with (
            ProcessPoolExecutor(2) as pool,
            pytest.raises(SimulationError, match="must be picklable") as info,
        ):
            simulate(GAME, 10, policies=_Unpicklable(), executor=pool, chunk=5)
        assert info.value.seed == game_seed(0, info.value.index or 0)

    def test_endless_game(self) -> None:
        """A game longer than max_moves names its seed."""
        with pytest.raises(SimulationError, match="did not end within 3 moves") as info:
            simulate(GAME, 2, max_moves=3)
        assert info.value.seed == game_seed(0, 0)

    def test_simulation_error_pickles(self) -> None:
        """A SimulationError travels between processes whole."""
        err = SimulationError(
            "game 3 (seed 9) failed", index=3, seed=9, move=1, history=("knock",), details="tb"
        )
        back = pickle.loads(pickle.dumps(err))
        assert (str(back), back.index, back.seed, back.move, back.history, back.details) == (
            "game 3 (seed 9) failed",
            3,
            9,
            1,
            ("knock",),
            "tb",
        )


class _HandsBackErrors:
    """A pool whose imap_unordered yields a worker's error instead of raising it
    (as Ray's multiprocessing pool does, wrapped in a PoolTaskError)."""

    def __init__(self, item: object) -> None:
        self.item = item

    def imap_unordered(self, fn: Any, items: Any) -> Iterator[Any]:
        yield self.item


class _Wrapped(Exception):
    def __init__(self, underlying: BaseException) -> None:
        self.underlying = underlying


def test_pool_that_hands_back_errors() -> None:
    """An error handed back in a result's place is raised; junk is a SimulationError."""
    failure = SimulationError("game 2 (seed 7) failed", index=2, seed=7)
    with pytest.raises(SimulationError, match="seed 7") as info:
        simulate(GAME, 10, executor=_HandsBackErrors(_Wrapped(failure)), chunk=5)
    assert info.value.index == 2
    with pytest.raises(SimulationError, match="instead of a chunk's results"):
        simulate(GAME, 10, executor=_HandsBackErrors("junk"), chunk=5)


class _MyThirtyOne(ThirtyOne):
    """A user's own game, not in the registry."""

    NAME: ClassVar[str] = "my_thirty_one"


class TestGameSpec:
    """Workers receive names and options, or a game value for a user's own game."""

    def test_registered_game_travels_by_name(self) -> None:
        """A registered game's spec holds no game object and rebuilds the same game."""
        game = games.create("thirty_one", players=5, tokens=4)
        spec = GameSpec.of(game)
        assert spec.game is None
        assert spec.create() == game
        assert pickle.loads(pickle.dumps(spec)).create() == game

    def test_options_that_are_not_attrs_travel_with_the_game(self) -> None:
        """A game whose options value is no attrs class travels as the game itself."""
        odd = _MyThirtyOne(types.SimpleNamespace(players=2))
        spec = GameSpec.of(odd)
        assert spec.game is odd
        assert spec.options == ()

    def test_user_game_travels_as_a_value(self) -> None:
        """A game outside the registry travels as the game itself, and plays the same."""
        game = _MyThirtyOne.create(players=2, deals=1)
        assert GameSpec.of(game).game == game
        here = simulate(game, 20, keep="records")
        with ProcessPoolExecutor(2) as pool:
            assert simulate(game, 20, keep="records", executor=pool, chunk=6) == here
        assert here.summary.game == "my_thirty_one"


def test_result_records_are_game_results(baseline: SimulationResult) -> None:
    """Records are GameResult values with the game's scores."""
    record = baseline.records[0]
    assert isinstance(record, GameResult)
    assert len(record.scores) == 3
