"""Kalooki 51: which moves are legal now, and why a move is not (K51-4 to K51-7).

Package-internal: ``State`` asks these functions for its
legal moves and its explanations (they read a ``Position``, the room below).

Examples:
    >>> from cardrules.games.kalooki51 import Kalooki51
    >>> [str(m) for m in generate_moves(Kalooki51.create(deals=1).new_game(seed=1))]
    ['draw', 'take']
"""

from __future__ import annotations

from collections import Counter

from cardrules.cards import JOKER, Card
from cardrules.engine import GameState, Move
from cardrules.errors import IllegalMeldError
from cardrules.games._rummy import (
    CANCEL,
    DISCARDS,
    DRAW,
    OPEN,
    TAKE,
    Cancel,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Phase,
    Retrieve,
    Take,
    bad_fields,
    end_problem,
    meld_fits,
    meld_moves,
    missing_cards,
    retrieve_moves,
    run_end,
    table_fits,
    table_layoffs,
)
from cardrules.games.kalooki51.state import Position
from cardrules.melds import (
    MeldKind,
    MeldRules,
    _best_value,
    _candidate_cards,
    _joker_bound,
    _opening_values,
    _plan_above,
    _value_above,
    _value_ceiling,
    check_meld,
    lay_off,
    retrieve_joker,
    value_bound,
)

__all__ = ["explain", "generate_moves", "may_build"]


# --------------------------------------------------------------------------- legal moves


def generate_moves(state: Position) -> tuple[Move, ...]:
    """Every legal move of ``state``, in the order ``State.legal_moves`` gives them."""
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if phase is Phase.DRAW:
        out: list[Move] = [DRAW] if state.stock else []
        if state.discard and (not state.options.meld_taken or _may_take(state, state.turn)):
            out.append(TAKE)
        return tuple(out)
    return _play_moves(state, state.turn)


def may_build(state: Position, seat: int) -> bool:
    """Whether ``seat`` may build and release jokers now (K51-5.3, K51-5.4)."""
    if not state.opened[seat]:
        return False
    return not state.opened_now or state.options.build_in_opening_turn


def _melds(state: Position, key: tuple[Card, ...], rules: MeldRules) -> tuple[LayMeld, ...]:
    """The new melds of a sorted hand; with a final discard (K51-4.4), those that keep a
    card in the hand."""
    melds = meld_moves(key, rules)
    if state.options.final_discard:
        size = len(key)
        return tuple([m for m in melds if len(m.cards) < size])
    return melds


def _play_moves(state: Position, seat: int) -> tuple[Move, ...]:
    hand = state.hands[seat]
    key = tuple(sorted(hand))
    rules = state.rules
    if state.loose:  # a released joker must be placed (K51-7.2)
        return _joker_places(state, key, rules)
    out: list[Move] = []
    opened = state.opened[seat]
    if opened or (not state.cancelled and _may_open(state, key, rules)):
        out.extend(_melds(state, key, rules))
    if state.pending:
        if state.pending_total >= state.options.threshold and not _taken_unused(state):
            out.append(OPEN)
        out.append(CANCEL)
        return tuple(out)
    if may_build(state, seat) and (len(hand) > 1 or not state.options.final_discard):
        held = set(hand)
        out.extend(move for card, move in table_layoffs(state.table, rules) if card in held)
        out.extend(_retrieve_moves(state, hand, rules))
    taken = state.taken
    if state.to_lay and any(_lays(m, taken) for m in out):
        return tuple(out)  # Kalooki 40: lay the taken card before discarding (K51-4.5)
    distinct = dict.fromkeys(key)  # the hand's cards, sorted, each once
    if taken is None or len(hand) == 1:
        out.extend(map(DISCARDS.__getitem__, distinct))
    else:  # not the card just taken, nor its twin (K51-4.3), unless nothing else is left
        others = distinct.copy()
        others.pop(taken, None)
        out.extend(map(DISCARDS.__getitem__, others or distinct))
    return tuple(out)


def _lays(move: Move, card: Card | None) -> bool:
    """Whether ``move`` lays ``card`` from the hand (in a meld or as a builder)."""
    if isinstance(move, LayOff):
        return move.card == card
    return isinstance(move, LayMeld) and card in move.cards


def _taken_unused(state: Position) -> bool:
    """Kalooki 40 (K51-4.5 option): a first lay-down after taking the pile's card must
    hold it."""
    return state.to_lay and not any(state.taken in m.cards for m in state.pending)


