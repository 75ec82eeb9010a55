"""Cribbage for ``sample_state``: the state fields its view leaves out.

The view shows the crib's size and the cards the seat laid away itself; the
crib's other cards stay hidden until it is counted (CR-3.1). A sampled state
deals them from the unseen cards and records who laid each (every other seat
its share, the stock one card in the three-hand game). A seat that said go
holds no card it could have played (CR-5), so it is dealt none below its
``low``. With muggins, the stage of the count follows from who counts and
whether the crib is shown; the points noted for earlier stages are not in the
view and are left unknown (``None``): they only feed the deal's summary.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.cards import Card
from cardrules.engine import Unseen
from cardrules.errors import InvalidStateError
from cardrules.games.cribbage._scoring import VALUE
from cardrules.games.cribbage._values import Phase


def sample_fields(view: Any) -> dict[str, Any]:
    """The crib (and who laid it) and the count's stage, from ``view``."""
    n = view.options.players
    seat = view.seat
    share = 2 if n == 2 else 1
    dealt = 6 if n == 2 and not view.options.five_card else 5
    others = [i for i in range(n) if i != seat]
    if view.phase is Phase.CRIB:
        laid = {i: dealt - view.hand_sizes[i] for i in others}
    else:
        laid = dict.fromkeys(others, share)
    stock = (-1,) if n == 3 else ()
    from_others = stock + tuple(i for i in others for _ in range(laid[i]))
    out: dict[str, Any] = {}
    if view.crib:  # shown: its cards are known, only who laid the others is not
        rest = iter(from_others)
        out["crib"] = view.crib
        out["crib_from"] = tuple(seat if c in view.laid else next(rest, -1) for c in view.crib)
    else:
        if len(view.laid) + len(from_others) != view.crib_size:
            raise InvalidStateError("the crib's size does not fit the hands' sizes")
        out["crib"] = Unseen(view.crib_size - len(view.laid), first=view.laid)
        out["crib_from"] = (seat,) * len(view.laid) + from_others
    if view.pending is not None:  # a claim of the play (CR-7.4): stage 0, nothing counted
        if view.phase is Phase.MUGGINS:
            out["asked"] = view.turn
    elif view.phase in (Phase.COUNT, Phase.MUGGINS):
        stage = n if view.crib else None
        if stage is None:
            counter = view.turn if view.phase is Phase.COUNT else _counter(view)
            stage = (counter - view.dealer - 1) % n
        out["stage"] = stage
        out["counted"] = (None,) * (n + 1)
        if view.phase is Phase.MUGGINS:
            out["asked"] = view.turn
    return out


def _counter(view: Any) -> int:
    """Who counted the hand being challenged: the nearest seat before the one asked
    that is on the other side (exact with two or four players; with three, the
    seat before the one asked, which is the counter when the first is asked)."""
    n: int = view.options.players
    asked: int = view.turn
    for k in range(1, n):
        seat = (asked - k) % n
        if n != 4 or seat % 2 != asked % 2:
            return seat
    return asked  # pragma: no cover


def fix_next_player(view: Any, hands: list[tuple[Card, ...]], unseen: list[Card]) -> None:
    """Give the seat to play next (the mover in the play, or the one after a claim
    of the play, CR-7.4) a card it can play, as the public facts say it holds one:
    if the sampled hand has none, its first card is swapped for the first unseen
    card (crib or stock) that fits, else for one of another hidden hand that keeps
    to that hand's ``low``. A hand that cannot be mended is left for a new try."""
    pending = view.pending
    seat = view.turn if view.phase is Phase.PLAY else None
    if pending is not None and pending.phase is Phase.PLAY:
        seat = pending.turn
    if seat is None or seat == view.seat or not hands[seat]:
        return
    room = 31 - view.count
    low: tuple[int, ...] = view.low
    if any(VALUE[c] <= room for c in hands[seat]):
        return
    mine = hands[seat]
    fits = [c for c in unseen if low[seat] <= VALUE[c] <= room]
    if fits:
        unseen[unseen.index(fits[0])] = mine[0]
        hands[seat] = (fits[0], *mine[1:])
        return
    for other, cards in enumerate(hands):
        if other in (seat, view.seat) or VALUE[mine[0]] < low[other]:
            continue
        for k, card in enumerate(cards):
            if low[seat] <= VALUE[card] <= room:
                hands[other] = (*cards[:k], mine[0], *cards[k + 1 :])
                hands[seat] = (card, *mine[1:])
                return


def sample_allows(view: Any) -> Callable[[int, Card], bool]:
    """A seat that said go holds no card of a value below its ``low`` (CR-5)."""
    low: tuple[int, ...] = view.low

    def allows(seat: int, card: Card) -> bool:
        return VALUE[card] >= low[seat]

    return allows
