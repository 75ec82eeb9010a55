"""Canasta's legal moves, why a move is not legal, and the state's consistency check.

Moves stay few: a new meld is offered once for each rank and count of natural cards,
deuces and jokers (the natural cards of a rank are alike in Canasta, CAN-5.1), a lay-off
once for each card and meld, the pile once for each way of melding its top card.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from cardrules.cards import Card, Rank, Suit
from cardrules.engine import Move
from cardrules.errors import InvalidStateError
from cardrules.games.canasta._records import Phase
from cardrules.games.canasta.moves import (
    ASK,
    CANCEL,
    DRAW,
    NO,
    OPEN,
    REFUSE,
    TAKES,
    YES,
    Answer,
    Ask,
    Discard,
    Draw,
    How,
    LayMeld,
    LayOff,
    Open,
    Refuse,
    TakePile,
    discard_move,
    lay_meld_move,
    lay_off_move,
)
from cardrules.games.canasta.scoring import (
    _RED_THREES,
    RULES,
    card_points,
    check_meld,
    is_red_three,
)
from cardrules.melds import MeldKind

_JOKER, _TWO = Rank.JOKER, Rank.TWO

State = Any  # the state of cardrules.games.canasta.state (not imported: it imports this room)

__all__ = ["can_go_out", "check_state", "explain", "legal_moves", "meld_rank"]


_EVERY_CARD = (
    *(Card(rank, suit) for rank in Rank if not rank.is_joker for suit in Suit),
    *(Card(rank) for rank in Rank if rank.is_joker),
)
WILDS = frozenset(c for c in _EVERY_CARD if RULES.is_wild(c))
"""Every wild card (a joker or a deuce, CAN-1.3): ``card in WILDS`` is ``RULES.is_wild``."""


def meld_rank(cards: tuple[Card, ...]) -> Rank:
    """The rank of a meld's cards: its first natural card's (CAN-5.1)."""
    for c in cards:
        if c not in WILDS:
            return c.rank
    raise StopIteration  # no natural card: no meld (as ``next`` of nothing)


def _wild(cards: tuple[Card, ...]) -> int:
    return sum(1 for c in cards if c in WILDS)


def _seven(cards: tuple[Card, ...]) -> bool:
    return len(cards) >= 7 and len(cards) - _wild(cards) >= 4


SideMeld = tuple[int, tuple[Card, ...], Rank, int]
"""A side's meld on the table: its place, its cards, its rank and how many are wild."""


SideTable = tuple[dict[Rank, int], tuple[SideMeld, ...], int]

_LAST: dict[int, tuple[tuple[Any, ...], SideTable]] = {}  # per side: the last table read


def side_table(table: tuple[Any, ...], side: int) -> SideTable:
    """The side's melds on ``table``, read once per table (it stays the same turn after
    turn): their places by rank, each meld's place, cards, rank and wild cards, and how
    many are canastas (CAN-6.1). The dict is shared: never changed."""
    last = _LAST.get(side)
    if last is not None and last[0] is table:  # the very table read last for this side
        return last[1]
    read = _side_table(table, side)
    _LAST[side] = (table, read)
    return read


@functools.lru_cache(maxsize=64)
def _side_table(table: tuple[Any, ...], side: int) -> SideTable:
    ranks: dict[Rank, int] = {}
    melds: list[SideMeld] = []
    canastas = 0
    for i, placed in enumerate(table):
        if placed.owner != side:
            continue
        cards = placed.meld.cards
        rank = meld_rank(cards)
        wild = _wild(cards)
        ranks[rank] = i
        melds.append((i, cards, rank, wild))
        canastas += len(cards) >= 7 and len(cards) - wild >= 4
    return ranks, tuple(melds), canastas


