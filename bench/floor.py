"""Benchmark: the floor of the protocol loop, a game whose rules cost nothing.

Run: ``python bench/floor.py [--seconds S] [--fields N]`` (default 2 CPU seconds, 29 fields,
Cribbage's count).

A game with no rules: its state has ``--fields`` fields (like a real game's), two legal
moves kept as one shared tuple, and each move is a single positional copy of the state
(the engine's ``fields_copier``, the fastest copy a game can make) that changes two fields;
the game ends after 120 moves (a Cribbage game is about 125). It is played by the loop every
bench of this project measures (``state = state.apply(rng.choice(state.legal_moves()))``
until ``state.is_terminal``), and, to split the cost, by the same loop with pieces removed:

* ``loop``: the whole loop (``apply``, ``legal_moves``, ``is_terminal``, ``rng.choice``);
* ``no choice``: the first legal move instead of ``rng.choice``;
* ``copy only``: the game's move alone (``state._next(move)``), no protocol at all.

The first figure is the most moves per second any game of this engine can reach in that
loop on this machine and Python: a game's own rules only add to its cost per move. Compare
it with the peers of ``bench/peers.py`` (OpenSpiel's C++ Cribbage plays about 585,000 moves a
CPU second on the machine of its table).
"""

from __future__ import annotations

import argparse
import enum
import random
import time
from typing import Any, ClassVar

import attrs

from cardrules.engine import EMPTY_HISTORY, GameState, Move, fields_copier


class _Phase(enum.Enum):
    PLAY = "play"
    OVER = "over"


@attrs.frozen
class _Step(Move):
    NAME: ClassVar[str] = "step"
    size: int


_MOVES = (_Step(1), _Step(2))
_LENGTH = 120


def make_state_class(fields: int) -> Any:
    """A state class with ``fields`` fields in all (options, seed, history, count, turn,
    phase and fillers)."""
    body: dict[str, Any] = {
        "__annotations__": {
            "options": "Any",
            "seed": "int",
            "history": "History",
            "count": "int",
            "turn": "int",
            "phase": "_Phase",
            **{f"f{i}": "int" for i in range(max(fields - 6, 0))},
        },
        "history": EMPTY_HISTORY,
        "count": 0,
        "turn": 0,
        "phase": _Phase.PLAY,
        **{f"f{i}": i for i in range(max(fields - 6, 0))},
        "GAME": "floor",
        "MOVES": (_Step,),
        "OVER": _Phase.OVER,
    }
    cls: Any = attrs.frozen(type("FloorState", (GameState,), body))
    copy = fields_copier(cls, ("count", "turn", "phase"))

    def _generate_moves(self: Any) -> tuple[Move, ...]:
        return _MOVES

    def _next(self: Any, move: Move) -> Any:
        count = self.count + 1
        return copy(self, count, 1 - self.turn, _Phase.OVER if count >= _LENGTH else _Phase.PLAY)

    cls._generate_moves = _generate_moves
    cls._next = _next
    return cls


def rate(cls: Any, seconds: float, kind: str) -> float:
    """Moves per CPU second of whole games played by the loop ``kind``."""
    moves = 0
    rng = random.Random(0)
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = cls(options=None, seed=0)
        if kind == "loop":
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_moves()))
        elif kind == "no choice":
            while not state.is_terminal:
                state = state.apply(state.legal_moves()[0])
        else:
            move = _MOVES[0]
            while state.phase is not _Phase.OVER:
                state = state._next(move)
        moves += _LENGTH
    return moves / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--fields", type=int, default=29)
    args = parser.parse_args()
    cls = make_state_class(args.fields)
    rate(cls, 0.2, "loop")  # warm-up
    for kind in ("loop", "no choice", "copy only"):
        got = rate(cls, args.seconds, kind)
        print(f"{kind:10} {got:12,.0f} moves per CPU second ({1e6 / got:.2f} us a move)")


if __name__ == "__main__":
    main()
