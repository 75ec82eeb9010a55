"""Moves and their notation: the [`Move`][cardrules.engine.Move] base class, printing and reading
moves."""

from __future__ import annotations

import enum
import functools
import re
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
    by each field in order; a tuple of cards is written comma-separated, and read
    back separated by spaces, commas or both. ``None`` is written ``-``, except
    that trailing fields whose default is ``None`` and that hold ``None`` are left
    out, and may be left out of the text read.

    Examples:
        >>> import attrs
        >>> from cardrules import Card, parse_card
        >>> @attrs.frozen
        ... class Discard(Move):
        ...     NAME = "discard"
        ...     card: Card
        >>> str(Discard(parse_card("7H")))
        'discard 7h'
        >>> @attrs.frozen
        ... class Pass(Move):
        ...     NAME = "pass"
        ...     card: Card | None = None
        >>> str(Pass()), str(Pass(parse_card("7h"))), parse_move_text([Pass], "pass")
        ('pass', 'pass 7h', Pass(card=None))
    """

    __slots__ = ()
    NAME: ClassVar[str] = "move"
    #: An example of the move's notation for hints to a person (``""``: one is made
    #: from the field types).
    EXAMPLE: ClassVar[str] = ""

    def __str__(self) -> str:
        parts = [self.NAME]
        hints = _hints(type(self))
        fields = _init_fields(type(self))
        values = [getattr(self, field.name) for field in fields]
        shown = len(fields)
        while shown and values[shown - 1] is None and fields[shown - 1].default is None:
            shown -= 1  # a trailing field left at its default None is not written
        for field, value in zip(fields[:shown], values[:shown], strict=True):
            parts.append(_format_token(hints[field.name], value))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Move:
        """A move is immutable: a copy, deep or not, is the move itself."""
        return self


#: The largest whole number (in size) a move's field may hold: 256 bits.
_MAX_FIELD_INT = 2**256


def field_problem(move: Move) -> str | None:
    """Why a field of ``move`` does not have its declared type, or ``None``.

    A move made by hand (``LayAway(cards=-1)``, ``Draw(source="stock")``, a text
    where a tuple of cards belongs) is refused by ``check_move`` with this
    sentence before any rule of the game reads the field. Whole numbers are at
    most 256 bits and texts at most `MAX_MOVE_TEXT` characters.

    Examples:
        >>> from cardrules import parse_card
        >>> from cardrules.games.thirty_one import Discard
        >>> field_problem(Discard(parse_card("7h"))) is None
        True
        >>> field_problem(Discard("7h"))
        "its field card must be a card, got str '7h'"
    """
    try:
        hints = _hints(type(move))
        fields = _init_fields(type(move))
    except Exception:  # not an attrs class with resolvable hints: not ours to judge
        return None
    for field in fields:
        value = getattr(move, field.name, None)
        wanted = _type_problem(hints.get(field.name, Any), value)
        if wanted is not None:
            return f"its field {field.name} must be {wanted}, got {type(value).__name__} " + (
                _short(value)
            )
    return None


def _short(value: Any) -> str:
    if isinstance(value, int) and value.bit_length() > 1024:
        return "of more than 300 digits"
    try:
        return repr(value)[:40]
    except Exception:  # a junk value that cannot print
        return ""


def _type_problem(tp: Any, value: Any) -> str | None:
    """What ``value`` should be (a phrase) if it is not a ``tp``, else ``None``."""
    if tp is Any:
        return None
    union = _union_args(tp)
    if union is not None:
        wanted = [_type_problem(arg, value) for arg in union]
        if any(w is None for w in wanted):
            return None
        return " or ".join(w for w in wanted if w is not None)
    if tp is type(None):
        return None if value is None else "none"
    if tp is bool:
        return None if isinstance(value, bool) else "yes or no (a bool)"
    if tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return None if -_MAX_FIELD_INT <= value <= _MAX_FIELD_INT else "at most 256 bits"
        return "a whole number"
    if tp is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        if ok and isinstance(value, int):
            ok = -_MAX_FIELD_INT <= value <= _MAX_FIELD_INT
        return None if ok and value == value and abs(value) != float("inf") else "a finite number"
    if tp is str:
        if isinstance(value, str) and len(value) <= MAX_MOVE_TEXT:
            return None
        return f"a text of at most {MAX_MOVE_TEXT} characters"
    if tp is Card:
        return None if isinstance(value, Card) else "a card"
    origin = typing.get_origin(tp)
    if origin in (tuple, frozenset):
        args = typing.get_args(tp)
        if not isinstance(value, origin):
            return "a tuple" if origin is tuple else "a frozenset"
        if len(value) > MAX_MOVE_TEXT:
            return f"a {origin.__name__} of at most {MAX_MOVE_TEXT} items"
        if origin is frozenset or (len(args) == 2 and args[1] is Ellipsis):
            item = args[0] if args else Any
            for v in value:
                found = _type_problem(item, v)
                if found is not None:
                    return f"a {origin.__name__} of items each {found}"
            return None
        if len(args) != len(value):
            return f"a tuple of {len(args)}"
        for arg, v in zip(args, value, strict=True):
            found = _type_problem(arg, v)
            if found is not None:
                return f"a tuple whose items are {found}"
        return None
    if isinstance(tp, type):
        return None if isinstance(value, tp) else f"a {tp.__name__}"
    return None


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
    tokens = _COMMAS.sub(",", text.strip()).split()
    if not tokens:
        raise InvalidMoveError("empty move text")
    by_name = {cls.NAME: cls for cls in move_types}
    cls = by_name.get(tokens[0].lower())
    if cls is None:
        known = ", ".join(sorted(by_name))
        raise InvalidMoveError(f"unknown move {tokens[0]!r} in {text!r}; moves are: {known}")
    fields = _init_fields(cls)
    hints = _hints(cls)
    kinds = [hints[f.name] for f in fields]
    words = _group(tokens[1:], kinds)
    given = len(fields)
    while words is None and given and fields[given - 1].default is None:
        given -= 1  # a trailing field that defaults to None may be left out
        words = _group(tokens[1:], kinds[:given])
    if words is None:
        raise InvalidMoveError(f"cannot read {text!r}: expected {move_form(cls)}")
    fields = fields[:given]
    try:
        values = {
            f.name: _parse_token(hints[f.name], tok, f"{cls.NAME} {f.name}")
            for f, tok in zip(fields, words, strict=True)
        }
    except InvalidMoveError as exc:
        raise InvalidMoveError(f"{exc} (expected {move_form(cls)})") from None
    try:
        return cls(**values)
    except CardRulesError:
        raise
    except (TypeError, ValueError) as exc:
        raise InvalidMoveError(f"cannot read {text!r}: {exc}") from None


# Commas with spaces around them: "Jc, Jh ,Js" is read as "Jc,Jh,Js".
_COMMAS = re.compile(r"\s*,\s*")


def _group(tokens: list[str], kinds: list[Any]) -> list[str] | None:
    """The text of each field from the tokens after the keyword: one token a field,
    except that a move's one field of several values (cards) takes every token the
    other fields leave, joined by commas, so that cards may be separated by spaces,
    commas or both. ``None`` if the count does not fit."""
    if len(tokens) == len(kinds):
        return tokens
    many = [i for i, kind in enumerate(kinds) if typing.get_origin(kind) is tuple]
    if len(many) != 1 or len(tokens) < len(kinds):
        return None
    at = many[0]
    after = len(kinds) - at - 1
    middle = tokens[at : len(tokens) - after]
    return [*tokens[:at], ",".join(middle), *tokens[len(tokens) - after :]]


_EXAMPLE_CARDS = ("7h", "7d", "7c")


def _example(tp: Any) -> str:
    """A value of type ``tp`` in move notation, for the hint of a refused text."""
    union = _union_args(tp)
    if union is not None:
        return _example(next(a for a in union if a is not type(None)))
    if tp is Card:
        return _EXAMPLE_CARDS[0]
    if typing.get_origin(tp) is tuple:
        args = typing.get_args(tp)
        if args and args[0] is Card:
            return " ".join(_EXAMPLE_CARDS)
        return "1,2"
    if tp is bool:
        return "yes"
    if tp is int:
        return "0"
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return next(iter(tp)).name.lower()
    return "text"


def move_form(cls: type[Move]) -> str:
    """The form of a move's notation with an example, for a hint to a person.

    Cards of a move that takes several may be separated by spaces, commas or both.

    Examples:
        >>> from cardrules.games.turkish51 import LayMeld
        >>> move_form(LayMeld)
        "'meld <kind> <cards>', e.g. 'meld set 7h 7d 7c', cards separated by spaces or commas"
    """
    fields = _init_fields(cls)
    hints = _hints(cls)
    required = len(fields)
    while required and fields[required - 1].default is None:
        required -= 1  # trailing fields that default to None may be left out
    shape = " ".join(
        [
            cls.NAME,
            *(f"<{f.name}>" if i < required else f"[<{f.name}>]" for i, f in enumerate(fields)),
        ]
    )
    example = cls.EXAMPLE or " ".join([cls.NAME, *(_example(hints[f.name]) for f in fields)])
    several = any(typing.get_origin(hints[f.name]) is tuple for f in fields)
    tail = ", cards separated by spaces or commas" if several else ""
    return f"{shape!r}, e.g. {example!r}{tail}"
