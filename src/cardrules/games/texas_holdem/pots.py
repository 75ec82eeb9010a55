"""Texas Hold'em pots without the engine: side pots, the rake, split pots and the odd chip.

Each function checks its input and raises ``OptionError`` on bad input.

Examples:
    >>> side_pots((100, 40, 100), (True, True, True))
    ((120, (0, 1, 2)), (120, (0, 2)))
    >>> split_pot(7, (0, 2), button=1, players=3)
    (3, 0, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.errors import OptionError

__all__ = ["award_order", "rake_amount", "side_pots", "split_pot"]


def _whole(name: str, value: object, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise OptionError(f"{name} must be a whole number from {low}, got {value!r:.40}")
    return value


def side_pots(paid: Sequence[int], live: Sequence[bool]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The main pot and side pots made by what each seat paid into a hand (TH-11.2).

    Each pot is ``(chips, eligible seats)``: every seat's chips up to a level go
    in, and only the seats still in the hand (``live``) that paid the whole
    level may win it. Chips a folded seat paid above every live seat's level
    (possible only in a hand built by hand) go to the last pot.

    Raises:
        OptionError: ``paid`` and ``live`` differ in length, a chip count is
            not a whole number from 0, or no seat is live.

    Examples:
        >>> side_pots((50, 200, 200, 120), (True, True, True, False))
        ((200, (0, 1, 2)), (370, (1, 2)))
        >>> side_pots((10, 10), (True, False))
        ((20, (0,)),)
    """
    if (
        isinstance(paid, (str, bytes))
        or isinstance(live, (str, bytes))
        or not isinstance(paid, Sequence)
        or not isinstance(live, Sequence)
    ):
        raise OptionError("side_pots takes sequences of chips and of live flags")
    chips = [_whole("paid chips", p) for p in paid]
    flags = list(live)
    if len(chips) != len(flags):
        raise OptionError(f"side_pots: {len(chips)} payments but {len(flags)} live flags")
    if not any(flags):
        raise OptionError("side_pots: no seat is live")
    levels = sorted({p for p, f in zip(chips, flags, strict=True) if f and p > 0})
    pots: list[tuple[int, tuple[int, ...]]] = []
    below = 0
    for level in levels:
        amount = sum(min(p, level) - min(p, below) for p in chips)
        eligible = tuple(i for i, p in enumerate(chips) if flags[i] and p >= level)
        pots.append((amount, eligible))
        below = level
    rest = sum(p - min(p, below) for p in chips)
    if rest:
        if pots:
            pots[-1] = (pots[-1][0] + rest, pots[-1][1])
        else:
            pots.append((rest, tuple(i for i, f in enumerate(flags) if f)))
    return tuple(pots)


def award_order(winners: Sequence[int], button: int, players: int) -> tuple[int, ...]:
    """The winners in order from the first seat after the button (TH-11.4).

    Examples:
        >>> award_order((0, 2, 3), button=2, players=4)
        (3, 0, 2)
    """
    n = _whole("players", players, 1)
    b = _whole("button", button)
    if isinstance(winners, (str, bytes)) or not isinstance(winners, Sequence):
        raise OptionError(f"winners must be a sequence of seats, got {winners!r:.40}")
    seats = [_whole("a winner's seat", s) for s in winners]
    if any(s >= n for s in seats):
        raise OptionError(f"winners must be seats from 0 to {n - 1}, got {seats!r:.40}")
    return tuple(sorted(seats, key=lambda s: (s - b - 1) % n))


def split_pot(amount: int, winners: Sequence[int], *, button: int, players: int) -> tuple[int, ...]:
    """Each seat's share of a pot won by ``winners`` (TH-11.3, TH-11.4).

    The pot is divided equally; the odd chips go one each to the winners in
    order from the first seat after the button.

    Raises:
        OptionError: no winner, a winner that is not a seat, or a bad amount.

    Examples:
        >>> split_pot(10, (1, 3), button=0, players=4)
        (0, 5, 0, 5)
        >>> split_pot(11, (1, 3), button=2, players=4)
        (0, 5, 0, 6)
    """
    _whole("amount", amount)
    n = _whole("players", players, 1)
    if not winners or any(
        not isinstance(w, int) or isinstance(w, bool) or not 0 <= w < n for w in winners
    ):
        raise OptionError(f"split_pot: winners must be seats from 0 to {n - 1}, got {winners!r}")
    if len(set(winners)) != len(winners):
        raise OptionError(f"split_pot: a winner is named twice in {winners!r}")
    each, odd = divmod(amount, len(winners))
    shares = [0] * n
    for k, seat in enumerate(award_order(winners, button, n)):
        shares[seat] = each + (1 if k < odd else 0)
    return tuple(shares)


def rake_amount(pot: int, percent: int, cap: int = 0) -> int:
    """The house's rake of a pot: ``percent`` of it rounded down, at most ``cap`` (TH-12.1).

    ``cap`` 0 means no cap.

    Examples:
        >>> rake_amount(1234, 5), rake_amount(1234, 5, cap=50), rake_amount(19, 5)
        (61, 50, 0)
    """
    _whole("pot", pot)
    if not isinstance(percent, int) or isinstance(percent, bool) or not 0 <= percent <= 100:
        raise OptionError(f"percent must be a whole number from 0 to 100, got {percent!r:.40}")
    _whole("cap", cap)
    rake = pot * percent // 100
    return min(rake, cap) if cap else rake
