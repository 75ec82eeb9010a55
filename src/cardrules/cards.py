"""Suits, ranks, cards and jokers, and their short notation.

A card prints in the two-character form that treys and eval7 also read:
rank letter (``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``) then suit letter
(``c``, ``d``, ``h``, ``s``). Jokers print as ``Jk`` (a plain joker), ``Jb``
(the big joker) and ``Jl`` (the little joker).

The parser is lenient about what people type: ``Ah``, ``AH``, ``ah``, ``Th``,
``10h``, ``10H``, ``A♥``, ``7♣`` and the joker tokens ``Jk``, ``JK``, ``joker``,
``*``, ``🃏``, ``Jb``/``BJ`` and ``Jl``/``LJ``, in any letter case.

Examples:
    >>> from cardrules import parse_card, parse_cards
    >>> parse_card("10♥")
    <Card Th>
    >>> [str(c) for c in parse_cards("7H, 7s 7d Jk")]
    ['7h', '7s', '7d', 'Jk']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import NamedTuple

from cardrules.errors import InvalidCardError

__all__ = [
    "BIG_JOKER",
    "JOKER",
    "LITTLE_JOKER",
    "Card",
    "Rank",
    "Suit",
    "card_list",
    "format_cards",
    "parse_card",
    "parse_cards",
]


class Suit(enum.IntEnum):
    """The four suits, in bridge order (clubs lowest) for sorting only.

    Examples:
        >>> Suit.HEARTS.letter, Suit.HEARTS.symbol
        ('h', '♥')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter lower-case name: ``c``, ``d``, ``h`` or ``s``."""
        return "cdhs"[self.value]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self.value]

    @property
    def is_red(self) -> bool:
        """Whether the suit is red (diamonds and hearts).

        Examples:
            >>> Suit.DIAMONDS.is_red, Suit.SPADES.is_red
            (True, False)
        """
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(enum.IntEnum):
    """Card ranks; the value of a natural rank is its pip count, ace high (14).

    The three joker kinds are ranks too, so that every card has a rank; a game
    decides what a joker is worth. ``Rank.JOKER`` is the plain joker of rummy
    and canasta packs; ``LITTLE_JOKER`` and ``BIG_JOKER`` are the two
    distinguishable jokers of games such as Quadruple War.

    Examples:
        >>> Rank.TEN.letter, Rank.ACE > Rank.KING, Rank.JOKER.is_joker
        ('T', True, True)
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15
    LITTLE_JOKER = 16
    BIG_JOKER = 17

    @property
    def letter(self) -> str:
        """The rank's character in card notation (``T`` for ten)."""
        return _RANK_LETTERS[self]

    @property
    def is_joker(self) -> bool:
        """Whether this rank is one of the joker kinds."""
        return self >= Rank.JOKER


_RANK_LETTERS = {r: r.name for r in Rank}
_RANK_LETTERS.update({Rank(v): str(v) for v in range(2, 10)})
_RANK_LETTERS.update(
    {
        Rank.TEN: "T",
        Rank.JACK: "J",
        Rank.QUEEN: "Q",
        Rank.KING: "K",
        Rank.ACE: "A",
        Rank.JOKER: "Jk",
        Rank.LITTLE_JOKER: "Jl",
        Rank.BIG_JOKER: "Jb",
    }
)

NATURAL_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if not r.is_joker)


class _CardFields(NamedTuple):
    rank: Rank
    suit: Suit | None


