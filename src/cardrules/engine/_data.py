"""JSON data conversion: cardrules values to plain JSON data and back, checked."""

from __future__ import annotations

import enum
import json
import typing
from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.cards import Card, parse_card
from cardrules.engine._history import History
from cardrules.engine._moves import Move, _hints, _init_fields, _union_args, parse_move_text
from cardrules.errors import CardRulesError, InvalidCardError, InvalidMoveError, InvalidStateError

#: The largest whole number (in size) a saved field may hold: 256 bits.
MAX_INT = 2**256

#: The longest text a saved field may hold.
MAX_TEXT = 10_000


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


#: What joins the moves of a history written as one text (a save's compact form).
HISTORY_SEPARATOR = ";"


def _history_text(text: str, moves: Sequence[type[Move]], path: str) -> tuple[Move, ...]:
    """The moves of a history written as one text (each distinct text parsed once)."""
    if not _is_unicode(text):
        raise InvalidStateError(f"{path}: text that is not valid Unicode (a lone surrogate)")
    if not text:
        return ()
    candidates = tuple(moves)
    out: list[Move] = []
    read: dict[str, Move] = {}  # a match repeats few texts: each is parsed once
    find = text.find
    start = 0
    while True:  # item by item (not split): junk is refused at its first item
        end = find(HISTORY_SEPARATOR, start)
        item = text[start:] if end < 0 else text[start:end]
        move = read.get(item)
        if move is None:
            try:
                move = read[item] = parse_move_text(candidates, item)
            except InvalidMoveError as exc:
                raise InvalidStateError(f"{path}[{len(out)}]: {exc}") from None
        out.append(move)
        if end < 0:
            return tuple(out)
        start = end + 1


def _is_move_list(tp: Any) -> bool:
    args = typing.get_args(tp)
    return (
        len(args) == 2
        and args[1] is Ellipsis
        and isinstance(args[0], type)
        and issubclass(args[0], Move)
    )


def compact_history(moves: list[Any]) -> str | list[Any]:
    """A history's JSON data (a list of move texts) as one text, moves joined by
    `HISTORY_SEPARATOR` (a save's compact form); the list itself where a move's
    text holds the separator.

    Examples:
        >>> compact_history(["draw stock", "discard 9h"])
        'draw stock;discard 9h'
    """
    if any(HISTORY_SEPARATOR in m or not m for m in moves):
        return moves
    return HISTORY_SEPARATOR.join(moves)


def to_data(value: Any) -> Any:
    """Turn a cardrules value (attrs records, cards, moves, enums, tuples)
    into plain JSON data. Cards become their notation, moves their notation.

    Examples:
        >>> from cardrules import parse_cards
        >>> to_data(parse_cards("Ah Td"))
        ['Ah', 'Td']
    """
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Move):
        return str(value)
    if isinstance(value, (tuple, list, History)):
        return [to_data(v) for v in value]
    if isinstance(value, frozenset):
        return sorted((to_data(v) for v in value), key=json.dumps)
    if attrs.has(type(value)):
        return {f.name: to_data(getattr(value, f.name)) for f in _init_fields(type(value))}
    raise InvalidStateError(f"cannot serialise {type(value).__name__} {value!r}")


