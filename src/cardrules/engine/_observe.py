"""Observations: a seat's view as a fixed-length tuple of floats, with its layout.

The encoder is built once per game (and options) from the fields of its view
class, in field order, by their types:

* a card, or ``None``: one-hot over the deck's faces (zeros for ``None``);
* a tuple of cards (a hand, a pile): card counts over the faces;
* a tuple of per-seat card tuples (``known``, ``played``): one count plane a seat;
  any other tuple of card tuples, or of records holding cards (melds on the
  table): one plane of all their cards' counts, then how many there are;
* a seat (``turn``, ``dealer``, ``leader``... see ``SEAT_FIELDS``): one-hot
  over the seats (zeros for ``None``);
* an enum: one-hot; a bool: 0 or 1; a whole number: its value; ``X | None``:
  a present flag, then ``X``;
* a per-seat tuple of numbers or bools (scores, tokens, ``alive``): one value a
  seat; a tuple of seats of changing length (``challengers``): a 0/1 per seat;
* a record (a contract): its fields, encoded the same way;
* ``seat`` (the observer's own place) is one-hot like any seat; ``options``,
  ``history`` and ``last_deal`` are not encoded (the options are fixed for a
  game, and the rest of the view holds what the past left).

Examples:
    >>> from cardrules import games
    >>> game = games.create("thirty_one", players=2)
    >>> state = game.new_game(seed=1)
    >>> len(state.observation(0)) == game.observation_size
    True
    >>> [(name, size) for name, _, size in game.observation_layout()][:3]
    [('seat', 2), ('deal', 1), ('dealer', 2)]
"""

from __future__ import annotations

import array
import enum
import types
import typing
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any

import attrs

from cardrules.cards import Card

#: View fields that name a seat: encoded one-hot over the seats.
SEAT_FIELDS = frozenset(
    {
        "seat",
        "turn",
        "dealer",
        "leader",
        "starter",
        "knocker",
        "caller",
        "stopper",
        "claim",
        "crib_from",
    }
)
#: View fields left out of the observation.
SKIPPED_FIELDS = frozenset({"options", "history", "last_deal"})

Write = Callable[[MutableSequence[float], int, Any], None]
# observation size -> an all-zero float32 array, copied for each encoding
_BLANKS: dict[int, array.array[float]] = {}


@attrs.frozen
class Part:
    """One block of the observation: the view field it encodes, where, how long, how."""

    name: str
    offset: int
    size: int
    text: str
    write: Write = attrs.field(repr=False, eq=False)
    getter: Callable[[Any], Any] = attrs.field(repr=False, eq=False)


def _union_inner(tp: Any) -> Any | None:
    if isinstance(tp, types.UnionType) or typing.get_origin(tp) is typing.Union:
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return None


def _cards_in(value: Any, out: list[Card]) -> None:
    if isinstance(value, Card):
        out.append(value)
    elif isinstance(value, tuple):
        for item in value:
            _cards_in(item, out)
    elif attrs.has(type(value)):
        if hasattr(value, "cards"):
            _cards_in(value.cards, out)
        else:
            for field in attrs.fields(type(value)):
                _cards_in(getattr(value, field.name), out)