def _side_ranks(state: State, side: int) -> dict[Rank, int]:
    """The side's melds by rank (the pending ones at -1 - their place)."""
    ranks = side_table(state.table, side)[0]
    if side == state.side and state.pending:
        ranks = dict(ranks)
        for k, meld in enumerate(state.pending):
            ranks[meld_rank(meld.cards)] = -1 - k
    return ranks


def _may_go_out(state: State, canastas: int) -> bool:
    """Whether the player to move may empty his hand now, given how many canastas his side
    then has (CAN-9.1, CAN-9.3, CAN-14.1)."""
    if canastas < state.options.canastas_to_go_out or state.permission == -1:
        return False
    return not (state.pending and not _can_open(state, True))


def _can_open(state: State, going_out: bool = False) -> bool:
    """Whether the initial meld in progress meets the minimum count (CAN-7.2), or is a
    concealed going out after drawing from the stock (CAN-9.5)."""
    if state.pending_count >= state.minimum:
        return True
    if not going_out or state.took_pile or not state.drew:
        return False
    return any(_seven(m.cards) for m in state.pending)


def legal_moves(state: State) -> tuple[Move, ...]:
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if phase is Phase.ANSWER:
        return (YES, NO)
    if phase is Phase.DRAW:
        return _draw_moves(state)
    return _play_moves(state)


def _takes(state: State) -> list[Move]:
    """The ways to take the pile now (CAN-8)."""
    pile = state.pile
    if not pile:
        return []
    top = pile[-1]
    if RULES.is_wild(top) or top.rank is Rank.THREE:  # CAN-8.5
        return []
    seat, side = state.turn, state.side
    hand = state.hands[seat]
    if len(hand) == 1 and len(pile) == 1:  # CAN-8.7
        return []
    naturals = sum(1 for c in hand if c.rank is top.rank)
    ranks = _side_ranks(state, side)
    frozen = state.frozen or not state.opened[side]
    out: list[Move] = []
    if naturals >= 2 and (
        state.opened[side] or state.pending_count + 3 * card_points(top) >= state.minimum
    ):
        out.append(TAKES[How.PAIR])
    if not frozen and naturals >= 1 and top.rank not in ranks:
        if any(c.rank is Rank.TWO for c in hand):
            out.append(TAKES[How.DEUCE])
        if any(c.is_joker for c in hand):
            out.append(TAKES[How.JOKER])
    if not frozen and top.rank in ranks and ranks[top.rank] >= 0:
        out.append(TAKES[How.ADD])
    if len(hand) >= 4:  # keeps two cards or more whatever the pile holds
        return out
    gained = sum(1 for c in pile[:-1] if c not in _RED_THREES)
    if len(hand) + gained < 4:  # a take leaving fewer than two cards must go out (CAN-9.1)
        have = state.canastas(side)
        out = [m for m in out if len(hand) + gained - _used(m) >= 2 or _may_go_out(state, have)]
    return out


def _used(move: Move) -> int:
    how = move.how  # type: ignore[attr-defined]
    return 0 if how is How.ADD else 2


def _draw_moves(state: State) -> tuple[Move, ...]:
    takes = _takes(state)
    if not state.stock:
        # CAN-10.2: a discard that can be added to the side's meld must be taken
        forced = TAKES[How.ADD] in takes
        return tuple(takes) if forced else (*takes, REFUSE)
    out: list[Move] = [DRAW, *takes]
    if _may_ask(state, before_draw=True):
        out.append(ASK)
    side = state.side
    if not state.opened[side] and state.pile:
        top = state.pile[-1]
        naturals = sum(1 for c in state.hands[state.turn] if c.rank is top.rank)
        if (
            naturals >= 2
            and TAKES[How.PAIR] not in takes
            and not RULES.is_wild(top)
            and top.rank is not Rank.THREE
        ):
            out.extend(m for m in _new_melds(state) if meld_rank(m.cards) is not top.rank)  # type: ignore[attr-defined]
        if state.pending:
            out.append(CANCEL)
    return tuple(out)


