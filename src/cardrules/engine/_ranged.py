"""Moves with a range of amounts (a bet of any whole number of chips): the part of
[`GameState`][cardrules.engine.GameState] that lists a few canonical amounts and takes any
amount in range (``RANGED``, ``amount_range`` and the game's hook ``_amount_range``)."""

from __future__ import annotations

import typing
from typing import ClassVar

from cardrules.engine._moves import Move
from cardrules.errors import InvalidMoveError


class StateRanged:
    """What ``GameState`` does for moves with a range of amounts."""

    __slots__ = ()

    #: Move classes whose one field ``amount`` may be any whole number in
    #: ``amount_range(kind)``: ``legal_moves`` lists a few canonical amounts,
    #: ``apply`` and ``is_legal`` take any amount in the range.
    RANGED: ClassVar[tuple[type[Move], ...]] = ()

    if typing.TYPE_CHECKING:
        GAME: ClassVar[str]

        @property
        def is_terminal(self) -> bool: ...

        def explain(self, move: Move) -> str: ...

    def _amount_range(self, kind: type[Move]) -> tuple[int, int] | None:
        """The legal amounts of the ranged move class ``kind`` now, ``(low, high)``
        inclusive, or ``None`` when no move of that kind is legal (a game with
        ``RANGED`` moves implements this)."""
        return None

    def amount_range(self, kind: type[Move] | str) -> tuple[int, int] | None:
        """The whole amounts a move of ``kind`` may carry now, ``(low, high)`` inclusive.

        ``kind`` is a ranged move class of the game (``RANGED``) or its keyword
        (``"bet"``). ``None`` when no move of that kind is legal now. Every
        whole amount in the range is legal, listed or not; ``legal_moves()``
        lists only a few canonical ones.

        Raises:
            InvalidMoveError: ``kind`` is not a ranged move of this game.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("blackjack").new_game(seed=3)
            >>> state.amount_range("bet")
            (2, 500)
            >>> state.amount_range("insure") is None
            True
        """
        for cls in self.RANGED:
            if kind is cls or kind == cls.NAME:
                return None if self.is_terminal else self._amount_range(cls)
        names = ", ".join(cls.NAME for cls in self.RANGED) or "none"
        raise InvalidMoveError(
            f"{kind!r:.40} is not a move of {self.GAME} with a range of amounts ({names})"
        )

    def _ranged(self, move: object) -> Move | None:
        """The move ``move`` stands for when it is a ranged move whose amount is in
        range now (a fresh move of its own class), else ``None``."""
        cls = type(move)
        if cls not in self.RANGED:
            return None
        amount = getattr(move, "amount", None)
        if not isinstance(amount, int) or isinstance(amount, bool):
            return None
        bounds = self._amount_range(cls) if not self.is_terminal else None
        if bounds is None or not bounds[0] <= amount <= bounds[1]:
            return None
        return cls(amount)  # type: ignore[call-arg]

    def _range_reason(self, move: Move) -> str:
        """Why the ranged ``move`` is refused, with the legal range when there is one."""
        reason = self.explain(move)
        cls = type(move)
        bounds = self._amount_range(cls) if cls in self.RANGED else None
        if bounds is not None and f"{bounds[0]} to {bounds[1]}" not in reason:
            amount = getattr(move, "amount", None)
            low, high = bounds
            reason = (
                f"{cls.NAME} {amount!r:.20} is outside the legal amounts {low} to {high} now: "
                + reason
            )
        return reason