class Card(_CardFields):
    """One playing card: a rank and a suit, or a joker (rank a joker kind, no suit).

    Cards compare by rank first, then suit, so ``sorted`` puts them in rank
    order. Two cards from different packs with the same rank and suit are equal:
    games that mix packs count cards as a multiset.

    Design note: every other value of cardrules is an attrs frozen class. A
    card is the one exception: it is an immutable two-field tuple, because
    cards are compared, hashed and looked up on every move of every game, and
    tuple equality and hashing run in C, two to three times faster than
    generated Python methods. It keeps the value semantics of an attrs class
    (equal by rank and suit, immutable, validated on construction); as a
    tuple it also equals ``(rank, suit)``.

    Examples:
        >>> from cardrules import Card, Rank, Suit
        >>> card = Card(Rank.TEN, Suit.HEARTS)
        >>> str(card), card.is_joker
        ('Th', False)
        >>> Card(Rank.BIG_JOKER, None)
        <Card Jb>
    """

    __slots__ = ()

    def __new__(cls, rank: Rank, suit: Suit | None = None) -> Card:
        if not isinstance(rank, Rank):
            raise InvalidCardError(f"card rank must be a Rank, got {rank!r}")
        if rank >= Rank.JOKER:
            if suit is not None:
                raise InvalidCardError(f"a joker has no suit, got {suit!r}")
        elif not isinstance(suit, Suit):
            raise InvalidCardError(f"card suit must be a Suit, got {suit!r}")
        return super().__new__(cls, rank, suit)

    @property
    def is_joker(self) -> bool:
        """Whether the card is a joker of any kind."""
        return self.rank >= Rank.JOKER

    @property
    def code(self) -> int:
        """A dense number for the card: 0-51 for naturals, 52-54 for jokers.

        Examples:
            >>> parse_card("2c").code, parse_card("As").code, parse_card("Jk").code
            (0, 51, 52)
        """
        if self.suit is None:
            return 52 + self.rank - Rank.JOKER
        return self.suit * 13 + self.rank - 2

    def __str__(self) -> str:
        if self.suit is None:
            return _RANK_LETTERS[self.rank]
        return _RANK_LETTERS[self.rank] + "cdhs"[self.suit]

    def __repr__(self) -> str:
        return f"<Card {self}>"

    @property
    def pretty(self) -> str:
        """The card with a suit symbol, for people: ``10♥``, ``A♠``, ``Joker``.

        Examples:
            >>> parse_card("Th").pretty
            '10♥'
        """
        if self.suit is None:
            return {Rank.JOKER: "Joker", Rank.LITTLE_JOKER: "Little Joker"}.get(
                self.rank, "Big Joker"
            )
        rank = "10" if self.rank == Rank.TEN else _RANK_LETTERS[self.rank]
        return rank + self.suit.symbol


JOKER = Card(Rank.JOKER)
"""The plain joker (``Jk``)."""
LITTLE_JOKER = Card(Rank.LITTLE_JOKER)
"""The little (one-colour) joker (``Jl``)."""
BIG_JOKER = Card(Rank.BIG_JOKER)
"""The big (full-colour) joker (``Jb``)."""

