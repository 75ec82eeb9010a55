"""The base class of every game's view: what one seat may know, as JSON for a client."""

from __future__ import annotations

import json
from typing import Any

from cardrules.engine._data import to_data


class GameView:
    """Base class of a game's view (a frozen attrs record of what one seat may know).

    A server sends a client ``view.to_json()``: plain JSON, cards in their
    notation (``"7h"``), moves in theirs (``"discard 7h"``), enums as lower-case
    names, records as objects. A view's ``history`` (in games whose view has
    one) holds only what that seat has seen; ``history=False`` leaves it out,
    for a client kept up to date by ``state.events(seat, since=k)``.

    Examples:
        >>> import json
        >>> from cardrules import games
        >>> view = games.create("thirty_one", players=2).new_game(seed=1).view(0)
        >>> data = json.loads(view.to_json())
        >>> data["seat"], data["hand"], data["stock_size"]
        (0, ['Ac', 'Ks', 'Jc'], 45)
        >>> "history" in view.to_data(history=False)
        False
    """

    __slots__ = ()

    def to_data(self, *, history: bool = True) -> dict[str, Any]:
        """The view as plain JSON data (a dict); ``history=False`` leaves the history out."""
        data: dict[str, Any] = to_data(self)
        if not history:
            data.pop("history", None)
        return data

    def to_json(self, *, history: bool = True) -> str:
        """The view as JSON text for a client; ``history=False`` leaves the history out."""
        return json.dumps(self.to_data(history=history), ensure_ascii=False)
