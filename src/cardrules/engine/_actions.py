"""Fixed action spaces: every move of a game numbered once, the same in every state.

A game's action space is a sequence of *families*, one per move class. A family
numbers its moves by their fields with a mixed radix of small *codecs* (a card
by its face, an enum by its member, a bool, a bounded whole number, a set of
card faces...). The engine derives the codec of a ``Card``, enum, ``bool`` or
``X | None`` field from the move's type hints; a game names a codec for each
``int`` or card-tuple field in ``Game._action_fields`` (a field left
without one raises, naming it).

Examples:
    >>> from cardrules import games
    >>> game = games.create("thirty_one", players=2)
    >>> game.num_actions
    56
    >>> state = game.new_game(seed=1)
    >>> [game.action_index(m) for m in state.legal_moves()]
    [0, 1, 2]
    >>> game.action_move(state, 1) == state.legal_moves()[1]
    True
"""

from __future__ import annotations

import enum
import math
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from cardrules.cards import Card
from cardrules.engine._moves import Move, _hints, _init_fields
from cardrules.errors import InvalidMoveError

Encode = Callable[[Any], int]
_KNOWN_MOST = 1 << 16  # moves whose number an action space remembers


@attrs.frozen
class Codec:
    """Numbers the values of one move field (or a whole move) as ``0 .. size-1``.

    Attributes:
        size: how many values there are.
        encode: a value's number; raises ``InvalidMoveError`` for a value
            outside the codec.
        text: a short description for the docs (``"card face (52)"``).
        remember: whether a move's number may be remembered by its value; ``False``
            for a whole-move codec of an amount abstraction, whose canonical moves
            carry their place in it (see ``GameState.RANGED``).
    """

    size: int
    encode: Encode = attrs.field(repr=False)
    text: str = ""
    remember: bool = True


def _outside(value: object, what: str) -> InvalidMoveError:
    return InvalidMoveError(f"{value!r:.60} is outside the action space ({what})")


def card_codec(faces: Sequence[Card]) -> Codec:
    """A card numbered by its place among ``faces`` (the distinct cards of the deck).

    Examples:
        >>> from cardrules import parse_cards
        >>> codec = card_codec(parse_cards("2c 3c 4c"))
        >>> codec.size, codec.encode(parse_cards("3c")[0])
        (3, 1)
    """
    index = {card: i for i, card in enumerate(faces)}

    def encode(card: Any) -> int:
        try:
            return index[card]
        except (KeyError, TypeError):
            raise _outside(card, "not a card of this deck") from None

    return Codec(len(index), encode, f"card face ({len(index)})")


def enum_codec(kind: type[enum.Enum]) -> Codec:
    """An enum member numbered in declaration order.

    Examples:
        >>> from cardrules import Suit
        >>> enum_codec(Suit).encode(Suit.DIAMONDS) == list(Suit).index(Suit.DIAMONDS)
        True
    """
    index = {member: i for i, member in enumerate(kind)}

    def encode(value: Any) -> int:
        try:
            return index[value]
        except (KeyError, TypeError):
            raise _outside(value, f"not a {kind.__name__}") from None

    return Codec(len(index), encode, f"{kind.__name__} ({len(index)})")


def _bool(value: Any) -> int:
    if value is True or value is False:
        return int(value)
    raise _outside(value, "not yes or no")


BOOL = Codec(2, _bool, "no/yes (2)")


