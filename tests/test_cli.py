"""The command line."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from cardrules import games
from cardrules.cli import main


def test_games_lists_options(capsys: pytest.CaptureFixture[str]) -> None:
    """`cardrules games` lists every game with its options."""
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "thirty_one:" in out
    assert "three_of_a_kind=False" in out


def test_play_prints_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    """`cardrules play` plays to the end and prints moves, results and scores."""
    assert main(["play", "thirty_one", "--seed", "5", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "seed 5" in out
    assert "seat 1:" in out
    assert "ends:" in out
    assert "game over: winner" in out
    assert out.rstrip().splitlines()[-1].startswith("final scores")


def test_play_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed prints the same transcript."""
    main(["play", "thirty_one", "--seed", "9", "--policy", "random"])
    first = capsys.readouterr().out
    main(["play", "thirty_one", "--seed", "9", "--policy", "random"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["play", "nope"], "no game named 'nope'"),
        (["play", "thirty_one", "--option", "x=1"], "unknown option 'x'"),
        (["play", "thirty_one", "--option", "tokens"], "KEY=VALUE"),
        (["play", "thirty_one", "--option", "tokens=many"], "takes a whole number"),
        (["play", "thirty_one", "--players", "12"], "at most 9"),
        (["play", "thirty_one", "--seed", "x"], "invalid int value"),
        (["fly"], "invalid choice"),
        ([], "required"),
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
    assert "Traceback" not in err


def test_python_dash_m() -> None:
    """`python -m cardrules` runs the same command line."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardrules",
            "play",
            "thirty_one",
            "--seed",
            "1",
            "--option",
            "deals=1",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert "final scores" in done.stdout


def test_closed_pipe_is_quiet() -> None:
    """A reader that stops early (``cardrules play ... | head -1``) gets no traceback."""
    proc = subprocess.Popen(
        # a thousand hands print far more than a pipe buffer holds
        [sys.executable, "-m", "cardrules", "play", "empat_satu", "--option", "deals=1000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    assert proc.stderr is not None
    assert proc.stdout.readline().startswith(b"Empat Satu")
    proc.stdout.close()  # the reader goes away while the game is still being printed
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1
    assert "Traceback" not in err
    assert "BrokenPipe" not in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """`cardrules --version` prints the version and exits 0."""
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("cardrules ")


def test_fractional_player_count_says_whole_number(capsys: pytest.CaptureFixture[str]) -> None:
    """An option that takes an int says so when given a fraction."""
    assert main(["play", "thirty_one", "--option", "players=2.5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "whole number" in err


@pytest.mark.parametrize("name", games.names())
def test_transcript_tells_each_deal_and_the_end(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every game's transcript shows the start of the deal, how it ended with the
    hands shown, and the end of the game."""
    assert main(["play", name, "--seed", "3", "--option", "deals=1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^deal 1(:| begins)", out, flags=re.M)
    assert re.search(r"^  (deal|hand) 1 ends: ", out, flags=re.M)
    assert re.search(r"^    seat 0: ", out, flags=re.M)
    assert re.search(r"^game over: ", out, flags=re.M)
