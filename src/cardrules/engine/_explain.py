"""The wrapper every game's ``explain`` gets: it is asked only about illegal moves of
the game whose fields have their declared types, and its ``super()`` keeps working on
attrs's slotted copy of the class."""

from __future__ import annotations

import functools
from typing import Any

from cardrules.engine._moves import Move, field_problem

__all__ = ["_legal_first", "_rebind_class_cell"]


def _rebind_class_cell(function: Any, cls: type) -> None:
    """Point the zero-argument ``super()`` of ``function`` at ``cls``.

    attrs replaces a slotted class by a copy and rewrites the ``__class__`` cell of
    the functions it finds in the copy's namespace; a game's ``explain`` sits there
    wrapped (`_legal_first`), out of attrs's sight, so its ``super()`` would still
    name the discarded class (a ``TypeError`` on every call). The copy's
    ``__init_subclass__`` rebinds it here.
    """
    code = getattr(function, "__code__", None)
    cells = getattr(function, "__closure__", None)
    if code is None or not cells or "__class__" not in code.co_freevars:
        return
    cell = cells[code.co_freevars.index("__class__")]
    old = cell.cell_contents
    if isinstance(old, type) and old is not cls and old.__qualname__ == cls.__qualname__:
        cell.cell_contents = cls


def _legal_first(explain: Any) -> Any:
    """Wrap a game's ``explain`` so that it is asked only about illegal moves of
    this game whose fields have their declared types (see `field_problem`)."""

    @functools.wraps(explain)
    def wrapped(self: Any, move: Move) -> str:
        if not isinstance(move, Move) or not isinstance(move, self.MOVES):
            return f"a {type(move).__name__} is not a move of {self.GAME}"
        if self.is_legal(move):
            return f"'{move}' is legal now"
        malformed = field_problem(move)
        if malformed is not None:
            return malformed
        if self.is_terminal:
            return "the game is over"
        return str(explain(self, move))

    wrapped._legal_first = True  # type: ignore[attr-defined]
    return wrapped
