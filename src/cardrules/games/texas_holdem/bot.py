"""Texas Hold'em players: a random one and an equity bot (TH-16).

The equity bot estimates its chance to win against the hands still in play by
Monte-Carlo: it deals the opponents' hole cards and the rest of the board at
random from the cards it cannot see, many times, and values every seven-card
hand with ``cardrules.poker.evaluate_many``. It then folds, calls or raises by
comparing that equity with the price of calling.

Examples:
    >>> import random
    >>> from cardrules import games, parse_cards
    >>> round(equity(parse_cards("As Ad"), parse_cards(""), 1, random.Random(1), 2000), 1)
    0.9
    >>> game = games.create("texas_holdem", players=3)
    >>> state = game.new_game(seed=5)
    >>> equity_move(state, random.Random(0), samples=200) in state.legal_moves()
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardrules.cards import Card
from cardrules.decks import standard
from cardrules.engine import Move
from cardrules.errors import OptionError
from cardrules.poker import encode, evaluate_many

__all__ = ["equity", "equity_move", "random_move"]

_DECK = standard().cards
_CODE: dict[Card, int] = dict(zip(_DECK, encode(_DECK), strict=True))


def equity(
    hole: Sequence[Card],
    board: Sequence[Card],
    opponents: int,
    rng: random.Random,
    samples: int = 1000,
    dead: Sequence[Card] = (),
) -> float:
    """The sampled share of the pot ``hole`` wins against ``opponents`` random hands.

    Each sample deals every opponent two cards and completes the board from the
    unseen cards; a tie among ``k`` best hands counts ``1/k``. This is a
    sampled estimate (standard error about ``0.5 / sqrt(samples)``), not exact
    enumeration.

    Raises:
        OptionError: not two hole cards, a board of more than five cards, a card
            twice, or a count out of range.

    Examples:
        >>> import random
        >>> from cardrules import parse_cards
        >>> equity(parse_cards("As Ks"), parse_cards("Qs Js Ts 2c 3d"), 3, random.Random(0), 50)
        1.0
        >>> equity(parse_cards("7c 2d"), parse_cards("7h 7s 2c 2h Ac"), 3, random.Random(0), 50)
        0.95
    """
    hole_t, board_t, dead_t = tuple(hole), tuple(board), tuple(dead)
    known = hole_t + board_t + dead_t
    if len(hole_t) != 2 or len(board_t) > 5:
        raise OptionError("equity needs two hole cards and a board of at most five cards")
    if len(set(known)) != len(known) or not set(known) <= set(_DECK):
        raise OptionError("equity: a card named twice, or not a card of the pack")
    for name, value, low, high in (("opponents", opponents, 1, 9), ("samples", samples, 1, 10**6)):
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise OptionError(f"{name} must be a whole number from {low} to {high}, got {value!r}")
    unseen = [_CODE[c] for c in _DECK if c not in set(known)]
    mine = tuple(_CODE[c] for c in hole_t)
    shown = tuple(_CODE[c] for c in board_t)
    need = 5 - len(shown)
    draw = 2 * opponents + need
    total = 0.0
    hands: list[tuple[int, ...]] = []
    for _ in range(samples):
        cards = rng.sample(unseen, draw)
        full = shown + tuple(cards[:need])
        hands.append(mine + full)
        for k in range(opponents):
            hands.append((cards[need + 2 * k], cards[need + 2 * k + 1], *full))
    values = evaluate_many(hands, check=False)
    step = opponents + 1
    for s in range(samples):
        block = values[s * step : (s + 1) * step]
        best = max(block)
        if block[0] == best:
            total += 1.0 / block.count(best)
    return total / samples


def random_move(state: Any, rng: random.Random) -> Move:
    """A legal move chosen uniformly at random among the listed ones."""
    moves: tuple[Move, ...] = state.legal_moves()
    if not moves:
        raise OptionError("the match is over: there is no move to make")
    return rng.choice(moves)


def equity_move(state: Any, rng: random.Random, samples: int = 300) -> Move:
    """The equity bot's move (TH-16.2): raise the pot with a strong hand, call when
    the equity beats the price of calling, else check or fold.

    Equity is sampled against as many random hands as there are other seats in
    the hand. It raises (the pot-sized amount, else the nearest listed) when
    its equity is at least ``1.5 / (players in the hand)`` and at least 0.5
    heads-up; calls when the equity is at least the share of the pot after
    calling that the call costs; checks when it can; else folds.
    """
    moves: tuple[Move, ...] = state.legal_moves()
    if not moves:
        raise OptionError("the match is over: there is no move to make")
    seat = state.turn
    others = sum(state.live) - 1
    share = equity(state.holes[seat], state.board, max(1, others), rng, samples)
    owed = state.to_call()
    price = owed / (state.pot + owed) if owed else 0.0
    names = {m.NAME: m for m in moves}
    sized = [m for m in moves if m.NAME in ("bet", "raise")]
    strong = share >= max(1.5 / (others + 1), 0.5 if others == 1 else 0.0)
    if strong and sized:
        pot = [m for m in sized if getattr(m, "slot", None) == 2]
        return pot[0] if pot else sized[len(sized) // 2]
    if "check" in names:
        return names["check"]
    if share >= price and "call" in names:
        return names["call"]
    return names.get("fold", moves[0])
