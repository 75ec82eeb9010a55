"""Saves: the save format (with its version), reading a save's text at the door,
and the replay check that a loaded state is exactly what its seed and history give.

Every game gets these for free: `GameState.to_json` writes the format,
`Game.state_from_json` (and ``cardrules.load_state``) reads it with
[`read_save`][cardrules.engine.read_save] and checks it with
[`verify_replay`][cardrules.engine.verify_replay].
"""

from __future__ import annotations

import json
import re
from typing import Any

from cardrules.engine._data import compact_history, to_data
from cardrules.errors import CardRulesError, IllegalMoveError, InvalidStateError

# States and games are typed ``Any`` here: this room sits below ``_state`` and ``_game``.

#: The version of the save format written by `GameState.to_json`. A save of
#: another version is refused; the number goes up whenever a save's meaning changes.
SAVE_FORMAT = 1

#: The longest save text read (characters): far above any real match.
MAX_SAVE_CHARS = 20_000_000

#: The longest part of a save outside its history text (characters): hands, piles,
#: table and records of the biggest game are a few thousand. Checked before the JSON
#: is parsed, so that junk costs a scan, not a parse into millions of objects.
MAX_STATE_CHARS = 1_000_000

_HISTORY_TEXT = re.compile(r'"history"\s*:\s*"')
_MOVE_TEXT = re.compile(r"[ -!#-\[\]-~]*")  # printable ASCII but for the quote and backslash

_KEYS = {"format", "game", "state"}


def save_data(state: Any) -> dict[str, Any]:
    """A state as the JSON data of a save: format version, game name, state fields.

    Examples:
        >>> from cardrules import games
        >>> data = save_data(games.create("thirty_one").new_game(seed=1))
        >>> data["format"], data["game"], sorted(data)
        (1, 'thirty_one', ['format', 'game', 'state'])
    """
    fields = to_data(state)
    history = fields.get("history")
    if isinstance(history, list):  # the compact form: one text, not a JSON list of texts
        fields["history"] = compact_history(history)
    return {"format": SAVE_FORMAT, "game": state.GAME, "state": fields}


def save_text(state: Any) -> str:
    """A state as the text of a save (what `GameState.to_json` returns).

    Examples:
        >>> from cardrules import games
        >>> save_text(games.create("thirty_one").new_game(seed=1))[:34]
        '{"format": 1, "game": "thirty_one"'
    """
    return json.dumps(save_data(state), ensure_ascii=False)


