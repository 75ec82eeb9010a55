"""Canasta's moves: the rummy table's (draw, meld, lay off, open, cancel, discard) and its
own (take the pile, ask to go out, answer, refuse the discard) (CAN-4, CAN-8 to CAN-10).

Examples:
    >>> from cardrules import parse_cards
    >>> str(TakePile(How.PAIR)), str(ASK), str(Answer(True)), str(REFUSE)
    ('take pair', 'ask', 'answer yes', 'refuse')
    >>> str(LayMeld(MeldKind.SET, tuple(parse_cards("Ks Kc 2d"))))
    'meld set 2d,Kc,Ks'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card, Rank
from cardrules.engine import Codec, Move, int_codec
from cardrules.engine._actions import _outside
from cardrules.games._rummy import (
    CANCEL,
    DRAW,
    OPEN,
    Cancel,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Side,
    discard_move,
    lay_meld_move,
    lay_off_move,
)
from cardrules.melds import MeldKind

__all__ = [
    "ASK",
    "CANCEL",
    "DRAW",
    "OPEN",
    "REFUSE",
    "Answer",
    "Ask",
    "Cancel",
    "Discard",
    "Draw",
    "How",
    "LayMeld",
    "LayOff",
    "MeldKind",
    "Open",
    "Refuse",
    "Side",
    "TakePile",
    "action_fields",
    "discard_move",
    "lay_meld_move",
    "lay_off_move",
]


class How(enum.Enum):
    """How the top card of the pile is melded when the pile is taken (CAN-8.3, CAN-8.4)."""

    PAIR = "pair"  # with a natural pair of its rank from the hand
    DEUCE = "deuce"  # with one natural card of its rank and a deuce
    JOKER = "joker"  # with one natural card of its rank and a joker
    ADD = "add"  # onto the side's meld of its rank


@attrs.frozen
class TakePile(Move):
    """Take the discard pile, melding its top card as ``how`` says (CAN-8)."""

    NAME: ClassVar[str] = "take"
    how: How


@attrs.frozen
class Ask(Move):
    """ "Partner, may I go out?" (CAN-9.3)."""

    NAME: ClassVar[str] = "ask"


@attrs.frozen
class Answer(Move):
    """The partner's binding answer to ``ask`` (CAN-9.3)."""

    NAME: ClassVar[str] = "answer"
    yes: bool


@attrs.frozen
class Refuse(Move):
    """Refuse the discard once the stock is gone, which ends play (CAN-10.2); also ends the
    turn of a red three drawn last under ``meld_after_last_red_three`` (CAN-10.1)."""

    NAME: ClassVar[str] = "refuse"


ASK = Ask()
REFUSE = Refuse()
YES, NO = Answer(True), Answer(False)
TAKES = {how: TakePile(how) for how in How}

#: The ranks a meld may have, in the order the action space numbers them.
MELD_RANKS = (
    Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
    Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE,
)  # fmt: skip
MAX_TABLE = 2 * len(MELD_RANKS)  # one meld a rank a side (CAN-5.3)


def _meld_number(move: Any) -> int:
    """A meld numbered by what it shows: its rank, natural cards, deuces and jokers."""
    cards = move.cards
    if move.kind is not MeldKind.SET or not isinstance(cards, tuple):
        raise _outside(move, "not a Canasta meld")
    naturals = [c for c in cards if isinstance(c, Card) and not c.is_joker and c.rank != Rank.TWO]
    jokers = sum(1 for c in cards if isinstance(c, Card) and c.is_joker)
    deuces = len(cards) - len(naturals) - jokers
    ranks = {c.rank for c in naturals}
    if len(ranks) != 1 or not 2 <= len(naturals) <= 8 or jokers > 3 or deuces > 3:
        raise _outside(move, "not a Canasta meld")
    rank = MELD_RANKS.index(ranks.pop()) if ranks <= set(MELD_RANKS) else -1
    if rank < 0:
        raise _outside(move, "not a Canasta meld")
    return ((rank * 7 + len(naturals) - 2) * 4 + jokers) * 4 + deuces


def action_fields(faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
    """Canasta's codecs: a meld by rank and counts, a lay-off's target below ``MAX_TABLE``."""
    meld = Codec(len(MELD_RANKS) * 7 * 4 * 4, _meld_number, "meld by rank and counts (1344)")
    return {"meld": {"": meld}, "layoff": {"target": int_codec(0, MAX_TABLE - 1)}}
