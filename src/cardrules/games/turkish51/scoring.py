"""Turkish 51 without the engine: meld checks, hand points and a finished deal's penalties.

These are for programs that keep score at a real table. Clauses are those of
``seeds/turkish51.md``.

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games import turkish51
    >>> turkish51.hand_penalty(parse_cards("Ah Kd 7c Jk"))
    78
    >>> turkish51.card_penalty(parse_cards("Jk")[0])
    50
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence

from cardrules.cards import Card
from cardrules.decks import double
from cardrules.errors import CardRulesError, InvalidCardError, OptionError
from cardrules.games._rummy import read_cards, read_meld, read_melds
from cardrules.melds import DEFAULT_RULES, Meld, MeldKind, MeldRules
from cardrules.melds import card_points as _card_points
from cardrules.melds import meld_value as _meld_value

__all__ = [
    "DECK",
    "MAX_PENALTY",
    "NEVER_DOWN",
    "RULES",
    "card_penalty",
    "check_meld",
    "deal_penalties",
    "hand_penalty",
    "meld_value",
]

RULES: MeldRules = DEFAULT_RULES
"""The meld rules of Turkish 51 (T51-2): sets of 3-4, runs ace low or high, jokers."""
DECK = double()
"""The 106-card pack (T51-1.1)."""
NEVER_DOWN = 100
"""The charge of a player who never laid down (T51-8.3)."""
MAX_PENALTY = 800
"""The largest charge in one deal (T51-8.5)."""
_PACK = DECK.counts()


_CLAUSES = {
    "set": "T51-2.1",
    "run": "T51-2.2",
    "double": "T51-2.3",
    "joker": "T51-2.4",
    "meld": "T51-2.1, T51-2.2",
}


def _cards(cards: object, what: str) -> tuple[Card, ...]:
    if isinstance(cards, Card):  # a Card is a tuple: it would iterate as rank and suit
        noun = "a meld" if what == "a meld" else "a hand"
        where = "" if what == noun else f"{what}: "
        raise InvalidCardError(
            f"{where}expected {noun} (a sequence of cards), got the card {cards}"
        )
    return read_cards(cards, what, _PACK, "Turkish 51")


def check_meld(cards: Iterable[Card], *, kind: MeldKind | None = None) -> Meld:
    """Check cards as a Turkish 51 meld (T51-2): set, run or double.

    Two cards are checked as a double; otherwise as a set or run. A run's natural cards may
    come in any order (laid order first: ``5h 6h Jk`` is 5-6-7, ``Jk 5h 6h`` is 4-5-6; out of
    order, a joker fills a gap, then the high end). One natural card with jokers reads as a
    run unless ``kind=MeldKind.SET``. Each joker's ``faces`` entry says what it stands for:
    in a run the card of its place, in a set the suits the set lacks in suit order
    (``joker_faces`` lists every card a set's joker may stand for).

    Raises:
        IllegalMeldError: not a meld, saying why, with the clause in ``.rule``.
        InvalidCardError: not cards of the 106-card pack.

    Examples:
        >>> from cardrules import parse_cards
        >>> meld = check_meld(parse_cards("7c Jk 9c"))
        >>> meld.kind.value, str(meld.faces[1])
        ('run', '8c')
        >>> [str(f) for f in check_meld(parse_cards("Ks Kd Jk")).faces]
        ['Ks', 'Kd', 'Kc']
        >>> str(check_meld(parse_cards("7h 5h 6h")))
        '5h-6h-7h'
        >>> check_meld(parse_cards("5h 6h 8h"))
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalMeldError: run 5h-6h-8h has a gap at 7h (T51-2.2)
    """
    got = _cards(cards, "a meld")
    if kind is None and len(got) == 2:
        kind = MeldKind.DOUBLE
    return read_meld(got, RULES, _CLAUSES, kind=kind)


def meld_value(meld: Meld | Iterable[Card]) -> int:
    """A meld's value for opening (T51-2.5): its cards as the cards they play as, a joker as
    the card it stands for, an ace low (1) at the start of ``A-2-3`` and high (11) elsewhere.

    Raises:
        IllegalMeldError: the cards are no meld (with ``.rule``).
        InvalidCardError: not cards of the pack.

    Examples:
        >>> from cardrules import parse_cards
        >>> meld_value(parse_cards("Ah 2h 3h")), meld_value(parse_cards("Qh Kh Ah"))
        (6, 31)
    """
    (got,) = read_melds([meld], check_meld, _PACK)
    return _meld_value(got, RULES)


def card_penalty(card: Card) -> int:
    """A card's points left in a hand (T51-1.4): pips, court 10, ace 11, joker 50.

    Given a hand (a sequence of cards, as before the scoring vocabulary was shared with
    Kalooki 51) it returns ``hand_penalty(hand)`` with a ``DeprecationWarning``.

    Raises:
        InvalidCardError: not a card of the 106-card pack.

    Examples:
        >>> from cardrules import parse_cards
        >>> [card_penalty(c) for c in parse_cards("2c 9d Qs Ah Jk")]
        [2, 9, 10, 11, 50]
    """
    if isinstance(card, Card):
        if card not in _PACK:
            raise InvalidCardError(f"{card} is not a card of the Turkish 51 pack")
        return _card_points(card, RULES)
    if isinstance(card, Iterable) and not isinstance(card, (str, bytes)):
        warnings.warn(
            "turkish51.card_penalty(hand) is now hand_penalty(hand); card_penalty takes a card",
            DeprecationWarning,
            stacklevel=2,
        )
        return hand_penalty(card)
    raise InvalidCardError(f"expected one card, got {card!r:.60}")


def hand_penalty(hand: Iterable[Card]) -> int:
    """The points of the cards left in a hand (T51-1.4): pips, court 10, ace 11, joker 50.

    Raises:
        InvalidCardError: not cards of the 106-card pack (or more copies than it holds), or
            a single card instead of a hand.

    Examples:
        >>> from cardrules import parse_card, parse_cards
        >>> hand_penalty(parse_cards("2c 9d Qs Ah")), hand_penalty(())
        (32, 0)
        >>> hand_penalty(parse_card("7s"))
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: expected a hand (a sequence of cards), got the card 7s
    """
    got = _cards(hand, "a hand")
    return sum(_card_points(c, RULES) for c in got)


def _flags(value: object, players: int, name: str) -> tuple[bool, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise CardRulesError(f"{name} must give one yes/no per seat, got {value!r:.60}")
    out = tuple(value)
    if len(out) != players or not all(isinstance(v, bool) for v in out):
        raise CardRulesError(f"{name} must be {players} booleans (one per seat), got {out!r:.80}")
    return out


def deal_penalties(
    *,
    hands: Sequence[Iterable[Card]],
    winner: int | None,
    opened: Sequence[bool],
    opened_with_doubles: Sequence[bool],
    finished_at_once: bool = False,
    last_discard_joker: bool = False,
    cap: int | None = MAX_PENALTY,
) -> tuple[int, ...]:
    """The charge of every seat for a finished deal (T51-8.3 to T51-8.5, T51-8.7).

    A seat that laid down is charged its cards' points, one that never did 100. Each
    applicable x2 multiplies every loser's charge: the winner went out at once, went out in
    doubles, or discarded a joker last; a doubles player who loses is doubled once more.
    No charge exceeds ``cap``. The winner is charged 0. With ``winner=None`` (the stock ran
    out) the charges have no multipliers. Discard fines (T51-6.5) are not included.

    Args:
        hands: the cards each seat still holds (the winner's hand is empty).
        winner: the seat that went out, or ``None``.
        opened: per seat, whether it laid down in this deal.
        opened_with_doubles: per seat, whether it played for doubles (declared or laid
            doubles); the winner's flag means he went out in doubles.
        finished_at_once: the winner laid down everything in his going-out turn.
        last_discard_joker: the winner's last discard was a joker.
        cap: the most any seat is charged (``None``: no cap).

    Raises:
        CardRulesError: wrong number of seats, a bad winner, a winner who holds cards,
            or flags that are not one boolean per seat.
        InvalidCardError: cards not of the 106-card pack, or too many copies.

    Examples:
        The source text's largest case: out at once, in doubles, on a joker: a player who
        never laid down pays 200 x 2 x 2 = 800; one who laid down and holds 7c Kd pays
        17 x 2 x 2 x 2 = 136.

        >>> from cardrules import parse_cards
        >>> deal_penalties(
        ...     hands=[(), parse_cards("7c Kd"), parse_cards("2h 3h 4s"), parse_cards("Ah")],
        ...     winner=0,
        ...     opened=[True, True, False, False],
        ...     opened_with_doubles=[True, False, False, False],
        ...     finished_at_once=True,
        ...     last_discard_joker=True,
        ... )
        (0, 136, 800, 800)
        >>> deal_penalties(
        ...     hands=[(), parse_cards("Qs Jk"), parse_cards("9c"), parse_cards("5d 5d")],
        ...     winner=0,
        ...     opened=[True, True, True, False],
        ...     opened_with_doubles=[False, False, False, False],
        ... )
        (0, 60, 9, 100)
    """
    if isinstance(hands, Card):
        raise InvalidCardError(
            f"hands: expected one hand (a sequence of cards) per seat, got the card {hands}"
        )
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise CardRulesError(f"hands must be one hand per seat, got {hands!r:.60}")
    players = len(hands)
    if players != 4:
        raise CardRulesError(f"Turkish 51 has 4 seats; got {players} hands")
    cards = [_cards(h, f"seat {i}'s hand") for i, h in enumerate(hands)]
    read_cards([c for h in cards for c in h], "the hands together", _PACK, "Turkish 51")
    down = _flags(opened, players, "opened")
    doubles = _flags(opened_with_doubles, players, "opened_with_doubles")
    for name, flag in (
        ("finished_at_once", finished_at_once),
        ("last_discard_joker", last_discard_joker),
    ):
        if not isinstance(flag, bool):
            raise CardRulesError(f"{name} must be True or False, got {flag!r:.60}")
    if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 0):
        raise OptionError(f"cap must be a whole number >= 0 or None, got {cap!r:.60}")
    if winner is not None:
        if not isinstance(winner, int) or isinstance(winner, bool) or not 0 <= winner < players:
            raise CardRulesError(f"winner must be a seat from 0 to {players - 1}, got {winner!r}")
        if cards[winner]:
            shown = " ".join(str(c) for c in cards[winner])
            raise CardRulesError(f"winner seat {winner} still holds cards: {shown}")
        if not down[winner]:
            raise CardRulesError(f"winner seat {winner} went out without laying down")
    elif finished_at_once or last_discard_joker:
        raise CardRulesError("with no winner nobody finished at once or on a joker")
    factor = 1
    if winner is not None:
        factor *= 2 if finished_at_once else 1
        factor *= 2 if doubles[winner] else 1
        factor *= 2 if last_discard_joker else 1
    out = []
    for seat in range(players):
        if seat == winner:
            out.append(0)
            continue
        base = sum(_card_points(c, RULES) for c in cards[seat]) if down[seat] else NEVER_DOWN
        charge = base * factor * (2 if doubles[seat] and winner is not None else 1)
        out.append(charge if cap is None else min(charge, cap))
    return tuple(out)