def _new_melds(state: State) -> list[Move]:
    """A new meld for each rank the side has no meld of, each count of natural cards,
    deuces and jokers (CAN-5.1 to CAN-5.4)."""
    seat, side = state.turn, state.side
    hand = state.hands[seat]
    ranks = _side_ranks(state, side)
    by_rank: dict[Rank, list[Card]] = {}
    deuces: list[Card] = []
    jokers: list[Card] = []
    for card in sorted(hand):
        rank = card.rank
        if rank >= _JOKER:
            jokers.append(card)
        elif rank is _TWO:
            deuces.append(card)
        elif rank in by_rank:
            by_rank[rank].append(card)
        else:
            by_rank[rank] = [card]
    strict = state.options.wild_at_most_natural
    have = -1  # the side's canastas, counted when first needed
    out: list[Move] = []
    left_all = len(hand)
    for rank, naturals in by_rank.items():
        if rank in ranks or len(naturals) < 2:
            continue
        if rank is Rank.THREE:  # black threes: only in going out (CAN-5.4)
            if 3 <= len(naturals) <= 4 and left_all - len(naturals) <= 1:
                cards = tuple(naturals)
                if have < 0:
                    have = state.canastas(side)
                if _may_go_out(state, have + _seven(cards)):
                    out.append(lay_meld_move(MeldKind.SET, cards))
            continue
        choices = _set_choices(tuple(naturals), tuple(deuces[:3]), tuple(jokers[:3]), strict)
        for size, seven, move in choices:
            if left_all - size < 2:
                if have < 0:
                    have = state.canastas(side)
                if not _may_go_out(state, have + seven):
                    continue
            out.append(move)
    return out


@functools.lru_cache(maxsize=1024)
def _set_choices(
    naturals: tuple[Card, ...], deuces: tuple[Card, ...], jokers: tuple[Card, ...], strict: bool
) -> tuple[tuple[int, bool, Move], ...]:
    """The new melds of one rank's natural cards with up to three wild cards (CAN-5.1,
    CAN-5.2, CAN-6.3), each with its size and whether it is a canasta (CAN-6.1)."""
    out = []
    for n in range(2, len(naturals) + 1):
        for j in range(min(3, len(jokers)) + 1):
            for d in range(min(3 - j, len(deuces)) + 1):
                size = n + j + d
                if size < 3 or (strict and j + d > n):
                    continue
                # in card order: deuces, the naturals, jokers last
                cards = (*deuces[:d], *naturals[:n], *jokers[:j])
                out.append((size, size >= 7 and n >= 4, lay_meld_move(MeldKind.SET, cards)))
    return tuple(out)


def _layoffs(state: State) -> list[Move]:
    """A card onto one of the side's melds on the table (CAN-5.3, CAN-6.3)."""
    seat, side = state.turn, state.side
    if not state.opened[side]:
        return []
    hand = state.hands[seat]
    strict = state.options.wild_at_most_natural
    out: list[Move] = []
    held = sorted(set(hand))
    short = len(hand) - 1 < 2  # the lay-off leaves fewer than two cards: going out
    for index, cards, rank, wild in side_table(state.table, side)[1]:
        if rank is Rank.THREE:
            continue
        for card in held:
            if card in WILDS:
                if wild >= 3 or (strict and wild + 1 > len(cards) - wild):
                    continue
            elif card.rank is not rank:
                continue
            if short and not _may_go_out(state, _canastas_with(state, side, cards, card)):
                continue
            out.append(lay_off_move(card, index, None))
    return out


def _canastas_with(state: State, side: int, cards: tuple[Card, ...], card: Card) -> int:
    """The side's canastas once ``card`` joins the meld of ``cards``."""
    have: int = state.canastas(side)
    return have + (_seven((*cards, card)) and not _seven(cards))