def read_save(text: str | bytes) -> dict[str, Any]:
    """Read a save's text at the door: JSON, its shape, and its format version.

    Returns:
        The save's data: ``{"format": 1, "game": name, "state": {...}}``.

    Raises:
        InvalidStateError: not JSON, nested too deeply, too long, not a save, or a
            save of another format version (older or newer) than this library's.

    Examples:
        >>> read_save('{"game": "thirty_one", "state": {}}')
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidStateError: the save has no format version: it was made ...
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidStateError(f"a save is text, got {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise InvalidStateError(f"the save is longer than {MAX_SAVE_CHARS} characters")
    if len(text) > MAX_STATE_CHARS:
        _check_bulk(text)
    try:
        data = json.loads(text)
    except RecursionError:
        raise InvalidStateError("not a save: the JSON is nested far too deeply") from None
    except (TypeError, ValueError) as exc:  # also an integer of 4,300 digits or more
        raise InvalidStateError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidStateError("a save is a JSON object with 'format', 'game' and 'state'")
    if "format" not in data and {"game", "state"} <= set(data):
        raise InvalidStateError(
            f"the save has no format version: it was made before format {SAVE_FORMAT} "
            f"(this library reads format {SAVE_FORMAT} only)"
        )
    if set(data) != _KEYS:
        keys = sorted(map(str, data))
        raise InvalidStateError(f"a save has the keys format, game and state; got {keys}")
    version = data["format"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise InvalidStateError(f"the save's format version is not a number: {version!r:.40}")
    if version != SAVE_FORMAT:
        age = "an older" if version < SAVE_FORMAT else "a newer"
        raise InvalidStateError(
            f"the save is in {age} format ({version}) than this library reads ({SAVE_FORMAT})"
        )
    if not isinstance(data["game"], str):
        raise InvalidStateError(f"the save's game is not a name: {data['game']!r:.40}")
    return data


def _check_bulk(text: str | bytes | bytearray) -> None:
    """Refuse a long save, before it is parsed, unless its bulk is the history text.

    A save's history is one JSON text (moves joined by ``;``); everything else is
    at most `MAX_STATE_CHARS`. A long text whose history is not where its bulk is
    (junk, a list of millions of items) is refused after a scan of its characters.
    """
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidStateError("not a save: the bytes are not UTF-8 text") from None
    found = _HISTORY_TEXT.search(text)
    rest = len(text)
    if found is not None:
        end = text.find('"', found.end())
        if end > 0 and _MOVE_TEXT.fullmatch(text, found.end(), end):  # plain notation
            rest -= end - found.end()
    if rest > MAX_STATE_CHARS:
        raise InvalidStateError(
            f"not a save: {rest} characters outside the history, at most {MAX_STATE_CHARS}"
        )


def first_difference(saved: Any, played: Any, path: str = "$") -> str | None:
    """The first place where two JSON data differ, as a sentence; ``None`` if equal.

    Examples:
        >>> first_difference({"a": [1, 2]}, {"a": [1, 3]})
        '$.a[1]: the save has 2, play gives 3'
    """
    if type(saved) is not type(played):
        return f"{path}: the save has {saved!r:.60}, play gives {played!r:.60}"
    if isinstance(saved, dict):
        for key in saved.keys() | played.keys():
            if key not in played or key not in saved:
                return f"{path}: the field {key!r} is in one and not the other"
        for key in saved:
            found = first_difference(saved[key], played[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(saved, list):
        for i, (a, b) in enumerate(zip(saved, played, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found is not None:
                return found
        if len(saved) != len(played):
            return f"{path}: the save has {len(saved)} items, play gives {len(played)}"
        return None
    if saved != played:
        return f"{path}: the save has {saved!r:.60}, play gives {played!r:.60}"
    return None


def verify_replay(game: Any, state: Any) -> None:
    """Check that ``state`` is exactly what its seed and history produce.

    The moves of ``state.history`` are played from ``game.new_game(state.seed)``;
    the result must equal ``state`` in every field. So any tampering (cards
    moved, added or removed, a cut or forged history, changed scores, phase,
    turn or counters) is refused.

    Raises:
        InvalidStateError: a history move is illegal where it stands, or the
            replayed state differs; the message names the first difference.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("thirty_one", players=2)
        >>> state = game.replay(1, ["draw stock"])
        >>> verify_replay(game, state)
        >>> verify_replay(game, state._replace(tokens=(3, 9)))
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidStateError: the save is not what ...: $.tokens[1]: ...
    """
    try:
        played = game.new_game(state.seed)
    except CardRulesError as exc:
        raise InvalidStateError(f"the save's seed cannot start a game: {exc}") from None
    for number, move in enumerate(state.history):
        try:
            played = played.apply(move)
        except IllegalMoveError as exc:
            raise InvalidStateError(
                f"history move {number} ('{move}', counting from 0) is not legal where it "
                f"stands: {exc.reason}"
            ) from None
        except CardRulesError as exc:
            raise InvalidStateError(f"history move {number} cannot be replayed: {exc}") from None
    if played != state:
        where = first_difference(to_data(state), to_data(played))
        if where is None:  # equal as data, unequal as values: a field's type differs
            where = "a field differs in type from what play gives"
        raise InvalidStateError(f"the save is not what its seed and history give: {where}")


# State class -> Game class, filled in as game classes are defined (``Game.__init_subclass__``),
# so that a state can be replayed without its game at hand (events, saves).
_GAME_OF_STATE: dict[type, Any] = {}


def register_game(game_class: Any) -> None:
    """Remember ``game_class`` as the game of its ``STATE`` class (done by ``Game``)."""
    state_class = game_class.__dict__.get("STATE")
    if state_class is not None:
        _GAME_OF_STATE[state_class] = game_class


def game_classes() -> tuple[Any, ...]:
    """Every game class defined so far (with a ``STATE``), in the order defined."""
    return tuple(_GAME_OF_STATE.values())


def game_for(state: Any) -> Any:
    """The game (under the state's own options) that ``state`` belongs to.

    Raises:
        InvalidStateError: no game class declares this state class.

    Examples:
        >>> from cardrules import games
        >>> game = games.create("thirty_one", players=3)
        >>> game_for(game.new_game(seed=1)) == game
        True
    """
    game_class = _GAME_OF_STATE.get(type(state))
    if game_class is None:
        raise InvalidStateError(f"no game is known for a {type(state).__name__}")
    return game_class(state.options)
