"""Results of a simulation: per-game records and a summary kept by streaming.

A ``Tally`` adds games one at a time and merges with another tally; it
keeps exact sums (whole numbers, or fractions for scores that are not whole),
so the summary of a run is the same number for number however its games were
split into chunks and in whatever order the chunks came back.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable
from fractions import Fraction
from typing import IO, Any

import attrs

from cardrules.errors import OptionError

__all__ = ["GameResult", "SimulationResult", "Summary"]

Exact = int | Fraction


@attrs.frozen(kw_only=True)
class GameResult:
    """The outcome of one simulated game.

    Attributes:
        index: the game's number in its run, from 0.
        seed: the game's seed: ``play(game, policies, seed=seed)`` plays it again.
        scores: the final scores, per seat, in the game's own units.
        moves: the number of moves made.
    """

    index: int
    seed: int
    scores: tuple[float, ...]
    moves: int

    def to_json(self) -> str:
        """This record as one line of JSON.

        Examples:
            >>> GameResult(index=0, seed=5, scores=(1, 0), moves=12).to_json()
            '{"game": 0, "seed": 5, "scores": [1, 0], "moves": 12}'
        """
        data = {"game": self.index, "seed": self.seed, "scores": list(self.scores)}
        data["moves"] = self.moves
        return json.dumps(data)


def _exact(value: float) -> Exact:
    if isinstance(value, int):
        return value
    return Fraction(value)


class Tally:
    """Exact running totals of many games (what a worker sends back for a chunk)."""

    __slots__ = ("first", "games", "most_moves", "moves", "records", "sq", "total", "unit", "wins")

    def __init__(self, players: int, first: int = 0, records: bool = False) -> None:
        self.first = first
        self.games = 0
        self.moves = 0
        self.most_moves = 0
        self.unit = math.lcm(*range(1, players + 1))  # a win shared by k seats: unit // k each
        self.total: list[Exact] = [0] * players
        self.sq: list[Exact] = [0] * players
        self.wins = [0] * players
        self.records: list[GameResult] | None = [] if records else None

    def add(self, result: GameResult, higher_is_better: bool) -> None:
        """Count one game."""
        self.games += 1
        self.moves += result.moves
        self.most_moves = max(self.most_moves, result.moves)
        scores = [_exact(s) for s in result.scores]
        for seat, score in enumerate(scores):
            self.total[seat] += score
            self.sq[seat] += score * score
        best = max(scores) if higher_is_better else min(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
        for seat in winners:
            self.wins[seat] += self.unit // len(winners)
        if self.records is not None:
            self.records.append(result)

    def merge(self, other: Tally) -> None:
        """Add another tally's games to this one."""
        self.games += other.games
        self.moves += other.moves
        self.most_moves = max(self.most_moves, other.most_moves)
        for seat in range(len(self.total)):
            self.total[seat] += other.total[seat]
            self.sq[seat] += other.sq[seat]
            self.wins[seat] += other.wins[seat]
        if self.records is not None and other.records is not None:
            self.records.extend(other.records)