def _may_take(state: Position, seat: int) -> bool:
    """Kalooki 40 (K51-4.5 option): the top discard may be taken only to be laid this turn:
    once down, as a builder or in a new meld with the hand; before, in a first lay-down
    that reaches the threshold."""
    top = state.discard[-1]
    hand = (*state.hands[seat], top)
    key = tuple(sorted(hand))
    rules = state.rules
    if state.opened[seat]:
        if any(top in m.cards for m in _melds(state, key, rules)):
            return True
        return len(hand) > 1 and top in table_fits(state.table, rules)
    need = state.options.threshold
    if value_bound(key, rules) < need or _best_value(key, rules) < need:
        return False
    size = len(key)
    for (_, cards), value in zip(
        _candidate_cards(key, rules), _opening_values(key, rules, top), strict=True
    ):
        if value >= need and top in cards and len(cards) < size:
            return True
    return False


def _may_open(state: Position, key: tuple[Card, ...], rules: MeldRules) -> bool:
    """Whether the melds laid so far and the best melds of the hand reach the threshold, so
    that a meld laid now can be part of a first lay-down (K51-5.2): cheap bounds first."""
    need = state.options.threshold - state.pending_total
    if need <= 0:
        return True
    # the best value reaches ``need``: is above ``need - 1``. The bounds say no at once; a
    # greedy plan of the hand's melds (listed anyway when they are offered) says yes at
    # once; then the search's candidates (a bound, a greedy plan, the search): the answer
    # is the search's either way
    return _joker_bound(key, rules, need) >= need and (
        _plan_above(key, rules, need - 1)
        or (_value_ceiling(key, rules) >= need and _value_above(key, rules, need - 1))
    )


def _joker_places(state: Position, key: tuple[Card, ...], rules: MeldRules) -> tuple[Move, ...]:
    """The moves that place a held joker: a new meld holding one, or a lay-off (K51-7.2)."""
    out: list[Move] = [m for m in _melds(state, key, rules) if JOKER in m.cards]
    if len(key) > 1 or not state.options.final_discard:
        out.extend(move for card, move in table_layoffs(state.table, rules) if card == JOKER)
    return tuple(out)


def _retrieve_moves(state: Position, hand: tuple[Card, ...], rules: MeldRules) -> list[Retrieve]:
    """The joker releases of ``hand`` whose joker then has a place (K51-7.1 to K51-7.3)."""
    return [
        m
        for m in retrieve_moves(state.table, hand, rules)
        if _joker_has_place(state, hand, m.target, m.cards, rules)
    ]


def _joker_has_place(
    state: Position,
    hand: tuple[Card, ...],
    target: int,
    cards: tuple[Card, ...],
    rules: MeldRules,
) -> bool:
    """Whether a joker released from meld ``target`` with ``cards`` can be placed (K51-7.2):
    some meld of the table then takes a joker, or the hand left holds a meld with one."""
    new_meld, _ = retrieve_joker(state.table[target].meld, cards, rules)
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    rest.append(JOKER)
    keep = 1 if state.options.final_discard else 0  # a card kept to discard (K51-4.4)
    if len(rest) > keep:
        for t, placed in enumerate(state.table):
            meld = new_meld if t == target else placed.meld
            if any(card == JOKER for card, _ in meld_fits(meld, rules)):
                return True
    size = len(rest) - keep
    return any(
        JOKER in cards and len(cards) <= size
        for _, cards in _candidate_cards(tuple(sorted(rest)), rules)
    )


# --------------------------------------------------------------------------- explanations


