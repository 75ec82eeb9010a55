"""The uniform game protocol: moves, states, games, options, notation and JSON.

Every game of cardrules (and any game a user writes) is three kinds of frozen
values: an options value, a state value and move values. This module holds
their shared base classes, so that a game module states only its rules:

* :class:`Move`: a small frozen record with a keyword (``NAME``) and typed
  fields. ``str(move)`` prints ``"discard 7h"``; :meth:`Game.parse_move` reads
  it back. Supported field types: ``Card``, ``tuple[Card, ...]``, ``int``,
  ``bool``, ``str``, enums, and ``X | None``.
* :class:`GameState`: a frozen state. A game implements ``_generate_moves``,
  ``_next``, ``view``, ``resample``, ``all_cards`` and ``_check``; the base
  gives ``legal_moves`` (memoised), ``check_move``/``is_legal``/``apply``,
  ``to_json`` and validation.
* :class:`Game`: options plus the factory methods ``new_game``, ``replay``,
  ``state_from_json`` and ``parse_move``.

Examples:
    >>> from cardrules import games
    >>> game = games.create("thirty_one", players=3)
    >>> state = game.new_game(seed=5)
    >>> move = state.legal_moves()[0]
    >>> game.parse_move(state, str(move)) == move
    True
    >>> game.state_from_json(state.to_json()) == state
    True
"""

from __future__ import annotations

import enum
import functools
import json
import random
import types
import typing
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

import attrs

from cardrules.cards import Card, format_cards, parse_card, parse_cards
from cardrules.decks import Deck, new_seed
from cardrules.errors import (
    CardRulesError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidStateError,
    OptionError,
)

__all__ = [
    "Game",
    "GameState",
    "Move",
    "OptionInfo",
    "build_options",
    "from_data",
    "make_view",
    "need_count",
    "next_seat",
    "option",
    "option_info",
    "parse_option_value",
    "redeal_hidden",
    "replace_at",
    "seat_lines",
    "seats_check",
    "seed_values",
    "to_data",
]

OptionsT = TypeVar("OptionsT")
S = TypeVar("S", bound="GameState[Any]")

# --------------------------------------------------------------------------- types


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
    return _read_move(tuple(move_types), text)


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


# --------------------------------------------------------------------------- options


@attrs.frozen
class OptionInfo:
    """What one game option is: name, type, default, allowed values, meaning."""

    name: str
    kind: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None


def option(
    default: Any,
    *,
    doc: str,
    kind: type | None = None,
    choices: Iterable[Any] | None = None,
    minimum: float | None = None,
    maximum: float | None = None,
    optional: bool = False,
) -> Any:
    """Declare one field of a game's options class, with its check and its doc.

    Args:
        default: the value the source text describes.
        doc: one sentence for users (shown by ``cardrules games``).
        kind: the value's type (default: the type of ``default``).
        choices: the only values allowed, if any.
        minimum: the smallest value allowed, for numbers.
        maximum: the largest value allowed, for numbers.
        optional: whether ``None`` is allowed (e.g. ``deals=None``, no limit).

    Examples:
        >>> import attrs
        >>> @attrs.frozen
        ... class Opts:
        ...     players: int = option(4, doc="seats", minimum=2, maximum=9)
        >>> build_options(Opts, {"players": 12})
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: option players must be at most 9, got 12
    """
    value_kind = kind if kind is not None else type(default)
    allowed = tuple(choices) if choices is not None else None

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        name = attribute.name
        if value is None:
            if optional:
                return
            raise OptionError(f"option {name} must be set, got None")
        ok = isinstance(value, value_kind)
        if value_kind is not bool and isinstance(value, bool):
            ok = False
        if value_kind is float and isinstance(value, int) and not isinstance(value, bool):
            ok = True
        if not ok:
            raise OptionError(
                f"option {name} must be {value_kind.__name__}, got {type(value).__name__} {value!r}"
            )
        if isinstance(value, float) and value != value:
            raise OptionError(f"option {name} must be a number, got nan")
        if allowed is not None and value not in allowed:
            raise OptionError(f"option {name} must be one of {list(allowed)}, got {value!r}")
        if minimum is not None and value < minimum:
            raise OptionError(f"option {name} must be at least {minimum}, got {value!r}")
        if maximum is not None and value > maximum:
            raise OptionError(f"option {name} must be at most {maximum}, got {value!r}")

    meta = {
        "doc": doc,
        "kind": value_kind,
        "choices": allowed,
        "minimum": minimum,
        "maximum": maximum,
        "optional": optional,
    }
    return attrs.field(default=default, validator=check, metadata=meta, kw_only=True)