def int_codec(low: int, high: int) -> Codec:
    """A whole number from ``low`` to ``high`` inclusive.

    Examples:
        >>> int_codec(28, 56).size, int_codec(28, 56).encode(30)
        (29, 2)
    """

    def encode(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value - low
        raise _outside(value, f"not a whole number from {low} to {high}")

    return Codec(high - low + 1, encode, f"{low}..{high} ({high - low + 1})")


def optional_codec(codec: Codec) -> Codec:
    """``None`` as 0, else ``1 +`` the inner codec's number.

    Examples:
        >>> from cardrules.cards import Suit
        >>> optional_codec(enum_codec(Suit)).text
        'none or Suit (5)'
    """
    inner = codec.encode

    def encode(value: Any) -> int:
        return 0 if value is None else 1 + inner(value)

    text = codec.text  # its count, in brackets at the end, counts the none too
    head, bracket, _ = text.rpartition(" (")
    if bracket and text.endswith(")"):
        text = f"{head} ({codec.size + 1})"
    return Codec(codec.size + 1, encode, f"none or {text}")


def multiset_count(faces: int, size: int) -> int:
    """How many multisets of ``size`` elements ``faces`` kinds make.

    Examples:
        >>> multiset_count(52, 2)
        1378
    """
    return math.comb(faces + size - 1, size)


def cards_codec(faces: Sequence[Card], most: int, least: int = 0) -> Codec:
    """A tuple of ``least``..``most`` cards numbered by its multiset of faces.

    The order of the cards and which physical copy is meant do not count.
    Sizes come in order (every smaller multiset first); within a size, the
    combinatorial number system ranks the sorted face indices.

    Examples:
        >>> from cardrules import parse_cards
        >>> codec = cards_codec(parse_cards("2c 3c 4c"), 2, 1)
        >>> codec.size, codec.encode(parse_cards("2c")), codec.encode(parse_cards("3c 2c"))
        (9, 0, 4)
    """
    index = {card: i for i, card in enumerate(faces)}
    n = len(index)
    offsets = [0]
    for k in range(least, most + 1):
        offsets.append(offsets[-1] + multiset_count(n, k))

    def encode(cards: Any) -> int:
        if not isinstance(cards, tuple) or not least <= len(cards) <= most:
            raise _outside(cards, f"not {least} to {most} cards")
        try:
            places = sorted(index[c] for c in cards)
        except (KeyError, TypeError):
            raise _outside(cards, "not cards of this deck") from None
        rank = sum(math.comb(p + i, i + 1) for i, p in enumerate(places))
        return offsets[len(cards) - least] + rank

    return Codec(offsets[-1], encode, f"{least} to {most} card faces ({offsets[-1]})")


def _auto_codec(tp: Any, faces: Sequence[Card]) -> Codec | None:
    if tp is Card:
        return card_codec(faces)
    if tp is bool:
        return BOOL
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return enum_codec(tp)
    if isinstance(tp, types.UnionType) or typing.get_origin(tp) is typing.Union:
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1 and type(None) in typing.get_args(tp):
            inner = _auto_codec(args[0], faces)
            return None if inner is None else optional_codec(inner)
    return None


@attrs.frozen
class Family:
    """The moves of one class, numbered ``offset .. offset+size-1`` in the space."""

    move: type[Move]
    size: int
    encode: Encode = attrs.field(repr=False)
    text: str = ""
    remember: bool = True


def family(move: type[Move], faces: Sequence[Card], codecs: Mapping[str, Codec]) -> Family:
    """The family of ``move``: a mixed radix over its fields, first field most significant.

    ``codecs`` gives a codec per field name (needed for ``int`` and card tuples),
    or one under ``""`` for the whole move.

    Raises:
        NotImplementedError: a field has no codec (the game must name one).
    """
    whole = codecs.get("")
    if whole is not None:
        return Family(move, whole.size, whole.encode, whole.text, whole.remember)
    hints = _hints(move)
    names: list[str] = []
    parts: list[Codec] = []
    for field in _init_fields(move):
        codec = codecs.get(field.name) or _auto_codec(hints[field.name], faces)
        if codec is None:
            raise NotImplementedError(
                f"move {move.NAME!r}: field {field.name!r} ({hints[field.name]}) needs a codec "
                "in the game's _action_fields"
            )
        names.append(field.name)
        parts.append(codec)
    size = math.prod(c.size for c in parts)
    text = " x ".join(f"{n}: {c.text}" for n, c in zip(names, parts, strict=True)) or "(1)"
    if not parts:
        return Family(move, 1, lambda m: 0, text)
    steps = [(n, c.encode, c.size) for n, c in zip(names, parts, strict=True)]

    def encode(value: Any) -> int:
        number = 0
        for name, enc, radix in steps:
            number = number * radix + enc(getattr(value, name))
        return number

    return Family(move, size, encode, text)


@attrs.frozen
class ActionSpace:
    """A game's moves, numbered ``0 .. size-1``: families one after another.

    Examples:
        >>> from cardrules import games
        >>> space = games.create("empat_satu").action_space
        >>> space.size, [f.move.NAME for f in space.families]
        (56, ['stop', 'draw', 'discard', 'refuse'])
    """

    families: tuple[Family, ...]
    offsets: dict[type[Move], tuple[int, Encode]] = attrs.field(init=False, eq=False, repr=False)
    size: int = attrs.field(init=False)
    known: dict[Move, int] = attrs.field(init=False, eq=False, repr=False, factory=dict)
    forget: frozenset[type[Move]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        offsets: dict[type[Move], tuple[int, Encode]] = {}
        start = 0
        for fam in self.families:
            offsets[fam.move] = (start, fam.encode)
            start += fam.size
        object.__setattr__(self, "offsets", offsets)
        object.__setattr__(self, "size", start)
        forget = frozenset(fam.move for fam in self.families if not fam.remember)
        object.__setattr__(self, "forget", forget)

    def index(self, move: object) -> int:
        """The number of ``move``.

        Raises:
            InvalidMoveError: not a move of this game, or a field outside the space.
        """
        try:
            return self.known[move]  # type: ignore[index]
        except (KeyError, TypeError):  # not seen yet, or unhashable junk
            pass
        entry = self.offsets.get(type(move))  # type: ignore[arg-type]
        if entry is None:
            raise InvalidMoveError(f"{move!r:.60} is not a move of this game's action space")
        number = entry[0] + entry[1](move)
        if len(self.known) < _KNOWN_MOST and type(move) not in self.forget:
            self.known[move] = number  # type: ignore[index]
        return number

    def describe(self) -> tuple[str, ...]:
        """One line per family: its index range, keyword and fields (for the docs).

        Examples:
            >>> from cardrules import games
            >>> games.create("empat_satu").action_space.describe()[1]
            '1..2 draw: source: Source (2)'
        """
        lines = []
        start = 0
        for fam in self.families:
            lines.append(f"{start}..{start + fam.size - 1} {fam.move.NAME}: {fam.text}")
            start += fam.size
        return tuple(lines)
