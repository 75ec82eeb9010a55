"""The sides that score together and the end of a deal's scoring (QW-6 to QW-9), below
the state: ``sides``, the points of every side, and whether the game is over."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.errors import OptionError
from cardrules.games.quadruple_war.scoring import Options, _contract, _side

__all__ = ["game_over", "settle", "sides"]


def sides(options: Options) -> tuple[tuple[int, ...], ...]:
    """The seats that score together: partners opposite in the partnership game
    (QW-8.1), else each seat alone.

    Examples:
        >>> sides(Options(partnership=True)), sides(Options(players=3))
        (((0, 2), (1, 3)), ((0,), (1,), (2,)))
    """
    if not isinstance(options, Options):
        raise OptionError(f"sides takes the game's Options, got {options!r:.40}")
    if options.partnership:
        return ((0, 2), (1, 3))
    return tuple((s,) for s in range(options.players))


_SIDES: dict[tuple[bool, int], tuple[tuple[int, ...], ...]] = {}


def _sides(options: Options) -> tuple[tuple[int, ...], ...]:
    """``sides(options)``, kept per (partnership, players)."""
    key = (options.partnership, options.players)
    found = _SIDES.get(key)
    if found is None:
        found = _SIDES[key] = sides(options)
    return found


def settle(
    options: Options,
    bids: Sequence[int],
    won: Sequence[int],
    blind: Sequence[bool],
    bags: Sequence[int],
    totals: Sequence[int],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The totals and bags after a deal, and each seat's points in it (QW-6 to QW-8):
    each side scored by ``_side`` (a one-seat contract by ``_contract``, as ``_side``
    scores it), partners sharing theirs (QW-8.1).

    Examples:
        >>> settle(Options(), (3, 4, 2, 4), (3, 5, 1, 4), (False,) * 4, (0,) * 4, (0,) * 4)
        ((30, 41, 0, 40), (0, 0, 0, 0), (30, 41, 0, 40))
    """
    use_bags, set_penalty, no_bags = options.bags, options.set_penalty, options.no_bags
    new_totals, new_bags, points = list(totals), list(bags), [0] * options.players
    for side in _sides(options):
        if len(side) == 1 and bids[side[0]]:  # ``_side`` of one contract, inline
            s = side[0]
            scored, after = _contract(
                bids[s], won[s], bags[s] if use_bags else None, set_penalty, no_bags
            )
        else:
            scored, after = _side(
                [bids[s] for s in side],
                [won[s] for s in side],
                [blind[s] for s in side],
                bags[side[0]] if use_bags else None,
                set_penalty,
                no_bags,
            )
        for s in side:
            new_totals[s] += scored
            new_bags[s] = after
            points[s] = scored
    return tuple(new_totals), tuple(new_bags), tuple(points)


def game_over(options: Options, deal: int, totals: Sequence[int]) -> bool:
    """After deal ``deal`` with ``totals``: the last deal was played (QW-9.5), or a
    total reached the target or the floor and one side's total is highest alone
    (QW-9.2 to QW-9.4).

    Examples:
        >>> game_over(Options(), 0, (520, 0, 10, 30)), game_over(Options(), 0, (520, 520, 0, 0))
        (True, False)
    """
    if options.deals is not None and deal + 1 >= options.deals:
        return True
    target = options.target
    side_totals = [totals[side[0]] for side in _sides(options)]
    if max(side_totals) < target and min(side_totals) > -target:
        return False
    return side_totals.count(max(side_totals)) == 1