def from_data(tp: Any, data: Any, moves: Sequence[type[Move]] = (), path: str = "$") -> Any:
    """Rebuild a value of type ``tp`` from [`to_data`][cardrules.engine.to_data] output.

    Raises:
        InvalidStateError: the data does not have the shape of ``tp``; the
            message gives the path of the bad part (``$.hands[1][0]``).

    Examples:
        >>> from cardrules import Card
        >>> from_data(tuple[Card, ...], ["Ah", "Td"])
        (<Card Ah>, <Card Td>)
    """

    def bad(expected: str) -> InvalidStateError:
        return InvalidStateError(f"{path}: expected {expected}, got {data!r:.60}")

    if tp is Any:
        return data
    union = _union_args(tp)
    if union is not None:
        if data is None and type(None) in union:
            return None
        last: InvalidStateError | None = None
        for arg in union:
            if arg is type(None):
                continue
            try:
                return from_data(arg, data, moves, path)
            except InvalidStateError as exc:
                last = exc
        raise last or bad(str(tp))
    if tp is type(None):
        if data is not None:
            raise bad("null")
        return None
    if tp is Card:
        if not isinstance(data, str):
            raise bad("a card")
        try:
            return parse_card(data)
        except InvalidCardError as exc:
            raise InvalidStateError(f"{path}: {exc}") from None
    if isinstance(tp, type) and issubclass(tp, Move):
        if not isinstance(data, str):
            raise bad("a move")
        if not _is_unicode(data):
            raise InvalidStateError(f"{path}: text that is not valid Unicode (a lone surrogate)")
        candidates = [m for m in moves if issubclass(m, tp)]
        try:
            return parse_move_text(candidates, data)
        except InvalidMoveError as exc:
            raise InvalidStateError(f"{path}: {exc}") from None
    if tp is bool:
        if not isinstance(data, bool):
            raise bad("true or false")
        return data
    if tp is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise bad("a whole number")
        if not -MAX_INT <= data <= MAX_INT:
            raise InvalidStateError(f"{path}: a whole number of more than 256 bits")
        return data
    if tp is float:
        if not isinstance(data, (int, float)) or isinstance(data, bool):
            raise bad("a number")
        if isinstance(data, int) and not -MAX_INT <= data <= MAX_INT:
            raise InvalidStateError(f"{path}: a number of more than 256 bits")
        value = float(data)
        if value != value or value in (float("inf"), float("-inf")):
            raise InvalidStateError(f"{path}: expected a finite number, got {data!r}")
        return value
    if tp is str:
        if not isinstance(data, str):
            raise bad("text")
        if len(data) > MAX_TEXT:
            raise InvalidStateError(f"{path}: a text longer than {MAX_TEXT} characters")
        if not _is_unicode(data):
            raise InvalidStateError(f"{path}: text that is not valid Unicode (a lone surrogate)")
        return data
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        if not isinstance(data, str) or data.upper() not in tp.__members__:
            raise bad("one of " + ", ".join(m.name.lower() for m in tp))
        return tp[data.upper()]
    if tp is History:
        if isinstance(data, str):  # the compact form of a save: one text, moves joined by ";"
            return History(_history_text(data, moves, path))
        return History(from_data(tuple[Move, ...], data, moves, path))
    origin = typing.get_origin(tp)
    if origin is tuple and isinstance(data, str) and _is_move_list(tp):
        return _history_text(data, moves, path)  # a history kept as a tuple of moves
    if origin in (tuple, frozenset):
        if not isinstance(data, list):
            raise bad("a list")
        args = typing.get_args(tp)
        if origin is frozenset or (len(args) == 2 and args[1] is Ellipsis):
            items = [from_data(args[0], v, moves, f"{path}[{i}]") for i, v in enumerate(data)]
        else:
            if len(args) != len(data):
                raise bad(f"a list of {len(args)}")
            items = [
                from_data(a, v, moves, f"{path}[{i}]")
                for i, (a, v) in enumerate(zip(args, data, strict=True))
            ]
        return frozenset(items) if origin is frozenset else tuple(items)
    if isinstance(tp, type) and attrs.has(tp):
        if not isinstance(data, dict):
            raise bad("an object")
        hints = _hints(tp)
        fields = _init_fields(tp)
        names = {f.name for f in fields}
        extra = set(data) - names
        if extra:
            raise InvalidStateError(f"{path}: unknown fields {sorted(extra)}")
        kwargs = {}
        for f in fields:
            if f.name not in data:
                if f.default is attrs.NOTHING:
                    raise InvalidStateError(f"{path}: missing field {f.name!r}")
                continue
            kwargs[f.name] = from_data(hints[f.name], data[f.name], moves, f"{path}.{f.name}")
        try:
            return tp(**kwargs)
        except CardRulesError as exc:
            raise InvalidStateError(f"{path}: {exc}") from None
        except (TypeError, ValueError) as exc:
            raise InvalidStateError(f"{path}: {exc}") from None
    raise InvalidStateError(f"{path}: cannot rebuild a value of type {tp!r}")  # pragma: no cover