def _play_moves(state: State) -> tuple[Move, ...]:
    seat = state.turn
    hand = state.hands[seat]
    out: list[Move] = [*_new_melds(state), *_layoffs(state)]
    if state.pending:
        if _can_open(state, going_out=len(hand) <= 1):
            out.append(OPEN)
        out.append(CANCEL)
    if state.ending:
        return (*out, REFUSE)
    if _may_ask(state, before_draw=False):
        out.append(ASK)
    if not state.pending:
        if len(hand) == 1:
            if _may_go_out(state, state.canastas(state.side)):
                out.append(discard_move(hand[0]))
        elif not (state.permission == 1 and out):  # bound to go out (CAN-9.3): no discard
            out.extend(map(discard_move, sorted(set(hand))))
    if not out:  # bound to go out but unable: the turn still ends with a discard
        out.extend(discard_move(c) for c in sorted(set(hand)))
    return tuple(out)


def _may_ask(state: State, *, before_draw: bool) -> bool:
    """Whether "partner, may I go out?" may be asked now (CAN-9.3, CAN-9.4)."""
    return (
        state.options.players == 4
        and not state.asked
        and not state.melded_now
        and not state.took_pile
        and not state.pending
        and state.permission == 0
        and can_go_out(state, before_draw=before_draw)
    )


def can_go_out(state: State, *, before_draw: bool = False) -> bool:
    """Whether the player to move could meld all his cards but one (and discard it) this
    turn, with the canastas his side needs: the check behind ``ask`` (CAN-9.3). Before the
    draw the whole hand must meld (the card drawn is then the discard)."""
    seat, side = state.turn, state.side
    hand = state.hands[seat]
    limit = 0 if before_draw else 1  # the cards that may be left unmelded
    ranks = _side_ranks(state, side)
    spare = 0  # the wild cards of the hand
    counts: dict[Rank, int] = {}  # its natural cards by rank
    for c in hand:
        if c in WILDS:
            spare += 1
        else:
            counts[c.rank] = counts.get(c.rank, 0) + 1
    # ``left`` only grows: once past the limit, the answer is no
    left = 0
    onto: list[tuple[Rank, int]] = []  # natural cards for the side's melds, by rank
    new: dict[Rank, int] = {}
    for rank, n in counts.items():
        if rank in ranks:  # onto the side's meld (one in progress: a new entry)
            onto.append((rank, n))
        elif rank is Rank.THREE:
            if n >= 3:
                new[rank] = n
            else:
                left += n
        elif n >= 2:
            new[rank] = n
        else:
            left += n
    if left > limit:
        return False
    for rank, n in new.items():
        if n == 2 and rank is not Rank.THREE:
            if spare:
                spare -= 1
            else:
                left += 2
    if left > limit:
        return False
    # each of the side's melds by rank: its size and its wild cards
    melds = {rank: [len(cards), wild] for _, cards, rank, wild in side_table(state.table, side)[1]}
    for rank, n in onto:
        if rank in melds:
            melds[rank][0] += n
        else:
            melds[rank] = [n, 0]
    room = sum(max(0, 3 - wild) for _, wild in melds.values())
    room += sum(3 - (1 if n == 2 else 0) for r, n in new.items() if r is not Rank.THREE)
    left += max(0, spare - room)
    if left > limit:
        return False
    have = state.canastas(side)
    grow = sum(
        1
        for size, wild in melds.values()
        if size + min(spare, 3) >= 7 and not (size >= 7 and size - wild >= 4)
    )
    grow += sum(1 for n in new.values() if n + min(spare, 3) >= 7)
    need: int = state.options.canastas_to_go_out
    return bool(have + grow >= need)


