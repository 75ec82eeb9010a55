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

from typing import Any, TypeVar

from cardrules.cards import JOKER, Card
from cardrules.engine import Move, next_seat, replace_at
from cardrules.games._rummy import remove_cards
from cardrules.games.kalooki51.moves import (
    Cancel,
    DealResult,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Phase,
    Retrieve,
    TableMeld,
    Take,
)
from cardrules.games.kalooki51.scoring import DECK, deal_penalties
from cardrules.games.kalooki51.state import HAND, Position
from cardrules.melds import check_meld, lay_off, retrieve_joker

__all__ = ["deal", "next_state"]

S = TypeVar("S", bound=Position)  # the state class, kept through every transition

_put = replace_at


def next_state(state: S, move: Move) -> S:
    """The state after the legal ``move`` (K51-4 to K51-8)."""
    seat = state.turn
    hand = state.hands[seat]
    if isinstance(move, Draw):
        return state._replace(
            hands=_put(state.hands, seat, (*hand, state.stock[-1])),
            stock=state.stock[:-1],
            stock_known=min(state.stock_known, len(state.stock) - 1),
            phase=Phase.PLAY,
        )
    if isinstance(move, Take):
        card = state.discard[-1]
        return state._replace(
            hands=_put(state.hands, seat, (*hand, card)),
            known=_put(state.known, seat, (*state.known[seat], card)),
            discard=state.discard[:-1],
            taken=card,
            phase=Phase.PLAY,
        )
    if isinstance(move, LayMeld):
        meld = check_meld(move.cards, state.rules, kind=move.kind)
        hands, known = remove_cards(state.hands, state.known, seat, move.cards)
        if not state.opened[seat]:
            return state._replace(hands=hands, known=known, pending=(*state.pending, meld))
        loose = 0 if JOKER in move.cards else state.loose
        after = state._replace(
            hands=hands,
            known=known,
            table=(*state.table, TableMeld(seat, meld)),
            loose=loose,
        )
        return _out_or_on(after, seat)
    if isinstance(move, Open):
        after = state._replace(
            table=state.table + tuple(TableMeld(seat, m) for m in state.pending),
            pending=(),
            opened=_put(state.opened, seat, True),
            opened_now=True,
        )
        return _out_or_on(after, seat)
    if isinstance(move, Cancel):
        back = tuple(c for m in state.pending for c in m.cards)
        return state._replace(
            pending=(),
            hands=_put(state.hands, seat, hand + back),
            known=_put(state.known, seat, (*state.known[seat], *back)),
            cancelled=True,
        )
    if isinstance(move, LayOff):
        placed = state.table[move.target]
        meld = lay_off(placed.meld, move.card, state.rules, end=move.side.value)
        hands, known = remove_cards(state.hands, state.known, seat, (move.card,))
        after = state._replace(
            hands=hands,
            known=known,
            table=_put(state.table, move.target, TableMeld(placed.owner, meld)),
            built=True,
            loose=0 if move.card.is_joker else state.loose,
        )
        return _out_or_on(after, seat)
    if isinstance(move, Retrieve):
        placed = state.table[move.target]
        meld, joker = retrieve_joker(placed.meld, move.cards, state.rules)
        hands, known = remove_cards(state.hands, state.known, seat, move.cards)
        return state._replace(
            hands=_put(hands, seat, (*hands[seat], joker)),
            known=_put(known, seat, (*known[seat], joker)),
            table=_put(state.table, move.target, TableMeld(placed.owner, meld)),
            built=True,
            loose=1,
        )
    assert isinstance(move, Discard)
    hands, known = remove_cards(state.hands, state.known, seat, (move.card,))
    after = state._replace(hands=hands, known=known, discard=(*state.discard, move.card))
    if not hands[seat]:  # the last card discarded: out (K51-8.1)
        return _end_deal(after, seat, kalooki=state.opened_now and not state.built)
    return _pass_turn(after)


def _out_or_on(state: S, seat: int) -> S:
    """End the deal if ``seat``'s hand is empty (K51-4.4, K51-8.1), else play on."""
    if state.hands[seat]:
        return state
    return _end_deal(state, seat, kalooki=state.opened_now and not state.built)


# --------------------------------------------------------------------------- flow


def _pass_turn(state: S, **changes: Any) -> S:
    turns = state.turns + 1
    after = state._replace(
        turn=next_seat(state.active, state.turn),
        phase=Phase.DRAW,
        taken=None,
        opened_now=False,
        built=False,
        cancelled=False,
        loose=0,
        turns=turns,
        **changes,
    )
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
    if not any(active):  # the last players all passed the limit: the lowest stays (K51-10.1)
        low = min(t for a, t in zip(state.active, totals, strict=True) if a)
        active = tuple(a and t == low for a, t in zip(state.active, totals, strict=True))
    after = state._replace(totals=totals, active=active, last_deal=result)
    last = opts.deals is not None and state.deal + 1 >= opts.deals
    if last or sum(active) <= 1:
        return after._replace(
            phase=Phase.OVER,
            taken=None,
            opened_now=False,
            built=False,
            cancelled=False,
            loose=0,
        )
    return deal(after, state.deal + 1, next_seat(active, state.dealer))


def deal(state: S, number: int, dealer: int) -> S:
    """Deal deal ``number`` (K51-3): 13 to each player still in, an upcard, the stock."""
    cards = list(DECK.cards)
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
        stock_known=0,
        turns=0,
        known=((),) * players,
    )