class _Builder:
    def __init__(self, faces: Sequence[Card], players: int) -> None:
        self.index = {card: i for i, card in enumerate(faces)}
        self.nfaces = len(self.index)
        self.players = players

    # each returns (size, text, write(buf, offset, value))
    def kind(self, name: str, tp: Any, sample: Any) -> tuple[int, str, Write]:
        index, nf, players = self.index, self.nfaces, self.players
        inner = _union_inner(tp)
        if name in SEAT_FIELDS and (tp is int or inner is int):

            def seat(buf: MutableSequence[float], at: int, value: Any) -> None:
                if value is not None and 0 <= value < players:
                    buf[at + value] = 1.0

            return players, "seat one-hot", seat
        if tp is Card or inner is Card:

            def card(buf: MutableSequence[float], at: int, value: Any) -> None:
                if value is not None:
                    buf[at + index[value]] = 1.0

            return nf, "card one-hot", card
        if inner is not None:
            size, text, write = self.kind(name, inner, sample)

            def optional(buf: MutableSequence[float], at: int, value: Any) -> None:
                if value is not None:
                    buf[at] = 1.0
                    write(buf, at + 1, value)

            return size + 1, f"present, then {text}", optional
        if tp is bool or tp is int or tp is float:

            def number(buf: MutableSequence[float], at: int, value: Any) -> None:
                buf[at] = float(value)

            return 1, "number", number
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            members = {m: i for i, m in enumerate(tp)}

            def onehot(buf: MutableSequence[float], at: int, value: Any) -> None:
                buf[at + members[value]] = 1.0

            return len(members), f"{tp.__name__} one-hot", onehot
        origin = typing.get_origin(tp)
        if origin is tuple:
            return self.tuple_kind(name, typing.get_args(tp), sample)
        if isinstance(tp, type) and attrs.has(tp):
            return self.record(tp, sample)
        raise NotImplementedError(f"view field {name!r}: cannot encode a {tp!r}")

    def tuple_kind(self, name: str, args: tuple[Any, ...], sample: Any) -> tuple[int, str, Write]:
        index, nf, players = self.index, self.nfaces, self.players
        variadic = len(args) == 2 and args[1] is Ellipsis
        item = args[0] if args else Any
        if item is Card and variadic:

            def counts(buf: MutableSequence[float], at: int, value: Any) -> None:
                for c in value:
                    buf[at + index[c]] += 1.0

            return nf, "card counts", counts
        per_seat = not variadic or (isinstance(sample, tuple) and len(sample) == players)
        length = len(args) if not variadic else players
        if typing.get_origin(item) is tuple and typing.get_args(item)[:1] == (Card,) and per_seat:

            def planes(buf: MutableSequence[float], at: int, value: Any) -> None:
                for k, cards in enumerate(value):
                    base = at + k * nf
                    for c in cards:
                        buf[base + index[c]] += 1.0

            return length * nf, f"card counts per seat ({length} planes)", planes
        if item in (int, bool, float) and per_seat:

            def numbers(buf: MutableSequence[float], at: int, value: Any) -> None:
                for k, v in enumerate(value):
                    buf[at + k] = float(v)

            return length, "number per seat", numbers
        if item is int and variadic:

            def members(buf: MutableSequence[float], at: int, value: Any) -> None:
                for v in value:
                    if 0 <= v < players:
                        buf[at + v] = 1.0

            return players, "seats listed (0/1 per seat)", members
        if variadic:

            def pooled(buf: MutableSequence[float], at: int, value: Any) -> None:
                found: list[Card] = []
                _cards_in(value, found)
                for c in found:
                    buf[at + index[c]] += 1.0
                buf[at + nf] = float(len(value))

            return nf + 1, "card counts of all, then how many", pooled
        raise NotImplementedError(f"view field {name!r}: cannot encode a tuple of {args!r}")

    def record(self, tp: type, sample: Any) -> tuple[int, str, Write]:
        hints = typing.get_type_hints(tp)
        parts: list[tuple[str, int, Write]] = []
        size = 0
        for field in attrs.fields(tp):
            if field.name in SKIPPED_FIELDS:
                continue
            sub = getattr(sample, field.name, None) if sample is not None else None
            n, _, write = self.kind(field.name, hints[field.name], sub)
            parts.append((field.name, size, write))
            size += n

        def rec(buf: MutableSequence[float], at: int, value: Any) -> None:
            for fname, off, write in parts:
                write(buf, at + off, getattr(value, fname))

        return size, f"{tp.__name__} fields", rec


@attrs.frozen
class Encoder:
    """The observation encoder of one game under fixed options."""

    parts: tuple[Part, ...]
    size: int

    def encode(self, view: Any) -> tuple[float, ...]:
        """The observation of ``view``, a tuple of ``size`` floats."""
        buf = [0.0] * self.size
        for part in self.parts:
            part.write(buf, part.offset, part.getter(view))
        return tuple(buf)

    def encode_array(self, view: Any) -> array.array[float]:
        """The observation of ``view`` as a float32 ``array.array`` (for the
        adapters: ``numpy.frombuffer`` reads it without a copy)."""
        blank = _BLANKS.get(self.size)
        if blank is None:
            blank = _BLANKS[self.size] = array.array("f", bytes(4 * self.size))
        buf = blank[:]
        for part in self.parts:
            part.write(buf, part.offset, part.getter(view))
        return buf

    def layout(self) -> tuple[tuple[str, int, int], ...]:
        """``(field, offset, size)`` of each block, in order."""
        return tuple((p.name, p.offset, p.size) for p in self.parts)

    def describe(self) -> tuple[str, ...]:
        """One line per block, for the docs."""
        return tuple(f"{p.offset}..{p.offset + p.size - 1} {p.name}: {p.text}" for p in self.parts)


def build_encoder(view: Any, faces: Sequence[Card], players: int) -> Encoder:
    """The encoder of views of ``type(view)`` (``view``, a sample, fixes tuple lengths).

    Raises:
        NotImplementedError: a view field of a type the encoder does not know.
    """
    cls = type(view)
    hints = typing.get_type_hints(cls)
    builder = _Builder(faces, players)
    parts: list[Part] = []
    offset = 0
    for field in attrs.fields(cls):
        name = field.name
        if name in SKIPPED_FIELDS:
            continue
        size, text, write = builder.kind(name, hints[name], getattr(view, name))
        getter = _getter(name)
        parts.append(Part(name, offset, size, text, write, getter))
        offset += size
    return Encoder(tuple(parts), offset)


def _getter(name: str) -> Callable[[Any], Any]:
    def get(view: Any) -> Any:
        return getattr(view, name)

    return get
