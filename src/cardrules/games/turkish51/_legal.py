"""Turkish 51: which moves are legal now, and why a move is not (T51-4 to T51-7).

Package-internal: [`State`][cardrules.games.turkish51.State] asks these functions for
its legal moves and its explanations (they read a `Position`, the room
below); ``table_fits`` is public through the package.

Examples:
    >>> from cardrules import parse_cards
    >>> from cardrules.games.turkish51 import Turkish51
    >>> [str(m) for m in generate_moves(Turkish51.create(deals=1).new_game(seed=1))]
    ['draw', 'take', 'declare']
    >>> _could_meld(parse_cards("Kc")[0], tuple(parse_cards("Kd 2s 9h")))
    False
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections import Counter
from collections.abc import Iterable, Sequence

from cardrules.cards import JOKER, Card, Rank
from cardrules.engine import GameState, Move
from cardrules.errors import CardRulesError, IllegalMeldError
from cardrules.games.turkish51.moves import (
    _DISCARDS,
    CANCEL,
    DECLARE,
    DRAW,
    OPEN,
    TAKE,
    Cancel,
    Declare,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Phase,
    Retrieve,
    Side,
    TableMeld,
    Take,
)
from cardrules.games.turkish51.scoring import DECK, RULES
from cardrules.games.turkish51.state import Position
from cardrules.melds import (
    Meld,
    MeldKind,
    _candidate_cards,
    _fewest_left,
    _opening_values,
    _opening_with_above,
    _value_above,
    _value_ceiling,
    _window_starts,
    check_meld,
    lay_off,
    layoff_cards,
    retrieve_joker,
    solve,
    value_bound,
)

__all__ = ["explain", "generate_moves", "malformed", "table_fits"]


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
    if value_bound(hand, RULES) <= state.threshold:
        return False
    key = tuple(sorted(hand))
    if _value_ceiling(key, RULES) <= state.threshold:
        return False
    if not _value_above(key, RULES, state.threshold):  # a greedy plan, else the search
        return False
    if not use_taken:
        return True
    # The best opening that melds the top card: one of its melds, then the rest at best
    # (a greedy plan of the rest first: above the threshold, so is the best).
    if _opening_with_above(key, RULES, top, state.threshold):
        return True
    return _best_opening_with(top, hand) > state.threshold


def _usable(state: Position, seat: int, top: Card) -> bool:
    """Whether a player who is down can lay ``top`` at once after taking it (T51-4.4):
    in a new meld (a double for a doubles player), as a lay-off, or to free a joker."""
    hand = (*state.hands[seat], top)
    melds = _double_moves(hand) if state.doubles[seat] else _meld_moves(tuple(sorted(hand)))
    moves: list[LayMeld | LayOff | Retrieve] = [m for m in melds if top in m.cards]
    if top in _table_fits(state.table):
        moves.extend(m for m in _layoff_moves(state, hand) if m.card == top)
    moves.extend(m for m in _retrieve_moves(state, hand) if top in m.cards)
    # not one that leaves a card equal to it alone in the hand (T51-4.6)
    return any(_left(hand, m) != [top] for m in moves)


def _out_at_once_with(taken: Card, hand: tuple[Card, ...]) -> bool:
    """Whether ``hand``, holding the just-taken ``taken``, melds completely but for one
    card to discard that is not ``taken`` (T51-4.3, T51-4.6, T51-5.4): going out at once.

    Examples:
        >>> from cardrules import parse_card, parse_cards
        >>> hand = tuple(parse_cards("Ac 2c 3c 2d 3d 4d 2h 3h 4h Kd"))
        >>> [_out_at_once_with(parse_card(top), hand) for top in ("4h", "Kd")]
        [True, False]
    """
    if _loose_cards(hand) > 1:
        return False
    key = tuple(sorted(hand))
    if _fewest_left(key, RULES) > 1:
        return False
    left = solve(key, RULES, objective="all").deadwood
    if len(left) > 1:
        return False
    if len(left) == 1 and (left[0] != taken or key.count(taken) > 1):
        return True
    for card in sorted(set(key)):  # the best plan keeps the wrong card (or none): try each
        if card == taken and key.count(card) == 1:
            continue
        rest = list(key)
        rest.remove(card)
        if solve(rest, RULES, objective="all").all_melded:
            return True
    return False


def _play_moves(state: Position, seat: int) -> tuple[Move, ...]:
    hand = state.hands[seat]
    key = tuple(sorted(hand))
    opened, doubles = state.opened[seat], state.doubles[seat]
    taken = state.taken
    must_open = taken is not None and not opened and not doubles
    can_meld = opened or not state.cancelled
    out: list[Move] = []
    if can_meld:
        if doubles:
            out.extend(_double_moves(hand))
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
    distinct = dict.fromkeys(key)  # the hand's cards, sorted, each once
    if taken is None or hand.count(taken) != 1:
        out.extend(map(_DISCARDS.__getitem__, distinct))
    else:  # not the card just taken, even as the last card (T51-4.6)
        out.extend(_DISCARDS[c] for c in distinct if c != taken)
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


def _layoff_moves(state: Position, hand: tuple[Card, ...]) -> list[LayOff]:
    held = set(hand)
    return [move for card, move in _table_layoffs(state.table) if card in held]


@functools.lru_cache(maxsize=1024)
def _table_layoffs(table: tuple[TableMeld, ...]) -> tuple[tuple[Card, LayOff], ...]:
    """Every lay-off onto the melds of ``table``, in order, with the card it lays."""
    return tuple(
        (card, _lay_off(card, t, side))
        for t, placed in enumerate(table)
        for card, side in _fits(placed.meld)
    )


def _retrieve_moves(state: Position, hand: tuple[Card, ...]) -> list[Retrieve]:
    held = set(hand)
    out: list[Retrieve] = []
    for t, wanted, need in _table_jokers(state.table):
        if need == 0:  # a run: each joker for the one card it stands for
            out.extend(Retrieve(t, (face,)) for face in wanted if face in held)
            continue
        have = [card for card in wanted if card in held]
        out.extend(Retrieve(t, combo) for combo in itertools.combinations(have, need))
    return out


@functools.lru_cache(maxsize=1024)
def _table_jokers(table: tuple[TableMeld, ...]) -> tuple[tuple[int, tuple[Card, ...], int], ...]:
    """The melds of ``table`` that hold a joker to free: each one's number and
    `_joker_wants`."""
    out = []
    for t, placed in enumerate(table):
        wanted, need = _joker_wants(placed.meld)
        if wanted:
            out.append((t, wanted, need))
    return tuple(out)


# --------------------------------------------------------------------------- explanations


def malformed(move: Move) -> str:
    """Why a move's fields have the wrong types (``""`` when they are right).

    Moves compare by value, so ``LayOff(card, 0.0, side)`` equals a legal ``LayOff(card, 0,
    side)`` and a bare ``(rank, suit)`` tuple equals a card; such a move must not reach the
    state as it is.

    Examples:
        >>> from cardrules import parse_card
        >>> malformed(LayOff(parse_card("4c"), "0", Side.LOW))
        "a meld on the table is named by its number, got '0'"
        >>> malformed(Discard(parse_card("4c")))
        ''
    """
    kind = type(move)
    if kind is Discard:
        assert isinstance(move, Discard)
        return _bad_card(move.card)
    if kind is LayOff:
        assert isinstance(move, LayOff)
        if type(move.side) is not Side:
            return f"the side must be Side.LOW or Side.HIGH, got {move.side!r:.40}"
        return _bad_card(move.card) or _bad_target(move.target)
    if kind is Retrieve:
        assert isinstance(move, Retrieve)
        return _bad_target(move.target) or _bad_cards(move.cards)
    if kind is LayMeld:
        assert isinstance(move, LayMeld)
        if type(move.kind) is not MeldKind:
            return f"the meld kind must be a MeldKind, got {move.kind!r:.40}"
        return _bad_cards(move.cards)
    return ""


def _bad_card(card: object) -> str:
    return "" if type(card) is Card else f"expected one card, got {card!r:.40}"


def _bad_target(target: object) -> str:
    if type(target) is int:
        return ""
    return f"a meld on the table is named by its number, got {target!r:.40}"


def _bad_cards(cards: object) -> str:
    if type(cards) is tuple and all(type(c) is Card for c in cards):
        return ""
    if isinstance(cards, Card):
        return f"expected a tuple of cards, got the card {cards}"
    return f"expected a tuple of cards, got {cards!r:.60}"


def explain(state: Position, move: Move) -> str:
    """Why ``move`` is illegal in ``state`` (the rules' own words, with the clause)."""
    bad = malformed(move)
    if bad:
        return bad
    seat = state.turn
    hand = state.hands[seat] if state.phase is not Phase.OVER else ()
    if state.phase is Phase.DRAW and not isinstance(move, (Draw, Take, Declare)):
        return f"seat {seat} must first draw or take the discard (T51-4.1)"
    if state.phase is Phase.PLAY and isinstance(move, (Draw, Take)):
        return f"seat {seat} has already drawn this turn (T51-4.1)"
    if (
        state.use_now
        and isinstance(move, (Discard, LayMeld, LayOff, Retrieve))
        and not _lays(move, state.taken)
    ):
        return (
            f"the taken {state.taken} must be laid at once, in a meld, as a lay-off or to "
            "free a joker (T51-4.4, option use_taken_down)"
        )
    if isinstance(move, Take):
        if state.cancelled:
            return "the discard was given back this turn; draw from the stock (T51-4.3)"
        if state.opened[seat]:
            return (
                f"seat {seat} could not lay the top discard at once "
                "(T51-4.4, option use_taken_down)"
            )
        return (
            f"seat {seat} has not laid down and cannot open above {state.threshold} "
            "nor go out at once with the top discard (T51-4.3)"
        )
    if isinstance(move, Declare):
        return "only a player who has not laid down may declare doubles (T51-7.1)"
    if isinstance(move, Open):
        if not state.pending:
            return "no opening is in progress (T51-5.5)"
        if _taken_unused(state, seat):
            return f"the taken {state.taken} must be in the opening melds (T51-4.3)"
        if state.doubles[seat]:
            return (
                f"{len(state.pending)} doubles do not exceed the doubles threshold "
                f"{state.doubles_threshold} (T51-7.2)"
            )
        return (
            f"opening total {state.pending_total} does not exceed the threshold "
            f"{state.threshold} (T51-5.1)"
        )
    if isinstance(move, Cancel):
        return "no opening is in progress (T51-5.5)"
    if isinstance(move, LayMeld):
        return _explain_meld(state, move, hand)
    if isinstance(move, (LayOff, Retrieve)):
        if not state.opened[seat]:
            return f"seat {seat} has not laid down (T51-6.1)"
        if not 0 <= move.target < len(state.table):
            return f"there is no meld {move.target} on the table"
        if not _may_add(state):
            return (
                "no lay-off nor joker taken in the turn of opening "
                "(T51-6.1, option layoff_on_opening)"
            )
        return _explain_table(state, move, hand)
    if isinstance(move, Discard):
        if state.pending:
            return "finish the opening (open) or take it back (cancel) first (T51-5.5)"
        if state.taken is not None and not state.opened[seat] and not state.doubles[seat]:
            return "the top discard was taken: lay down this turn first (T51-4.3)"
        if move.card not in hand:
            return f"{move.card} is not in the hand of seat {seat}"
        return f"{move.card} was just taken from the discard pile (T51-4.6)"
    return GameState.explain(state, move)


def _explain_meld(state: Position, move: LayMeld, hand: tuple[Card, ...]) -> str:
    missing = Counter(move.cards) - Counter(hand)
    if missing:
        return f"{' '.join(map(str, missing.elements()))} not in the hand of seat {state.turn}"
    if len(move.cards) >= len(hand):
        return "the last card is kept to discard (T51-4.5)"
    doubles = state.doubles[state.turn]
    if not doubles and move.kind is MeldKind.DOUBLE:
        return "only a doubles player lays doubles (T51-7.3)"
    if doubles and move.kind is not MeldKind.DOUBLE and not _meld_in_doubles(state, state.turn):
        if state.options.doubles_meld:
            return "a doubles player lays one set or run at most, in his opening (T51-7.2)"
        return "a doubles player lays only doubles (T51-7.3)"
    if state.cancelled and not state.opened[state.turn]:
        return "the opening was taken back this turn (T51-4.3)"
    try:
        meld = check_meld(move.cards, RULES, kind=move.kind)
    except IllegalMeldError as exc:
        return str(exc)
    if meld.cards != move.cards:
        return f"lay the run from low to high: {' '.join(map(str, meld.cards))}"
    return _explain_stranded(state, move) or GameState.explain(state, move)


def _explain_stranded(state: Position, move: LayMeld | LayOff | Retrieve) -> str:
    if not _strands(state, move):
        return ""
    return (
        f"that would leave only the {state.taken} just taken, which may not be "
        "discarded in this turn (T51-4.6)"
    )


def _explain_table(state: Position, move: LayOff | Retrieve, hand: tuple[Card, ...]) -> str:
    meld = state.table[move.target].meld
    try:
        if isinstance(move, LayOff):
            if move.card not in hand:
                return f"{move.card} is not in the hand of seat {state.turn}"
            if len(hand) == 1:
                return "the last card is kept to discard (T51-4.5)"
            lay_off(meld, move.card, RULES, end=move.side.value)
        else:
            if Counter(move.cards) - Counter(hand):
                return f"seat {state.turn} does not hold {' '.join(map(str, move.cards))}"
            retrieve_joker(meld, move.cards, RULES)
    except IllegalMeldError as exc:
        return str(exc)
    return _explain_stranded(state, move) or GameState.explain(state, move)


# --------------------------------------------------------------------------- helpers


def _could_meld(card: Card, hand: tuple[Card, ...]) -> bool:
    """A quick necessary test: could ``card`` join cards of ``hand`` in some set or run?"""
    rank, suit = card
    if suit is None:  # a joker
        return True
    jokers = 0
    suits = set()  # the other suits of the card's rank
    places = 0  # bit mask of the run places of the card's suit
    for other_rank, other_suit in hand:
        if other_suit is None:
            jokers += 1
        elif other_suit == suit:
            places |= 1 << other_rank
        elif other_rank == rank:
            suits.add(other_suit)
    need = RULES.min_length - 1 - jokers  # other natural cards needed beside ``card``
    if need <= 0 or len(suits) >= need:
        return True
    if places >> 14 & 1:
        places |= 2  # an ace is low too
    length = RULES.min_length
    for place in (1, 14) if rank == Rank.ACE else (rank,):
        for start in range(place - length + 1, place + 1):
            window = ((1 << length) - 1) << start if start >= 0 else (1 << (start + length)) - 1
            if (window & places & ~(1 << place)).bit_count() >= need:
                return True
    return False


def _loose_cards(hand: Sequence[Card]) -> int:
    """How many cards of ``hand`` fit no meld with the others at all: those for which
    `_could_meld` with the rest of the hand is false, all found in one pass.

    Examples:
        >>> from cardrules import parse_cards
        >>> _loose_cards(parse_cards("Kc Kd Ks 2s 9h 9c")), _loose_cards(parse_cards("2s 3s 9h Jk"))
        (3, 1)
    """
    jokers = 0
    suits_of = [0] * 16  # per rank, the suits held (a bit each)
    places = [0, 0, 0, 0]  # per suit, the run places held (an ace at 1 and at 14)
    for rank, suit in hand:
        if suit is None:  # a joker
            jokers += 1
        else:
            suits_of[rank] |= 1 << suit
            places[suit] |= _PLACE_BITS[rank]
    need = RULES.min_length - 1 - jokers  # other natural cards needed beside a card
    if need <= 0:
        return 0
    # Per suit, the places inside a run's window that holds the card and ``need`` others.
    length = RULES.min_length
    live = []
    for mask in places:
        starts = _window_starts(mask, length, need + 1)
        near = 0
        for k in range(length):
            near |= starts << k
        live.append(near)
    loose = 0
    for rank, suit in hand:
        if suit is None:
            continue
        if suits_of[rank].bit_count() - 1 < need and not live[suit] & _PLACE_BITS[rank]:
            loose += 1
    return loose


_PLACE_BITS = [1 << rank for rank in range(16)]
_PLACE_BITS[Rank.ACE] |= 1 << 1  # an ace is low too


@functools.lru_cache(maxsize=8192)
def _lay_off(card: Card, target: int, side: Side) -> LayOff:
    """``LayOff(card, target, side)``, shared: the same lay-offs are offered turn after turn."""
    return LayOff(card, target, side)


@functools.lru_cache(maxsize=8192)
def _lay_meld(kind: MeldKind, cards: tuple[Card, ...]) -> LayMeld:
    """``LayMeld(kind, cards)``, shared: a hand keeps offering the same melds turn after turn."""
    return LayMeld(kind, cards)


@functools.lru_cache(maxsize=32)
def _lay_melds(hand: tuple[Card, ...]) -> tuple[LayMeld | None, ...]:
    """For each candidate meld of a sorted hand, in order, the move that lays it, or ``None``
    when it would leave no card to discard (T51-4.5)."""
    size = len(hand)
    return tuple(
        [
            _lay_meld(kind, cards) if len(cards) < size else None
            for kind, cards in _candidate_cards(hand, RULES)
        ]
    )


@functools.lru_cache(maxsize=32)
def _meld_moves(hand: tuple[Card, ...]) -> tuple[LayMeld, ...]:
    """The melds a sorted hand can lay while keeping a card to discard (T51-4.5)."""
    return tuple([m for m in _lay_melds(hand) if m is not None])


def _best_opening_with(card: Card, hand: Sequence[Card]) -> int:
    """The most an opening from ``hand`` can be worth when one of its melds holds ``card``:
    that meld's value plus the best value of the rest (-1 when no meld holds the card)."""
    key = tuple(sorted(hand))
    best = -1
    for (_, cards), value in zip(
        _candidate_cards(key, RULES), _opening_values(key, RULES, card), strict=True
    ):
        if value > best and card in cards:
            best = value
    return best


@functools.lru_cache(maxsize=4096)
def _joker_wants(meld: Meld) -> tuple[tuple[Card, ...], int]:
    """What frees a joker of a table meld (T51-6.3): for a run, the cards its jokers stand
    for (and 0); for a set, its missing cards and how many of them must be supplied."""
    jokers = meld.joker_positions
    if not jokers or meld.kind is MeldKind.DOUBLE:
        return (), 0
    if meld.kind is MeldKind.RUN:
        return tuple(face for face in (meld.faces[pos] for pos in jokers) if face is not None), 0
    rank = meld.rank
    assert rank is not None
    need = 4 - (len(meld.cards) - len(jokers)) - (len(jokers) - 1)
    return tuple(Card(rank, s) for s in sorted(meld.missing_suits)), need


@functools.lru_cache(maxsize=4096)
def _fits(meld: Meld) -> tuple[tuple[Card, Side], ...]:
    """The cards (and jokers) that could be laid off on ``meld``, with the side."""
    return tuple((card, _SIDES[end]) for card, end in layoff_cards(meld, RULES))


def table_fits(table: Iterable[TableMeld]) -> frozenset[Card]:
    """Every card that could be laid off on some meld of ``table`` (T51-6.5).

    Raises:
        CardRulesError: ``table`` is not a sequence of
            [`TableMeld`][cardrules.games.turkish51.TableMeld].

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.games.turkish51.scoring import check_meld
        >>> fits = table_fits([TableMeld(0, check_meld(parse_cards("5c 6c 7c")))])
        >>> sorted(str(c) for c in fits)
        ['4c', '8c', 'Jk']
    """
    if isinstance(table, (str, bytes)) or not isinstance(table, Iterable):
        raise CardRulesError(f"a table is a sequence of TableMeld, got {table!r:.60}")
    melds = tuple(table)
    if not all(isinstance(p, TableMeld) and isinstance(p.meld, Meld) for p in melds):
        raise CardRulesError("a table is a sequence of TableMeld holding melds")
    return _table_fits(melds)


@functools.lru_cache(maxsize=1024)
def _table_fits(table: tuple[TableMeld, ...]) -> frozenset[Card]:
    return frozenset(card for placed in table for card, _ in _fits(placed.meld))


@functools.lru_cache(maxsize=1024)
def _joker_cards(table: tuple[TableMeld, ...]) -> frozenset[Card]:
    """The cards that alone free a joker of ``table`` (T51-6.3): the text calls supplying
    one "adding" it, so discarding one is fined like an addable card (T51-6.5 option).

    Examples:
        >>> from cardrules import parse_cards
        >>> from cardrules.games.turkish51.scoring import check_meld
        >>> melds = ("7d Jk 9d", "Ks Kd Kc Jk", "Qs Qd Jk")
        >>> table = tuple(TableMeld(1, check_meld(parse_cards(m))) for m in melds)
        >>> sorted(str(c) for c in _joker_cards(table))
        ['8d', 'Kh']
    """
    return frozenset(
        card for _, wanted, need in _table_jokers(table) if need <= 1 for card in wanted
    )


_SIDES = {"low": Side.LOW, "high": Side.HIGH}


def _double_moves(hand: tuple[Card, ...]) -> list[LayMeld]:
    """Every double the hand can lay (T51-2.3, T51-2.6), keeping a card to discard."""
    if len(hand) <= 2:
        return []
    counts = Counter(hand)
    joker = counts.pop(JOKER, 0)
    out: list[LayMeld] = []
    for card in sorted(counts):
        if counts[card] >= 2:
            out.append(_TWINS[card])
        if joker:
            out.append(_WITH_JOKER[card])
    return out


_TWINS = {c: LayMeld(MeldKind.DOUBLE, (c, c)) for c in set(DECK.cards) if not c.is_joker}
_WITH_JOKER = {c: LayMeld(MeldKind.DOUBLE, (c, JOKER)) for c in set(DECK.cards) if not c.is_joker}