@attrs.frozen(kw_only=True)
class Summary:
    """What a run of games adds up to, kept without per-game records.

    Attributes:
        game: the game's registry name.
        games: the number of games played.
        mean_scores: each seat's mean final score.
        std_errors: the standard error of each mean (0.0 with fewer than two games).
        win_rates: the share of games each seat won; a game won by ``k`` seats
            with the same best score counts ``1/k`` to each, so the rates add up to 1.
        mean_moves: the mean number of moves in a game.
        max_moves: the most moves in one game.
        elapsed: wall-clock seconds of the run (not compared by ``==``).
    """

    game: str
    games: int
    mean_scores: tuple[float, ...]
    std_errors: tuple[float, ...]
    win_rates: tuple[float, ...]
    mean_moves: float
    max_moves: int
    elapsed: float = attrs.field(default=0.0, eq=False)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall-clock time.

        Examples:
            >>> Summary(game="x", games=10, mean_scores=(), std_errors=(), win_rates=(),
            ...         mean_moves=0.0, max_moves=0, elapsed=2.0).games_per_second
            5.0
        """
        return self.games / self.elapsed if self.elapsed > 0 else math.inf

    def table(self) -> str:
        """The summary as a small plain-text table.

        Examples:
            >>> print(Summary(game="thirty_one", games=2, mean_scores=(0.5, 0.5),
            ...               std_errors=(0.5, 0.5), win_rates=(0.5, 0.5), mean_moves=9.5,
            ...               max_moves=11, elapsed=0.5).table())
            thirty_one: 2 games in 0.50 s (4.0 games/s)
            seat  mean score  std. error  win rate
               0      0.5000      0.5000    0.5000
               1      0.5000      0.5000    0.5000
            moves per game: mean 9.5, max 11
        """
        lines = [
            f"{self.game}: {self.games} games in {self.elapsed:.2f} s "
            f"({self.games_per_second:.1f} games/s)",
            "seat  mean score  std. error  win rate",
        ]
        for seat, (mean, err, rate) in enumerate(
            zip(self.mean_scores, self.std_errors, self.win_rates, strict=True)
        ):
            lines.append(f"{seat:>4}  {mean:>10.4f}  {err:>10.4f}  {rate:>8.4f}")
        lines.append(f"moves per game: mean {self.mean_moves:.1f}, max {self.max_moves}")
        return "\n".join(lines)


def summarise(name: str, tally: Tally, elapsed: float) -> Summary:
    """The ``Summary`` of a tally, each figure rounded once from exact sums."""
    n = tally.games
    means = tuple(float(Fraction(t) / n) for t in tally.total) if n else ()
    errors: list[float] = []
    for total, sq in zip(tally.total, tally.sq, strict=True):
        if n < 2:
            errors.append(0.0)
        else:  # the sample variance over n, from exact sums: no cancellation
            errors.append(math.sqrt(Fraction(sq * n - total * total, n * n * (n - 1))))
    return Summary(
        game=name,
        games=n,
        mean_scores=means,
        std_errors=tuple(errors) if n else (),
        win_rates=tuple(w / (tally.unit * n) for w in tally.wins) if n else (),
        mean_moves=tally.moves / n if n else 0.0,
        max_moves=tally.most_moves,
        elapsed=elapsed,
    )


@attrs.frozen(kw_only=True)
class SimulationResult:
    """What ``simulate`` returns.

    Attributes:
        summary: the streaming ``Summary`` of every game.
        records: one ``GameResult`` per game in game order when asked for
            (``keep="records"``), else empty.
        chunk: the number of games sent in one task (not compared by ``==``).
        tasks: the number of tasks the games were played in, the first games
            timed here counting as one (not compared by ``==``).
    """

    summary: Summary
    records: tuple[GameResult, ...] = ()
    chunk: int = attrs.field(default=1, eq=False)
    tasks: int = attrs.field(default=1, eq=False)

    def write_jsonl(self, file: str | os.PathLike[str] | IO[str]) -> int:
        """Write the records as JSON lines to a path or an open text file.

        Returns:
            The number of lines written.

        Raises:
            OptionError: no records were kept (simulate with ``keep="records"``).
        """
        if not self.records and self.summary.games:
            raise OptionError('no records were kept: simulate with keep="records"')
        return write_jsonl(self.records, file)


def write_jsonl(records: Iterable[GameResult], file: str | os.PathLike[str] | IO[str]) -> int:
    """Write records as JSON lines to a path or an open text file; returns how many."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w", encoding="utf-8") as out:
            return write_jsonl(records, out)
    count = 0
    for record in records:
        file.write(record.to_json() + "\n")
        count += 1
    return count


def jsonl_target(file: Any) -> None:
    """Refuse a ``jsonl`` argument that is neither a path nor a writable text file."""
    if isinstance(file, (str, os.PathLike)) or callable(getattr(file, "write", None)):
        return
    raise OptionError(f"jsonl takes a path or an open text file, got {file!r:.40}")
