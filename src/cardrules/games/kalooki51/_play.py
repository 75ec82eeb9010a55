"""Kalooki 51: what a move does, and the flow of a deal: turns, the stock, the end of a
deal and its scoring, the next deal and the end of the match (K51-3 to K51-10).

Package-internal: ``State`` applies its moves here (they
read and return a ``Position``, the room below, of the caller's own class).

Examples:
    >>> from cardrules.games.kalooki51 import Kalooki51
    >>> state = Kalooki51.create(deals=1).new_game(seed=0)
    >>> after = next_state(state, state.legal_moves()[0])
    >>> after.phase.value, len(after.hands[state.turn]) - len(state.hands[state.turn])
    ('play', 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import cardrules.games._rummy as table
from cardrules.cards import JOKER, Card
from cardrules.engine import Move, fields_copier, next_seat
from cardrules.games._rummy import (
    Cancel,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Phase,
    Retrieve,
    Take,
)
from cardrules.games.kalooki51.moves import DealResult
from cardrules.games.kalooki51.scoring import deal_penalties
from cardrules.games.kalooki51.state import HAND, Position

__all__ = ["deal", "next_state"]

S = TypeVar("S", bound=Position)  # the state class, kept through every transition


def next_state(state: S, move: Move) -> S:
    """The state after the legal ``move`` (K51-4 to K51-8)."""
    seat = state.turn
    if move.__class__ is Discard:  # the most frequent move first, by its very class
        return _discard(state, seat, move.card)
    if isinstance(move, Draw):
        return table.draw(state, seat, stock_known=min(state.stock_known, len(state.stock) - 1))
    if isinstance(move, Take):  # Kalooki 40 (K51-4.5 option): the card must be laid
        return table.take(state, seat, to_lay=state.options.meld_taken)
    if isinstance(move, LayMeld):
        meld = table.laid_meld(move.cards, move.kind, state.rules)
        if not state.opened[seat]:
            return table.lay_meld(state, seat, meld)
        loose = 0 if JOKER in move.cards else state.loose
        to_lay = state.to_lay and state.taken not in move.cards
        return _out_or_on(table.lay_meld(state, seat, meld, loose=loose, to_lay=to_lay), seat)
    if isinstance(move, Open):
        to_lay = state.to_lay and not any(state.taken in m.cards for m in state.pending)
        return _out_or_on(table.open_pending(state, seat, opened_now=True, to_lay=to_lay), seat)
    if isinstance(move, Cancel):
        return table.cancel_pending(state, seat)
    if isinstance(move, LayOff):
        loose = 0 if move.card.is_joker else state.loose
        to_lay = state.to_lay and move.card != state.taken
        after = table.lay_off_card(
            state, seat, move, state.rules, built=True, loose=loose, to_lay=to_lay
        )
        return _out_or_on(after, seat)
    if isinstance(move, Retrieve):
        return table.retrieve(state, seat, move, state.rules, built=True, loose=1)
    assert isinstance(move, Discard)
    return _discard(state, seat, move.card)


def _discard(state: S, seat: int, card: Card) -> S:
    """``card`` onto the pile: out with the last card (K51-8.1), else the next turn, in
    one copy of the state."""
    hands, known = table.remove_cards(state.hands, state.known, seat, (card,))
    pile = (*state.discard, card)
    if not hands[seat]:  # the last card discarded: out (K51-8.1)
        after = state._replace(hands=hands, known=known, discard=pile)
        return _end_deal(after, seat, kalooki=state.opened_now and not state.built)
    return _pass_turn(state, hands, known, pile)


def _out_or_on(state: S, seat: int) -> S:
    """End the deal if ``seat``'s hand is empty (K51-4.4, K51-8.1), else play on."""
    if state.hands[seat]:
        return state
    return _end_deal(state, seat, kalooki=state.opened_now and not state.built)


# --------------------------------------------------------------------------- flow


_PASSED = (
    "turn", "phase", "taken", "opened_now", "built", "cancelled", "loose", "to_lay", "turns",
    "hands", "known", "discard",
)  # fmt: skip
_PASSERS: dict[type, Callable[..., Any]] = {}  # per state class: its copier of _PASSED


