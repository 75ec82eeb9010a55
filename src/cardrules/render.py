"""Plain-text pictures of a seat's view, for people: the parts every game shares.

Each game module has a ``render(view) -> str`` function that draws what one
seat may see (``state.view(seat)``) as plain text. The parts most games have
(a title line, a table of the seats with their scores, whose turn it is, piles,
the seat's own hand) are drawn by the helpers here, so that a game's ``render``
only picks its fields and names them.

Cards are written in the library's notation (``Th``) by default, or with suit
symbols (``10♥``) inside [`use_symbols`][cardrules.render.use_symbols];
[`symbols_supported`][cardrules.render.symbols_supported] says
whether a stream's encoding can show the symbols. Colour is no business of this
module: the terminal loop ([`cardrules.interactive`][cardrules.interactive]) adds it on top of the
plain text when it writes to a terminal.

The contract a game's ``render`` keeps (the terminal loop relies on it): it is
a module-level function of the game's module (or of the package holding the
game's class), it takes the view of one seat and nothing else, it returns text
without a trailing newline, it shows only what is in the view, and it draws
cards with [`card_text`][cardrules.render.card_text] / [`cards_text`][cardrules.render.cards_text]
so that the symbol setting
applies. A game without one is drawn by [`generic`][cardrules.render.generic].

Examples:
    >>> from cardrules import parse_cards
    >>> cards_text(parse_cards("Qs 7h 2c 7s"), sort=True)
    '2c 7h 7s Qs'
    >>> with use_symbols(True):
    ...     cards_text(parse_cards("Th Jk"))
    '10♥ Jk'
    >>> print("\\n".join(seat_table(0, 1, {"cards": (3, 3), "tokens": (2, 3)})))
       seat    cards  tokens
       you (0) 3      2
     > seat 1  3      3
"""

from __future__ import annotations

import contextlib
import enum
import importlib
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import Any

import attrs

from cardrules.cards import Card
from cardrules.engine import Game

__all__ = [
    "card_text",
    "cards_text",
    "count_text",
    "find_render",
    "frame",
    "generic",
    "hand_line",
    "pile_line",
    "seat_name",
    "seat_notes",
    "seat_table",
    "sort_cards",
    "symbols_supported",
    "turn_line",
    "use_symbols",
]

_SYMBOLS: ContextVar[bool] = ContextVar("cardrules_render_symbols", default=False)
_SUIT_SYMBOLS = "♣♦♥♠"


@contextlib.contextmanager
def use_symbols(symbols: bool = True) -> Iterator[None]:
    """Draw cards with suit symbols (``10♥``) inside the ``with`` block, or with
    letters (``Th``, the default) when ``symbols`` is false.

    Examples:
        >>> from cardrules import parse_card
        >>> with use_symbols():
        ...     card_text(parse_card("Ah"))
        'A♥'
        >>> card_text(parse_card("Ah"))
        'Ah'
    """
    token = _SYMBOLS.set(bool(symbols))
    try:
        yield
    finally:
        _SYMBOLS.reset(token)


def symbols_supported(stream: object) -> bool:
    """Whether text written to ``stream`` can hold the four suit symbols: its
    ``encoding`` encodes them (a stream without an encoding gets letters).

    Examples:
        >>> import io
        >>> symbols_supported(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
        True
        >>> symbols_supported(io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
        False
    """
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str) or not encoding:
        return False
    try:
        _SUIT_SYMBOLS.encode(encoding)
    except (LookupError, UnicodeError):
        return False
    return True


