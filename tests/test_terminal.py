"""The terminal loop in a real terminal: tmux runs ``cardrules play --human``,
types with ``send-keys`` and reads the screen with ``capture-pane``.

Skipped when tmux is not installed (``apt-get install tmux``).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardrules.savefile import load

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
SRC = str(Path(__file__).resolve().parent.parent / "src")


class Terminal:
    """A tmux session on its own server, running one command in a 120x50 pane."""

    def __init__(self, socket: Path, command: list[str]) -> None:
        self.base = [str(TMUX), "-u", "-S", str(socket)]
        env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PYTHONPATH": SRC}
        env.pop("NO_COLOR", None)
        env["TERM"] = "xterm-256color"
        shell = " ".join(shlex.quote(c) for c in command) + "; echo EXITED $?; sleep 60"
        subprocess.run(
            [*self.base, "new-session", "-d", "-s", "play", "-x", "120", "-y", "50", shell],
            env=env,
            check=True,
        )

    def screen(self, escapes: bool = False) -> str:
        """The pane's text, with its scroll-back."""
        flags = ["-p", "-J", "-S", "-500"] + (["-e"] if escapes else [])
        done = subprocess.run(
            [*self.base, "capture-pane", *flags, "-t", "play"],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def type(self, text: str, enter: bool = True) -> None:
        """Type ``text`` (literally), then Enter."""
        subprocess.run([*self.base, "send-keys", "-t", "play", "-l", text], check=True)
        if enter:
            subprocess.run([*self.base, "send-keys", "-t", "play", "Enter"], check=True)

    def key(self, name: str) -> None:
        """Press one named key (``C-c``, ``Enter``)."""
        subprocess.run([*self.base, "send-keys", "-t", "play", name], check=True)

    def wait_for(self, text: str, count: int = 1, timeout: float = 60) -> str:
        """Wait until ``text`` shows ``count`` times; the screen then."""
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if screen.count(text) >= count:
                return screen
            if time.monotonic() > end:
                pytest.fail(f"{text!r} did not appear; the screen:\n{screen}")
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, check=False)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[list[Terminal]]:
    opened: list[Terminal] = []
    yield opened
    for term in opened:
        term.close()


def cardrules(*args: str) -> list[str]:
    return [sys.executable, "-m", "cardrules", *args]


def test_thirty_one_in_a_terminal(terminal: list[Terminal], tmp_path: Path) -> None:
    """Thirty-One at a real terminal: suit symbols, colour, hint, bad input,
    a move, undo, quit without saving."""
    term = Terminal(
        tmp_path / "sock",
        cardrules("play", "thirty_one", "--human", "0", "--players", "2", "--seed", "3"),
    )
    terminal.append(term)
    screen = term.wait_for("seat 0> ")
    assert "your turn: knock, draw (the moves below)" in screen  # only legal kinds
    assert any(symbol in screen for symbol in "♣♦♥♠")  # a UTF-8 terminal
    try:
        import rich  # noqa: F401
    except ImportError:
        pass
    else:
        assert "\x1b[" in term.screen(escapes=True)  # coloured on a terminal
    term.type("hint")
    term.wait_for("hint: ")
    term.type("bogus")
    term.wait_for("unknown move 'bogus'")
    term.type("draw stock")
    term.wait_for("your turn: discard (the moves below)")
    term.type("undo")
    term.wait_for("undone: 1 move(s) taken back")
    term.type("quit")
    term.wait_for("Save the game first?")
    term.key("Enter")
    screen = term.wait_for("EXITED 0")
    assert "Traceback" not in screen


def test_turkish51_in_a_terminal_ctrl_c_saves(terminal: list[Terminal], tmp_path: Path) -> None:
    """Turkish 51 (the largest screen) at a real terminal: the table and the
    moves show, a move is played, Ctrl-C offers to save and the file loads."""
    saved = tmp_path / "t51.json"
    term = Terminal(
        tmp_path / "sock", cardrules("play", "turkish51", "--human", "0", "--seed", "2")
    )
    terminal.append(term)
    screen = term.wait_for("seat 0> ")
    assert "== Turkish 51: deal 1" in screen
    assert "your turn: draw, declare (the moves below)" in screen  # no take: not legal
    term.type("1")
    term.wait_for("seat 0> ", count=2)
    term.key("C-c")
    term.wait_for("interrupted. Save the game first?")
    term.type(str(saved))
    screen = term.wait_for("EXITED 0")
    assert "saved to" in screen
    assert "Traceback" not in screen
    game = load(str(saved))
    assert game.game.name == "turkish51"
    assert game.humans == (0,)
    assert len(game.state.history) > 0