def option_info(options_type: type) -> tuple[OptionInfo, ...]:
    """Describe every option of an options class.

    Examples:
        >>> from cardrules.games.thirty_one import Options
        >>> [o.name for o in option_info(Options)][:2]
        ['players', 'deals']
    """
    out = []
    for f in attrs.fields(options_type):
        meta = f.metadata
        kind = meta.get("kind", object)
        name = kind.__name__ + (" | None" if meta.get("optional") else "")
        out.append(
            OptionInfo(
                name=f.name,
                kind=name,
                default=f.default,
                doc=meta.get("doc", ""),
                choices=meta.get("choices"),
                minimum=meta.get("minimum"),
                maximum=meta.get("maximum"),
            )
        )
    return tuple(out)


def build_options(options_type: type[OptionsT], values: dict[str, Any]) -> OptionsT:
    """Make an options value, refusing unknown names and bad values.

    Raises:
        OptionError: an unknown option, or a value the option does not allow.

    Examples:
        >>> from cardrules.games.thirty_one import Options
        >>> build_options(Options, {"tokens": 5}).tokens
        5
        >>> build_options(Options, {"colour": "red"})
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: unknown option 'colour'; options are: players, deals, ...
    """
    known = [f.name for f in attrs.fields(options_type)]  # type: ignore[arg-type]
    if not isinstance(values, Mapping):
        raise OptionError(f"options are given as a mapping of names to values, got {values!r:.60}")
    for key in values:
        if key not in known:
            raise OptionError(f"unknown option {key!r}; options are: {', '.join(known)}")
    try:
        return options_type(**values)
    except CardRulesError:
        raise
    except (TypeError, ValueError) as exc:
        raise OptionError(f"bad options {values!r}: {exc}") from None


def parse_option_value(options_type: type, name: str, text: str) -> Any:
    """Convert command-line text to the type of option ``name``.

    Examples:
        >>> from cardrules.games.thirty_one import Options
        >>> parse_option_value(Options, "three_of_a_kind", "yes")
        True
    """
    fields = {f.name: f for f in attrs.fields(options_type)}
    field = fields.get(name) if isinstance(name, str) else None
    if field is None:
        raise OptionError(f"unknown option {name!r}; options are: {', '.join(fields)}")
    if not isinstance(text, str):
        raise OptionError(f"option {name}: expected text to convert, got {type(text).__name__}")
    kind = field.metadata.get("kind", str)
    low = text.strip().lower()
    if field.metadata.get("optional") and low in ("none", "-", ""):
        return None
    if kind is bool:
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise OptionError(f"option {name} takes yes or no, got {text!r}")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise OptionError(f"option {name} takes a whole number, got {text!r}") from None
    if kind is float:
        try:
            return float(text)
        except ValueError:
            raise OptionError(f"option {name} takes a number, got {text!r}") from None
    return text


# --------------------------------------------------------------------------- JSON


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
    if isinstance(value, (tuple, list)):
        return [to_data(v) for v in value]
    if isinstance(value, frozenset):
        return sorted((to_data(v) for v in value), key=json.dumps)
    if attrs.has(type(value)):
        return {f.name: to_data(getattr(value, f.name)) for f in _init_fields(type(value))}
    raise InvalidStateError(f"cannot serialise {type(value).__name__} {value!r}")


