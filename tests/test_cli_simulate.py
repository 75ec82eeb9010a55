"""`cardrules simulate`: many games from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules import games
from cardrules.cli import main
from cardrules.sim import _cli as sim_cli
from cardrules.sim import simulate

ARGS = ["simulate", "thirty_one", "-n", "40", "--players", "3", "--option", "deals=1"]


def _table(out: str) -> list[str]:
    """The summary without its timing line."""
    return out.splitlines()[1:-1]


def test_prints_the_summary_table(capsys: pytest.CaptureFixture[str]) -> None:
    """The summary table of the run, as simulate() computes it, then where it ran."""
    assert main([*ARGS, "--seed", "3", "--policy", "greedy,random,random", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    game = games.create("thirty_one", players=3, deals=1)
    want = simulate(game, 40, seed=3, policies=["greedy", "random", "random"]).summary.table()
    assert _table(out) == want.splitlines()[1:]
    assert out.splitlines()[0].startswith("thirty_one: 40 games in ")
    assert "policies greedy,random,random, seed 3, in this process" in out


def test_workers_give_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    """--workers 2 prints the same figures as a run in this process."""
    assert main([*ARGS, "--quiet"]) == 0
    here = capsys.readouterr().out
    assert main([*ARGS, "--quiet", "--workers", "2", "--chunk", "7"]) == 0
    there = capsys.readouterr().out
    assert _table(there) == _table(here)
    assert "2 processes, 6 tasks of up to 7 games" in there


def test_dask_local_gives_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    """--dask-local 2 runs on a local Dask cluster and prints the same figures."""
    pytest.importorskip("distributed")
    assert main([*ARGS, "--quiet"]) == 0
    here = capsys.readouterr().out
    assert main([*ARGS, "--quiet", "--dask-local", "2"]) == 0
    there = capsys.readouterr().out
    assert _table(there) == _table(here)
    assert "a local Dask cluster of 2 processes" in there


def test_dask_local_workers_run_quiet() -> None:
    """--dask-local starts workers without Dask's statistical profiler (QUIET_DASK)."""
    pytest.importorskip("distributed")
    import argparse

    import dask

    args = argparse.Namespace(workers=None, dask=None, dask_local=1)
    with sim_cli._executor(args) as (client, where):
        profiled = client.run(dask.config.get, "distributed.worker.profile.enabled")
    assert list(profiled.values()) == [False]
    assert where == "a local Dask cluster of 1 processes"


def test_unreachable_dask_scheduler(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--dask with no scheduler there says so in one line, exit status 2."""
    pytest.importorskip("distributed")
    monkeypatch.setattr(sim_cli, "DASK_TIMEOUT", 1.0)
    assert main([*ARGS, "--quiet", "--dask", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardrules: error: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert len(err.strip().splitlines()) == 1


def test_jsonl(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--jsonl writes one JSON line per game, in game order."""
    path = tmp_path / "games.jsonl"
    assert main([*ARGS, "--quiet", "--jsonl", str(path)]) == 0
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [line["game"] for line in lines] == list(range(40))
    assert f"records written to {path}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["simulate", "nope", "-n", "5"], "no game named 'nope'"),
        (["simulate", "thirty_one", "-n", "5", "--option", "x=1"], "unknown option 'x'"),
        (["simulate", "thirty_one", "-n", "0"], "n must be a whole number from 1"),
        (["simulate", "thirty_one", "-n", "many"], "invalid int value"),
        (["simulate", "thirty_one"], "required: -n"),
        (["simulate", "thirty_one", "-n", "5", "--policy", "clever"], "unknown policy"),
        (["simulate", "thirty_one", "-n", "5", "--policy", "greedy,random"], "4 seats"),
        (["simulate", "thirty_one", "-n", "5", "--workers", "0"], "--workers"),
        (["simulate", "thirty_one", "-n", "5", "--chunk", "0"], "chunk"),
        (
            ["simulate", "thirty_one", "-n", "5", "--jsonl", "/no/such/dir/x.jsonl"],
            "cannot write JSON lines to /no/such/dir/x.jsonl",
        ),
        (
            ["simulate", "thirty_one", "-n", "5", "--workers", "2", "--dask-local", "2"],
            "not allowed with",
        ),
    ],
)
def test_bad_arguments_one_line_exit_2(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad arguments print one line and exit with status 2, no traceback."""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert code == 2
    assert fragment in err
    assert len(err.strip().splitlines()) == 1