def explain(state: Position, move: Move) -> str:
    """Why ``move`` is illegal in ``state`` (the rules' own words, with the clause)."""
    bad = bad_fields(move)
    if bad:
        return bad
    seat = state.turn
    hand = state.hands[seat] if state.phase is not Phase.OVER else ()
    if state.phase is Phase.DRAW and not isinstance(move, (Draw, Take)):
        return f"seat {seat} must first draw or take the discard (K51-4.1)"
    if state.phase is Phase.PLAY and isinstance(move, (Draw, Take)):
        return f"seat {seat} has already drawn this turn (K51-4.1)"
    if isinstance(move, Take):
        if state.discard and state.options.meld_taken:
            return (
                f"seat {seat} could not lay the top discard this turn (K51-4.5, option meld_taken)"
            )
        return "the discard pile is empty (K51-4.2)"
    if isinstance(move, Draw):
        return "the stock is empty (K51-8.4)"
    if state.loose and not (
        (isinstance(move, LayOff) and move.card == JOKER)
        or (isinstance(move, LayMeld) and JOKER in move.cards)
    ):
        return "the released joker must first be placed on the table (K51-7.2)"
    if isinstance(move, Open):
        if not state.pending:
            return "no first lay-down is in progress (K51-5.2)"
        if _taken_unused(state):
            return f"the taken {state.taken} must be in the first lay-down (K51-4.5)"
        return (
            f"the melds laid total {state.pending_total}, below {state.options.threshold} (K51-5.1)"
        )
    if isinstance(move, Cancel):
        return "no first lay-down is in progress (K51-5.2)"
    if isinstance(move, LayMeld):
        return _explain_meld(state, move, hand)
    if isinstance(move, (LayOff, Retrieve)):
        if not state.opened[seat]:
            return f"seat {seat} has not laid down and may not build (K51-5.3)"
        if not may_build(state, seat):
            return "building waits for the turn after the first lay-down (K51-5.4)"
        if not 0 <= move.target < len(state.table):
            return f"there is no meld {move.target} on the table"
        return _explain_table(state, move, hand)
    if isinstance(move, Discard):
        if state.pending:
            return "finish the first lay-down (open) or take it back (cancel) first (K51-5.2)"
        if move.card not in hand:
            return f"{move.card} is not in the hand of seat {seat}"
        if state.to_lay and move.card != state.taken:
            return f"the taken {state.taken} must be laid before discarding (K51-4.5)"
        return f"{move.card} was just taken from the discard pile (K51-4.3)"
    return GameState.explain(state, move)


def _explain_meld(state: Position, move: LayMeld, hand: tuple[Card, ...]) -> str:
    missing = missing_cards(move.cards, hand, state.turn)
    if missing:
        return missing
    if state.cancelled and not state.opened[state.turn]:
        return "the first lay-down was taken back this turn (K51-5.2)"
    if move.kind is MeldKind.DOUBLE:
        return "Kalooki 51 has no doubles: a meld is a set or a run (K51-2.3)"
    if state.options.final_discard and len(move.cards) >= len(hand):
        return "the last card is kept to discard: going out needs a discard (K51-4.4)"
    try:
        meld = check_meld(move.cards, state.rules, kind=move.kind)
    except IllegalMeldError as exc:
        clause = "K51-2.1" if move.kind is MeldKind.SET else "K51-2.2"
        return f"{exc} ({clause})"
    if meld.cards != move.cards:
        return f"lay the run from low to high: {' '.join(map(str, meld.cards))} (K51-2.2)"
    if not state.opened[state.turn] and not _may_open(state, tuple(sorted(hand)), state.rules):
        return (
            f"the hand cannot bring the first lay-down to {state.options.threshold}, so no "
            "meld of it can be laid yet (K51-5.2)"
        )
    return GameState.explain(state, move)


def _explain_table(state: Position, move: LayOff | Retrieve, hand: tuple[Card, ...]) -> str:
    meld = state.table[move.target].meld
    rules = state.rules
    try:
        if isinstance(move, LayOff):
            if move.card not in hand:
                return f"{move.card} is not in the hand of seat {state.turn}"
            if len(hand) == 1 and state.options.final_discard:
                return "the last card is kept to discard: going out needs a discard (K51-4.4)"
            grown = lay_off(meld, move.card, rules, end=run_end(move.side))
            wrong_end = end_problem(meld, grown, move)
            if wrong_end:
                return f"{wrong_end} (K51-6.{2 if meld.kind is MeldKind.SET else 1})"
        else:
            if state.loose:
                return "one release at a time: place the released joker first (K51-7.2)"
            if Counter(move.cards) - Counter(hand):
                return f"seat {state.turn} does not hold {' '.join(map(str, move.cards))}"
            retrieve_joker(meld, move.cards, rules)
            return "the released joker would have no place on the table (K51-7.2)"
    except IllegalMeldError as exc:
        text = str(exc)
        if "closed" in text:
            return f"{text} (K51-7.4)"
        if isinstance(move, Retrieve):
            clause = "K51-7.3" if meld.kind is MeldKind.SET else "K51-7.1"
            return f"{text} ({clause})"
        return f"{text} (K51-6.{2 if meld.kind is MeldKind.SET else 1})"
    return GameState.explain(state, move)