def explain(state: State, move: Move) -> str:
    """Why ``move`` is not legal now (the rule's clause), or ``""`` for the default."""
    phase = state.phase
    if phase is Phase.ANSWER:
        return "" if isinstance(move, Answer) else "the partner answers first: yes or no (CAN-9.3)"
    if isinstance(move, Answer):
        return "an answer follows a partner's 'may I go out?' (CAN-9.3)"
    if isinstance(move, TakePile):
        return _explain_take(state, move.how)
    if phase is Phase.DRAW:
        if isinstance(move, Refuse):
            if state.stock:
                return "the discard is refused only once the stock is gone (CAN-10.2)"
            return "a discard that matches the side's meld must be taken (CAN-10.2)"
        if isinstance(move, (Discard, LayOff, Ask, Open)):
            return "a turn begins with a draw from the stock or the pile (CAN-4.2)"
        if isinstance(move, LayMeld):
            return "before the draw a side melds only to take a frozen pile (CAN-8.3)"
        if isinstance(move, Draw):
            return "the stock is gone (CAN-10.2)"
    if isinstance(move, Draw):
        return "one draw a turn (CAN-4.2)"
    if isinstance(move, Ask):
        if state.asked or state.melded_now or state.took_pile:
            return "one may not ask after melding or taking the pile, nor twice (CAN-9.4)"
        return "one asks only when able to go out, with a canasta for the side (CAN-9.3)"
    if isinstance(move, LayMeld):
        return _explain_meld(state, move)
    if isinstance(move, LayOff):
        return _explain_layoff(state, move)
    if isinstance(move, Discard):
        if state.pending:
            return "finish the initial meld (open) or cancel it before discarding (CAN-7.4)"
        if state.permission == 1:
            return "after the partner's yes the player must go out this turn (CAN-9.3)"
        if len(state.hands[state.turn]) == 1:
            if state.permission == -1:
                return "after the partner's no the player may not go out this turn (CAN-9.3)"
            return "going out needs a canasta for the side (CAN-9.1)"
    if isinstance(move, Open):
        return f"the initial meld counts {state.pending_count}, short of {state.minimum} (CAN-7.2)"
    if isinstance(move, Refuse):
        return "play goes on while the stock lasts (CAN-10.2)"
    return ""


def _explain_take(state: State, how: How) -> str:
    if state.phase is not Phase.DRAW:
        return "the pile is taken instead of the draw, at the start of a turn (CAN-4.3)"
    if not state.pile:
        return "the discard pile is empty (CAN-8)"
    top = state.pile[-1]
    if RULES.is_wild(top) or top.rank is Rank.THREE:
        return "the pile is never taken while its top card is a wild card or a three (CAN-8.5)"
    if len(state.hands[state.turn]) == 1 and len(state.pile) == 1:
        return "a one-card hand may not take a one-card pile (CAN-8.7)"
    word = top.rank.name.lower() + "s" if top.rank is not Rank.SIX else "sixes"
    naturals = sum(1 for c in state.hands[state.turn] if c.rank is top.rank)
    gained = sum(1 for c in state.pile[:-1] if not is_red_three(c))
    used = 0 if how is How.ADD else 2
    frozen_side = state.frozen or not state.opened[state.side]
    possible = naturals >= (1 if how is How.ADD else 2 if how is How.PAIR else 1)
    short = len(state.hands[state.turn]) + gained - used < 2
    if possible and short and not (frozen_side and how is not How.PAIR):
        return (
            "taking the pile would leave fewer than two cards, and going out needs "
            "the side's canastas (CAN-9.1)"
        )
    if state.frozen or not state.opened[state.side]:
        if how is not How.PAIR:
            return f"the pile is frozen: take it with a natural pair of {word} (CAN-8.3)"
        naturals = sum(1 for c in state.hands[state.turn] if c.rank is top.rank)
        if naturals < 2:
            return f"the pile is frozen: take it with a natural pair of {word} (CAN-8.3)"
        return (
            f"the initial meld must count {state.minimum}: show more melds first (CAN-7.2, CAN-7.3)"
        )
    if how is How.ADD:
        return f"the side has no meld of {word} to add the top card to (CAN-8.4)"
    return f"taking the pile needs its top card's rank, {word}, in the hand (CAN-8.4)"