def card_text(card: Card) -> str:
    """One card for people: notation (``Th``), or ``10♥`` inside
    [`use_symbols`][cardrules.render.use_symbols].

    Jokers keep their notation (``Jk``), which every terminal can show.

    Examples:
        >>> from cardrules import parse_card
        >>> card_text(parse_card("10c")), card_text(parse_card("Jk"))
        ('Tc', 'Jk')
    """
    if card.suit is None or not _SYMBOLS.get():
        return str(card)
    return card.pretty


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the order a hand is shown: by suit (clubs, diamonds, hearts,
    spades), then by rank, jokers last.

    Examples:
        >>> from cardrules import parse_cards
        >>> [str(c) for c in sort_cards(parse_cards("Jk As 2s Kh 3c"))]
        ['3c', 'Kh', '2s', 'As', 'Jk']
    """
    return tuple(sorted(cards, key=lambda c: (c.suit is None, c.suit or 0, c.rank)))


def cards_text(cards: Iterable[Card], *, sort: bool = False, empty: str = "-") -> str:
    """Cards separated by spaces (sorted as a hand with ``sort``); ``empty`` for none.

    Examples:
        >>> from cardrules import parse_cards
        >>> cards_text(parse_cards("Kd 2d")), cards_text(())
        ('Kd 2d', '-')
    """
    shown = sort_cards(cards) if sort else tuple(cards)
    return " ".join(card_text(c) for c in shown) if shown else empty


def count_text(count: int, noun: str = "card") -> str:
    """``'1 card'``, ``'5 cards'``.

    Examples:
        >>> count_text(1), count_text(0, "token")
        ('1 card', '0 tokens')
    """
    return f"{count} {noun}{'' if count == 1 else 's'}"


def seat_name(seat: int | None, me: int) -> str:
    """``'you'`` for the viewing seat, ``'seat 2'`` for another, ``'-'`` for none.

    Examples:
        >>> seat_name(0, 0), seat_name(2, 0), seat_name(None, 0)
        ('you', 'seat 2', '-')
    """
    if seat is None:
        return "-"
    return "you" if seat == me else f"seat {seat}"


def turn_line(turn: int | None, me: int, doing: str = "") -> str:
    """Whose turn it is, and what the mover must do (``doing``, e.g. ``'discard'``).

    Examples:
        >>> turn_line(0, 0, "draw"), turn_line(3, 0), turn_line(None, 0)
        ('your turn: draw', 'turn: seat 3', 'the game is over')
    """
    if turn is None:
        return "the game is over"
    head = "your turn" if turn == me else f"turn: seat {turn}"
    return f"{head}: {doing}" if doing else head


def pile_line(name: str, cards: Sequence[Card], *, top_only: bool = False) -> str:
    """A face-up pile: all its cards (the last is the top), or only the top one
    and the count with ``top_only``.

    Examples:
        >>> from cardrules import parse_cards
        >>> pile_line("discard", parse_cards("2c 9h"))
        'discard: 2c 9h (top 9h)'
        >>> pile_line("discard", parse_cards("2c 9h"), top_only=True)
        'discard: 9h on top, 2 cards'
        >>> pile_line("discard", ())
        'discard: empty'
    """
    if not cards:
        return f"{name}: empty"
    top = card_text(cards[-1])
    if top_only:
        return f"{name}: {top} on top, {count_text(len(cards))}"
    if len(cards) == 1:
        return f"{name}: {top}"
    return f"{name}: {cards_text(cards)} (top {top})"


def hand_line(cards: Sequence[Card], label: str = "your hand") -> str:
    """The seat's own hand, sorted, with its size.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_line(parse_cards("Kh 2h 9c"))
        'your hand: 9c 2h Kh (3 cards)'
    """
    return f"{label}: {cards_text(cards, sort=True, empty='no cards')} ({count_text(len(cards))})"


def seat_table(
    me: int,
    turn: int | None,
    columns: Mapping[str, Sequence[object]],
    notes: Sequence[str] | None = None,
) -> list[str]:
    """One line per seat: the viewer marked ``you``, the seat to move marked
    ``>``, then each column's entry for that seat and a free note (``knocked``).

    Examples:
        >>> print("\\n".join(seat_table(1, 0, {"wins": (2, 0)}, notes=("dealer", ""))))
           seat    wins
         > seat 0  2    dealer
           you (1) 0
    """
    count = max((len(v) for v in columns.values()), default=0)
    if notes is not None:
        count = max(count, len(notes))
    names = [f"you ({i})" if i == me else f"seat {i}" for i in range(count)]
    heads = ["seat", *columns]
    rows = [
        [names[i], *(_cell(col[i]) if i < len(col) else "" for col in columns.values())]
        for i in range(count)
    ]
    widths = [max(len(r[k]) for r in [heads, *rows]) for k in range(len(heads))]
    lines = ["   " + " ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip()]
    for i, row in enumerate(rows):
        mark = " > " if i == turn else "   "
        text = " ".join(c.ljust(w) for c, w in zip(row, widths, strict=True))
        note = notes[i] if notes is not None and i < len(notes) else ""
        lines.append((mark + text + (" " + note if note else "")).rstrip())
    return lines


def seat_notes(
    count: int,
    marks: Mapping[str, int | Iterable[int] | None],
    known: Sequence[Sequence[Card]] | None = None,
) -> tuple[str, ...]:
    """The free note of each seat for [`seat_table`][cardrules.render.seat_table]: the labels of
    ``marks``
    whose seat (or seats) it is, then the cards it is known to hold.

    Examples:
        >>> from cardrules import parse_cards
        >>> seat_notes(3, {"dealer": 0, "knocked": None, "out": (1, 2)},
        ...            known=((), parse_cards("Qs"), ()))
        ('dealer', 'out, holds Qs', 'out')
    """
    sets = {
        label: (seats,) if isinstance(seats, int) else tuple(seats)
        for label, seats in marks.items()
        if seats is not None
    }
    notes = []
    for seat in range(count):
        bits = [label for label, seats in sets.items() if seat in seats]
        if known is not None and seat < len(known) and known[seat]:
            bits.append(f"holds {cards_text(known[seat])}")
        notes.append(", ".join(bits))
    return tuple(notes)


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
        return cards_text(value)
    return str(value)


def frame(title: str, *sections: Iterable[str] | str | None) -> str:
    """The whole picture: the title, then each section's lines (a string is one
    line; ``None`` and empty sections are left out).

    Examples:
        >>> print(frame("Game", ["a", "b"], None, "c"))
        == Game ==
        a
        b
        c
    """
    lines = [f"== {title} =="]
    for section in sections:
        if section is None:
            continue
        if isinstance(section, str):
            lines.append(section)
        else:
            lines.extend(section)
    return "\n".join(lines)


_SKIPPED = frozenset({"options", "history", "seat"})


def _value_text(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, tuple):
        if all(isinstance(v, Card) for v in value):
            return cards_text(value)
        return "[" + ", ".join(_value_text(v) for v in value) + "]"
    if attrs.has(type(value)):
        describe = getattr(value, "describe", None)
        if callable(describe):
            return "\n" + "\n".join(str(line) for line in describe())
        return str(value)[:200]
    return str(value)


def generic(view: object) -> str:
    """Any view as ``field: value`` lines (cards shown as cards): the picture of
    a game whose module has no ``render`` of its own.

    Examples:
        >>> from cardrules import games
        >>> view = games.create("thirty_one", players=2).new_game(seed=1).view(0)
        >>> print(generic(view))
        == view of seat 0 ==
        deal: 0
        ...
        hand: ...
        stock_size: 45
        ...
    """
    seat = getattr(view, "seat", "?")
    if not attrs.has(type(view)):
        return frame(f"view of seat {seat}", [str(view)])
    lines = []
    for field in attrs.fields(type(view)):  # type: ignore[arg-type]  # has() checked it
        if field.name in _SKIPPED:
            continue
        lines.append(f"{field.name}: {_value_text(getattr(view, field.name))}")
    return frame(f"view of seat {seat}", lines)


def find_render(game: Game[Any, Any]) -> Callable[[Any], str]:
    """The ``render`` function that draws ``game``'s views: the one in the
    module of the game's class, of a package above it, or of the module of a
    class it derives from; [`cardrules.render.generic`][cardrules.render.generic] if none has one.

    Examples:
        >>> from cardrules import games
        >>> find_render(games.create("turkish51")).__module__
        'cardrules.games.turkish51.picture'
        >>> find_render(games.create("thirty_one")).__module__
        'cardrules.games.thirty_one'
    """
    for name in _module_names(type(game)):
        module = sys.modules.get(name)
        if module is None:
            try:
                module = importlib.import_module(name)
            except ImportError:
                continue
        found = getattr(module, "render", None)
        if callable(found) and not isinstance(found, type(sys)):
            return found  # type: ignore[no-any-return]
    return generic


def _module_names(cls: type) -> list[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        if klass is Game or klass is object:
            break
        parts = klass.__module__.split(".")
        for end in range(len(parts), 0, -1):
            name = ".".join(parts[:end])
            if name in ("cardrules", "cardrules.games"):
                break
            if name not in names:
                names.append(name)
    return names
