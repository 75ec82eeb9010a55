"""The base class of every game's view: what one seat may know, as JSON for a client,
and back."""

from __future__ import annotations

import json
import typing
from typing import Any, Self

import attrs

from cardrules.engine._data import from_data, to_data
from cardrules.engine._moves import Move, _hints, _init_fields
from cardrules.engine._saves import MAX_SAVE_CHARS, game_classes
from cardrules.errors import CardRulesError, InvalidStateError

# view class -> (state class, move classes) of each game whose states give such views
# (and how many game classes were defined when it was made)
_VIEW_GAMES: dict[type, tuple[int, list[tuple[Any, tuple[type[Move], ...]]]]] = {}


class GameView:
    """Base class of a game's view (a frozen attrs record of what one seat may know).

    A server sends a client ``view.to_json()``: plain JSON, cards in their
    notation (``"7h"``), moves in theirs (``"discard 7h"``), enums as lower-case
    names, records as objects. A view's ``history`` (in games whose view has
    one) holds only what that seat has seen; ``history=False`` leaves it out,
    for a client kept up to date by ``state.events(seat, since=k)``.
    ``View.from_json(text)`` (the game module's ``View``) gives the view back.

    Examples:
        >>> import json
        >>> from cardrules import games
        >>> view = games.create("thirty_one", players=2).new_game(seed=1).view(0)
        >>> data = json.loads(view.to_json())
        >>> data["seat"], data["hand"], data["stock_size"]
        (0, ['Ac', 'Ks', 'Jc'], 45)
        >>> "history" in view.to_data(history=False)
        False
        >>> type(view).from_json(view.to_json()) == view
        True
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

    @classmethod
    def from_data(cls, data: Any) -> Self:
        """The view back from [`to_data`][cardrules.engine.GameView.to_data] (plain JSON data).

        Every field is checked for its type, as a save's are; a view sent
        without its history (``history=False``) comes back with an empty one.

        Raises:
            InvalidStateError: the data is not a view of this class; the message
                gives the path of the bad part.

        Examples:
            >>> from cardrules.games import thirty_one
            >>> thirty_one.View.from_data({"seat": 0, "hand": ["Ah"]})
            Traceback (most recent call last):
            ...
            cardrules.errors.InvalidStateError: $: missing field 'options'
        """
        if not attrs.has(cls):
            raise InvalidStateError(f"{cls.__name__} is no view of a game")
        if not isinstance(data, dict):
            raise InvalidStateError(f"$: expected an object, got {data!r:.60}")
        fields = _init_fields(cls)
        names = {f.name for f in fields}
        extra = set(data) - names
        if extra:
            raise InvalidStateError(f"$: unknown fields {sorted(map(str, extra))}")
        state_class, moves = _game_of_view(cls, data.get("options"))
        hints = _hints(cls)
        # A field of the view holds what the same field of the state holds, which may be
        # of a subclass of the view's annotation (a variant's options or deal result).
        own = _hints(state_class) if state_class is not None else {}
        values: dict[str, Any] = {}
        for f in fields:
            if f.name not in data:
                if f.name == "history":  # a view sent without its history
                    values["history"] = from_data(hints["history"], [], moves)
                    continue
                if f.default is attrs.NOTHING:
                    raise InvalidStateError(f"$: missing field {f.name!r}")
                continue
            kinds = [hints[f.name]]
            if own.get(f.name, kinds[0]) != kinds[0]:
                kinds.insert(0, own[f.name])
            for number, kind in enumerate(kinds, 1):
                try:
                    values[f.name] = from_data(kind, data[f.name], moves, f"$.{f.name}")
                    break
                except InvalidStateError:
                    if number == len(kinds):
                        raise
        try:
            return typing.cast(Self, typing.cast(Any, cls)(**values))
        except (CardRulesError, TypeError, ValueError) as exc:
            raise InvalidStateError(f"$: {exc}") from None

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """The view back from [`to_json`][cardrules.engine.GameView.to_json]: what a client
        received, as the game's own ``View`` again (for ``sample_state``, ``render``...).

        Raises:
            InvalidStateError: not JSON, too long, or not a view of this class.

        Examples:
            >>> import random
            >>> from cardrules import games
            >>> from cardrules.games import kalooki51
            >>> state = games.create("kalooki51", players=3).new_game(seed=2)
            >>> view = kalooki51.View.from_json(state.view(1).to_json())
            >>> view == state.view(1)
            True
            >>> games.create("kalooki51").sample_state(view, random.Random(0)).view(1) == view
            True
        """
        if not isinstance(text, (str, bytes, bytearray)):
            raise InvalidStateError(f"a view is JSON text, got {type(text).__name__}")
        if len(text) > MAX_SAVE_CHARS:
            raise InvalidStateError(f"the view is longer than {MAX_SAVE_CHARS} characters")
        try:
            data = json.loads(text)
        except RecursionError:
            raise InvalidStateError("not a view: the JSON is nested far too deeply") from None
        except (TypeError, ValueError) as exc:
            raise InvalidStateError(f"not JSON: {exc}") from None
        return cls.from_data(data)


def _game_of_view(view_class: type, options: Any) -> tuple[Any, tuple[type[Move], ...]]:
    """The state class and the move classes of the game whose view ``options`` (JSON
    data) is: among the games whose states give ``view_class`` views (several games may
    share one view class), the one whose options have exactly these names."""
    known = game_classes()
    kept = _VIEW_GAMES.get(view_class)
    if kept is not None and kept[0] == len(known):
        games = kept[1]
    else:  # asked for the first time, or games were defined since
        games = []
        for game_class in known:
            state_class = game_class.STATE
            try:
                shown = typing.get_type_hints(state_class.view).get("return")
            except Exception:  # an annotation that does not resolve: not this one
                shown = None
            if shown is view_class:
                games.append((state_class, tuple(state_class.MOVES)))
        if not games:  # a view method not annotated with its class: by where they live
            games = _games_beside(view_class, known)
        _VIEW_GAMES[view_class] = (len(known), games)
    if not games:
        return None, ()
    if isinstance(options, dict):
        for state_class, moves in games:
            options_class = _hints(state_class).get("options")
            if isinstance(options_class, type) and attrs.has(options_class):
                names = {f.name for f in _init_fields(options_class)}
                if names == set(options):
                    return state_class, moves
    return games[0]


def _games_beside(view_class: type, known: tuple[Any, ...]) -> list[tuple[Any, tuple[Any, ...]]]:
    """The games whose state class is defined in the view class's module, else in the
    same package (a game package: ``moves`` holds the view, ``game`` the state)."""
    home = view_class.__module__
    package = home.rsplit(".", 1)[0]
    same = [g.STATE for g in known if g.STATE.__module__ == home]
    if not same:
        same = [
            g.STATE
            for g in known
            if g.STATE.__module__.rsplit(".", 1)[0] == package
            and g.STATE.__module__ != package  # a module of the package, not a neighbour
            and home != package
        ]
    return [(state, tuple(state.MOVES)) for state in same]