def _explain_meld(state: State, move: LayMeld) -> str:

    try:
        check_meld(
            move.cards, going_out=True, wild_at_most_natural=state.options.wild_at_most_natural
        )
    except Exception as exc:  # the reason, naming the clause
        return str(exc)
    rank = meld_rank(move.cards)
    if rank in _side_ranks(state, state.side):
        return "the side already has a meld of that rank: add to it (CAN-5.3)"
    if rank is Rank.THREE:
        return "black threes are melded only in going out (CAN-5.4)"
    missing = Counter(move.cards) - Counter(state.hands[state.turn])
    if missing:
        return f"seat {state.turn} does not hold {' '.join(str(c) for c in missing.elements())}"
    return "a player keeps a card unless his side has a canasta to go out with (CAN-9.1)"


def _explain_layoff(state: State, move: LayOff) -> str:
    if not state.opened[state.side]:
        return "cards are added to melds once the side has made its initial meld (CAN-7.4)"
    if not isinstance(move.target, int) or not 0 <= move.target < len(state.table):
        return f"there is no meld {move.target!r:.20} on the table"
    if state.table[move.target].owner != state.side:
        return "a player adds cards only to his own side's melds (CAN-5.3)"
    if move.side is not None and lay_off_move(move.card, move.target, None) in legal_moves(state):
        named = LayOff(move.card, move.target)
        return f"a meld holds one rank: a lay-off onto it names no end, '{named}' (CAN-5.3)"
    return "a meld holds one rank and at most three wild cards (CAN-5.1, CAN-6.3)"


def check_state(state: State) -> None:
    """The consistency check of a loaded state."""
    players, sides = state.options.players, state.options.sides
    if len(state.hands) != players or len(state.known) != players:
        raise InvalidStateError(f"Canasta with {players} players has {players} hands")
    if len(state.has_melded) != players:
        raise InvalidStateError("has_melded has a flag per seat")
    if len(state.opened) != sides or len(state.red_threes) != sides or len(state.totals) != sides:
        raise InvalidStateError(f"Canasta with {players} players has {sides} sides")
    for seat in (state.turn, state.dealer):
        if not 0 <= seat < players:
            raise InvalidStateError(f"seat {seat} does not exist")
    for i, known in enumerate(state.known):
        if Counter(known) - Counter(state.hands[i]):
            raise InvalidStateError(f"seat {i} is said to hold cards it does not hold")
    if any(is_red_three(c) for h in state.hands for c in h) and state.phase is not Phase.OVER:
        raise InvalidStateError("a red three is left in a hand (CAN-3)")
    if any(not is_red_three(c) for side in state.red_threes for c in side):
        raise InvalidStateError("only red threes lie face up beside the melds")
    seen: set[tuple[int, Rank]] = set()

    for placed in state.table:
        if not 0 <= placed.owner < len(state.opened) or not state.opened[placed.owner]:
            raise InvalidStateError("a meld of a side that has not made its initial meld")
        try:
            check_meld(placed.meld.cards, going_out=True)
        except Exception as exc:
            raise InvalidStateError(f"a meld on the table is no meld: {exc}") from None
        key = (placed.owner, meld_rank(placed.meld.cards))
        if key in seen:
            raise InvalidStateError("a side has two melds of one rank (CAN-5.3)")
        seen.add(key)
    if state.phase is Phase.OVER:
        return
    if state.winner is not None:
        raise InvalidStateError("a winner before the game is over")
    if state.pending and state.opened[state.side]:
        raise InvalidStateError("an initial meld in progress for a side that has melded")
    if state.phase is Phase.ANSWER and not state.asked:
        raise InvalidStateError("an answer nobody asked for")
    if state.turn_melds > len(state.table):
        raise InvalidStateError("more melds at the turn's start than on the table")
