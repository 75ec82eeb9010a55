"""Moves and their notation: the [`Move`][cardrules.engine.Move] base class, printing and reading
moves."""

from __future__ import annotations

import enum
import functools
import types
import typing
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card, parse_card, parse_cards
from cardrules.errors import CardRulesError, InvalidCardError, InvalidMoveError

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:  # each base's annotations are resolved in that base's module
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _init_fields(cls: type) -> list[attrs.Attribute[Any]]:
    return [f for f in attrs.fields(cls) if f.init]


def _union_args(tp: Any) -> tuple[Any, ...] | None:
    if isinstance(tp, types.UnionType) or typing.get_origin(tp) is typing.Union:
        return typing.get_args(tp)
    return None


# --------------------------------------------------------------------------- moves


class Move:
    """Base class of every move: a frozen attrs record with a keyword.

    Subclasses are ``@attrs.frozen`` classes that set ``NAME`` (one word, the
    first token of the move's notation). The notation is the keyword followed
    by each field in order; a tuple of cards is written comma-separated.

    Examples:
        >>> import attrs
        >>> from cardrules import Card, parse_card
        >>> @attrs.frozen
        ... class Discard(Move):
        ...     NAME = "discard"
        ...     card: Card
        >>> str(Discard(parse_card("7H")))
        'discard 7h'
    """

    __slots__ = ()
    NAME: ClassVar[str] = "move"

    def __str__(self) -> str:
        parts = [self.NAME]
        hints = _hints(type(self))
        for field in _init_fields(type(self)):
            parts.append(_format_token(hints[field.name], getattr(self, field.name)))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


def _format_token(tp: Any, value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, tuple):
        return ",".join(_format_token(Any, v) for v in value) if value else "-"
    return str(value)


def _parse_token(tp: Any, token: str, what: str) -> Any:
    union = _union_args(tp)
    if union is not None:
        if token == "-" and type(None) in union:
            return None
        errors = []
        for arg in union:
            if arg is type(None):
                continue
            try:
                return _parse_token(arg, token, what)
            except InvalidMoveError as exc:
                errors.append(str(exc))
        raise InvalidMoveError("; ".join(errors) or f"cannot read {what} from {token!r}")
    if tp is Card:
        try:
            return parse_card(token)
        except InvalidCardError as exc:
            raise InvalidMoveError(f"{what}: {exc}") from None
    origin = typing.get_origin(tp)
    if origin is tuple:
        if token == "-":
            return ()
        args = typing.get_args(tp)
        if args and args[0] is Card:
            try:
                return parse_cards(token)
            except InvalidCardError as exc:
                raise InvalidMoveError(f"{what}: {exc}") from None
        return tuple(_parse_token(args[0], t, what) for t in token.split(","))
    if tp is bool:
        low = token.lower()
        if low in ("yes", "true", "1"):
            return True
        if low in ("no", "false", "0"):
            return False
        raise InvalidMoveError(f"{what} must be yes or no, got {token!r}")
    if tp is int:
        try:
            return int(token)
        except ValueError:
            raise InvalidMoveError(f"{what} must be a whole number, got {token!r}") from None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp[token.upper()]
        except KeyError:
            names = ", ".join(m.name.lower() for m in tp)
            raise InvalidMoveError(f"{what} must be one of {names}, got {token!r}") from None
    if tp is str:
        return token
    raise InvalidMoveError(f"{what}: cannot read a value of type {tp!r}")  # pragma: no cover


def parse_move_text(move_types: Sequence[type[Move]], text: str) -> Move:
    """Read a move in the notation of the given move classes.

    Raises:
        InvalidMoveError: the text names no move, or its arguments are malformed.

    Examples:
        >>> from cardrules.games.thirty_one import Discard, Knock
        >>> parse_move_text([Discard, Knock], "Discard 10H")
        Discard(card=<Card Th>)
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is read from text, got {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError(
            f"a move's text is at most {MAX_MOVE_TEXT} characters, got {len(text)}"
        )
    if len(text) > _CACHED_TEXT:  # read, but not kept alive as a cache key
        return _read_move.__wrapped__(tuple(move_types), text)
    return _read_move(tuple(move_types), text)


#: The longest move text read: far above any move (a 54-card meld is under 200).
MAX_MOVE_TEXT = 1000

# Only texts up to this length are cached, so the cache holds at most a few MB.
_CACHED_TEXT = 120


@functools.lru_cache(maxsize=1 << 16)
def _read_move(move_types: tuple[type[Move], ...], text: str) -> Move:
    """Parse move text; cached, as moves are immutable and histories repeat them."""
    tokens = text.split()
    if not tokens:
        raise InvalidMoveError("empty move text")
    by_name = {cls.NAME: cls for cls in move_types}
    cls = by_name.get(tokens[0].lower())
    if cls is None:
        known = ", ".join(sorted(by_name))
        raise InvalidMoveError(f"unknown move {tokens[0]!r} in {text!r}; moves are: {known}")
    fields = _init_fields(cls)
    if len(tokens) - 1 != len(fields):
        shape = " ".join([cls.NAME, *(f"<{f.name}>" for f in fields)])
        raise InvalidMoveError(f"cannot read {text!r}: expected {shape!r}")
    hints = _hints(cls)
    values = {
        f.name: _parse_token(hints[f.name], tok, f"{cls.NAME} {f.name}")
        for f, tok in zip(fields, tokens[1:], strict=True)
    }
    try:
        return cls(**values)
    except CardRulesError:
        raise
    except (TypeError, ValueError) as exc:
        raise InvalidMoveError(f"cannot read {text!r}: {exc}") from None
