"""Progress of a long simulation: a callback, a ``rich`` bar, or plain lines."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import IO, Any

import attrs

from cardrules.errors import OptionError

__all__ = ["Progress"]

#: An automatic display starts once a run has lasted this long (seconds).
LONG_RUN = 2.0
#: Plain progress lines come at most this often (seconds).
LINE_EVERY = 10.0


@attrs.frozen(kw_only=True)
class Progress:
    """How far a simulation has got (what a progress callback receives).

    Examples:
        >>> p = Progress(done=250, total=1000, elapsed=2.0)
        >>> p.fraction, p.games_per_second, p.remaining
        (0.25, 125.0, 6.0)
    """

    done: int
    total: int
    elapsed: float

    @property
    def fraction(self) -> float:
        """The share of the games done, 0 to 1."""
        return self.done / self.total if self.total else 1.0

    @property
    def games_per_second(self) -> float:
        """Games done per second so far."""
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def remaining(self) -> float | None:
        """Seconds left at the rate so far, or ``None`` before any game is done."""
        rate = self.games_per_second
        return (self.total - self.done) / rate if rate > 0 else None

    def line(self, name: str) -> str:
        """One plain line about this progress.

        Examples:
            >>> Progress(done=250, total=1000, elapsed=2.0).line("thirty_one")
            'thirty_one: 250/1000 games (25%), 125 games/s, about 6 s left'
        """
        left = "" if self.remaining is None else f", about {self.remaining:.0f} s left"
        return (
            f"{name}: {self.done}/{self.total} games ({self.fraction:.0%}), "
            f"{self.games_per_second:.0f} games/s{left}"
        )


class Reporter:
    """Tells a callback, or shows a display, as games are done."""

    def __init__(self, name: str, total: int, progress: object) -> None:
        if not (progress is None or isinstance(progress, bool) or callable(progress)):
            raise OptionError(
                f"progress takes True, False, None (automatic) or a callable, got {progress!r:.40}"
            )
        self.name = name
        self.total = total
        self.done = 0
        self.start = time.perf_counter()
        self.callback: Callable[[Progress], object] | None = (
            progress if callable(progress) and not isinstance(progress, bool) else None
        )
        self.show = progress is True or progress is None  # None: only on a long run
        self.wait = 0.0 if progress is True else LONG_RUN
        self.display: _Bar | _Lines | None = None

    def advance(self, games: int) -> None:
        """Count ``games`` more games done."""
        self.done += games
        now = time.perf_counter() - self.start
        state = Progress(done=self.done, total=self.total, elapsed=now)
        if self.callback is not None:
            self.callback(state)
        if not self.show:
            return
        if self.display is None and now >= self.wait and self.done < self.total:
            self.display = _open(self.name, self.total)
        if self.display is not None:
            self.display.update(state)

    def close(self) -> None:
        """End the display, if any."""
        if self.display is not None:
            self.display.close()
            self.display = None


def _open(name: str, total: int) -> _Bar | _Lines:
    stream = sys.stderr
    if _is_terminal(stream):
        try:
            return _Bar(name, total)
        except ImportError:  # rich is the optional extra ``cli``
            pass
    return _Lines(name, stream)


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class _Lines:
    """Plain lines on a stream that is not a terminal, one every ``LINE_EVERY`` s."""

    def __init__(self, name: str, stream: IO[str]) -> None:
        self.name = name
        self.stream = stream
        self.last: float | None = None
        self.state: Progress | None = None

    def update(self, state: Progress) -> None:
        self.state = state
        if self.last is None or state.elapsed - self.last >= LINE_EVERY:
            self.last = state.elapsed
            print(state.line(self.name), file=self.stream, flush=True)

    def close(self) -> None:
        if self.state is not None and self.state.elapsed != self.last:
            print(self.state.line(self.name), file=self.stream, flush=True)


class _Bar:
    """A ``rich`` progress bar on standard error."""

    def __init__(self, name: str, total: int) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as RichProgress

        self.bar: Any = RichProgress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self.task = self.bar.add_task(name, total=total, rate="")
        self.bar.start()

    def update(self, state: Progress) -> None:
        rate = f"{state.games_per_second:.0f} games/s"
        self.bar.update(self.task, completed=state.done, rate=rate)

    def close(self) -> None:
        self.bar.stop()
