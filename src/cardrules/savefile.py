"""The save file of a game played at the terminal (``save FILE``, ``--load FILE``).

The save file (written by [`save_text`][cardrules.savefile.save_text], read by
[`load_text`][cardrules.savefile.load_text]) is JSON:

    {"format": "cardrules-play", "version": 1,
     "game": "thirty_one", "options": {...},      # the game's options as data
     "humans": [0], "bot": "greedy",
     "state": {"game": "thirty_one", "state": {...}}}   # state.to_json()

``state`` is exactly what [`GameState.to_json`][cardrules.engine.GameState.to_json]
writes and is read back by
[`Game.state_from_json`][cardrules.engine.Game.state_from_json], which validates it. The
terminal loop ([`cardrules.interactive.play`][cardrules.interactive.play]) then replays
its moves from its seed, to rebuild the states that undo goes back to, and refuses a
state that does not follow from them.

Examples:
    >>> from cardrules import games
    >>> game = games.create("thirty_one", players=2)
    >>> saved = load_text(save_text(game, game.new_game(seed=3), [1], "random"))
    >>> saved.game == game, saved.humans, saved.bot, len(saved.state.history)
    (True, (1,), 'random', 0)
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import attrs

from cardrules import games
from cardrules.engine import Game, GameState, from_data, to_data
from cardrules.errors import CardRulesError, InvalidStateError, OptionError

__all__ = [
    "BOTS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SavedGame",
    "check_seats",
    "load",
    "load_text",
    "save",
    "save_text",
]

SAVE_FORMAT = "cardrules-play"
SAVE_VERSION = 1
BOTS = ("greedy", "random", "mcts")


@attrs.frozen(kw_only=True)
class SavedGame:
    """A game read from a save file: the game, its state, who plays, which bot."""

    game: Game[Any, Any]
    state: GameState[Any]
    humans: tuple[int, ...]
    bot: str


def save_text(
    game: Game[Any, Any], state: GameState[Any], humans: Iterable[int], bot: str = "greedy"
) -> str:
    """The save file's text for a game in progress (see the module's description).

    Examples:
        >>> from cardrules import games
        >>> game = games.create("empat_satu", players=2)
        >>> text = save_text(game, game.new_game(seed=4), [1])
        >>> loaded = load_text(text)
        >>> loaded.state == game.new_game(seed=4), loaded.humans, loaded.bot
        (True, (1,), 'greedy')
    """
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game.name,
        "options": to_data(game.options),
        "humans": list(humans),
        "bot": bot,
        "state": json.loads(state.to_json()),
    }
    return json.dumps(data, ensure_ascii=False)


def load_text(text: str | bytes) -> SavedGame:
    """Read a save file's text; the state's moves are replayed from its seed to check it.

    Raises:
        InvalidStateError: not a save file of this format and version, an
            unknown game or bad options, seats that do not exist, or a state
            that is tampered with or does not follow from its seed and moves.

    Examples:
        >>> load_text('{"format": "cardrules-play", "version": 9}')
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidStateError: save file version 9 is not supported (only 1)
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidStateError(f"not a save file: not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise InvalidStateError(f'not a save file: no "format": "{SAVE_FORMAT}"')
    if data.get("version") != SAVE_VERSION:
        version = data.get("version")
        raise InvalidStateError(
            f"save file version {version!r:.20} is not supported (only {SAVE_VERSION})"
        )
    missing = {"game", "options", "humans", "bot", "state"} - set(data)
    if missing:
        raise InvalidStateError(f"save file lacks {', '.join(sorted(missing))}")
    try:
        cls = games.game_class(data["game"])
        game = cls(from_data(cls.OPTIONS, data["options"], path="$.options"))
    except CardRulesError as exc:
        raise InvalidStateError(f"save file: {exc}") from None
    humans = data["humans"]
    if not isinstance(humans, list) or not humans:
        raise InvalidStateError("save file: humans must be a list of seats")
    try:
        seats = check_seats(game, humans)
    except OptionError as exc:
        raise InvalidStateError(f"save file: {exc}") from None
    bot = data["bot"]
    if bot not in BOTS:
        raise InvalidStateError(f"save file: bot must be one of {', '.join(BOTS)}, got {bot!r:.20}")
    state = game.state_from_json(json.dumps(data["state"]))
    return SavedGame(game=game, state=state, humans=seats, bot=bot)


def save(
    path: str, game: Game[Any, Any], state: GameState[Any], humans: Iterable[int], bot: str
) -> None:
    """Write [`save_text`][cardrules.savefile.save_text] to ``path``.

    Raises:
        OptionError: the file cannot be written (the message names it and why).
    """
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(save_text(game, state, humans, bot) + "\n")
    except OSError as exc:
        raise OptionError(f"cannot write {path!r}: {exc.strerror or exc}") from None


def load(path: str) -> SavedGame:
    """Read a save file written by [`save`][cardrules.savefile.save].

    Raises:
        OptionError: the file cannot be read.
        InvalidStateError: as [`load_text`][cardrules.savefile.load_text].
    """
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise OptionError(f"cannot read {path!r}: {reason}") from None
    return load_text(text)


def check_seats(game: Game[Any, Any], seats: object) -> tuple[int, ...]:
    """The seats people play, checked: at least one, each a seat of ``game``
    (a seat named twice counts once).

    Raises:
        OptionError: no seat, or a seat that does not exist.

    Examples:
        >>> from cardrules import games
        >>> check_seats(games.create("thirty_one", players=3), [2, 0, 2])
        (2, 0)
        >>> check_seats(games.create("thirty_one", players=3), [3])
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: seat 3 does not exist: thirty_one has seats 0 to 2
    """
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise OptionError(f"the seats people play are a list of seats, got {seats!r:.40}")
    checked = []
    for seat in seats:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
            raise OptionError(
                f"seat {seat!r:.20} does not exist: {game.name} has seats 0 to {game.players - 1}"
            )
        checked.append(seat)
    if not checked:
        raise OptionError("name at least one seat for a person (--human SEAT)")
    return tuple(dict.fromkeys(checked))