def from_data(tp: Any, data: Any, moves: Sequence[type[Move]] = (), path: str = "$") -> Any:
    """Rebuild a value of type ``tp`` from :func:`to_data` output.

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
        return data
    if tp is float:
        if not isinstance(data, (int, float)) or isinstance(data, bool):
            raise bad("a number")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise bad("text")
        return data
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        if not isinstance(data, str) or data.upper() not in tp.__members__:
            raise bad("one of " + ", ".join(m.name.lower() for m in tp))
        return tp[data.upper()]
    origin = typing.get_origin(tp)
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


# --------------------------------------------------------------------------- states


@attrs.frozen
class GameState(Generic[OptionsT]):
    """Base class of every game state (a frozen attrs class in each game).

    A game's state class declares the fields ``options``, ``seed`` and
    ``history`` (plus its own) and implements the underscore hooks. The public
    protocol (``legal_moves``, ``apply``, ``check_move``, ``is_legal``,
    ``to_json``, ``validate``) is provided here.

    Chance is decided from ``seed`` inside the game: a game draws its deals
    from :meth:`rng` and never from global random state.
    """

    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    GAME: ClassVar[str] = ""
    MOVES: ClassVar[tuple[type[Move], ...]] = ()

    if typing.TYPE_CHECKING:
        options: OptionsT
        seed: int
        history: tuple[Move, ...]

    # ---- hooks a game implements -------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move; ``None`` only when the game is over.

        Examples:
            >>> from cardrules import games
            >>> games.create("thirty_one", players=3).new_game(seed=1).current_player
            1
        """
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        """Whether the game (the whole match) is over.

        Examples:
            >>> from cardrules import games
            >>> games.create("thirty_one").new_game(seed=1).is_terminal
            False
        """
        raise NotImplementedError

    @property
    def scores(self) -> tuple[float, ...]:
        """Per seat, in the game's own units: final once terminal, running before.

        Examples:
            >>> from cardrules import games
            >>> games.create("empat_satu", players=3).new_game(seed=1).scores
            (0, 0, 0)
        """
        raise NotImplementedError

    def _generate_moves(self) -> tuple[Move, ...]:
        raise NotImplementedError

    def _next(self, move: Move) -> Self:
        raise NotImplementedError

    def view(self, seat: int) -> Any:
        """What ``seat`` may know: equal for states that differ only in what it cannot see.

        Examples:
            >>> from cardrules import games
            >>> view = games.create("thirty_one", players=2).new_game(seed=1).view(0)
            >>> len(view.hand), view.hand_sizes, hasattr(view, "seed")
            (3, (3, 3), False)
        """
        raise NotImplementedError

    def resample(self, seat: int, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell from this one, hidden cards dealt again.

        Examples:
            >>> import random
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=1)
            >>> guess = state.resample(0, random.Random(9))
            >>> guess.view(0) == state.view(0), guess.hands[1] == state.hands[1]
            (True, False)
        """
        raise NotImplementedError

    def all_cards(self) -> Iterable[Card]:
        """Every card in every hand, pile, meld and trick: always exactly the deck.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one").new_game(seed=1)
            >>> sorted(state.all_cards()) == sorted(state.deck().cards)
            True
        """
        raise NotImplementedError

    def deck(self) -> Deck:
        """The pack the game is played with, under these options.

        Examples:
            >>> from cardrules import games
            >>> games.create("schwimmen").new_game(seed=1).deck().size
            32
        """
        raise NotImplementedError

    def _check(self) -> None:
        """Raise :class:`InvalidStateError` if the fields contradict each other."""

    def explain(self, move: Move) -> str:
        """Why a move of this game is not legal now (a game refines this).

        Examples:
            >>> from cardrules import games
            >>> game = games.create("empat_satu")
            >>> state = game.new_game(seed=1)
            >>> state.explain(game.parse_move(state, "refuse"))
            'the discard can only be refused once the stock is empty (ES-4.1)'
        """
        legal = self.legal_moves()
        shown = ", ".join(str(m) for m in legal[:8]) + (", ..." if len(legal) > 8 else "")
        return f"it is not among the {len(legal)} legal moves now ({shown})"

    # ---- protocol built on the hooks --------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in a deterministic order; empty iff the game is over.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=1)
            >>> [str(m) for m in state.legal_moves()]
            ['knock', 'draw stock', 'draw discard']
        """
        legal = self._legal
        if legal is None:
            legal = self._generate_moves()
            object.__setattr__(self, "_legal", legal)
        return legal

    def check_move(self, move: object) -> None:
        """Raise :class:`IllegalMoveError` saying why ``move`` is illegal now.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=1)
            >>> state.check_move("knock")
            Traceback (most recent call last):
            ...
            cardrules.errors.IllegalMoveError: ...: a str is not a move of thirty_one
        """
        if not isinstance(move, Move) or not isinstance(move, self.MOVES):
            kind = type(move).__name__
            raise IllegalMoveError(move, f"a {kind} is not a move of {self.GAME}")
        try:
            listed = self._equal_listed(move)
        except Exception as exc:  # a Move subclass whose == fails
            reason = f"it cannot be compared with the legal moves ({type(exc).__name__}: {exc})"
            raise IllegalMoveError(move, reason) from None
        if listed is not None:
            if type(listed) is type(move):
                return
            # A subclass whose == says yes to a move of another class stands for none.
            reason = f"it is a {type(move).__name__}, not the legal move '{listed}' it equals"
            raise IllegalMoveError(move, reason)
        if self.is_terminal:
            raise IllegalMoveError(move, "the game is over")
        raise IllegalMoveError(move, self.explain(move))

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` is legal now.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=1)
            >>> state.is_legal(state.legal_moves()[0]), state.is_legal("knock")
            (True, False)
        """
        try:
            listed = self._equal_listed(move)
        except Exception:  # junk whose == fails
            return False
        return listed is not None and type(listed) is type(move)  # as apply

    def _equal_listed(self, move: object) -> Move | None:
        """The legal move equal to ``move``, or ``None``; raises what ``==`` raises.
        (``apply`` does the same inline: it is the hottest path.)"""
        legal = self.legal_moves()
        for listed in legal:
            if listed is move or listed == move:
                return listed
        return None

    def apply(self, move: Move) -> Self:
        """The state after ``move``; this state is unchanged.

        Raises:
            IllegalMoveError: ``move`` is not legal now; the message says why.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one", players=2)
            >>> state = game.new_game(seed=1)
            >>> after = state.apply(game.parse_move(state, "draw stock"))
            >>> [str(m) for m in after.history], len(state.history)
            (['draw stock'], 0)
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        try:  # free unless it raises (Python 3.11+)
            listed = legal[legal.index(move)]
        except Exception:  # ValueError: not listed; else junk whose == fails (an array)
            listed = None
        # Only a move of the listed one's own class stands for it: junk whose ``==``
        # says yes to anything (a Move of another game) must not become legal[0].
        if listed is None or type(move) is not type(listed):
            self.check_move(move)  # raises, saying why
            raise IllegalMoveError(move, "it is not a legal move now")
        # The listed move, not the caller's equal one: ``Discard(c, knock=0)`` equals
        # ``Discard(c, knock=False)``, but only the listed one has the game's own types.
        return self._next(listed)

    def _replace(self, **changes: Any) -> Self:
        """A copy with some fields changed: ``attrs.evolve`` without its overhead.

        Games build a new state on every move, so this is the hottest path of
        the engine. The first call on a state class generates a copier for it,
        with one keyword parameter per field, and installs it as that class's
        ``_replace``; it fills the slots of a copy directly (as an instance of
        a builder subclass with plain attribute setting, which then becomes an
        instance of the state class), which is safe because state classes
        carry no validators or converters (a class that does falls back to
        evolve).

        Raises:
            TypeError: a name in ``changes`` is not a field (a programming error).
        """
        cls = type(self)
        copier = _make_copier(cls)
        cls._replace = copier  # type: ignore[method-assign]  # later calls go straight to it
        return copier(self, **changes)  # type: ignore[no-any-return]

    def rng(self, *salt: object) -> random.Random:
        """A random generator decided by the seed and ``salt`` (e.g. the deal number).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one").new_game(seed=1)
            >>> state.rng(2).random() == state.rng(2).random() != state.rng(3).random()
            True
        """
        return random.Random("/".join([str(self.seed), *map(str, salt)]))

    def to_json(self) -> str:
        """The whole state as JSON text (read back by ``Game.state_from_json``).

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one")
            >>> state = game.new_game(seed=1)
            >>> game.state_from_json(state.to_json()) == state
            True
        """
        return json.dumps({"game": self.GAME, "state": to_data(self)}, ensure_ascii=False)

    def validate(self) -> None:
        """Check card conservation and field consistency.

        Raises:
            InvalidStateError: cards were created or lost, or fields contradict.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=1)
            >>> state.validate()
            >>> state._replace(stock=state.stock[1:]).validate()
            Traceback (most recent call last):
            ...
            cardrules.errors.InvalidStateError: cards are not the deck: extra [], missing [...]
        """
        expected = Counter(self.deck().cards)
        try:
            found = Counter(self.all_cards())
        except (AttributeError, TypeError) as exc:
            raise InvalidStateError(f"state is malformed: {exc}") from None
        if found != expected:
            extra = format_cards(sorted((found - expected).elements()))
            missing = format_cards(sorted((expected - found).elements()))
            raise InvalidStateError(f"cards are not the deck: extra [{extra}], missing [{missing}]")
        self._check()


def _builder_class(cls: type) -> type | None:
    """A subclass of the frozen, slotted ``cls`` with plain attribute setting.

    A copy is filled in as an instance of this builder, where ``new.x = v``
    is an ordinary slot store (the frozen class's ``__setattr__`` is a Python
    function, about twenty times slower), and then becomes a ``cls`` by
    ``__class__`` assignment, which Python allows because the builder adds no
    slots. ``None`` if this Python refuses the assignment.
    """
    builder = type(
        f"{cls.__name__}Builder",
        (cls,),
        {
            "__slots__": (),
            "__module__": cls.__module__,
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
        },
    )
    try:
        probe: Any = object.__new__(builder)
        probe.__class__ = cls
    except TypeError:
        return None
    return builder


def _make_copier(cls: type) -> Any:
    fields = attrs.fields(cls)
    names = [f.name for f in fields if f.init]
    # The generated code's own names start with "__", so that no field (``state``,
    # ``new``, ``builder``...) can shadow one; a class whose field does is copied slowly,
    # as is one with a field the copier would not fill (init=False, other than _legal).
    if any(
        f.validator is not None
        or f.converter is not None
        or f.name.startswith("__")
        or (not f.init and f.name != "_legal")
        for f in fields
    ):

        def slow(state: Any, **changes: Any) -> Any:
            return attrs.evolve(state, **changes)

        return slow
    builder = _builder_class(cls)
    head = [
        f"def _replace(__state, *, {', '.join(f'{n}=__KEEP' for n in names)}, **__extra):",
        "    if __state.__class__ is not __cls:",  # a subclass inherited this copier
        "        __given = {__k: __v for __k, __v in locals().items() if __v is not __KEEP}",
        "        del __given['__state'], __given['__extra']",
        "        return __GameState._replace(__state, **__given, **__extra)",
        "    if __extra:",
        "        raise TypeError(f'not fields of {__cls.__name__}: {sorted(__extra)}')",
    ]
    namespace: dict[str, Any] = {
        "__cls": cls,
        "__builder": builder,
        "__make": object.__new__,
        "__KEEP": object(),
        "__GameState": GameState,
    }
    if builder is not None:  # fill a builder, then turn it into a cls
        body = [
            "    __new = __make(__builder)",
            *(f"    __new.{n} = __state.{n} if {n} is __KEEP else {n}" for n in names),
            "    __new._legal = None",
            "    __new.__class__ = __cls",
            "    return __new",
        ]
    else:  # set each slot through its descriptor
        for name in [*names, "_legal"]:
            for klass in cls.__mro__:
                if name in vars(klass):
                    namespace[f"__set_{name}"] = vars(klass)[name].__set__
                    break
        body = [
            "    __new = __make(__cls)",
            *(f"    __set_{n}(__new, __state.{n} if {n} is __KEEP else {n})" for n in names),
            "    __set__legal(__new, None)",
            "    return __new",
        ]
    exec("\n".join(head + body), namespace)  # the source is built from field names only
    return namespace["_replace"]


# --------------------------------------------------------------------------- games


@attrs.frozen
class Game(Generic[S, OptionsT]):
    """A game under fixed options: the factory of its states.

    Subclasses set ``NAME``, ``OPTIONS`` (the options class) and ``STATE`` (the
    state class) and implement :meth:`_new_game`.
    """

    options: OptionsT

    NAME: ClassVar[str] = ""
    OPTIONS: ClassVar[type[Any]]
    STATE: ClassVar[type[GameState[Any]]]
    SUMMARY: ClassVar[str] = ""
    HIGHER_IS_BETTER: ClassVar[bool] = True

    @classmethod
    def create(cls, **options: Any) -> Self:
        """The game with these options (defaults as the source text describes).

        Raises:
            OptionError: an unknown option, or a value of the wrong type or range.

        Examples:
            >>> from cardrules.games.thirty_one import ThirtyOne
            >>> ThirtyOne.create(players=3).players
            3
        """
        return cls(build_options(cls.OPTIONS, options))

    @property
    def name(self) -> str:
        """The registry name.

        Examples:
            >>> from cardrules import games
            >>> games.create("thirty_one").name
            'thirty_one'
        """
        return self.NAME

    @property
    def players(self) -> int:
        """The number of seats.

        Examples:
            >>> from cardrules import games
            >>> games.create("turkish51").players
            4
        """
        return int(typing.cast(Any, self.options).players)

    def _new_game(self, seed: int) -> S:
        raise NotImplementedError

    def new_game(self, seed: int | None = None) -> S:
        """A new game; the same options and seed always give the same deal.

        Without a seed, one is drawn from the operating system (and kept in
        ``state.seed``, so the game can still be replayed).

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one")
            >>> game.new_game(seed=5) == game.new_game(seed=5)
            True
        """
        if seed is None:
            seed = new_seed()
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(f"seed must be a whole number, got {seed!r}")
        return self._new_game(seed)

    def replay(self, seed: int, moves: Iterable[Move | str]) -> S:
        """Play ``moves`` (values or notation) from ``new_game(seed)``.

        Raises:
            IllegalMoveError: a move is not legal where it comes; the reason
                names its index in ``moves``.
            InvalidMoveError: ``moves`` is not a list of moves, or a text in it
                cannot be read.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one", players=2)
            >>> state = game.replay(1, ["draw stock"])
            >>> state == game.new_game(1).apply(game.parse_move(None, "draw stock"))
            True
        """
        if isinstance(moves, (str, bytes)):
            raise InvalidMoveError("replay takes a sequence of moves, not one text; split it first")
        try:
            steps = list(moves)
        except TypeError:
            raise InvalidMoveError(
                f"replay takes an iterable of moves, got {type(moves).__name__}"
            ) from None
        state = self.new_game(seed)
        for number, move in enumerate(steps):
            try:
                if isinstance(move, str):
                    move = self.parse_move(state, move)
                state = state.apply(move)
            except IllegalMoveError as exc:
                where = f"{exc.reason} (replay move {number}, counting from 0)"
                raise IllegalMoveError(exc.move, where) from None
            except InvalidMoveError as exc:
                raise InvalidMoveError(f"replay move {number}: {exc}") from None
        return state

    def parse_move(self, state: GameState[Any] | None, text: str) -> Move:
        """Read a move in this game's notation (``str(move)`` round-trips).

        Args:
            state: the state the move is for, or ``None``; with a state, a
                legal move whose notation matches is returned as listed.
            text: the move's notation, e.g. ``"discard 7h"``.

        Raises:
            InvalidMoveError: malformed text (an illegal but well-formed move
                is returned; ``apply`` refuses it with the reason).
            InvalidStateError: ``state`` is not a state of this game.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one")
            >>> str(game.parse_move(None, "Draw  Stock"))
            'draw stock'
        """
        if state is not None:
            self._own(state)
        if state is not None and isinstance(text, str):
            wanted = " ".join(text.split()).lower()
            for move in state.legal_moves():
                if str(move).lower() == wanted:
                    return move
        return parse_move_text(self.STATE.MOVES, text)

    def state_from_json(self, text: str | bytes) -> S:
        """Rebuild a state from :meth:`GameState.to_json`, validating it.

        Raises:
            InvalidStateError: not this game, malformed, tampered or inconsistent.

        Examples:
            >>> from cardrules import games
            >>> games.create("thirty_one").state_from_json('{"game": "chess", "state": {}}')
            Traceback (most recent call last):
            ...
            cardrules.errors.InvalidStateError: state of game 'chess', not 'thirty_one'
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise InvalidStateError(f"not JSON: {exc}") from None
        except RecursionError:
            raise InvalidStateError("not a state: the JSON is nested far too deeply") from None
        if not isinstance(data, dict) or set(data) != {"game", "state"}:
            raise InvalidStateError("expected an object with 'game' and 'state'")
        if data["game"] != self.NAME:
            raise InvalidStateError(f"state of game {data['game']!r}, not {self.NAME!r}")
        state = from_data(self.STATE, data["state"], self.STATE.MOVES)
        if state.options != self.options:
            raise InvalidStateError("state was made with other options than this game's")
        state.validate()
        return typing.cast(S, state)

    def _own(self, state: object) -> None:
        """Refuse anything but a state of this game (for methods taking a state)."""
        if not isinstance(state, self.STATE):
            if isinstance(state, GameState):
                got = f"a state of {state.GAME or type(state).__name__}"
            else:
                got = f"{type(state).__name__} {state!r:.40}"
            raise InvalidStateError(f"expected a state of {self.NAME}, got {got}")

    def describe_options(self) -> tuple[OptionInfo, ...]:
        """The options this game takes.

        Examples:
            >>> from cardrules import games
            >>> [o.name for o in games.create("empat_satu").describe_options()]
            ['players', 'deals', 'exhausted_rounds']
        """
        return option_info(self.OPTIONS)

    def narrate(self, before: S | None, move: Move | None, after: S) -> tuple[str, ...]:
        """Transcript lines for one step (``before`` is ``None`` at the start).

        The default names the seat and the move; a game adds deal results.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one", players=2)
            >>> state = game.new_game(seed=1)
            >>> nxt = state.apply(state.legal_moves()[1])
            >>> game.narrate(state, state.legal_moves()[1], nxt)[0]
            'seat 1: draw stock'
        """
        self._own(after)
        lines = []
        if before is not None and move is not None:
            self._own(before)
            lines.append(f"seat {before.current_player}: {move}")
        lines.extend(self.narrate_deal(before, after))
        return tuple(lines)

    def narrate_deal(self, before: S | None, after: S) -> tuple[str, ...]:
        """Transcript lines about deals for one step: a finished deal's result
        (the lines of ``after.last_deal.describe()``, when the game has them), the
        start of a new deal with the scores so far, and the end of the game.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("empat_satu", players=2)
            >>> game.narrate_deal(None, game.new_game(seed=1))
            ('deal 1 begins; scores [0, 0]',)
        """
        lines: list[str] = []
        result = getattr(after, "last_deal", None)
        if before is not None and result is not getattr(before, "last_deal", None):
            describe = getattr(result, "describe", None)
            if callable(describe):
                lines.extend(describe())
        deal = getattr(after, "deal", None)
        new_deal = before is None or deal != getattr(before, "deal", None)
        if isinstance(deal, int) and new_deal and not after.is_terminal:
            lines.append(f"deal {deal + 1} begins; scores {list(after.scores)}")
        if after.is_terminal:
            scores = after.scores
            best = max(scores) if self.HIGHER_IS_BETTER else min(scores)
            first = ", ".join(f"seat {i}" for i, score in enumerate(scores) if score == best)
            lines.append(f"game over: first {first}")
        return tuple(lines)

    def greedy_move(self, state: S, rng: random.Random) -> Move:
        """A move a simple greedy player makes (a game refines this).

        The default picks at random among moves that end the game best for
        the mover, looking one move ahead on the actual state's scores.

        Examples:
            >>> import random
            >>> from cardrules import games
            >>> game = games.create("empat_satu")
            >>> state = game.new_game(seed=1)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        self._own(state)
        seat = state.current_player
        moves = state.legal_moves()
        if seat is None or not moves:
            raise IllegalMoveError(None, "the game is over")
        sign = 1 if self.HIGHER_IS_BETTER else -1
        scored = [(sign * state._next(m).scores[seat], i) for i, m in enumerate(moves)]
        best = max(s for s, _ in scored)
        return moves[rng.choice([i for s, i in scored if s == best])]


T = TypeVar("T")


def need_count(name: str, value: object, low: int) -> None:
    """Check that the argument ``name`` is a whole number of at least ``low``.

    Raises:
        OptionError: it is not (a bool is not a number here).

    Examples:
        >>> need_count("max_moves", 10, 1)
        >>> need_count("max_moves", 0, 1)
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: max_moves must be a whole number from 1, got 0
    """
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise OptionError(f"{name} must be a whole number from {low}, got {value!r:.40}")


def seed_values(seeds: object) -> list[int]:
    """``seeds`` as a list of whole numbers: the argument check of the functions
    that play one game per seed.

    Raises:
        OptionError: ``seeds`` is text, not iterable, or holds a non-integer.

    Examples:
        >>> seed_values(range(3))
        [0, 1, 2]
        >>> seed_values([1, "2"])
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: seeds must be whole numbers, got '2'
    """
    if isinstance(seeds, (str, bytes)):
        raise OptionError("seeds are whole numbers, e.g. range(100), not text")
    try:
        out: list[int] = list(seeds)  # type: ignore[call-overload]
    except TypeError:
        raise OptionError(
            f"seeds must be an iterable of whole numbers, got {seeds!r:.40}"
        ) from None
    for seed in out:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(f"seeds must be whole numbers, got {seed!r:.40}")
    return out


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of ``items`` with ``items[index]`` replaced (states hold tuples).

    Examples:
        >>> replace_at((1, 2, 3), 1, 9)
        (1, 9, 3)
    """
    return (*items[:index], value, *items[index + 1 :])


def next_seat(active: Sequence[bool], seat: int, step: int = 1) -> int:
    """The next seat after ``seat`` still in play, going ``step`` (+1 or -1) around.

    Raises:
        InvalidStateError: no seat is in play.

    Examples:
        >>> next_seat((True, False, True), 0), next_seat((True, False, True), 0, step=-1)
        (2, 2)
    """
    n = len(active)
    for k in range(1, n + 1):
        nxt = (seat + k * step) % n
        if active[nxt]:
            return nxt
    raise InvalidStateError("no seat is left in play")


def redeal_hidden(
    rng: random.Random,
    hands: Sequence[tuple[Card, ...]],
    seat: int,
    *,
    known: Sequence[Sequence[Card]] | None = None,
    piles: Sequence[tuple[Card, ...]] = (),
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    """Deal again every card ``seat`` cannot see: for :meth:`GameState.resample`.

    The other seats' cards, except those in ``known[i]`` (cards everyone knows
    seat ``i`` holds), and the cards of the hidden ``piles`` (e.g. the stock)
    are shuffled together and dealt back in the same numbers. Known cards stay
    in their hands (placed first); ``seat``'s own hand is untouched.

    Returns:
        The new hands and the new piles.

    Examples:
        >>> import random
        >>> from cardrules import parse_cards
        >>> hands = (parse_cards("Ah Kh"), parse_cards("2c 3c"), parse_cards("4d 5d"))
        >>> new, (stock,) = redeal_hidden(
        ...     random.Random(1), hands, 0, known=((), parse_cards("3c"), ()),
        ...     piles=(parse_cards("6s 7s"),))
        >>> new[0] == hands[0], new[1][0], len(new[2]), len(stock)
        (True, <Card 3c>, 2, 2)
    """
    if not isinstance(rng, random.Random):
        raise OptionError(f"resample needs a random.Random, got {type(rng).__name__} {rng!r:.40}")
    pool: list[Card] = [c for pile in piles for c in pile]
    keep: list[tuple[Card, ...]] = []
    for i, hand in enumerate(hands):
        held = tuple(known[i]) if known is not None and i != seat else ()
        if i == seat:
            keep.append(hand)
            continue
        rest = Counter(hand)
        rest.subtract(held)
        if min(rest.values(), default=0) < 0:
            raise InvalidStateError(f"seat {i} is said to hold cards it does not hold")
        pool.extend(rest.elements())
        keep.append(held)
    rng.shuffle(pool)
    new_hands = []
    for i, hand in enumerate(hands):
        if i == seat:
            new_hands.append(hand)
            continue
        need = len(hand) - len(keep[i])
        new_hands.append(keep[i] + tuple(pool[len(pool) - need :]) if need else keep[i])
        del pool[len(pool) - need :]
    new_piles = []
    for pile in piles:
        new_piles.append(tuple(pool[len(pool) - len(pile) :]) if pile else ())
        del pool[len(pool) - len(pile) :]
    return tuple(new_hands), tuple(new_piles)


V = TypeVar("V")

# View fields every card game derives the same way from the state and the seat.
_DERIVED_VIEW_FIELDS: dict[str, Any] = {
    "turn": lambda state, seat: state.current_player,
    "hand": lambda state, seat: state.hands[seat],
    "hand_sizes": lambda state, seat: tuple(map(len, state.hands)),
    "known": lambda state, seat: tuple(
        () if i == seat else cards for i, cards in enumerate(state.known)
    ),
    "stock_size": lambda state, seat: len(state.stock),
}
_VIEW_NAMES: dict[type, tuple[str, ...]] = {}


def make_view(view_type: type[V], state: GameState[Any], seat: int, **given: Any) -> V:
    """Build ``view_type`` for ``seat``: what a game's ``view`` returns.

    A view class declares exactly what a seat may know. Each of its fields is
    filled, in this order of preference, from ``given``; from ``seat`` (the
    field ``seat``); by the usual derivation of ``turn`` (the current player),
    ``hand`` (``state.hands[seat]``), ``hand_sizes`` (the size of every hand),
    ``known`` (the cards known to be in the other hands; the seat's own entry
    is empty, as it sees its hand) and ``stock_size`` (``len(state.stock)``);
    or else from the state field of the same name, which must therefore be
    public information. Pass in ``given`` any field that is public only in part
    (a widow hidden while it is being chosen).

    Raises:
        OptionError: ``seat`` is not a seat of the game (``options.players``
            seats, or one per score for a game without that option).
        TypeError: a name in ``given`` is not a field of ``view_type``, or a
            field of ``view_type`` is neither given, derived nor a state field.

    Examples:
        >>> from cardrules import games
        >>> from cardrules.games import thirty_one
        >>> state = games.create("thirty_one", players=3).new_game(seed=1)
        >>> view = make_view(thirty_one.View, state, 2)
        >>> view == state.view(2), view.hand == state.hands[2], view.stock_size
        (True, True, 42)
    """
    players = getattr(state.options, "players", None)
    if not isinstance(players, int):  # a game without the option: one score per seat
        players = len(state.scores)
    seats_check(players, seat)
    names = _VIEW_NAMES.get(view_type)
    if names is None:
        fields = attrs.fields(view_type)  # type: ignore[arg-type]
        names = _VIEW_NAMES[view_type] = tuple(f.name for f in fields if f.init)
    unknown = given.keys() - set(names)
    if unknown:
        raise TypeError(f"not fields of {view_type.__name__}: {sorted(unknown)}")
    values: dict[str, Any] = {}
    for name in names:
        if name in given:
            values[name] = given[name]
        elif name == "seat":
            values[name] = seat
        elif name in _DERIVED_VIEW_FIELDS:
            values[name] = _DERIVED_VIEW_FIELDS[name](state, seat)
        elif hasattr(state, name):
            values[name] = getattr(state, name)
        else:  # a programming error of the game: say which field has no source
            raise TypeError(
                f"{view_type.__name__}.{name} is not given and {type(state).__name__} "
                "has no field of that name"
            )
    return view_type(**values)


def seat_lines(hands: Sequence[Sequence[Card]], **columns: Sequence[object]) -> list[str]:
    """One transcript line per seat of a finished deal: its cards shown, then
    each column's entry for that seat (a game's ``DealResult.describe`` uses it).

    Examples:
        >>> from cardrules import parse_cards
        >>> seat_lines([parse_cards("Ah Kh"), parse_cards("2c 3c")], value=[21, 5])
        ['    seat 0: Ah Kh; value 21', '    seat 1: 2c 3c; value 5']
    """
    lines = []
    for seat, hand in enumerate(hands):
        extra = "".join(
            f"; {name.replace('_', ' ')} {column[seat]}" for name, column in columns.items()
        )
        lines.append(f"    seat {seat}: {format_cards(hand) or '(no cards)'}{extra}")
    return lines


def seats_check(players: int, seat: object) -> int:
    """Validate a seat number for ``view`` and ``resample``.

    Examples:
        >>> seats_check(3, 2)
        2
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise OptionError(f"seat must be a whole number from 0 to {players - 1}, got {seat!r}")
    return seat
