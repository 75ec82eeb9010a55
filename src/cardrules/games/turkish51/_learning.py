"""Turkish 51 for learners and search: its action numbering, where melds are
numbered by their faces, not by physical copies, and the state fields that
``sample_state`` reads from the history.

A laid meld is numbered by what it shows (T51-2): a double by its two faces (a
joker may stand in); a set by its rank, the suits of its natural cards and how
many jokers it holds; a run by its suit, lowest rank, length and the places of
its jokers. The ``target`` of a
lay-off or joker retrieval is a meld's place on the table, below
``MAX_TABLE`` (every table meld holds two cards or more).

Examples:
    >>> from cardrules import games
    >>> game = games.create("turkish51")
    >>> game.num_actions
    150248
    >>> meld = game.parse_move(None, "meld run 4h,5h,Jk")
    >>> game.action_index(meld) == game.action_index(game.parse_move(None, "meld run 4h,5h,6h"))
    False
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardrules.cards import Card
from cardrules.engine import Codec, cards_codec, int_codec, meld_codec
from cardrules.games.turkish51.moves import Cancel, Discard, LayOff, Open, Retrieve

#: The most melds the table can hold: 106 cards, two or more a meld.
MAX_TABLE = 53
MAX_JOKERS = 2


def action_fields(faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
    """The codecs of Turkish 51's moves that the engine cannot number alone."""
    target = int_codec(0, MAX_TABLE - 1)
    return {
        "meld": {"": meld_codec(faces)},
        "layoff": {"target": target},
        "retrieve": {"target": target, "cards": cards_codec(faces, MAX_JOKERS, 1)},
    }


def sample_fields(view: Any) -> dict[str, Any]:
    """The state fields of the turn in progress that the view leaves out, read from
    its history (a turn ends with a discard, T51-4.5): whether the player cancelled
    an opening (T51-5.5), whether he went down this turn and added nothing to the
    table since (T51-8.2), and the turns of the deal (T51-8.8: exact in the first
    deal; in a later deal the view cannot tell where the deal began, so the count
    is the match's discards, kept below ``max_turns`` so that no sampled deal ends
    early: inexact only for a deal near that limit).
    """
    history = view.history
    start = max((i + 1 for i, m in enumerate(history) if isinstance(m, Discard)), default=0)
    turn = history[start:]
    opened_now = False
    for move in turn:
        if isinstance(move, Open):
            opened_now = True
        elif isinstance(move, (LayOff, Retrieve)):
            opened_now = False
    discards = sum(isinstance(m, Discard) for m in history)
    return {
        "cancelled": any(isinstance(m, Cancel) for m in turn),
        "opened_now": opened_now,
        "turns": discards if view.deal == 0 else min(discards, view.options.max_turns - 1),
    }