_SUIT_CHARS = {
    "c": Suit.CLUBS,
    "d": Suit.DIAMONDS,
    "h": Suit.HEARTS,
    "s": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_RANK_TOKENS = {
    "a": Rank.ACE,
    "k": Rank.KING,
    "q": Rank.QUEEN,
    "j": Rank.JACK,
    "t": Rank.TEN,
    "10": Rank.TEN,
    **{str(v): Rank(v) for v in range(2, 10)},
}
_JOKER_TOKENS = {
    "jk": JOKER,
    "jo": JOKER,
    "joker": JOKER,
    "*": JOKER,
    "🃏": JOKER,
    "jb": BIG_JOKER,
    "bj": BIG_JOKER,
    "bigjoker": BIG_JOKER,
    "big-joker": BIG_JOKER,
    "jl": LITTLE_JOKER,
    "lj": LITTLE_JOKER,
    "littlejoker": LITTLE_JOKER,
    "little-joker": LITTLE_JOKER,
}
_INTERNED: dict[str, Card] = {}
for _suit in Suit:
    for _rank in NATURAL_RANKS:
        _card = Card(_rank, _suit)
        _INTERNED[str(_card)] = _card


def _read(token: str, position: int) -> Card:
    cached = _INTERNED.get(token)
    if cached is not None:
        return cached
    # Emoji presentation selectors ride along with suit symbols pasted from chats.
    shown = token.replace("\ufe0f", "").replace("\ufe0e", "").strip()
    low = shown.lower()
    if low in _JOKER_TOKENS:
        return _JOKER_TOKENS[low]
    where = f"cannot read card {token!r} at position {position}"
    if len(low) < 2:
        raise InvalidCardError(f"{where}: a card is a rank then a suit, like 'Ah' or '10♥'")
    rank_text, suit_text = low[:-1], low[-1]
    rank = _RANK_TOKENS.get(rank_text)
    suit = _SUIT_CHARS.get(suit_text)
    if rank is None:
        if any(low[:k] in _RANK_TOKENS and low[k : k + 1] in _SUIT_CHARS for k in (1, 2)):
            hint = "; extra characters after a card? separate cards with spaces or commas"
        elif suit is None and low in _RANK_TOKENS:
            hint = "; the suit is missing (c, d, h or s)"
        else:
            hint = ""
        raise InvalidCardError(f"{where}: unknown rank {shown[:-1]!r}{hint}")
    if suit is None:
        raise InvalidCardError(f"{where}: unknown suit {shown[-1]!r}; suits are c, d, h, s")
    return _INTERNED[rank.letter + suit.letter]


def parse_card(text: str) -> Card:
    """Read one card from text.

    Args:
        text: a card such as ``"Ah"``, ``"10H"``, ``"t♥"`` or ``"Jk"``.

    Returns:
        The card.

    Raises:
        InvalidCardError: the text is not one card.

    Examples:
        >>> parse_card("ah") == parse_card("A♥")
        True
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"a card is read from text, got {type(text).__name__}")
    return _read(text, 0)


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards separated by spaces and/or commas.

    Args:
        text: e.g. ``"7H 7S 7D"`` or ``"7h,7s,7d"``; an iterable of card
            strings or cards is accepted too.

    Returns:
        The cards, in the order given.

    Raises:
        InvalidCardError: a token is no card; the message names the token and
            its position (0 for the first token).

    Examples:
        >>> format_cards(parse_cards("Ah, 10h  Jk"))
        'Ah Th Jk'
    """
    if isinstance(text, str):
        tokens: list[str | Card] = list(text.replace(",", " ").split())
    else:
        try:
            tokens = list(text)
        except TypeError:
            raise InvalidCardError(
                f"cards are read from text or an iterable, got {type(text).__name__}"
            ) from None
    out = []
    for position, token in enumerate(tokens):
        if isinstance(token, Card):
            out.append(token)
        elif isinstance(token, str):
            out.append(_read(token, position))
        else:
            raise InvalidCardError(f"cannot read card {token!r} at position {position}: not text")
    return tuple(out)


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """Print cards in canonical notation, joined by ``sep``.

    Examples:
        >>> format_cards(parse_cards("10h as"))
        'Th As'

    Raises:
        InvalidCardError: ``cards`` is not an iterable of cards.
    """
    if not isinstance(sep, str):
        raise InvalidCardError(f"the separator must be text, got {type(sep).__name__}")
    return sep.join(map(str, card_list(cards, "format_cards")))


def card_list(cards: object, what: str) -> list[Card]:
    """``cards`` as a list, checked to be cards: the argument check of the
    functions that take cards (``what`` names the function in the error).

    Raises:
        InvalidCardError: ``cards`` is text, not iterable, or holds a non-card.

    Examples:
        >>> card_list(parse_cards("Ah Kd"), "shuffled")
        [<Card Ah>, <Card Kd>]
        >>> card_list("Ah Kd", "shuffled")
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: shuffled takes cards, not text; use parse_cards first
    """
    if isinstance(cards, (str, bytes)):
        raise InvalidCardError(f"{what} takes cards, not text; use parse_cards first")
    try:
        out: list[Card] = list(cards)  # type: ignore[call-overload]
    except TypeError:
        raise InvalidCardError(
            f"{what} takes an iterable of cards, got {type(cards).__name__}"
        ) from None
    for position, card in enumerate(out):
        if not isinstance(card, Card):
            raise InvalidCardError(f"{what}: item {position} is not a card: {card!r:.40}")
    return out
