"""The history of a game: ``History``, a sequence of moves that new states share with
old ones."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from cardrules.engine._moves import Move

_ANCHOR = 1024  # a pickled history names its ancestor at a multiple of this length


class History(Sequence[Move]):
    """The moves played so far, oldest first: an immutable sequence shared between states.

    A history is a chain of links, each holding one move and the history before it, so
    that the history after a move is one new link on the old one: it costs the same at
    move 10 and at move 100,000, and every state of a match keeps only its own link.
    The engine adds the link (``GameState.apply``); a game never builds its history.

    It reads like a tuple of moves: ``len``, iteration, ``reversed`` (newest first,
    lazily), indexing, slicing (a prefix is the earlier history itself), ``in``; it is
    equal to a history or a tuple of the same moves (and hashes like that tuple). The
    first index or slice from the front turns it into a tuple once and keeps that tuple;
    ``history[-1]`` and ``reversed`` walk the links and keep nothing.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("thirty_one", players=2)
        >>> state = game.new_game(seed=1)
        >>> first = state.apply(state.legal_moves()[1])
        >>> second = first.apply(first.legal_moves()[0])
        >>> [str(m) for m in second.history], len(second.history)
        (['draw stock', 'discard 9h'], 2)
        >>> second.history[:1] is first.history, second.history[-1] == second.history[1]
        (True, True)
        >>> second.history == tuple(second.history), History() == ()
        (True, True)
    """

    __slots__ = ("_flat", "_last", "_len", "_prev")

    _prev: History | None
    _last: Move | None
    _len: int
    _flat: tuple[Move, ...] | None

    def __new__(cls, moves: Iterable[Move] = ()) -> History:
        """The history of ``moves`` (a history is returned as it is)."""
        if type(moves) is History:
            return moves
        node = _EMPTY
        for move in moves:
            node = node.append(move)
        if node._len and type(moves) is tuple:
            node._flat = moves  # the caller's tuple, no copy
        return node

    def append(self, move: Move) -> History:
        """This history and then ``move``: a new history, this one is unchanged.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one", players=2)
            >>> move = game.parse_move(None, "draw stock")
            >>> one = History().append(move)
            >>> len(one), one == (move,), len(History())
            (1, True, 0)
        """
        node: History = object.__new__(History)
        node._prev = self
        node._last = move
        node._len = self._len + 1
        node._flat = None
        return node

    # ---- reading ---------------------------------------------------------------------

    def __len__(self) -> int:
        return self._len

    def _tuple(self) -> tuple[Move, ...]:
        """The moves as a tuple, built once and kept."""
        flat = self._flat
        if flat is None:
            flat = self._flat = tuple(self._moves())
        return flat

    def _moves(self) -> list[Move]:
        """The moves as a new list, oldest first (a kept tuple of an ancestor is reused)."""
        newest: list[Move] = []
        node = self
        while node._len:
            if node._flat is not None:
                moves = list(node._flat)
                newest.reverse()
                moves.extend(newest)
                return moves
            newest.append(node._last)  # type: ignore[arg-type]  # a link holds a move
            node = node._prev  # type: ignore[assignment]  # only the empty one has none
        newest.reverse()
        return newest

    def _ancestor(self, length: int) -> History:
        """The earlier history of ``length`` moves (``0 <= length <= len(self)``)."""
        node = self
        while node._len > length:
            node = node._prev  # type: ignore[assignment]
        return node

    def __iter__(self) -> Iterator[Move]:
        flat = self._flat
        return iter(flat if flat is not None else self._moves())

    def __reversed__(self) -> Iterator[Move]:
        node = self
        while node._len:
            yield node._last  # type: ignore[misc]
            node = node._prev  # type: ignore[assignment]

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> History: ...

    def __getitem__(self, index: int | slice) -> Move | History:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._len)
            if start == 0 and step == 1:
                return self._ancestor(max(stop, 0))
            return History(self._tuple()[index])
        if -8 <= index < 0 and self._flat is None:  # the last few: walk back
            if -index > self._len:
                raise IndexError("history index out of range")
            return self._ancestor(self._len + index + 1)._last  # type: ignore[return-value]
        return self._tuple()[index]

    def __contains__(self, value: object) -> bool:
        return value in self._tuple() if self._flat is not None else value in self._moves()

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        """The place of the first move equal to ``value`` (``ValueError`` if none)."""
        return self._tuple().index(value, start, self._len if stop is None else stop)

    def count(self, value: Any) -> int:
        """How many moves equal ``value``."""
        return self._tuple().count(value)

    # ---- comparing -------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is History:
            if self._len != other._len:
                return False
            a, b = self, other
            while a is not b:  # stops at the first link they share
                if a._flat is not None and b._flat is not None:
                    return a._flat == b._flat
                if not (a._last is b._last or a._last == b._last):
                    return False
                a, b = a._prev, b._prev  # type: ignore[assignment]
            return True
        if isinstance(other, tuple):
            return self._len == len(other) and tuple(self) == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Iterable[Move]) -> History:
        if not isinstance(other, (tuple, list, History)):
            return NotImplemented
        node = self
        for move in other:
            node = node.append(move)
        return node

    def __radd__(self, other: object) -> History:
        if not isinstance(other, (tuple, list)):
            return NotImplemented
        return History((*other, *self))

    def __repr__(self) -> str:
        return f"History({tuple(self)!r})"

    # ---- copying and pickling ------------------------------------------------------

    def __copy__(self) -> History:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # The earlier history at a multiple of _ANCHOR moves, then the moves after it: states
        # pickled together share their anchors, and no chain of links is pickled one by one.
        if self._len <= _ANCHOR:
            return (_rebuild, (None, tuple(self)))
        anchor = self._ancestor((self._len - 1) // _ANCHOR * _ANCHOR)
        tail: list[Move] = []
        node = self
        while node is not anchor:
            tail.append(node._last)  # type: ignore[arg-type]
            node = node._prev  # type: ignore[assignment]
        tail.reverse()
        return (_rebuild, (anchor, tuple(tail)))


def _rebuild(anchor: History | None, moves: tuple[Move, ...]) -> History:
    return History(moves) if anchor is None else anchor + moves


_EMPTY: History = object.__new__(History)
_EMPTY._prev = None
_EMPTY._last = None
_EMPTY._len = 0
_EMPTY._flat = ()

EMPTY_HISTORY: History = _EMPTY
"""The history of a new game (the default of every state's ``history`` field)."""


def as_history(moves: Sequence[Move]) -> History:
    """``moves`` as a ``History`` (one that is already a history as it is)."""
    return moves if type(moves) is History else History(moves)
