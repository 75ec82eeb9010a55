"""Turkish 51: which moves are legal now (T51-4 to T51-7).

Package-internal: [`State`][cardrules.games.turkish51.State] asks ``generate_moves`` for
its legal moves (it reads a `Position`, the room below, and the hand's reads of
``_hand``); ``_explain`` says why a move is not legal from the rules kept here.

Examples:
    >>> from cardrules.games.turkish51 import Turkish51
    >>> [str(m) for m in generate_moves(Turkish51.create(deals=1).new_game(seed=1))]
    ['draw', 'take', 'declare']
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from cardrules.cards import JOKER, Card
from cardrules.engine import Move
from cardrules.games._rummy import (
    CANCEL,
    DISCARDS,
    DRAW,
    OPEN,
    TAKE,
    LayMeld,
    LayOff,
    Phase,
    Retrieve,
    retrieve_moves,
    table_fits,
    table_layoffs,
)
from cardrules.games.turkish51._hand import (
    _best_opening_with,
    _could_meld,
    _double_moves,
    _meld_moves,
    _out_at_once_with,
    _sorted_double_moves,
)
from cardrules.games.turkish51.moves import DECLARE
from cardrules.games.turkish51.scoring import RULES
from cardrules.games.turkish51.state import Position
from cardrules.melds import (
    MeldKind,
    _joker_bound,
    _opening_with_above,
    _plan_above,
    _plan_with_above,
    _value_above,
    _value_ceiling,
)

__all__ = ["generate_moves"]

# --------------------------------------------------------------------------- legal moves


def generate_moves(state: Position) -> tuple[Move, ...]:
    """Every legal move of ``state``, in the order `State.legal_moves` gives them."""
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    seat = state.turn
    if phase is Phase.DRAW:
        out: list[Move] = [DRAW]
        if state.discard and not state.cancelled and _may_take(state, seat):
            out.append(TAKE)
        if not state.opened[seat] and not state.doubles[seat]:
            out.append(DECLARE)
        return tuple(out)
    return _play_moves(state, seat)


def _may_take(state: Position, seat: int) -> bool:
    if state.opened[seat]:  # once down: freely, or to lay it at once (T51-4.4 option)
        return not state.options.use_taken_down or _usable(state, seat, state.discard[-1])
    if state.doubles[seat]:
        return True
    top = state.discard[-1]
    hand = (*state.hands[seat], top)
    meldable = _could_meld(top, state.hands[seat])
    if (meldable or not state.options.use_taken) and _opens_with(state, top, hand):
        return True
    # T51-4.3, T51-5.4: or to go out at once with it, whatever the threshold
    return meldable and _out_at_once_with(top, hand)


def _opens_with(state: Position, top: Card, hand: tuple[Card, ...]) -> bool:
    """Whether ``hand`` (with the top discard ``top``) opens above the threshold, with
    ``top`` in the opening melds when ``use_taken`` says so (T51-4.3)."""
    use_taken = state.options.use_taken
    threshold = state.threshold
    key = tuple(sorted(hand))
    # Cheap sound answers first: a joker-aware upper bound says no; a greedy plan over the
    # hand's complete meld list (listed anyway when the discard is taken) says yes, with a
    # meld holding the top card when ``use_taken`` asks for it. The answer is the search's
    # either way.
    if _joker_bound(key, RULES, threshold + 1) <= threshold:
        return False
    if (
        _plan_with_above(key, RULES, top, threshold)
        if use_taken
        else _plan_above(key, RULES, threshold)
    ):
        return True
    if _value_ceiling(key, RULES) <= threshold:
        return False
    if not _value_above(key, RULES, threshold):  # a greedy plan, else the search
        return False
    if not use_taken:
        return True
    # The best opening that melds the top card: one of its melds, then the rest at best
    # (a greedy plan of the rest first: above the threshold, so is the best).
    if _opening_with_above(key, RULES, top, threshold):
        return True
    return _best_opening_with(top, hand) > threshold


def _layoff_moves(state: Position, hand: tuple[Card, ...]) -> list[LayOff]:
    held = set(hand)
    return [move for card, move in table_layoffs(state.table, RULES) if card in held]


def _retrieve_moves(state: Position, hand: tuple[Card, ...]) -> list[Retrieve]:
    return retrieve_moves(state.table, hand, RULES)


def _usable(state: Position, seat: int, top: Card) -> bool:
    """Whether a player who is down can lay ``top`` at once after taking it (T51-4.4):
    in a new meld (a double for a doubles player), as a lay-off, or to free a joker."""
    hand = (*state.hands[seat], top)
    melds = _double_moves(hand) if state.doubles[seat] else _meld_moves(tuple(sorted(hand)))
    moves: list[LayMeld | LayOff | Retrieve] = [m for m in melds if top in m.cards]
    if top in table_fits(state.table, RULES):
        moves.extend(m for m in _layoff_moves(state, hand) if m.card == top)
    moves.extend(m for m in _retrieve_moves(state, hand) if top in m.cards)
    # not one that leaves a card equal to it alone in the hand (T51-4.6)
    return any(_left(hand, m) != [top] for m in moves)


def _play_moves(state: Position, seat: int) -> tuple[Move, ...]:
    hand = state.hands[seat]
    key = tuple(sorted(hand))
    opened, doubles = state.opened[seat], state.doubles[seat]
    taken = state.taken
    must_open = taken is not None and not opened and not doubles
    can_meld = opened or not state.cancelled
    distinct = dict.fromkeys(key)  # the hand's cards, sorted, each once
    out: list[Move] = []
    if can_meld:
        if doubles:
            out.extend(_sorted_double_moves(key, distinct))
            if _meld_in_doubles(state, seat):  # T51-7.2 option
                out.extend(_meld_moves(key))
        else:
            out.extend(_meld_moves(key))
        if taken is not None:  # T51-4.6: never keep only the card just taken
            last = len(hand) - 1
            if last <= _LONGEST and last in map(len, map(_CARDS, out)):
                out = _unstranded(state, out)
    if state.pending:
        if _open_ok(state, seat):
            out.append(OPEN)
        out.append(CANCEL)
        return tuple(out)
    if opened and len(hand) > 1 and not (state.opening and not state.options.layoff_on_opening):
        # a doubles player too (T51-7.3); not in the turn of opening if so chosen (T51-6.1)
        offs = _layoff_moves(state, hand)
        frees = _retrieve_moves(state, hand)
        if taken is not None:  # T51-4.6, as above
            if len(hand) == 2:
                offs = [m for m in offs if not _strands(state, m)]
            if taken.is_joker:
                size = len(hand)
                frees = [m for m in frees if len(m.cards) < size or not _strands(state, m)]
        out.extend(offs)
        out.extend(frees)
    if taken is not None and state.use_now:  # T51-4.4 option: only moves laying it
        return tuple(m for m in out if _lays(m, taken))
    if must_open:
        return tuple(out)
    if not opened and not doubles and not state.cancelled:
        out.append(DECLARE)
    if taken is None or hand.count(taken) != 1:
        out.extend(map(DISCARDS.__getitem__, distinct))
    else:  # not the card just taken (held once), even as the last card (T51-4.6)
        others = distinct.copy()
        del others[taken]
        out.extend(map(DISCARDS.__getitem__, others))
    return tuple(out)


_CARDS = operator.attrgetter("cards")
_LONGEST = 13  # the longest meld: a run from ace to king or from two to ace (T51-2.2)


def _unstranded(state: Position, melds: list[Move]) -> list[Move]:
    """``melds`` without those that would leave only the card just taken (T51-4.6)."""
    last = len(state.hands[state.turn]) - 1
    return [
        m
        for m in melds
        if not (isinstance(m, LayMeld) and len(m.cards) == last and _strands(state, m))
    ]


def _meld_in_doubles(state: Position, seat: int) -> bool:
    """Whether a doubles player may lay a set or run now: in his opening, once (T51-7.2)."""
    if not state.options.doubles_meld or state.opened[seat]:
        return False
    return all(m.kind is MeldKind.DOUBLE for m in state.pending)


def _may_add(state: Position) -> bool:
    """Whether lay-offs and joker taking are allowed in this turn (T51-6.1 option)."""
    return state.options.layoff_on_opening or not state.opening


def _lays(move: Move, card: Card | None) -> bool:
    """Whether ``move`` lays ``card`` from the hand (a meld, a lay-off, a joker freed)."""
    if isinstance(move, LayOff):
        return move.card == card
    if isinstance(move, (LayMeld, Retrieve)):
        return card in move.cards
    return False


def _strands(state: Position, move: LayMeld | LayOff | Retrieve) -> bool:
    """Whether ``move`` would leave only the card just taken, which may not be discarded
    in this turn (T51-4.6)."""
    taken = state.taken
    return taken is not None and _left(state.hands[state.turn], move) == [taken]


def _left(hand: Sequence[Card], move: LayMeld | LayOff | Retrieve) -> list[Card]:
    """The cards ``hand`` keeps after ``move`` (a freed joker joins them)."""
    left = list(hand)
    for card in (move.card,) if isinstance(move, LayOff) else move.cards:
        if card in left:
            left.remove(card)
    if isinstance(move, Retrieve):
        left.append(JOKER)
    return left


def _open_ok(state: Position, seat: int) -> bool:
    if _taken_unused(state, seat):
        return False
    if len(state.hands[seat]) == 1:
        return True  # all but the discard melded: out at once (T51-5.4)
    if state.doubles[seat]:
        return len(state.pending) > state.doubles_threshold
    return state.pending_total > state.threshold


def _taken_unused(state: Position, seat: int) -> bool:
    """Whether a discard taken to open is still missing from the opening (T51-4.3)."""
    taken = state.taken
    if taken is None or state.opened[seat] or state.doubles[seat]:
        return False
    return state.options.use_taken and not any(taken in m.cards for m in state.pending)
