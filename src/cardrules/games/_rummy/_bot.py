"""The skeleton of a greedy rummy player, shared by the rummy games' bots.

A greedy rummy turn (each game's ``bot`` orders these and adds its own rules):

* draw phase: take the discard when it helps (``links``, ``fits_table``), else draw;
* play phase: lay the melds of the solver's plan that are legal (``plan_move``), lay off,
  then discard the card least worth keeping (``least_worth``): few links to the rest of
  the hand, many penalty points, with the game's own weights (a fine, a pair).

Examples:
    >>> from cardrules import parse_card, parse_cards
    >>> links(parse_card("7h"), tuple(parse_cards("7c 8h 9h Kd Jk")))
    4
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Iterable, Sequence
from typing import Any

from cardrules.cards import Card
from cardrules.engine import GameState, Move
from cardrules.errors import CardRulesError, IllegalMoveError
from cardrules.games._rummy._moves import Discard, lay_meld_move
from cardrules.melds import Meld

__all__ = ["bot_moves", "least_worth", "links", "plan_move"]


def bot_moves(state: object, position: type[GameState[Any]], game: str) -> tuple[Move, ...]:
    """The legal moves a bot chooses from, after checking that ``state`` is the game's.

    Raises:
        CardRulesError: ``state`` is not a ``position`` of the game named ``game``.
        IllegalMoveError: the game is over.
    """
    if not isinstance(state, position):
        raise CardRulesError(f"greedy_move plays a {game} State, got {state!r:.60}")
    moves = state.legal_moves()
    if not moves:
        raise IllegalMoveError(None, "the game is over")
    return moves


def links(card: Card, hand: Sequence[Card]) -> int:
    """How many cards of the hand could meld with ``card`` (same rank, or near in suit);
    9 for a joker."""
    if card.is_joker:
        return 9
    out = 0
    for other in hand:
        if (
            other.is_joker
            or (other.rank == card.rank and other.suit != card.suit)
            or (other.suit == card.suit and 0 < abs(other.rank - card.rank) <= 2)
        ):
            out += 1
    return out


def plan_move(melds: Iterable[Meld], legal: Container[Move]) -> Move | None:
    """The first meld of a solver's plan that is a legal move now, or ``None``."""
    for meld in melds:
        move = lay_meld_move(meld.kind, meld.cards)
        if move in legal:
            return move
    return None


def least_worth(
    moves: Sequence[Move],
    hand: Sequence[Card],
    points: Callable[[Card], int],
    *,
    joker: int | None = None,
    joker_extra: int = 0,
    fits: Collection[Card] = (),
    fit_extra: int = 0,
    pair_extra: int = 0,
) -> Move:
    """The discard least worth keeping (the first move when none is a discard).

    A natural card is worth ``25 * links - points``, its links counted for every card at
    once, plus ``fit_extra`` when it is in ``fits`` and ``pair_extra`` when the hand holds
    it twice; a joker is worth ``joker`` or, when that is ``None``, as a card of 9 links
    plus ``joker_extra``. Ties go to the card of the highest code.
    """
    options = [m for m in moves if isinstance(m, Discard)]
    if not options:
        return moves[0]
    jokers = 0
    of_rank = [0] * 15
    at = [0] * 80  # at[suit * 20 + rank]: room for rank +- 2 without leaving the suit
    for rank, suit in hand:
        if suit is None:
            jokers += 1
        else:
            of_rank[rank] += 1
            at[suit * 20 + rank] += 1
    best: Move = options[0]
    least: int | None = None
    for move in options:
        card = move.card
        rank, suit = card
        if suit is None:  # a joker
            if joker is not None:
                worth = joker
            else:
                worth = 25 * 9 - points(card) + joker_extra
                if jokers > 1:
                    worth += pair_extra
        else:
            i = suit * 20 + rank
            copies = at[i]
            worth = 25 * (
                jokers + of_rank[rank] - copies + at[i - 2] + at[i - 1] + at[i + 1] + at[i + 2]
            ) - points(card)
            if copies > 1:
                worth += pair_extra
        if fit_extra and card in fits:
            worth += fit_extra
        score = worth * 64 - card.code  # least worth first, then the highest code (< 64)
        if least is None or score < least:
            least, best = score, move
    return best
