"""The game registry: one table from registry name to game class.

Examples:
    >>> from cardrules import games
    >>> "thirty_one" in games.names()
    True
    >>> game = games.create("thirty_one", players=3)
    >>> game.players
    3
"""

from __future__ import annotations

import importlib
from typing import Any

from cardrules.engine import Game, GameState, from_data, read_save
from cardrules.errors import InvalidStateError, OptionError

__all__ = ["create", "game_class", "names", "state_from_json"]

# name -> (module, class). Modules are imported on first use.
_REGISTRY: dict[str, tuple[str, str]] = {
    "thirty_one": ("cardrules.games.thirty_one", "ThirtyOne"),
    "schwimmen": ("cardrules.games.schwimmen", "Schwimmen"),
    "stop_the_bus": ("cardrules.games.stop_the_bus", "StopTheBus"),
    "thirty_one_no_elimination": (
        "cardrules.games.thirty_one_no_elimination",
        "ThirtyOneNoElimination",
    ),
    "empat_satu": ("cardrules.games.empat_satu", "EmpatSatu"),
    "japanese51": ("cardrules.games.japanese51", "Japanese51"),
    "chinese51": ("cardrules.games.chinese51", "Chinese51"),
    "turkish51": ("cardrules.games.turkish51", "Turkish51"),
    "fifty_six": ("cardrules.games.fifty_six", "FiftySix"),
    "cribbage": ("cardrules.games.cribbage", "Cribbage"),
    "kalooki51": ("cardrules.games.kalooki51", "Kalooki51"),
    "let_it_ride": ("cardrules.games.let_it_ride", "LetItRide"),
    "blackjack": ("cardrules.games.blackjack", "Blackjack"),
    "canasta": ("cardrules.games.canasta", "Canasta"),
    "quadruple_war": ("cardrules.games.quadruple_war", "QuadrupleWar"),
    "pinochle": ("cardrules.games.pinochle", "Pinochle"),
    "texas_holdem": ("cardrules.games.texas_holdem", "TexasHoldem"),
}


def names() -> tuple[str, ...]:
    """The registered game names, sorted.

    Examples:
        >>> "thirty_one" in names(), names() == tuple(sorted(names()))
        (True, True)
    """
    return tuple(sorted(_REGISTRY))


def game_class(name: str) -> type[Game[Any, Any]]:
    """The class of the game registered as ``name``.

    Raises:
        OptionError: no game has that name.

    Examples:
        >>> game_class("thirty_one").NAME
        'thirty_one'
    """
    entry = _REGISTRY.get(name) if isinstance(name, str) else None
    if entry is None:
        raise OptionError(f"no game named {name!r}; games are: {', '.join(names())}")
    module, cls = entry
    found: type[Game[Any, Any]] = getattr(importlib.import_module(module), cls)
    return found


def create(name: str, **options: Any) -> Game[Any, Any]:
    """The game ``name`` with ``options``; no options gives the source text's game.

    Raises:
        OptionError: unknown game, unknown option or a bad option value.

    Examples:
        >>> create("thirty_one", players=1)
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: option players must be at least 2, got 1
    """
    return game_class(name).create(**options)


def state_from_json(text: str | bytes, *, trusted: bool = False) -> GameState[Any]:
    """Load a save without a game at hand: the game and its options come from the save.

    The save's format version must be this library's, and the state is
    validated and (unless ``trusted``) replayed from its seed and history, as
    [`Game.state_from_json`][cardrules.engine.Game.state_from_json] does. ``cardrules.load_state``
    is this function.

    Args:
        text: a save, as written by ``state.to_json()``.
        trusted: skip the replay check (for saves this program wrote itself).

    Raises:
        InvalidStateError: no such game, another format version, malformed,
            tampered or inconsistent; the message names the first difference.

    Examples:
        >>> state = create("thirty_one", players=3).new_game(seed=2)
        >>> state_from_json(state.to_json()) == state
        True
        >>> state_from_json('{"format": 1, "game": "chess", "state": {}}')
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidStateError: the save is of game 'chess', which is not registered
    """
    data = read_save(text)
    name = data["game"]
    if name not in _REGISTRY:
        raise InvalidStateError(f"the save is of game {name!r:.40}, which is not registered")
    cls = game_class(name)
    state: GameState[Any] = from_data(cls.STATE, data["state"], cls.STATE.MOVES)
    loaded: GameState[Any] = cls(state.options).check_state(state, trusted=trusted)
    return loaded
