"""Turkish 51: what a move does, and the flow of a deal: turns, its end and scoring, the
next deal (T51-3 to T51-9).

Package-internal: [`State`][cardrules.games.turkish51.State] applies its moves here (they
read and return a `Position`, the room below, of the caller's own class).

Examples:
    >>> from cardrules.games.turkish51 import Turkish51
    >>> state = Turkish51.create(deals=1).new_game(seed=0)
    >>> after = next_state(state, state.legal_moves()[0])
    >>> after.phase.value, len(after.hands[state.turn]) - len(state.hands[state.turn])
    ('play', 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import cardrules.games._rummy as table
from cardrules.cards import Card
from cardrules.engine import Move, fields_copier, replace_at
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
from cardrules.games.turkish51.moves import DealResult, Declare
from cardrules.games.turkish51.scoring import DECK, RULES, deal_penalties
from cardrules.games.turkish51.state import FINE, HAND, PLAYERS, Position
from cardrules.melds import Meld, meld_value

__all__ = ["deal", "next_state"]

S = TypeVar("S", bound=Position)  # the state class, kept through every transition

_put = replace_at


# --------------------------------------------------------------------------- moves


def next_state(state: S, move: Move) -> S:
    """The state after the legal ``move`` (T51-4 to T51-8)."""
    kind = move.__class__  # the most frequent moves first, by their very class
    if kind is Discard:
        return _discard(state, move.card)  # type: ignore[attr-defined]
    seat = state.turn
    if kind is Draw:
        return table.draw(state, seat)
    if isinstance(move, Draw):
        return table.draw(state, seat)
    if isinstance(move, Take):  # the T51-4.4 option: laid at once once down
        return table.take(state, seat, use_now=state.opened[seat] and state.options.use_taken_down)
    if isinstance(move, Declare):
        return state._replace(doubles=_put(state.doubles, seat, True))
    if isinstance(move, LayMeld):
        meld = table.laid_meld(move.cards, move.kind, RULES)
        if state.opened[seat]:
            if state.opening:  # a meld of the turn of opening: part of the opening
                return table.lay_meld(state, seat, meld, use_now=False, **_grown(state, seat, meld))
            return table.lay_meld(state, seat, meld, use_now=False)
        return table.lay_meld(state, seat, meld)
    if isinstance(move, Open):
        total = len(state.pending) if state.doubles[seat] else state.pending_total
        changes = {}
        if state.options.rising_threshold and len(state.hands[seat]) > 1:
            key = "doubles_threshold" if state.doubles[seat] else "threshold"
            changes[key] = max(total, getattr(state, key))
        return table.open_pending(state, seat, opened_now=True, opening=total, **changes)
    if isinstance(move, Cancel):
        after = table.cancel_pending(state, seat)
        taken = state.taken
        if taken is not None and not state.opened[seat] and not state.doubles[seat]:
            # T51-4.3: the taken card goes back; the player draws from the stock.
            hands, known = table.remove_cards(after.hands, after.known, seat, (taken,))
            after = after._replace(
                hands=hands,
                known=known,
                discard=(*state.discard, taken),
                taken=None,
                phase=Phase.DRAW,
            )
        return after
    # a card laid off or a joker taken this turn: going out now is not "at once"
    # (T51-5.4, T51-8.2)
    if isinstance(move, LayOff):
        return table.lay_off_card(state, seat, move, RULES, opened_now=False, use_now=False)
    if isinstance(move, Retrieve):
        return table.retrieve(state, seat, move, RULES, opened_now=False, use_now=False)
    assert isinstance(move, Discard)
    return _discard(state, move.card)


def _grown(state: Position, seat: int, meld: Meld) -> dict[str, Any]:
    """The opening of this turn with one more meld: its whole value (points, or doubles for
    a doubles player) and the threshold it sets for the others (T51-5.3, T51-7.2)."""
    doubles = state.doubles[seat]
    total = state.opening + (1 if doubles else meld_value(meld, RULES))
    changes: dict[str, Any] = {"opening": total}
    if state.options.rising_threshold:
        key = "doubles_threshold" if doubles else "threshold"
        changes[key] = max(total, getattr(state, key))
    return changes


def _discard(state: S, card: Card) -> S:
    seat = state.turn
    hands, known = table.remove_cards(state.hands, state.known, seat, (card,))
    fines = state.fines
    pile = (*state.discard, card)
    if not hands[seat]:  # the last card: out (T51-8.1)
        after = state._replace(discard=pile, hands=hands, known=known)
        return _end_deal(after, seat, at_once=state.opened_now, joker_last=card.is_joker)
    if _fined(state, seat) and _addable(state, card):
        fines = _put(fines, seat, fines[seat] + FINE)  # T51-6.5
    return _pass_turn(state, pile, fines, hands, known)


def _addable(state: Position, card: Card) -> bool:
    """Whether discarding ``card`` is discarding an addable card (T51-6.5 and its options)."""
    opts = state.options
    if card.is_joker and opts.joker_fine == "always":
        return True
    if not state.table:
        return False
    if card in table.table_fits(state.table, RULES):
        return True
    return opts.fine_joker_card and card in table.joker_cards(state.table, RULES)


def _fined(state: Position, seat: int) -> bool:
    rule = state.options.discard_penalty
    if rule == "off":
        return False
    if rule == "any":
        return True
    return state.opened[seat] == (rule == "opened")


# --------------------------------------------------------------------------- flow


_PASSED = (
    "turn", "phase", "taken", "opened_now", "opening", "use_now", "cancelled", "turns",
    "discard", "fines", "hands", "known",
)  # fmt: skip
_PASSERS: dict[type, Callable[..., Any]] = {}  # per state class: its copier of _PASSED


def _pass_turn(
    state: S,
    discard: tuple[Card, ...],
    fines: tuple[int, ...],
    hands: tuple[tuple[Card, ...], ...],
    known: tuple[tuple[Card, ...], ...],
) -> S:
    """The turn to the next player, after a discard that leaves cards in the hand."""
    copier = _PASSERS.get(state.__class__)
    if copier is None:
        copier = _PASSERS[state.__class__] = fields_copier(state.__class__, _PASSED)
    turns = state.turns + 1
    # anticlockwise = up the seat numbers (T51-1.3); the turn's own fields back to none
    after: S = copier(
        state, (state.turn + 1) % PLAYERS, Phase.DRAW, None, False, 0, False, False, turns,
        discard, fines, hands, known,
    )  # fmt: skip
    if not after.stock or turns >= state.options.max_turns:
        return _end_deal(after, None, at_once=False, joker_last=False)  # T51-8.7, 8.8
    return after


def _end_deal(state: S, winner: int | None, *, at_once: bool, joker_last: bool) -> S:
    opts = state.options
    down = state.opened
    fines = state.fines
    if winner is None and opts.stock_out == "void":
        charges = (0,) * PLAYERS
    else:
        doubles = state.doubles
        if opts.doubles_loser == "laid":  # only a doubles player who laid down pays x2
            doubles = tuple(d and o for d, o in zip(doubles, down, strict=True))
        charges = deal_penalties(
            hands=state.hands,
            winner=winner,
            opened=down,
            opened_with_doubles=doubles,
            finished_at_once=at_once,
            last_discard_joker=joker_last,
            cap=opts.penalty_cap,
        )
    cap = opts.penalty_cap
    if opts.cap_fines and cap is not None:  # the fines counted: up to the cap (T51-8.6)
        fines = tuple(max(0, min(f, cap - c)) for c, f in zip(charges, fines, strict=True))
    result = DealResult(
        deal=state.deal,
        winner=winner,
        hands=state.hands,
        opened=down,
        doubles=state.doubles,
        at_once=at_once,
        joker_last=joker_last,
        charges=charges,
        fines=fines,
    )
    totals = tuple(t + c + f for t, c, f in zip(state.totals, charges, fines, strict=True))
    after = state._replace(totals=totals, last_deal=result)
    if opts.deals is not None and state.deal + 1 >= opts.deals:
        return after._replace(
            phase=Phase.OVER,
            taken=None,
            opened_now=False,
            opening=0,
            use_now=False,
            cancelled=False,
        )
    return deal(after, state.deal + 1, (state.dealer + 1) % PLAYERS)


def deal(state: S, number: int, dealer: int) -> S:
    """Deal deal ``number`` (T51-3): 14 each, an upcard, the first player to the right."""
    cards = list(DECK.cards)
    state.rng("deal", number).shuffle(cards)
    first = (dealer + 1) % PLAYERS
    hands: list[tuple[Card, ...]] = [()] * PLAYERS
    for k in range(PLAYERS):
        seat = (first + k) % PLAYERS
        size = HAND + 1 if k == 0 and state.options.first_gets_15 else HAND
        hands[seat] = tuple(cards[-size:])
        del cards[-size:]
    discard: tuple[Card, ...] = ()
    phase = Phase.DRAW
    if state.options.first_gets_15:
        phase = Phase.PLAY
    else:
        discard = (cards.pop(),)
    opts = state.options
    return state._replace(
        deal=number,
        dealer=dealer,
        turn=first,
        phase=phase,
        hands=tuple(hands),
        stock=tuple(cards),
        discard=discard,
        table=(),
        pending=(),
        opened=(False,) * PLAYERS,
        doubles=(False,) * PLAYERS,
        threshold=opts.threshold,
        doubles_threshold=opts.min_doubles - 1,
        taken=None,
        opened_now=False,
        opening=0,
        use_now=False,
        cancelled=False,
        turns=0,
        known=((),) * PLAYERS,
        fines=(0,) * PLAYERS,
    )