def _pass_turn(
    state: S,
    hands: tuple[tuple[Card, ...], ...],
    known: tuple[tuple[Card, ...], ...],
    discard: tuple[Card, ...],
) -> S:
    """The turn to the next player, after a discard that leaves cards in the hand."""
    copier = _PASSERS.get(state.__class__)
    if copier is None:
        copier = _PASSERS[state.__class__] = fields_copier(state.__class__, _PASSED)
    turns = state.turns + 1
    after: S = copier(
        state, next_seat(state.active, state.turn), Phase.DRAW, None, False, False, False, 0,
        False, turns, hands, known, discard,
    )  # fmt: skip
    if turns >= state.options.max_turns:
        return _end_deal(after, None, kalooki=False)  # K51-8.4
    if len(after.stock) <= 2 and len(after.discard) > 1:  # K51-8.3
        pile = list(after.discard[:-1])
        after.rng("restock", after.deal, turns).shuffle(pile)
        left = after.stock
        after = after._replace(
            stock=(*pile, *left),
            discard=after.discard[-1:],
            stock_known=len(pile) + min(after.stock_known, len(left)),
        )
    if not after.stock:
        return _end_deal(after, None, kalooki=False)  # K51-8.4
    return after


def _end_deal(state: S, winner: int | None, *, kalooki: bool) -> S:
    opts = state.options
    penalties = deal_penalties(
        hands=state.hands,
        winner=winner,
        kalooki=kalooki,
        joker_penalty=opts.joker_penalty,
        kalooki_bonus=opts.kalooki_bonus,
    )
    result = DealResult(
        deal=state.deal, winner=winner, kalooki=kalooki, hands=state.hands, penalties=penalties
    )
    totals = tuple(t + p for t, p in zip(state.totals, penalties, strict=True))
    active = tuple(a and t <= opts.limit for a, t in zip(state.active, totals, strict=True))
    bought = state.bought or (0,) * opts.players
    all_out = not any(active)
    if all_out:  # the last players all passed the limit together: the lowest win (K51-10.1)
        low = min(t for a, t in zip(state.active, totals, strict=True) if a)
        active = tuple(a and t == low for a, t in zip(state.active, totals, strict=True))
    elif opts.buy_back and sum(active) >= 2:
        totals, active, bought = _buy_back(state.active, totals, active, bought, opts.buy_back)
    after = state._replace(totals=totals, active=active, bought=bought, last_deal=result)
    last = opts.deals is not None and state.deal + 1 >= opts.deals
    if last or all_out or sum(active) <= 1:
        return after._replace(
            phase=Phase.OVER,
            taken=None,
            opened_now=False,
            built=False,
            cancelled=False,
            loose=0,
            to_lay=False,
        )
    return deal(after, state.deal + 1, next_seat(active, state.dealer))


def _buy_back(
    before: tuple[bool, ...],
    totals: tuple[int, ...],
    active: tuple[bool, ...],
    bought: tuple[int, ...],
    most: int,
) -> tuple[tuple[int, ...], tuple[bool, ...], tuple[int, ...]]:
    """K51-10.4 option: each player who has just passed the limit, while two or more are
    still in, buys back in (at most ``most`` times a match) at the highest total of the
    players still in."""
    top = max(t for a, t in zip(active, totals, strict=True) if a)
    new_totals, new_active, new_bought = list(totals), list(active), list(bought)
    for seat, (was, now) in enumerate(zip(before, active, strict=True)):
        if was and not now and bought[seat] < most:
            new_totals[seat], new_active[seat] = top, True
            new_bought[seat] += 1
    return tuple(new_totals), tuple(new_active), tuple(new_bought)


def deal(state: S, number: int, dealer: int) -> S:
    """Deal deal ``number`` (K51-3): 13 to each player still in, an upcard, the stock."""
    cards = list(state.deck().cards)
    state.rng("deal", number).shuffle(cards)
    players = state.options.players
    active = state.active
    hands: list[tuple[Card, ...]] = [()] * players
    for seat in range(players):
        if active[seat]:
            hands[seat] = tuple(cards[-HAND:])
            del cards[-HAND:]
    discard = (cards.pop(),)
    return state._replace(
        deal=number,
        dealer=dealer,
        turn=next_seat(active, dealer),
        phase=Phase.DRAW,
        hands=tuple(hands),
        stock=tuple(cards),
        discard=discard,
        table=(),
        pending=(),
        opened=(False,) * players,
        taken=None,
        opened_now=False,
        built=False,
        cancelled=False,
        loose=0,
        to_lay=False,
        stock_known=0,
        turns=0,
        known=((),) * players,
    )
